"""catlayout.pycute has every public name of pycute 4.2.0.0, each compared with pycute.

- the names: every public name of pycute (and of its submodules int_tuple, layout, swizzle,
  typing) is in the shim, with pycute's parameters and default arguments;
- the int-tuple helpers and ``Integer``: the same results as pycute on generated nested int tuples
  (negative values and zeros included), and the same exception type where pycute raises;
- the layout names: on generated layouts (nested shapes, zero and negative strides) the shim gives
  pycute's layout, or an answer that tabulation shows is the operation's function where pycute's
  differs, or a ``catlayout.LayoutError`` where pycute's answer is not the operation's function;
- Swizzle, ComposedLayout, shiftl, shiftr: pycute's values.

pycute (``pip install --no-deps nvidia-cutlass==4.2.0.0``) is the oracle; tests that need it skip
when it is not importable. Differences are described in docs/pycute.md.
"""
import abc
import functools
import importlib
import importlib.util
import inspect
import itertools
import os
import random
import sys
import typing

import pytest

import catlayout

from conftest import load_shim  # the source tree's shim where the installed one is older

S = load_shim()


@pytest.fixture(scope="module")
def P():
    return pytest.importorskip("pycute")


# pycute 4.2.0.0's public names (dir(pycute) without the _ names)
PYCUTE_NAMES = [
    "ABC", "ComposedLayout", "Integer", "Layout", "LayoutBase", "Swizzle", "Union", "chain",
    "coalesce", "complement", "composition", "cosize", "crd2crd", "crd2idx", "elem_scale",
    "filter", "flatten", "has_none", "hier_unzip", "idx2crd", "inner_product", "int_tuple",
    "is_int", "is_layout", "is_tuple", "layout", "left_inverse", "logical_divide",
    "logical_product", "make_layout", "prefix_product", "product", "reduce", "right_inverse",
    "shape_div", "shiftl", "shiftr", "signum", "size", "slice_", "slice_and_offset", "swizzle",
    "tiled_divide", "tiled_product", "tuple_max", "typing", "zipped_divide", "zipped_product",
]
SUBMODULES = ["int_tuple", "layout", "swizzle", "typing"]
INT_TUPLE_HELPERS = ["is_int", "is_tuple", "flatten", "signum", "product", "inner_product",
                     "tuple_max", "elem_scale", "shape_div", "prefix_product", "idx2crd",
                     "crd2idx", "crd2crd", "slice_", "has_none"]


def _public(mod):
    return {n for n in dir(mod) if not n.startswith("_")}


# ------------------------------------------------------------------------------------------------
# the names

def test_every_pycute_name_is_in_the_shim():
    missing = [n for n in PYCUTE_NAMES if not hasattr(S, n)]
    assert not missing
    assert set(PYCUTE_NAMES) <= set(S.__all__)
    for m in SUBMODULES:
        sub = importlib.import_module("catlayout.pycute." + m)
        assert getattr(S, m) is sub and inspect.ismodule(sub)
    assert S.int_tuple.shape_div is S.shape_div and S.layout.Layout is S.Layout
    assert S.swizzle.Swizzle is S.Swizzle and S.typing.Integer is S.Integer
    assert S.typing.ABC is abc.ABC


def test_star_import_gives_pycutes_names():
    ns = {}
    exec("from catlayout.pycute import *", ns)  # noqa: S102
    assert set(PYCUTE_NAMES) <= set(ns)
    assert ns["typing"] is S.typing and ns["filter"] is S.filter
    ns = {}
    exec("from catlayout.pycute.int_tuple import *", ns)  # noqa: S102
    assert ns["shape_div"] is S.shape_div


def test_public_names_are_a_superset_of_pycutes(P):
    assert _public(P) == set(PYCUTE_NAMES)  # the list above is pycute 4.2.0.0's
    assert _public(P) <= _public(S)
    for m in SUBMODULES:
        assert _public(getattr(P, m)) <= _public(getattr(S, m)), m


def test_reexported_library_objects_are_the_same(P):
    import functools as ft
    for n, obj in [("ABC", abc.ABC), ("Union", typing.Union), ("chain", itertools.chain),
                   ("reduce", ft.reduce)]:
        assert getattr(S, n) is obj is getattr(P, n)
        if n != "ABC":
            assert getattr(S.int_tuple, n) is obj is getattr(P.int_tuple, n)
    assert S.typing.ABC is abc.ABC is P.typing.ABC


def _params(obj):
    sig = inspect.signature(obj)
    return [(p.name, p.kind, p.default) for p in sig.parameters.values()]


