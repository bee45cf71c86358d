"""Random cases: layouts (flat shapes, compact or gapped strides, a random nesting), the B of
composition and of the divides on A's domain grid, by-mode tilers, profiles, and each op's
arguments built to fit its first operand (gen_first, gen_args)."""

from .values import DIVIDE_OPS, PRODUCT_OPS


SHAPE_VALUES = [1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 6, 6, 7, 8, 8]


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def flatten(t):
    if isinstance(t, int):
        return [t]
    out = []
    for e in t:
        out.extend(flatten(e))
    return out


def unflatten(flat, like):
    """Rebuild nesting of `like` from a flat list."""
    it = iter(flat)

    def go(t):
        if isinstance(t, int):
            return next(it)
        return [go(e) for e in t]
    return go(like)


def size_of(L):
    return prod(flatten(L["shape"]))


def rand_tree(rng, nleaves, depth):
    """A random nesting (tree of leaf indices, in order) over nleaves leaves."""

    def build(items, d, top):
        if len(items) == 1:
            return [items[0]] if (top and rng.random() < 0.12) else items[0]
        if d == 0:
            return list(items)
        if top:
            r = 1 if rng.random() < 0.08 else rng.randint(2, min(4, len(items)))
        else:
            r = rng.randint(2, min(3, len(items)))
        cuts = sorted(rng.sample(range(1, len(items)), r - 1))
        parts = [items[a:b] for a, b in zip([0] + cuts, cuts + [len(items)])]
        if r == 1:
            return [build(items, d - 1, False)]
        return [build(p, d - 1, False) if len(p) > 1 else p[0] for p in parts]
    return build(list(range(nleaves)), depth, True)


def tree_to_tuple(tree, vals):
    if isinstance(tree, int):
        return vals[tree]
    return [tree_to_tuple(t, vals) for t in tree]


def nest(rng, flat_shape, flat_stride, depth=None):
    if depth is None:
        depth = rng.choice([1, 1, 2, 2, 3])
    tree = rand_tree(rng, len(flat_shape), depth)
    return {"shape": tree_to_tuple(tree, flat_shape), "stride": tree_to_tuple(tree, flat_stride)}


def rand_flat_shape(rng, nmin=1, nmax=5, max_size=256):
    for _ in range(100):
        n = rng.randint(nmin, nmax)
        s = [rng.choice(SHAPE_VALUES) for _ in range(n)]
        if prod(s) <= max_size:
            return s
    return [2] * nmin


def compact_strides(rng, shape, gaps=False, permute=True):
    """Strides of a (permuted, optionally gapped) compact layout: injective."""
    order = list(range(len(shape)))
    if permute:
        rng.shuffle(order)
    strides = [0] * len(shape)
    cur = 1
    for i in order:
        if gaps and rng.random() < 0.35:
            cur *= rng.choice([2, 3, 4])
        strides[i] = cur
        cur *= shape[i]
    return strides


def rand_layout(rng, style=None, negative=False, max_size=256, nmax=5):
    shape = rand_flat_shape(rng, 1, nmax, max_size)
    style = style or rng.choice(["compact", "compact", "gapped", "random"])
    if style == "compact":
        stride = compact_strides(rng, shape)
    elif style == "gapped":
        stride = compact_strides(rng, shape, gaps=True)
    elif style == "overlap":
        stride = compact_strides(rng, shape, gaps=rng.random() < 0.5)
        if len(shape) > 1:
            i, j = rng.sample(range(len(shape)), 2)
            stride[i] = stride[j] * rng.choice([1, 1, 2, 3]) if rng.random() < 0.7 else stride[j] + 1
    else:
        stride = []
        for _ in shape:
            r = rng.random()
            if r < 0.15:
                stride.append(0)
            elif r < 0.5:
                stride.append(rng.choice([1, 2, 4, 8, 16, 32, 64]))
            else:
                stride.append(rng.randint(1, 64))
    if negative:
        stride = [-d if (d and rng.random() < 0.3) else d for d in stride]
    return nest(rng, shape, stride)


