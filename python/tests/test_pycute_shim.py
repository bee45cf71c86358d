"""catlayout.pycute: pycute's layout API over catlayout's engine.

Three kinds of test:
- the API behaves as pycute's (modes by [], len, calls, slicing, printing, default arguments);
- answers are checked by tabulation against the operation's definition, and the whole conformance
  corpus (conformance/vectors) is run through the shim's pycute-style entry points;
- where pycute is importable (nvidia-cutlass 4.2.0.0), it is the oracle where it is right, and each
  documented difference (docs/pycute.md) is pinned: pycute's answer, the shim's answer, and, where
  pycute's answer is not the operation's function, the tabulated counterexample.
"""
import glob
import importlib.util
import json
import os
import sys

import pytest

import catlayout

from conftest import load_shim  # the source tree's shim where the installed one is older

S = load_shim()

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
VECTORS = os.path.join(ROOT, "conformance", "vectors")


@pytest.fixture(scope="module")
def P():
    return pytest.importorskip("pycute")


def table(L, n=None):
    return [L(i) for i in range(S.size(L) if n is None else n)]


# ------------------------------------------------------------------------------------------------
# the Layout class

def test_layout_is_engine_layout_and_pycute_api():
    L = S.Layout(((2, 3), 4), ((1, 2), 6))
    assert isinstance(L, catlayout.Layout) and S.is_layout(L)
    assert not S.is_layout((4, 2))
    assert len(L) == 2 and len(S.Layout(8)) == 1
    assert L[0] == S.Layout((2, 3), (1, 2)) and L[1] == S.Layout(4, 6)
    assert L[-1] == L[1] and type(L[0]) is S.Layout
    assert S.Layout(8)[0] == S.Layout(8, 1)
    assert [str(m) for m in L] == ["(2, 3):(1, 2)", "4:6"]
    with pytest.raises(IndexError):
        L[2]
    assert L[0:2] == L
    assert L.size() == 24 and S.size(L) == 24 and L.cosize() == 24 and S.cosize(L) == 24
    assert L.shape == ((2, 3), 4) and L.stride == ((1, 2), 6)


def test_default_stride_and_printing():
    L = S.Layout((4, (2, 3)))
    assert L.stride == (1, (4, 8))
    assert str(S.Layout((1, 4))) == "(1, 4):(1, 1)"
    assert str(S.Layout((8,))) == "(8,):(1,)"
    assert repr(S.Layout((6, 2), (8, 2))) == "Layout((6, 2),(8, 2))"
    assert S.Layout((6, 2), (8, 2)).cute() == "(6,2):(8,2)"
    assert S.Layout(catlayout.Layout("(6,2):(8,2)")) == S.Layout((6, 2), (8, 2))


def test_call_index_coordinate_and_slice():
    L = S.Layout(((2, 3), 4), ((1, 2), 6))
    assert L(5) == 5 and L(7) == 7
    assert L(((1, 2), 3)) == 1 + 4 + 18 == L((1, 2), 3)
    assert L((1, 2)) == 1 + 12  # mode 0 by its index, mode 1 by coordinate
    assert L(30) == 30  # past the size: the extended function (the last mode goes on)
    assert L(None, 1) == S.Layout(((2, 3),), ((1, 2),))
    assert L(1, None) == S.Layout((4,), (6,))
    assert L(((1, None), None)) == S.Layout((3, 4), (2, 6))
    assert L(None) == S.Layout((((2, 3), 4),), (((1, 2), 6),))
    assert type(L(None, 1)) is S.Layout
    assert S.slice_and_offset((None, 1), L) == (S.Layout(((2, 3),), ((1, 2),)), 6)
    assert S.slice_and_offset(((1, None), 2), L) == (S.Layout((3,), (2,)), 13)


def test_int_tuple_helpers():
    assert S.flatten(((2, 3), (4, (5,)))) == (2, 3, 4, 5) and S.flatten(7) == (7,)
    assert S.product(((2, 3), 4)) == 24 and S.product(()) == 1
    assert S.has_none((1, (2, None))) and not S.has_none((1, 2))
    assert S.is_int(3) and not S.is_int((3,)) and S.is_tuple((3,))
    assert S.crd2idx((1, 2), (4, 5)) == 9 and S.crd2idx((1, 2), (4, 5), (5, 1)) == 7
    assert S.prefix_product((4, (2, 3))) == (1, (4, 8))
    assert S.prefix_product((4, 2), 3) == (3, 12)
    assert S.size((2, (3, 4))) == 24


def test_results_are_shim_layouts():
    A, B = S.Layout((6, 2), (8, 2)), S.Layout((4, 3), (3, 1))
    for r in (S.composition(A, B), S.coalesce(A), S.filter(A), S.complement(B, 24),
              S.logical_divide(S.Layout(24), B), S.zipped_divide(S.Layout(24), 4),
              S.tiled_divide(S.Layout(24), 4), S.logical_product(B, 2),
              S.zipped_product(B, (2, 2)), S.tiled_product(B, (2, 2)),
              S.right_inverse(B), S.left_inverse(B), S.make_layout(A, B),
              S.flat_divide(S.Layout(24), 4), S.flat_product(B, 2),
              S.blocked_product(B, S.Layout(2)), S.raked_product(B, S.Layout(2))):
        assert type(r) is S.Layout, r
        r[0]  # pycute's mode access works on every result