def test_signatures_and_default_arguments_match_pycute(P):
    for m in [P] + [getattr(P, s) for s in SUBMODULES]:
        sm = S if m is P else getattr(S, m.__name__.rsplit(".", 1)[1])
        for n in sorted(_public(m)):
            p = getattr(m, n)
            if inspect.ismodule(p) or n in ("ABC", "Union", "chain", "reduce"):
                continue
            assert callable(getattr(sm, n)), n
            assert _params(getattr(sm, n)) == _params(p), (m.__name__, n)
    # the methods pycute's classes have
    for cls, meths in [("Layout", ["size", "cosize", "__call__", "__getitem__", "__len__"]),
                       ("Swizzle", ["size", "cosize", "__call__"]),
                       ("ComposedLayout", ["size", "cosize", "__call__", "__getitem__", "__len__"])]:
        for meth in meths:
            assert callable(getattr(getattr(S, cls), meth)), (cls, meth)


# ------------------------------------------------------------------------------------------------
# typing.Integer and is_int

class _MyInt(int):
    pass


def _objects():
    import decimal
    import enum
    import fractions
    out = [(int, 1), (int, -7), (bool, True), (bool, False), (float, 1.0), (str, "hi"),
           (complex, 1j), (type(None), None), (tuple, (1,)), (fractions.Fraction, fractions.Fraction(1, 2)),
           (decimal.Decimal, decimal.Decimal(3)), (_MyInt, _MyInt(3)),
           (enum.IntEnum, enum.IntEnum("E", "A B").A.__class__(1))]
    try:
        import numpy as np
        out += [(np.int64, np.int64(3)), (np.float64, np.float64(2.0)), (np.bool_, np.bool_(True))]
    except ImportError:
        pass
    return out


def test_integer_is_an_int_that_is_not_a_bool():
    assert issubclass(S.Integer, abc.ABC)
    assert S.is_int(3) and S.is_int(-3) and S.is_int(_MyInt(2))
    assert not S.is_int(True) and not S.is_int(3.0) and not S.is_int("3") and not S.is_int((3,))
    assert isinstance(5, S.Integer) and not issubclass(bool, S.Integer)


def test_integer_and_is_int_match_pycute(P):
    for cls, obj in _objects():
        assert issubclass(cls, S.Integer) == issubclass(cls, P.Integer), cls
        assert isinstance(obj, S.Integer) == isinstance(obj, P.Integer), obj
        assert S.is_int(obj) == P.is_int(obj), obj
        assert S.is_tuple(obj) == P.is_tuple(obj), obj


# ------------------------------------------------------------------------------------------------
# the int-tuple helpers on generated int tuples

def _outcome(f, *args):
    try:
        r = f(*args)
    except RecursionError:
        raise
    except Exception as e:  # noqa: BLE001 (the exception's type is the answer)
        return ("raises", type(e))
    return ("returns", type(r), r)


def _same(P, name, *args):
    s = _outcome(getattr(S, name), *args)
    p = _outcome(getattr(P, name), *args)
    assert s == p, (name, args, s, p)
    # and through the submodule, as pycute.int_tuple.name
    assert getattr(S.int_tuple, name) is getattr(S, name)
    return s


class _Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def leaf(self, lo=-6, hi=8):
        return self.r.randint(lo, hi)

    def tup(self, depth=2, lo=-6, hi=8, empty=0.05):
        """A nested int tuple (or a bare int), leaves in [lo, hi]."""
        if depth == 0 or self.r.random() < 0.3:
            return self.leaf(lo, hi)
        if self.r.random() < empty:
            return ()
        return tuple(self.tup(depth - 1, lo, hi, empty) for _ in range(self.r.randint(1, 3)))

    def like(self, t, lo=-6, hi=8):
        """A tuple congruent to t."""
        if isinstance(t, tuple):
            return tuple(self.like(e, lo, hi) for e in t)
        return self.leaf(lo, hi)

    def near(self, t, lo=-6, hi=8):
        """Congruent to t, or not (a leaf where t has a tuple, a different length, ...)."""
        x = self.r.random()
        if x < 0.6:
            return self.like(t, lo, hi)
        if x < 0.75:
            return self.leaf(lo, hi)
        if x < 0.9 and isinstance(t, tuple) and t:
            return self.like(t[:-1], lo, hi) if self.r.random() < 0.5 else self.like(t + (1,), lo, hi)
        return self.tup(2, lo, hi)

    def with_none(self, t, p=0.3):
        if isinstance(t, tuple):
            return tuple(self.with_none(e, p) for e in t)
        return None if self.r.random() < p else t


N = 400


