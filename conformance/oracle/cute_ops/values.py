"""The case arguments as JSON values: the ops this oracle handles and their constants, DefError
(a definition without an answer), the value predicates (is_*), the argument checks (check_*)
and validate_case, which says whether a case is this oracle's."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co


NEW_OPS = ["make_layout", "make_ordered_layout", "make_layout_like", "tile_to_shape",
           "local_tile", "local_partition", "inner_partition", "outer_partition",
           "upcast", "downcast", "recast_layout", "nullspace"]
EXT_OPS = ["composition", "right_inverse", "left_inverse"]  # with swizzle / composed operands
COORD_OPS = ["crd2idx", "idx2crd", "crd2crd"]  # coords.py (cute/stride.hpp)
MODE_OPS = ["select", "take", "group_modes", "append", "prepend", "replace"]  # modes.py (cute/layout.hpp)
COMMON_OPS = ["max_common_vector", "max_common_layout"]  # common.py (cute/layout.hpp)
RELATION_OPS = ["weakly_congruent", "compatible", "coprofile"]  # relations.py (cute/int_tuple.hpp)
QUERY_OPS = ["size", "cosize", "rank", "depth", "flatten", "layout_mode", "make_layout_with_stride",
             "make_layout_of_layouts", "shape_div"]  # queries.py (cute/layout.hpp, cute/int_tuple.hpp)
COMPACT_OPS = ["compact_major", "compact_col_major", "compact_row_major", "domain_distribute"]  # compacts.py
SLICE_OPS = ["slice_and_offset", "domain_offset"]  # slices.py (cute/layout.hpp, cute/swizzle_layout.hpp, layout_composed.hpp)
ALL_OPS = NEW_OPS + EXT_OPS + COORD_OPS + MODE_OPS + COMMON_OPS + RELATION_OPS + COMPACT_OPS + QUERY_OPS + SLICE_OPS
PARTITION_OPS = {"local_tile", "local_partition", "inner_partition", "outer_partition"}
CAST_OPS = {"upcast", "downcast", "recast_layout"}
MAJORS = ("LayoutLeft", "LayoutRight")
MAX_TAB = 1 << 16  # largest domain tabulated / generated


class DefError(Exception):
    """The operation's definition has no answer here; .kind is the schema error kind."""

    def __init__(self, kind, why):
        super().__init__(why)
        self.kind = kind
        self.why = why


# --------------------------------------------------------------------------
# JSON values
# --------------------------------------------------------------------------

def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def is_swizzle(x):
    return isinstance(x, dict) and "swizzle" in x and "layout" not in x


def is_composed(x):
    """A composed value: {"swizzle": [B,M,S] | "outer": A, "offset": k, "layout": B}, B a layout, a
    swizzle or a composed value (CuTe's nested ComposedLayout<A, O, B>)."""
    return isinstance(x, dict) and ("swizzle" in x or "outer" in x) and "layout" in x


def is_layout(x):
    return co.is_layout(x)


def flatten_any(t):
    """The leaves of a nested list, any leaf kind (a coordinate stride's dict is one leaf)."""
    if not isinstance(t, list):
        return [t]
    return [x for e in t for x in flatten_any(e)]


def is_basis(d):
    return isinstance(d, dict) and "basis" in d


def is_coord(x):
    """A layout with coordinate strides (CuTe ScaledBasis: {"basis": [p0,...], "scale": k})."""
    return is_layout(x) and any(is_basis(d) for d in flatten_any(x["stride"]))


def check_swizzle_triple(t):
    if not (isinstance(t, list) and len(t) == 3 and all(is_int(v) for v in t)):
        raise ValueError(f"bad swizzle {t!r}")


def check_x(x):
    """A layout or a composed layout (swizzle o offset o layout)."""
    if is_composed(x):
        check_swizzle_triple(x["swizzle"])
        if not is_int(x.get("offset", 0)):
            raise ValueError("composed offset must be an integer")
        co.check_layout(x["layout"])
    else:
        co.check_layout(x)
    for v in co.flatten((x["layout"] if is_composed(x) else x)["stride"]):
        if not is_int(v):
            raise ValueError("only integer strides (no coordinate / F2 strides)")


def check_order(o):
    if isinstance(o, str):
        if o not in MAJORS:
            raise ValueError(f"bad order {o!r}")
        return
    co.check_inttuple(o)


def check_coord(c):
    co.check_nested(c, lambda x: x is None or is_int(x), lambda x: f"bad coordinate {x!r}")


def check_proj(p):
    if not (isinstance(p, list) and all(e is None or e == 1 for e in p)):
        raise ValueError(f"bad projection {p!r}")


