"""pycute's layout API over catlayout's engine.

``import catlayout.pycute as pycute`` runs code written against pycute's layout module
(``nvidia-cutlass`` 4.2, ``pycute/layout.py``) with catlayout's answers: CuTe's layouts where they
are functionally right, and a ``catlayout.LayoutError`` (``Inadmissible``, ``NotComplementable``,
...) where pycute would return a layout that is not the operation's function.

Everything here is argument adaptation and wrapping: every layout operation (composition,
coalesce, filter, complement, divides, products, inverses, slicing, evaluation) is one call into the
C++ engine. ``Swizzle`` and ``ComposedLayout`` (pycute/swizzle.py) evaluate through
``catlayout.Swizzle`` and ``catlayout.ComposedLayout``. The one piece of glue with structure is pycute's ``None`` entry in a by-mode tiler
("leave this mode alone"), which the engine does not accept: the engine computes the other modes and
the shim puts the untouched mode back in its place (``_splice``).

Differences from pycute, with examples: docs/pycute.md.
"""
from __future__ import annotations

from numbers import Integral as _Integral

import catlayout as _cl

__all__ = [
    "Layout", "LayoutBase", "is_layout", "make_layout", "size", "cosize", "coalesce", "filter",
    "composition", "complement", "right_inverse", "left_inverse", "logical_divide",
    "logical_product", "hier_unzip", "zipped_divide", "tiled_divide", "zipped_product",
    "tiled_product", "slice_and_offset",
    # pycute/swizzle.py
    "Swizzle", "ComposedLayout", "shiftl", "shiftr",
    # catlayout extras under pycute-style names (pycute has none of these)
    "flat_divide", "flat_product", "blocked_product", "raked_product",
    # int_tuple helpers that are plain tuple utilities or one engine call
    "is_int", "is_tuple", "flatten", "product", "has_none", "crd2idx", "prefix_product",
    # catlayout's errors, so `except pycute.LayoutError` works
    "LayoutError", "Inadmissible", "NotComplementable", "NotTractable", "NotRefinable",
    "InvalidInput", "NotRepresentable",
]

LayoutError = _cl.LayoutError
Inadmissible = _cl.Inadmissible
NotComplementable = _cl.NotComplementable
NotTractable = _cl.NotTractable
NotRefinable = _cl.NotRefinable
InvalidInput = _cl.InvalidInput
NotRepresentable = _cl.NotRepresentable

# pycute's is_layout tests for LayoutBase; here every engine layout counts.
LayoutBase = _cl.Layout


# --------------------------------------------------------------------------------------------
# int_tuple helpers: only the generic ones (see docs/pycute.md for those left out)

def is_int(x):
    return isinstance(x, _Integral) and not isinstance(x, bool)


def is_tuple(x):
    return isinstance(x, tuple)


def flatten(t):
    """Leaves of a nested tuple, left to right (an int is its own one leaf)."""
    if not is_tuple(t):
        return (t,)
    out = []
    for e in t:
        out.extend(flatten(e))
    return tuple(out)


def product(a):
    """Product of the leaves of an int tuple (1 for ())."""
    r = 1
    for v in flatten(a):
        r *= v
    return r


def has_none(a):
    if is_tuple(a):
        return any(has_none(v) for v in a)
    return a is None


def crd2idx(crd, shape, stride=None):
    """The index of coordinate ``crd``: the engine's layout evaluation of ``shape:stride``."""
    return _cl.Layout(shape, stride)(0 if crd is None else crd)


def prefix_product(a, init=1):
    """Exclusive prefix product congruent to ``a`` (pycute's default stride): the engine's
    compact column-major stride, scaled by an integer ``init``."""
    if not is_int(init):
        raise TypeError("catlayout.pycute.prefix_product: only an integer init is supported")
    s = _cl.Layout(a).stride
    if init == 1:
        return s

    def scale(t):
        return tuple(scale(e) for e in t) if is_tuple(t) else t * init
    return scale(s)


# --------------------------------------------------------------------------------------------
# Layout

def _to_engine(x):
    """An argument as the engine takes it: our Layout / engine Layout as is; another object with
    .shape and .stride (e.g. a real pycute.Layout) is converted; ints and tuples pass through."""
    if isinstance(x, _cl.Layout):
        return x
    if hasattr(x, "shape") and hasattr(x, "stride") and not isinstance(x, (tuple, int, str)):
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
        if isinstance(other, _cl.Layout):
            return self.shape == other.shape and self.stride == other.stride
        if hasattr(other, "shape") and hasattr(other, "stride"):
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


