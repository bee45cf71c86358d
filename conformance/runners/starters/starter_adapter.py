#!/usr/bin/env python3
"""A starter adapter for the catlayout conformance suite, in one file: copy it, put your own
implementation between the two "YOUR IMPLEMENTATION" lines, and run

    catlayout conformance self-test --adapter 'python3 starter_adapter.py'   # is the protocol right?
    catlayout conformance run --adapter 'python3 starter_adapter.py'         # every case of the corpus

It speaks catlayout-adapter/1 (docs/adapter-protocol.md): one handshake line on stdout, then for
each case line read from stdin ({"id", "op", "args"}) one answer line ({"id", "result": R},
{"id", "error": text} or {"id", "na": why}). As shipped it wraps catlayout's own Python package
(`pip install catlayout`), so it agrees with the reference on every case of the ops it declares.
Python 3 standard library only, apart from the implementation it wraps.
"""
import json
import os
import sys

PROTOCOL = "catlayout-adapter/1"

# ======================= YOUR IMPLEMENTATION: from here =======================
# Replace the import and the functions in OPS with your own. Each takes the case's args in their
# wire form (catlayout's docs/vector-format.md: a layout is {"shape": T, "stride": T}, an int tuple an int or nested lists,
# a tiler {"tiler": [...]}) and returns the result in its wire form (a layout {"shape", "stride"},
# evaluate's list of values). Raise any exception to refuse (the reference's errors are refusals
# too); raise NotImplementedError for what your implementation cannot express (n/a).
import catlayout as impl  # noqa: E402

NAME = "catlayout-python"
VERSION = getattr(impl, "__version__", "unknown")


def tup(t):
    """A wire int tuple as nested Python tuples."""
    return tuple(tup(e) for e in t) if isinstance(t, list) else t


def lists(t):
    """Nested Python tuples as a wire int tuple."""
    return [lists(e) for e in t] if isinstance(t, tuple) else int(t)


def layout(j):
    return impl.Layout(tup(j["shape"]), tup(j["stride"]))


def tiler(j):
    """A layout, or a wire tiler {"tiler": [X, ...]} as a tuple (X: an integer n, a layout, a tiler)."""
    if "shape" in j:
        return layout(j)
    return tuple(x if isinstance(x, int) else tiler(x) for x in j["tiler"])


def wire(result):
    return {"shape": lists(result.shape), "stride": lists(result.stride)}


def evaluate(a):
    f = layout(a)
    return [f(i) for i in range(impl.size(f))]


def by_tiler(fn):
    return lambda a, b: wire(fn(layout(a), tiler(b)))


OPS = {
    "evaluate": evaluate,
    "coalesce": lambda a, profile=None: wire(impl.coalesce(layout(a), None if profile is None else tup(profile))),
    "composition": by_tiler(impl.composition),
    "complement": lambda a, n=None: wire(impl.complement(layout(a), n)),
    "logical_divide": by_tiler(impl.logical_divide),
    "zipped_divide": by_tiler(impl.zipped_divide),
    "tiled_divide": by_tiler(impl.tiled_divide),
    "flat_divide": by_tiler(impl.flat_divide),
    "logical_product": by_tiler(impl.logical_product),
    "zipped_product": by_tiler(impl.zipped_product),
    "tiled_product": by_tiler(impl.tiled_product),
    "flat_product": by_tiler(impl.flat_product),
    "blocked_product": lambda a, b: wire(impl.blocked_product(layout(a), layout(b))),
    "raked_product": lambda a, b: wire(impl.raked_product(layout(a), layout(b))),
    "right_inverse": lambda a: wire(impl.right_inverse(layout(a))),
    "left_inverse": lambda a: wire(impl.left_inverse(layout(a))),
}
# The operand kinds beyond integer layouts each op takes ({op: ["composed", "swizzle", "coord",
# "f2"]}); the runner answers n/a for the cases of other kinds without sending them.
KINDS = {}
# ======================= YOUR IMPLEMENTATION: to here =========================


def main():
    # The protocol owns stdout: keep a duplicate of it for the answers and point fd 1 at stderr, so
    # that nothing the implementation prints (Python or native code) can reach the stream.
    sys.stdout.flush()
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def send(obj):
        out.write(json.dumps(obj, separators=(",", ":")) + "\n")
        out.flush()

    send({"protocol": PROTOCOL, "adapter": NAME, "version": VERSION, "ops": sorted(OPS),
          "kinds": {op: k for op, k in KINDS.items() if k}, "batch": False})
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        fn = OPS.get(case["op"])
        try:
            if fn is None:
                raise NotImplementedError(f"{NAME} has no {case['op']}")
            answer = {"result": fn(*case["args"])}
        except NotImplementedError as e:
            answer = {"na": str(e) or "not implemented"}
        except RecursionError:
            answer = {"error": "RecursionError"}
        except Exception as e:  # a refusal, whatever the exception's type
            answer = {"error": f"{type(e).__name__}: {e}"[:300]}
        send({"id": case["id"], **answer})


if __name__ == "__main__":
    main()
