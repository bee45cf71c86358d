#!/usr/bin/env python3
"""Adapter for tensor-layouts (pure Python), run with its venv's python. A tiler is a plain tuple
(its Tile type takes layouts only); an integer n in a tiler is the layout n:1.

Of issue 41's operations tensor-layouts has the compact layouts (Layout(shape) is column-major,
compute_row_major_strides the row-major strides), make_ordered_layout and tile_to_shape (in
tensor_layouts.layout_utils; their order is a permutation, order[i] = the i-th fastest mode, where
CuTe's gives each mode its rank: CuTe's flat order with distinct ranks is translated, a nested or
tied one is n/a), upcast, downcast and nullspace (integer layouts only). Its make_layout_like(layout,
tiler) is another operation than CuTe's make_layout_like(layout), and it has no recast_layout,
local_tile, local_partition, inner/outer_partition, coalesce_z, layout_add, greatest_common_domain.
Swizzled layouts are its ComposedLayout(Swizzle(B, M, S), L, offset=k); its compose, coalesce and
inverses take them, and compose takes a Swizzle as B. A result the wire has no form for (a layout
after a composed layout) is answered as its table, {"table": [...]}."""
import contextlib
import sys

from protocol import (LAYOUT_OPS, NA, inverse_form, is_composed, is_layout, is_swizzle, package_version, serve,
                      tiler_elements, to_json, to_tuple)

with contextlib.redirect_stdout(sys.stderr):
    import tensor_layouts as tl
    from tensor_layouts import ComposedLayout, Layout, Swizzle
    from tensor_layouts import layout_utils


def layout(a):
    return Layout(to_tuple(a["shape"]), to_tuple(a["stride"]))


def x(a):
    """A layout, a swizzled layout Sw o k o L (ComposedLayout(outer=Swizzle, inner=L, offset=k)) or
    a swizzle."""
    if is_composed(a):
        return ComposedLayout(Swizzle(*a["swizzle"]), layout(a["layout"]), offset=a.get("offset", 0))
    if is_swizzle(a):
        return Swizzle(*a["swizzle"])
    return layout(a)


def second(b, tiler_ok=True):
    if is_layout(b) or is_composed(b) or is_swizzle(b):
        return x(b)
    if not tiler_ok:
        raise NA("this op takes a layout, not a tiler")
    return tiler_elements(b, layout, lambda n: Layout(n, 1))


def layout_json(r):
    return {"shape": to_json(r.shape), "stride": to_json(r.stride)}


def result(r):
    if isinstance(r, Layout):
        return layout_json(r)
    if isinstance(r, ComposedLayout):
        if isinstance(r.outer, Swizzle) and isinstance(r.inner, Layout):
            return {"swizzle": [r.outer.bits, r.outer.base, r.outer.shift], "offset": r.offset,
                    "layout": layout_json(r.inner)}
        if isinstance(r.outer, Layout) and isinstance(r.inner, Swizzle):  # CuTe's L o k o Sw
            return inverse_form(layout_json(r.outer), r.offset, [r.inner.bits, r.inner.base, r.inner.shift])
        n = tl.size(r)
        if n > 1 << 16:
            raise NA(f"returns {r!r}, which the wire has no form for, too large to tabulate")
        return {"table": [int(r(i)) for i in range(n)]}
    raise NA(f"returns a {type(r).__name__}, not a layout")


def order(o, shape):
    """CuTe's order (each mode's rank) as tensor-layouts' permutation (the modes, fastest first);
    None is its default, column-major."""
    flat = not isinstance(shape, list) or all(not isinstance(e, list) for e in shape)
    if o == "LayoutLeft" or (isinstance(o, int) and not isinstance(shape, list)):
        return None
    n = len(shape) if isinstance(shape, list) else 1
    if o == "LayoutRight" and flat:
        return tuple(reversed(range(n)))
    if isinstance(o, list) and flat and all(isinstance(e, int) for e in o) and len(set(o)) == len(o):
        return tuple(sorted(range(len(o)), key=lambda i: o[i]))
    raise NA(f"tensor-layouts' order is a permutation of the top-level modes; CuTe's {o!r} on {shape!r} is not one")


FUNCS = {"composition": tl.compose, **{op: getattr(tl, op) for op in LAYOUT_OPS if hasattr(tl, op)}}


def answer(case):
    op, args = case["op"], case["args"]
    if op == "make_layout":
        s = to_tuple(args[0])
        if len(args) == 2 and args[1] == "LayoutRight":
            return "result", result(Layout(s, tl.compute_row_major_strides(s)))
        return "result", result(Layout(s))
    if op == "make_ordered_layout":
        return "result", result(layout_utils.make_ordered_layout(to_tuple(args[0]), order(args[1], args[0])))
    if op == "tile_to_shape":
        r = len(args[1]) if isinstance(args[1], list) else 1
        o = order(args[2], [0] * r) if len(args) == 3 else None
        return "result", result(layout_utils.tile_to_shape(x(args[0]), to_tuple(args[1]), o))
    a = x(args[0])
    if op == "evaluate":
        return "result", [int(a(i)) for i in range(tl.size(a))]
    if op in ("upcast", "downcast"):
        return "result", result(getattr(tl, op)(a, args[1]))
    if op == "nullspace":
        return "result", result(tl.nullspace(a))
    f = FUNCS[op]
    if op in ("coalesce", "complement"):
        return "result", result(f(a, to_tuple(args[1])) if len(args) == 2 else f(a))
    if op in ("right_inverse", "left_inverse"):
        return "result", result(f(a))
    return "result", result(f(a, second(args[1], op not in ("blocked_product", "raked_product"))))


CAPS = {op: () for op in LAYOUT_OPS if op == "evaluate" or op in FUNCS}
CAPS.update({op: ("composed",) for op in ("evaluate", "coalesce", "right_inverse", "left_inverse")})
CAPS["composition"] = ("composed", "swizzle")
CAPS.update({"make_layout": (), "make_ordered_layout": (), "tile_to_shape": ("composed",), "upcast": (),
             "downcast": (), "nullspace": ()})
if __name__ == "__main__":  # an adapter serves when run, never when imported
    serve("tensor-layouts", package_version("tensor-layouts"), CAPS, answer)
