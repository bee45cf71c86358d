"""The distributions of a differential campaign against CuTe (`catlayout dist differential`).

Each draws the first operand of a case its own way and then builds the rest to fit it with
cute_oracle.gen_args (composition on A's domain grid, divides a sub-grid, products small), so a
distribution changes what A looks like, not how admissible the second operand is:

- `oracle`: cute_oracle.generate's own cases (rank 1 to 5, nesting depth up to 3);
- `deep`: A nested to depth 4 or 5 (the same flat modes, another bracketing);
- `rank5`: A with five top-level modes;
- `unit_zero`: A with inserted size-1 modes and stride-0 modes (broadcasts);
- `kernel`: A a layout as kernels write them: row- and column-major tiles, padded shared-memory
  tiles, blocked tiles, the thread-value layouts of SM80 MMA fragments.

Python 3 standard library only; deterministic for a given random.Random.
"""
import cute_oracle as co

DISTRIBUTIONS = ["oracle", "deep", "rank5", "unit_zero", "kernel"]
WEIGHTS = [3, 2, 2, 2, 2]

# Products tabulate size(A) * cosize(B) offsets and CuTe instantiates every mode: keep A small there.
MAX_SIZE = {"product": 64, "other": 1024}


def limit(op):
    return MAX_SIZE["product" if op in co.PRODUCT_OPS else "other"]


def flat_modes(A):
    return co.flatten(A["shape"]), co.flatten(A["stride"])


def deep(rng, op):
    A = co.gen_first(rng, op)
    s, d = flat_modes(A)
    while len(s) < 4:  # depth needs leaves: add a mode of size 1 or 2
        s, d = s + [rng.choice([1, 2])], d + [rng.choice([0, 1, max(d) * 2 if d else 1])]
    if co.prod(s) > limit(op):
        s = [min(x, 2) for x in s]
    return co.nest(rng, s, d, depth=rng.choice([4, 5]))


def rank5(rng, op):
    cap = limit(op)
    for _ in range(100):
        s = [rng.choice([1, 2, 2, 3, 4]) for _ in range(5)]
        if co.prod(s) <= cap:
            break
    else:
        s = [2, 1, 2, 1, 2]
    style = rng.choice(["compact", "compact", "gapped", "random"])
    if style == "random":
        d = [rng.choice([0, 1, 2, 4, 8, 16, rng.randint(1, 64)]) for _ in s]
    else:
        d = co.compact_strides(rng, s, gaps=style == "gapped")
    # five top-level modes, each a leaf or (rarely) a pair
    A = {"shape": list(s), "stride": list(d)}
    i = rng.randrange(5)
    if rng.random() < 0.3 and A["shape"][i] % 2 == 0 and A["shape"][i] > 2:
        h = A["shape"][i] // 2
        A["shape"][i], A["stride"][i] = [2, h], [A["stride"][i], A["stride"][i] * 2]
    return A


def unit_zero(rng, op):
    A = co.gen_first(rng, op)
    s, d = flat_modes(A)
    d = [0 if rng.random() < 0.25 else x for x in d]
    for _ in range(rng.choice([1, 1, 2])):
        k = rng.randint(0, len(s))
        s.insert(k, 1)
        d.insert(k, rng.choice([0, 0, 1, rng.randint(1, 32)]))
    return co.nest(rng, s, d, depth=rng.choice([1, 1, 2, 3]))


def kernel(rng, op):
    cap = limit(op)
    tiles = [(m, n) for m in (2, 4, 8, 16, 32, 64, 128) for n in (2, 4, 8, 16, 32, 64) if m * n <= cap]
    kind = rng.choice(["row", "col", "padded", "blocked", "mma"])
    m, n = rng.choice(tiles)
    if kind == "row":
        return {"shape": [m, n], "stride": [n, 1]}
    if kind == "col":
        return {"shape": [m, n], "stride": [1, m]}
    if kind == "padded":
        pad = rng.choice([1, 2, 4, 8])
        return {"shape": [m, n], "stride": [n + pad, 1]}
    if kind == "blocked" and m >= 4 and n >= 4:
        bm, bn = rng.choice([2, m // 2]), rng.choice([2, n // 2])
        # ((bm, m/bm), (bn, n/bn)) of a row-major m x n tile
        return {"shape": [[bm, m // bm], [bn, n // bn]], "stride": [[n, n * bm], [1, bn]]}
    # SM80 16x8x16 fragments as thread-value layouts (T32 x V), (thread, value) -> (m, k) column-major
    frags = [{"shape": [[4, 8], [2, 2, 2]], "stride": [[32, 1], [16, 8, 128]]},  # A 16x16
             {"shape": [[4, 8], [2, 2]], "stride": [[16, 1], [8, 64]]},  # B 8x16
             {"shape": [[4, 8], [2, 2]], "stride": [[32, 1], [16, 8]]},  # C 16x8
             {"shape": [[4, 8], 4], "stride": [[1, 4], 32]}]  # an ldmatrix-like 32 x 4 layout
    small = [f for f in frags if co.size_of(f) <= cap]
    return rng.choice(small) if small else {"shape": [m, n], "stride": [n, 1]}


DRAW = {"oracle": co.gen_first, "deep": deep, "rank5": rank5, "unit_zero": unit_zero, "kernel": kernel}


def draw_case(rng, op=None, distribution=None):
    """One random case {"op", "args", "distribution"}."""
    op = op or rng.choice(co.LAYOUT_OPS)
    distribution = distribution or rng.choices(DISTRIBUTIONS, WEIGHTS)[0]
    A = DRAW[distribution](rng, op)
    return {"op": op, "args": co.gen_args(rng, op, A), "distribution": distribution}
