"""catlayout.op: every typed row of the op table by name, and run_op's direct JSON conversion."""
import json

import pytest

import catlayout as C


def layout_of(j):
    """A Layout from the vectors' {"shape", "stride"} form."""
    t = lambda x: tuple(t(e) for e in x) if isinstance(x, list) else x  # noqa: E731
    return C.Layout(t(j["shape"]), t(j["stride"]))


def test_op_reads_text_and_values_and_agrees_with_run_op():
    a, b = "(6,2):(8,2)", "(4,3):(3,1)"
    want = layout_of(C.run_op("composition", [C.Layout(a), C.Layout(b)]))
    assert C.op("composition", a, b) == want
    assert C.op("composition", C.Layout(a), C.Layout(b)) == want
    assert C.op("complement", "4:2", 24) == C.complement("4:2", 24)
    assert C.op("make_layout", (4, (2, 3)), C.LayoutRight) == layout_of(
        C.run_op("make_layout", [[4, [2, 3]], "LayoutRight"]))


def test_every_typed_op_is_known_and_the_list_is_sorted():
    typed = C.typed_ops()
    assert typed == sorted(typed) and set(typed) <= set(C.known_ops())
    assert {"composition", "make_layout", "coshape"} <= set(typed)


def test_coshape_is_the_codomain_extent():
    # CuTe coshape: an identity layout's coshape is its shape; for integer strides, |L|(size-1) + 1.
    assert C.op("coshape", "(4,(2,3)):(1@0,(1@0@1,1@1@1))") == (4, (2, 3))
    L = C.Layout("(4,3):(-2,5)")
    assert C.op("coshape", L) == max(abs(-2) * (i % 4) + 5 * (i // 4) for i in range(12)) + 1
    assert C.run_op("coshape", [{"shape": [4, 8], "stride": [1, 4]}]) == 32


def test_op_refuses_what_it_cannot_take():
    with pytest.raises(C.InvalidInput, match="not implemented"):
        C.op("frobnicate", "4:1")
    with pytest.raises(C.InvalidInput, match=r"takes 1 argument, not 2 \(coshape L\)"):
        C.op("coshape", "4:1", "4:1")
    with pytest.raises(C.InvalidInput, match="integer-stride layouts; argument 1"):
        C.op("complement", "Sw<3,4,3> o 0 o (8,64):(64,1)")
    with pytest.raises(C.InvalidInput, match="argument 1"):
        C.op("coalesce", "(4,")
    with pytest.raises(C.InvalidInput, match="run_op"):
        C.op("nest.coalesce", "(2,2) -(1,2)-> (2,2)")


def test_strict_reaches_the_row():
    assert C.op("complement", "(2,2):(1,3)", 24) == C.complement("(2,2):(1,3)", 24)
    with pytest.raises(C.LayoutError):
        C.op("complement", "(2,2):(1,3)", 24, strict=True)


def test_run_op_converts_python_values_directly():
    # The same answer as from the JSON text of the same args.
    args = [{"shape": [2, [1, 6]], "stride": [1, [6, 2]]}, [1, 1]]
    assert C.run_op("coalesce", args) == C.run_op("coalesce", json.loads(json.dumps(args)))
    assert C.run_op("coalesce", ({"shape": (2, (1, 6)), "stride": (1, (6, 2))},)) == C.run_op("coalesce", args[:1])
    circular = []
    circular.append(circular)
    with pytest.raises(C.InvalidInput, match="nested deeper"):
        C.run_op("coalesce", circular)
    with pytest.raises(C.InvalidInput, match="lone surrogate"):
        C.run_op("coalesce", ["\ud800"])
    with pytest.raises(C.InvalidInput, match="expected an integer"):
        C.run_op("coalesce", [{"shape": [2 ** 70], "stride": [1]}])
    with pytest.raises(TypeError, match="not JSON-serializable"):
        C.run_op("coalesce", [object()])


def test_run_time_integers_as_cute_prints_them():
    # CUTLASS test/unit/cute/core/compact_xmajor.cpp: run-time extents, a run-time 1 keeps its stride
    assert C.op("make_layout", "(4,8,1,2)", "LayoutLeft", cute_integers=True) == "(4,8,1,2):(_1,4,32,32)"
    assert C.op("make_layout", "(96,64)", "LayoutRight", cute_integers=True) == "(96,64):(64,_1)"
    # without the switch, an unmarked text means what it always has
    assert str(C.op("make_layout", "(96,64)", "LayoutRight")) == "(96,64):(64,1)"
    # a text that writes CuTe's static mark is read as printed, without the switch
    assert C.op("logical_divide", "2:_1", "_32:_1") == "(_32,1):(_1,_32)"
    with pytest.raises(C.Inadmissible, match="Dynamic-stride complement only for rank-1 layouts"):
        C.op("complement", "(4,8):(1,4)", cute_integers=True)
    with pytest.raises(C.InvalidInput, match="run-time integers"):
        C.op("make_ordered_layout", "(2,_4)", "(1,0)")


def test_run_time_coordinates_and_modes():
    # 01_layout.md:404-440: CuTe's marks on coordinate maps; the mode rearrangements keep each mode's
    assert C.op("idx2crd", "16", "(_3,(_2,_3))", cute_integers=True) == "(1,(1,2))"
    assert C.op("crd2idx", "(_1,5)", "(_3,(_2,_3))", "(_3,(_12,_1))") == "17"
    assert C.op("crd2idx", "(_1,_5)", "(_3,(_2,_3))", "(_3,(_12,_1))") == "_17"
    assert C.op("compact_col_major", "1", "3", cute_integers=True) == "3"
    assert C.op("take", "(2,_3,4):(_1,2,6)", 1, 3) == "(_3,4):(2,6)"


def test_domain_offset():
    # cute/layout.hpp:719: the layout kept, the offset L(coord); swizzled: the offset inside
    r = C.op("domain_offset", "(8,4):(1,8)", "(3,1)")
    assert str(r[0]) == "(8,4):(1,8)" and r[1] == 11
