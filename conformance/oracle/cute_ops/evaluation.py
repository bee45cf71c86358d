"""Evaluation by tabulation, independent of catlayout and of CuTe: layouts, coordinate layouts,
swizzles and composed layouts as functions and as lists of values (fl, tab_layout, xtab, xext,
complement, ...), and the first point where two tabulations differ (counterexample)."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import DefError, flatten_any, is_basis, is_composed


# --------------------------------------------------------------------------
# Evaluation (independent of catlayout and of CuTe)
# --------------------------------------------------------------------------

def fl(L):
    return co.flatten(L["shape"]), co.flatten(L["stride"])


def lsize(L):
    return co.prod(co.flatten(L["shape"]))


def tab_layout(L):
    """L on [0, size) (colexicographic), as a list."""
    vals = [0]
    for s, d in zip(*fl(L)):
        if s == 1:
            continue
        vals = [v + c * d for c in range(s) for v in vals]
    return vals


def layout_ext(L):
    """i -> L(i) for any i >= 0, past size(L) by extending the last mode (CuTe's convention)."""
    fs, fd = fl(L)
    n = len(fs)

    def f(i):
        r = 0
        for k in range(n - 1):
            s = fs[k]
            r += (i % s) * fd[k]
            i //= s
        return r + i * fd[n - 1]
    return f


def coord_tab(B):
    """B(i) for i in [0, size): each a dict path -> value (coordinate strides; the empty path an integer)."""
    fs = co.flatten(B["shape"])
    fd = flatten_any(B["stride"])
    out = []
    for i in range(co.prod(fs)):
        c, r = {}, i
        for s, d in zip(fs, fd):
            x = r % s
            r //= s
            if is_basis(d):
                key, v = tuple(d["basis"]), d.get("scale", 1) * x
            else:
                key, v = (), d * x
            if v:
                c[key] = c.get(key, 0) + v
        out.append(c)
    return out


def mode_at(L, path):
    """The sub-layout of L at a mode path (an integer shape is its own mode 0)."""
    s, d = L["shape"], L["stride"]
    for p in path:
        if isinstance(s, list):
            s, d = s[p], d[p]
        elif p != 0:
            raise DefError("invalid_input", f"path {path} past an integer mode")
    return {"shape": s, "stride": d}


def at_sparse(A, c):
    """A at a sparse coordinate: each path's value read by that mode's extended function, summed."""
    return sum(layout_ext(mode_at(A, path))(v) if v >= 0 else -layout_ext(mode_at(A, path))(-v)
               for path, v in c.items())


def swizzle_fn(t):
    """Swizzle<B,M,S>: yyy = (2^B-1) << (M+max(0,S)); x ^ shiftr(x & yyy, S), S < 0 shifts left."""
    b, m, s = t
    yyy = ((1 << b) - 1) << (m + max(0, s))

    def f(x):
        y = x & yyy
        return x ^ (y >> s if s >= 0 else y << -s)
    return f


def chain(x):
    """A composed value flattened as CuTe prints it (A o O o B, nests written on): its functions
    (("layout", L) or ("swizzle", [B,M,S])), outermost first, and the offset between each two."""
    if is_composed(x):
        outer = (chain(x["outer"]) if "outer" in x else ([("swizzle", x["swizzle"])], []))
        inner = chain(x["layout"])
        return outer[0] + inner[0], outer[1] + [x.get("offset", 0)] + inner[1]
    if isinstance(x, dict) and "swizzle" in x:
        return [("swizzle", x["swizzle"])], []
    return [("layout", x)], []


def innermost(x):
    """The rightmost layout of a composed value (its domain: CuTe's size(layout_b()))."""
    fns, _ = chain(x)
    layouts = [f for kind, f in fns if kind == "layout"]
    if not layouts:
        raise DefError("invalid_input", "a composed value without a layout")
    return layouts[-1]


def xsize(x):
    return lsize(innermost(x))


def xflat_shape(x):
    return co.flatten(innermost(x)["shape"])


def apply_x(x):
    """The value's function at any integer, rightmost function first: layouts by their extended
    function (odd past 0), swizzles as CuTe applies them, offsets added."""
    fns, offs = chain(x)
    fs = [(swizzle_fn(f) if kind == "swizzle" else layout_ext(f)) for kind, f in fns]

    def one(k, v):
        if fns[k][0] == "layout" and v < 0:
            return -fs[k](-v)
        return fs[k](v)

    def f(i):
        v = one(len(fs) - 1, i)
        for k in range(len(fs) - 2, -1, -1):
            v = one(k, offs[k] + v)
        return v
    return f


def domain_points(x):
    """Index j of the rightmost layout's domain as the value's argument: j itself, or, past swizzles
    and offsets on that layout's right, the argument they send to j (a swizzle undoes itself)."""
    fns, offs = chain(x)
    at = max(k for k, (kind, _) in enumerate(fns) if kind == "layout")
    pts = []
    for j in range(lsize(fns[at][1])):
        v = j
        for k in range(at + 1, len(fns)):
            v = swizzle_fn(fns[k][1])(v - offs[k - 1])
        pts.append(v)
    return pts


def xtab(x):
    if is_composed(x):
        f = apply_x(x)
        return [f(p) for p in domain_points(x)]
    return tab_layout(x)


def xext(x):
    if is_composed(x):
        return apply_x(x)
    return layout_ext(x)


def is_nested_composed(x):
    return is_composed(x) and (is_composed(x["layout"]) or "outer" in x or not is_layout_json(x["layout"]))


def is_layout_json(x):
    return isinstance(x, dict) and "shape" in x and "stride" in x


def unrep(v):
    return isinstance(v, dict) and "unrepresentable" in v


def colex_split(k, sizes):
    out = []
    for s in sizes:
        out.append(k % s)
        k //= s
    return out


def cosize_x(L):
    vals = tab_layout(L)
    return max(vals) + 1


def complement(L, cotarget):
    """The complement of L in [0, cotarget) as a function (modes sorted by stride)."""
    fs, fd = fl(L)
    modes = sorted((d, s) for s, d in zip(fs, fd) if s != 1 and d != 0)
    if any(d < 0 for d, _ in modes):
        raise DefError("inadmissible", "complement of a negative stride")
    cur = 1
    rs, rd = [], []
    for d, s in modes:
        if d % cur:
            raise DefError("inadmissible", f"not complementable: stride {d} after extent {cur}")
        rs.append(d // cur)
        rd.append(cur)
        cur = d * s
    rs.append(max(1, -(-cotarget // cur)))
    rd.append(cur)
    return {"shape": rs, "stride": rd}


def first_mismatch(got, want):
    n = min(len(got), len(want))
    for i in range(n):
        if got[i] != want[i]:
            return i
    if len(got) != len(want):
        return n
    return None


def counterexample(name_got, got, want, what="i"):
    i = first_mismatch(got, want)
    if i is None:
        return None
    if i >= len(got) or i >= len(want):
        return f"size {len(got)} vs the definition's {len(want)}"
    return f"{what}={i}: {name_got} {got[i]}, definition {want[i]}"
