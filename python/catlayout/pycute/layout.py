"""pycute.layout over catlayout's engine: ``Layout`` and the layout operations.

Every layout operation (composition, coalesce, filter, complement, divides, products, inverses,
slicing, evaluation) is one call into the C++ engine; the code here adapts arguments, wraps
results in this module's ``Layout``, and handles pycute's ``None`` tiler entries (``_splice``).
The int-tuple helpers come from ``catlayout.pycute.int_tuple`` (plain tuple utilities).
"""
from __future__ import annotations

from abc import ABC

import catlayout as _cl

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
# Layout

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
    return Layout(r.shape, r.stride)


class Layout(_cl.Layout):
    """pycute.Layout on catlayout's engine.

    Layout(shape, stride=None); stride None is the compact column-major stride. ``L[i]`` is mode i
    and ``len(L)`` the rank, as in pycute (catlayout.Layout's own ``[]`` is CuTe's operator[],
    i.e. evaluation); ``L(i)``, ``L(coord)``, ``L(*coord)`` evaluate, and a coordinate with
    ``None`` slices. str/repr print as pycute does.
    """

    def __init__(self, _shape, _stride=None):
        if isinstance(_shape, _cl.Layout) and _stride is None:
            _cl.Layout.__init__(self, _shape.shape, _shape.stride)
        else:
            _cl.Layout.__init__(self, _shape, _stride)

    # operator[]: mode i (pycute), with Python's negative indices and slices of modes
    def __getitem__(self, i):
        n = self.rank
        if not is_tuple(self.shape):
            if isinstance(i, slice) or i not in (0, -1):
                raise IndexError(f"Layout index {i} out of range for a rank-1 layout")
            return Layout(self.shape, self.stride)
        if isinstance(i, slice):
            return make_layout([self[j] for j in range(*i.indices(n))])
        if not -n <= i < n:
            raise IndexError(f"Layout index {i} out of range for rank {n}")
        return _wrap(self.mode(i % n))

    def __len__(self):
        return self.rank

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __call__(self, *args):
        crd = args[0] if len(args) == 1 else tuple(args)
        if crd is None:  # the whole layout as one mode, as pycute (and CuTe's slice(_, L))
            return make_layout(self)
        return _wrap(_cl.Layout.__call__(self, crd))

    def __eq__(self, other):
        if isinstance(other, _cl.Layout) or _foreign(other):
            return self.shape == other.shape and self.stride == other.stride
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return _cl.Layout.__hash__(self)

    def size(self):
        return _cl.size(self)

    def cosize(self):
        return _cl.cosize(self)

    def __str__(self):
        return f"{self.shape}:{self.stride}"

    def __repr__(self):
        return f"Layout({self.shape},{self.stride})"

    def cute(self):
        """CuTe notation, as catlayout prints it: '(6,2):(8,2)'."""
        return _cl.Layout.__str__(self)


def make_layout(*layouts):
    if len(layouts) == 1 and not (is_layout(layouts[0]) or _foreign(layouts[0])):
        layouts = tuple(layouts[0])
    return _wrap(_cl.make_layout(*[_to_engine(x) for x in layouts]))


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


def coalesce(layout, profile=None):
    return _wrap(_cl.coalesce(_to_engine(layout), profile))


def filter(layout, profile=None):  # noqa: A001 (pycute's name)
    layout = _to_engine(layout)
    if not is_tuple(profile):
        return _wrap(_cl.filter(layout))
    # by mode, as pycute: the first len(profile) modes filtered, the others kept
    L = Layout(layout)
    if len(profile) > len(L):
        raise _cl.InvalidInput("invalid_input: filter profile is longer than the layout")
    return make_layout([filter(L[i], profile[i]) for i in range(len(profile))]
                       + [L[i] for i in range(len(profile), len(L))])


# ---- tilers: pycute's None ("leave this mode alone") --------------------------------------

def _tiler(t):
    """A pycute tiler as the engine takes it (layouts converted, int -> n:1, tuples by mode)."""
    if t is None or is_int(t) or isinstance(t, str):
        return t
    if is_tuple(t):
        return tuple(_tiler(e) for e in t)
    return _to_engine(t)


def _none_modes(t):
    return [i for i, e in enumerate(t) if e is None] if is_tuple(t) else []


def _fill(t):
    """The tiler with every None replaced by 1 (the engine's answer for that mode is discarded)."""
    return tuple(1 if e is None else e for e in t)


def _splice(L, i, new):
    """L with mode i replaced by ``new`` (a rearrangement of modes; no arithmetic)."""
    L = Layout(L)
    modes = [L[j] for j in range(len(L))]
    modes[i] = Layout(new)
    return make_layout(modes)


