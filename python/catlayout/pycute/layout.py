"""pycute.layout over catlayout's engine: ``Layout`` and the layout operations.

``Layout`` is a class of the bindings (a subclass of ``catlayout.Layout``), and every layout
operation (composition, coalesce, filter, complement, divides, products, inverses, slicing,
evaluation) is one call into them (python/src/pycute.cpp): arguments are adapted there, results
are this module's ``Layout``, and pycute's ``None`` tiler entries are put back there. The Python
functions here only give the operations pycute's names and signatures.
The int-tuple helpers come from ``catlayout.pycute.int_tuple`` (plain tuple utilities).
"""
from __future__ import annotations

import inspect as _inspect
from abc import ABC

import catlayout as _cl
from catlayout._catlayout import _pycute as _pc

from .int_tuple import *  # noqa: F401,F403 (pycute.layout's namespace holds the int-tuple helpers)
from .int_tuple import __all__ as _int_tuple_all
from .int_tuple import is_int, is_tuple, product

__all__ = list(_int_tuple_all) + [
    "Layout", "LayoutBase", "is_layout", "make_layout", "size", "cosize", "coalesce", "filter",
    "composition", "complement", "right_inverse", "left_inverse", "logical_divide",
    "logical_product", "hier_unzip", "zipped_divide", "tiled_divide", "zipped_product",
    "tiled_product", "slice_and_offset",
    # catlayout extras under pycute-style names (pycute has none of these)
    "flat_divide", "flat_product", "blocked_product", "raked_product",
]


class LayoutBase(ABC):
    """What ``is_layout`` tests for, as in pycute. The engine's ``catlayout.Layout`` and
    ``catlayout.ComposedLayout`` are registered, so this module's ``Layout`` (a subclass of
    ``catlayout.Layout``) and any engine layout count; ``ComposedLayout`` derives from it."""


LayoutBase.register(_cl.Layout)
LayoutBase.register(_cl.ComposedLayout)


def is_layout(x):
    return isinstance(x, LayoutBase)


# --------------------------------------------------------------------------------------------
# Layout: the bound class (_catlayout._pycute.Layout, a subclass of catlayout.Layout written in
# C++, python/src/pycute.cpp), so that results need no wrapping and calls no Python in between.

def _foreign(x):
    """Another library's layout object with .shape and .stride (e.g. a real pycute.Layout)."""
    return (not isinstance(x, (_cl.Layout, tuple, int, str)) and hasattr(x, "shape")
            and hasattr(x, "stride"))


def _to_engine(x):
    """An argument as the engine takes it: our Layout / engine Layout as is; another object with
    .shape and .stride (e.g. a real pycute.Layout) is converted; ints and tuples pass through."""
    if isinstance(x, _cl.Layout):
        return x
    if _foreign(x):
        return Layout(x.shape, x.stride)
    return x


def _wrap(r):
    """An engine result as this module's Layout (same shape and stride, no computation)."""
    if isinstance(r, Layout) or not isinstance(r, _cl.Layout):
        return r
    return Layout(r)


Layout = _pc.Layout
# pycute's module and signature, for pickle and inspect (the class is defined in C++)
Layout.__module__ = __name__
Layout.__signature__ = _inspect.Signature([
    _inspect.Parameter("_shape", _inspect.Parameter.POSITIONAL_OR_KEYWORD),
    _inspect.Parameter("_stride", _inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None)])


# ---- the operations: functions of _catlayout._pycute that CPython calls directly
# (python/src/pycute.cpp, fastcall.hpp), under pycute's names and parameters: they take pycute's
# arguments (another library's layouts, ints, by-mode tilers with None entries) and return this
# module's Layout, with no Python frame in between.
make_layout = _pc.make_layout
coalesce = _pc.coalesce
filter = _pc.filter  # noqa: A001 (pycute's name)
composition = _pc.composition
complement = _pc.complement
right_inverse = _pc.right_inverse
left_inverse = _pc.left_inverse
logical_divide = _pc.logical_divide
logical_product = _pc.logical_product
zipped_divide = _pc.zipped_divide
zipped_product = _pc.zipped_product
tiled_divide = _pc.tiled_divide
tiled_product = _pc.tiled_product
flat_divide = _pc.flat_divide
flat_product = _pc.flat_product
blocked_product = _pc.blocked_product
raked_product = _pc.raked_product
slice_and_offset = _pc.slice_and_offset


def size(layout):
    """size of a layout (the engine's), of a Swizzle or ComposedLayout (its ``size()``), or of an
    int tuple (``product``)."""
    if isinstance(layout, _cl.Layout) or _foreign(layout):
        return _cl.size(_to_engine(layout))
    if is_layout(layout) or isinstance(layout, _cl.Swizzle):
        return layout.size()
    return product(layout)


def cosize(layout):
    if isinstance(layout, _cl.Layout) or _foreign(layout):
        return _cl.cosize(_to_engine(layout))
    return layout.cosize()  # Swizzle, ComposedLayout (an int tuple has none, as in pycute)


def _tiler(t):
    """A pycute tiler as the engine takes it (layouts converted, int -> n:1, tuples by mode)."""
    if t is None or is_int(t) or isinstance(t, str):
        return t
    if is_tuple(t):
        return tuple(_tiler(e) for e in t)
    return _to_engine(t)


def _none_modes(t):
    return [i for i, e in enumerate(t) if e is None] if is_tuple(t) else []


def _composition_other(layoutA, layoutB, message):
    """composition where the engine refused an operand's type (``message``, its TypeError): a
    ComposedLayout or Swizzle, composed by catlayout/pycute/swizzle.py."""
    from .swizzle import ComposedLayout, _as_composed, _composed_composition
    if isinstance(layoutB, (ComposedLayout, _cl.ComposedLayout, _cl.Swizzle)):
        raise NotImplementedError(
            "catlayout.pycute.composition: a ComposedLayout or Swizzle as the right-hand "
            "argument (A o (sw o off o L)) is not supported; catlayout's engine has no such "
            "composition (pycute fails on it too)")
    if isinstance(layoutA, (ComposedLayout, _cl.ComposedLayout)):
        return _composed_composition(_as_composed(layoutA), layoutB)
    raise TypeError(message)


def hier_unzip(splitter, layoutA, layoutB):
    """Apply ``splitter`` (a function returning a rank-2 layout) by mode and gather the first
    modes of the results into mode 0 and the second modes (then A's modes past the tiler) into
    mode 1. For the splitters pycute uses, ``logical_divide`` and ``logical_product``, this is one
    engine call (``zipped_divide`` / ``zipped_product``); for any other splitter the splitter is
    called per mode and the shim only regroups the modes it returns."""
    if splitter is logical_divide or splitter is _cl.logical_divide:
        return _pc.zipped_divide(layoutA, layoutB)
    if splitter is logical_product or splitter is _cl.logical_product:
        return _pc.zipped_product(layoutA, layoutB)
    A = _to_engine(layoutA)
    if layoutB is None:
        return make_layout(Layout(1, 0), Layout(A))
    if not is_tuple(layoutB):
        return _wrap(splitter(_wrap(A), layoutB))
    LA = Layout(A)
    if len(layoutB) > len(LA):
        raise _cl.InvalidInput("invalid_input: hier_unzip tiler has more modes than the layout")
    split = [Layout(hier_unzip(splitter, LA[i], b)) for i, b in enumerate(layoutB)]
    return make_layout(make_layout([s[0] for s in split]),
                       make_layout([s[1] for s in split]
                                   + [LA[i] for i in range(len(layoutB), len(LA))]))