def test_make_layout_forms():
    a, b = S.Layout(2, 1), S.Layout(3, 2)
    assert S.make_layout(a, b) == S.Layout((2, 3), (1, 2))
    assert S.make_layout([a, b]) == S.make_layout(x for x in (a, b))
    assert S.make_layout(a) == S.Layout((2,), (1,))


# ------------------------------------------------------------------------------------------------
# answers, checked by tabulation

def test_composition_tiling_blog():
    A, B = S.Layout((6, 2), (8, 2)), S.Layout((4, 3), (3, 1))
    R = S.composition(A, B)
    assert str(R) == "((2, 2), 3):((24, 2), 8)"
    assert R == S.Layout(((2, 2), 3), ((24, 2), 8))
    assert table(R) == [A(B(i)) for i in range(S.size(B))]


@pytest.mark.parametrize("A,B,expect", [
    (((12, (4, 8)), (59, (13, 1))), (S.Layout(3, 4), S.Layout(8, 2)), ((3, (2, 4)), (236, (26, 1)))),
    (((12, (4, 8)), (59, (13, 1))), (3, 8), ((3, (4, 2)), (59, (13, 1)))),
    (((2, 2, 6), (12, 6, 1)), S.Layout(4, 2), ((2, 2), (6, 1))),
    (((4, 2, 3), (2, 1, 8)), S.Layout(4, 2), ((2, 2), (4, 1))),
    (((6, 4), (1, 6)), (None, 2), ((6, 2), (1, 6))),
    (((6, 4), (1, 6)), None, ((6, 4), (1, 6))),
    (((6, 4), (1, 6)), 3, (3, 1)),
])
def test_composition_examples(A, B, expect):
    A = S.Layout(*A)
    R = S.composition(A, B)
    assert (R.shape, R.stride) == expect
    if B is None:
        return
    if isinstance(B, tuple):  # by mode: mode i is A[i] o B[i]
        for i, b in enumerate(B):
            Bi = A[i] if b is None else (S.Layout(b) if S.is_int(b) else b)
            if b is None:
                assert R[i] == A[i]
            else:
                assert table(R[i]) == [A[i](Bi(j)) for j in range(S.size(Bi))]
    else:
        Bl = S.Layout(B) if S.is_int(B) else B
        assert table(R) == [A(Bl(i)) for i in range(S.size(Bl))]


@pytest.mark.parametrize("A,N,expect", [
    ((4, 1), 24, (6, 4)), ((6, 4), 24, (4, 1)), ((4, 2), 24, ((2, 3), (1, 8))),
    (((2, 4), (1, 6)), 24, (3, 2)), (((4, 6), (1, 4)), 24, (1, 0)),
    (((2, 2), (1, 6)), 24, ((3, 2), (2, 12))), (((2, 2), (1, 50)), 100, (25, 2)),
    ((4, 2), 1, (2, 1)),
])
def test_complement_examples(A, N, expect):
    A = S.Layout(*A)
    C = S.complement(A, N)
    assert (C.shape, C.stride) == expect
    # (A, C) is injective, and its image covers [0, N) (CuTe's post-conditions)
    img = table(S.make_layout(A, C))
    assert len(set(img)) == len(img)
    assert set(range(N)) <= set(img) or N <= S.cosize(A)


def test_complement_default_cotarget_and_int():
    assert S.complement(S.Layout(4, 2)) == S.complement(S.Layout(4, 2), 1) == S.Layout(2, 1)
    assert S.complement(4) == S.Layout(1, 0)


def test_divide_and_product_examples():
    A = S.Layout((4, 2, 3), (2, 1, 8))
    D = S.logical_divide(A, S.Layout(4, 2))
    assert D == S.Layout(((2, 2), (2, 3)), ((4, 1), (2, 8)))
    B = S.make_layout(S.Layout(4, 2), S.complement(S.Layout(4, 2), S.size(A)))
    assert table(D) == [A(B(i)) for i in range(S.size(B))]
    D2 = S.logical_divide(S.Layout((9, (4, 8)), (59, (13, 1))), (S.Layout(3, 3), S.Layout((2, 4), (1, 8))))
    assert D2 == S.Layout(((3, 3), ((2, 4), (2, 2))), ((177, 59), ((13, 2), (26, 1))))
    P = S.logical_product(S.Layout((2, 2), (4, 1)), S.Layout(6, 1))
    assert P == S.Layout(((2, 2), (2, 3)), ((4, 1), (2, 8)))
    assert S.blocked_product(S.Layout((2, 5), (5, 1)), S.Layout((3, 4), (1, 3))) == \
        S.Layout(((2, 3), (5, 4)), ((5, 10), (1, 30)))
    assert S.raked_product(S.Layout((2, 5), (5, 1)), S.Layout((3, 4), (1, 3))) == \
        S.Layout(((3, 2), (4, 5)), ((10, 5), (30, 1)))
    A = S.Layout((6, 4), (1, 6))
    assert S.zipped_divide(A, (2, 2)) == S.Layout(((2, 2), (3, 2)), ((1, 6), (2, 12)))
    assert S.tiled_divide(A, (2, 2)) == S.Layout(((2, 2), 3, 2), ((1, 6), 2, 12))
    assert S.flat_divide(A, (2, 2)) == S.Layout((2, 2, 3, 2), (1, 6, 2, 12))
    # the same elements, regrouped
    assert sorted(table(S.zipped_divide(A, (2, 2)))) == sorted(table(A))


