"""Reference structures shared by the ops: CuTe's documented procedures that *are* the definitions
(complement, coalesce, the composition walk's conditions), and `Ref`, a result given as a tree of
axes over functions, so that divides, products and partitions are checked by tabulation.
Each function names the docs/definitions.md entry it follows.
"""
from math import prod
from .values import Layout, flat, size, colex, ceil_div, unflatten, span, LIMIT, show, vec, vsum


class Split:
    """A mode whose top-level split into several modes is CuTe composition's, not the definition's."""

    def __init__(self, node, n=None):
        self.node, self.n = node, n

    def __str__(self):
        return f'<{self.n}, any split>'


def psize(prof):
    if isinstance(prof, list):
        return prod(psize(p) for p in prof)
    return prof.n if isinstance(prof, Split) else prof


class Pre(Exception):
    """A failing precondition: id (docs/definitions.md), how CuTe checks it, message."""

    def __init__(self, pid, how, msg):
        super().__init__(msg)
        self.pid, self.how, self.msg = pid, how, msg


def coalesce_modes(modes):
    # coalesce.def: CuTe's bw_coalesce on flat modes (layout.hpp:784, :867)
    out = []
    for s, d in reversed(modes):
        if s == 1:
            continue
        if out and s * d == out[0][1]:
            out[0] = (s * out[0][0], d)
        else:
            out.insert(0, (s, d))
    return out or [(1, 0)]


def smul(s, d):
    """s * d in the stride semimodule: integers, ScaledBasis (path, scale), or F2 (a carry-less
    shift, defined here only for s a power of two: the F2 coalesce rule, docs/beyond-integers.md)."""
    if isinstance(d, tuple) and d[0] == 'f2':
        return ('f2', d[1] << (s.bit_length() - 1)) if s & (s - 1) == 0 else None
    return ('b', d[1], s * d[2]) if isinstance(d, tuple) else s * d


def coalesce_x_modes(modes):
    # composition.def: coalesce_x keeps the extension; a trailing size-1 mode stays (layout.hpp:826)
    if not modes:
        return [(1, 0)]
    s, d = modes[-1]
    out = [(2 if s == 1 else s, d)]
    for s, d in reversed(modes[:-1]):
        if s == 1:
            continue
        if smul(s, d) == out[0][1]:
            out[0] = (s * out[0][0], d)
        else:
            out.insert(0, (s, d))
    return out


def cosize(L):
    # cosize.def: size(coshape) = sum (s-1)|d| + 1 (layout.hpp:649 coshape, :664 cosize)
    return sum((s - 1) * abs(d) for s, d in L.modes()) + 1


def filter_modes(modes):
    # filter.def: coalesce(filter_zeros(L)) (layout.hpp:936)
    return coalesce_modes([(1 if d == 0 else s, d) for s, d in modes])


def stride_order(strides):
    # detail::SortByKey (int_tuple.hpp:617) sorts with exchange_sort (:586), which is not stable: modes
    # of one stride come in its order, not in theirs (right_inverse, left_inverse: layout.hpp:1281, :1336;
    # right_inverse((2,3,4):(1,1,0)) is _3:_2, not 2:1)
    a = list(enumerate(strides))
    for i in range(len(a)):
        for j in range(i + 1, len(a)):
            if a[j][1] < a[i][1]:
                a[i], a[j] = a[j], a[i]
    return [k for k, _ in a]


def complement(L, M):
    # complement.def: CuTe's complement (layout.hpp:1180, :1234); M an int or a shape (the cotarget);
    # raises Pre on its static_assert
    fm = filter_modes(L.modes())
    if len(fm) == 1 and fm[0][1] == 0:
        n = size(M)
        return Layout(n, 1) if n > 1 else Layout(1, 0)
    if any(d < 0 for _, d in fm):
        raise Pre('complement.pre.positive', 'unchecked',
                  f'complement of {show(L)}: a negative stride; CuTe sorts it first and builds a negative extent')
    shp, std = [s for s, _ in fm], [d for _, d in fm]
    rs, rd = [], [1]
    while True:
        m = min(std)
        k = std.index(m)
        ns = m // rd[-1]
        if ns == 0:
            raise Pre('complement.pre.injective', 'static_assert',
                      f'complement of {show(L)}: Non-injective Layout detected in complement. (overlapping strides)')
        rs.append(ns)
        rd.append(m * shp[k])
        del shp[k], std[k]
        if not shp:
            break
    rest = rd[-1]
    rs.append(prod(tuple_ceil_div(M, rest)) if isinstance(M, list) else ceil_div(M, rest))
    cm = coalesce_modes(list(zip(rs, rd)))
    return Layout([s for s, _ in cm], [d for _, d in cm]) if len(cm) > 1 else Layout(cm[0][0], cm[0][1])


