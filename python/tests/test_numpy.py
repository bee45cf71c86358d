"""Evaluation of whole NumPy index arrays and tabulate() (the vectorised paths)."""
import numpy as np
import pytest

import catlayout as C
from conftest import random_layouts


def test_array_evaluation_equals_scalar_evaluation():
    rng = np.random.default_rng(1)
    for l in random_layouts(30, seed=13):
        idx = rng.integers(0, 3 * l.size(), size=200)  # past size too: CuTe's extended function
        out = l(idx)
        assert out.dtype == np.int64 and out.shape == idx.shape
        assert out.tolist() == [l(int(i)) for i in idx]


def test_shape_and_dtype_are_kept_or_converted():
    l = C.Layout("(4,8):(8,1)")
    idx = np.arange(32).reshape(4, 8)
    assert l(idx).shape == (4, 8)
    assert l(idx).tolist() == [[l(int(i)) for i in row] for row in idx]
    assert l(np.arange(10, dtype=np.int32)).tolist() == [l(i) for i in range(10)]
    assert l(np.arange(10)[::2]).tolist() == [l(i) for i in range(0, 10, 2)]  # a strided view
    assert l(np.zeros(0, dtype=np.int64)).shape == (0,)


def test_tabulate_is_an_int64_array():
    t = C.Layout("(4,8):(8,1)").tabulate()
    assert isinstance(t, np.ndarray) and t.dtype == np.int64 and t.shape == (32,)
    assert t.tolist() == [C.Layout("(4,8):(8,1)")(i) for i in range(32)]


def test_negative_index_names_its_position():
    with pytest.raises(C.InvalidInput, match="index -3 at position 2"):
        C.Layout("8:1")(np.array([0, 1, -3]))


def test_tabulate_limit():
    with pytest.raises(C.InvalidInput, match="exceeds the limit"):
        C.Layout((1 << 20, 1 << 20), (1, 1 << 20)).tabulate()
