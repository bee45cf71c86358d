"""CuTe's max_common_vector and max_common_layout (cute/layout.hpp:1374-1426): the argument checks,
the C++ of a case, the check of CuTe's answer against the post-conditions of its header comments
(docs/definitions.md max_common_vector, max_common_layout), and the random cases."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import COMMON_OPS, is_int  # noqa: F401 (COMMON_OPS: the ops here)
from .evaluation import layout_ext, tab_layout


def validate_common_case(op, args):
    if len(args) != 2:
        raise ValueError("expects [A, B]")
    co.check_layout(args[0])
    co.check_layout(args[1])


def cpp_common_body(op, args):
    a, b = (f"{co.cpp_layout_t(x)}{{}}" for x in args)
    out = "oracle_print(r)" if op == "max_common_vector" else "oracle_print_x(r)"
    return [f"  auto r = cute::{op}({a}, {b});", f"  {out};"]


def check_common_case(op, args, v):
    """max_common_layout: "a(R(i)) == i and b(R(i)) == i" for i < size(R); max_common_vector: N >= 1
    and "a(b.get_1d_coord(n)) == n" for n < N, b's index of n found by tabulation. A and B are
    evaluated as CuTe evaluates a layout past its size (the last mode unbounded): CuTe does not
    ask the sizes to agree. The post-conditions, not the maximality (CuTe keeps the static
    stride-1 mode of coalesce(a o b^-1))."""
    fa, fb = layout_ext(args[0]), layout_ext(args[1])
    if op == "max_common_layout":
        for i, j in enumerate(tab_layout(v)):
            if not (j >= 0 and fa(j) == i and fb(j) == i):
                return "wrong", f"R({i}) = {j}: A, B there are not {i}", "inadmissible"
        return "ok", "post-conditions", None
    if not is_int(v) or v < 1:
        return "wrong", f"N = {v} is not an integer >= 1", "inadmissible"
    first = {}
    for i, y in enumerate(tab_layout(args[1])):
        first.setdefault(y, i)
    for n in range(v if v > 1 else 0):
        i = first.get(n)
        if i is None or fa(i) != n:
            return "wrong", f"n = {n}: A at B's index of n is not n", "inadmissible"
    return "ok", "post-conditions", None


def gen_common(rng, rand_layout, compact_like):
    """Two layouts of one size: a compact one, and its flat shape regrouped compact col/row-major,
    or another random layout."""
    a = rand_layout(rng, zero=0.0, gaps=0.0)
    if rng.random() < 0.3:
        return [a, rand_layout(rng)]
    flat = co.flatten(a["shape"])
    nested = co.nest(rng, flat, flat)["shape"] if len(flat) > 1 else flat[0]
    return [a, {"shape": nested, "stride": compact_like(nested, rng.random() < 0.5)}]
