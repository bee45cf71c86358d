"""CuTe's slice_and_offset(coord, layout) (cute/layout.hpp:700; cute/swizzle_layout.hpp:230 for a
swizzled layout Sw o k o L) and domain_offset(coord, layout) (cute/layout.hpp:719,
cute/layout_composed.hpp:349): the argument checks, the C++ of a case, the definition (docs/definitions.md
slice_and_offset: written from what a slice means, not from catlayout's engine or CuTe's algorithm)
and the random cases. Args are [layout or composed layout, coordinate with holes (null)]."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import SLICE_OPS, DefError, check_coord, check_x, is_composed, is_int  # noqa: F401 (SLICE_OPS: the ops here)


# --------------------------------------------------------------------------
# Arguments and C++
# --------------------------------------------------------------------------

def validate_slice_case(op, args):
    if len(args) != 2:
        raise ValueError("expects [layout, coordinate]")
    check_x(args[0])
    check_coord(args[1])


def cpp_coord(c):
    if c is None:
        return "cute::_"
    if is_int(c):
        return f"{co.cpp_int(c)}{{}}"
    return "cute::make_coord(" + ",".join(cpp_coord(e) for e in c) + ")"


def cpp_slice_body(op, args, cpp_x):
    """CuTe with static integers: the coordinate's integers cute::Int, its holes cute::_."""
    return [f"  auto r = cute::{op}({cpp_coord(args[1])}, {cpp_x(args[0])});",
            "  std::printf(\"{\\\"layout\\\":\"); oracle_print_x(cute::get<0>(r));",
            "  std::printf(\",\\\"offset\\\":%lld}\", static_cast<long long>(cute::get<1>(r)));"]


# --------------------------------------------------------------------------
# Definition
# --------------------------------------------------------------------------

def shape_size(s):
    return co.prod(co.flatten(s))


def mode_value(shape, stride, i):
    """The mode (shape, stride) at its colexicographic index i (inside the mode)."""
    r = 0
    for s, d in zip(co.flatten(shape), co.flatten(stride)):
        r += (i % s) * d
        i //= s
    return r


def walk(c, shape, stride, holes):
    """The fixed coordinates' value; the holes' modes appended to holes, in order."""
    if c is None:
        holes.append((shape, stride))
        return 0
    if is_int(c):
        if not 0 <= c < shape_size(shape):
            raise DefError("invalid_input", f"coordinate {c} outside the mode of shape {shape}")
        return mode_value(shape, stride, c)
    if is_int(shape) or len(c) != len(shape):
        raise DefError("invalid_input", f"coordinate {c} does not fit shape {shape}")
    return sum(walk(cm, sm, dm, holes) for cm, sm, dm in zip(c, shape, stride))


def swizzle(t, x):
    b, m, s = t
    yyy = ((1 << b) - 1) << (m + max(0, s))
    y = x & yyy
    return x ^ (y >> s if s >= 0 else y << -s)


def function_of(x):
    """x -> (layout, i -> value of the outer function at L(i)): a layout, or sw(k + L(i))."""
    if is_composed(x):
        return x["layout"], (lambda v: swizzle(x["swizzle"], x.get("offset", 0) + v))
    return x, (lambda v: v)


def def_slice(args):
    """(hole sizes, j -> the layout at the coordinate with the holes filled by j's coordinate)."""
    L, outer = function_of(args[0])
    holes = []
    fixed = walk(args[1], L["shape"], L["stride"], holes)

    def at(j):
        v = fixed
        for s, d in holes:
            n = shape_size(s)
            v += mode_value(s, d, j % n)
            j //= n
        return outer(v)
    return co.prod([shape_size(s) for s, _ in holes]), at


