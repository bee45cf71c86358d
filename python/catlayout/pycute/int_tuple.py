"""pycute.int_tuple: the int-tuple helpers.

Plain utilities over (nested) tuples of integers, written for catlayout (not taken from pycute),
with pycute's signatures, results and exception types: where pycute's helper fails an ``assert``
these raise ``AssertionError`` (explicitly, so also under ``python -O``), and otherwise the error
that the same Python operation raises (``TypeError``, ``ZeroDivisionError``, ...).
They take no layouts; layouts are catlayout's engine (``catlayout.pycute.layout``).
"""
from functools import reduce
from itertools import chain
from typing import Union

from .typing import Integer

__all__ = ["Integer", "Union", "chain", "reduce", "is_int", "is_tuple", "flatten", "signum",
           "product", "inner_product", "tuple_max", "elem_scale", "shape_div", "prefix_product",
           "idx2crd", "crd2idx", "crd2crd", "slice_", "has_none"]


def _require(cond, what):
    if not cond:
        raise AssertionError(what)


def is_int(x):
    """True for an ``int`` that is not a ``bool`` (``isinstance(x, Integer)``)."""
    return isinstance(x, Integer)


def is_tuple(x):
    return isinstance(x, tuple)


def flatten(t):
    """The leaves of a nested tuple, left to right; a non-tuple is its own one leaf."""
    if not is_tuple(t):
        return (t,)
    out = ()
    for e in t:
        out += flatten(e)
    return out


def signum(a):
    """-1, 0 or 1, the sign of ``a``."""
    return int(bool(a > 0)) - int(bool(a < 0))


def product(a):
    """The product of the leaves of a tuple (1 for ``()``); a non-tuple is returned as it is."""
    if not is_tuple(a):
        return a
    acc = 1
    for e in a:
        acc = acc * product(e)
    return acc


def inner_product(a, b):
    """Sum of the products of corresponding leaves of two congruent int tuples."""
    if not is_tuple(a):
        _require(not is_tuple(b), "inner_product: int with tuple")
        return a * b
    _require(len(a) == len(b), "inner_product: tuples of different lengths")
    return sum(inner_product(x, y) for x, y in zip(a, b))


def tuple_max(a):
    """The largest leaf."""
    if not is_tuple(a):
        return a
    return max(tuple_max(x) for x in a)


def elem_scale(a, b):
    """Leafwise product of congruent ``a`` and ``b``; an int ``a`` times a tuple ``b`` is
    ``a * product(b)``; a tuple ``a`` with an int ``b`` is an error."""
    if is_tuple(a):
        _require(is_tuple(b), "elem_scale: tuple with int")
        _require(len(a) == len(b), "elem_scale: tuples of different lengths")
        return tuple(elem_scale(x, y) for x, y in zip(a, b))
    if is_tuple(b):
        return elem_scale(a, product(b))
    return a * b


def _by_mode_or_running(f, a, b, step, name):
    """``f`` over the modes of the tuple ``a`` (``shape_div``, ``prefix_product``): with a tuple ``b``
    mode by mode (of the same length), with an int ``b`` a running value: mode ``v`` gets
    ``f(v, run)`` and the run moves on to ``step(run, product(v))``."""
    if is_tuple(b):
        _require(len(a) == len(b), f"{name}: tuples of different lengths")
        return tuple(f(x, y) for x, y in zip(a, b))
    out = []
    run = b
    for v in a:
        out.append(f(v, run))
        run = step(run, product(v))
    return tuple(out)


def _ceil_div(a, b):
    return (a + b - 1) // b


def shape_div(a, b):
    """Inclusive prefix ceil-division, congruent to ``a``: each mode of ``a`` is divided by what is
    left of ``b`` after the modes before it (``shape_div((3,4), 6) == (1, 2)``). Integer
    operands must divide one another."""
    if is_tuple(a):
        return _by_mode_or_running(shape_div, a, b, shape_div, "shape_div")
    if is_tuple(b):
        return shape_div(a, product(b))
    _require(a % b == 0 or b % a == 0, f"shape_div: {a} and {b} do not divide one another")
    return _ceil_div(a, b)