def test_is_int_is_tuple_flatten_product_tuple_max_has_none(P):
    g = _Gen(1)
    for _ in range(N):
        t = g.tup(3)
        for name in ("is_int", "is_tuple", "flatten", "product", "tuple_max", "has_none"):
            _same(P, name, t)
        tn = g.with_none(t)
        for name in ("has_none", "flatten", "is_tuple"):
            _same(P, name, tn)
    for x in [None, (), ((),), ((), (1, ())), 2.5, "ab", ("ab", 2), (None, 3)]:
        for name in ("flatten", "product", "tuple_max", "has_none"):
            _same(P, name, x)


def test_signum(P):
    for x in list(range(-5, 6)) + [-2.5, 0.0, 3.25, True, None, (1,)]:
        _same(P, "signum", x)


def test_inner_product_and_elem_scale(P):
    g = _Gen(2)
    for _ in range(N):
        a = g.tup(3)
        b = g.near(a)
        _same(P, "inner_product", a, b)
        _same(P, "elem_scale", a, b)
        _same(P, "elem_scale", g.leaf(), a)


def test_shape_div(P):
    g = _Gen(3)
    divisors = [1, 2, 3, 4, 6, 8, 12, 16, 24, 36, -2, -4, 0, 5]
    for _ in range(N):
        a = g.tup(3, lo=-8, hi=12, empty=0)
        b = g.r.choice(divisors) if g.r.random() < 0.6 else g.near(a, lo=-4, hi=12)
        _same(P, "shape_div", a, b)
    # pycute's own examples
    assert S.shape_div((3, 4), 6) == (1, 2) and S.shape_div(((3, 4), 6), 36) == ((1, 1), 2)
    assert S.shape_div((6, (3, 4)), 36) == (1, (1, 2))
    with pytest.raises(AssertionError):
        S.shape_div(6, 4)
    with pytest.raises(ZeroDivisionError):
        S.shape_div(6, 0)


def test_prefix_product(P):
    g = _Gen(4)
    for _ in range(N):
        a = g.tup(3)
        _same(P, "prefix_product", a)
        _same(P, "prefix_product", a, g.leaf())
        _same(P, "prefix_product", a, g.near(a))
    assert S.prefix_product(((2, 3), (2, 1, 2), (5, 2, 1))) == ((1, 2), (6, 12, 12), (24, 120, 240))
    assert S.prefix_product(2) == 1 and S.prefix_product((4, 2), (5, 7)) == (5, 7)


def test_idx2crd_crd2idx_crd2crd(P):
    g = _Gen(5)
    for _ in range(N):
        shape = g.tup(3, lo=1, hi=6, empty=0.02)
        stride = g.like(shape, lo=-5, hi=20) if g.r.random() < 0.7 else None
        idx = g.leaf(-10, 200)
        _same(P, "idx2crd", idx, shape, stride)
        _same(P, "crd2idx", idx, shape, stride)
        crd = g.near(shape, lo=-3, hi=7)
        _same(P, "crd2idx", crd, shape, stride)
        _same(P, "crd2idx", g.with_none(crd), shape, stride)
        _same(P, "idx2crd", crd, shape, stride if g.r.random() < 0.8 else g.near(shape))
        _same(P, "crd2idx", crd, shape, g.near(shape))
        dst = g.near(shape, lo=1, hi=6)
        _same(P, "crd2crd", crd, dst)
        _same(P, "crd2crd", crd, dst, shape)
        _same(P, "crd2crd", idx, dst)
    _same(P, "crd2idx", None, (4, 5), (5, 1))
    _same(P, "crd2idx", 3, (), ())
    assert S.crd2idx((1, 2), (4, 5)) == 9 and S.crd2idx(7, (4, 5), (5, 1)) == 16
    assert S.idx2crd(7, (4, 5)) == (3, 1) and S.crd2crd((1, 2), 20, (4, 5)) == 9


def test_slice_(P):
    g = _Gen(6)
    for _ in range(N):
        trg = g.tup(3)
        crd = g.with_none(g.near(trg), 0.4)
        _same(P, "slice_", crd, trg)
        _same(P, "slice_", None, trg)
    assert S.slice_((None, (1, None)), (4, (5, 6))) == (4, 6)
    assert S.slice_(((None, None), 2), ((3, 4), 5)) == (3, 4)
    assert S.slice_(None, (4, 5)) == ((4, 5),) and S.slice_(3, (4, 5)) == ()


