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


def package_version(dist):
    from importlib import metadata
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def serve(name, version, ops, answer, batch=False, channel=None):
    """Runs the loop: answer(case) -> ("result", R) | ("error", text) | ("na", why). An adapter
    whose imports may print passes the Channel it opened before them."""
    ch = channel or Channel()
    ch.send({"adapter": name, "version": version, "ops": sorted(ops), "batch": batch})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        case = json.loads(line)
        if case.get("op") not in ops:
            ch.send({"id": case.get("id"), "na": f"{name} has no {case.get('op')}"})
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


LAYOUT_OPS = ["evaluate", "coalesce", "composition", "complement", "logical_divide", "zipped_divide",
              "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
              "flat_product", "blocked_product", "raked_product", "right_inverse", "left_inverse"]