def prefix_product(a, init=1):
    """Exclusive prefix product, congruent to ``a`` and starting at ``init`` (pycute's default
    stride: ``prefix_product((4,(2,3))) == (1,(4,8))``). A tuple ``init`` goes by mode."""
    if is_tuple(a):
        return _by_mode_or_running(prefix_product, a, init, lambda run, n: run * n, "prefix_product")
    _require(not is_tuple(init), "prefix_product: int with a tuple init")
    return init


def idx2crd(idx, shape, stride=None):
    """The coordinate of index ``idx`` in ``shape`` (with ``stride``, default
    ``prefix_product(shape)``): each leaf is ``(idx // stride) % shape``."""
    if stride is None:
        stride = prefix_product(shape)
    if is_tuple(idx):
        _require(is_tuple(shape), "idx2crd: tuple index with an int shape")
        _require(len(idx) == len(shape) and len(idx) == len(stride),
                 "idx2crd: index, shape and stride of different lengths")
        return tuple(idx2crd(i, s, d) for i, s, d in zip(idx, shape, stride))
    if is_tuple(shape):
        _require(len(shape) == len(stride), "idx2crd: shape and stride of different lengths")
        return tuple(idx2crd(idx, s, d) for s, d in zip(shape, stride))
    return (idx // stride) % shape


def crd2idx(crd, shape, stride=None):
    """The index of coordinate ``crd`` in ``shape:stride`` (stride default
    ``prefix_product(shape)``). An integer coordinate of a tuple shape is split colexicographically
    over its modes (the last mode takes what is left); ``None`` counts as 0."""
    if stride is None:
        stride = prefix_product(shape)
    if is_tuple(crd):
        _require(is_tuple(shape), f"crd2idx: tuple coordinate {crd} with an int shape {shape}")
        _require(len(crd) == len(shape) and len(crd) == len(stride),
                 "crd2idx: coordinate, shape and stride of different lengths")
        return sum(crd2idx(c, s, d) for c, s, d in zip(crd, shape, stride))
    if crd is None:
        crd = 0
    if not is_tuple(shape):
        return crd * stride
    _require(len(shape) == len(stride), "crd2idx: shape and stride of different lengths")
    idx = 0
    last = len(shape) - 1
    for i in range(last):
        n = product(shape[i])
        idx += crd2idx(crd % n, shape[i], stride[i])
        crd = crd // n
    return idx + crd2idx(crd, shape[last], stride[last])


def crd2crd(crd, dst_shape, src_shape=None):
    """``crd`` in the coordinate space of ``dst_shape``: a tuple by mode, an int expanded by
    ``idx2crd``, a tuple into an int shape through its index in ``src_shape``."""
    if is_tuple(crd):
        if is_tuple(dst_shape):
            _require(len(crd) == len(dst_shape), "crd2crd: tuples of different lengths")
            return tuple(crd2crd(x, y) for x, y in zip(crd, dst_shape))
        _require(src_shape is not None, "crd2crd: a tuple coordinate needs src_shape")
        return crd2idx(crd, src_shape)
    if is_tuple(dst_shape):
        return idx2crd(crd, dst_shape)
    _require(crd < dst_shape, f"crd2crd: {crd} is not below {dst_shape}")
    return crd


def slice_(crd: Union[None, tuple, int], trg: Union[tuple, int]):
    """The entries of ``trg`` where ``crd`` has ``None``, as a flat-by-one-level tuple (CuTe's
    slice of a shape or stride): a ``None`` keeps ``(trg,)``, an integer drops it."""
    if crd is None:
        return (trg,)
    if not is_tuple(crd):
        return ()
    _require(is_tuple(trg), "slice_: tuple coordinate with an int target")
    _require(len(crd) == len(trg), "slice_: tuples of different lengths")
    out = ()
    for c, t in zip(crd, trg):
        out += slice_(c, t)
    return out


def has_none(a: Union[None, tuple, int]):
    """True if ``None`` is a leaf of ``a``."""
    if is_tuple(a):
        return any(has_none(v) for v in a)
    return a is None