def test_int_tuple_helpers_raise_assertion_error_as_pycute():
    # pycute fails an `assert` here; the shim raises AssertionError explicitly (also under -O)
    for f, args in [(S.inner_product, (2, (1, 2))), (S.inner_product, ((1, 2), (1,))),
                    (S.elem_scale, ((1, 2), 3)), (S.shape_div, ((2, 3), (1,))),
                    (S.prefix_product, (2, (1,))), (S.idx2crd, ((1, 2), 4)),
                    (S.crd2idx, ((1, 2), 4)), (S.crd2crd, ((1, 2), 4)), (S.crd2crd, (5, 4)),
                    (S.slice_, ((None, 1), 4)), (S.slice_, ((None,), (1, 2)))]:
        with pytest.raises(AssertionError):
            f(*args)


# ------------------------------------------------------------------------------------------------
# layouts on generated inputs

def _rshape(r, depth=0):
    n = r.randint(1, 3)
    out = []
    for _ in range(n):
        if depth < 1 and r.random() < 0.25:
            out.append(_rshape(r, depth + 1))
        else:
            out.append(r.choice([1, 2, 2, 3, 4, 6, 8]))
    return tuple(out) if len(out) > 1 or r.random() < 0.3 else out[0]


def _rstride(r, shape, neg):
    if isinstance(shape, tuple):
        return tuple(_rstride(r, s, neg) for s in shape)
    v = r.choice([0, 1, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32])
    return -v if neg and r.random() < 0.3 else v


def _layouts(seed, n, neg=True):
    r = random.Random(seed)
    out = []
    for i in range(n):
        sh = _rshape(r)
        out.append((sh, _rstride(r, sh, neg and i % 2 == 1)))
    return out


def _pair(P, spec):
    return S.Layout(*spec), P.Layout(*spec)


def _key(x):
    if hasattr(x, "shape") and hasattr(x, "stride"):
        return ("layout", x.shape, x.stride, str(x), repr(x))
    return ("value", x)


def _call(f, *args):
    try:
        return f(*args), None
    except Exception as e:  # noqa: BLE001
        return None, e


def _cases(P, name, seed, n):
    """n generated cases of the operation name(A, B) (A's layouts from seed, B's, with non-negative
    strides, from seed + 1): the specs, A and B as (shim's, pycute's) layouts, and the shim's and
    pycute's answers as _call gives them."""
    for spec_a, spec_b in zip(_layouts(seed, n), _layouts(seed + 1, n, neg=False)):
        As, Ap = _pair(P, spec_a)
        Bs, Bp = _pair(P, spec_b)
        yield ((spec_a, spec_b), (As, Ap), (Bs, Bp), _call(getattr(S, name), As, Bs),
               _call(getattr(P, name), Ap, Bp))


def _tab(L, M, n=None):
    return [L(i) for i in range(M.size(L) if n is None else n)]


def _is_function(R, A, B, M):
    """R is A o B on B's domain, every value computed by module M (pycute's or the engine's
    arithmetic, with A's extended function past its size)."""
    try:
        return M.size(R) == M.size(B) and all(R(i) == A(B(i)) for i in range(M.size(B)))
    except (ZeroDivisionError, ValueError, AssertionError, IndexError):
        return False


def _coords(r, shape):
    """A random coordinate in range: nested congruent, or by its index in each top mode."""
    if isinstance(shape, tuple):
        if r.random() < 0.5:
            return tuple(_coords(r, s) for s in shape)
        return tuple(r.randrange(S.product(s)) for s in shape)
    return r.randrange(shape)


LAYOUTS = _layouts(11, 400)


def test_layout_class_evaluation_and_slicing(P):
    r = random.Random(12)
    for spec in LAYOUTS:
        s, p = _pair(P, spec)
        assert _key(s) == _key(p) and len(s) == len(p)
        assert [_key(s[i]) for i in range(len(s))] == [_key(p[i]) for i in range(len(p))]
        assert _tab(s, S) == _tab(p, P)
        assert s.size() == p.size() == S.size(s) == P.size(p)
        assert s.cosize() == p.cosize() == S.cosize(s) == P.cosize(p)
        assert s == p and not (s != p) and s == S.Layout(*spec)
        assert S.is_layout(s) and isinstance(s, S.LayoutBase) and isinstance(s, S.layout.LayoutBase)
        for _ in range(4):
            c = _coords(r, s.shape)
            assert s(c) == p(c) == S.crd2idx(c, s.shape, s.stride), (spec, c)
            if isinstance(c, tuple) and len(c) > 1:
                assert s(*c) == p(*c)
            cn = S.int_tuple.slice_  # a coordinate with None entries slices
            c2 = tuple(None if r.random() < 0.5 else e for e in c) if isinstance(c, tuple) else None
            if c2 is not None:
                assert _key(s(c2)) == _key(p(c2)), (spec, c2)
                (ls, os_), (lp, op) = S.slice_and_offset(c2, s), P.slice_and_offset(c2, p)
                assert _key(ls) == _key(lp) and os_ == op
                assert ls.shape == cn(c2, s.shape)
        assert _key(s(None)) == _key(p(None))