def _by_mode(op, A, B):
    """op(A, B) for composition / logical_divide / logical_product: mode i of the result is
    op(A[i], B[i]), and a None entry keeps A[i]."""
    A = _to_engine(A)
    if B is None:
        return _wrap(A)
    B = _tiler(B)
    nones = _none_modes(B)
    if not nones:
        return _wrap(op(A, B))
    R = _wrap(op(A, _fill(B)))
    LA = Layout(A)
    for i in nones:
        R = _splice(R, i, LA[i])
    return R


def composition(layoutA, layoutB):
    from .swizzle import ComposedLayout, _as_composed, _composed_composition
    if isinstance(layoutB, (ComposedLayout, _cl.ComposedLayout, _cl.Swizzle)):
        raise NotImplementedError(
            "catlayout.pycute.composition: a ComposedLayout or Swizzle as the right-hand "
            "argument (A o (sw o off o L)) is not supported; catlayout's engine has no such "
            "composition (pycute fails on it too)")
    if isinstance(layoutA, (ComposedLayout, _cl.ComposedLayout)):
        return _composed_composition(_as_composed(layoutA), layoutB)
    return _by_mode(_cl.composition, layoutA, layoutB)


def logical_divide(layoutA, layoutB):
    return _by_mode(_cl.logical_divide, layoutA, layoutB)


def logical_product(layoutA, layoutB):
    return _by_mode(_cl.logical_product, layoutA, layoutB)


def _zipped(op, A, B):
    """zipped_divide / zipped_product: ((tiles...), (rests..., other modes)); a None entry i gives
    tile 1:0 and rest A[i], as pycute's hier_unzip does."""
    A = _to_engine(A)
    if B is None:
        return make_layout(Layout(1, 0), Layout(A))
    B = _tiler(B)
    nones = _none_modes(B)
    R = _wrap(op(A, _fill(B) if nones else B))
    if not nones:
        return R
    LA = Layout(A)
    tiles, rests = R[0], R[1]
    for i in nones:
        tiles = _splice(tiles, i, Layout(1, 0))
        rests = _splice(rests, i, LA[i])
    return make_layout(tiles, rests)


def _tiled(zipped, A, B):
    Z = zipped(A, B)
    return make_layout([Z[0]] + [Z[1][i] for i in range(len(Z[1]))])


def hier_unzip(splitter, layoutA, layoutB):
    """Apply ``splitter`` (a function returning a rank-2 layout) by mode and gather the first
    modes of the results into mode 0 and the second modes (then A's modes past the tiler) into
    mode 1. For the splitters pycute uses, ``logical_divide`` and ``logical_product``, this is one
    engine call (``zipped_divide`` / ``zipped_product``); for any other splitter the splitter is
    called per mode and the shim only regroups the modes it returns."""
    if splitter is logical_divide or splitter is _cl.logical_divide:
        return _zipped(_cl.zipped_divide, layoutA, layoutB)
    if splitter is logical_product or splitter is _cl.logical_product:
        return _zipped(_cl.zipped_product, layoutA, layoutB)
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


def zipped_divide(layoutA, layoutB):
    return _zipped(_cl.zipped_divide, layoutA, layoutB)


def zipped_product(layoutA, layoutB):
    return _zipped(_cl.zipped_product, layoutA, layoutB)


def tiled_divide(layoutA, layoutB):
    if not _none_modes(layoutB) and layoutB is not None:
        return _wrap(_cl.tiled_divide(_to_engine(layoutA), _tiler(layoutB)))
    return _tiled(zipped_divide, layoutA, layoutB)


def tiled_product(layoutA, layoutB):
    if not _none_modes(layoutB) and layoutB is not None:
        return _wrap(_cl.tiled_product(_to_engine(layoutA), _tiler(layoutB)))
    return _tiled(zipped_product, layoutA, layoutB)


def flat_divide(layoutA, layoutB):
    return _wrap(_cl.flat_divide(_to_engine(layoutA), _tiler(layoutB)))


def flat_product(layoutA, layoutB):
    return _wrap(_cl.flat_product(_to_engine(layoutA), _tiler(layoutB)))


def blocked_product(layoutA, layoutB):
    return _wrap(_cl.blocked_product(_to_engine(layoutA), _to_engine(layoutB)))


def raked_product(layoutA, layoutB):
    return _wrap(_cl.raked_product(_to_engine(layoutA), _to_engine(layoutB)))


def complement(layout, max_idx=1):
    if is_int(layout):
        layout = Layout(layout)
    return _wrap(_cl.complement(_to_engine(layout), max_idx))


def right_inverse(layout):
    if layout is None:
        return None
    if is_int(layout):
        layout = Layout(layout)
    return _wrap(_cl.right_inverse(_to_engine(layout)))


def left_inverse(layout):
    if layout is None:
        return None
    if is_int(layout):
        layout = Layout(layout)
    return _wrap(_cl.left_inverse(_to_engine(layout)))


def slice_and_offset(crd: tuple, layout: Layout):
    if crd is None:
        return (make_layout(_to_engine(layout)), 0)
    L, off = _cl.slice_and_offset(crd, _to_engine(layout))
    return (_wrap(L), off)
