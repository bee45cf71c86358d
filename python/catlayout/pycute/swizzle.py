"""pycute.swizzle over catlayout's engine: ``Swizzle``, ``ComposedLayout``, ``shiftl``, ``shiftr``.

``Swizzle`` is a subclass of ``catlayout.Swizzle`` and a swizzled ``ComposedLayout`` evaluates
through ``catlayout.ComposedLayout``. The namespace also holds ``catlayout.pycute.layout``'s
names, as pycute.swizzle does.
"""
from __future__ import annotations

import catlayout as _cl

from .layout import *  # noqa: F401,F403 (pycute.swizzle's namespace holds pycute.layout's)
from .layout import __all__ as _layout_all
from .layout import (LayoutBase, _none_modes, _tiler, _to_engine, _wrap, composition, cosize,
                     has_none, is_int, size, slice_and_offset)

__all__ = list(_layout_all) + ["Swizzle", "ComposedLayout", "shiftl", "shiftr"]


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

    @property
    def yyy_msk(self):
        """The mask of the bits that are read (pycute's attribute): ``bits`` ones at
        ``base + max(0, shift)``."""
        return ((1 << self.bits) - 1) << (self.base + max(0, self.shift))

    @property
    def zzz_msk(self):
        """The mask of the bits that are flipped (pycute's attribute): ``bits`` ones at
        ``base - min(0, shift)``."""
        return ((1 << self.bits) - 1) << (self.base - min(0, self.shift))

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


class ComposedLayout(LayoutBase):
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
