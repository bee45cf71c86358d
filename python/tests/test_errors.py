"""Bad input raises a LayoutError subclass that names the problem; never a crash or a wrong answer."""
import pytest

import catlayout as C


def test_hierarchy():
    for name in ["Inadmissible", "NotTractable", "NotComplementable", "NotRefinable", "InvalidInput",
                 "NotRepresentable"]:
        cls = getattr(C, name)
        assert issubclass(cls, C.LayoutError) and issubclass(cls, ValueError)


def test_error_keeps_kind_and_message():
    with pytest.raises(C.Inadmissible) as e:
        C.composition("(3,2):(1,4)", "4:1")
    assert e.value.kind == "inadmissible"
    assert "3 elements fit in mode 0" in e.value.message and "4:1" in e.value.message
    assert str(e.value).startswith("inadmissible: ")


def test_parse_errors_name_the_column():
    with pytest.raises(C.InvalidInput, match="column 5"):
        C.Layout("(3,2:(1,4)")
    with pytest.raises(C.InvalidInput, match="b: "):
        C.composition("4:1", "(2,")


def test_not_congruent_and_nonpositive_shape():
    with pytest.raises(C.InvalidInput, match="congruent|shape"):
        C.Layout((2, 3), (1,))
    with pytest.raises(C.InvalidInput):
        C.Layout((0, 3), (1, 1))


def test_overflow_is_an_error():
    with pytest.raises(C.InvalidInput, match="int64"):
        C.Layout(2, 2**63)
    with pytest.raises(C.InvalidInput, match="overflow|exceeds"):
        C.Layout((2**40, 2**40), (1, 1))


def test_wrong_python_types():
    with pytest.raises(C.InvalidInput, match="expected an integer, got bool"):
        C.Layout(True, 1)
    with pytest.raises(C.InvalidInput, match="expected an integer, got float"):
        C.Layout(2.5, 1)
    with pytest.raises(TypeError):
        C.composition(1.5, "4:1")
    with pytest.raises(C.InvalidInput, match="negative"):
        C.Layout("4:1")(-1)
    with pytest.raises(C.InvalidInput, match="n >= 1"):
        C.logical_divide("8:1", 0)


def test_coordinate_errors():
    l = C.Layout("(4,8):(8,1)")
    with pytest.raises(C.InvalidInput, match=r"outside \[0, 8\)"):
        l(0, 8)
    with pytest.raises(C.InvalidInput, match="does not match shape"):
        l[:, 0, 0]
    with pytest.raises(C.InvalidInput, match="only ':'"):
        l[1:3, 0]


def test_strict_convention_and_not_refinable():
    assert C.logical_divide("64:1", "(3,5):(1,7)").size() > 0  # CuTe's answer, outside the fragment
    with pytest.raises(C.LayoutError, match="no complement"):
        C.logical_divide("64:1", "(3,5):(1,7)", strict=True)
    with pytest.raises(C.NotRefinable, match="divide neither way"):
        C.mutual_refinement((4,), (3, 2))
    with pytest.raises(C.NotTractable):
        C.encode("(2,2):(3,1)")
