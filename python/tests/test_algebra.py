"""The operations of core/, each checked by tabulation against its defining equation."""
import pytest

import catlayout as C
from conftest import random_layouts


def table(l):
    return l.tabulate().tolist()


def test_done_when_example():
    r = C.composition(C.Layout("(6,2):(8,2)"), "(4,3):(3,1)")
    assert str(r) == "((2,2),3):((24,2),8)"
    a, b = C.Layout("(6,2):(8,2)"), C.Layout("(4,3):(3,1)")
    assert table(r) == [a(b(i)) for i in range(b.size())]


def test_composition_is_a_of_b_or_inadmissible():
    layouts = random_layouts(40, seed=3, max_shape=4, max_stride=6)
    checked = refused = 0
    for a in layouts:
        for b in layouts[:12]:
            if b.cosize() > a.size():
                continue
            try:
                r = C.composition(a, b)
            except C.Inadmissible:
                refused += 1  # no layout has the composite function, or CuTe's conditions fail
                continue
            assert table(r) == [a(b(i)) for i in range(b.size())], (a, b, r)
            checked += 1
    assert checked > 50 and refused > 0


def test_coalesce_keeps_the_function():
    for l in random_layouts(60, seed=5):
        c = C.coalesce(l)
        assert table(c) == table(l)
        assert C.is_coalesced(c)
    by_mode = C.coalesce("((2,4),(3,5)):((1,2),(8,24))", (1, 1))
    assert by_mode.rank == 2 and table(by_mode) == table(C.Layout("((2,4),(3,5)):((1,2),(8,24))"))


def complement_properties(a, c, n):
    ta, tc = set(table(a)), table(c)
    assert tc == sorted(tc) and len(set(tc)) == len(tc)  # injective and increasing
    assert ta & set(tc) <= {0}
    return c.size() * a.size()


def test_complement_inside_and_outside_the_fragment():
    c = C.complement("4:2", 24)
    complement_properties(C.Layout("4:2"), c, 24)
    whole = C.make_layout("4:2", c)
    assert sorted(table(whole)) == list(range(24))  # compact: a bijection onto [0, 24)
    # Outside the categorical fragment CuTe still answers (injective, not compact) ...
    out = C.complement("(3,5):(1,7)", 60)
    complement_properties(C.Layout("(3,5):(1,7)"), out, 60)
    assert not C.complementability("(3,5):(1,7)", 60)["complementable"]
    # ... and strict=True refuses as the paper does.
    with pytest.raises(C.NotComplementable, match="not a multiple of 3"):
        C.complement("(3,5):(1,7)", 60, strict=True)


def test_logical_divide_is_its_definition():
    a = C.Layout("(4,8):(8,1)")
    for b in ["2:4", "4:1", "(2,2):(1,8)", "8:2"]:
        b = C.Layout(b)
        d = C.logical_divide(a, b)
        rhs = C.composition(a, C.make_layout(b, C.complement(b, a.size())))
        assert table(d) == table(rhs)
        for op in (C.zipped_divide, C.tiled_divide, C.flat_divide):
            assert sorted(table(op(a, b))) == sorted(table(d))


def test_divide_by_mode_tiler():
    a = C.Layout("(8,6):(1,8)")
    d = C.logical_divide(a, (4, 3))
    for i in range(2):
        mode = d.mode(i)
        rhs = C.logical_divide(a.mode(i), [4, 3][i])
        assert table(mode) == table(rhs)
    assert C.zipped_divide(a, (4, 3)).mode(0).size() == 12


def test_logical_product_is_its_definition():
    a = C.Layout("(2,2):(1,2)")
    for b in ["3:1", "(2,3):(3,1)"]:
        b = C.Layout(b)
        p = C.logical_product(a, b)
        rhs = C.make_layout(a, C.composition(C.complement(a, a.size() * b.cosize()), b))
        assert table(p) == table(rhs)
    blocked = C.blocked_product("(2,2):(1,2)", "(2,3):(3,1)")
    raked = C.raked_product("(2,2):(1,2)", "(2,3):(3,1)")
    assert sorted(table(blocked)) == sorted(table(raked)) == list(range(24))


def test_inverses():
    lefts = 0
    for l in random_layouts(40, seed=11):
        r = C.right_inverse(l)
        for i in range(r.size()):
            assert l(r(i)) == i
        if C.is_injective(l):
            try:
                li = C.left_inverse(l)
            except C.Inadmissible as e:  # no layout is a left inverse: the error names the strides
                assert "stride" in str(e)
                continue
            lefts += 1
            for i in range(l.size()):
                assert li(l(i)) == i
    assert lefts > 5


def test_max_common_vector():
    a, b = C.Layout("(4,8):(1,4)"), C.Layout("(4,8):(1,16)")
    v = C.max_common_vector(a, b)
    assert v >= 4 and all(a(i) == b(i) for i in range(v))
    m = C.max_common_layout(a, b)
    assert all(a(m(i)) == b(m(i)) for i in range(m.size()))


def test_strings_and_tuples_are_accepted_everywhere():
    assert C.coalesce("(2,4):(1,2)") == C.coalesce(C.Layout("(2,4):(1,2)")) == C.coalesce(((2, 4), (1, 2)))
    assert C.logical_divide("(4,8):(8,1)", "<2:1,4:1>") == C.logical_divide("(4,8):(8,1)", (2, 4))