def test_none_in_tilers():
    A = S.Layout((6, 4), (1, 6))
    assert S.logical_divide(A, (2, None)) == S.Layout(((2, 3), 4), ((1, 2), 6))
    assert S.zipped_divide(A, (2, None)) == S.Layout(((2, 1), (3, 4)), ((1, 0), (2, 6)))
    assert S.tiled_divide(A, (2, None)) == S.Layout(((2, 1), 3, 4), ((1, 0), 2, 6))
    assert S.zipped_divide(A, None) == S.Layout((1, (6, 4)), (0, (1, 6)))
    assert S.logical_product(A, (None, 2)) == S.make_layout(A[0], S.logical_product(A[1], 2))
    assert S.hier_unzip(S.logical_divide, A, (2, None)) == S.zipped_divide(A, (2, None))


def test_inverses_coalesce_filter():
    L = S.Layout((4, 2), (2, 1))
    R, Li = S.right_inverse(L), S.left_inverse(L)
    assert R == S.Layout((2, 4), (4, 1)) and Li == S.Layout((2, 4), (4, 1))
    assert [L(R(i)) for i in range(S.size(R))] == list(range(S.size(R)))
    assert [Li(L(i)) for i in range(S.size(L))] == list(range(S.size(L)))
    assert S.right_inverse(None) is None and S.left_inverse(None) is None
    assert S.right_inverse(5) == S.Layout(5, 1)
    A = S.Layout((2, (1, 6)), (1, (6, 2)))
    assert S.coalesce(A) == S.Layout(12, 1)
    assert S.coalesce(A, (1, 1)) == S.Layout((2, 6), (1, 2))
    assert S.coalesce(A, (1,)) == A
    F = S.Layout((2, (1, 6), 3), (0, (6, 2), 4))
    assert S.filter(F) == S.Layout((6, 3), (2, 4))
    assert S.filter(F, (1, 1)) == S.Layout((1, 6, 3), (0, 2, 4))


def _tup(x):
    return tuple(_tup(e) for e in x) if isinstance(x, list) else x


def _lay(mod, j):
    return mod.Layout(_tup(j["shape"]), _tup(j["stride"]))


def _tiler(mod, t):
    if isinstance(t, dict) and "tiler" in t:
        return tuple(_tiler(mod, e) for e in t["tiler"])
    if isinstance(t, dict):
        return _lay(mod, t)
    if isinstance(t, list):
        return tuple(_tiler(mod, e) for e in t)
    return t


_OPS = {"evaluate", "coalesce", "composition", "complement", "logical_divide", "zipped_divide",
        "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
        "flat_product", "blocked_product", "raked_product", "right_inverse", "left_inverse"}


def _run(mod, c):
    op, a = c["op"], c["args"]
    A = _lay(mod, a[0])
    if op == "evaluate":
        return [A(i) for i in range(mod.size(A))]
    f = getattr(mod, op, None)
    if f is None:
        return "n/a"
    if len(a) == 1:
        r = f(A)
    elif op == "coalesce":
        r = f(A, _tup(a[1]))
    elif op == "complement":
        r = f(A, a[1])
    else:
        r = f(A, _tiler(mod, a[1]))
    return (r.shape, r.stride)


def _cases():
    files = [os.path.join(VECTORS, "seed-examples.json"),
             os.path.join(VECTORS, "cute-static", "cute-4.2-static-sample.json")]
    files += sorted(glob.glob(os.path.join(VECTORS, "catlayout", "*.json")))
    out = []
    for fn in files:
        if os.path.exists(fn):
            # integer-stride operands only: pycute has no F2, coordinate or composed operands
            out += [c for c in json.load(open(fn))["cases"]
                    if c["op"] in _OPS and not any(k in json.dumps(c["args"]) for k in ('"f2"', '"basis"', '"swizzle"'))]
    return out


def _expect(c):
    e = c["expect"]
    if isinstance(e, dict) and "error" in e:
        return ("error", e["error"])
    if c["op"] == "evaluate":
        return e
    return (_tup(e["shape"]), _tup(e["stride"]))


def _shim(c):
    try:
        return _run(S, c)
    except catlayout.LayoutError as x:
        return ("error", x.kind)


def test_corpus_through_the_shim():
    """Every layout-op vector (CuTe's answers and catlayout's refusals) through the pycute-style API."""
    cases = _cases()
    if not cases:
        pytest.skip("conformance/vectors not found")
    bad = [(c["id"], _shim(c), _expect(c)) for c in cases if _shim(c) != _expect(c)]
    assert not bad, bad[:5]
    assert len(cases) > 1000


# ------------------------------------------------------------------------------------------------
# errors: inadmissible input raises where pycute returns a wrong layout