def test_size_cosize_coalesce_filter_make_layout(P):
    r = random.Random(13)
    specs = LAYOUTS
    for spec, spec2 in zip(specs, specs[1:] + specs[:1]):
        s, p = _pair(P, spec)
        s2, p2 = _pair(P, spec2)
        for name in ("coalesce", "filter"):
            assert _key(getattr(S, name)(s)) == _key(getattr(P, name)(p)), (name, spec)
            prof = tuple(1 for _ in range(r.randint(1, len(s))))
            assert _key(getattr(S, name)(s, prof)) == _key(getattr(P, name)(p, prof)), (name, spec, prof)
        assert S.size(s) == P.size(p) and S.cosize(s) == P.cosize(p)
        assert _key(S.make_layout(s, s2)) == _key(P.make_layout(p, p2))
        assert _key(S.make_layout([s, s2])) == _key(P.make_layout([p, p2]))
        assert _key(S.make_layout(s)) == _key(P.make_layout(p))
        t = S.int_tuple.flatten(spec[0]) if r.random() < 0.5 else spec[0]
        assert S.size(t) == P.size(t)


def test_composition_generated(P):
    """Same layout as pycute, or both right with different extensions of A past its size, or
    the shim raises a LayoutError where pycute's layout is not A o B (or where CuTe's divisibility
    conditions fail)."""
    seen = {"same": 0, "refused": 0}
    for (spec_a, spec_b), (As, Ap), (Bs, Bp), (Rs, es), (Rp, ep) in _cases(P, "composition", 21, 500):
        if es is not None:
            assert isinstance(es, catlayout.LayoutError), es
        if Rs is not None:
            assert _is_function(Rs, As, Bs, S), (spec_a, spec_b, str(Rs))
        if Rs is not None and Rp is not None:
            if _key(Rs) == _key(Rp):
                seen["same"] += 1
            else:  # where B stays inside A's domain, both extensions are A itself
                inside = [i for i in range(S.size(Bs)) if 0 <= Bs(i) < S.size(As)]
                assert [Rs(i) for i in inside] == [Rp(i) for i in inside], (spec_a, spec_b)
        if Rs is None and Rp is not None:
            seen["refused"] += 1
            assert not _is_function(Rp, Ap, Bp, P) or "divisibility" in str(es), (spec_a, spec_b)
    assert seen["same"] > 200 and seen["refused"] > 10


def test_complement_generated(P):
    r = random.Random(31)
    for spec in _layouts(32, 500):
        n = r.choice([1, 8, 24, 64, 100])
        s, p = _pair(P, spec)
        Cs, es = _call(S.complement, s, n)
        Cp, ep = _call(P.complement, p, n)
        if Cs is not None and Cp is not None:
            assert _key(Cs) == _key(Cp), (spec, n)
        elif Cs is None:
            assert isinstance(es, catlayout.NotComplementable), es
            assert Cp is None or P.size(Cp) == 0, (spec, n, str(Cp))  # pycute: a size-0 "complement"
        else:
            raise AssertionError((spec, n, "pycute answers, the shim raises", ep))
    # an int layout n is n:1; pycute drops max_idx there (complement(Layout(n))), the shim keeps it
    assert S.complement(4) == S.complement(S.Layout(4, 1)) and _key(P.complement(4)) == _key(S.complement(4))
    assert str(S.complement(4, 24)) == "6:4" and str(P.complement(4, 24)) == "1:0"


def test_inverses_generated(P):
    for spec in _layouts(41, 500):
        s, p = _pair(P, spec)
        # right_inverse: always answers; L(R(i)) == i on its domain, at least as large as pycute's
        Rs, Rp = S.right_inverse(s), P.right_inverse(p)
        assert all(s(Rs(i)) == i for i in range(S.size(Rs)))
        assert S.size(Rs) >= P.size(Rp)
        if S.size(Rs) == P.size(Rp):
            assert _tab(Rs, S) == _tab(Rp, P), spec
        # left_inverse, for an injective layout: Li(L(i)) == i, or a LayoutError where pycute's is
        # not a left inverse (or pycute raises)
        img = _tab(s, S)
        if len(set(img)) != len(img):
            continue
        Ls, es = _call(S.left_inverse, s)
        Lp, ep = _call(P.left_inverse, p)
        if Ls is not None:
            assert [Ls(v) for v in img] == list(range(len(img))), spec
        else:
            assert isinstance(es, catlayout.LayoutError)
            if Lp is not None:
                assert [Lp(v) for v in img] != list(range(len(img))), spec
    assert S.right_inverse(None) is None is P.right_inverse(None)
    assert S.left_inverse(None) is None is P.left_inverse(None)
    assert _key(S.right_inverse(6)) == _key(P.right_inverse(6))
    assert _key(S.left_inverse(6)) == _key(P.left_inverse(6))


