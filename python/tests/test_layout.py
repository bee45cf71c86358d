"""catlayout.Layout: construction, properties, evaluation, slicing, equality (Def. 2.3.1.1)."""
import pickle

import pytest

import catlayout as C
from conftest import evaluate, flat, random_layouts


def test_constructors_agree():
    a = C.Layout("(6,2):(8,2)")
    b = C.Layout((6, 2), (8, 2))
    assert a == b and hash(a) == hash(b)
    assert str(a) == repr(a) == "(6,2):(8,2)"
    assert a.shape == (6, 2) and a.stride == (8, 2)
    assert a.size() == 12 and a.rank == 2 and len(a) == 2 and a.depth == 1
    assert a.cosize() == a(a.size() - 1) + 1
    assert a != C.Layout("(6,2):(2,8)") and a != "(6,2):(8,2)"


# Layout(shape, stride) with two positional arguments is read by the class's own call (the flat
# fast path); with keywords it goes through nanobind's __init__ overloads. Both must give the same
# layout, or raise the same error, for every kind of argument, good or bad.
PAIRS = [
    ((8, 16), (16, 1)), ((2, (3, 4)), (1, (2, 6))), (8, 1), (1, 0), ((), ()), ([4, 2], [1, 4]),
    (((2, 2), 8), ((1, 16), 2)), ((4, 2), (-1, 4)),
    ((0, 2), (1, 2)), ((2, -3), (1, 2)), ((2, 3), (1,)), ((2, (3, 4)), (1, 2, 6)),
    ((2 ** 70, 2), (1, 2)), ((2, 2), (2 ** 63, 1)), ((2 ** 40, 2 ** 40), (1, 2 ** 40)),
    ((True, 2), (1, 2)), ((2.0, 2), (1, 2)), (("2", 2), (1, 2)), ((None, 2), (1, 2)),
    ("(2,2)", "(1,2)"), ((2, 2), None), (((((((((((2,),),),),),),),),),), (1,)),
]


@pytest.mark.parametrize("cls", ["catlayout", "pycute"])
@pytest.mark.parametrize("shape,stride", PAIRS)
def test_pair_constructor_agrees_with_the_overloads(cls, shape, stride):
    import catlayout.pycute as S

    Cls, kw = (C.Layout, ("shape", "stride")) if cls == "catlayout" else (S.Layout, ("_shape", "_stride"))

    def build(call):
        try:
            return ("ok", call())
        except Exception as e:  # noqa: BLE001 - the comparison is the point
            return (type(e), str(e))

    fast = build(lambda: Cls(shape, stride))
    general = build(lambda: Cls(**{kw[0]: shape, kw[1]: stride}))
    assert fast[0] == general[0] and fast[1] == general[1]
    if fast[0] == "ok":
        assert type(fast[1]) is Cls


def test_pair_constructor_of_a_subclass_builds_the_subclass():
    class Mine(C.Layout):
        pass

    m = Mine((4, 2), (2, 1))
    assert type(m) is Mine and m == C.Layout("(4,2):(2,1)")


def test_nested_shape_and_compact_default_stride():
    l = C.Layout((2, (3, 4)))
    assert l.shape == (2, (3, 4))
    # CuTe's default: compact, column-major, so the function is the identity on [0, size).
    assert l.tabulate().tolist() == list(range(24))
    assert l.stride == (1, (2, 6))
    assert C.Layout(8).shape == 8 and C.Layout(8).rank == 1


def test_evaluation_matches_the_definition():
    for l in random_layouts(60):
        for i in range(l.size()):
            assert l(i) == evaluate(l.shape, l.stride, i)
        assert l.tabulate().tolist() == [l(i) for i in range(l.size())]


def test_coordinates_nested_and_flat():
    l = C.Layout("(2,(3,4)):(100,(1,10))")
    for i in range(24):
        c0, c1, c2 = i % 2, (i // 2) % 3, i // 6
        assert l((c0, (c1, c2))) == l(i)
        assert l(c0, (c1, c2)) == l(i)
        assert l((c0, c1 + 3 * c2)) == l(i)  # an integer coordinate for a nested mode
        assert l[c0, (c1, c2)] == l(i)


def test_extended_function_past_size():
    l = C.Layout("(4,3):(1,10)")
    # CuTe's layout(i) runs the last mode on: (4,3) at 12 is the coordinate (0,3).
    assert l(12) == 30 and l(13) == 31


def test_slicing_reassembles_the_layout():
    l = C.Layout("(2,(3,4)):(100,(1,10))")
    for b in range(3):
        s, off = C.slice_and_offset((None, (b, None)), l)
        assert s == l(None, (b, None)) == l[:, (b, slice(None))]
        for j in range(s.size()):
            assert s(j) + off == l((j % 2, (b, j // 2)))
    row = l[1, :]
    assert row.size() == 12
    for j in range(12):
        assert row(j) + l(1, 0) == l(1, j)


def test_mode_and_pickle():
    l = C.Layout("((2,4),(3,5)):((3,60),(1,12))")
    assert l.mode(1) == C.Layout("(3,5):(1,12)")
    assert pickle.loads(pickle.dumps(l)) == l
    with pytest.raises(IndexError, match="rank 2"):
        l.mode(2)


def test_structural_functions():
    l = C.Layout("(64,(8,1),8,128):(8,(1,0),0,512)")
    assert flat(C.flatten(l).shape) == flat(l.shape)
    assert C.squeeze(l) == C.Layout("(64,8,8,128):(8,1,0,512)")
    assert C.filter_zeros(l) == C.Layout("(64,8,128):(8,1,512)")
    m = C.make_layout("4:1", C.Layout((2, 3), (4, 8)))
    assert m == C.Layout("(4,(2,3)):(1,(4,8))")
    assert C.size(m) == 24 and C.rank(m) == 2 and C.depth(m) == 2 and C.cosize(m) == m(23) + 1
    assert C.is_compact("(4,8):(1,4)") and not C.is_compact("(4,8):(1,5)")
    assert C.is_injective("(4,8):(1,5)") and not C.is_injective("(4,8):(1,2)")


def test_iteration_is_over_modes():
    l = C.Layout("((2,4),(3,5)):((3,60),(1,12))")
    assert list(l) == l.modes() == [l.mode(0), l.mode(1)]
    assert len(list(C.Layout("8:1"))) == 1
    assert C.Layout("(3,5):(1,12)") in l


def test_profiles_and_shapes_as_strings():
    l = C.Layout("((2,4),(3,5)):((1,2),(8,24))")
    assert C.coalesce(l, "(1,1)") == C.coalesce(l, (1, 1))
    assert C.Layout("(2,(3,4))", "(1,(2,6))") == C.Layout((2, (3, 4)), (1, (2, 6)))