def test_inadmissible_composition_raises_where_pycute_is_wrong(P):
    A, B = ((3, 2), (1, 4)), (4, 1)
    with pytest.raises(catlayout.Inadmissible) as e:
        S.composition(S.Layout(*A), S.Layout(*B))
    assert isinstance(e.value, ValueError) and e.value.kind == "inadmissible"
    pa, pb = P.Layout(*A), P.Layout(*B)
    pr = P.composition(pa, pb)
    assert str(pr) == "3:1"
    # pycute's layout is not A o B: it has 3 elements where B has 4, and at i = 3
    # it gives 3 where A(B(3)) = A(3) = 4
    assert P.size(pr) == 3 != P.size(pb)
    assert pr(3) == 3 and pa(pb(3)) == 4


def test_inadmissible_composition_negative_strides(P):
    A, B = ((4, (8, 2, 2)), (-1, (16, 8, -4))), ((2, 4), (32, 16))
    with pytest.raises(catlayout.Inadmissible):
        S.composition(S.Layout(*A), S.Layout(*B))
    pa, pb = P.Layout(*A), P.Layout(*B)
    pr = P.composition(pa, pb)
    assert pr == P.Layout((2, (2, 2)), (8, (64, 8)))
    assert pr(5) == 16 and pa(pb(5)) == -4


def test_complement_of_overlapping_layout(P):
    with pytest.raises(catlayout.NotComplementable):
        S.complement(S.Layout((2, 2), (2, 2)), 5)
    pr = P.complement(P.Layout((2, 2), (2, 2)), 5)
    assert pr == P.Layout((2, 0, 2), (1, 4, 4)) and P.size(pr) == 0  # an empty "complement"


def test_inadmissible_divide_and_product(P):
    cases = [(S.zipped_divide, P.zipped_divide, (2, 1), (7, 6), (1, 1)),
             (S.logical_product, P.logical_product, ((4, 8), (24, 2)), (5,), (1,))]
    for sf, pf, (a_sh, a_st), b_sh, b_st in cases:
        with pytest.raises(catlayout.Inadmissible):
            sf(S.Layout(a_sh, a_st), S.Layout(b_sh, b_st))
        pf(P.Layout(a_sh, a_st), P.Layout(b_sh, b_st))  # pycute answers
    # logical_divide(4:1, (6,3):(1,1)): pycute's result repeats offsets, so it is not A o (B, B*)
    pr = P.logical_divide(P.Layout(4, 1), P.Layout((6, 3), (1, 1)))
    assert pr == P.Layout(((6, 3), 0), ((1, 1), 3))
    assert P.size(pr) == 0  # a zero-size mode: no layout of the 4 elements of A
    with pytest.raises(catlayout.Inadmissible):
        S.logical_divide(S.Layout(4, 1), S.Layout((6, 3), (1, 1)))


def test_left_inverse_not_injective_raises(P):
    with pytest.raises(catlayout.Inadmissible):
        S.left_inverse(S.Layout((4, (4, 6)), (18, (19, 9))))
    A = P.Layout((4, (4, 6)), (18, (19, 9)))
    pr = P.left_inverse(A)
    assert [pr(A(i)) for i in range(P.size(A))] != list(range(P.size(A)))


# ------------------------------------------------------------------------------------------------
# pycute as the oracle where it is right, and the documented differences

def _same(s, p):
    return s.shape == p.shape and s.stride == p.stride and str(s) == str(p)


def test_agrees_with_pycute_on_pycute_style_examples(P):
    def both(name, *args):
        def conv(x, mod):
            if isinstance(x, list):
                return mod.Layout(*x)
            if isinstance(x, tuple):
                return tuple(conv(e, mod) for e in x)
            return x
        return getattr(S, name)(*conv(args, S)), getattr(P, name)(*conv(args, P))

    checks = [
        ("composition", [(6, 2), (8, 2)], [(4, 3), (3, 1)]),
        ("composition", [(12, (4, 8)), (59, (13, 1))], ([3, 4], [8, 2])),
        ("composition", [(6, 4), (1, 6)], (None, 2)),
        ("composition", [(6, 4), (1, 6)], 3),
        ("coalesce", [(2, (1, 6)), (1, (6, 2))]),
        ("coalesce", [(2, (1, 6)), (1, (6, 2))], (1, 1)),
        ("filter", [(2, (1, 6), 3), (0, (6, 2), 4)]),
        ("filter", [(2, (1, 6), 3), (0, (6, 2), 4)], (1, 1)),
        ("complement", [4, 2]), ("complement", [4, 2], 24), ("complement", 4),
        ("complement", [(2, 2), (1, 6)], 24),
        ("logical_divide", [16, 1], [4, 2]),
        ("logical_divide", [(4, 2, 3), (2, 1, 8)], [4, 2]),
        ("logical_divide", [(6, 4), (1, 6)], (2, None)),
        ("zipped_divide", [(6, 4), (1, 6)], (2, 2)),
        ("zipped_divide", [(6, 4), (1, 6)], (2, None)),
        ("zipped_divide", [(6, 4), (1, 6)], None),
        ("tiled_divide", [(6, 4), (1, 6)], (2, 2)),
        ("tiled_divide", [(6, 4), (1, 6)], (2, None)),
        ("logical_product", [(2, 2), (4, 1)], [6, 1]),
        ("logical_product", [(2, 2), (4, 1)], [(4, 2), (2, 1)]),
        ("zipped_product", [(2, 2), (4, 1)], ([2, 1], [3, 1])),
        ("tiled_product", [(2, 2), (4, 1)], ([2, 1], [3, 1])),
        ("right_inverse", [(4, 2), (2, 1)]), ("left_inverse", [(4, 2), (2, 1)]),
        ("right_inverse", 5), ("left_inverse", 5),
        ("make_layout", [2, 1], [3, 2]), ("make_layout", [2, 1]),
    ]
    for name, *args in checks:
        s, p = both(name, *args)
        assert _same(s, p), (name, args, str(s), str(p))
        assert repr(s) == repr(p)
    for name, *args in [("size", [(2, 3), (4, 1)]), ("cosize", [(2, 3), (4, 1)]), ("size", (2, 3))]:
        s, p = both(name, *args)
        assert s == p
    s, p = both("slice_and_offset", (None, 1), [((2, 3), 4), ((1, 2), 6)])
    assert _same(s[0], p[0]) and s[1] == p[1]
    Ls, Lp = S.Layout(((2, 3), 4), ((1, 2), 6)), P.Layout(((2, 3), 4), ((1, 2), 6))
    for args in [(5,), (30,), ((1, 2),), ((1, 2), 3), (None, 1), (1, None), (None,),
                 (((1, None), None),)]:
        s, p = Ls(*args), Lp(*args)
        assert (s == p) if S.is_int(s) else _same(s, p), args
    assert _same(Ls[0], Lp[0]) and len(Ls) == len(Lp) and str(Ls) == str(Lp)


