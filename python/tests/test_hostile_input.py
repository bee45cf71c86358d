"""Hostile inputs (issue 53): NumPy arrays that are not integers, text of every kind of layout where
a function takes text, any byte sequence and str, and long arguments. Each test asserts the
exception type and that the message names the problem, nothing more of its wording."""
import random

import numpy as np
import pytest

import catlayout as C

L = C.Layout("(4,8):(1,4)")
SWIZZLED = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"
COORD = "(4,8):(1@0,1@1)"
F2 = "(2,2):(F1,F1)"


# --- 1. NumPy arrays: no truncation, no wrap-around ----------------------------------------------

@pytest.mark.parametrize("array, dtype, entry", [
    (np.array([1.5]), "float64", "1.5"),
    (np.array([2.0, 3.0]), "float64", "2.0"),  # whole values too: L(2.0) is refused as well
    (np.array([1.5], dtype=np.float32), "float32", "1.5"),
    (np.array([1 + 2j]), "complex128", "(1+2j)"),
    (np.array([True, False]), "bool", "True"),
    (np.array([7, 8], dtype=object), "object", "7"),
    (np.array(["3"]), "<U1", "3"),
])
def test_non_integer_arrays_are_refused_naming_dtype_and_entry(array, dtype, entry):
    with pytest.raises(C.InvalidInput) as e:
        L(array)
    assert dtype in str(e.value) and entry in str(e.value)


def test_non_integer_empty_array_is_refused():
    with pytest.raises(C.InvalidInput, match="float64"):
        L(np.array([]))


def test_uint64_past_int64_is_refused_as_it_is():
    with pytest.raises(C.InvalidInput) as e:
        L(np.array([3, 2**64 - 1], dtype=np.uint64))
    msg = str(e.value)
    assert "18446744073709551615" in msg and "9223372036854775807" in msg and "negative" not in msg
    with pytest.raises(C.InvalidInput, match="9223372036854775808"):
        L(np.array([[0, 1], [2, 2**63]], dtype=np.uint64))


def test_integer_arrays_of_every_width_are_taken():
    want = [L(i) for i in range(6)]
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        assert L(np.arange(6, dtype=dtype)).tolist() == want
    assert L(np.array([2**63 - 1], dtype=np.uint64)).dtype == np.int64  # the largest that fits


def test_numpy_scalars_are_integers_or_refused():
    assert int(L(np.int64(5))) == L(5)
    for bad in (np.float64(1.5), np.float32(2.0), np.bool_(True)):
        with pytest.raises(C.InvalidInput):
            L(bad)
    with pytest.raises(C.InvalidInput, match="18446744073709551615"):
        L(np.uint64(2**64 - 1))


def test_other_evaluations_refuse_non_integers():
    for f in (C.CoordLayout(COORD), C.ComposedLayout(SWIZZLED), C.F2Layout(F2), C.Swizzle("Sw<3,4,3>")):
        for bad in (1.5, np.float64(1.5), True):
            with pytest.raises(C.InvalidInput):
                f(bad)
    with pytest.raises(C.InvalidInput, match="18446744073709551615"):
        C.ComposedLayout(SWIZZLED)(np.uint64(2**64 - 1))


# --- 2. Every function taking text reads every notation, dispatched by kind ------------------------

