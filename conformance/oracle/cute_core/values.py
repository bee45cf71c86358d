"""The cases as JSON values: the vector schema, the layout-algebra ops, the value predicates
(is_layout, is_tiler) and checks (check_*), validate_case (whether a case is this oracle's),
case_key and compact; write_vector_file."""

import json

SCHEMA = "catlayout.vectors/1"


def write_vector_file(path, source, cases):
    """A vector file (docs/vector-format.md): the schema, where its cases come from, the cases."""
    with open(path, "w") as f:
        json.dump({"schema": SCHEMA, "source": source, "cases": cases}, f, indent=1)
        f.write("\n")

LAYOUT_OPS = [
    "evaluate", "coalesce", "composition", "complement",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
    "logical_product", "blocked_product", "raked_product", "zipped_product",
    "tiled_product", "flat_product", "right_inverse", "left_inverse",
]
DIVIDE_OPS = {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}
PRODUCT_OPS = {"logical_product", "blocked_product", "raked_product",
               "zipped_product", "tiled_product", "flat_product"}
# pycute (4.2.0.0) has no blocked/raked/flat variants; looked up by name at run time.


# --------------------------------------------------------------------------
# JSON values
# --------------------------------------------------------------------------

def is_layout(x):
    return isinstance(x, dict) and "shape" in x and "stride" in x


def is_tiler(x):
    return isinstance(x, dict) and "tiler" in x


def check_nested(t, leaf, bad):
    """t is a leaf (leaf(t) true) or a list of such nested lists; else ValueError(bad(x)) for the
    first entry x, depth first, that is neither."""
    if leaf(t):
        return
    if isinstance(t, list):
        for e in t:
            check_nested(e, leaf, bad)
        return
    raise ValueError(bad(t))


def check_inttuple(t):
    check_nested(t, lambda x: isinstance(x, int) and not isinstance(x, bool),
                 lambda x: "bool in int tuple" if isinstance(x, bool) else f"not an int tuple: {x!r}")


def congruent(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return True
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return all(congruent(x, y) for x, y in zip(a, b))
    return False


def check_layout(L):
    if not is_layout(L):
        raise ValueError(f"not a layout: {L!r}")
    check_inttuple(L["shape"])
    check_inttuple(L["stride"])
    if not congruent(L["shape"], L["stride"]):
        raise ValueError("shape and stride not congruent")


def tiler_elems(t):
    return t["tiler"] if is_tiler(t) else t


def check_tiler(t):
    elems = tiler_elems(t)
    if not isinstance(elems, list):
        raise ValueError("tiler must hold a list")
    for e in elems:
        if isinstance(e, int) and not isinstance(e, bool):
            continue
        if is_layout(e):
            check_layout(e)
        elif is_tiler(e) or isinstance(e, list):
            check_tiler(e)
        else:
            raise ValueError(f"bad tiler element {e!r}")


def validate_case(c):
    """Raise ValueError if the case is not something the oracle handles."""
    op, args = c["op"], c["args"]
    if op not in LAYOUT_OPS:
        raise ValueError("op not supported by the oracle")
    if op in ("evaluate", "right_inverse", "left_inverse"):
        if len(args) != 1:
            raise ValueError("expects 1 arg")
        check_layout(args[0])
    elif op == "coalesce":
        if len(args) not in (1, 2):
            raise ValueError("expects 1 or 2 args")
        check_layout(args[0])
        if len(args) == 2:
            check_inttuple(args[1])
    elif op == "complement":
        if len(args) not in (1, 2):
            raise ValueError("expects 1 or 2 args")
        check_layout(args[0])
        if len(args) == 2 and not (isinstance(args[1], int) and not isinstance(args[1], bool)):
            raise ValueError("N must be an integer")
    elif op == "composition" or op in DIVIDE_OPS:
        if len(args) != 2:
            raise ValueError("expects 2 args")
        check_layout(args[0])
        if is_layout(args[1]):
            check_layout(args[1])
        elif is_tiler(args[1]):
            check_tiler(args[1])
        else:
            raise ValueError("B must be a layout or a tiler")
    elif op in PRODUCT_OPS:
        if len(args) != 2:
            raise ValueError("expects 2 args")
        check_layout(args[0])
        check_layout(args[1])


def case_key(c):
    return json.dumps([c["op"], c["args"]], sort_keys=True, separators=(",", ":"))


def compact(v):
    return json.dumps(v, separators=(",", ":"))