def tuple_ceil_div(a, b):
    """ceil_div(tuple, int) (int_tuple.hpp:326): a_i -> ceil(a_i / rest), rest -> ceil(rest / a_i)."""
    out = []
    for x in flat(a):
        out.append(ceil_div(x, b))
        b = ceil_div(b, x)
    return out


def walk(amodes, s, d, what):
    """composition.pre.*: the conditions of CuTe's composition walk for one leaf s:d of B over the
    coalesce_x modes of A (layout.hpp:1033 composition_impl).  Raises Pre for a static_assert;
    returns an unchecked Pre (the whitepaper's stride divisibility, Eq. (20)) or None."""
    if d == 0 or len(amodes) == 1 or s == 0:
        return None
    rs, rd, unchecked = s, d, None
    for a, _ in amodes[:-1]:
        if not (rd % a == 0 or rd < a):
            raise Pre('composition.pre.stride', 'static_assert',
                      f'{what}: Stride Divisibility Condition: stride {rd} vs mode extent {a}')
        ad = abs(rd)
        if unchecked is None and rs > 1 and ad < a and a % ad and rs > ceil_div(a, ad):
            unchecked = Pre('composition.pre.stride', 'unchecked',
                            f'{what}: stride {ad} neither divides nor is divided by the mode extent {a}, '
                            f'and the {rs} remaining elements cross it (whitepaper Eq. (20); CuTe checks only {ad} < {a})')
        ns, nd = ceil_div(a, ad), ceil_div(ad, a) * (1 if rd > 0 else -1)
        if ns == 1 or rs == 1:
            rd = nd
            continue
        new = min(ns, rs)
        if rs % new:
            raise Pre('composition.pre.shape', 'static_assert',
                      f'{what}: Shape Divisibility Condition: {rs} elements left, {new} fit in mode extent {a}')
        rs //= new
        rd = nd
    return unchecked


def walk_rank(amodes, s, d):
    """The top-level rank of CuTe's composition_impl result for one leaf s:d (layout.hpp:1110-1124):
    needed only to decide zip's "Mismatched Ranks" static_assert in blocked/raked products."""
    if d == 0 or len(amodes) == 1:
        return 1
    rs, rd, n = s, d, 0
    for a, _ in amodes[:-1]:
        ad = abs(rd)
        ns, nd = ceil_div(a, ad), ceil_div(ad, a) * (1 if rd > 0 else -1)
        if ns == 1 or rs == 1:
            rd = nd
            continue
        new = min(ns, rs)
        n += 1
        rs //= new
        rd = nd
    if n == 0:
        return 1
    return n if rs == 1 else n + 1


def part_modes(L, path):
    """The flat modes of mode `path` of L (a basis stride's target), for coalesce_x by profile."""
    sub = L
    for p in path:
        if not isinstance(sub.shape, list) and p == 0:
            continue
        if not isinstance(sub.shape, list) or p >= len(sub.shape):
            raise Pre('composition.pre.basis', 'static_assert', f'basis stride @{path} names no mode of {L}')
        sub = sub.sub(p)
    return sub


def composition_pres(A, B, unchecked, what='A o B'):
    """Run the walk for every leaf of B (integer or basis strides).  Appends unchecked failures."""
    for s, d in B.modes():
        if isinstance(d, tuple) and d[0] == 'b':
            part = part_modes(A, d[1])
            am = coalesce_x_modes(part.modes())
            u = walk(am, s, d[2], f'{what}, leaf {s}:{d[2]}@{d[1]}')
        elif isinstance(d, tuple):
            continue
        else:
            am = coalesce_x_modes(A.modes())
            u = walk(am, s, d, f'{what}, leaf {s}:{d}')
        if u is not None:
            unchecked.append(u)


