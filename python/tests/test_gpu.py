"""catlayout.gpu: the fragment catalogue, the check of a layout against it and CuTe's tiled MMAs
and copies, held to facts computed here: the PTX ISA's fragment formulas, brute-force comparisons
and the tiling's own definition."""
import pytest

import catlayout as C
import catlayout.gpu as gpu

MMA = "mma.m16n8k16.f32.f16.f16.f32"


def table(tv, threads, rows):
    """{(t, v): (row, col)} of a TV layout over a column-major tile with `rows` rows."""
    out = {}
    for i in range(tv.size()):
        t, v = i % threads, i // threads
        out[(t, v)] = divmod(tv(i), rows)[::-1]
    return out


# PTX ISA 9.7.14.5.8 "Matrix Fragments for mma.m16n8k16 with floating point type":
# groupID = %laneid >> 2, threadID_in_group = %laneid % 4.
def ptx_m16n8k16_c(lane, i):
    g, tig = lane >> 2, lane % 4
    return (g + 8 * (i >= 2), tig * 2 + (i & 1))


def ptx_m16n8k16_a(lane, i):
    g, tig = lane >> 2, lane % 4
    row = g if i in (0, 1, 4, 5) else g + 8
    return (row, tig * 2 + (i & 1) + 8 * (i >= 4))


def ptx_m16n8k16_b(lane, i):  # PTX's K x N B as (n, k)
    g, tig = lane >> 2, lane % 4
    return (g, tig * 2 + (i & 1) + 8 * (i >= 2))


@pytest.mark.parametrize("op,formula,rows,values", [
    ("A", ptx_m16n8k16_a, 16, 8), ("B", ptx_m16n8k16_b, 8, 4), ("C", ptx_m16n8k16_c, 16, 4)])
def test_fragment_is_the_ptx_formula(op, formula, rows, values):
    tv = gpu.fragment(MMA, op)
    assert isinstance(tv, C.Layout)
    assert tv.mode(0).size() == 32 and tv.mode(1).size() == values
    assert gpu.tile(MMA, op)[0] == rows
    assert table(tv, 32, rows) == {(t, v): formula(t, v) for t in range(32) for v in range(values)}


def test_gpu_is_an_importable_submodule():
    from catlayout.gpu import check, fragment  # noqa: F401

    assert C.gpu is gpu and gpu.__name__.endswith("gpu")


def test_gpu_stub_is_installed():
    import pathlib

    stub = (pathlib.Path(C.__file__).parent / "gpu.pyi").read_text()
    for name in ["def check", "def fragment", "def make_tiled_mma", "class TiledMma", "class CheckResult"]:
        assert name in stub


def test_instructions_list_the_catalogue():
    ins = gpu.instructions()
    names = [i.name for i in ins]
    assert len(names) == len(set(names)) > 500
    mma = gpu.instruction(MMA)
    assert (mma.kind, mma.arch, mma.shape, mma.operands) == ("mma", "sm80", (16, 8, 16), ["A", "B", "C"])
    assert {i.kind for i in ins} >= {"mma", "wgmma", "ldmatrix", "stmatrix", "movmatrix"}
    assert "wgmma.smem.16b.K.SW128" in gpu.smem_layouts()
    with pytest.raises(C.InvalidInput, match="unknown instruction"):
        gpu.fragment("mma.m16n8k99", "A")
    with pytest.raises(C.InvalidInput, match="no catalogued operand"):
        gpu.fragment(MMA, "src")


def test_every_fragment_checks_equal_to_itself():
    n = 0
    for ins in gpu.instructions():
        if ins.kind == "wgmma" and ins.shape[1] not in (8, 64, 256):
            continue
        for op in ins.operands:
            tv = gpu.fragment(ins.name, op)
            r = gpu.check(ins.name, op, tv)
            assert r.equal and r.first is None and r.agree == r.total == tv.size(), (ins.name, op)
            assert gpu.check(ins.name, op, tv.cute(static=True)).equal  # CuTe C++'s print reads too
            n += 1
    assert n > 100