def is_layout(x):
    return isinstance(x, (_cl.Layout, ComposedLayout))


def make_layout(*layouts):
    if len(layouts) == 1 and not isinstance(layouts[0], _cl.Layout):
        layouts = tuple(layouts[0])
    return _wrap(_cl.make_layout(*[_to_engine(x) for x in layouts]))


def size(layout):
    if isinstance(layout, (ComposedLayout, Swizzle)):
        return layout.size()
    if isinstance(layout, _cl.ComposedLayout):
        return layout.size()
    if isinstance(layout, _cl.Layout):
        return _cl.size(layout)
    if hasattr(layout, "shape") and hasattr(layout, "stride"):
        return _cl.size(_to_engine(layout))
    return _cl.Layout(layout).size()  # an int tuple: the size of that shape


def cosize(layout):
    if isinstance(layout, (ComposedLayout, Swizzle)):
        return layout.cosize()
    return _cl.cosize(_to_engine(layout))


def coalesce(layout, profile=None):
    return _wrap(_cl.coalesce(_to_engine(layout), profile))


def filter(layout, profile=None):  # noqa: A001 (pycute's name)
    layout = _to_engine(layout)
    if not is_tuple(profile):
        return _wrap(_cl.filter(layout))
    # by mode, as pycute: the first len(profile) modes filtered, the others kept
    L = Layout(layout)
    if len(profile) > len(L):
        raise InvalidInput("invalid_input: filter profile is longer than the layout")
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
    """pycute's hier_unzip for the two splitters it is used with (logical_divide and
    logical_product): the engine's zipped_divide / zipped_product."""
    if splitter is logical_divide or splitter is _cl.logical_divide:
        return _zipped(_cl.zipped_divide, layoutA, layoutB)
    if splitter is logical_product or splitter is _cl.logical_product:
        return _zipped(_cl.zipped_product, layoutA, layoutB)
    raise NotImplementedError("catlayout.pycute.hier_unzip: only logical_divide and "
                              "logical_product are supported as the splitter")


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


def slice_and_offset(crd, layout):
    if crd is None:
        return (make_layout(_to_engine(layout)), 0)
    L, off = _cl.slice_and_offset(crd, _to_engine(layout))
    return (_wrap(L), off)



# --------------------------------------------------------------------------------------------
# pycute/swizzle.py: Swizzle, ComposedLayout, shiftl, shiftr

def shiftl(a, s):
    """a shifted left by s bits (right by -s for negative s); an integer helper."""
    return a << s if s >= 0 else a >> -s


def shiftr(a, s):
    """a shifted right by s bits (left by -s for negative s); an integer helper."""
    return a >> s if s >= 0 else a << -s


class Swizzle(_cl.Swizzle):
    """pycute.Swizzle(bits, base, shift) on catlayout's engine: ``sw(offset)`` is
    ``catlayout.Swizzle.__call__`` (x -> x ^ ((x & yyy_mask) >> shift); a negative shift moves
    the mask left). Prints as pycute: str ``SW_3_4_3``, repr ``Swizzle(3,4,3)``; ``.cute()`` is
    catlayout's ``Sw<3,4,3>``. An invalid triple (|shift| < bits, a negative field) raises
    ``catlayout.InvalidInput`` where pycute asserts."""

    def __init__(self, bits, base, shift):
        _cl.Swizzle.__init__(self, bits, base, shift)

    # __call__, ==, hash: the engine's

    def size(self):
        """pycute's Swizzle.size(): 2^(bits + base + |shift|), the span of the bits it reads."""
        return 1 << (self.bits + self.base + abs(self.shift))

    def cosize(self):
        return self.size()

    def __str__(self):
        return f"SW_{self.bits}_{self.base}_{self.shift}"

    def __repr__(self):
        return f"Swizzle({self.bits},{self.base},{self.shift})"

    def cute(self):
        """CuTe notation, as catlayout prints it: 'Sw<3,4,3>'."""
        return _cl.Swizzle.__str__(self)


