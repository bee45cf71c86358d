"""Value forms of catlayout.vectors/1 and their meaning as functions.

Written from CuTe's headers and docs (see docs/definitions.md, entry `values`);
nothing here is shared with catlayout's engine, checker, oracle or Python package.
"""
from math import prod


LIMIT = 1 << 16
SAMPLED = [False]


def span(n):
    """The indices a check tabulates: all of [0, n), or, past LIMIT, a fixed sample (flagged)."""
    if n <= LIMIT:
        return range(n)
    SAMPLED[0] = True
    pts = set(range(4096)) | {n - 1 - k for k in range(4096)}
    x = 12345
    for _ in range(8192):
        x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        pts.add(x % n)
    p = 1
    while p < n:
        pts |= {p, p - 1, min(p + 1, n - 1)}
        p *= 2
    return sorted(pts)


class Bad(Exception):
    """An argument that is not a value of the expected form (invalid_input)."""


# ---------------------------------------------------------------- int tuples
def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def flat(t):
    if isinstance(t, list):
        return [y for x in t for y in flat(x)]
    return [t]


def size(t):
    return prod(flat(t)) if isinstance(t, list) else t


def congruent(a, b):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))
    return not isinstance(b, list)


def unflatten(values, like):
    """Re-nest a flat list of values like the int tuple `like`."""
    it = iter(values)

    def go(t):
        return [go(x) for x in t] if isinstance(t, list) else next(it)
    return go(like)