def test_diff_short_bymode_tiler_drops_modes(P):
    s = S.composition(S.Layout((3, 4), (32, 8)), (1,))
    p = P.composition(P.Layout((3, 4), (32, 8)), (1,))
    assert str(s) == "(1,):(32,)" and str(p) == "(1, 4):(32, 8)"
    # divides keep the other modes in both
    assert _same(S.logical_divide(S.Layout((6, 4), (1, 6)), (2,)),
                 P.logical_divide(P.Layout((6, 4), (1, 6)), (2,)))


def test_diff_logical_product_with_int(P):
    # pycute's logical_product(A, int) runs logical_divide
    assert str(P.logical_product(P.Layout(4, 1), 3)) == "(3, 2):(1, 3)"
    assert P.logical_product(P.Layout(4, 1), 3) == P.logical_divide(P.Layout(4, 1), 3)
    s = S.logical_product(S.Layout(4, 1), 3)
    assert str(s) == "(4, 3):(1, 4)" and s == S.logical_product(S.Layout(4, 1), S.Layout(3))
    # the same under a by-mode tiler, and so in zipped/tiled products
    assert str(S.zipped_product(S.Layout((5, 2), (1, 5)), (4, 3))) == "((5, 2), (4, 3)):((1, 5), (5, 1))"
    assert str(P.zipped_product(P.Layout((5, 2), (1, 5)), (4, 3))) == "((4, 3), (2, 1)):((1, 5), (4, 0))"


def test_diff_left_inverse_off_the_image(P):
    s, p = S.left_inverse(S.Layout(7, 3)), P.left_inverse(P.Layout(7, 3))
    assert str(s) == "(3, 7):(0, 1)" and str(p) == "(3, 7):(7, 1)"
    L = S.Layout(7, 3)
    assert [s(L(i)) for i in range(7)] == [p(L(i)) for i in range(7)] == list(range(7))


def test_diff_right_inverse_larger(P):
    s, p = S.right_inverse(S.Layout((5, 3), (1, 1))), P.right_inverse(P.Layout((5, 3), (1, 1)))
    assert str(s) == "5:1" and str(p) == "3:5"
    L = S.Layout((5, 3), (1, 1))
    assert [L(s(i)) for i in range(5)] == list(range(5))
    assert [L(p(i)) for i in range(3)] == list(range(3))


def test_diff_size_one_strides_and_extension(P):
    s = S.zipped_divide(S.Layout(3, 1), (1,))
    p = P.zipped_divide(P.Layout(3, 1), (1,))
    assert str(s) == "((1,), (3,)):((0,), (1,))" and str(p) == "((1,), (3,)):((1,), (1,))"
    # A = 1:8 has one element; past it, CuTe's extended function goes on with stride 8
    assert str(S.composition(S.Layout(1, 8), S.Layout(3, 1))) == "3:8"
    assert str(P.composition(P.Layout(1, 8), P.Layout(3, 1))) == "3:0"
    assert S.Layout(1, 8)(2) == 16


def test_diff_tiled_keeps_rank1_nesting(P):
    s = S.tiled_product(S.Layout(5, 1), S.Layout((7,), (1,)))
    p = P.tiled_product(P.Layout(5, 1), P.Layout((7,), (1,)))
    assert str(s) == "(5, (7,)):(1, (5,))" and str(p) == "(5, 7):(1, 5)"
    assert table(s) == table(p)