# A permutation P of the domain (here: swapping thread bits 0 and 1) composed into the fragment:
# the check must name the first flat index t + 32 v at which frag(P(i)) != frag(i), computed here.
@pytest.mark.parametrize("perm", ["((2,2,8),4):((2,1,4),32)", "(32,(2,2)):(1,(64,32))", "((4,8),4):((8,1),32)"])
def test_check_names_the_first_perturbed_thread_value(perm):
    tv = gpu.fragment(MMA, "C")
    moved = C.composition(tv, C.Layout(perm))
    diffs = [i for i in range(tv.size()) if tv(i) != moved(i)]
    assert diffs, "the permutation must move something"
    r = gpu.check(MMA, "C", moved)
    assert not r.equal and not r
    i = diffs[0]
    assert (r.first.thread, r.first.value) == (i % 32, i // 32)
    assert r.first.expected == (tv(i) % 16, tv(i) // 16)
    assert r.first.got == (moved(i) % 16, moved(i) // 16)
    assert r.agree == tv.size() - len(diffs)
    assert f"first difference at (thread {i % 32}, value {i // 32})" in str(r)


def test_check_takes_swizzled_and_coordinate_layouts():
    # Sw<1,4,3> XORs bit 7 into bit 4: the identity on the 128 offsets of a 16 x 8 tile.
    assert gpu.check(MMA, "C", "Sw<1,4,3> o ((4,8),(2,2)):((32,1),(16,8))").equal
    r = gpu.check(MMA, "C", C.ComposedLayout("Sw<1,4,1> o ((4,8),(2,2)):((32,1),(16,8))"))
    sw = C.Swizzle(1, 4, 1)
    tv = gpu.fragment(MMA, "C")
    first = next(i for i in range(tv.size()) if sw(tv(i)) != tv(i))
    assert (r.first.thread, r.first.value) == (first % 32, first // 32)
    assert r.agree == sum(sw(tv(i)) == tv(i) for i in range(tv.size()))
    # (thread, value) -> (row, col) directly: 1@0 steps the row, 1@1 the column.
    assert gpu.check(MMA, "C", C.CoordLayout("((4,8),(2,2)):((2@1,1@0),(1@1,8@0))")).equal


def test_check_refuses_shapes_naming_the_numbers():
    with pytest.raises(C.InvalidInput, match=r"has 16 threads x 4 values .* has 32 threads x 4 values"):
        gpu.check(MMA, "C", "(16,4):(1,16)")
    with pytest.raises(C.InvalidInput, match=r"\(thread 0, value 2\) to offset 128, outside .* 16x8 tile"):
        gpu.check(MMA, "C", "((4,8),(2,2)):((32,1),(16,128))")
    with pytest.raises(C.InvalidInput, match="has rank 1"):
        gpu.check(MMA, "C", "128:1")
    with pytest.raises(C.InvalidInput, match="unknown operand"):
        gpu.check(None, "Q", "(32,4):(1,32)")


def test_shared_memory_atoms_compare_as_offsets():
    name = "wgmma.smem.16b.K.SW128"
    atom = gpu.smem_layout(name)
    assert gpu.check(name, None, atom).equal
    assert gpu.check(name, None, str(atom)).equal
    plain = C.Layout("(8,64):(64,1)")
    r = gpu.check(name, "A", plain)
    first = next(i for i in range(512) if atom(i) != plain(i))
    assert (r.first.thread, r.first.value) == (first % 8, first // 8)
    assert (r.first.expected, r.first.got) == (atom(first), plain(first))
    near = gpu.check(None, None, atom)
    assert near[0].equal and near[0].names[0] == name


def test_nearest_ranks_equal_first_then_agreement():
    tv = gpu.fragment(MMA, "A")
    near = gpu.check(None, None, tv, top=50)
    assert near[0].equal
    assert any(f"{MMA} A" in g.names for g in near if g.equal)
    only = gpu.check(MMA, None, tv)  # which operand of this instruction
    assert only[0].equal and only[0].names == [f"{MMA} A"]
    # A perturbed accumulator: the best C entry agrees as often as any C entry of its shape,
    # counted here by brute force over the catalogue.
    moved = C.composition(gpu.fragment(MMA, "C"), C.Layout("((2,2,8),4):((2,1,4),32)"))
    near = gpu.check(None, "C", moved, top=100)
    assert not near[0].equal
    best = 0
    for ins in gpu.instructions():
        if "C" not in ins.operands:
            continue
        f = gpu.fragment(ins.name, "C")
        rows, cols = gpu.tile(ins.name, "C")
        if (f.mode(0).size(), f.mode(1).size()) != (32, 4):
            continue
        best = max(best, sum(f(i) == moved(i) for i in range(128)))
    assert near[0].agree == best
    agrees = [g.agree for g in near if g.result.same_shape]
    assert agrees == sorted(agrees, reverse=True)


def test_tiled_mma_places_each_atom():
    # AtomLayoutMNK (2,2,1) column-major: thread group g = gm + 2 gn runs the atom on C's block
    # (gm, gn) of 16 x 8, and on A's rows 16 gm.. (every gn holds the same A).
    mma = gpu.make_tiled_mma(MMA, "(2,2,1):(1,2,0)")
    assert mma.threads == 128 and mma.tile == (32, 16, 16)
    c_atom = table(gpu.fragment(MMA, "C"), 32, 16)
    a_atom = table(gpu.fragment(MMA, "A"), 32, 16)
    tc = table(mma.tv_c, 128, 32)
    ta = table(mma.tv_a, 128, 32)
    for gm in range(2):
        for gn in range(2):
            g = gm + 2 * gn
            for (t, v), (r, c) in c_atom.items():
                assert tc[(32 * g + t, v)] == (16 * gm + r, 8 * gn + c)
            for (t, v), (r, k) in a_atom.items():
                assert ta[(32 * g + t, v)] == (16 * gm + r, k)
    assert sorted(mma.tv_c(i) for i in range(mma.tv_c.size())) == list(range(32 * 16))
    for t in (0, 37, 127):
        part = gpu.partition(mma.tv_c, (32, 16), t)
        assert part.offsets() == [mma.tv_c(t + 128 * v) for v in range(4)]
    with pytest.raises(C.LayoutError, match="B"):
        gpu.make_tiled_mma("wgmma.m64n64k16.f32.f16.f16").tv_b


def test_tiled_copy_gives_each_thread_a_row_vector():
    # 32 x 4 threads (row-major), 1 x 8 values: thread 4 m + n copies row m, columns 8 n .. 8 n + 7.
    cp = gpu.make_tiled_copy("(32,4):(4,1)", "(1,8):(1,1)")
    assert cp.tile == (32, 32) and cp.threads == 128 and cp.values == 8
    for m in range(32):
        for n in range(4):
            for v in range(8):
                assert cp.tv((4 * m + n) + 128 * v) == m + 32 * (8 * n + v)
    c = gpu.make_tiled_copy_C(gpu.make_tiled_mma(MMA, "(2,2,1):(1,2,0)"))
    assert c.tile == (32, 16)
