"""catlayout: the CuTe layout algebra, checked.

CuTe's answers wherever they are functionally right, and ``LayoutError`` ("inadmissible,
because ...") where no right answer exists. Everything here is the C++ engine (``_catlayout``);
``catlayout.pycute`` runs pycute code on it.
"""
from . import _catlayout
from ._catlayout import *  # noqa: F401,F403

# pyproject.toml's version, compiled into the module (the one source; `catlayout --version` prints the same).
__version__ = _catlayout.__version__

# catlayout.gpu (the fragment catalogue, its check, tiled MMAs and copies) is a submodule of the
# native module; registered so that `import catlayout.gpu` and `from catlayout.gpu import check` work.
if hasattr(_catlayout, "gpu"):
    import sys as _sys

    gpu = _catlayout.gpu
    _sys.modules[__name__ + ".gpu"] = gpu

# `from catlayout import *` must not shadow Python's built-ins filter and slice (use
# catlayout.filter and catlayout.slice by name).
__all__ = sorted(n for n in dir(_catlayout) if not n.startswith("_") and n not in ("filter", "slice"))
