#!/usr/bin/env python3
"""Adapter for tensor-layouts (pure Python), run with its venv's python. A tiler is a plain tuple
(its Tile type takes layouts only); an integer n in a tiler is the layout n:1."""
import contextlib
import sys

from protocol import LAYOUT_OPS, NA, is_layout, package_version, serve, tiler_elements, to_json, to_tuple

with contextlib.redirect_stdout(sys.stderr):
    import tensor_layouts as tl
    from tensor_layouts import Layout


def layout(a):
    return Layout(to_tuple(a["shape"]), to_tuple(a["stride"]))


def second(b, tiler_ok=True):
    if is_layout(b):
        return layout(b)
    if not tiler_ok:
        raise NA("this op takes a layout, not a tiler")
    return tiler_elements(b, layout, lambda n: Layout(n, 1))


def result(r):
    if not isinstance(r, Layout):
        raise NA(f"returns a {type(r).__name__}, not a layout")
    return {"shape": to_json(r.shape), "stride": to_json(r.stride)}


FUNCS = {"composition": tl.compose, **{op: getattr(tl, op) for op in LAYOUT_OPS if hasattr(tl, op)}}


def answer(case):
    op, args = case["op"], case["args"]
    a = layout(args[0])
    if op == "evaluate":
        return "result", [int(a(i)) for i in range(tl.size(a))]
    f = FUNCS[op]
    if op in ("coalesce", "complement"):
        return "result", result(f(a, to_tuple(args[1])) if len(args) == 2 else f(a))
    if op in ("right_inverse", "left_inverse"):
        return "result", result(f(a))
    return "result", result(f(a, second(args[1], op not in ("blocked_product", "raked_product"))))


serve("tensor-layouts", package_version("tensor-layouts"), [op for op in LAYOUT_OPS if op == "evaluate" or op in FUNCS],
      answer)