def tdiv(a, b):
    """C++ integer division (truncation toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def tmod(a, b):
    return a - b * tdiv(a, b)


def ceil_div(a, b):
    return -(-a // b)


def colex(i, shapes, absorb=True):
    """idx2crd(i, flat shapes): colexicographic, the last mode absorbing the excess (stride.hpp idx2crd)."""
    out = []
    if i >= 0:
        n = len(shapes) - 1
        for k, s in enumerate(shapes):
            if k == n and absorb:
                out.append(i)
            else:
                i, c = divmod(i, s)
                out.append(c)
        return out
    for k, s in enumerate(shapes):
        if k == len(shapes) - 1 and absorb:
            out.append(i)
        else:
            out.append(tmod(i, s))
            i = tdiv(i, s)
    return out


def clmul(a, b):
    r = 0
    while a:
        if a & 1:
            r ^= b
        a >>= 1
        b <<= 1
    return r


def check_int_tuple(t, positive=True, path='$'):
    if isinstance(t, list):
        for k, x in enumerate(t):
            check_int_tuple(x, positive, f'{path}[{k}]')
    elif not is_int(t) or (positive and t < 1):
        raise Bad(f'{path}: expected a positive integer, got {t!r}')


# ---------------------------------------------------------------- layouts
class Layout:
    """shape:stride, strides integers, ('f2', v) or ('b', path, scale) (ScaledBasis)."""

    f2 = False

    def __init__(self, shape, stride):
        if not congruent(shape, stride):
            raise Bad('shape and stride are not congruent')
        check_int_tuple(shape)
        self.shape, self.stride = shape, stride
        fs = flat(stride)
        self.kinds = {('f2' if isinstance(d, tuple) and d[0] == 'f2' else 'b' if isinstance(d, tuple) else 'int')
                      for d in fs if d != 0}
        if len(self.kinds) > 1:
            raise Bad('integer, F2 and basis strides do not mix (only the integer 0 mixes)')
        self.kind = self.kinds.pop() if self.kinds else 'int'
        self._modes = list(zip(flat(shape), fs))
        self._last = len(self._modes) - 1

    def __repr__(self):
        return f'{self.shape}:{self.stride}'

    def modes(self):
        return list(self._modes)

    def size(self):
        return size(self.shape)

    def sub(self, k):
        return Layout(self.shape[k], self.stride[k])

    def tops(self):
        """Top-level modes as layouts (a non-tuple layout is its own single mode)."""
        if isinstance(self.shape, list):
            return [self.sub(k) for k in range(len(self.shape))]
        return [self]

    def __call__(self, i):
        """L(i), evaluated beyond size(L) as CuTe does (the last flat mode absorbs)."""
        ms = self._modes
        if not ms:
            return 0
        if self.kind == 'int' and i >= 0:
            r, last = 0, self._last
            for k, (s, d) in enumerate(ms):
                if k == last:
                    return r + i * d
                i, c = divmod(i, s)
                r += c * d
        cs = colex(i, [s for s, _ in ms])
        return combine([(c, d) for c, (_, d) in zip(cs, ms)], self.kind)

    def at(self, c):
        """L(c) for a coordinate c (an int or a tuple congruent to a prefix of the shape)."""
        if is_int(c):
            return self(c)
        if not isinstance(self.shape, list) and len(c) == 1:
            return self.at(c[0])
        if not isinstance(self.shape, list) or len(c) > len(self.shape):
            raise Bad(f'coordinate {c} does not fit shape {self.shape}')
        parts = [self.sub(k).at(x) for k, x in enumerate(c)]
        return add_all(parts, self.kind)

    def table(self, n=None):
        return [self(i) for i in range(self.size() if n is None else n)]


def combine(cd, kind):
    if kind == 'f2':
        r = 0
        for c, d in cd:
            if d != 0:
                r ^= clmul(c, d[1])
        return r
    if kind == 'b':
        r = {}
        for c, d in cd:
            if d != 0:
                r[d[1]] = r.get(d[1], 0) + c * d[2]
        return r
    return sum(c * d for c, d in cd)


def add_all(parts, kind):
    if kind == 'f2':
        r = 0
        for p in parts:
            r ^= p
        return r
    if kind == 'b':
        r = {}
        for p in parts:
            for k, v in (p.items() if isinstance(p, dict) else [((), p)]):
                r[k] = r.get(k, 0) + v
        return r
    return sum(parts)


def coord_value(d, paths):
    """A basis-sum {path: v} as the int tuple shaped by the codomain `paths` (docs/beyond-integers.md)."""
    if not paths:
        return sum(d.values()) if d else 0
    tree = {}
    for p in paths:
        node = tree
        for k in p[:-1]:
            node = node.setdefault(k, {})
        node.setdefault(p[-1], None)

    def build(node, prefix):
        out = []
        for k in range(max(node) + 1):
            sub = node.get(k, 'missing')
            if sub == 'missing' or sub is None:
                out.append(d.get(prefix + (k,), 0))
            else:
                out.append(build(sub, prefix + (k,)))
        return out
    return build(tree, ())


def codomain_paths(L):
    return sorted({d[1] for d in flat(L.stride) if isinstance(d, tuple) and d[0] == 'b'})


# ---------------------------------------------------------------- swizzles
class Swizzle:
    def __init__(self, b, m, s):
        self.b, self.m, self.s = b, m, s

    def valid(self):
        """Swizzle's static_asserts (swizzle.hpp: struct Swizzle)."""
        if self.m < 0:
            return 'MBase must be positive.'
        if self.b < 0:
            return 'BBits must be positive.'
        if abs(self.s) < self.b:
            return 'abs(SShift) must be more than BBits.'
        return None

    def yyy(self):
        return ((1 << self.b) - 1) << (self.m + max(0, self.s))

    def zzz(self):
        return ((1 << self.b) - 1) << (self.m - min(0, self.s))

    def __call__(self, x):
        y = x & self.yyy()
        return x ^ (y >> self.s if self.s >= 0 else y << -self.s)

    def code(self):
        return self.yyy() | self.zzz()

    def tup(self):
        return [self.b, self.m, self.s]


def make_swizzle(y, z):
    """make_swizzle<Y,Z>() (swizzle.hpp): the swizzle with those masks, or the static_assert it fails."""
    by, bz = bin(z).count('1'), bin(y).count('1')
    if by != bz:
        return None, "Number of bits in Y and Z don't match"
    tz = lambda v: (v & -v).bit_length() - 1 if v else 32
    m = min(tz(y), tz(z)) % 32
    s = tz(y) - tz(z)
    sw = Swizzle(bz, m, s)
    err = sw.valid()
    if err:
        return None, err
    if (y | z) != sw.code():
        return None, 'Something went wrong.'
    return sw, None


