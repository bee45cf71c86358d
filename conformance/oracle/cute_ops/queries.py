"""CuTe's layout queries and constructors from parts (cute/layout.hpp: size, cosize, rank, depth,
flatten, layout<I...>, make_layout(shape, stride), make_layout(a, b, ...); cute/int_tuple.hpp:
shape_div): the argument checks, the C++ of a case, the definitions (docs/definitions.md size ...
shape_div: from CuTe's header comments and static_asserts, not from catlayout's engine) and the
random cases. An integer answer (size, cosize, rank, depth) is printed as its value."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import QUERY_OPS, DefError, definition_error, exact_case, is_int  # noqa: F401 (QUERY_OPS: the ops here)

INTEGER_OPS = ("size", "cosize", "rank", "depth")


# --------------------------------------------------------------------------
# Arguments and C++
# --------------------------------------------------------------------------

def validate_query_case(op, args):
    n = len(args)
    if op in INTEGER_OPS or op == "flatten":
        if n != 1:
            raise ValueError("expects [layout]")
        co.check_layout(args[0])
    elif op == "layout_mode":
        if n < 2 or not all(is_int(i) for i in args[1:]):
            raise ValueError("expects [layout, I, J, ...]")
        co.check_layout(args[0])
    elif op == "make_layout_with_stride":
        if n != 2:
            raise ValueError("expects [shape, stride]")
        co.check_inttuple(args[0])
        co.check_inttuple(args[1])
    elif op == "make_layout_of_layouts":
        if n < 1:
            raise ValueError("expects [layout, ...]")
        for a in args:
            co.check_layout(a)
    elif op == "shape_div":
        if n != 2:
            raise ValueError("expects [shape, shape]")
        co.check_inttuple(args[0])
        co.check_inttuple(args[1])


def cpp_query_body(op, args):
    def L(x):
        return f"{co.cpp_layout_t(x)}{{}}"

    def T(x):
        return f"{co.cpp_tuple_t(x)}{{}}"

    if op in INTEGER_OPS:
        return [f"  auto r = cute::{op}({L(args[0])});", "  oracle_print(r);"]
    if op == "shape_div":
        return [f"  auto r = cute::shape_div({T(args[0])}, {T(args[1])});", "  oracle_print(r);"]
    if op == "flatten":
        expr = f"cute::flatten({L(args[0])})"
    elif op == "layout_mode":
        expr = f"cute::layout<{','.join(str(int(i)) for i in args[1:])}>({L(args[0])})"
    elif op == "make_layout_with_stride":
        expr = f"cute::make_layout({T(args[0])}, {T(args[1])})"
    else:
        expr = f"cute::make_layout({', '.join(L(a) for a in args)})"
    return [f"  auto r = {expr};", "  oracle_print_layout(r);"]


# --------------------------------------------------------------------------
# Definitions
# --------------------------------------------------------------------------

def leaves(t):
    return [t] if is_int(t) else [x for e in t for x in leaves(e)]


def def_size(L):
    """the number of coordinates: the product of the shape's entries"""
    return co.prod(leaves(L["shape"]))


def def_cosize(L):
    """one more than the largest value of L with every stride taken absolute (tabulated)"""
    fs, fd = leaves(L["shape"]), [abs(d) for d in leaves(L["stride"])]
    top = 0
    for i in range(co.prod(fs)):
        v, r = 0, i
        for s, d in zip(fs, fd):
            v += (r % s) * d
            r //= s
        top = max(top, v)
    return top + 1


def def_rank(L):
    """the top-level modes; an integer shape has one"""
    return 1 if is_int(L["shape"]) else len(L["shape"])


def def_depth(L):
    """0 for an integer, else one more than the deepest mode"""
    def d(t):
        return 0 if is_int(t) else 1 + max((d(e) for e in t), default=0)
    return d(L["shape"])


def def_flatten(L):
    """the flat entries in order; an integer shape stays an integer"""
    if is_int(L["shape"]):
        return L
    return {"shape": leaves(L["shape"]), "stride": leaves(L["stride"])}