def test_diff_pycute_asserts_where_cute_answers(P):
    A, B = ((5, (5,)), (5, (1,))), ((4, 2), (5, 3))
    with pytest.raises(AssertionError):
        P.composition(P.Layout(*A), P.Layout(*B))
    a, b = S.Layout(*A), S.Layout(*B)
    r = S.composition(a, b)
    assert str(r) == "(4, 2):(1, 15)"
    assert table(r) == [a(b(i)) for i in range(S.size(b))]
    # left_inverse of a layout that is not injective: pycute asserts, CuTe (and the shim)
    # answer a generalized inverse, L(Li(L(i))) == L(i)
    A = ((6, 3, 2), (6, 1, 12))
    with pytest.raises(AssertionError):
        P.left_inverse(P.Layout(*A))
    L = S.Layout(*A)
    Li = S.left_inverse(L)
    assert str(Li) == "(6, 2, 2):(6, 1, 18)"
    assert all(L(Li(L(i))) == L(i) for i in range(S.size(L)))


def test_diff_error_types(P):
    # both refuse (4,6):(2,3) o 6:3; pycute with a bare AssertionError
    with pytest.raises(AssertionError):
        P.composition(P.Layout((4, 6), (2, 3)), P.Layout(6, 3))
    with pytest.raises(catlayout.Inadmissible):
        S.composition(S.Layout((4, 6), (2, 3)), S.Layout(6, 3))


# ------------------------------------------------------------------------------------------------
# Swizzle and ComposedLayout (pycute/swizzle.py) over catlayout.Swizzle / catlayout.ComposedLayout

SWIZZLES = [(1, 0, 1), (2, 0, 2), (2, 1, 3), (3, 3, 3), (3, 4, 3), (2, 4, 3), (1, 2, 5),
            (3, 4, -3), (2, 3, -4), (0, 2, 1), (4, 0, 4)]
XS = range(1 << 12)


@pytest.mark.parametrize("bms", SWIZZLES)
def test_swizzle_is_engine_and_the_xor_formula(bms):
    b, m, s = bms
    sw = S.Swizzle(b, m, s)
    assert isinstance(sw, catlayout.Swizzle) and (sw.bits, sw.base, sw.shift) == (b, m, s)
    eng = catlayout.Swizzle(b, m, s)
    got = [sw(x) for x in XS]
    assert got == [eng(x) for x in XS]
    msk = ((1 << b) - 1) << (m + max(0, s))
    if s >= 0:  # the formula of the brief: x ^ ((x & (((1<<b)-1) << (m+s))) >> s)
        assert got == [x ^ ((x & (((1 << b) - 1) << (m + s))) >> s) for x in XS]
    else:       # a negative shift moves the yyy bits (at m) left by -s
        assert got == [x ^ ((x & msk) << -s) for x in XS]
    assert sorted(got[:sw.size()]) == list(range(sw.size()))  # a bijection of [0, 2^(b+m+|s|))


@pytest.mark.parametrize("bms", SWIZZLES)
def test_swizzle_against_pycute(P, bms):
    sw, ps = S.Swizzle(*bms), P.Swizzle(*bms)
    assert [sw(x) for x in XS] == [ps(x) for x in XS]
    assert (sw.size(), sw.cosize()) == (ps.size(), ps.cosize())
    assert str(sw) == str(ps) and repr(sw) == repr(ps)


def test_swizzle_printing_and_api():
    sw = S.Swizzle(3, 4, 3)
    assert str(sw) == "SW_3_4_3" and repr(sw) == "Swizzle(3,4,3)" and sw.cute() == "Sw<3,4,3>"
    assert str(catlayout.Swizzle(3, 4, 3)) == "Sw<3,4,3>"
    assert sw.size() == sw.cosize() == 1024 and S.size(sw) == 1024 and S.cosize(sw) == 1024
    assert sw == S.Swizzle(3, 4, 3) and sw == catlayout.Swizzle(3, 4, 3) and sw != S.Swizzle(3, 4, 4)
    assert hash(sw) == hash(S.Swizzle(3, 4, 3))
    with pytest.raises(catlayout.InvalidInput):  # |shift| < bits: pycute asserts
        S.Swizzle(3, 4, 2)
    assert S.shiftl(5, 2) == 20 and S.shiftl(20, -2) == 5 and S.shiftr(20, 2) == 5
    assert S.shiftr(5, -2) == 20 and S.shiftl(7, 0) == S.shiftr(7, 0) == 7


COMPOSED = [((3, 4, 3), 0, ((8, 64), (64, 1))),
            ((2, 3, 3), 0, ((8, 32), (32, 1))),
            ((3, 3, 3), 16, ((64, 8), (1, 64))),
            ((2, 0, -2), 5, (((4, 2), 16), ((1, 64), 4)))]


def _composed(M, spec):
    (b, m, s), off, (shape, stride) = spec
    return M.ComposedLayout(M.Swizzle(b, m, s), off, M.Layout(shape, stride))


