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


def make_layout(*layouts):
    return _pc.make_layout(*layouts)


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


# ---- the operations: one call each into _catlayout._pycute (python/src/pycute.cpp), which takes
# pycute's arguments (another library's layouts, ints, by-mode tilers with None entries) and
# returns this module's Layout.

def coalesce(layout, profile=None):
    return _pc.coalesce(layout, profile)


def filter(layout, profile=None):  # noqa: A001 (pycute's name)
    return _pc.filter(layout, profile)


def _tiler(t):
    """A pycute tiler as the engine takes it (layouts converted, int -> n:1, tuples by mode)."""
    if t is None or is_int(t) or isinstance(t, str):
        return t
    if is_tuple(t):
        return tuple(_tiler(e) for e in t)
    return _to_engine(t)


def _none_modes(t):
    return [i for i, e in enumerate(t) if e is None] if is_tuple(t) else []


def composition(layoutA, layoutB):
    try:
        return _pc.composition(layoutA, layoutB)
    except TypeError:  # a ComposedLayout or Swizzle operand: not a layout the engine composes
        return _composition_other(layoutA, layoutB)


def _composition_other(layoutA, layoutB):
    from .swizzle import ComposedLayout, _as_composed, _composed_composition
    if isinstance(layoutB, (ComposedLayout, _cl.ComposedLayout, _cl.Swizzle)):
        raise NotImplementedError(
            "catlayout.pycute.composition: a ComposedLayout or Swizzle as the right-hand "
            "argument (A o (sw o off o L)) is not supported; catlayout's engine has no such "
            "composition (pycute fails on it too)")
    if isinstance(layoutA, (ComposedLayout, _cl.ComposedLayout)):
        return _composed_composition(_as_composed(layoutA), layoutB)
    raise


def _two_layouts(name):
    """pycute's function ``name(layoutA, layoutB)``: the engine's operation of that name (one call,
    python/src/pycute.cpp), under pycute's name and parameters."""
    op = getattr(_pc, name)

    def call(layoutA, layoutB):
        return op(layoutA, layoutB)
    call.__name__ = call.__qualname__ = name
    return call


logical_divide = _two_layouts("logical_divide")
logical_product = _two_layouts("logical_product")


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


zipped_divide = _two_layouts("zipped_divide")
zipped_product = _two_layouts("zipped_product")
tiled_divide = _two_layouts("tiled_divide")
tiled_product = _two_layouts("tiled_product")
flat_divide = _two_layouts("flat_divide")
flat_product = _two_layouts("flat_product")
blocked_product = _two_layouts("blocked_product")
raked_product = _two_layouts("raked_product")


def complement(layout, max_idx=1):
    return _pc.complement(layout, max_idx)


def right_inverse(layout):
    return _pc.right_inverse(layout)


def left_inverse(layout):
    return _pc.left_inverse(layout)


def slice_and_offset(crd: tuple, layout: Layout):
    return _pc.slice_and_offset(crd, layout)