def def_layout_mode(L, path):
    """mode I of L, then mode J of that, ...; an integer shape is its own mode 0"""
    s, d = L["shape"], L["stride"]
    for i in path:
        if is_int(s):
            if i != 0:
                raise DefError("invalid_input", f"mode {i} of an integer shape")
            continue
        if not 0 <= i < len(s):
            raise DefError("invalid_input", f"mode {i} out of range [0, {len(s)})")
        s, d = s[i], d[i]
    return {"shape": s, "stride": d}


def congruent(a, b):
    if is_int(a) or is_int(b):
        return is_int(a) and is_int(b)
    return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))


def def_make_layout_with_stride(s, d):
    """the layout shape:stride; shape and stride congruent (a layout's definition)"""
    if not congruent(s, d):
        raise DefError("invalid_input", "shape and stride are not congruent")
    return {"shape": s, "stride": d}


def def_make_layout_of_layouts(layouts):
    """the tuple whose mode k is layout k"""
    return {"shape": [a["shape"] for a in layouts], "stride": [a["stride"] for a in layouts]}


def ceil_div_checked(a, b):
    if a % b != 0 and b % a != 0:
        raise DefError("inadmissible", f"neither of {a} and {b} divides the other")
    return -(-a // b)


def def_shape_div(a, b):
    """tuple / tuple: mode by mode, equal ranks; integer / tuple: by the product; tuple / integer:
    left to right over the flat entries, each ceil(e / left), then left = ceil(left / e);
    integer / integer: ceil(a / b) where one divides the other"""
    if not is_int(a) and not is_int(b):
        if len(a) != len(b):
            raise DefError("invalid_input", "mismatched ranks")
        return [def_shape_div(x, y) for x, y in zip(a, b)]
    left = co.prod(leaves(b))
    out = []
    for e in leaves(a):
        out.append(ceil_div_checked(e, left))
        left = ceil_div_checked(left, e)
    if is_int(a):
        return out[0]
    it = iter(out)

    def refill(t):
        return next(it) if is_int(t) else [refill(x) for x in t]
    return refill(a)


def def_query(op, args):
    if op == "size":
        return def_size(args[0])
    if op == "cosize":
        return def_cosize(args[0])
    if op == "rank":
        return def_rank(args[0])
    if op == "depth":
        return def_depth(args[0])
    if op == "flatten":
        return def_flatten(args[0])
    if op == "layout_mode":
        return def_layout_mode(args[0], args[1:])
    if op == "make_layout_with_stride":
        return def_make_layout_with_stride(args[0], args[1])
    if op == "make_layout_of_layouts":
        return def_make_layout_of_layouts(args)
    return def_shape_div(args[0], args[1])


def check_query_case(op, args, v):
    return exact_case(def_query, op, args, v)


def query_definition_error(op, args):
    return definition_error(def_query, op, args)


# --------------------------------------------------------------------------
# Random cases (some out of range or not divisible: CuTe's static_asserts)
# --------------------------------------------------------------------------

def gen_query(op, rng, rand_layout, rand_shape):
    if op in INTEGER_OPS or op == "flatten":
        return [rand_layout(rng, neg=0.2 if op == "cosize" else 0.0)]
    if op == "layout_mode":
        L = rand_layout(rng)
        path, s = [], L["shape"]
        for _ in range(rng.randint(1, 3)):
            r = 1 if is_int(s) else len(s)
            i = r if rng.random() < 0.06 else rng.randint(0, r - 1)
            path.append(i)
            if i >= r:
                break
            s = s if is_int(s) else s[i]
        return [L] + path
    if op == "make_layout_with_stride":
        L = rand_layout(rng, neg=0.1)
        return [L["shape"], L["stride"]]
    if op == "make_layout_of_layouts":
        return [rand_layout(rng, max_size=32) for _ in range(rng.randint(1, 4))]
    a = rand_shape(rng)
    if not is_int(a) and rng.random() < 0.25:
        return [a, [co.prod(leaves(m)) if rng.random() < 0.5 else rng.randint(1, 4) for m in a]]
    d = 1
    for e in leaves(a):
        if rng.random() < 0.5:
            break
        d *= e
    if rng.random() < 0.5:
        d *= rng.randint(1, 3)
    return [a, d]