@pytest.mark.parametrize("spec", COMPOSED)
def test_composed_layout_is_engine(spec):
    C = _composed(S, spec)
    E = catlayout.ComposedLayout(catlayout.Swizzle(*spec[0]), spec[1], catlayout.Layout(*spec[2]))
    assert C.engine == E and S.is_layout(C)
    n = S.size(C)
    assert n == E.size() == S.size(C.layoutA) == C.size()
    assert [C(i) for i in range(n)] == [E(i) for i in range(n)]
    # glue-free check of the definition: sw(offset + layout(i))
    assert [C(i) for i in range(n)] == [C.layoutB(C.offset + C.layoutA(i)) for i in range(n)]
    assert len(C) == len(C.layoutA) and C[0].layoutA == C.layoutA[0]
    assert C.swizzle is C.layoutB and C.layout is C.layoutA


@pytest.mark.parametrize("spec", COMPOSED)
def test_composed_layout_against_pycute(P, spec):
    C, D = _composed(S, spec), _composed(P, spec)
    n = P.size(D)
    assert S.size(C) == n and S.cosize(C) == P.cosize(D) and len(C) == len(D)
    assert [C(i) for i in range(n)] == [D(i) for i in range(n)]
    assert str(C) == str(D) and repr(C) == repr(D)
    assert [str(m) for m in C] == [str(D[i]) for i in range(len(D))]
    # coordinates, natural and nested: pycute evaluates layoutA at the coordinate
    L = C.layoutA
    crds = [(i, j) for i in range(S.size(L[0])) for j in range(S.size(L[1]))]
    assert [C(c) for c in crds] == [D(c) for c in crds]
    assert [C(*c) for c in crds[:50]] == [D(*c) for c in crds[:50]]


def test_composed_printing():
    C = _composed(S, COMPOSED[0])
    assert str(C) == "SW_3_4_3 o 0 o (8, 64):(64, 1)"
    assert repr(C) == "ComposedLayout(Swizzle(3,4,3),0,Layout((8, 64),(64, 1)))"
    assert C.cute() == "Sw<3,4,3> o 0 o (8,64):(64,1)" == str(C.engine)
    assert str(C[1]) == "SW_3_4_3 o 0 o 64:1"
    assert C.cosize() == 1024 and S.cosize(C) == 1024  # pycute's: cosize(layoutB)


def test_composed_from_real_pycute_parts(P):
    C = S.ComposedLayout(P.Swizzle(3, 4, 3), 0, P.Layout((8, 64), (64, 1)))
    assert C.engine is not None and C == _composed(S, COMPOSED[0])


def test_composed_composition():
    C = _composed(S, COMPOSED[0])
    for tiler in [S.Layout(4, 2), 8, (2, 4), (S.Layout(4, 2), S.Layout(8, 8)), S.Layout((4, 8), (64, 1))]:
        R = S.composition(C, tiler)
        assert isinstance(R, S.ComposedLayout) and R.engine is not None
        assert R.layoutB == C.layoutB and R.offset == C.offset
        assert R.layoutA == S.composition(C.layoutA, tiler)
        T = S.Layout(tiler) if S.is_int(tiler) else tiler
        if S.is_layout(T):
            assert [R(i) for i in range(S.size(R))] == [C(T(i)) for i in range(S.size(R))]
    # None entries: layoutB o offset o composition(layoutA, tiler)
    R = S.composition(C, (None, 8))
    assert str(R) == "SW_3_4_3 o 0 o (8, 8):(64, 1)"
    assert S.composition(C, None) is C
    # an engine ComposedLayout on the left is accepted
    R = S.composition(C.engine, S.Layout(4, 2))
    assert str(R) == "SW_3_4_3 o 0 o 4:128"
    with pytest.raises(NotImplementedError):
        S.composition(S.Layout(8, 1), C)


def test_composed_with_a_layout_as_layoutB_is_glue(P):
    C = S.ComposedLayout(S.Layout(16, 2), 3, S.Layout(4, 1))
    D = P.ComposedLayout(P.Layout(16, 2), 3, P.Layout(4, 1))
    assert C.engine is None
    assert [C(i) for i in range(4)] == [D(i) for i in range(4)] == [6, 8, 10, 12]
    assert str(C) == str(D) == "16:2 o 3 o 4:1" and S.size(C) == 4 and S.cosize(C) == P.cosize(D) == 31
    # nested: a ComposedLayout as layoutA
    inner = _composed(S, COMPOSED[0])
    N = S.ComposedLayout(S.Swizzle(1, 0, 1), 0, inner)
    assert N.engine is None and [N(i) for i in range(64)] == [S.Swizzle(1, 0, 1)(inner(i)) for i in range(64)]
    assert str(S.composition(C, 2)) == "16:2 o 3 o 2:1"


def test_composed_slice():
    C = _composed(S, COMPOSED[0])
    R = C(None, 3)  # column 3: offset 3, layout 8:64
    assert isinstance(R, S.ComposedLayout) and R.offset == 3
    assert [R(i) for i in range(8)] == [C(i, 3) for i in range(8)]


