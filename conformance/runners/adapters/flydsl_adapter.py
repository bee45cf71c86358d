#!/usr/bin/env python3
"""Adapter for FlyDSL (ROCm), run with its venv's python. Layouts are computed while building
FlyDSL's IR: each case builds fly ops in a fresh module of one MLIR context, and a static result
carries its shape and stride in its type (!fly.layout<S:D>, !fly.composed_layout<S<B,M,S> o k o L>),
read back as ints. FlyDSL imports torch but never uses it for layouts: without torch, stub/torch
stands in. Inadmissible input can abort the process (a C++ assertion); the runner records that as
the case's crash and restarts.

Of issue 41's operations FlyDSL has make_ordered_layout, make_layout_like, tile_to_shape (its order
is required: CuTe's default, LayoutLeft, is passed as the column-major order) and recast_layout.
Its make_layout needs a stride (no compact layout), and it has no local_tile, local_partition,
inner/outer_partition (no such fly ops), upcast, downcast, nullspace, coalesce_z, layout_add,
greatest_common_domain. A swizzled layout is make_composed_layout(static(SwizzleType(B, M, S)), k, L);
its composition takes one as A (B is a layout or a tile: CompositionOp refuses a composed layout or
a swizzle), and its coalesce, inverses, crd2idx, tile_to_shape and recast_layout take one."""
import os
import sys

from protocol import (NA, Channel, is_composed, is_layout, major_order, package_version, serve, tiler_elements,
                      to_tuple)

Channel.early = Channel()  # fd 1 to stderr before FlyDSL's C++ layers load
try:
    import torch  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "stub"))

import flydsl.expr as fx  # noqa: E402
from flydsl._mlir import ir  # noqa: E402
from flydsl._mlir.dialects import fly  # noqa: E402

CTX = ir.Context()
CTX.enable_multithreading(False)
CTX.load_all_available_dialects()


def layout(a):
    return fx.make_layout(to_tuple(a["shape"]), to_tuple(a["stride"]))


def x(a):
    """A layout or a swizzled layout Sw<B,M,S> o k o L."""
    if is_composed(a):
        return fx.make_composed_layout(fx.static(fx.SwizzleType.get(*a["swizzle"])), a.get("offset", 0),
                                       layout(a["layout"]))
    return layout(a)


def second(b):
    if is_layout(b):
        return layout(b)
    if is_composed(b):
        raise NA("FlyDSL's composition takes a layout or a tile as B, not a composed layout")
    return fx.make_tile(*tiler_elements(b, layout, lambda n: n))


def read_tuple(ty):
    ty = fx.IntTupleType(ty)
    if ty.is_leaf:
        if not ty.is_static or ty.is_leaf_basis:
            raise ValueError(f"not a static integer: {ty}")
        return int(ty.get_static_leaf_int)
    return [read_tuple(ty.at(i)) for i in range(ty.rank)]


def read_layout_type(lt):
    if not lt.is_static:
        raise ValueError(f"not a static layout: {lt}")
    return {"shape": read_tuple(lt.shape), "stride": read_tuple(lt.stride)}


def read_layout(val):
    """A result: a static layout, or a composed layout whose inner is a swizzle."""
    if str(val.type).startswith("!fly.composed_layout"):
        ct = fx.ComposedLayoutType(val.type)
        if not str(ct.inner).startswith("!fly.swizzle"):
            raise ValueError(f"a composed layout whose inner is not a swizzle: {val.type}")
        sw = fx.SwizzleType(ct.inner)
        return {"swizzle": [sw.mask, sw.base, sw.shift], "offset": read_tuple(ct.offset),
                "layout": read_layout_type(fx.LayoutType(ct.outer))}
    return read_layout_type(fx.LayoutType(val.type))


def compute(op, args):
    if op == "make_ordered_layout":
        return read_layout(fx.make_ordered_layout(to_tuple(args[0]), major_order(args[1], args[0])))
    if op == "tile_to_shape":
        rank = len(args[1]) if isinstance(args[1], list) else 1
        order = major_order(args[2] if len(args) == 3 else "LayoutLeft",
                            [0] * rank if isinstance(args[1], list) else 0)
        return read_layout(fx.tile_to_shape(x(args[0]), to_tuple(args[1]), order))
    a = x(args[0])
    if op == "recast_layout":
        return read_layout(fx.recast_layout(a, args[1], args[2]))
    if op == "make_layout_like":
        return read_layout(fx.make_layout_like(a))
    if op == "evaluate":  # the dialect's crd2idx: fx.crd2idx's location tracing is ~7x slower
        n = read_tuple(fx.size(a).type)
        return [read_tuple(fly.crd2idx(fly.static(fx.IntTupleType.get(i)), a).type) for i in range(n)]
    f = getattr(fx, op)
    if op in ("coalesce", "complement"):
        return read_layout(f(a, to_tuple(args[1])) if len(args) == 2 else f(a))
    if op in ("right_inverse", "left_inverse"):
        return read_layout(f(a))
    return read_layout(f(a, second(args[1])))


def answer(case):
    with CTX, ir.Location.unknown():
        module = ir.Module.create()  # one module a case, dropped after it
        with ir.InsertionPoint(module.body):
            return "result", compute(case["op"], case["args"])


CAPS = {op: () for op in ("complement", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
                          "logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product",
                          "raked_product", "make_ordered_layout", "make_layout_like")}
CAPS.update({op: ("composed",) for op in ("evaluate", "coalesce", "composition", "right_inverse", "left_inverse",
                                          "tile_to_shape", "recast_layout")})
if __name__ == "__main__":  # an adapter serves when run, never when imported
    serve("flydsl", package_version("flydsl"), CAPS, answer, channel=Channel.early)
