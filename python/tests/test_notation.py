"""CuTe's notations as input wherever text becomes a layout, and CuTe C++'s print back (docs/notation.md).

The strings are what each tool prints: CuTe C++ (nvidia-cutlass 4.2.0.0 headers, cute::print of
static layouts), pycute (str and repr, nvidia-cutlass 4.2.0.0) and CuTe DSL (nvidia-cutlass-dsl
4.8.1, str of values traced in a @cute.jit function); core/tests/text_test.cpp pins the same ones.
"""
import pytest

import catlayout as C
from conftest import random_layouts


def test_cute_cpp_prints_construct_every_kind():
    assert C.Layout("(_4,_8):(_8,_1)") == C.Layout("(4,8):(8,1)")
    assert C.Layout("((_2,_4),_3):((_1,_8),_-1)") == C.Layout("((2,4),3):((1,8),-1)")
    assert C.Layout("_12:_1") == C.Layout(12, 1)
    assert C.CoordLayout("(_4,_8):(_1@0,_1@1)") == C.make_identity_layout((4, 8))
    sw = C.ComposedLayout("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")
    assert str(sw) == "Sw<3,4,3> o 0 o (8,64):(64,1)"
    assert sw == C.ComposedLayout(C.Swizzle(3, 4, 3), 0, "(_8,_64):(_64,_1)")
    # Every function taking a layout or tiler as text reads them too.
    assert C.composition(C.Layout("(_6,_2):(_8,_2)"), "(_4,_3):(_3,_1)") == C.Layout("((2,2),3):((24,2),8)")
    assert C.logical_divide("(_8,_8):(_8,_1)", "(_2,_4)") == C.logical_divide("(8,8):(8,1)", "<2,4>")
    assert C.logical_divide("(8,8):(8,1)", "(_2:_1,_4:_1)") == C.logical_divide("(8,8):(8,1)", "<2:1,4:1>")


def test_writing_back_as_cute_cpp_prints():
    assert C.Layout("(4,8):(8,1)").cute() == "(4,8):(8,1)"
    assert C.Layout("(4,8):(8,1)").cute(static=True) == "(_4,_8):(_8,_1)"
    assert C.Layout("(8,4):(-4,0)").cute(static=True) == "(_8,_4):(_-4,_0)"
    assert C.make_identity_layout(((2, 2), 8)).cute(static=True) == "((_2,_2),_8):((_1@0@0,_1@1@0),_1@1)"
    assert C.ComposedLayout("Sw<3,4,3> o (8,64):(64,1)").cute(static=True) == "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"
    assert C.ComposedLayout("Sw<3,4,3> o (8,64):(64,1)").cute() == "Sw<3,4,3> o 0 o (8,64):(64,1)"
    assert C.Swizzle(3, 4, 3).cute(static=True) == "Sw<3,4,3>"


def test_round_trips():
    for l in random_layouts(200, max_stride=40):
        assert C.Layout(l.cute(static=True)) == l
        assert C.Layout(l.cute()) == l
        sw = C.ComposedLayout(C.Swizzle(2, 1, -3), 5, l)
        assert C.ComposedLayout(sw.cute(static=True)) == sw
        assert C.parse_any_layout(sw.cute(static=True)) == sw


def test_one_reader():
    assert isinstance(C.parse_any_layout("(_4,_8):(_8,_1)"), C.Layout)
    assert isinstance(C.parse_any_layout("(4,8):(1@0,1@1)"), C.CoordLayout)
    assert isinstance(C.parse_any_layout("S<3,4,3> o 0 o (8,64):(64,1)"), C.ComposedLayout)
    with pytest.raises(C.InvalidInput, match="mixes a nonzero integer stride"):
        C.parse_any_layout("(4,8):(1@0,1)")  # the coordinate reader got furthest


def test_pycute_prints():
    assert C.Layout("(4, 8):(8, 1)") == C.Layout("Layout((4, 8),(8, 1))") == C.Layout((4, 8), (8, 1))
    assert C.Layout("Layout((4, 8))") == C.Layout((4, 8))  # pycute's default stride: compact column-major
    assert C.Layout("Layout(4,1)") == C.Layout("(4,):(1,)").mode(0) == C.Layout(4, 1)
    assert C.Swizzle("SW_3_4_3") == C.Swizzle("Swizzle(3,4,3)") == C.Swizzle(3, 4, 3)
    want = C.ComposedLayout("Sw<3,4,3> o 0 o (8,64):(64,1)")
    assert C.ComposedLayout("SW_3_4_3 o 0 o (8, 64):(64, 1)") == want
    assert C.ComposedLayout("ComposedLayout(Swizzle(3,4,3),0,Layout((8, 64),(64, 1)))") == want