def check_layout_fn(fn, B, coord=False):
    """composition.def: is i -> fn(i) on B's domain a layout compatible with B?  (tabulation)
    Each leaf's restriction must be a layout and the leaves must add up. coord: fn's values are
    coordinates {path: v} (A of basis strides), and a layout's strides are single scaled bases."""
    from .values import layout_of_table, layout_of_coords
    if coord:
        f = fn
        fn = lambda i: vec(f(i))        # noqa: E731  compared and added as coordinates without zeros
    of_table = layout_of_coords if coord else layout_of_table
    leaves = B.modes()
    shapes = [s for s, _ in leaves]
    pre = [prod(shapes[:k]) for k in range(len(shapes))]
    for k, s in enumerate(shapes):
        if of_table(lambda j: fn(j * pre[k]), s) is None:
            return f'leaf {k} of B ({s} elements) is not sent to a layout: {[fn(j * pre[k]) for j in range(min(s, 8))]}'
    tabs = [[fn(j * pre[k]) for j in range(s)] if s <= LIMIT else None for k, s in enumerate(shapes)]
    part = lambda k, c: tabs[k][c] if tabs[k] is not None else fn(c * pre[k])
    for i in span(B.size()):
        cs = colex(i, shapes, absorb=False)
        tot = vsum([part(k, c) for k, c in enumerate(cs)]) if coord else sum(part(k, c) for k, c in enumerate(cs))
        if tot != fn(i):
            return f'the leaves of B do not add up at i = {i}: {fn(i)} != {tot}'
    return None


# ---------------------------------------------------------------- Ref: results as axes over atoms
class Ref:
    """A reference result: `tree` nests leaves (atom, axis) with `sizes[(atom, axis)]`; atom k is a
    function of its axes' coordinates; the value at a coordinate is post(sum of the atoms)."""

    def __init__(self):
        self.atoms, self.sizes, self.post, self.fixed, self.checks = [], {}, None, {}, []
        self.add = plus

    def atom(self, fn, axis_sizes):
        k = len(self.atoms)
        self.atoms.append((fn, len(axis_sizes)))
        for j, s in enumerate(axis_sizes):
            self.sizes[(k, j)] = s
        return [(k, j) for j in range(len(axis_sizes))]

    def value(self, tree, i):
        lv = leaves(tree)
        cs = colex(i, [self.sizes[x] for x in lv], absorb=False)
        coords = dict(self.fixed)
        coords.update(zip(lv, cs))
        total = 0
        for k, (fn, n) in enumerate(self.atoms):
            total = self.add(total, fn([coords.get((k, j), 0) for j in range(n)]))
        return self.post(total) if self.post else total

    def profile(self, tree):
        if isinstance(tree, list):
            return [self.profile(t) for t in tree]
        if isinstance(tree, Split):
            return Split(None, psize(self.profile(tree.node)))
        return self.sizes[tree]

    def fix(self, node, c):
        """Fix the coordinate of `node` (an int: 1-D index over its leaves, the last absorbing)."""
        lv = leaves(node)
        for x, v in zip(lv, colex(c, [self.sizes[y] for y in lv])):
            self.fixed[x] = v


def leaves(tree):
    if isinstance(tree, list):
        return [y for t in tree for y in leaves(t)]
    if isinstance(tree, Split):
        return leaves(tree.node)
    return [tree]


def plus(a, b):
    """Addition in the codomain: integers, or coordinates {path: v} (an integer is the path ())."""
    if isinstance(a, dict) or isinstance(b, dict):
        out = dict(a) if isinstance(a, dict) else ({(): a} if a else {})
        for k, v in (b.items() if isinstance(b, dict) else [((), b)]):
            out[k] = out.get(k, 0) + v
        return out
    return a + b


def shape_tree(ref, atom_axes, shape):
    """Nest an atom's flat axes like `shape`."""
    return unflatten(atom_axes, shape) if isinstance(shape, list) else atom_axes[0]


def plain_mode(ref, L):
    # a mode of A carried unchanged
    axes = ref.atom(lambda cs, L=L: L(idx(cs, flat(L.shape))), flat(L.shape))
    return shape_tree(ref, axes, L.shape)