def test_diff_swizzle_and_composed(P):
    # pycute's shiftr/shiftl recurse forever at shift 0, so Swizzle(0, m, 0) cannot be evaluated
    with pytest.raises(RecursionError):
        P.Swizzle(0, 2, 0)(5)
    assert S.Swizzle(0, 2, 0)(5) == 5 and S.shiftr(5, 0) == 5
    # pycute's size() on a Swizzle returns the Swizzle (product of a non-tuple); the shim 2^(b+m+|s|)
    ps = P.Swizzle(3, 4, 3)
    assert P.size(ps) is ps and ps.size() == 1024
    assert S.size(S.Swizzle(3, 4, 3)) == 1024
    # pycute compares Swizzles by identity, so equal ComposedLayouts compare unequal
    assert _composed(P, COMPOSED[0]) != _composed(P, COMPOSED[0])
    assert _composed(S, COMPOSED[0]) == _composed(S, COMPOSED[0])
    # pycute cannot compose a ComposedLayout with a tiler; the shim uses the engine
    with pytest.raises(AttributeError):
        P.composition(_composed(P, COMPOSED[0]), P.Layout(4, 2))
    assert str(S.composition(_composed(S, COMPOSED[0]), S.Layout(4, 2))) == "SW_3_4_3 o 0 o 4:128"
    # a slice of a ComposedLayout: pycute fails (int + Layout), the shim slices as CuTe does
    with pytest.raises(TypeError):
        _composed(P, COMPOSED[0])(None, 3)
    # invalid triples: pycute asserts, the shim raises catlayout.InvalidInput
    with pytest.raises(AssertionError):
        P.Swizzle(3, 4, 2)
    # other operations on a ComposedLayout: pycute AttributeError, the shim the engine's TypeError
    with pytest.raises(AttributeError):
        P.logical_divide(_composed(P, COMPOSED[0]), 2)
    with pytest.raises(TypeError):
        S.logical_divide(_composed(S, COMPOSED[0]), 2)


def test_another_librarys_layouts_are_operands(P):
    # a real pycute.Layout (anything with .shape and .stride) is taken as its shape and stride,
    # as an operand, a tiler and a by-mode tiler entry; results are the shim's Layout
    A, B = ((8, 16), (16, 1)), ((4, 2), (1, 4))
    SA, SB, PA, PB = S.Layout(*A), S.Layout(*B), P.Layout(*A), P.Layout(*B)
    for op in ("composition", "logical_divide", "zipped_divide", "tiled_divide", "logical_product",
               "zipped_product", "tiled_product", "flat_divide", "flat_product", "blocked_product"):
        f = getattr(S, op)
        want = f(SA, SB)
        for a, b in ((PA, PB), (PA, SB), (SA, PB)):
            got = f(a, b)
            assert type(got) is S.Layout and got == want, (op, a, b)
    assert S.logical_divide(PA, (P.Layout(4, 1), None)) == S.logical_divide(SA, (S.Layout(4, 1), None))
    assert S.coalesce(PA) == S.coalesce(SA) and S.right_inverse(PA) == S.right_inverse(SA)
    assert S.make_layout(PA, SB) == S.make_layout(SA, SB)
    assert SA == PA and not SA != PA and SA != PB
    with pytest.raises(TypeError):
        S.logical_divide(object(), SB)


# ------------------------------------------------------------------------------------------------
# the operations are functions CPython calls directly: arguments as Python's own functions take them

def test_operations_take_arguments_as_python_functions_do(P):
    A, B = S.Layout((8, 16), (16, 1)), S.Layout((4, 2), (1, 4))
    by_position = S.logical_divide(A, B)
    assert S.logical_divide(layoutA=A, layoutB=B) == by_position
    assert S.logical_divide(A, layoutB=B) == by_position
    assert table(by_position) == table(P.logical_divide(P.Layout(A.shape, A.stride), P.Layout(B.shape, B.stride)))
    # pycute's defaults: complement's max_idx=1, coalesce's and filter's profile=None
    L = S.Layout(4, 2)
    assert S.complement(L) == S.complement(L, 1) == S.complement(L, max_idx=1)
    assert S.coalesce(S.Layout((2, 4), (1, 2))) == S.coalesce(S.Layout((2, 4), (1, 2)), None) == S.Layout(8, 1)
    for call, message in [
        (lambda: S.logical_divide(A), "missing required argument 'layoutB'"),
        (lambda: S.logical_divide(A, B, B), "takes at most 2 arguments (3 given)"),
        (lambda: S.logical_divide(A, layoutC=B), "unexpected keyword argument 'layoutC'"),
        (lambda: S.logical_divide(A, B, layoutA=A), "multiple values for argument 'layoutA'"),
        (lambda: S.make_layout(A, layouts=B), "takes no keyword arguments"),
        (lambda: S.logical_divide(3.5, B), "layoutA: expected a Layout, got float"),
    ]:
        with pytest.raises(TypeError, match=message.replace("(", r"\(").replace(")", r"\)")):
            call()
    # an algebra refusal keeps its class and its message
    with pytest.raises(catlayout.Inadmissible) as e:
        S.logical_divide(S.Layout(4, 1), S.Layout((6, 3), (1, 1)))
    assert e.value.kind == "inadmissible" and e.value.message


def test_results_are_new_objects_of_the_shims_class():
    A = S.Layout((8, 16), (16, 1))
    r1, r2 = S.logical_divide(A, None), S.logical_divide(A, None)
    assert r1 == A and r1 is not A and r1 is not r2 and type(r1) is S.Layout
    import sys
    before = sys.getrefcount(A)
    for _ in range(100):
        S.logical_divide(A, S.Layout(4, 1))
    assert sys.getrefcount(A) == before  # no reference kept or lost per call