SAME_AS_OBJECT = [
    (C.tile_to_shape, (SWIZZLED, (128, 64)), (C.ComposedLayout(SWIZZLED), (128, 64))),
    (C.nullspace, (F2,), (C.F2Layout(F2),)),
    (C.nullspace, (COORD,), (C.CoordLayout(COORD),)),
    (C.nullspace, (SWIZZLED,), (C.ComposedLayout(SWIZZLED),)),
    (C.composition, (COORD, "(2,4):(1,2)"), (C.CoordLayout(COORD), "(2,4):(1,2)")),
    (C.composition, ("(4,8):(8,1)", COORD), ("(4,8):(8,1)", C.CoordLayout(COORD))),
    (C.composition, (COORD, "(2,4):(1@0,1@1)"), (C.CoordLayout(COORD), C.CoordLayout("(2,4):(1@0,1@1)"))),
    (C.composition, ("(8,8):(8,1)", "Sw<2,0,-3>"), ("(8,8):(8,1)", C.Swizzle("Sw<2,0,-3>"))),
    (C.composition, ("(8,8):(8,1)", "Sw<1,0,3> o (8,8):(1,8)"), ("(8,8):(8,1)", C.ComposedLayout("Sw<1,0,3> o (8,8):(1,8)"))),
    (C.composition, (SWIZZLED, "(8,8):(1,8)"), (C.ComposedLayout(SWIZZLED), "(8,8):(1,8)")),
    (C.composition, (F2, "4:1"), (C.F2Layout(F2), "4:1")),
    (C.coalesce, (COORD,), (C.CoordLayout(COORD),)),
    (C.coalesce, (F2,), (C.F2Layout(F2),)),
    (C.coalesce_z, (F2,), (C.F2Layout(F2),)),
    (C.layout_add, (F2, "(2,2):(F2,F2)"), (C.F2Layout(F2), C.F2Layout("(2,2):(F2,F2)"))),
    (C.upcast, ("Sw<2,4,3> o (8,64):(64,1)", 2), (C.ComposedLayout("Sw<2,4,3> o (8,64):(64,1)"), 2)),
    (C.right_inverse, (SWIZZLED,), (C.ComposedLayout(SWIZZLED),)),
    (C.to_linear, (SWIZZLED,), (C.ComposedLayout(SWIZZLED),)),
    (C.to_linear, (F2,), (C.F2Layout(F2),)),
    (C.to_f2, (SWIZZLED,), (C.ComposedLayout(SWIZZLED),)),
    (C.greatest_common_domain, ("(4,8):(F1,F4)", "(8,4)"), (C.F2Layout("(4,8):(F1,F4)"), (8, 4))),
]


def outcome(f, args):
    """The value, or the error (its type and message): the same for text as for its object."""
    try:
        return f(*args)
    except C.LayoutError as e:
        return type(e), str(e)


@pytest.mark.parametrize("f, text_args, object_args", SAME_AS_OBJECT, ids=lambda x: getattr(x, "__name__", None))
def test_text_goes_to_the_overload_of_its_kind(f, text_args, object_args):
    assert outcome(f, text_args) == outcome(f, object_args)


def test_the_cases_of_the_issue():
    r = C.tile_to_shape("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", (128, 64))
    assert r.cute(static=True) == "Sw<3,4,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))"
    assert C.nullspace("(2,2):(F1,F1)") == C.nullspace(C.F2Layout("(2,2):(F1,F1)"))
    assert C.composition("(4,8):(1@0,1@1)", "(2,2):(1,4)") == C.composition(C.CoordLayout("(4,8):(1@0,1@1)"), "(2,2):(1,4)")


@pytest.mark.parametrize("call, takes, kind", [
    (lambda: C.size(SWIZZLED), "integer-stride layout", "swizzled layout"),
    (lambda: C.flatten(COORD), "integer-stride layout", "coordinate layout"),
    (lambda: C.tile_to_shape(COORD, (8, 8)), "swizzled layout", "coordinate layout"),
    (lambda: C.composition("8:1", F2), "coordinate layout", "F2 layout"),
    (lambda: C.logical_divide("(8,8):(8,1)", SWIZZLED), "tiler", "swizzled layout"),
    (lambda: C.upcast(F2, 2), "swizzled layout", "F2 layout"),
    (lambda: C.ComposedLayout(C.Swizzle(1, 0, 3), 0, COORD), "integer-stride layout", "coordinate layout"),
    (lambda: C.Layout(SWIZZLED), "integer-stride layout", "swizzled layout"),
    (lambda: C.CoordLayout(F2), "coordinate layout", "F2 layout"),
    (lambda: C.make_layout("4:1", COORD), "integer-stride layout", "coordinate layout"),
    (lambda: C.bank_conflicts("(32,1):(1,0)", COORD), "swizzled layout", "coordinate layout"),
])
def test_a_kind_no_overload_takes_is_named_with_the_kinds_taken(call, takes, kind):
    with pytest.raises(C.InvalidInput) as e:
        call()
    msg = str(e.value)
    assert takes in msg and kind in msg


