#!/usr/bin/env python3
"""Adapter for CuTe DSL (nvidia-cutlass-dsl), run with its venv's python; no GPU needed. Each case
runs one argument-less @cute.jit function traced for the host; its body calls plain Python that
builds the (static) layouts and calls the op, so the result's shape and stride are Python ints at
trace time, captured into a list and answered after the call returns.

Of issue 41's operations the DSL has make_layout (column-major only), make_ordered_layout,
make_layout_like, tile_to_shape (its order is required: CuTe's default, LayoutLeft, is passed as
the column-major order), local_tile and local_partition (on tensors: a tensor over the integer
iterator 0, `make_tensor(0, L)`, whose partition's iterator is the offset), recast_layout and
nullspace. It has no upcast, downcast, inner_partition, outer_partition, nor PyCuTe's coalesce_z,
layout_add, greatest_common_domain. A swizzled layout is make_composed_layout(make_swizzle(B, M, S),
k, L); composition takes it as A only (its B is a layout or a tiler), and the inverses and
nullspace take a Layout only."""
import os

from protocol import (NA, Channel, is_composed, is_layout, major_order, package_version, serve, tiler_elements,
                      to_json, to_tuple)

channel = Channel()  # fd 1 to stderr before the DSL and MLIR load
os.environ.setdefault("CUTE_DSL_DISABLE_FILE_CACHING", "1")  # a fresh trace each case; ~35% faster

import cutlass  # noqa: E402
import cutlass.cute as cute  # noqa: E402


def layout(a):
    return cute.make_layout(to_tuple(a["shape"]), stride=to_tuple(a["stride"]))


def x(a):
    """A layout or a swizzled layout Sw<B,M,S> o k o L."""
    if is_composed(a):
        return cute.make_composed_layout(cute.make_swizzle(*a["swizzle"]), a.get("offset", 0), layout(a["layout"]))
    return layout(a)


def second(b, tiler_ok=True):
    if is_layout(b):
        return layout(b)
    if not tiler_ok:
        raise TypeError("this op takes a layout, not a tiler")
    return tiler_elements(b, layout, lambda n: n)  # the DSL packs an integer n as n:1


def coord(c):
    """A wire coordinate (null for CuTe's _) as the DSL's: None is its underscore."""
    return tuple(coord(e) for e in c) if isinstance(c, list) else c


def result(r):
    if isinstance(r, cute.ComposedLayout):
        sw = r.inner
        if not isinstance(sw, cute.Swizzle):
            raise TypeError(f"a composed layout whose inner is a {type(sw).__name__}, not a swizzle")
        return {"swizzle": [sw.num_bits, sw.num_base, sw.num_shift], "offset": to_json(r.offset),
                "layout": result(r.outer)}
    if not isinstance(r, cute.Layout):
        raise TypeError(f"returns a {type(r).__name__}, not a layout")
    return {"shape": to_json(r.shape), "stride": to_json(r.stride)}


def partition(t):
    """A partitioned tensor over the integer iterator 0: its layout, and its iterator as the offset."""
    if not isinstance(t.iterator, int):
        raise TypeError(f"the partition's iterator is {t.iterator!r}, not a static integer")
    return {"layout": result(t.layout), "offset": t.iterator}


def compute(op, args):
    if op == "make_layout":
        if len(args) == 2 and args[1] != "LayoutLeft":
            raise NA("the DSL's make_layout(shape) is column-major only (row-major is make_ordered_layout)")
        return result(cute.make_layout(to_tuple(args[0])))
    if op == "make_ordered_layout":
        return result(cute.make_ordered_layout(to_tuple(args[0]), order=major_order(args[1], args[0])))
    if op == "tile_to_shape":
        rank = len(args[1]) if isinstance(args[1], list) else 1
        order = args[2] if len(args) == 3 else "LayoutLeft"
        order = major_order(order, [0] * rank if isinstance(args[1], list) else 0)
        return result(cute.tile_to_shape(x(args[0]), to_tuple(args[1]), order))
    if op in ("local_tile", "local_partition"):
        t = cute.make_tensor(0, layout(args[0]))
        proj = coord(args[3]) if len(args) == 4 else None
        if op == "local_tile":
            return partition(cute.local_tile(t, second(args[1]), coord(args[2]), proj))
        return partition(cute.local_partition(t, layout(args[1]), cutlass.Int32(args[2]),
                                              1 if proj is None else proj))
    if op == "recast_layout":  # the wire's [L, old bits, new bits]; the DSL's (new, old, L)
        return result(cute.recast_layout(args[2], args[1], x(args[0])))
    a = x(args[0])
    if op == "evaluate":
        return [int(cute.crd2idx(i, a)) for i in range(int(cute.size(a)))]
    if op == "make_layout_like":
        return result(cute.make_layout_like(a))
    if op == "nullspace":
        return result(cute.nullspace(a))
    f = getattr(cute, op)
    if op == "coalesce":
        return result(f(a, target_profile=to_tuple(args[1])) if len(args) == 2 else f(a))
    if op == "complement":  # CuTe's default cotarget is cosize(A)
        return result(f(a, to_tuple(args[1]) if len(args) == 2 else int(cute.cosize(a))))
    if op in ("right_inverse", "left_inverse"):
        return result(f(a))
    if is_composed(args[1]):
        raise NA("the DSL's composition takes a layout or a tiler as B, not a composed layout")
    return result(f(a, second(args[1], op not in ("blocked_product", "raked_product"))))


job, answers = [None], []


@cute.jit
def trace():
    job[0]()  # plain Python, not rewritten by the DSL's preprocessor: runs at trace time


def answer(case):
    answers.clear()
    job[0] = lambda: answers.append(compute(case["op"], case["args"]))
    trace()
    if not answers:
        raise RuntimeError("the jit function produced no result")
    return "result", answers[0]


CAPS = {op: () for op in ("evaluate", "coalesce", "composition", "complement", "logical_divide", "zipped_divide",
                          "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
                          "flat_product", "blocked_product", "raked_product", "right_inverse", "left_inverse",
                          "make_layout", "make_ordered_layout", "make_layout_like", "local_tile",
                          "local_partition", "nullspace")}
CAPS.update({op: ("composed",) for op in ("evaluate", "coalesce", "tile_to_shape", "recast_layout")})
CAPS["composition"] = ("composed",)  # as A: the DSL's composition takes no composed layout or swizzle as B
if __name__ == "__main__":  # an adapter serves when run, never when imported
    serve("cute-dsl", package_version("nvidia-cutlass-dsl"), CAPS, answer, channel=channel)
