import os
import pathlib
import random

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def repo():
    return REPO


def colex(i, shape):
    """The colexicographic coordinate of i in a flat shape (the test's own oracle)."""
    out = []
    for s in shape:
        out.append(i % s)
        i //= s
    return out


def flat(t):
    if isinstance(t, int):
        return [t]
    return [x for c in t for x in flat(c)]


def evaluate(shape, stride, i):
    """Phi_L(i) computed here from the definition, independently of the engine."""
    s, d = flat(shape), flat(stride)
    return sum(c * x for c, x in zip(colex(i, s), d))


def random_layouts(n, seed=7, max_rank=3, max_shape=6, max_stride=12):
    import catlayout as C
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rank = rng.randint(1, max_rank)
        shape = tuple(rng.randint(1, max_shape) for _ in range(rank))
        stride = tuple(rng.randint(0, max_stride) for _ in range(rank))
        if rank >= 2 and rng.random() < 0.3:  # nest the first two modes
            shape = ((shape[0], shape[1]),) + shape[2:]
            stride = ((stride[0], stride[1]),) + stride[2:]
        out.append(C.Layout(shape, stride))
    return out


# The catlayout.pycute shim under test: the source tree's package when the installed one is missing,
# is the older single-file pycute.py, or holds other text (a build older than the sources).
_SHIM_SRC = os.path.join(os.path.dirname(__file__), os.pardir, "catlayout", "pycute")


def _stale_install(mod):
    if not os.path.isdir(_SHIM_SRC):
        return False  # no source tree next to the tests: test what is installed
    inst = os.path.dirname(mod.__file__)
    if os.path.basename(mod.__file__) != "__init__.py":
        return True
    for name in sorted(os.listdir(_SHIM_SRC)):
        if name.endswith(".py"):
            try:
                with open(os.path.join(inst, name), encoding="utf-8") as f, \
                        open(os.path.join(_SHIM_SRC, name), encoding="utf-8") as g:
                    if f.read() != g.read():
                        return True
            except OSError:
                return True
    return False


def load_shim():
    import importlib.util
    import sys

    import catlayout
    try:
        import catlayout.pycute as mod
        if not _stale_install(mod):
            return mod
    except ImportError:
        pass
    for k in [k for k in sys.modules if k == "catlayout.pycute" or k.startswith("catlayout.pycute.")]:
        del sys.modules[k]
    spec = importlib.util.spec_from_file_location(
        "catlayout.pycute", os.path.join(_SHIM_SRC, "__init__.py"), submodule_search_locations=[_SHIM_SRC])
    mod = importlib.util.module_from_spec(spec)
    sys.modules["catlayout.pycute"] = mod
    spec.loader.exec_module(mod)
    catlayout.pycute = mod
    return mod
