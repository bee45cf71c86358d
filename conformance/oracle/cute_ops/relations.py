"""CuTe's relations on int tuples (cute/int_tuple.hpp:451-509: weakly_congruent, compatible) and a
layout's coprofile (cute/layout.hpp:630-639): the argument checks, the C++ of a case, the
definitions (docs/definitions.md weakly_congruent, compatible, coprofile: from CuTe's header
comments, not from catlayout's engine) and the random cases. A relation's answer is 1 or 0."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import RELATION_OPS, DefError, flatten_any, is_basis, is_int  # noqa: F401


def validate_relation_case(op, args):
    if op == "coprofile":
        if len(args) != 1:
            raise ValueError("expects [layout]")
        co.check_nested(args[0]["shape"], is_int, lambda x: f"bad shape entry {x!r}")
        return
    if len(args) != 2:
        raise ValueError("expects [A, B]")
    co.check_inttuple(args[0])
    co.check_inttuple(args[1])


def cpp_relation_body(op, args, cpp_x):
    if op == "coprofile":
        return [f"  auto r = cute::coprofile({cpp_x(args[0])});", "  oracle_print(r);"]
    a, b = (f"{co.cpp_tuple_t(x)}{{}}" for x in args)
    return [f"  auto r = cute::{op}({a}, {b});", "  std::printf(\"%d\", static_cast<bool>(r) ? 1 : 0);"]


def size(t):
    return co.prod(co.flatten(t))


def def_weakly_congruent(a, b):
    """"similar profiles up to Shape A": an integer a is below anything; tuples of one rank mode by mode."""
    if is_int(a):
        return True
    if is_int(b) or len(a) != len(b):
        return False
    return all(def_weakly_congruent(x, y) for x, y in zip(a, b))


def def_compatible(a, b):
    """"the size of Shape B is the same as Shape A at each terminal of Shape A"."""
    if is_int(a):
        return a == size(b)
    if is_int(b) or len(a) != len(b):
        return False
    return all(def_compatible(x, y) for x, y in zip(a, b))


def def_coprofile(L):
    """The codomain's nesting of 0s: 0 for integer strides; for basis strides E<p0,p1,...>, a tuple
    long enough for every path, 0 at each end (CuTe's as_arithmetic_tuple of the strides' sum)."""
    paths = [tuple(d["basis"]) for d in flatten_any(L["stride"]) if is_basis(d)]
    if not paths:
        return 0
    if any(not is_basis(d) for d in flatten_any(L["stride"])):
        raise DefError("invalid_input", "integer and basis strides mixed")

    def build(ps):
        if any(len(p) == 0 for p in ps):
            if any(len(p) > 0 for p in ps):
                raise DefError("invalid_input", "a path ends where another goes deeper")
            return 0
        n = max(p[0] for p in ps) + 1
        return [build([p[1:] for p in ps if p[0] == k]) if any(p[0] == k for p in ps) else 0 for k in range(n)]
    return build(paths)


def check_relation_case(op, args, v):
    if op == "coprofile":
        want = def_coprofile(args[0])
    else:
        want = 1 if (def_compatible if op == "compatible" else def_weakly_congruent)(*args) else 0
    if v != want:
        return "wrong", f"CuTe {v}, definition {want}", "invalid_input"
    return "ok", "", None


def refine(rng, t):
    """A refinement of t: each leaf v kept, or split into a nested tuple of size v."""
    if is_int(t):
        if v_split := [d for d in range(2, t) if t % d == 0]:
            if rng.random() < 0.5:
                d = rng.choice(v_split)
                return [d, t // d]
        return [t] if (t > 1 and rng.random() < 0.15) else t
    return [refine(rng, m) for m in t]


def gen_relation(rng, rand_shape):
    a = rand_shape(rng)
    b = refine(rng, a)
    r = rng.random()
    if r < 0.15:
        return [b, a]  # finer first
    if r < 0.25:
        return [a, size(a)]
    if r < 0.35 and not is_int(b):
        return [a, b + [2]]  # one mode more
    if r < 0.45:
        flat = co.flatten(b)
        flat[-1] += 1  # a size off
        return [a, co.unflatten(flat, b) if not is_int(b) else flat[0]]
    return [a, b]