class Composed:
    """sw o off o L: i -> sw(off + L(i)) (layout_composed.hpp ComposedLayout::operator())."""

    def __init__(self, sw, off, L):
        self.sw, self.off, self.L = sw, off, L
        self.shape = L.shape

    def size(self):
        return self.L.size()

    def __call__(self, i):
        return self.sw(self.off + self.L(i))

    def table(self, n=None):
        return [self(i) for i in range(self.size() if n is None else n)]

    def __repr__(self):
        return f'Sw<{self.sw.b},{self.sw.m},{self.sw.s}> o {self.off} o {self.L}'


class Chain:
    """A composed chain (docs/vector-format.md "composed chain"): CuTe's nested ComposedLayout<A, O, B>
    (layout_composed.hpp:54), A and B each a layout, a swizzle, a composed layout or a chain.

    As a function of an argument x: A(O + B(x)) (layout_composed.hpp:118 operator()), rightmost first.
    As a layout: its shape and size are its rightmost layout's (layout_composed.hpp:232 shape, :247 size
    take layout_b()'s); the swizzles and offsets on that layout's right are bijections of the integers
    (a swizzle is its own inverse: swizzle_layout.hpp:376 right_inverse(Swizzle) = sw; an offset k's is -k,
    swizzle_layout.hpp:395), so index j of the domain is the argument they send to j: arg(j)."""

    def __init__(self, outer, off, inner):
        self.outer, self.off, self.inner = outer, off, inner
        st = stages(self)
        ks = [k for k, x in enumerate(st) if isinstance(x, Layout)]
        if not ks:
            raise Bad('a composed chain with no layout has no domain')
        p = ks[-1]
        self.L, self.left, self.right = st[p], st[:p], st[p + 1:]
        self.shape = self.L.shape

    def size(self):
        return self.L.size()

    def __call__(self, x):
        """The chain's function at an argument x (layout_composed.hpp:118), each layout with CuTe's extension."""
        return self.outer(self.off + self.inner(x))

    def arg(self, j):
        """The argument of domain index j: the preimage of j under the swizzles and offsets right of L."""
        for f in self.right:
            j = j - f if is_int(f) else f(j)
        return j

    def at_index(self, j):
        """The value at domain index j: L(j), then the functions left of L (== self(self.arg(j)))."""
        v = self.L(j)
        for f in reversed(self.left):
            v = v + f if is_int(f) else f(v)
        return v

    def table(self, n=None):
        return [self.at_index(j) for j in range(self.size() if n is None else n)]

    def __repr__(self):
        return show(self)


def stages(X):
    """The chain flat, outermost first: layouts, swizzles and integer offsets (an offset k is x -> x + k)."""
    if isinstance(X, Chain):
        return stages(X.outer) + [X.off] + stages(X.inner)
    if isinstance(X, Composed):
        return [X.sw, X.off, X.L]
    return [X]


def domain_arg(X, j):
    """The argument of index j of X's domain: j for a layout or composed layout (rightmost is a layout)."""
    return X.arg(j) if isinstance(X, Chain) else j


# ---------------------------------------------------------------- JSON readers
def read_stride(d, path):
    if is_int(d):
        return d
    if isinstance(d, dict) and 'f2' in d and is_int(d['f2']) and d['f2'] >= 0:
        return ('f2', d['f2']) if d['f2'] else 0
    if isinstance(d, dict) and 'basis' in d:
        p = d['basis']
        if not isinstance(p, list) or not p or not all(is_int(x) and x >= 0 for x in p):
            raise Bad(f'{path}: bad basis path')
        return ('b', tuple(p), d.get('scale', 1))
    raise Bad(f'{path}: bad stride entry {d!r}')


def json_text(v):
    import json
    return json.dumps(v)


def read_layout(v, path='$'):
    if not isinstance(v, dict) or 'shape' not in v or 'stride' not in v:
        raise Bad(f'{path}: expected a layout')

    def go(t, p):
        if isinstance(t, list):
            return [go(x, f'{p}[{k}]') for k, x in enumerate(t)]
        return read_stride(t, p)
    L = Layout(v['shape'], go(v['stride'], path + '.stride'))
    L.f2 = 'f2' in json_text(v['stride'])
    if L.kind == 'b':
        ps = codomain_paths(L)
        for a in ps:
            for b in ps:
                if a != b and b[:len(a)] == a:
                    raise Bad(f'{path}: basis paths {a} and {b} are not a tree')
    return L


