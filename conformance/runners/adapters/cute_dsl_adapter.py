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
import sys

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


# ---- operands in CuTe's print with its marks (docs/vector-format.md, "Static and run-time integers"):
# a static integer `_4` is a Python int, the DSL's static value; a run-time `4` an argument
# `cutlass.Int32` of the jit function, known only when it runs. The answer's static entries are
# read at trace time (a Python int), the run-time ones (`?`) from the compiled function's run on
# the host (`cute.printf` into a file), and printed as CuTe does: `_4` static, `4` run-time.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "spec"))
from layoutspec.runtime import read  # noqa: E402

MARKED_OPS = ("coalesce", "composition", "complement", "logical_divide", "zipped_divide", "tiled_divide",
              "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product",
              "blocked_product", "raked_product", "right_inverse", "left_inverse", "make_layout")


def marked_leaves(v):
    if isinstance(v, tuple) and v[0] == "layout":
        return marked_leaves(v[1]) + marked_leaves(v[2])
    if isinstance(v, tuple) and v[0] == "int":
        return [v[1]]
    if isinstance(v, tuple):
        return [v]
    return [y for e in v for y in marked_leaves(e)]


def built(v, dyn):
    """A read print (layoutspec.runtime.read) as DSL values, run-time leaves from the iterator dyn."""
    def tup(t):
        if isinstance(t, tuple):
            return t[0] if t[1] else next(dyn)
        return tuple(tup(e) for e in t)
    if isinstance(v, tuple) and v[0] == "layout":
        return cute.make_layout(tup(v[1]), stride=tup(v[2]))
    if isinstance(v, tuple) and v[0] == "int":
        return tup(v[1])
    return tuple(built(e, dyn) for e in v)  # a by-mode tiler


def marked_compute(op, vals, args):
    if op == "make_layout":
        if len(args) == 2 and args[1] != "LayoutLeft":
            raise NA("the DSL's make_layout(shape) is column-major only (row-major is make_ordered_layout)")
        return cute.make_layout(vals[0])
    f = getattr(cute, op)
    if op == "complement":  # CuTe's default cotarget is cosize(A); the DSL asks for it
        return f(vals[0], vals[1] if len(vals) == 2 else cute.cosize(vals[0]))
    if op in ("coalesce", "right_inverse", "left_inverse"):
        return f(vals[0])
    return f(vals[0], vals[1])


def merged(form, run):
    """CuTe's print of a value whose trace-time form has `?` where its run-time print has values."""
    import re
    form = re.sub(r"\{[^}]*\}", "", form)  # the DSL's `?{div=3}` divisibility notes
    ft, rt = re.findall(r"\?|-?\d+|[^\s\d?-]", form), re.findall(r"-?\d+|[^\s\d-]", run)
    if len(ft) != len(rt):
        raise RuntimeError(f"the traced form {form!r} and the run-time print {run!r} differ in shape")
    return "".join(("" if f == "?" else "_") + r if (f == "?" or f.lstrip("-").isdigit()) else f
                   for f, r in zip(ft, rt))


def marked_answer(case):
    op, args = case["op"], case["args"]
    if op not in MARKED_OPS:
        raise NA(f"{op} with marked operands is not adapted")
    reads = [a if a in ("LayoutLeft", "LayoutRight") else read(a) for a in args]
    dyn_values = [x for r in reads if not isinstance(r, str) for x, static in marked_leaves(r) if not static]
    names = [f"a{k}" for k in range(len(dyn_values))]
    form = []

    def body(*dyn):
        it = iter(dyn)
        vals = [r if isinstance(r, str) else built(r, it) for r in reads]
        r = marked_compute(op, vals, args)
        form.append(str(r))
        cute.printf("{}", r)

    src = f"def fn({', '.join(n + ': cutlass.Int32' for n in names)}):\n    body({', '.join(names)})\n"
    scope = {"cutlass": cutlass, "body": body}
    exec(src, scope)
    jitted = cute.jit(preprocess=False)(scope["fn"])  # exec'd: no source for the DSL's AST rewriting, none needed
    import ctypes
    import tempfile
    libc = ctypes.CDLL(None)
    with tempfile.TemporaryFile(mode="w+") as out:
        saved = os.dup(1)
        try:
            libc.fflush(None)
            os.dup2(out.fileno(), 1)
            jitted(*dyn_values)
            libc.fflush(None)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        out.seek(0)
        run = out.read().strip()
    if not form:
        raise RuntimeError("the jit function produced no result")
    return "result", merged(form[0], run)


def answer(case):
    if any(isinstance(a, str) and a not in ("LayoutLeft", "LayoutRight") for a in case["args"]):
        return marked_answer(case)
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
for _op in MARKED_OPS:
    CAPS[_op] = CAPS[_op] + ("marked",)
if __name__ == "__main__":  # an adapter serves when run, never when imported
    serve("cute-dsl", package_version("nvidia-cutlass-dsl"), CAPS, answer, channel=channel)