def def_domain_offset(args):
    """(size, i -> the layout at the coordinate moved by i): sw(k + L(coord) + L(i)), L(coord) the
    coordinate's inner product with the strides, an integer split colexicographically (the last
    mode unbounded)."""
    L, outer = function_of(args[0])

    def at(c, shape, stride):
        if is_int(c):
            if is_int(shape):
                return c * stride
            fs, fd = co.flatten(shape), co.flatten(stride)
            v = 0
            for k, (s, d) in enumerate(zip(fs, fd)):
                v += (c if k == len(fs) - 1 else c % s) * d
                c //= s
            return v
        if is_int(shape) or len(c) != len(shape):
            raise DefError("invalid_input", f"coordinate {c} does not fit shape {shape}")
        return sum(at(cm, sm, dm) for cm, sm, dm in zip(c, shape, stride))
    base = at(args[1], L["shape"], L["stride"])
    n = shape_size(L["shape"])
    return n, lambda i: outer(base + mode_value(L["shape"], L["stride"], i))


def defined(op, args):
    return def_domain_offset(args) if op == "domain_offset" else def_slice(args)


def slice_definition_error(op, args):
    try:
        defined(op, args)
    except DefError as e:
        return e
    return None


def check_slice_case(op, args, v):
    """(verdict, detail, kind): offset + R(j) equals the layout at the filled coordinate for every j."""
    n, want = defined(op, args)
    R, outer = function_of(v["layout"])
    if shape_size(R["shape"]) != n:
        return "wrong", f"size {shape_size(R['shape'])}, the holes' {n}", "inadmissible"
    fs, fd = co.flatten(R["shape"]), co.flatten(R["stride"])
    for j in range(n):
        r, i = 0, j
        for s, d in zip(fs, fd):
            r += (i % s) * d
            i //= s
        got = v["offset"] + outer(r)
        if got != want(j):
            return "wrong", f"at j = {j}: offset + R(j) = {got}, the layout {want(j)}", "inadmissible"
    return "ok", "", None


# --------------------------------------------------------------------------
# Random cases
# --------------------------------------------------------------------------

def has_hole(c):
    return c is None or (isinstance(c, list) and any(has_hole(e) for e in c))


def rand_slice_coord(rng, s, top=True):
    """A hole, an integer inside the mode, or (at a tuple, always at the top) mode by mode."""
    if not is_int(s) and (top or rng.random() < 0.35):
        return [rand_slice_coord(rng, m, False) for m in s]
    if rng.random() < 0.45:
        return None
    return rng.randrange(shape_size(s))


def gen_slice_and_offset(rng, rand_layout, pow2_layout, rand_swizzle, gmma_atom):
    r = rng.random()
    if r < 0.3:
        X = rand_layout(rng)
        L = X
    elif r < 0.55:
        X, _, _ = gmma_atom(rng, element_units=rng.random() < 0.5)
        L = X["layout"]
    else:
        k = rng.randint(3, 7)
        L = pow2_layout(rng, k, gaps=0.2 if rng.random() < 0.3 else 0.0)
        X = {"swizzle": rand_swizzle(rng, max_bits=k + 1), "offset": 0, "layout": L}
        if X["swizzle"][0] == 0:
            X["swizzle"] = [2, 0, 3] if k >= 5 else [1, 0, 2]
        if rng.random() < 0.3:  # an offset (tile_to_shape's, a tensor's): CuTe XORs into it
            X["offset"] = rng.choice([1, 4, 8, 32, 64])
    c = rand_slice_coord(rng, L["shape"])
    for _ in range(10):  # CuTe C++ does not compile a swizzled layout's slice without a hole
        if not is_composed(X) or has_hole(c):
            break
        c = rand_slice_coord(rng, L["shape"])
    return [X, c]


def gen_domain_offset(rng, rand_layout, pow2_layout, rand_swizzle, gmma_atom):
    """Such a layout and a coordinate without holes: an index (past the layout at times: CuTe's
    layout(i) extends the last mode) or one integer per mode."""
    X, _ = gen_slice_and_offset(rng, rand_layout, pow2_layout, rand_swizzle, gmma_atom)
    L = X["layout"] if is_composed(X) else X
    n = shape_size(L["shape"])
    if rng.random() < 0.4:
        return [X, rng.randrange(n + (n if rng.random() < 0.2 else 0))]

    def coord(s, top):
        if is_int(s) or (not top and rng.random() < 0.4):
            return rng.randrange(shape_size(s))
        return [coord(m, False) for m in s]
    return [X, coord(L["shape"], True)]