def check_tiler_arg(t):
    if is_layout(t):
        co.check_layout(t)
    elif co.is_tiler(t):
        co.check_tiler(t)
    else:
        raise ValueError("tiler must be a layout or {\"tiler\": [...]}")


def validate_case(c):
    """Raise ValueError if this oracle does not handle the case."""
    op, args = c["op"], c["args"]
    if op not in ALL_OPS:
        raise ValueError("op not handled by cute_ops_oracle")
    n = len(args)
    if op in COORD_OPS:
        from .coords import validate_coord_case
        validate_coord_case(op, args)
    elif op in MODE_OPS:
        from .modes import validate_mode_case
        validate_mode_case(op, args)
    elif op in COMMON_OPS:
        from .common import validate_common_case
        validate_common_case(op, args)
    elif op in RELATION_OPS:
        from .relations import validate_relation_case
        validate_relation_case(op, args)
    elif op in SLICE_OPS:
        from .slices import validate_slice_case
        validate_slice_case(op, args)
    elif op in COMPACT_OPS:
        from .compacts import validate_compact_case
        validate_compact_case(op, args)
    elif op in QUERY_OPS:
        from .queries import validate_query_case
        validate_query_case(op, args)
    elif op == "make_layout":
        if n not in (1, 2):
            raise ValueError("expects 1 or 2 args")
        co.check_inttuple(args[0])
        if n == 2 and args[1] not in MAJORS:
            raise ValueError("major must be LayoutLeft or LayoutRight")
    elif op == "make_ordered_layout":
        if n != 2:
            raise ValueError("expects 2 args")
        co.check_inttuple(args[0])
        check_order(args[1])
    elif op == "make_layout_like":
        if n != 1:
            raise ValueError("expects 1 arg")
        co.check_layout(args[0])
    elif op == "tile_to_shape":
        if n not in (2, 3):
            raise ValueError("expects 2 or 3 args")
        check_x(args[0])
        co.check_inttuple(args[1])
        if n == 3:
            check_order(args[2])
    elif op in ("local_tile", "inner_partition", "outer_partition"):
        if n not in ((3, 4) if op == "local_tile" else (3,)):
            raise ValueError("wrong number of args")
        co.check_layout(args[0])
        check_tiler_arg(args[1])
        check_coord(args[2])
        if n == 4:
            check_proj(args[3])
    elif op == "local_partition":
        if n not in (3, 4):
            raise ValueError("expects 3 or 4 args")
        co.check_layout(args[0])
        co.check_layout(args[1])
        if not is_int(args[2]):
            raise ValueError("index must be an integer")
        if n == 4:
            check_proj(args[3])
    elif op in ("upcast", "downcast"):
        if n != 2 or not is_int(args[1]) or args[1] < 1:
            raise ValueError("expects [X, N>=1]")
        check_x(args[0])
    elif op == "recast_layout":
        if n != 3 or args[1] not in BIT_WIDTHS or args[2] not in BIT_WIDTHS:
            raise ValueError(f"expects [X, old_bits, new_bits], bits in {BIT_WIDTHS}")
        check_x(args[0])
    elif op == "nullspace":
        if n != 1:
            raise ValueError("expects 1 arg")
        check_x(args[0])
    elif op == "composition":
        if n != 2:
            raise ValueError("expects 2 args")
        a, b = args
        if is_coord(b) and is_layout(a) and not is_coord(a):
            co.check_inttuple(b["shape"])
            return
        if not (is_composed(a) or is_composed(b) or is_swizzle(b)):
            raise ValueError("composition without a swizzle/composed operand: cute_oracle.py's")
        check_x(a)
        if is_swizzle(b):
            check_swizzle_triple(b["swizzle"])
            if is_composed(a):
                raise ValueError("composed o swizzle is not in the spec")
        else:
            check_x(b)
    elif op in ("right_inverse", "left_inverse"):
        if n != 1 or not is_composed(args[0]):
            raise ValueError("only composed layouts here (plain layouts: cute_oracle.py)")
        check_x(args[0])


# uint_bit_t<N> exists in CuTe 4.2 for these widths (cute/numeric/int.hpp)
BIT_WIDTHS = (1, 2, 4, 8, 16, 32, 64)


def exact_case(define, op, args, v):
    """A case of an op whose answer is one value, the definition's `define(op, args)`: CuTe's `v`
    against it (definitions.py check_case's verdict)."""
    want = define(op, args)
    if v != want:
        return "wrong", f"CuTe {v}, definition {want}", "invalid_input"
    return "ok", "", None


def definition_error(define, op, args):
    """The DefError `define` raises for args (the definition's refusal), or None."""
    try:
        define(op, args)
    except DefError as e:
        return e
    return None