def test_text_that_does_not_read_gives_the_readers_error():
    for call in (lambda: C.nullspace("(4,8"), lambda: C.tile_to_shape("(4,8):", (8, 8)),
                 lambda: C.composition("(4,8):(1,4)", "(2,"), lambda: C.coalesce("x")):
        with pytest.raises(C.InvalidInput, match="column"):
            call()


# --- 3. Any byte sequence, any str: an InvalidInput naming the column --------------------------------

def test_full_width_digit_is_quoted_whole():
    with pytest.raises(C.InvalidInput) as e:
        C.Layout("(\uff14,8):(1,4)")
    assert "'\uff14'" in str(e.value) and "column 2" in str(e.value)


LONE = "(4,\ud800):(1,4)"


@pytest.mark.parametrize("call", [
    lambda: C.Layout(LONE), lambda: C.CoordLayout(LONE), lambda: C.ComposedLayout(LONE), lambda: C.Swizzle(LONE),
    lambda: C.F2Layout(LONE), lambda: C.parse_any_layout(LONE), lambda: C.Morphism(LONE), lambda: C.size(LONE),
    lambda: C.composition(LONE, "4:1"), lambda: C.composition("4:1", LONE), lambda: C.nullspace(LONE),
    lambda: C.coalesce("(2,2):(1,2)", LONE), lambda: C.Layout(LONE, "(1,4)"), lambda: C.explain("4:1", "2:1", op=LONE),
    lambda: C.bank_conflicts("(32,1):(1,0)", LONE), lambda: C.greatest_common_domain(LONE, "(2,2)"),
])
def test_lone_surrogate_is_invalid_input_naming_its_column(call):
    with pytest.raises(C.InvalidInput) as e:
        call()
    assert "U+D800" in str(e.value) and "column 4" in str(e.value)


def test_gpu_names_with_lone_surrogates():
    gpu = pytest.importorskip("catlayout.gpu")
    for call in (lambda: gpu.instruction("\ud800"), lambda: gpu.fragment("\udfff", "A"),
                 lambda: gpu.check(None, None, LONE)):
        with pytest.raises(C.InvalidInput, match="U\\+D[8F]"):
            call()


def test_random_bytes_and_strs_raise_invalid_input_or_read():
    rng = random.Random(53)
    alphabet = "(),:_@<>FSwo 0123456789-\uff14\u00e9\ud800\udcff\x00\n"
    for _ in range(3000):
        if rng.random() < 0.5:
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 16)))
            text = raw.decode("utf-8", "surrogateescape")  # how Python spells any byte sequence
        else:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 16)))
        for read in (C.Layout, C.parse_any_layout, C.ComposedLayout, C.size, C.coalesce):
            try:
                read(text)
            except C.InvalidInput as e:
                str(e)  # a message Python can print
            except C.LayoutError:
                pass  # text that reads, refused by the operation (an inadmissible one)


# --- 4. Messages: the reason first, then the argument, shortened ----------------------------------

def test_long_arguments_are_shortened_after_the_reason():
    n = 3000
    long_coord = "(" + ",".join(["1"] * n) + "):(" + ",".join(["1@0"] * n) + ")"  # 18 KB
    with pytest.raises(C.InvalidInput) as e:
        C.size(long_coord)
    msg = str(e.value)
    assert msg.index("takes") < msg.index("(1,1,")
    assert len(msg) < 600 and "\u2026" in msg
    with pytest.raises(C.InvalidInput) as e:
        C.F2Layout("(4,8):(" + "7" * 100000 + ")")
    assert len(str(e.value)) < 600
    with pytest.raises(C.InvalidInput) as e:
        C.Layout("(" + "9" * 100000 + "):(1)")
    assert "does not fit in int64" in str(e.value) and len(str(e.value)) < 600
