"""CuTe's constructors, partitioners, element-size changes, the whitepaper's operations and F2
strides through the Python API (docs/algebra.md), each checked by tabulation against its definition
with the tests' own evaluator (conftest.py)."""
import itertools
import random

import pytest

import catlayout as C
from conftest import colex, flat, random_layouts


def table(l):
    return [l(i) for i in range(l.size())]


def rowmajor(c, shape):
    i = 0
    for x, s in zip(c, shape):
        i = i * s + x
    return i


def test_make_layout_majors_are_compact():
    for shape in [(4, 3), (2, (3, 4)), ((2, 2), 5, 1), 7]:
        left = C.make_layout(shape, C.LayoutLeft)
        right = C.make_layout(shape, C.LayoutRight)
        fs = flat(shape)
        for i in range(left.size()):
            assert left(i) == i
            assert right(i) == rowmajor(colex(i, fs), fs)


def test_make_ordered_layout_follows_the_order():
    rng = random.Random(7)
    for _ in range(30):
        shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 4)))
        order = list(range(len(shape)))
        rng.shuffle(order)
        l = C.make_ordered_layout(shape, tuple(order))
        assert sorted(table(l)) == list(range(l.size()))  # compact
        strides = flat(l.stride)
        ranked = sorted((o, d) for o, d, s in zip(order, strides, shape) if s > 1)
        assert [d for _, d in ranked] == sorted(d for _, d in ranked)


def test_make_layout_like_keeps_zeros_and_order():
    l = C.make_layout_like("(2,3,4,5):(0,42,1,0)")
    assert str(l) == "(2,3,4,5):(0,4,1,0)"  # cute/layout.hpp's own example, static values
    assert sorted(set(table(l))) == list(range(12))


def test_tile_to_shape_repeats_the_block():
    block = C.Layout("(2,2):(2,1)")
    r = C.tile_to_shape(block, (4, 6))
    assert r.size() == 24 and [r.mode(i).size() for i in range(2)] == [4, 6]
    for b0, b1 in itertools.product(range(2), range(2)):
        assert r(((b0, 0), (b1, 0))) == block((b0, b1))
    sw = C.ComposedLayout("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")
    t = C.tile_to_shape(sw, (128, 64))
    assert t.size() == 128 * 64 and t.swizzle == sw.swizzle
    with pytest.raises(C.Inadmissible):
        C.tile_to_shape("(2,3):(1,2)", (4, 4))


