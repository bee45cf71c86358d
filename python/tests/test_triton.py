"""Triton's linear layouts (catlayout.TritonLayout; docs/beyond-integers.md, "Triton's linear layouts"):
every answer held to the map it must be, by tabulation."""
import itertools

import pytest

import catlayout as C

# One warp's SM80 mma.sync m16n8 accumulator, as TritonGPU's attribute prints it.
SM80 = ("#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
        "warp = [], block = []}>")


def inputs(f):
    dims = f.in_dims
    for values in itertools.product(*[range(2 ** len(b)) for _, b in dims]):
        yield dict(zip([n for n, _ in dims], values))


def test_sm80_accumulator_is_its_cute_thread_value_layout():
    f = C.TritonLayout(SM80)
    assert f.out_dims == [("dim0", 16), ("dim1", 8)]
    tv = f.to_cute()
    for lane in range(32):
        for reg in range(4):
            m, n = f(register=reg, lane=lane, warp=0, block=0)
            assert tv(lane + 32 * reg) == m + 16 * n
    assert C.Layout(SM80) == tv  # every layout reader reads the attribute as its CuTe layout
    assert f.ttg() == SM80
    assert C.TritonLayout(str(f)) == f  # LinearLayout's print reads back


def test_from_bases_infers_sizes_and_refuses_what_triton_refuses():
    f = C.TritonLayout.from_bases([("reg", [[1, 0], [0, 1]]), ("lane", [[2, 0], [4, 0], [0, 2]])], ["o1", "o2"])
    assert f.out_dims == [("o1", 8), ("o2", 4)]
    with pytest.raises(C.InvalidInput, match="not surjective"):
        C.TritonLayout.from_bases([("in", [[1], [4]])], ["out"])
    with pytest.raises(C.InvalidInput, match="not surjective"):
        C.TritonLayout.from_bases([("in", [[1], [4]])], [("out", 32)])
    g = C.TritonLayout.from_bases([("in", [[1], [4]])], [("out", 32)], require_surjective=False)
    assert g.out_dims == [("out", 32)] and g(**{"in": 3}) == [5]
    with pytest.raises(C.InvalidInput, match="outside \\[0, 4\\)"):
        g(**{"in": 4})


def test_compose_invert_pseudoinvert_keep_names_and_maps():
    f = C.TritonLayout.from_bases([("a", [[1, 0], [0, 1], [1, 1]]), ("b", [[2, 0]])], ["x", "y"])
    g = C.TritonLayout.from_bases([("x", [[0, 1], [1, 0]]), ("y", [[2, 2]])], [("u", 4), ("v", 4)],
                                  require_surjective=False)
    h = f.compose(g)  # g after f
    assert [n for n, _ in h.in_dims] == ["a", "b"] and h.out_dims == g.out_dims
    for x in inputs(f):
        y = f(**x)
        assert h(**x) == g(x=y[0], y=y[1])
    p = f.pseudoinvert()
    assert p.out_dims == [("a", 8), ("b", 2)]
    for yx in range(4):
        for yy in range(2):
            back = p(x=yx, y=yy)
            assert f(a=back[0], b=back[1]) == [yx, yy]
    with pytest.raises(C.Inadmissible, match="not invertible"):
        f.invert()  # 16 inputs onto 8 outputs
    s = C.TritonLayout(SM80)
    inv = s.invert()
    for x in inputs(s):
        out = s(**x)
        assert inv(dim0=out[0], dim1=out[1]) == [x["register"], x["lane"], x["warp"], x["block"]]


def test_from_cute_round_trips():
    tv = C.TritonLayout(SM80).to_cute()
    f = C.TritonLayout.from_cute(tv, [("lane", 32), ("register", 4)], [("dim0", 16), ("dim1", 8)])
    for lane in range(32):
        for reg in range(4):
            assert f(lane=lane, register=reg) == C.TritonLayout(SM80)(register=reg, lane=lane, warp=0, block=0)
    with pytest.raises(C.InvalidInput, match="multiply to 64"):
        C.TritonLayout.from_cute(tv, [("lane", 32), ("register", 2)], [("dim0", 16), ("dim1", 8)])


def test_bad_text_is_named():
    with pytest.raises(C.InvalidInput, match="basis of 'block' not found"):
        C.TritonLayout("#ttg.linear<{register = [[1]], lane = [], warp = []}>")
    with pytest.raises(C.InvalidInput, match="permutation matrix"):
        C.TritonLayout("#ttg.linear<{register = [[1, 1], [1, 0]], lane = [], warp = [], block = []}>")
