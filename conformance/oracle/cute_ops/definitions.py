"""The operations' definitions (what the answer must be, as a function), the check of one CuTe
answer against them (check_case), the short printing of values in its details (fmt_x,
compact), and the schema error kind of a CuTe static_assert (ASSERT_KINDS, error_kind)."""

import json
import re

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import (CAST_OPS, DefError, MAJORS, MAX_TAB, PARTITION_OPS, is_composed, is_coord,
                     is_int, is_layout, is_swizzle)
from .coords import COORD_OPS, check_coord_case, coord_definition_error
from .modes import MODE_OPS, check_mode_case, mode_definition_error
from .queries import QUERY_OPS, check_query_case, query_definition_error
from .common import COMMON_OPS, check_common_case
from .relations import RELATION_OPS, check_relation_case
from .compacts import COMPACT_OPS, check_compact_case, compact_definition_error
from .slices import SLICE_OPS, check_slice_case, slice_definition_error
from .evaluation import (at_sparse, colex_split, complement, coord_tab, cosize_x, counterexample,
                         domain_points, fl, layout_ext, lsize, swizzle_fn, tab_layout, unrep, xext, xflat_shape,
                         xsize, xtab)


# --------------------------------------------------------------------------
# The operations' definitions (what the answer must be, as a function)
# --------------------------------------------------------------------------

def compact_strides(shape, start, right=False):
    """Compact strides over a (nested) shape from `start`: col-major (right=False) or row-major."""
    flat = co.flatten(shape)
    order = range(len(flat) - 1, -1, -1) if right else range(len(flat))
    st = [0] * len(flat)
    cur = start
    for k in order:
        st[k] = cur
        cur *= flat[k]
    return co.unflatten(st, shape)


def ordered_def(shape, order):
    """make_ordered_layout's function: units (sub-shapes paired with order leaves) laid out
    compactly, by increasing order; ties left to right only when at most one tied unit has size > 1,
    else the order does not say which comes first (invalid_input)."""
    if order in MAJORS:
        return {"shape": shape, "stride": compact_strides(shape, 1, order == "LayoutRight")}
    units = []  # (order, position, size, path-setter)
    flat_pos = [0]

    def walk(s, o):
        if is_int(o):
            n = len(co.flatten(s))
            units.append((o, len(units), co.prod(co.flatten(s)), flat_pos[0], n, s))
            flat_pos[0] += n
            return
        if is_int(s) or len(s) != len(o):
            raise DefError("invalid_input", f"order {o!r} is not congruent with shape {s!r}")
        for se, oe in zip(s, o):
            walk(se, oe)
    walk(shape, order)
    big = {}
    for u in units:
        if u[2] > 1:
            big.setdefault(u[0], []).append(u)
    for o, us in big.items():
        if len(us) > 1:
            raise DefError("invalid_input", f"order value {o} is shared by modes of size > 1")
    strides = [0] * len(co.flatten(shape))
    cur = 1
    for o, pos, size, fpos, n, s in sorted(units, key=lambda u: (u[0], u[1])):
        sub = co.flatten(compact_strides(s, cur))
        strides[fpos:fpos + n] = sub
        cur *= size
    return {"shape": shape, "stride": co.unflatten(strides, shape)}


def def_make_layout(args):
    major = args[1] if len(args) == 2 else "LayoutLeft"
    return {"shape": args[0], "stride": compact_strides(args[0], 1, major == "LayoutRight")}


def def_make_layout_like(args):
    L = args[0]
    fs, fd = fl(L)
    units = [(d, k) for k, (s, d) in enumerate(zip(fs, fd)) if s > 1 and d != 0]
    seen = {}
    for d, k in units:
        if d in seen:
            raise DefError("inadmissible", f"modes {seen[d]} and {k} (flat) have the same stride {d}: "
                                           "their order in the compact layout is not defined")
        seen[d] = k
    st = [0] * len(fs)
    cur = 1
    for d, k in sorted(units):
        st[k] = cur
        cur *= fs[k]
    return {"shape": L["shape"], "stride": co.unflatten(st, L["shape"])}


def top_modes(L):
    """Top-level modes of a layout, as layouts (an integer shape is one mode)."""
    if is_int(L["shape"]):
        return [L]
    return [{"shape": s, "stride": d} for s, d in zip(L["shape"], L["stride"])]


def compatible(a, b):
    if is_int(a):
        return co.prod(co.flatten(b)) == a
    return isinstance(b, list) and len(a) == len(b) and all(compatible(x, y) for x, y in zip(a, b))