def read_swizzle(v, path='$'):
    if not isinstance(v, dict) or 'swizzle' not in v:
        raise Bad(f'{path}: expected a swizzle')
    t = v['swizzle']
    if not (isinstance(t, list) and len(t) == 3 and all(is_int(x) for x in t)):
        raise Bad(f'{path}.swizzle: expected [B, M, S]')
    return Swizzle(*t)


def read_any_layout(v, path='$'):
    """A layout or a composed layout {"swizzle","offset","layout"}."""
    if isinstance(v, dict) and 'layout' in v:
        sw = read_swizzle(v, path)
        off = v.get('offset', 0)
        if not is_int(off):
            raise Bad(f'{path}.offset: expected an integer')
        return Composed(sw, off, read_layout(v['layout'], path + '.layout'))
    return read_layout(v, path)


def read_chain(v, path='$'):
    """A layout, a composed layout, or a composed chain (docs/vector-format.md): the composed layout's
    form with "layout" a swizzle or another composed value, or with "outer" (a layout or a composed
    value) in place of "swizzle"; a chain of one swizzle, offset and layout is the composed layout."""
    if not is_chain(v):
        return read_any_layout(v, path)
    if 'outer' in v and 'swizzle' in v:
        raise Bad(f'{path}: "outer" and "swizzle" together')
    off = v.get('offset', 0)
    if not is_int(off):
        raise Bad(f'{path}.offset: expected an integer')
    if 'outer' in v:
        o = v['outer']
        if not (isinstance(o, dict) and ('shape' in o or 'layout' in o)):
            raise Bad(f'{path}.outer: expected a layout or a composed value')
        outer = read_chain(o, path + '.outer')
    else:
        outer = chain_swizzle(v, path)
    b = v['layout']
    if isinstance(b, dict) and 'swizzle' in b and 'layout' not in b:
        inner = chain_swizzle(b, path + '.layout')
    else:
        inner = read_chain(b, path + '.layout')
    for x in stages(outer) + stages(inner):
        if isinstance(x, Layout) and x.kind == 'b':
            raise Bad(f'{path}: a coordinate layout inside a composed chain')
    return Chain(outer, off, inner)


def is_chain(v):
    """The JSON of a composed chain: "outer", or a swizzle or composed value where a composed layout has its layout."""
    if not isinstance(v, dict) or 'layout' not in v:
        return False
    b = v['layout']
    return 'outer' in v or (isinstance(b, dict) and ('swizzle' in b or 'outer' in b))


def chain_swizzle(v, path):
    sw = read_swizzle(v, path)
    if sw.valid():
        raise Bad(f'{path}.swizzle: {sw.valid()}')
    return sw


def read_tiler(v, path='$'):
    """A tiler: a layout, an integer n (n:1; 1 is 1:0, CuTe's make_layout(1)), or {"tiler": [...]}."""
    if is_int(v):
        if v < 1:
            raise Bad(f'{path}: tiler size must be positive')
        return Layout(v, 1 if v > 1 else 0)
    if isinstance(v, dict) and 'tiler' in v:
        if not isinstance(v['tiler'], list):
            raise Bad(f'{path}.tiler: expected an array')
        return [read_tiler(x, f'{path}.tiler[{k}]') for k, x in enumerate(v['tiler'])]
    if isinstance(v, list):
        return [read_tiler(x, f'{path}[{k}]') for k, x in enumerate(v)]
    return read_layout(v, path)


