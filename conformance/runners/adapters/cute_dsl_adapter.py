#!/usr/bin/env python3
"""Adapter for CuTe DSL (nvidia-cutlass-dsl), run with its venv's python; no GPU needed. Each case
runs one argument-less @cute.jit function traced for the host; its body calls plain Python that
builds the (static) layouts and calls the op, so the result's shape and stride are Python ints at
trace time, captured into a list and answered after the call returns."""
import os

from protocol import LAYOUT_OPS, Channel, is_layout, package_version, serve, tiler_elements, to_json, to_tuple

channel = Channel()  # fd 1 to stderr before the DSL and MLIR load
os.environ.setdefault("CUTE_DSL_DISABLE_FILE_CACHING", "1")  # a fresh trace each case; ~35% faster

import cutlass.cute as cute  # noqa: E402


def layout(a):
    return cute.make_layout(to_tuple(a["shape"]), stride=to_tuple(a["stride"]))


def second(b, tiler_ok=True):
    if is_layout(b):
        return layout(b)
    if not tiler_ok:
        raise TypeError("this op takes a layout, not a tiler")
    return tiler_elements(b, layout, lambda n: n)  # the DSL packs an integer n as n:1


def result(r):
    if not isinstance(r, cute.Layout):
        raise TypeError(f"returns a {type(r).__name__}, not a layout")
    return {"shape": to_json(r.shape), "stride": to_json(r.stride)}


def compute(op, args):
    a = layout(args[0])
    if op == "evaluate":
        return [int(cute.crd2idx(i, a)) for i in range(int(cute.size(a)))]
    f = getattr(cute, op)
    if op == "coalesce":
        return result(f(a, target_profile=to_tuple(args[1])) if len(args) == 2 else f(a))
    if op == "complement":  # CuTe's default cotarget is cosize(A)
        return result(f(a, to_tuple(args[1]) if len(args) == 2 else int(cute.cosize(a))))
    if op in ("right_inverse", "left_inverse"):
        return result(f(a))
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


serve("cute-dsl", package_version("nvidia-cutlass-dsl"), LAYOUT_OPS, answer, channel=channel)