def idx(cs, shapes):
    """The 1-D index of flat coordinates cs in flat shapes (crd2idx with the compact column-major stride)."""
    i, p = 0, 1
    for c, s in zip(cs, shapes):
        i += c * p
        p *= s
    return i


def compatible(prof, shape):
    """compatible(prof, shape): shape refines prof (int_tuple.hpp compatible).  A ('split', n) entry
    of prof stands for a mode CuTe's composition may split into several top-level modes of size product n."""
    if isinstance(prof, list):
        if not isinstance(shape, list):
            return False
        j = 0
        for p in prof:
            if isinstance(p, Split):
                if j >= len(shape):
                    return False
                n = size(shape[j])
                j += 1
                while n < p.n and j < len(shape):
                    n *= size(shape[j])
                    j += 1
                if n != p.n:
                    return False
            elif j >= len(shape) or not compatible(p, shape[j]):
                return False
            else:
                j += 1
        return j == len(shape)
    return size(shape) == psize(prof)


def by_mode(op, mode_fn, ref, A, T, unchecked, what):
    """A by-mode tiler T (a list) applied mode by mode to A, A's modes past it kept (layout.hpp:1568,
    :1660); the rank static_assert of logical_divide / logical_product."""
    tops = A.tops()
    if len(T) > len(tops):
        raise Pre(f'{op}.pre.rank', 'static_assert', f'{what}: {op}: Too many modes in tiler. ({len(T)} > rank {len(tops)})')
    return [mode_fn(ref, tops[k], T[k], unchecked, f'{what}.{k}') if k < len(T) else plain_mode(ref, tops[k])
            for k in range(len(tops))]


def divide_mode(ref, A, T, unchecked, what):
    """logical_divide.def for one mode: A o (T, T*) with T* = complement(T, size(A)) (layout.hpp:1559)."""
    if isinstance(T, list):
        return by_mode('logical_divide', divide_mode, ref, A, T, unchecked, what)
    if T.kind != 'int':
        raise Pre('logical_divide.pre.tiler', 'input', f'{what}: tiler {T} has non-integer strides')
    cm = coalesce_modes(A.modes())
    C = complement(T, [s for s, _ in cm] if len(cm) > 1 else cm[0][0])
    D = Layout([T.shape, C.shape], [T.stride, C.stride])
    composition_pres(A, D, unchecked, f'{what}: A o (B, B*)')
    tsh, csh = flat(T.shape), flat(C.shape)
    nt = len(tsh)
    axes = ref.atom(lambda cs: A(T(idx(cs[:nt], tsh)) + C(idx(cs[nt:], csh))), tsh + csh)
    node = [shape_tree(ref, axes[:nt], T.shape), shape_tree(ref, axes[nt:], C.shape)]
    ref.checks.append((A, D, what))
    return node


def product_mode(ref, A, B, unchecked, what):
    """logical_product.def for one mode: (A, complement(A, size(A)*cosize(B)) o B) (layout.hpp:1653)."""
    if isinstance(B, list):
        return by_mode('logical_product', product_mode, ref, A, B, unchecked, what)
    C = complement(A, A.size() * cosize(B))
    composition_pres(C, B, unchecked, f'{what}: complement(A) o B')
    ash, bsh = flat(A.shape), flat(B.shape)
    na = len(ash)
    axes = ref.atom(lambda cs: A(idx(cs[:na], ash)) + C(B(idx(cs[na:], bsh))), ash + bsh)
    ref.checks.append((C, B, what))
    return [shape_tree(ref, axes[:na], A.shape), shape_tree(ref, axes[na:], B.shape)]


def zip2_by(node, T):
    """tile_unzip / zip2_by: gather the first halves of the by-mode pairs, then the second halves and the rest."""
    if not isinstance(T, list):
        return node
    firsts, seconds = [], []
    for k, t in enumerate(T):
        a, b = zip2_by(node[k], t) if isinstance(t, list) else node[k]
        firsts.append(a)
        seconds.append(b)
    return [firsts, seconds + list(node[len(T):])]


def unpack(node):
    """The top-level modes a slice result(_, repeat<R>(_)) exposes: a rank-1 tuple stays whole; a
    single mode may have been split by composition (its rank is CuTe's, not fixed by the definition)."""
    if isinstance(node, list):
        return node if len(node) != 1 else [node]
    return [Split(node)]