def read_morphism(v, path='$'):
    if not isinstance(v, dict) or set(v) != {'domain', 'codomain', 'map'}:
        raise Bad(f'{path}: expected a morphism {{domain, codomain, map}}')
    S, T, a = v['domain'], v['codomain'], v['map']
    check_int_tuple(S, True, path + '.domain')
    check_int_tuple(T, True, path + '.codomain')
    fs, ft = flat(S), flat(T)
    if not isinstance(a, list) or len(a) != len(fs) or not all(is_int(x) and 0 <= x <= len(ft) for x in a):
        raise Bad(f'{path}.map: expected {len(fs)} targets in 0..{len(ft)}')
    hit = [x for x in a if x]
    if len(set(hit)) != len(hit):
        raise Bad(f'{path}.map: two modes map to one target (not a tuple morphism)')
    for s, x in zip(fs, a):
        if x and ft[x - 1] != s:
            raise Bad(f'{path}.map: mode {s} maps to codomain entry {ft[x - 1]}')
    return {'domain': S, 'codomain': T, 'map': a}


def layout_json(L):
    def st(d):
        if isinstance(d, tuple):
            return {'f2': d[1]} if d[0] == 'f2' else {'basis': list(d[1]), 'scale': d[2]}
        return d

    def go(t):
        return [go(x) for x in t] if isinstance(t, list) else st(t)
    return {'shape': L.shape, 'stride': go(L.stride)}


def show(x):
    if isinstance(x, Layout):
        return f'{fmt(x.shape)}:{fmt(x.stride)}'
    if isinstance(x, Composed):
        return f'Sw<{x.sw.b},{x.sw.m},{x.sw.s}> o {x.off} o {show(x.L)}'
    if isinstance(x, Chain):
        return f'{show(x.outer)} o {x.off} o {show(x.inner)}'
    if isinstance(x, Swizzle):
        return f'Sw<{x.b},{x.m},{x.s}>'
    return str(x)


def fmt(t):
    if isinstance(t, list):
        return '(' + ','.join(fmt(x) for x in t) + ')'
    if isinstance(t, tuple):
        return f'F{t[1]}' if t[0] == 'f2' else f'{t[2]}' + ''.join(f'@{p}' for p in reversed(t[1]))
    return str(t)


# ---------------------------------------------------------------- functions as layouts
def vec(v):
    """An integer or a coordinate {path: v} as a coordinate without its zero entries (an integer is the
    path ()), so that equal values compare equal."""
    if isinstance(v, dict):
        return {k: x for k, x in v.items() if x}
    return {(): v} if v else {}


def vscale(d, k):
    return {p: k * x for p, x in d.items()} if k else {}


def vsum(vs):
    out = {}
    for v in vs:
        for p, x in v.items():
            out[p] = out.get(p, 0) + x
    return {p: x for p, x in out.items() if x}


def table_modes(f, n, scale=lambda d, k: d * k, total=sum, single=lambda d: True):
    """The flat modes [(extent, stride)] of a layout whose function on [0, n) is the table f, or None.

    Greedy: the first mode's stride is f(1); its extent is the first k with f(k) != k*f(1),
    which must divide the rest; then the same on the subsampled table.  A coalesced layout
    with that function is found whenever one exists (a layout coalesces to one form).  Values are
    integers (scale, total: * and sum) or coordinates (vscale, vsum; `single`: a stride of one basis,
    which coalescing keeps).
    """
    if n == 0 or f(0) != total([]):
        return None
    modes, step, m = [], 1, n
    while m > 1:
        d = f(step)
        k = 1
        while k < m and f(k * step) == scale(d, k):
            k += 1
        while k > 1 and m % k:
            k -= 1
        if k == 1 or not single(d):
            return None
        modes.append((k, d))
        step *= k
        m //= k
    shapes = [s for s, _ in modes]
    for i in span(n):
        if total([scale(d, c) for (_, d), c in zip(modes, colex(i, shapes, absorb=False))]) != f(i):
            return None
    return modes


def layout_of_coords(f, n):
    """table_modes for a table of coordinates (vec): strides single scaled bases (or 0)."""
    return table_modes(f, n, vscale, vsum, lambda d: len(d) <= 1)


def layout_of_table(f, n):
    """A flat layout whose function on [0, n) is the table f of integers, or None (table_modes)."""
    modes = table_modes(f, n)
    if modes is None:
        return None
    return Layout([s for s, _ in modes] or 1, [d for _, d in modes] or 0)
