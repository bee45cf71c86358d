#!/usr/bin/env python3
"""Adapter for pycute (shipped in the nvidia-cutlass wheel), run with that venv's python. The
call mapping of the layout algebra is the differential oracle's (conformance/oracle/cute_oracle.py),
shared, not copied. Of issue 41's operations pycute has only the compact column-major layout
(`Layout(shape)`, CuTe's make_layout(shape) and make_layout(shape, LayoutLeft)); its
`make_layout(*layouts)` concatenates layouts, another operation. Its ComposedLayout (swizzle.py)
evaluates, but its algebra (composition, coalesce, the inverses, ...) takes Layouts only: composed
operands are answered for evaluate alone, everything else is n/a."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "oracle"))
import cute_oracle  # noqa: E402
from protocol import LAYOUT_OPS, NA, serve, to_tuple  # noqa: E402

import pycute  # noqa: E402
from pycute.swizzle import ComposedLayout, Swizzle  # noqa: E402


def version():
    from importlib import metadata
    try:
        return metadata.version("nvidia-cutlass")
    except metadata.PackageNotFoundError:
        return "unknown"


def composed(x):
    return ComposedLayout(Swizzle(*x["swizzle"]), x.get("offset", 0), cute_oracle.py_layout(pycute, x["layout"]))


def answer(case):
    op, args = case["op"], case["args"]
    if op == "make_layout":
        if len(args) == 2 and args[1] != "LayoutLeft":
            raise NA("pycute's Layout(shape) is column-major only")
        return "result", cute_oracle.py_result(pycute, pycute.Layout(to_tuple(args[0])))
    if op == "evaluate" and isinstance(args[0], dict) and "swizzle" in args[0]:
        c = composed(args[0])
        return "result", [cute_oracle.from_tup(c(i)) for i in range(pycute.size(c))]
    kind, value = cute_oracle.pycute_compute_one(pycute, case)
    if kind == "value":
        if isinstance(value, dict) and "non_layout_result" in value:
            return "error", "not a layout: " + value["non_layout_result"]
        return "result", value
    if kind == "n/a":
        return "na", value
    return "error", value


CAPS = {op: () for op in LAYOUT_OPS if op == "evaluate" or hasattr(pycute, op)}
CAPS["evaluate"] = ("composed",)
CAPS["make_layout"] = ()
if __name__ == "__main__":  # an adapter serves when run, never when imported
    serve("pycute", version(), CAPS, answer)