def prime_factors(n):
    fs, p = [], 2
    while n > 1:
        while n % p == 0:
            fs.append(p)
            n //= p
        p += 1
    return fs


def fine_grid(rng, A):
    """Fine factors of A's domain (primes of each flat mode, in random order per mode)."""
    fs = []
    for s in flatten(A["shape"]):
        pf = prime_factors(s)
        rng.shuffle(pf)
        fs.extend(pf)
    return fs


def aligned_mode(rng, fs, allow_extend=True):
    """A (shape, stride) mode aligned with the fine grid fs (admissible for composition)."""
    m = len(fs)
    if m == 0:
        return (rng.choice([1, 2, 3]), 1)
    j = rng.randint(0, m)
    l = rng.randint(j, m)
    stride = prod(fs[:j])
    shape = prod(fs[j:l])
    if allow_extend and l == m and rng.random() < 0.3:
        shape *= rng.choice([2, 3, 4])
    if shape == 1 and rng.random() < 0.7:
        l = min(m, j + 1)
        shape = prod(fs[j:l]) or 1
    return (shape, stride)


def rand_mode(rng, limit):
    return (rng.choice(SHAPE_VALUES), rng.choice([0, 1, 1, 2, 3, 4, 6, 8, 12, 16, rng.randint(1, limit)]))


def composition_b_layout(rng, A):
    """B for composition(A, B): usually aligned to A's domain grid, sometimes random."""
    fs = fine_grid(rng, A)
    n = rng.choice([1, 1, 2, 2, 3])
    aligned = rng.random() < 0.7
    modes = []
    for _ in range(n):
        if aligned:
            modes.append((1, 0) if rng.random() < 0.05 else aligned_mode(rng, fs))
        else:
            modes.append(rand_mode(rng, max(2, size_of(A))))
    return nest(rng, [s for s, _ in modes], [d for _, d in modes], depth=rng.choice([1, 1, 2]))


def divide_b_layout(rng, A):
    """B for logical_divide(A, B): usually a permuted sub-grid of A's domain, sometimes random."""
    if rng.random() < 0.3:
        n = rng.choice([1, 2])
        modes = [rand_mode(rng, max(2, size_of(A))) for _ in range(n)]
        return nest(rng, [s for s, _ in modes], [d for _, d in modes], depth=1)
    fs = fine_grid(rng, A)
    m = len(fs)
    if m == 0:
        return {"shape": 1, "stride": rng.choice([0, 1])}
    chosen = [rng.random() < 0.55 for _ in range(m)]
    if not any(chosen):
        chosen[rng.randrange(m)] = True
    if all(chosen) and m > 1 and rng.random() < 0.7:
        chosen[rng.randrange(m)] = False
    modes, i = [], 0
    while i < m:
        if not chosen[i]:
            i += 1
            continue
        j = i
        while j < m and chosen[j] and (j == i or rng.random() < 0.6):
            j += 1
        modes.append((prod(fs[i:j]), prod(fs[:i])))
        i = j
    if rng.random() < 0.5:
        rng.shuffle(modes)
    return nest(rng, [s for s, _ in modes], [d for _, d in modes], depth=rng.choice([1, 1, 2]))


def sub_layout(A, path_elem):
    if isinstance(A["shape"], int):
        return A
    return {"shape": A["shape"][path_elem], "stride": A["stride"][path_elem]}


def rand_tiler(rng, A, make_b, depth=0):
    """By-mode tiler for A: elements are layouts, integers or nested tilers."""
    rank = 1 if isinstance(A["shape"], int) else len(A["shape"])
    k = rng.randint(1, rank)
    if rng.random() < 0.05:
        k = rank + 1  # too many modes: CuTe rejects
    elems = []
    for i in range(k):
        Ai = sub_layout(A, min(i, rank - 1))
        r = rng.random()
        if r < 0.3:
            fs = fine_grid(rng, Ai)
            j = rng.randint(0, len(fs))
            n = prod(fs[:j]) if rng.random() < 0.8 else rng.choice(SHAPE_VALUES)
            elems.append(n)
        elif r < 0.45 and not isinstance(Ai["shape"], int) and depth < 2:
            elems.append(rand_tiler(rng, Ai, make_b, depth + 1))
        else:
            elems.append(make_b(rng, Ai))
    return {"tiler": elems}


