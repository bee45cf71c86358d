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
