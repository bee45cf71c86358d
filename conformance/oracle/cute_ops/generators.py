"""Random cases: a generator per op (GENERATORS: op -> gen(rng) -> args) and case_too_big, which
skips the generated cases whose tabulation would be too large."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import DefError, MAJORS, MAX_TAB, is_composed, is_int
from .evaluation import lsize, tab_layout, xsize
from .coords import gen_crd2crd, gen_crd2idx, gen_idx2crd
from .modes import gen_mode
from .queries import gen_query
from .common import gen_common
from .relations import gen_relation
from .compacts import gen_compact
from .slices import gen_domain_offset, gen_slice_and_offset
from .definitions import compact_strides, dice, recast_scale, top_modes, zipped


# --------------------------------------------------------------------------
# Random cases
# --------------------------------------------------------------------------

SH = [1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8]
P2 = [1, 2, 2, 4, 4, 8, 8, 16]


def rand_shape(rng, nleaves=None, vals=SH, max_size=256, depth=None):
    for _ in range(100):
        n = nleaves or rng.randint(1, 5)
        fs = [rng.choice(vals) for _ in range(n)]
        if co.prod(fs) <= max_size:
            break
    tree = co.rand_tree(rng, len(fs), depth if depth is not None else rng.choice([1, 1, 2, 2, 3]))
    return co.tree_to_tuple(tree, fs)


def nest_like(rng, flat_shape, flat_stride, depth=None):
    return co.nest(rng, flat_shape, flat_stride, depth)


def rand_layout(rng, max_size=256, nmax=5, zero=0.1, neg=0.0, gaps=0.35, vals=SH, ties=0.0):
    """Compact/permuted/gapped/zero/negative strides on a nested shape."""
    for _ in range(100):
        n = rng.randint(1, nmax)
        fs = [rng.choice(vals) for _ in range(n)]
        if co.prod(fs) <= max_size:
            break
    order = list(range(n))
    rng.shuffle(order)
    st = [0] * n
    cur = 1
    for i in order:
        if rng.random() < gaps:
            cur *= rng.choice([2, 3, 4])
        st[i] = cur
        cur *= fs[i]
    for i in range(n):
        if rng.random() < zero:
            st[i] = 0
        elif rng.random() < neg:
            st[i] = -st[i]
    if ties and n > 1 and rng.random() < ties:
        i, j = rng.sample(range(n), 2)
        st[i] = st[j]
    return nest_like(rng, fs, st)


def rand_swizzle(rng, max_bits=None):
    b = rng.choice([0, 1, 1, 2, 2, 3, 3])
    m = rng.choice([0, 0, 1, 2, 3, 4])
    if b == 0:
        s = rng.choice([0, 1, 2, 3])
    else:
        s = rng.choice([b, b, b + 1, b + 2]) * (-1 if rng.random() < 0.2 else 1)
    if max_bits is not None:
        for _ in range(20):
            if m + b + abs(s) <= max_bits:
                break
            m = max(0, m - 1)
            if m == 0 and b + abs(s) > max_bits and b > 0:
                b -= 1
                s = (b if s > 0 else -b) if b else 0
    return [b, m, s]


def pow2_layout(rng, k, gaps=0.0, nest_depth=None):
    """A layout of size 2^k over power-of-two modes: permuted compact (optionally gapped)."""
    fs = []
    left = k
    while left > 0:
        e = rng.choice([1, 1, 2, 2, 3])
        e = min(e, left)
        fs.append(1 << e)
        left -= e
    if not fs:
        fs = [1]
    if rng.random() < 0.15:
        fs.insert(rng.randrange(len(fs) + 1), 1)
    order = list(range(len(fs)))
    rng.shuffle(order)
    st = [0] * len(fs)
    cur = 1
    for i in order:
        if rng.random() < gaps:
            cur *= 2
        st[i] = cur if fs[i] > 1 else rng.choice([0, cur])
        cur *= fs[i]
    return nest_like(rng, fs, st, nest_depth)


GMMA_BITS = {0: 128, 1: 256, 2: 512, 3: 1024}  # INTER, SW32, SW64, SW128: row width in bits


def gmma_atom(rng, width=None, b=None, major=None, element_units=False):
    """cute/atom/mma_traits_sm90_gmma.hpp: Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> =
    Sw<B,4,3> o smem_ptr o (8,W):(W,1) (K-major) / (W,8):(1,W) (MN-major), W = 128*2^B / bits(T).
    Here the offset is the integer 0 (as the brief's form); element_units: Sw<B,4-log2(bytes),3>,
    the swizzle the byte-address swizzle is on element offsets."""
    width = width or rng.choice([8, 16, 16, 16, 32])
    b = rng.choice([0, 1, 2, 3, 3]) if b is None else b
    major = major or rng.choice(["K", "K", "MN"])
    W = GMMA_BITS[b] // width
    if major == "K":
        L = {"shape": [8, W], "stride": [W, 1]}
    else:
        L = {"shape": [W, 8], "stride": [1, W]}
    m = 4
    if element_units:
        m = 4 - {8: 0, 16: 1, 32: 2}[width]
    return {"swizzle": [b, m, 3], "offset": 0, "layout": L}, W, major


def rand_order(rng, shape, ties=0.06, bad=0.10):
    """An order for make_ordered_layout: congruent to the shape or to a coarsening of it."""
    r = rng.random()
    if r < 0.15:
        return rng.choice(list(MAJORS))
    if r < 0.15 + bad:
        # rank mismatch
        n = co.rank_of(shape) + rng.choice([-1, 1])
        n = max(2, n) if n != co.rank_of(shape) else n + 1
        return [rng.randint(0, 4) for _ in range(n)]

    def coarsen(s, top):
        if is_int(s):
            return None  # leaf
        if not top and rng.random() < 0.3:
            return None  # whole sub-shape as one unit
        return [coarsen(e, False) for e in s]
    pattern = coarsen(shape, True) if not is_int(shape) else None
    nleaves = [0]

    def count(p):
        if p is None:
            nleaves[0] += 1
        else:
            for e in p:
                count(e)
    count(pattern)
    n = nleaves[0]
    base = rng.choice(["perm", "perm", "spread", "neg"])
    if base == "perm":
        vals = list(range(n))
        rng.shuffle(vals)
    elif base == "spread":
        vals = rng.sample(range(0, 20), n)
    else:
        vals = rng.sample(range(-6, 7), n)
    if n > 1 and rng.random() < ties:
        i, j = rng.sample(range(n), 2)
        vals[i] = vals[j]
    it = iter(vals)

    def fill(p):
        if p is None:
            return next(it)
        return [fill(e) for e in p]
    o = fill(pattern)
    if is_int(shape) and rng.random() < 0.5:
        o = [o] if rng.random() < 0.3 else o  # [o] against an integer shape: malformed
    return o


def gen_make_layout(rng):
    s = rand_shape(rng, max_size=4096, vals=SH + [16, 5, 7])
    r = rng.random()
    if r < 0.3:
        return [s]
    return [s, "LayoutLeft" if r < 0.6 else "LayoutRight"]


def gen_make_ordered_layout(rng):
    s = rand_shape(rng, max_size=4096, vals=SH + [16, 5])
    return [s, rand_order(rng, s)]


def gen_make_layout_like(rng):
    return [rand_layout(rng, max_size=4096, zero=0.15, neg=0.1, ties=0.12, vals=SH + [16])]


def gen_tile_to_shape(rng):
    r = rng.random()
    if r < 0.45:
        blk, W, major = gmma_atom(rng, element_units=rng.random() < 0.25)
        bm, bk = (8, W) if major == "K" else (W, 8)
        rows = rng.choice([64, 64, 128, 128, 256])
        cols = rng.choice([32, 64, 64, 128, 256])
        if major == "K":
            tgt = [rows, cols]
        else:
            tgt = [cols if rng.random() < 0.3 else rows, rng.choice([32, 64, 64, 128])]
        if rng.random() < 0.3:
            tgt = tgt + [rng.choice([2, 3, 4])]
        while co.prod(tgt) > MAX_TAB:
            tgt[0] //= 2
        oc = rng.random()
        if oc < 0.35:
            return [blk, tgt]
        if len(tgt) == 2:
            order = rng.choice([[1, 2], [2, 1], [2, 1], [0, 1], "LayoutRight", "LayoutLeft"])
        else:
            order = rng.choice([[1, 2, 3], [2, 1, 3], [2, 1, 3], [3, 1, 2], "LayoutRight"])
        return [blk, tgt, order]
    if r < 0.8:
        blk = rand_layout(rng, max_size=64, nmax=4, zero=0.03, gaps=0.25)
    else:
        L = pow2_layout(rng, rng.randint(3, 7))
        sw = rand_swizzle(rng, max_bits=co.prod(co.flatten(L["shape"])).bit_length() - 1)
        blk = {"swizzle": sw, "offset": rng.choice([0, 0, 0, 0, 8, 16]), "layout": L}
    inner = blk["layout"] if is_composed(blk) else blk
    bmodes = top_modes(inner)
    R = len(bmodes) + rng.choice([0, 0, 0, 1, 1, 2])
    if rng.random() < 0.05 and len(bmodes) > 1:
        R = len(bmodes) - 1  # target of smaller rank: CuTe rejects
    tgt = []
    for i in range(R):
        b = lsize(bmodes[i]) if i < len(bmodes) else 1
        t = b * rng.choice([1, 2, 2, 3, 4])
        if rng.random() < 0.06:
            t = b * rng.choice([1, 2]) + rng.choice([1, 2])  # not a multiple
        if rng.random() < 0.1 and t % 2 == 0 and t > 2:
            t = [2, t // 2]  # nested target mode
        tgt.append(t)
    while co.prod(co.flatten(tgt)) > MAX_TAB:
        tgt = [t // 2 if is_int(t) and t > 1 else t for t in tgt]
    if R == 1 and rng.random() < 0.5:
        tgt = tgt[0]
    if rng.random() < 0.45:
        return [blk, tgt]
    n = co.rank_of(tgt)
    if rng.random() < 0.2:
        return [blk, tgt, rng.choice(list(MAJORS))]
    o = list(range(n))
    rng.shuffle(o)
    if n > 1 and rng.random() < 0.08:
        o[0] = o[1]
    return [blk, tgt, o if n > 1 else o[0]]


GEMM_TILES = [(128, 128, 64), (64, 128, 32), (128, 64, 64), (64, 64, 32), (256, 128, 64), (128, 256, 32)]


def gmem_layout(rng, rows, cols, batch=None):
    kind = rng.choice(["row", "col", "row_pad", "col_pad"])
    if kind == "row":
        L = {"shape": [rows, cols], "stride": [cols, 1]}
    elif kind == "col":
        L = {"shape": [rows, cols], "stride": [1, rows]}
    elif kind == "row_pad":
        L = {"shape": [rows, cols], "stride": [cols + 8, 1]}
    else:
        L = {"shape": [rows, cols], "stride": [1, rows + 4]}
    if batch:
        span = max(a * (s - 1) for a, s in zip(L["stride"], L["shape"])) + 1
        L = {"shape": L["shape"] + [batch], "stride": L["stride"] + [span + rng.choice([0, 0, 64])]}
    return L


def rand_coord_in(rng, sizes, null_p=0.3):
    return [None if rng.random() < null_p else rng.randrange(max(1, s)) for s in sizes]


def safe_zipped(A, T):
    try:
        return zipped(A, T)
    except (DefError, ZeroDivisionError):
        return None


def gen_local_tile(rng):
    r = rng.random()
    if r < 0.55:
        bm, bn, bk = rng.choice(GEMM_TILES)
        which = rng.choice(["A", "B", "C"])
        tm = rng.choice([1, 2, 2, 4])
        tk = rng.choice([1, 2, 4])
        batch = rng.choice([None, None, None, 2])
        if which == "A":
            A = gmem_layout(rng, bm * tm, bk * tk, batch)
            proj = [1, None, 1]
        elif which == "B":
            A = gmem_layout(rng, bn * tm, bk * tk, batch)
            proj = [None, 1, 1]
        else:
            A = gmem_layout(rng, bm * tm, bn * tk, batch)
            proj = [1, 1, None]
        if lsize(A) > MAX_TAB:
            A = gmem_layout(rng, bm, bk if which != "C" else bn, batch)
        tiler = {"tiler": [bm, bn, bk]}
        nm = [-(-a // t) for a, t in zip(A["shape"], dice(proj, [bm, bn, bk]))]
        rng.randrange(nm[0])  # a spare draw (kept: the cases of a seed stay those documented)
        # coordinate (m, n, k) with k or n as _ typically
        kept = dice(proj, [0, 1, 2])
        c = [None, None, None]
        c[kept[0]] = rng.randrange(nm[0])
        c[kept[1]] = None if rng.random() < 0.6 else rng.randrange(nm[1])
        dropped = [i for i in range(3) if i not in kept][0]
        c[dropped] = rng.randrange(4)  # ignored by the projection
        if batch and rng.random() < 0.5:
            c = c + [rng.randrange(batch)]
            proj = proj + [1]
            tiler = {"tiler": [bm, bn, bk, 1]}
        if rng.random() < 0.05:
            proj = proj[:-1]  # projection rank != tiler rank
        return [A, tiler, c, proj]
    A = rand_layout(rng, max_size=1024, nmax=4, zero=0.05, neg=0.05)
    if r < 0.7:
        T = co.divide_b_layout(rng, A)
        if not (is_int(T["shape"]) or isinstance(T["shape"], list)):
            T = {"shape": 2, "stride": 1}
        z = safe_zipped(A, T)
        nrest = co.prod(z[1]) if z else 4
        return [A, T, rng.randrange(max(1, nrest))]
    T = co.rand_tiler(rng, A, co.divide_b_layout)
    z = safe_zipped(A, T)
    if z and rng.random() < 0.6:
        c = rand_coord_in(rng, z[1], null_p=0.35)
        if rng.random() < 0.3:
            c = c[:rng.randint(1, len(c))]
        if rng.random() < 0.08:
            c = c + [0]  # longer than the mode: CuTe rejects
        return [A, T, c]
    nrest = co.prod(z[1]) if z else 3
    return [A, T, rng.randrange(max(1, nrest))]


def gen_partition(rng, inner):
    A = rand_layout(rng, max_size=2048, nmax=5, zero=0.05, neg=0.05)
    if rng.random() < 0.25:
        T = co.divide_b_layout(rng, A)
        z = safe_zipped(A, T)
        n = co.prod(z[1] if inner else z[0]) if z else 3
        return [A, T, rng.randrange(max(1, n))]
    T = co.rand_tiler(rng, A, co.divide_b_layout)
    z = safe_zipped(A, T)
    if z and rng.random() < 0.65:
        sizes = z[1] if inner else z[0]
        c = rand_coord_in(rng, sizes, null_p=0.35)
        if rng.random() < 0.3:
            c = c[:rng.randint(1, len(c))]
        if rng.random() < 0.08:
            c = c + [0]  # longer than the mode: CuTe rejects
        return [A, T, c]
    n = co.prod((z[1] if inner else z[0])) if z else 3
    return [A, T, rng.randrange(max(1, n))]


THREAD_SHAPES = [(32, 8), (8, 32), (16, 16), (32, 4), (4, 32), (16, 8), (8, 16), (8, 8), (32, 1), (2, 16)]


def thread_layout(rng):
    r = rng.random()
    if r < 0.75:
        a, b = rng.choice(THREAD_SHAPES)
        if rng.random() < 0.5:
            return {"shape": [a, b], "stride": [b, 1]}, None
        return {"shape": [a, b], "stride": [1, a]}, None
    if r < 0.87:
        a, b = rng.choice([(2, 16), (4, 8), (8, 4), (16, 2), (4, 32)])
        TL = {"shape": [a, b, 1], "stride": [b, 1, 0]}
        return TL, rng.choice([[1, None, 1], [None, 1, 1], [1, 1, None]])
    if r < 0.93:
        # gapped thread layout (not onto [0, size)): CuTe's idx2crd assumes compact
        a, b = rng.choice([(4, 8), (8, 4), (2, 8)])
        return {"shape": [a, b], "stride": [1, a * 2]}, None
    if r < 0.97:
        a, b = rng.choice([(4, 8), (8, 4)])
        return {"shape": [a, b], "stride": [0, 1]}, None  # broadcast mode: stride 0
    return {"shape": [[2, 4], 8], "stride": [[1, 16], 2]}, None


def gen_local_partition(rng):
    TL, proj = thread_layout(rng)
    if rng.random() < 0.7:
        rows = rng.choice([32, 64, 128])
        cols = rng.choice([16, 32, 64])
        L = {"shape": [rows, cols], "stride": rng.choice([[cols, 1], [1, rows], [cols + 4, 1]])}
        if rng.random() < 0.15:
            L = {"shape": [rows, cols, 2], "stride": L["stride"] + [rows * cols + 64]}
    else:
        L = rand_layout(rng, max_size=4096, nmax=4, zero=0.05)
        if co.rank_of(L["shape"]) < 2:
            L = {"shape": [L["shape"], 4], "stride": [L["stride"], 997]}
    while lsize(L) > MAX_TAB:
        L = {"shape": [L["shape"][0] // 2] + L["shape"][1:], "stride": L["stride"]}
    img = tab_layout(TL)
    idx = rng.choice(img)
    if rng.random() < 0.03:
        idx = lsize(TL) + 3  # out of range
    if proj is None and rng.random() < 0.04:
        proj = [1, 1, None][:co.rank_of(TL["shape"])]
    if proj is not None and co.rank_of(TL["shape"]) != len(proj) and rng.random() < 0.5:
        proj = None
    args = [L, TL, idx]
    if proj is not None:
        args.append(proj)
    return args


def cast_layout(rng, N, unit_p=0.8, neg1=0.12, zero=0.08):
    """A layout for up/downcast by N: a stride-1 (or -1) mode, other strides mostly multiples of N."""
    n = rng.randint(1, 4)
    fs = [rng.choice([1, 2, 4, 4, 8, 8, 16, 3, 6]) for _ in range(n)]
    while co.prod(fs) > 1024:
        fs[rng.randrange(n)] = 2
    st = [0] * n
    unit = rng.randrange(n) if rng.random() < unit_p else None
    order = list(range(n))
    rng.shuffle(order)
    if unit is not None:
        order.remove(unit)
        order.insert(0, unit)
    cur = 1
    for i in order:
        if i != unit and rng.random() < 0.25:
            cur *= rng.choice([2, N, N, 3])
        st[i] = cur
        cur *= fs[i]
    for i in range(n):
        if i == unit and rng.random() < neg1:
            st[i] = -1
        elif i != unit and rng.random() < zero:
            st[i] = 0
        elif i != unit and rng.random() < 0.06:
            st[i] = rng.choice([2, 3, 5, 6, 12, 24])
        elif i != unit and rng.random() < 0.05:
            st[i] = 1  # a second stride-1 mode
    return nest_like(rng, fs, st, rng.choice([1, 1, 2]))


def gen_upcast(rng):
    r = rng.random()
    if r < 0.25:
        # the GMMA bit atoms, upcast to an element type: as CuTe defines Layout_*_Atom<T>
        blk, W, major = gmma_atom(rng, width=1)
        L = blk["layout"]
        W = GMMA_BITS[blk["swizzle"][0]]
        L = {"shape": [8, W], "stride": [W, 1]} if major == "K" else {"shape": [W, 8], "stride": [1, W]}
        N = rng.choice([8, 16, 32])
        X = {"swizzle": blk["swizzle"], "offset": 0, "layout": L}
        if rng.random() < 0.3:
            X = L
        return [X, N]
    N = rng.choice([2, 2, 4, 4, 8, 16, 3])
    L = cast_layout(rng, N)
    if r < 0.45:
        sw = rand_swizzle(rng)
        return [{"swizzle": sw, "offset": rng.choice([0, 0, 0, N * 4, 2]), "layout": L}, N if N != 3 else 2]
    return [L, N]


def gen_downcast(rng):
    r = rng.random()
    N = rng.choice([2, 2, 4, 4, 8, 16])
    if r < 0.2:
        blk, W, major = gmma_atom(rng, element_units=rng.random() < 0.5)
        return [blk if rng.random() < 0.6 else blk["layout"], rng.choice([2, 4])]
    L = cast_layout(rng, N, unit_p=0.85)
    if r < 0.4:
        return [{"swizzle": rand_swizzle(rng), "offset": rng.choice([0, 0, 0, 4]), "layout": L}, N]
    return [L, N]


def gen_recast(rng):
    widths = [4, 8, 16, 32]
    old, new = rng.choice(widths), rng.choice(widths)
    if rng.random() < 0.1:
        new = old
    num, den = recast_scale(old, new)
    if rng.random() < 0.25:
        blk, W, major = gmma_atom(rng, width=rng.choice([8, 16, 32]), element_units=True)
        X = blk if rng.random() < 0.7 else blk["layout"]
        return [X, old, new]
    L = cast_layout(rng, max(num, den))
    if rng.random() < 0.3:
        L = {"swizzle": rand_swizzle(rng), "offset": 0, "layout": L}
    return [L, old, new]


def gen_nullspace(rng):
    r = rng.random()
    if r < 0.55:
        L = rand_layout(rng, max_size=1024, zero=0.3, neg=0.03)
    elif r < 0.7:
        L = rand_layout(rng, max_size=1024, zero=0.0)
    elif r < 0.8:
        # negative strides that cancel: a kernel beyond the zero-stride modes
        a = rng.choice([2, 3, 4])
        d = rng.choice([1, 2, 3])
        fs = [a, a] + ([rng.choice([2, 3])] if rng.random() < 0.5 else [])
        st = [d, -d] + ([0] if len(fs) == 3 and rng.random() < 0.5 else ([a * d * 3] if len(fs) == 3 else []))
        L = nest_like(rng, fs, st, 1)
    else:
        L = {"swizzle": rand_swizzle(rng), "offset": 0,
             "layout": rand_layout(rng, max_size=1024, zero=0.35)}
    return [L]


def simple_2d(rng, k):
    """(2^a, 2^b) row- or column-major: the kernel-style operand."""
    a = rng.randint(1, k - 1) if k > 1 else 1
    b = max(0, k - a)
    if rng.random() < 0.5:
        return {"shape": [1 << a, 1 << b], "stride": [1 << b, 1]}
    return {"shape": [1 << a, 1 << b], "stride": [1, 1 << a]}


def gen_composition(rng):
    if rng.random() < 0.3:
        return gen_coordinate_b(rng)
    r = rng.random()
    k = rng.randint(3, 10)
    if rng.random() < 0.4:
        A = simple_2d(rng, k)
    else:
        A = pow2_layout(rng, k, gaps=0.1 if rng.random() < 0.3 else 0.0)
    if rng.random() < 0.12:
        A = rand_layout(rng, max_size=512, zero=0.05)
    sizeA = lsize(A)
    bits = max(1, sizeA.bit_length() - 1)
    if r < 0.35:
        sw = rand_swizzle(rng, max_bits=bits if rng.random() < 0.85 else None)
        return [A, {"swizzle": sw}]
    if r < 0.72:
        kb = rng.randint(2, bits) if bits >= 2 else 1
        LB = pow2_layout(rng, kb, gaps=0.0)
        sw = rand_swizzle(rng, max_bits=kb if rng.random() < 0.85 else None)
        off = 0 if rng.random() < 0.93 else rng.choice([4, 8])
        return [A, {"swizzle": sw, "offset": off, "layout": LB}]
    Aw = {"swizzle": rand_swizzle(rng, max_bits=bits), "offset": rng.choice([0, 0, 0, 16]), "layout": A}
    kb = rng.randint(2, bits) if bits >= 2 else 1
    LB = pow2_layout(rng, kb)
    sw = rand_swizzle(rng, max_bits=kb)
    off = 0 if rng.random() < 0.93 else 8
    return [Aw, {"swizzle": sw, "offset": off, "layout": LB}]


def gen_coordinate_b(rng):
    """[A, B] with B's strides basis elements E<m> (scaled) over A's top modes, as CuTe's unit test
    composition((4,4):(4,1), (4,4):(E<1>,E<0>)) and its nested E<1,1> case."""
    A = rand_layout(rng, max_size=256, zero=0.05) if rng.random() < 0.4 else simple_2d(rng, rng.randint(3, 8))
    modes = A["shape"] if isinstance(A["shape"], list) else [A["shape"]]
    shape, stride = [], []
    for _ in range(rng.randint(1, 3)):
        m = rng.randrange(len(modes))
        sub_shape = modes[m]
        path = [m] if isinstance(A["shape"], list) else []
        if isinstance(sub_shape, list) and rng.random() < 0.4:  # into a nested mode: E<m,k>
            k = rng.randrange(len(sub_shape))
            path, sub_shape = path + [k], sub_shape[k]
        size = co.prod(co.flatten(sub_shape))
        scale = rng.choice([1, 1, 1, 2]) if size > 2 else 1
        n = max(1, size // scale)
        if rng.random() < 0.7:
            n = rng.choice([d for d in range(1, n + 1) if n % d == 0])
        shape.append(n)
        stride.append({"basis": path, "scale": scale} if path else scale)
    if len(shape) == 1 and rng.random() < 0.5:
        return [A, {"shape": shape[0], "stride": stride[0]}]
    return [A, {"shape": shape, "stride": stride}]


def gen_inverse(rng):
    r = rng.random()
    if r < 0.3:
        X, _, _ = gmma_atom(rng, element_units=rng.random() < 0.5)
    else:
        k = rng.randint(2, 9)
        if rng.random() < 0.4:
            L = simple_2d(rng, k)
        else:
            L = pow2_layout(rng, k, gaps=0.25 if r > 0.8 else 0.0)
        if rng.random() < 0.1:
            L = rand_layout(rng, max_size=256, zero=0.2)
        bits = max(1, lsize(L).bit_length() - 1)
        X = {"swizzle": rand_swizzle(rng, max_bits=bits if rng.random() < 0.85 else None),
             "offset": 0, "layout": L}
    if rng.random() < 0.06:
        X = dict(X, offset=rng.choice([4, 8, 32]))  # CuTe: layout o offset o swizzle, no JSON form
    return [X]


GENERATORS = {
    "make_layout": gen_make_layout,
    "make_ordered_layout": gen_make_ordered_layout,
    "make_layout_like": gen_make_layout_like,
    "tile_to_shape": gen_tile_to_shape,
    "local_tile": gen_local_tile,
    "local_partition": gen_local_partition,
    "inner_partition": lambda rng: gen_partition(rng, True),
    "outer_partition": lambda rng: gen_partition(rng, False),
    "upcast": gen_upcast,
    "downcast": gen_downcast,
    "recast_layout": gen_recast,
    "nullspace": gen_nullspace,
    "composition": gen_composition,
    "right_inverse": gen_inverse,
    "left_inverse": gen_inverse,
    # cute/stride.hpp's coordinate maps: positive strides (idx2crd divides by them)
    "crd2idx": lambda rng: gen_crd2idx(rng, lambda r: rand_layout(r, zero=0.0)),
    "idx2crd": lambda rng: gen_idx2crd(rng, lambda r: rand_layout(r, zero=0.0)),
    "crd2crd": lambda rng: gen_crd2crd(rng, lambda r: rand_layout(r, zero=0.0)),
    # cute/layout.hpp's mode rearrangements
    **{op: (lambda o: lambda rng: gen_mode(o, rng, rand_layout))(op)
       for op in ("select", "take", "group_modes", "append", "prepend", "replace")},
    "max_common_vector": lambda rng: gen_common(rng, rand_layout, lambda s, r: compact_strides(s, 1, r)),
    "max_common_layout": lambda rng: gen_common(rng, rand_layout, lambda s, r: compact_strides(s, 1, r)),
    "weakly_congruent": lambda rng: gen_relation(rng, rand_shape),
    "compatible": lambda rng: gen_relation(rng, rand_shape),
    **{op: (lambda o: lambda rng: gen_compact(o, rng, rand_shape))(op)
       for op in ("compact_major", "compact_col_major", "compact_row_major", "domain_distribute")},
    # cute/layout.hpp's queries and constructors from parts, cute/int_tuple.hpp's shape_div
    **{op: (lambda o: lambda rng: gen_query(o, rng, rand_layout, rand_shape))(op)
       for op in ("size", "cosize", "rank", "depth", "flatten", "layout_mode", "make_layout_with_stride",
                  "make_layout_of_layouts", "shape_div")},
    "slice_and_offset": lambda rng: gen_slice_and_offset(rng, rand_layout, pow2_layout, rand_swizzle, gmma_atom),
    "domain_offset": lambda rng: gen_domain_offset(rng, rand_layout, pow2_layout, rand_swizzle, gmma_atom),
    "coprofile": lambda rng: [gen_coordinate_b(rng)[1] if rng.random() < 0.7 else rand_layout(rng)],
}


def case_too_big(c):
    """Skip generated cases whose tabulation would be too large."""
    op, args = c["op"], c["args"]
    try:
        if op == "make_layout" or op == "make_ordered_layout":
            return co.prod(co.flatten(args[0])) > MAX_TAB
        if op == "tile_to_shape":
            return co.prod(co.flatten(args[1])) > MAX_TAB
        if op == "upcast" or op == "downcast":
            return xsize(args[0]) * args[1] > MAX_TAB
        if op == "recast_layout":
            return xsize(args[0]) * 8 > MAX_TAB
        return xsize(args[0]) > MAX_TAB
    except Exception:
        return False
