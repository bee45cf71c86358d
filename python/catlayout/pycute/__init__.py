"""pycute's API over catlayout's engine.

``import catlayout.pycute as pycute`` runs code written against pycute (``nvidia-cutlass`` 4.2,
the ``pycute`` package) with catlayout's answers: CuTe's layouts where they are functionally right,
and a ``catlayout.LayoutError`` (``Inadmissible``, ``NotComplementable``, ...) where pycute would
return a layout that is not the operation's function.

Every public name of pycute 4.2 is here, with pycute's signatures and default arguments, and so
are pycute's submodules: ``catlayout.pycute.int_tuple``, ``.layout``, ``.swizzle`` and ``.typing``
hold the names that pycute's modules of those names hold.

- ``int_tuple`` and ``typing``: plain tuple utilities and ``Integer`` (an int that is not a bool),
  written for catlayout, with pycute's results and exception types.
- ``layout``: ``Layout`` is a class of the bindings (a subclass of ``catlayout.Layout`` with
  pycute's methods), and every layout operation (composition, coalesce, filter, complement,
  divides, products, inverses, slicing, evaluation) is one call into the bindings
  (python/src/pycute.cpp), which adapt pycute's arguments and return this ``Layout``. The one
  piece of glue with structure is pycute's ``None`` entry in a by-mode tiler ("leave this mode
  alone"), which the engine does not accept: the engine computes the other modes and the
  bindings put the untouched mode back in its place.
- ``swizzle``: ``Swizzle`` and ``ComposedLayout`` evaluate through ``catlayout.Swizzle`` and
  ``catlayout.ComposedLayout``.

Differences from pycute, with examples: docs/pycute.md.
"""
from __future__ import annotations

import catlayout as _cl

from .typing import *  # noqa: F401,F403
from .int_tuple import *  # noqa: F401,F403
from .layout import *  # noqa: F401,F403
from .swizzle import *  # noqa: F401,F403
from . import int_tuple, layout, swizzle, typing  # noqa: F401 (pycute's submodules, as attributes)
from .swizzle import __all__ as _swizzle_all

# catlayout's errors, so `except pycute.LayoutError` works
LayoutError = _cl.LayoutError
Inadmissible = _cl.Inadmissible
NotComplementable = _cl.NotComplementable
NotTractable = _cl.NotTractable
NotRefinable = _cl.NotRefinable
InvalidInput = _cl.InvalidInput
NotRepresentable = _cl.NotRepresentable

# `from catlayout.pycute import *` gives what `from pycute import *` gives (pycute has no
# __all__, so that is every public name, its submodules and its ABC, Union, chain, reduce
# included), plus catlayout's extras and errors.
__all__ = sorted(set(_swizzle_all) | {"ABC", "int_tuple", "layout", "swizzle", "typing",
                                      "LayoutError", "Inadmissible", "NotComplementable",
                                      "NotTractable", "NotRefinable", "InvalidInput",
                                      "NotRepresentable"})