def _divide_is_right(R, A, B, M):
    try:
        BB = M.make_layout(B, M.complement(B, M.size(A)))
    except Exception:  # noqa: BLE001
        return False
    return _is_function(R, A, BB, M)


def test_divides_generated(P):
    """logical_divide / zipped_divide / tiled_divide / hier_unzip(logical_divide, ...)."""
    counts = {"same": 0, "refused": 0}
    for (spec_a, spec_b), (As, Ap), (Bs, Bp), (Rs, es), (Rp, ep) in _cases(P, "logical_divide", 51, 400):
        for name in ("zipped_divide", "tiled_divide"):
            Zs, ez = _call(getattr(S, name), As, Bs)
            assert (Zs is None) == (Rs is None)
            if Zs is not None:  # the same function, regrouped
                assert _tab(Zs, S) == _tab(Rs, S), (name, spec_a, spec_b)
                Zp, _ = _call(getattr(P, name), Ap, Bp)
                if Rp is not None and _key(Rs) == _key(Rp):
                    assert Zp is not None and _tab(Zs, S) == _tab(Zp, P)
        Hs, _ = _call(S.hier_unzip, S.logical_divide, As, Bs)
        assert (Hs is None and Rs is None) or _key(Hs) == _key(S.zipped_divide(As, Bs))
        if es is not None:
            assert isinstance(es, catlayout.LayoutError), es
        if Rs is not None:
            assert _divide_is_right(Rs, As, Bs, S), (spec_a, spec_b)
        if Rs is not None and Rp is not None and _key(Rs) == _key(Rp):
            counts["same"] += 1
        if Rs is None and Rp is not None:
            counts["refused"] += 1
            assert (P.size(Rp) == 0 or not _divide_is_right(Rp, Ap, Bp, P)
                    or "divisibility" in str(es)), (spec_a, spec_b, str(Rp), es)
    assert counts["same"] > 100 and counts["refused"] > 10


def test_products_generated(P):
    """logical_product / zipped_product / tiled_product / hier_unzip(logical_product, ...)."""
    counts = {"same": 0}
    for (spec_a, spec_b), (As, Ap), (Bs, Bp), (Rs, es), (Rp, ep) in _cases(P, "logical_product", 61, 250):
        if es is not None:
            assert isinstance(es, catlayout.LayoutError), es
            continue
        assert Rs[0] == As and S.size(Rs[1]) == S.size(Bs)  # CuTe's post-conditions
        if Rp is not None:
            assert _key(Rs) == _key(Rp), (spec_a, spec_b)
            counts["same"] += 1
        for name in ("zipped_product", "tiled_product"):
            Zs = getattr(S, name)(As, Bs)
            assert _tab(Zs, S) == _tab(Rs, S)
            if Rp is not None:
                assert _tab(Zs, S) == _tab(getattr(P, name)(Ap, Bp), P)
        assert _key(S.hier_unzip(S.logical_product, As, Bs)) == _key(S.zipped_product(As, Bs))
    assert counts["same"] > 50


def _tiler(r, M, A, ints_ok=True):
    """A by-mode tiler for A: entries None, an int dividing the mode's size, or a layout."""
    out = []
    for i in range(r.randint(1, len(A))):
        n = M.size(A[i])
        divs = [d for d in range(1, n + 1) if n % d == 0]
        x = r.random()
        if x < 0.25:
            out.append(None)
        elif x < 0.6 and ints_ok:
            out.append(r.choice(divs))
        else:
            d = r.choice(divs)
            out.append(M.Layout(d, r.choice([1, 1, 2]) if d * 2 <= n else 1))
    return tuple(out)


