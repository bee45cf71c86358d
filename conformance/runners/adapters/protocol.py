"""The adapter side of the conformance protocol (docs/adapter-protocol.md), shared by the
adapters: one handshake line, then one answer line per case line, flushed; anything the
implementation prints goes to stderr, never into the protocol stream."""
import importlib.util
import json
import os
import sys


def _load_shared():
    """The suite's one definition of its ops, operand kinds, cases and classes
    (conformance/runners/conformance_classes.py, standard library only), loaded by its path: an adapter
    runs in a venv of its own, without catlayout."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, os.pardir, "conformance_classes.py")
    name = "catlayout_conformance_classes"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, os.path.normpath(path))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


shared = _load_shared()
OPS, LAYOUT_OPS, NEW_OPS, KINDS = shared.OPS, shared.LAYOUT_OPS, shared.NEW_OPS, shared.KINDS
operand_kinds, case_label, capabilities, not_served = (shared.operand_kinds, shared.case_label, shared.capabilities,
                                                       shared.not_served)
is_composed = shared.is_composed

# The protocol this module speaks (docs/adapter-protocol.md): the handshake carries it, and the
# runner refuses an adapter whose major version it does not know.
PROTOCOL = "catlayout-adapter/1"


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
    """CuTe's L o k o Sw (the inverse of a swizzled layout with an offset) in the wire's
    composed-chain form (docs/vector-format.md, "composed chain")."""
    return {"outer": outer, "offset": offset, "layout": {"swizzle": swizzle}}


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


def hello(name, version, caps, batch=False):
    """The handshake line: the ops served, and for each op that takes other operand kinds, which."""
    return {"protocol": PROTOCOL, "adapter": name, "version": version, "ops": sorted(caps),
            "kinds": {op: sorted(k) for op, k in sorted(caps.items()) if k}, "batch": batch}