def test_pycute_objects_print_what_catlayout_reads():
    pycute = pytest.importorskip("pycute")
    from pycute.swizzle import ComposedLayout, Swizzle
    for l in random_layouts(100, max_stride=30):
        p = pycute.Layout(l.shape, l.stride)
        assert C.Layout(str(p)) == l and C.Layout(repr(p)) == l
    c = ComposedLayout(Swizzle(3, 4, 3), 0, pycute.Layout((8, 64), (64, 1)))
    assert C.ComposedLayout(str(c)) == C.ComposedLayout(repr(c)) == C.ComposedLayout("Sw<3,4,3> o (8,64):(64,1)")
    assert C.Layout(str(pycute.Layout((4,), (1,)))) == C.Layout("(4):(1)")


def test_cute_dsl_prints():
    assert C.Layout("(4,8):(8,1)").shape == (4, 8)
    assert C.CoordLayout("((2,2),8):((1@0@0,1@1@0),1@1)") == C.make_identity_layout(((2, 2), 8))
    assert C.ComposedLayout("(S<3,4,3> o 5 o (8,64):(64,1))") == C.ComposedLayout("Sw<3,4,3> o 5 o (8,64):(64,1)")
    with pytest.raises(C.InvalidInput, match=r"dynamic value '\?' at column 2 has no number"):
        C.Layout("(?,8):(8,1)")
    with pytest.raises(C.InvalidInput, match="keeps only 8 characters"):
        C.ComposedLayout("S<2,0,-3 o 0 o (8,4):(1,8)")  # str(make_swizzle(2,0,-3)) is cut short


@pytest.mark.parametrize("text, message", [
    ("__4:1", "static-integer mark '_' at column 2, found '_'"),
    ("_:1", "static-integer mark '_' at column 2, found ':'"),
    ("_4.5:1", "the number _4.5 at column 1 is not an integer"),
])
def test_static_mark_misuse(text, message):
    with pytest.raises(C.InvalidInput, match=message.replace("(", r"\(").replace(".", r"\.")):
        C.Layout(text)


def test_compilers_types():
    # CuTe DSL 4.8.1's `.type` of values in a @cute.jit function, FlyDSL's IR (docs/notation.md)
    assert C.Layout('!cute.layout<"(4,8):(8,1)">') == C.Layout("(4,8):(8,1)")
    assert C.parse_any_layout('!cute.layout<"(4,8):(1@0,1@1)">') == C.make_identity_layout((4, 8))
    assert C.ComposedLayout('!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">') == \
        C.ComposedLayout("Sw<3,4,3> o 0 o (8,64):(64,1)")
    assert C.Swizzle('!cute.swizzle<"S<3,4,3>">') == C.Swizzle(3, 4, 3)
    assert C.Layout("!fly.layout<(4, 8) : (1, 4)>") == C.Layout("(4,8):(1,4)")
    assert C.parse_any_layout("!fly.layout<(128,64):(1E0,1E1)>") == C.make_identity_layout((128, 64))
    assert C.logical_divide('!cute.layout<"(8,16):(16,1)">', "!fly.layout<(4,2):(1,4)>") == \
        C.logical_divide("(8,16):(16,1)", "(4,2):(1,4)")
    with pytest.raises(C.InvalidInput, match="'\\?'"):
        C.Layout('!cute.layout<"(?,8):(8,1)">')
    with pytest.raises(C.InvalidInput, match="not a layout type catlayout reads"):
        C.Layout('!cute.tensor<"(4,8):(8,1)">')


def test_compiler_types_out_read_back():
    for text in ["(4,8):(8,1)", "((2,4),(3,5)):((3,60),(1,12))", "(4,8):(1@0,1@1)", "Sw<3,4,3> o 0 o (8,64):(64,1)"]:
        v = C.parse_any_layout(text)
        assert C.parse_any_layout(C.compiler_type(v)) == v
    assert C.compiler_type("(4,8):(8,1)") == '!cute.layout<"(4,8):(8,1)">'
    assert C.compiler_type(C.Layout("(4,8):(8,1)"), "flydsl") == "!fly.layout<(4,8):(8,1)>"
    assert C.compiler_type(C.make_identity_layout((128, 64)), "flydsl") == "!fly.layout<(128,64):(1E0,1E1)>"
    assert C.compiler_type(C.Swizzle(3, 4, 3)) == '!cute.swizzle<"S<3,4,3>">'
    with pytest.raises(C.InvalidInput, match="FlyDSL has no type here"):
        C.compiler_type(C.Swizzle(3, 4, 3), "flydsl")
    with pytest.raises(C.InvalidInput, match="expected cute-dsl or flydsl"):
        C.compiler_type("(4,8):(8,1)", "triton")