def def_tile_to_shape(args):
    """(values on [0, size), result top-level sizes, target)."""
    blk, target = args[0], args[1]
    inner = blk["layout"] if is_composed(blk) else blk
    bmodes = top_modes(inner)
    tmodes = [target] if is_int(target) else list(target)
    R = len(tmodes)
    if len(bmodes) > R:
        raise DefError("invalid_input", f"block rank {len(bmodes)} > target rank {R}")
    bmodes = bmodes + [{"shape": 1, "stride": 0}] * (R - len(bmodes))
    bs = [lsize(m) for m in bmodes]
    ts = [co.prod(co.flatten(t)) for t in tmodes]
    for i, (b, t) in enumerate(zip(bs, ts)):
        if t % b:
            raise DefError("inadmissible", f"block mode {i} (size {b}) does not divide target mode size {t}")
    p = [t // b for b, t in zip(bs, ts)]
    order = args[2] if len(args) == 3 else "LayoutLeft"
    O = ordered_def(p if R > 1 else p[0], order)
    padded = {"shape": [m["shape"] for m in bmodes], "stride": [m["stride"] for m in bmodes]}
    cosO = cosize_x(O)
    C = complement(padded, lsize(padded) * cosO)
    Cf = layout_ext(C)
    Omodes = top_modes(O)
    btabs = [tab_layout(m) for m in bmodes]
    otabs = [tab_layout(m) for m in Omodes]
    vals = []
    total = co.prod(ts)
    if total > MAX_TAB:
        raise DefError("inadmissible", "too large to tabulate")
    # result index: colex over target modes; within mode i, block index fastest
    idx = [0] * R
    for _ in range(total):
        bv = 0
        ov = 0
        for i in range(R):
            j = idx[i]
            bv += btabs[i][j % bs[i]]
            ov += otabs[i][j // bs[i]]
        vals.append(bv + Cf(ov))
        for i in range(R):
            idx[i] += 1
            if idx[i] < ts[i]:
                break
            idx[i] = 0
    if is_composed(blk):
        sw, off = swizzle_fn(blk["swizzle"]), blk.get("offset", 0)
        vals = [sw(off + v) for v in vals]
    return vals


# ---- partitions

def tiler_list(t):
    return t["tiler"] if co.is_tiler(t) else t


def div_mode(A, T):
    """zipped_divide of one mode A by tiler element T (int, layout or nested tiler list).
    Returns (tile_sizes, rest_sizes, f): tile/rest top-level sizes of this mode's parts (for a
    nested tiler: one entry per sub-mode), and f(t_list, r_list) -> offset."""
    if is_int(T):
        T = {"shape": T, "stride": 1}
    if is_layout(T):
        nA = lsize(A)
        C = complement(T, nA)
        Af, Bf, Cf = layout_ext(A), layout_ext(T), layout_ext(C)
        return [lsize(T)], [lsize(C)], (lambda t, r: Af(Bf(t[0]) + Cf(r[0])))
    T = tiler_list(T)
    return div_tuple(A, T)


def div_tuple(A, T):
    modes = top_modes(A)
    if len(T) > len(modes):
        raise DefError("invalid_input", f"tiler of {len(T)} modes for a layout of rank {len(modes)}")
    parts = []
    for i, Ai in enumerate(modes):
        if i < len(T):
            ts, rs, f = div_mode(Ai, T[i])
            parts.append((ts, rs, f))
        else:
            Af = layout_ext(Ai)
            parts.append(([], [lsize(Ai)], (lambda t, r, Af=Af: Af(r[0]))))
    tile_sizes = [co.prod(p[0]) for p in parts[:len(T)]]
    rest_sizes = [co.prod(p[1]) for p in parts]

    def f(t, r):
        v = 0
        for i, (ts, rs, g) in enumerate(parts):
            ti = colex_split(t[i], ts) if i < len(T) else []
            v += g(ti, colex_split(r[i], rs))
        return v
    return tile_sizes, rest_sizes, f


def zipped(A, T):
    """zipped_divide(A, T) as (tile top sizes, rest top sizes, f(t_list, r_list))."""
    if is_layout(T):
        return div_mode(A, T)
    return div_tuple(A, tiler_list(T))


def slice_fn(A, T, coord, inner):
    """inner: keep the tile, slice the rest with coord; outer: the converse.
    Returns the definition's values on [0, size(result))."""
    ts, rs, f = zipped(A, T)
    fixed_sizes, kept_sizes = (rs, ts) if inner else (ts, rs)
    if is_int(coord):
        fixed = colex_split(coord, fixed_sizes)
        free_fixed = []
    else:
        if is_layout(T):
            raise DefError("invalid_input", "a tuple coordinate with a layout tiler (rank of the "
                                            "divided mode unknown)")
        if len(coord) > len(fixed_sizes):
            raise DefError("invalid_input", f"coordinate of rank {len(coord)} for a mode of rank "
                                            f"{len(fixed_sizes)}")
        c = list(coord) + [None] * (len(fixed_sizes) - len(coord))
        for e in c:
            if not (e is None or is_int(e)):
                raise DefError("invalid_input", "nested coordinate not supported by the checker")
        fixed = c
        free_fixed = [i for i, e in enumerate(c) if e is None]
    # the slice keeps modes in order: inner (tile..., free rest...), outer (free tile..., rest...)
    free_sizes = [fixed_sizes[i] for i in free_fixed]
    sizes = list(kept_sizes) + free_sizes if inner else free_sizes + list(kept_sizes)
    total = co.prod(sizes)
    if total > MAX_TAB:
        raise DefError("inadmissible", "too large to tabulate")
    out = []
    nk, nf = len(kept_sizes), len(free_sizes)
    for k in range(total):
        parts = colex_split(k, sizes)
        if inner:
            kept, free = parts[:nk], parts[nk:]
        else:
            free, kept = parts[:nf], parts[nf:]
        fx = list(fixed)
        for j, i in enumerate(free_fixed):
            fx[i] = free[j]
        out.append(f(kept, fx) if inner else f(fx, kept))
    return out


def dice(proj, t):
    if not isinstance(t, list) or len(t) != len(proj):
        raise DefError("invalid_input", f"projection of rank {len(proj)} for {t!r}")
    return [e for p, e in zip(proj, t) if p == 1]


def def_partition(op, args):
    A = args[0]
    if op in ("inner_partition", "outer_partition"):
        return slice_fn(A, args[1], args[2], op == "inner_partition")
    if op == "local_tile":
        T, coord = args[1], args[2]
        if len(args) == 4:
            proj = args[3]
            if is_layout(T):
                raise DefError("invalid_input", "projection of a layout tiler")
            T = {"tiler": dice(proj, tiler_list(T))}
            coord = dice(proj, coord) if isinstance(coord, list) else coord
        return slice_fn(A, T, coord, True)
    # local_partition: the thread `idx` is the coordinate c of TL with TL(c) == idx
    TL, idx = args[1], args[2]
    modes = top_modes(TL)
    sizes = [lsize(m) for m in modes]
    tl = tab_layout(TL)
    pre = [k for k, v in enumerate(tl) if v == idx]
    if not pre:
        raise DefError("invalid_input", f"no thread coordinate maps to index {idx}")
    if len(pre) > 1:
        raise DefError("invalid_input", f"{len(pre)} thread coordinates map to index {idx} "
                                        "(the thread layout is not injective there)")
    c = colex_split(pre[0], sizes)
    if len(args) == 4:
        proj = args[3]
        if len(proj) != len(modes):
            raise DefError("invalid_input", "projection rank differs from the thread layout's")
        sizes = dice(proj, sizes)
        c = dice(proj, c)
    return slice_fn(A, {"tiler": sizes}, c, False)


# ---- casts

def downcast_tab(fn, flat_shape, N, m):
    """D_m: the layout function fn (over flat_shape, colex) read in units N times smaller, the
    sub-element index the fastest part of flat mode m: j -> N*fn(c with c_m // N) + c_m % N."""
    ns = list(flat_shape)
    ns[m] *= N
    total = co.prod(ns)
    out = []
    strides = []
    acc = 1
    for s in flat_shape:
        strides.append(acc)
        acc *= s
    for j in range(total):
        c = colex_split(j, ns)
        r = c[m] % N
        c[m] //= N
        i = sum(ci * st for ci, st in zip(c, strides))
        out.append(N * fn(i) + r)
    return out


def check_upcast(X, N, got):
    """('ok'|'footprint'|'wrong', detail). Exact: X is the downcast of got (some mode m).
    Footprint (CuTe's rounding when X is no exact downcast): got's image is exactly the set of
    N-element groups that X touches, floor(X(i)/N)."""
    xt = xtab(X)
    gt = xtab(got)
    gfn = xext(got)
    if len(xt) == N * len(gt):
        for m in range(len(xflat_shape(got))):
            if downcast_tab(gfn, xflat_shape(got), N, m) == xt:
                return "ok", f"exact (sub-element in flat mode {m})"
    want = set(v // N for v in xt)
    have = set(gt)
    if want == have:
        return "footprint", ("not an exact reinterpretation; CuTe's layout covers exactly the "
                             f"{len(want)} groups of {N} that X touches")
    miss = sorted(want - have)[:3]
    extra = sorted(have - want)[:3]
    return "wrong", (f"the {N}-element groups touched by X are {len(want)}, CuTe's layout covers {len(have)}"
                     + (f"; missing groups {miss}" if miss else "") + (f"; extra groups {extra}" if extra else "")
                     + "; and X is not the downcast of CuTe's layout along any mode")


def check_downcast(X, N, got):
    xfn = xext(X)
    gt = xtab(got)
    shape = xflat_shape(X)
    if len(gt) != N * xsize(X):
        return "wrong", f"size {len(gt)}, a downcast by {N} of a size-{xsize(X)} layout has size {N * xsize(X)}"
    cands = [m for m in range(len(shape))]
    best = None
    for m in cands:
        want = downcast_tab(xfn, shape, N, m)
        if want == gt:
            return "ok", f"exact (sub-element in flat mode {m})"
        if best is None:
            best = (m, want)
    # report against the stride-+-1 mode when there is one
    fd = co.flatten((X["layout"] if is_composed(X) else X)["stride"])
    for m in range(len(shape)):
        if abs(fd[m]) == 1 and shape[m] > 1:
            best = (m, downcast_tab(xfn, shape, N, m))
            break
    m, want = best
    ce = counterexample("CuTe", gt, want, "j")
    return "wrong", f"no mode m makes it N*X(..c_m/N..)+c_m%N; against mode {m}: {ce}"


def recast_scale(old, new):
    from math import gcd
    g = gcd(old, new)
    return new // g, old // g  # num, den: new/old


# --------------------------------------------------------------------------
# The check of one CuTe answer
# --------------------------------------------------------------------------

def check_case(op, args, v):
    """CuTe returned value v. Returns (verdict, detail, def_error_kind):
    verdict 'ok' | 'footprint' | 'wrong' | 'unrepresentable' | 'unchecked'."""
    try:
        return _check_case(op, args, v)
    except DefError as e:
        return "wrong", f"the definition has no answer ({e.why}); CuTe returned a value", e.kind


def _check_case(op, args, v):
    if op in COORD_OPS:
        return check_coord_case(op, args, v)
    if op in MODE_OPS:
        return check_mode_case(op, args, v)
    if op in COMMON_OPS:
        return check_common_case(op, args, v)
    if op in RELATION_OPS:
        return check_relation_case(op, args, v)
    if op in COMPACT_OPS:
        return check_compact_case(op, args, v)
    if op in QUERY_OPS:
        return check_query_case(op, args, v)
    if op in SLICE_OPS:
        return check_slice_case(op, args, v)
    if unrep(v) and op not in ("right_inverse", "left_inverse"):
        return "unrepresentable", compact(v), None
    if op in ("make_layout", "make_ordered_layout", "make_layout_like"):
        if op == "make_layout":
            want = def_make_layout(args)
        elif op == "make_ordered_layout":
            want = ordered_def(args[0], args[1])
        else:
            want = def_make_layout_like(args)
        if v["shape"] != want["shape"]:
            return "wrong", f"shape {compact(v['shape'])}, not the input shape {compact(want['shape'])}", "inadmissible"
        ce = counterexample("CuTe", tab_layout(v), tab_layout(want))
        if ce:
            return "wrong", f"{ce} (definition {fmt_x(want)})", "inadmissible"
        return "ok", "", None
    if op == "tile_to_shape":
        want = def_tile_to_shape(args)
        got_layout = v["layout"] if is_composed(v) else v
        ce = counterexample("CuTe", xtab(v), want)
        if not compatible(args[1], got_layout["shape"]):
            same = ("its function is blocked_product's" if ce is None
                    else f"nor is it blocked_product's function: {ce}")
            return ("wrong", f"result shape {compact(got_layout['shape'])} is not compatible with the "
                    f"target {compact(args[1])} (CuTe's own @post; {same})", "inadmissible")
        if ce:
            return "wrong", f"not blocked_product(block, ordered(target/block)): {ce}", "inadmissible"
        return "ok", "", None
    if op in PARTITION_OPS:
        want = def_partition(op, args)
        got = [x + v["offset"] for x in tab_layout(v["layout"])]
        ce = counterexample("CuTe layout+offset", got, want, "k")
        if ce:
            return "wrong", ce, "inadmissible"
        return "ok", "", None
    if op in CAST_OPS:
        X = args[0]
        if op == "recast_layout":
            num, den = recast_scale(args[1], args[2])
            if num == 1 and den == 1:
                ce = counterexample("CuTe", xtab(v), xtab(X))
                return ("wrong", ce, "inadmissible") if ce else ("ok", "identity", None)
            if num != 1 and den != 1:
                return "unchecked", f"scale {num}/{den}", None
            if num == 1:
                verdict, detail = check_downcast(X, den, v)
            else:
                verdict, detail = check_upcast(X, num, v)
        elif op == "upcast":
            verdict, detail = check_upcast(X, args[1], v)
        else:
            verdict, detail = check_downcast(X, args[1], v)
        return verdict, detail, ("inadmissible" if verdict == "wrong" else None)
    if op == "nullspace":
        X = args[0]
        xt = xtab(X)
        kernel = [i for i, y in enumerate(xt) if y == xt[0]]
        gt = xtab(v)
        if sorted(gt) != kernel or len(set(gt)) != len(gt):
            return ("wrong", f"CuTe's image {short(sorted(set(gt)))} (size {len(gt)}), kernel "
                             f"{{i : X(i) == X(0)}} = {short(kernel)} ({len(kernel)} elements)", "inadmissible")
        return "ok", "", None
    if op == "composition" and is_coord(args[1]):
        A, B = args
        want = [at_sparse(A, c) for c in coord_tab(B)]
        got = xtab(v)
        ce = counterexample("CuTe", got, want)
        if ce:
            return "wrong", f"R(i) != A(B(i)): {ce}", "inadmissible"
        return "ok", "", None
    if op == "composition":
        A, B = args
        Af = xext(A)
        if is_swizzle(B):
            sw = swizzle_fn(B["swizzle"])
            n = xsize(A)
            want = [Af(sw(i)) for i in range(n)]
        else:
            want = [Af(b) if b >= 0 else None for b in xtab(B)]
            if any(w is None for w in want):
                return "unchecked", "B takes negative values", None
        got = xtab(v)
        ce = counterexample("CuTe", got, want)
        if ce:
            return "wrong", f"R(i) != A(B(i)): {ce}", "inadmissible"
        return "ok", "", None
    if op in ("right_inverse", "left_inverse"):
        X = args[0]
        xt = xtab(X)
        n = len(xt)
        if unrep(v):
            return "unrepresentable", compact(v), None
        gf = xext(v)
        gt = xtab(v)
        pts = domain_points(v) if is_composed(v) else list(range(len(gt)))  # R's arguments, in order
        if op == "right_inverse":
            for x, r in zip(pts, gt):
                if not (0 <= r < n) or xt[r] != x:
                    return ("wrong", f"x={x}: R(x)={r}, X(R(x))={xt[r] if 0 <= r < n else 'outside [0,size X)'}",
                            "inadmissible")
            # size information: the largest [0, m) inside X's image
            img = set(xt)
            m = 0
            while m in img:
                m += 1
            if len(gt) < m:
                return "ok", f"size {len(gt)} < {m}, the largest [0,m) in X's image", None
            return "ok", "", None
        if len(set(xt)) != n:
            return "wrong", "X is not injective: no left inverse", "inadmissible"
        dom = set(pts)
        for i, y in enumerate(xt):
            if y not in dom:
                return "wrong", f"i={i}: X(i)={y} outside R's domain", "inadmissible"
            if gf(y) != i:
                return "wrong", f"i={i}: X(i)={y}, R(X(i))={gf(y)}", "inadmissible"
        return "ok", "", None
    return "unchecked", "", None


def short(xs, n=8):
    xs = list(xs)
    return "[" + ",".join(map(str, xs[:n])) + (",..." if len(xs) > n else "") + "]"


def compact(v):
    return json.dumps(v, separators=(",", ":"))


def fmt_tuple(t):
    if is_int(t):
        return str(t)
    return "(" + ",".join(fmt_tuple(e) for e in t) + ")"


def fmt_x(x):
    if is_composed(x):
        outer = fmt_x(x["outer"]) if "outer" in x else fmt_x({"swizzle": x["swizzle"]})
        return f"{outer} o {x.get('offset', 0)} o {fmt_x(x['layout'])}"
    if is_swizzle(x):
        b, m, s = x["swizzle"]
        return f"Sw<{b},{m},{s}>"
    if is_layout(x):
        return f"{fmt_tuple(x['shape'])}:{fmt_tuple(x['stride'])}"
    if isinstance(x, dict) and "layout" in x and "offset" in x:
        return f"{fmt_x(x['layout'])} + {x['offset']}"
    return compact(x)


# --------------------------------------------------------------------------
# static_assert -> schema error kind
# --------------------------------------------------------------------------

# (message substring, kind); first match wins. Messages are CuTe 4.2's.
ASSERT_KINDS = [
    ("Rank of layout must be <= rank of target shape", "invalid_input"),
    ("Need equal rank of shape and order", "invalid_input"),
    ("Mismatched Ranks", "invalid_input"),
    ("Mismatched ranks", "invalid_input"),
    ("Invalid parameters", "invalid_input"),
    ("Arithmetic tuple op+ error", "invalid_input"),  # a codomain entry both an integer and a tuple
    ("take: empty range error", "invalid_input"),
    ("take: range out of bounds", "invalid_input"),
    ("Too many modes", "invalid_input"),
    ("Require offset == 0", "invalid_input"),
    ("N must be a power of two", "invalid_input"),
    ("block shape does not divide the target shape", "inadmissible"),
    ("Divisibility condition", "inadmissible"),
    ("Downcast requires adjacent elements", "inadmissible"),
    ("Static safe_div requires", "inadmissible"),
    ("Shape Divisibility Condition", "inadmissible"),
    ("Stride Divisibility Condition", "inadmissible"),
    ("Non-injective Layout detected in complement", "inadmissible"),
    ("Number of bits in Y and Z don't match", "inadmissible"),
    ("Something went wrong", "inadmissible"),
    ("Left inverse divisibility condition", "inadmissible"),
    ("Can only merge swizzles of the same shift", "inadmissible"),
    ("Divisibility Condition", "inadmissible"),  # shape_div (cute/int_tuple.hpp:396)
    ("Index out of range", "invalid_input"),  # get<I> past the rank (layout<I...>)
]


def definition_error(op, args):
    """The DefError of the op's definition on args, or None."""
    if op in COORD_OPS:
        return coord_definition_error(op, args)
    if op in MODE_OPS:
        return mode_definition_error(op, args)
    if op in COMPACT_OPS:
        return compact_definition_error(op, args)
    if op in QUERY_OPS:
        return query_definition_error(op, args)
    if op in SLICE_OPS:
        return slice_definition_error(op, args)
    try:
        if op in PARTITION_OPS:
            def_partition(op, args)
        elif op == "tile_to_shape":
            def_tile_to_shape(args)
        elif op == "make_ordered_layout":
            ordered_def(args[0], args[1])
        elif op == "make_layout_like":
            def_make_layout_like(args)
    except DefError as e:
        return e
    return None


def input_swizzles(args):
    out = []
    for a in args:
        if is_swizzle(a) or is_composed(a):
            out.append(a["swizzle"])
    return out


def error_kind(op, msg, args):
    if "abs(SShift) must be more than BBits" in msg:
        # a malformed input swizzle, or one CuTe builds (make_swizzle in composition(Layout, Swizzle))
        bad = any(b > 0 and abs(s) < b for b, m, s in input_swizzles(args))
        return ("invalid_input" if bad else "inadmissible"), "abs(SShift) must be more than BBits"
    for key, kind in ASSERT_KINDS:
        if key in msg:
            return kind, key
    # message-less asserts (e.g. append<R>(coord, _) with a coordinate longer than the mode):
    # the definition says what is wrong
    e = definition_error(op, args)
    if e is not None:
        return e.kind, "(no message) " + re.sub(r"\d+", "N", e.why)[:70]
    if op in ("local_tile", "inner_partition", "outer_partition") and co.is_tiler(args[1]):
        if len(tiler_list(args[1])) > co.rank_of(args[0]["shape"]):
            return "invalid_input", "(no message) tiler rank > layout rank"
    if op == "local_partition":
        tl_rank = co.rank_of(args[1]["shape"]) if len(args) == 3 else sum(1 for p in args[3] if p == 1)
        if tl_rank > co.rank_of(args[0]["shape"]):
            return "invalid_input", "(no message) thread layout rank > tensor rank"
    return "inadmissible", "(other) " + msg[:80]
