"""CuTe's compact strides with a start (cute/stride.hpp:348-397: compact_major<Major>(shape,
current), compact_col_major, compact_row_major) and domain_distribute (cute/layout.hpp:1428-1469):
the argument checks, the C++ of a case, the definitions (docs/definitions.md compact_major ...
domain_distribute: from CuTe's header comments and CUTLASS's unit tests, not from catlayout's
engine) and the random cases."""

import math

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import COMPACT_OPS, MAJORS, DefError, is_int  # noqa: F401 (COMPACT_OPS: the ops here)
from .evaluation import tab_layout


def split(op, args):
    """(shape, major, current or None) of a case."""
    if op == "compact_major":
        return args[0], args[1], (args[2] if len(args) == 3 else None)
    major = "LayoutLeft" if op == "compact_col_major" else "LayoutRight"
    return args[0], major, (args[1] if len(args) == 2 else None)


def validate_compact_case(op, args):
    if op == "domain_distribute":
        if len(args) != 2 or not is_int(args[1]) or args[1] < 1:
            raise ValueError("expects [shape, b >= 1]")
        co.check_inttuple(args[0])
        return
    n = len(args)
    if op == "compact_major":
        if n not in (2, 3) or args[1] not in MAJORS:
            raise ValueError("expects [shape, LayoutLeft|LayoutRight, current?]")
    elif n not in (1, 2):
        raise ValueError("expects [shape, current?]")
    shape, _, current = split(op, args)
    co.check_inttuple(shape)
    if current is not None:
        co.check_inttuple(current)


def cpp_compact_body(op, args):
    if op == "domain_distribute":
        return [f"  auto r = cute::domain_distribute({co.cpp_tuple_t(args[0])}{{}}, {co.cpp_int(args[1])}{{}});",
                "  oracle_print_x(r);"]
    shape, major, current = split(op, args)
    extra = "" if current is None else f", {co.cpp_tuple_t(current)}{{}}"
    fn = f"cute::compact_major<cute::{major}>" if op == "compact_major" else f"cute::{op}"
    return [f"  auto r = {fn}({co.cpp_tuple_t(shape)}{{}}{extra});", "  oracle_print(r);"]


def def_compact(shape, major, current):
    """An integer start c: c times the product of the entries before (left) / after (right) each
    flat entry, 0 where the entry is 1 (CUTLASS compact_xmajor.cpp's static cases); a tuple start
    mode by mode."""
    if current is None:
        current = 1
    if not is_int(current):
        if is_int(shape) or len(shape) != len(current):
            raise DefError("invalid_input", "the start's rank is not the shape's")
        return [def_compact(s, major, c) for s, c in zip(shape, current)]
    flat = co.flatten(shape)
    out = []
    for k, e in enumerate(flat):
        rest = flat[:k] if major == "LayoutLeft" else flat[k + 1:]
        out.append(0 if e == 1 else current * co.prod(rest))
    return out[0] if is_int(shape) else co.unflatten(out, shape)


def def_distribute_image(a, b):
    """The sorted image: A's colexicographic indices whose flat coordinates lie below the gcd walk."""
    image, base = [0], 1
    for e in co.flatten(a):
        g = math.gcd(e, b)
        b //= g
        image = [v + c * base for c in range(g) for v in image]
        base *= e
    return sorted(image)


def check_compact_case(op, args, v):
    if op == "domain_distribute":
        got = tab_layout(v)
        if args[1] % len(got):
            return "wrong", f"size {len(got)} does not divide {args[1]}", "inadmissible"
        if any(y <= x for x, y in zip(got, got[1:])):
            return "wrong", "not strictly increasing", "inadmissible"
        if got != def_distribute_image(*args):
            return "wrong", f"image {got[:8]}..., definition {def_distribute_image(*args)[:8]}...", "inadmissible"
        return "ok", "", None
    want = def_compact(*split(op, args))
    if v != want:
        return "wrong", f"CuTe {v}, definition {want}", "invalid_input"
    return "ok", "", None


def compact_definition_error(op, args):
    if op == "domain_distribute":
        return None
    try:
        def_compact(*split(op, args))
    except DefError as e:
        return e
    return None


def gen_compact(op, rng, rand_shape):
    if op == "domain_distribute":
        a = rand_shape(rng, vals=[1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 15, 16, 64], max_size=1 << 14)
        return [a, rng.randint(1, 64) if rng.random() < 0.5 else 1 << rng.randint(0, 10)]
    shape = rand_shape(rng)
    args = [shape] + ([rng.choice(list(MAJORS))] if op == "compact_major" else [])
    r = rng.random()
    if r < 0.25:
        return args
    if is_int(shape) or r < 0.6:
        return args + [rng.randint(-3, 0) if rng.random() < 0.12 else rng.randint(1, 6)]
    cur = [rng.randint(1, 64) for _ in shape]
    if rng.random() < 0.1:
        cur.append(1)  # CuTe's Mismatched Ranks
    return args + [cur]
