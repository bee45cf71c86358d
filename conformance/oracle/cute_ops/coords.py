"""CuTe's maps between coordinates and indices (cute/stride.hpp: crd2idx, idx2crd, crd2crd): the
argument checks, the C++ of a case, the definitions (docs/definitions.md crd2idx, idx2crd, crd2crd:
written from CuTe's header comments, not from catlayout's engine) and the random cases."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import COORD_OPS, DefError, is_int  # noqa: F401 (COORD_OPS: the ops here)


# --------------------------------------------------------------------------
# Arguments and C++
# --------------------------------------------------------------------------

def validate_coord_case(op, args):
    n = len(args)
    if op == "crd2crd":
        if n != 3:
            raise ValueError("expects [coord, src_shape, dst_shape]")
    elif n not in (2, 3):
        raise ValueError("expects [coord, shape] or [coord, shape, stride]")
    for a in args:
        co.check_inttuple(a)
    for a in args[:1]:
        if any(v < 0 for v in co.flatten(a)):
            raise ValueError("negative coordinate / index entries are not in the spec")


def cpp_coord_body(op, args):
    """CuTe with static integers: every operand a cute::Int / cute::tuple of them."""
    ops = ", ".join(f"{co.cpp_tuple_t(a)}{{}}" for a in args)
    return [f"  auto r = cute::{op}({ops});", "  oracle_print(r);"]


# --------------------------------------------------------------------------
# Definitions
# --------------------------------------------------------------------------

def size(t):
    return co.prod(co.flatten(t))


def split_colex(i, s):
    """An integer i spread over the leaves of shape s, colexicographically, the last leaf
    unbounded (cute/stride.hpp:84, 'Avoid recursion and mod on single/last iter')."""
    out = []
    leaves = co.flatten(s)
    for k, e in enumerate(leaves):
        if k + 1 == len(leaves):
            out.append(i)
        else:
            out.append(i % e)
            i //= e
    return out


def natural(c, s):
    """The flat natural coordinate of coordinate c in shape s (c weakly congruent to s)."""
    if is_int(c):
        return split_colex(c, s)
    if is_int(s) or len(c) != len(s):
        raise DefError("invalid_input", f"coordinate {c} does not fit shape {s}")
    return [x for cm, sm in zip(c, s) for x in natural(cm, sm)]


def colex_strides(s):
    """(1, s0, s0*s1, ...) over the leaves of s, nested as s."""
    acc = [1]
    for e in co.flatten(s)[:-1]:
        acc.append(acc[-1] * e)
    return co.unflatten(acc, s) if not is_int(s) else 1


def def_crd2idx(args):
    c, s = args[0], args[1]
    d = args[2] if len(args) == 3 else None
    if d is None:
        if is_int(c):
            return c  # cute/stride.hpp:152: an integer coordinate is already an index
        d = colex_strides(s)
    if not co.congruent(s, d):
        raise DefError("invalid_input", "stride not congruent to shape")
    # a tuple coordinate mode by mode; an integer the layout's extended function
    if is_int(c):
        return sum(x * y for x, y in zip(split_colex(c, s), co.flatten(d)))
    if is_int(s) or len(c) != len(s):
        raise DefError("invalid_input", f"coordinate {c} does not fit shape {s}")
    return sum(def_crd2idx([cm, sm, dm]) for cm, sm, dm in zip(c, s, d))


def def_idx2crd_colex(i, s):
    if not is_int(i):
        if is_int(s) or len(i) != len(s):
            raise DefError("invalid_input", f"index {i} does not fit shape {s}")
        return [def_idx2crd_colex(im, sm) for im, sm in zip(i, s)]
    if is_int(s):
        return i
    return co.unflatten(split_colex(i, s), s)


def def_idx2crd_strided(i, s, d):
    if not is_int(i):
        if is_int(s) or is_int(d) or len(i) != len(s) or len(d) != len(s):
            raise DefError("invalid_input", f"index {i} does not fit shape {s}, stride {d}")
        return [def_idx2crd_strided(im, sm, dm) for im, sm, dm in zip(i, s, d)]
    if is_int(s):
        if not is_int(d):
            raise DefError("invalid_input", "stride not congruent to shape")
        if s == 1:
            return 0
        if d <= 0:
            raise DefError("invalid_input", "division by a stride <= 0")
        return (i // d) % s
    if is_int(d):  # CuTe's compact_col_major(shape, d): d * (1, s0, s0*s1, ...)
        d = co.unflatten([d * x for x in co.flatten(colex_strides(s))], s)
    if len(d) != len(s):
        raise DefError("invalid_input", "mismatched ranks of shape and stride")
    return [def_idx2crd_strided(i, sm, dm) for sm, dm in zip(s, d)]


def def_idx2crd(args):
    if len(args) == 3:
        return def_idx2crd_strided(*args)
    return def_idx2crd_colex(*args)


def def_crd2crd(args):
    c, src, dst = args
    if not is_int(c) and not is_int(src) and not is_int(dst):
        if len(c) != len(src) or len(c) != len(dst):
            raise DefError("invalid_input", "mismatched ranks")
        return [def_crd2crd([cm, sm, dm]) for cm, sm, dm in zip(c, src, dst)]
    return def_idx2crd_colex(def_crd2idx([c, src]), dst)


DEFS = {"crd2idx": def_crd2idx, "idx2crd": def_idx2crd, "crd2crd": def_crd2crd}


def check_coord_case(op, args, v):
    """(verdict, detail, kind) as definitions.check_case answers."""
    want = DEFS[op](args)
    if v != want:
        return "wrong", f"CuTe {v}, definition {want}", "invalid_input"
    return "ok", "", None


def coord_definition_error(op, args):
    try:
        DEFS[op](args)
    except DefError as e:
        return e
    return None


# --------------------------------------------------------------------------
# Random cases
# --------------------------------------------------------------------------

def rand_coord(rng, s, top=True):
    """A coordinate of s: an integer (one time in three at each tuple, past the end one time in
    eight), else mode by mode."""
    if is_int(s) or rng.random() < 1 / 3:
        n = size(s)
        return rng.randint(0, 2 * n if rng.random() < 1 / 8 else n - 1)
    return [rand_coord(rng, m, False) for m in s]


def mangle(rng, c):
    """A coordinate with one mode too many or too few (CuTe: Mismatched Ranks)."""
    if is_int(c):
        return [c, 0]
    return c + [0] if rng.random() < 0.5 or len(c) < 2 else c[:-1]


def gen_crd2idx(rng, rand_layout):
    L = rand_layout(rng)
    c = rand_coord(rng, L["shape"])
    if rng.random() < 0.06:
        c = mangle(rng, c)
    return [c, L["shape"]] if rng.random() < 1 / 3 else [c, L["shape"], L["stride"]]


def gen_idx2crd(rng, rand_layout):
    L = rand_layout(rng)
    s = L["shape"]
    i = rand_coord(rng, s) if rng.random() < 0.25 else rng.randint(0, size(s) + 3)
    if rng.random() < 0.05:
        i = mangle(rng, i)
    if not is_int(i) or rng.random() < 1 / 3:
        return [i, s]
    if rng.random() < 0.25:
        return [i, s, rng.randint(1, 3)]
    return [i, s, L["stride"]]


def gen_crd2crd(rng, rand_layout):
    L = rand_layout(rng)
    s = L["shape"]
    r = rng.random()
    if r < 0.25:
        return [rand_coord(rng, s), s, size(s)]
    if r < 0.65 and not is_int(s):
        dst = [co.flatten(m) if (not is_int(m) and rng.random() < 0.5) else m for m in s]
        return [rand_coord(rng, s), s, dst]
    flat = co.flatten(s)
    dst = co.nest(rng, flat, flat)["shape"] if len(flat) > 1 else flat[0]
    return [rng.randint(0, size(s) - 1), s, dst]
