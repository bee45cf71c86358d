#!/usr/bin/env python3
"""Adapter for FlyDSL (ROCm), run with its venv's python. Layouts are computed while building
FlyDSL's IR: each case builds fly ops in a fresh module of one MLIR context, and a static result
carries its shape and stride in its type (!fly.layout<S:D>), read back as ints. FlyDSL imports
torch but never uses it for layouts: without torch, stub/torch stands in. Inadmissible input can
abort the process (a C++ assertion); the runner records that as the case's crash and restarts."""
import os
import sys

from protocol import LAYOUT_OPS, Channel, is_layout, package_version, serve, tiler_elements, to_tuple

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


def second(b):
    if is_layout(b):
        return layout(b)
    return fx.make_tile(*tiler_elements(b, layout, lambda n: n))


def read_tuple(ty):
    ty = fx.IntTupleType(ty)
    if ty.is_leaf:
        if not ty.is_static or ty.is_leaf_basis:
            raise ValueError(f"not a static integer: {ty}")
        return int(ty.get_static_leaf_int)
    return [read_tuple(ty.at(i)) for i in range(ty.rank)]


def read_layout(val):
    lt = fx.LayoutType(val.type)
    if not lt.is_static:
        raise ValueError(f"not a static layout: {val.type}")
    return {"shape": read_tuple(lt.shape), "stride": read_tuple(lt.stride)}


def compute(op, args):
    a = layout(args[0])
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


serve("flydsl", package_version("flydsl"), LAYOUT_OPS, answer, channel=Channel.early)