def _as_swizzle(x):
    """x as this module's Swizzle if it is one (engine Swizzle, a real pycute.Swizzle), else None."""
    if isinstance(x, Swizzle):
        return x
    if isinstance(x, _cl.Swizzle) or (type(x).__name__ == "Swizzle" and hasattr(x, "bits")
                                      and hasattr(x, "base") and hasattr(x, "shift")):
        return Swizzle(x.bits, x.base, x.shift)
    return None


def _as_layout(x):
    """x as this module's Layout if it is a layout (engine Layout, a real pycute.Layout), else None."""
    x = _to_engine(x)
    return _wrap(x) if isinstance(x, _cl.Layout) else None


class ComposedLayout:
    """pycute.ComposedLayout(layoutB, offset, layoutA): i -> layoutB(offset + layoutA(i)).

    With a Swizzle as ``layoutB`` and a Layout as ``layoutA`` (CuTe's swizzled layout), it is a
    ``catlayout.ComposedLayout`` (``.engine``) and every evaluation is one call to it; a coordinate
    is first turned into its index by the engine (``Layout(layoutA.shape)(crd)``).
    Any other ``layoutB`` / ``layoutA`` (a Layout, another ComposedLayout: pycute allows any
    callable) has no engine object: ``C(x)`` is then ``layoutB(offset + layoutA(x))``, two engine
    evaluations joined in Python (``.engine`` is None).
    """

    def __init__(self, layoutB, offset, layoutA):
        sw = _as_swizzle(layoutB)
        A = _as_layout(layoutA)
        B = _as_layout(layoutB) if sw is None else sw
        self.layoutB = B if B is not None else layoutB
        self.offset = offset
        self.layoutA = A if A is not None else layoutA
        if sw is not None and A is not None:
            self.engine = _cl.ComposedLayout(sw, offset, A)
        else:
            self.engine = None

    # catlayout's names for the three parts
    @property
    def swizzle(self):
        return self.layoutB

    @property
    def layout(self):
        return self.layoutA

    def __eq__(self, other):
        if not isinstance(other, ComposedLayout):
            return NotImplemented
        return (self.layoutB == other.layoutB and self.offset == other.offset
                and self.layoutA == other.layoutA)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash((self.layoutB, self.offset, self.layoutA))

    def __len__(self):
        return len(self.layoutA)

    def __call__(self, *args):
        crd = args[0] if len(args) == 1 else tuple(args)
        if crd is None or has_none(crd):
            # a slice, as CuTe slices a composed layout: sw o (off + offset of crd) o slice
            L, off = slice_and_offset(crd, self.layoutA)
            return ComposedLayout(self.layoutB, self.offset + off, L)
        if self.engine is None:
            return self.layoutB(self.offset + self.layoutA(crd))
        if not is_int(crd):
            crd = _cl.Layout(self.layoutA.shape)(crd)
        return self.engine(crd)

    def __getitem__(self, i):
        return ComposedLayout(self.layoutB, self.offset, self.layoutA[i])

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def size(self):
        return self.engine.size() if self.engine is not None else size(self.layoutA)

    def cosize(self):
        """pycute's: cosize(layoutB) (a Swizzle's is 2^(bits + base + |shift|))."""
        return cosize(self.layoutB)

    def __str__(self):
        return f"{self.layoutB} o {self.offset} o {self.layoutA}"

    def __repr__(self):
        return f"ComposedLayout({repr(self.layoutB)},{repr(self.offset)},{repr(self.layoutA)})"

    def cute(self):
        """CuTe notation, as catlayout prints it: 'Sw<3,4,3> o 0 o (8,64):(64,1)'."""
        if self.engine is None:
            raise NotImplementedError("catlayout.pycute.ComposedLayout.cute: only a Swizzle o "
                                      "offset o Layout has a catlayout form")
        return str(self.engine)


def _as_composed(x):
    if isinstance(x, ComposedLayout):
        return x
    return ComposedLayout(x.swizzle, x.offset, x.layout)  # an engine ComposedLayout


def _composed_composition(C, tiler):
    """(layoutB o offset o layoutA) o tiler: the engine's composition(ComposedLayout, tiler) where
    C has an engine object and the tiler has no None entry; otherwise layoutB o offset o
    composition(layoutA, tiler) (the shim's composition; the same function by associativity)."""
    if tiler is None:
        return C
    if C.engine is not None and not _none_modes(tiler):
        return _as_composed(_cl.composition(C.engine, _tiler(tiler)))
    return ComposedLayout(C.layoutB, C.offset, composition(C.layoutA, tiler))