def test_local_tile_and_partition_are_the_tensor_elements():
    a = C.Layout("(16,12):(1,16)")
    for cm, cn in itertools.product(range(4), range(3)):
        tile, offset = C.local_tile(a, (4, 4), (cm, cn))
        for i, j in itertools.product(range(4), range(4)):
            assert offset + tile((i, j)) == a((cm * 4 + i, cn * 4 + j))
    threads = C.Layout("(2,4):(4,1)")  # thread t at (t // 4, t % 4)
    for t in range(8):
        part, offset = C.local_partition(a, threads, t)
        c = (t // 4, t % 4)
        for i, j in itertools.product(range(8), range(3)):
            assert offset + part((i, j)) == a((i * 2 + c[0], j * 4 + c[1]))
    with pytest.raises(C.InvalidInput) as e:
        C.local_partition(a, "(2,4):(0,1)", 1)  # a broadcast thread mode: no thread owns a coordinate alone
    assert e.value.cute_crash and not e.value.cute_answers  # CuTe divides by the stride 0 there
    projected, _ = C.local_tile("(64,32):(1,64)", (16, 8, 8), (2, 5, None), (1, None, 1))
    assert projected.size() == 16 * 8 * 4


def test_upcast_downcast_are_the_same_memory():
    rng = random.Random(11)
    for n in (2, 4):
        for l in [C.make_layout((8, 4), C.LayoutLeft), C.make_layout((4, 8), C.LayoutRight), C.Layout("(8,2):(1,16)")]:
            down = C.downcast(l, n)
            up = C.upcast(down, n)
            assert table(up) == table(l)  # recasting there and back
            # sub-element r of element c sits at n * L(c) + r in the unit-stride mode
            assert sorted(table(down)) == sorted(n * x + r for x in table(l) for r in range(n))
    assert str(C.downcast("(4,2):(1,-1)", 2)) == "(8,4):(1,-1)"  # CuTe's per-mode rule
    with pytest.raises(C.Inadmissible):
        C.downcast("(4,2):(1,-1)", 2, strict=True)  # not the same memory in smaller elements
    assert str(C.recast_layout("(4,4):(4,1)", 8, 32)) == "(4,1):(1,1)"  # PyCuTe docs' example


def test_nullspace_is_cutes_and_strict_the_kernel():
    for l in random_layouts(40, seed=13, max_shape=4, max_stride=5) + [C.Layout("(2,2):(1,-1)"), C.Layout("(3,3):(1,-1)")]:
        k = C.nullspace(l)  # CuTe's contract: L(R(i)) == 0, size(R) == size(L) / size(filter(L))
        assert all(l(k(i)) == 0 for i in range(k.size()))
        assert k.size() == l.size() // C.filter(l).size()
        try:
            k = C.nullspace(l, strict=True)
        except C.NotRepresentable:
            continue
        assert table(k) == [i for i in range(l.size()) if l(i) == 0]


def test_coalesce_z_keeps_the_extension():
    for l in random_layouts(40, seed=17):
        z = C.coalesce_z(l)
        assert [z(i) for i in range(l.size() + 10)] == [l(i) for i in range(l.size() + 10)]
        assert C.coalesce_z(z) == z


def test_layout_add_and_greatest_common_domain():
    assert str(C.layout_add("(4,3):(1,4)", "(4,3):(3,1)")) == "(4,3):(4,5)"  # PyCuTe's docstring
    a, b = C.Layout("(5,3,4):(1,5,15)"), C.Layout("(10,6):(1,10)")
    r = C.layout_add(a, b)
    assert table(r) == [a(i) + b(i) for i in range(60)]
    g = C.greatest_common_domain((6, 35), (15, 14))
    assert str(g) == "(3,7):(1,30)"  # PyCuTe's worked result
    assert C.greatest_common_domain((15, 14), (6, 35)) == g


def clmul(a, b):
    r = 0
    while a:
        if a & 1:
            r ^= b
        a >>= 1
        b <<= 1
    return r


def test_f2_layouts():
    f = C.F2Layout("(4,3):(F5,F3)")
    for i in range(12):
        assert f(i) == clmul(i % 4, 5) ^ clmul(i // 4, 3)
    assert str(C.coalesce(C.F2Layout("(4,4):(F1,F4)"))) == "16:F1"
    s = C.layout_add(C.F2Layout("(4,8):(F1,F8)"), C.F2Layout("(4,8):(F2,F16)"))
    assert str(s) == "(4,8):(F3,F24)"
    c = C.ComposedLayout("Sw<3,4,3> o 0 o (8,128):(128,1)")
    assert [C.to_f2(c)(i) for i in range(1024)] == [c(i) for i in range(1024)]


def test_one_printed_form_per_value():
    # A composed result with an identity swizzle and offset 0 is its layout, as the CLI prints it
    # (CuTe's composition(Swizzle<0,M,S>, _0, L) = L); a swizzle that acts stays composed.
    up = C.upcast(C.ComposedLayout("Sw<1,3,3> o 0 o (16,8):(1,16)"), 16)
    assert isinstance(up, C.Layout) and str(up) == "(1,8):(1,1)"
    kept = C.upcast(C.ComposedLayout("Sw<3,4,3> o 0 o (8,64):(64,1)"), 2)
    assert isinstance(kept, C.ComposedLayout) and str(kept) == "Sw<3,3,3> o 0 o (8,32):(32,1)"


def test_swizzled_operands():
    rm = C.Layout("(8,8):(8,1)")
    b = C.ComposedLayout("Sw<2,0,-3> o 0 o (8,8):(8,1)")
    r = C.composition(rm, b)
    assert [r(i) for i in range(64)] == [rm(b(i)) for i in range(64)]
    c = C.ComposedLayout("Sw<3,4,3> o 0 o (8,128):(128,1)")
    inv = C.right_inverse(c)
    assert [c(inv(i)) for i in range(inv.size())] == list(range(inv.size()))