def test_by_mode_tilers_with_none_generated(P):
    r = random.Random(71)
    specs = [s for s in _layouts(72, 300, neg=False) if isinstance(s[0], tuple)]
    same = 0
    for spec in specs:
        As, Ap = _pair(P, spec)
        state = r.getstate()
        ts = _tiler(r, S, As)
        r.setstate(state)
        tp = _tiler(r, P, Ap)
        for name in ("composition", "logical_divide", "zipped_divide", "tiled_divide"):
            Rs, es = _call(getattr(S, name), As, ts)
            Rp, ep = _call(getattr(P, name), Ap, tp)
            if Rs is not None and Rp is not None:
                if name == "composition" and len(ts) < len(As):
                    continue  # pycute keeps A's other modes, CuTe drops them (docs/pycute.md)
                if _key(Rs) == _key(Rp):
                    same += 1
                else:  # by mode, the same functions (differences inside a mode: see above)
                    assert S.size(Rs) == P.size(Rp), (name, spec, ts)
            elif Rs is None:
                assert isinstance(es, catlayout.LayoutError), (name, es)
        # products: a tiler of layouts (pycute turns an int entry into a divide)
        state = r.getstate()
        ts = _tiler(r, S, As, ints_ok=False)
        r.setstate(state)
        tp = _tiler(r, P, Ap, ints_ok=False)
        for name in ("logical_product", "zipped_product", "tiled_product"):
            Rs, es = _call(getattr(S, name), As, ts)
            Rp, ep = _call(getattr(P, name), Ap, tp)
            if Rs is not None and Rp is not None:
                assert _tab(Rs, S) == _tab(Rp, P), (name, spec, ts)
            elif Rs is None:
                assert isinstance(es, catlayout.LayoutError), (name, es)
    assert same > 200


def test_hier_unzip_with_any_splitter(P):
    """A splitter other than logical_divide / logical_product: called by mode, the modes of its
    rank-2 results regrouped, as in pycute."""
    def split_s(a, b):
        return S.make_layout(S.composition(a, b), a)

    def split_p(a, b):
        return P.make_layout(P.composition(a, b), a)

    for spec in [((6, 4), (1, 6)), (((2, 3), 4, 5), ((1, 2), 6, 24)), ((8, 2, 3), (1, 8, 16))]:
        As, Ap = _pair(P, spec)
        for tiler_s, tiler_p in [(S.Layout(2), P.Layout(2)), ((S.Layout(2), None), (P.Layout(2), None)),
                                 ((None, S.Layout(2, 2)), (None, P.Layout(2, 2))), (None, None)]:
            assert _key(S.hier_unzip(split_s, As, tiler_s)) == _key(P.hier_unzip(split_p, Ap, tiler_p))


# ------------------------------------------------------------------------------------------------
# Swizzle, ComposedLayout, shiftl, shiftr

VALID_SWIZZLES = [(b, m, s) for b in range(0, 4) for m in range(0, 5) for s in range(-5, 6)
                  if abs(s) >= b and s != 0]


def test_swizzle_generated(P):
    xs = range(1 << 11)
    for bms in VALID_SWIZZLES:
        sw, ps = S.Swizzle(*bms), P.Swizzle(*bms)
        assert [sw(x) for x in xs] == [ps(x) for x in xs], bms
        assert (sw.bits, sw.base, sw.shift) == (ps.bits, ps.base, ps.shift)
        assert (sw.yyy_msk, sw.zzz_msk) == (ps.yyy_msk, ps.zzz_msk), bms
        assert (sw.size(), sw.cosize(), str(sw), repr(sw)) == (ps.size(), ps.cosize(), str(ps), repr(ps))
        assert S.cosize(sw) == P.cosize(ps) and not S.is_layout(sw) and not P.is_layout(ps)
    assert S.swizzle.Swizzle is S.Swizzle and S.swizzle.shiftl is S.shiftl


def test_shiftl_shiftr(P):
    r = random.Random(81)
    for _ in range(N):
        a = r.randint(-1000, 1000)
        s = r.choice([x for x in range(-9, 10) if x != 0])  # pycute recurses forever at s == 0
        assert S.shiftl(a, s) == P.shiftl(a, s) and S.shiftr(a, s) == P.shiftr(a, s), (a, s)
    assert S.shiftl(5, 0) == S.shiftr(5, 0) == 5