def gen_case(rng, op):
    return gen_args(rng, op, gen_first(rng, op))


def gen_first(rng, op):
    """The first operand of a random case of op (drawn before the rest: gen_args)."""
    if op == "evaluate":
        return rand_layout(rng, negative=rng.random() < 0.3)
    if op == "coalesce":
        return rand_layout(rng, negative=rng.random() < 0.2)
    if op == "complement":
        r = rng.random()
        style = ("compact" if r < 0.3 else "gapped" if r < 0.65 else "overlap" if r < 0.85 else "random")
        return rand_layout(rng, style=style, max_size=64, nmax=4)
    if op == "composition":
        return rand_layout(rng, negative=rng.random() < 0.1, max_size=512)
    if op in DIVIDE_OPS:
        return rand_layout(rng, max_size=512)
    if op in PRODUCT_OPS:
        r = rng.random()
        style = "compact" if r < 0.6 else ("gapped" if r < 0.85 else "random")
        return rand_layout(rng, style=style, max_size=32, nmax=3)
    if op in ("right_inverse", "left_inverse"):
        r = rng.random()
        style = ("compact" if r < 0.45 else "gapped" if r < 0.7 else "overlap" if r < 0.8 else "random")
        return rand_layout(rng, style=style, max_size=256)
    raise ValueError(f"cannot generate op {op!r}")


def gen_args(rng, op, A):
    """The arguments of a random case of op whose first operand is A: the rest is built to fit A
    (README: composition on A's domain grid, divides a sub-grid, ...)."""
    if op in ("evaluate", "right_inverse", "left_inverse"):
        return [A]
    if op == "coalesce":
        if rng.random() < 0.5:
            return [A]
        return [A, rand_profile(rng, A["shape"])]
    if op == "complement":
        if rng.random() < 0.3:
            return [A]
        cos = cosize(A)
        N = cos * rng.choice([1, 1, 2, 3, 4]) if rng.random() < 0.75 else rng.randint(1, 2 * cos + 8)
        return [A, N]
    if op == "composition":
        if rng.random() < 0.3:
            return [A, rand_tiler(rng, A, composition_b_layout)]
        return [A, composition_b_layout(rng, A)]
    if op in DIVIDE_OPS:
        if rng.random() < 0.35:
            return [A, rand_tiler(rng, A, divide_b_layout)]
        return [A, divide_b_layout(rng, A)]
    if op in PRODUCT_OPS:
        B = rand_layout(rng, style=rng.choice(["compact", "compact", "gapped", "random"]),
                        max_size=32, nmax=3)
        return [A, B]
    raise ValueError(f"cannot generate op {op!r}")


def cosize(L):
    sh, st = flatten(L["shape"]), flatten(L["stride"])
    return sum((s - 1) * d for s, d in zip(sh, st)) + 1


def rand_profile(rng, shape):
    """A profile: a coarsening of the nesting of `shape` (prefix of modes), rarely too deep/long."""
    if isinstance(shape, int):
        return 1 if rng.random() < 0.85 else [1, 1]
    k = rng.randint(1, len(shape))
    if rng.random() < 0.05:
        k = len(shape) + 1
    out = []
    for i in range(k):
        s = shape[i] if i < len(shape) else 1
        if isinstance(s, list) and rng.random() < 0.5:
            out.append(rand_profile(rng, s))
        else:
            out.append(1 if rng.random() < 0.9 or isinstance(s, list) else [1])
    if len(out) == 1 and rng.random() < 0.3:
        return 1
    return out
