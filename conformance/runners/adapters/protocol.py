"""The adapter side of the conformance protocol (conformance/runners/README.md), shared by the
adapters: one handshake line, then one answer line per case line, flushed; anything the
implementation prints goes to stderr, never into the protocol stream."""
import json
import os
import sys


class Channel:
    """Protocol lines go to the process's original stdout; fd 1 is pointed at stderr so that
    libraries (and their C++/MLIR layers) cannot write into the stream."""

    def __init__(self):
        sys.stdout.flush()
        self._out = os.fdopen(os.dup(1), "w", buffering=1)
        os.dup2(2, 1)
        sys.stdout = sys.stderr

    def send(self, obj):
        self._out.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._out.flush()


def to_tuple(t):
    """A schema int tuple (int or nested list) as a Python nested tuple."""
    return tuple(to_tuple(e) for e in t) if isinstance(t, list) else t


def to_json(t):
    """A Python nested tuple (ints, tuples, lists) as a schema int tuple."""
    if isinstance(t, (tuple, list)):
        return [to_json(e) for e in t]
    if isinstance(t, bool):
        return int(t)
    return int(t)


class NA(Exception):
    """The implementation has no such op, or no such form of its arguments."""


def is_layout(a):
    return isinstance(a, dict) and "shape" in a and "stride" in a


def tiler_elements(t, layout, integer):
    """A schema tiler {"tiler": [...]} as a tuple: layouts by layout(L), integers by integer(n),
    nested tilers recursively."""
    out = []
    for e in t["tiler"]:
        if isinstance(e, int) and not isinstance(e, bool):
            out.append(integer(e))
        elif is_layout(e):
            out.append(layout(e))
        else:
            out.append(tiler_elements(e, layout, integer))
    return tuple(out)


def is_composed(a):
    return isinstance(a, dict) and "swizzle" in a and "layout" in a


def is_swizzle(a):
    return isinstance(a, dict) and "swizzle" in a and "layout" not in a


def major_order(order, shape):
    """A wire order for CuTe's make_ordered_layout / tile_to_shape as an int tuple, CuTe's Step:
    "LayoutLeft" (GenColMajor) and "LayoutRight" (GenRowMajor) as the ranks of the shape's leaves in
    colexicographic (reversed) order, congruent with the shape; an int tuple as it is."""
    if not isinstance(order, str):
        return to_tuple(order)
    n = [0]

    def leaves(s):
        if isinstance(s, list):
            return tuple(leaves(e) for e in s)
        n[0] += 1
        return n[0] - 1

    ranks = leaves(shape)
    if order == "LayoutLeft":
        return ranks
    if order == "LayoutRight":
        def rev(r):
            return tuple(rev(e) for e in r) if isinstance(r, tuple) else n[0] - 1 - r
        return rev(ranks)
    raise ValueError(f"unknown order {order!r}")


def inverse_form(outer, offset, swizzle):
    """CuTe's L o k o Sw (the inverse of a swizzled layout with an offset), which the wire has no
    form for: answered as this object, which no reference equals (docs/algebra.md)."""
    return {"unrepresentable": "layout o offset o swizzle", "outer": outer, "offset": offset,
            "inner_swizzle": swizzle}


def package_version(dist):
    from importlib import metadata
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def serve(name, version, ops, answer, batch=False, channel=None):
    """Runs the loop: answer(case) -> ("result", R) | ("error", text) | ("na", why). `ops` is the
    adapter's capabilities (see capabilities()); a case it does not cover is answered n/a here,
    before answer() sees it. An adapter whose imports may print passes the Channel it opened
    before them."""
    caps = capabilities(ops)
    ch = channel or Channel()
    ch.send(hello(name, version, caps, batch))
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        case = json.loads(line)
        why = not_served(name, caps, case)
        if why:
            ch.send({"id": case.get("id"), "na": why})
            continue
        try:
            kind, value = answer(case)
        except NA as e:
            kind, value = "na", str(e)
        except RecursionError:
            kind, value = "error", "RecursionError"
        except Exception as e:  # an implementation's refusal, whatever its exception type
            kind, value = "error", f"{type(e).__name__}: {e}"[:300]
        ch.send({"id": case.get("id"), kind: value})


# --------------------------------------------------------------------------
# The ops the runner holds implementations against, and the operand kinds
# --------------------------------------------------------------------------

# The layout algebra (CuTe's names), then issue 41's operations (docs/algebra.md). OPS is the one
# list: the runner loads the cases of these ops, and an adapter declares which of them it serves.
LAYOUT_OPS = ["evaluate", "coalesce", "composition", "complement", "logical_divide", "zipped_divide",
              "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
              "flat_product", "blocked_product", "raked_product", "right_inverse", "left_inverse"]
NEW_OPS = ["make_layout", "make_ordered_layout", "make_layout_like", "tile_to_shape", "local_tile",
           "local_partition", "inner_partition", "outer_partition", "upcast", "downcast", "recast_layout",
           "nullspace", "coalesce_z", "layout_add", "greatest_common_domain"]
OPS = LAYOUT_OPS + NEW_OPS

# Operands beyond integer layouts, as the wire writes them (docs/algebra.md, "Wire forms"):
#   composed  {"swizzle": [B,M,S], "offset": k, "layout": L}  (Sw o k o L)
#   swizzle   {"swizzle": [B,M,S]}                            (a swizzle as composition's B)
#   coord     a stride entry {"basis": [p...], "scale": k}    (CuTe's ScaledBasis, k@p)
#   f2        a stride entry {"f2": v}                        (PyCuTe's F2 strides)
KINDS = ("composed", "swizzle", "coord", "f2")


def operand_kinds(args):
    """The kinds (KINDS) of a case's operands; empty for integer layouts, tilers and tuples."""
    found = set()

    def walk(x):
        if isinstance(x, list):
            for e in x:
                walk(e)
        elif isinstance(x, dict):
            if "swizzle" in x:
                found.add("composed" if "layout" in x else "swizzle")
            if "basis" in x:
                found.add("coord")
            if "f2" in x:
                found.add("f2")
            for v in x.values():
                walk(v)

    walk(args)
    return frozenset(found)


def case_label(op, args):
    """The row a case is counted in: the op, with its operand kinds when there are any
    ("composition [composed]", "nullspace [f2]")."""
    kinds = operand_kinds(args)
    return f"{op} [{'+'.join(sorted(kinds))}]" if kinds else op


def capabilities(ops):
    """An adapter's capabilities as {op: frozenset of the operand kinds it takes beyond integer
    layouts}, from a list of op names (integer operands only) or a dict op -> kinds."""
    if isinstance(ops, dict):
        return {op: frozenset(k) for op, k in ops.items()}
    return {op: frozenset() for op in ops}


def hello(name, version, caps, batch=False):
    """The handshake line: the ops served, and for each op that takes other operand kinds, which."""
    return {"adapter": name, "version": version, "ops": sorted(caps),
            "kinds": {op: sorted(k) for op, k in sorted(caps.items()) if k}, "batch": batch}


def not_served(name, caps, case):
    """Why the adapter does not answer this case (n/a), or None if its capabilities cover it."""
    op = case.get("op")
    if op not in caps:
        return f"{name} has no {op}"
    extra = operand_kinds(case.get("args")) - caps[op]
    if extra:
        return f"{name}'s {op} takes no {' or '.join(sorted(extra))} operand"
    return None