def test_composed_layout_generated(P):
    r = random.Random(91)
    specs = _layouts(92, 120, neg=False)
    for spec in specs:
        bms = r.choice(VALID_SWIZZLES)
        off = r.choice([0, 0, 3, 16, 64])
        Cs = S.ComposedLayout(S.Swizzle(*bms), off, S.Layout(*spec))
        Cp = P.ComposedLayout(P.Swizzle(*bms), off, P.Layout(*spec))
        n = P.size(Cp)
        assert S.size(Cs) == n == Cs.size() and S.cosize(Cs) == P.cosize(Cp) == Cs.cosize()
        assert [Cs(i) for i in range(n)] == [Cp(i) for i in range(n)], (bms, off, spec)
        assert str(Cs) == str(Cp) and repr(Cs) == repr(Cp) and len(Cs) == len(Cp)
        assert [str(Cs[i]) for i in range(len(Cs))] == [str(Cp[i]) for i in range(len(Cp))]
        assert S.is_layout(Cs) and P.is_layout(Cp)
        assert isinstance(Cs, S.LayoutBase) and isinstance(Cp, P.LayoutBase)
        c = _coords(r, spec[0])
        assert Cs(c) == Cp(c)
        # a Layout as layoutB (pycute allows any callable)
        Gs = S.ComposedLayout(S.Layout(*spec), off, S.Layout(2))
        Gp = P.ComposedLayout(P.Layout(*spec), off, P.Layout(2))
        if all(Gs.layoutA(i) + off < S.size(Gs.layoutB) for i in range(2)):
            assert [Gs(i) for i in range(2)] == [Gp(i) for i in range(2)]
            assert str(Gs) == str(Gp)


def test_layoutbase_subclassing():
    class Mine(S.LayoutBase):
        pass
    assert S.is_layout(Mine()) and isinstance(S.Layout(4), S.LayoutBase)
    assert isinstance(catlayout.Layout("4:1"), S.LayoutBase)  # any engine layout counts
    assert not S.is_layout(S.Swizzle(1, 0, 1)) and not S.is_layout((4, 1)) and not S.is_layout(4)


# ------------------------------------------------------------------------------------------------
# documented differences found by the tests above (docs/pycute.md)

def test_diff_evaluation_outside_the_domain(P):
    # the engine refuses a negative index and a coordinate outside its mode; pycute extends the
    # arithmetic. crd2idx (a plain int-tuple helper) is pycute's on any integers.
    s, p = _pair(P, ((4, 3), (1, 4)))
    for crd in [-1, (-1, 2), (5, 0), (1, -1)]:
        with pytest.raises(catlayout.InvalidInput):
            s(crd)
        assert S.crd2idx(crd, s.shape, s.stride) == p(crd)
    assert p(-1) == -1 and p((5, 0)) == 5
    # an index past the size is the extended function in both
    assert s(30) == p(30) == 30


def test_diff_layout_construction_is_checked(P):
    for shape in [(2, 0), (2, -3), 0]:
        with pytest.raises(catlayout.InvalidInput):
            S.Layout(shape)
        P.Layout(shape)  # pycute builds it
    with pytest.raises(AttributeError):
        S.Layout(4).shape = 5  # read-only in the shim; pycute lets you assign
    q = P.Layout(4)
    q.shape = 5
    # make_layout() with no layouts: the empty layout; pycute fails to unpack
    assert S.make_layout() == S.Layout((), ())
    with pytest.raises(ValueError):
        P.make_layout()


def test_diff_swizzle_of_a_negative_offset(P):
    with pytest.raises(catlayout.InvalidInput):
        S.Swizzle(2, 3, 3)(-5)
    assert P.Swizzle(2, 3, 3)(-5) == -29


def test_reduce_and_chain_are_usable_from_the_shim():
    assert S.reduce(lambda a, b: a * b, (2, 3, 4), 1) == 24 == functools.reduce(int.__mul__, (2, 3, 4))
    assert tuple(S.chain((1,), (2,))) == (1, 2)
    assert S.Union[int, tuple] == typing.Union[int, tuple]


def test_diff_divisibility_refusals_where_pycute_is_right(P):
    for a, b in [((((2, 6), 1), ((6, -3), 3)), ((1, 2), (16, 1))),
                 (((3, 1), (16, 3)), ((1, 1), (24, 32)))]:
        As, Ap = _pair(P, a)
        Bs, Bp = _pair(P, b)
        with pytest.raises(catlayout.Inadmissible, match="divisibility"):
            S.composition(As, Bs)
        assert _is_function(P.composition(Ap, Bp), Ap, Bp, P)


def test_diff_left_inverse_of_a_layout_that_is_not_injective():
    # no left inverse exists, and CuTe's answer (2,3,4):(0,1,8) is not a quasi-inverse either
    # (L(27) == 24, R(24) == 32, L(32) == 1): refused, naming it (CuTe's contract, layout.hpp:1314)
    L = S.Layout(((4, 2, 4), 1), ((2, 0, 6), 1))
    with pytest.raises(catlayout.Inadmissible, match=r"CuTe's \(2,3,4\):\(0,1,8\) .* is not a quasi-inverse"):
        S.left_inverse(L)
