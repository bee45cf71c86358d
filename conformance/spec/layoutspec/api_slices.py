"""Slices of a layout (docs/definitions.md `slice_and_offset`, `domain_offset`).

Both answer `{layout: R, offset}`, and both are first a function property, checked by tabulation:
`slice_and_offset.def`: for every j < size(R), offset + R(j) == X(c_j), c_j the coordinate with its
holes filled by j's coordinate; `domain_offset.def`: for every i < size(X), offset + R(i) ==
sw(k + L(coord) + L(i)).  Then CuTe's form (the entries' form rules): a plain layout's slice is
`slice(coord, L)` and `crd2idx(coord, L)`, compared exactly; a swizzled layout's slice is CuTe's
swizzled or decayed form (include/cute/swizzle_layout.hpp:230), which is computed here as CuTe
computes it -- its projections, its compositions (layout.hpp:1033 composition_impl, with their
static_asserts), `to_mixed_bits` (swizzle.hpp:434) and `make_swizzle_strides`
(swizzle_layout.hpp:190-228) -- to tell which form CuTe gives, with which k' and offset, and
whether CuTe's answer is the function at all (else `inadmissible`, `slice_and_offset.swizzled`).

Run-time coordinates (the entry's "Static and run-time integers"): a coordinate in CuTe's print,
`"(3,_)"`, reaches the op with its marks (the hook at the end of this file), and an answer in CuTe's
print is checked for its marks too: the shapes and the slice's strides static, the offset run-time
where CuTe's arithmetic (integral_constant.hpp "Mixed static-dynamic special cases") makes it so, a
decayed stride run-time exactly where it depends on a run-time bit of k', and a swizzled k' with
run-time bits CuTe's MixedBits (swizzle.hpp:150, printed `M_S|(d&F)=v`, swizzle.hpp:485).
"""
import re
from math import prod
from .values import Layout, Composed, Swizzle, Bad, flat, size, is_int, ceil_div, tdiv, tmod, \
    read_any_layout, show, fmt, span
from .cute import Pre, compatible
from .result import Res, same
from . import runtime as _rt
from .runtime import MInt, MList

U32 = 0xFFFFFFFF


# ================================================================ mixed (static / run-time) integers
# A value is (v, static).  integral_constant.hpp:256-345: a static _0 times, divided by or modulo
# anything is _0; anything modulo a static _1 is _0; anything & _0 is _0; else run-time if either is.
def _zero(a):
    return a[1] and a[0] == 0


def _mul(a, b):
    if _zero(a) or _zero(b):
        return (0, True)
    return (a[0] * b[0], a[1] and b[1])


def _add(a, b):
    return (a[0] + b[0], a[1] and b[1])


def _mod(a, s):
    # s a static extent
    if _zero(a) or s == 1:
        return (0, True)
    return (tmod(a[0], s), a[1])


def _div(a, s):
    if _zero(a):
        return (0, True)
    return (tdiv(a[0], s), a[1])


# ================================================================ coordinates
def _leaf(x):
    return None if x is None else (int(x), getattr(x, 'static', True))


def norm_coord(c):
    """A coordinate as a tree of leaves None (a hole, `_`) or (v, static)."""
    if isinstance(c, list):
        return [norm_coord(x) for x in c]
    if c is None or is_int(c):
        return _leaf(c)
    raise Bad(f'coordinate entry {c!r} is neither an integer, a hole (null) nor a tuple')


def marks_known(c):
    return isinstance(c, (MInt, MList))


def _ranks(c, b, op):
    # underscore.hpp:110/:140, stride.hpp:103: static_assert "Mismatched Ranks" on the types (input)
    if not isinstance(b, list) or len(c) != len(b):
        raise Pre(f'{op}.pre.rank', 'input', f'Mismatched Ranks: coordinate {fmt(_plain(c))} against {fmt(b)}')


def _plain(c):
    if isinstance(c, list):
        return [_plain(x) for x in c]
    return '_' if c is None else c[0]


def slice_t(c, b, op='slice_and_offset'):
    # underscore.hpp:123 slice: a tuple coordinate keeps, flattened one level, the modes under its holes
    if isinstance(c, list):
        _ranks(c, b, op)
        return [y for ci, bi in zip(c, b) for y in _lift_slice(ci, bi, op)]
    return b if c is None else []


def _lift_slice(c, b, op):
    # underscore.hpp:100 lift_slice
    if isinstance(c, list):
        _ranks(c, b, op)
        return [y for ci, bi in zip(c, b) for y in _lift_slice(ci, bi, op)]
    return [b] if c is None else []


def dice_t(c, b, op='slice_and_offset'):
    # underscore.hpp:168 dice: the modes under the integers
    if isinstance(c, list):
        _ranks(c, b, op)
        return [y for ci, bi in zip(c, b) for y in _lift_dice(ci, bi, op)]
    return [] if c is None else b


def _lift_dice(c, b, op):
    # underscore.hpp:145 lift_dice
    if isinstance(c, list):
        _ranks(c, b, op)
        return [y for ci, bi in zip(c, b) for y in _lift_dice(ci, bi, op)]
    return [] if c is None else [b]


def crd2idx_m(c, s, d, op='slice_and_offset'):
    """stride.hpp:60 crd2idx with marks: a hole is `_` (Underscore is Int<0>, underscore.hpp:41); an
    integer against a tuple mode is split colexicographically, the last mode taking the rest (:77)."""
    if isinstance(c, list):
        _ranks(c, s, op)
        _ranks(c, d, op)
        acc = (0, True)
        for x, y, z in zip(c, s, d):
            acc = _add(acc, crd2idx_m(x, y, z, op))
        return acc
    c = (0, True) if c is None else c
    if isinstance(s, list):
        if not isinstance(d, list) or len(s) != len(d):
            raise Pre(f'{op}.pre.rank', 'input', 'Mismatched Ranks: shape and stride')
        if _zero(c):                                      # stride.hpp:83: a static _0 stays _0
            return (0, True)
        acc = (0, True)
        for k, (y, z) in enumerate(zip(s, d)):
            if k == len(s) - 1:
                return _add(acc, crd2idx_m(c, y, z, op))
            acc = _add(acc, crd2idx_m(_mod(c, size(y)), y, z, op))
            c = _div(c, size(y))
        return acc                                        # an empty tuple: _0
    if isinstance(d, list):
        raise Pre(f'{op}.pre.rank', 'input', f'an integer shape {s} with the tuple stride {fmt(d)}')
    return _mul(c, (d, True))


def idx2crd_m(c, s):
    """stride.hpp:221 idx2crd(index, shape) with marks: a coordinate congruent to s."""
    if isinstance(c, list):
        if not isinstance(s, list) or len(c) != len(s):
            raise Pre('slice_and_offset.pre.rank', 'input', 'Mismatched Ranks in idx2crd')
        return [idx2crd_m(x, y) for x, y in zip(c, s)]
    if not isinstance(s, list):
        return c
    if _zero(c):
        return [idx2crd_m((0, True), y) for y in s]
    out = []
    for k, y in enumerate(s):
        if k == len(s) - 1:
            out.append(idx2crd_m(c, y))
        else:
            out.append(idx2crd_m(_mod(c, size(y)), y))
            c = _div(c, size(y))
    return out


def holes(c, s, op):
    """The sub-shapes under the holes, in order."""
    if c is None:
        return [s]
    if isinstance(c, list):
        _ranks(c, s, op)
        return [h for x, y in zip(c, s) for h in holes(x, y, op)]
    return []


def fill(c, vals):
    """c with its holes replaced, in order, by vals."""
    it = iter(vals)

    def go(x):
        if isinstance(x, list):
            return [go(y) for y in x]
        return (next(it), True) if x is None else x
    return go(c)


def range_pres(c, s, op, r):
    # slice_and_offset.pre.coord: every integer lies in its mode (unchecked: crd2idx extends past it)
    if isinstance(c, list):
        for x, y in zip(c, s):
            range_pres(x, y, op, r)
    elif c is not None and not 0 <= c[0] < size(s):
        r.pre.append(Pre(f'{op}.pre.coord', 'unchecked', f'coordinate {c[0]} outside its mode {fmt(s)} '
                                                          f'(of size {size(s)})'))


# ================================================================ CuTe's composition (layout.hpp)
def coalesce_x(modes):
    """layout.hpp:826 coalesce_x over flat modes (s, d, static): a trailing extent 1 becomes 2, extent-1
    modes go, two modes merge where s*d == d' holds statically (bw_coalesce, :798)."""
    if not modes:
        return [(1, 0, True)]
    s, d, st = modes[-1]
    out = [(2 if s == 1 else s, d, st)]
    for s, d, st in reversed(modes[:-1]):
        if s == 1:
            continue
        if st and out[0][2] and s * d == out[0][1]:
            out[0] = (s * out[0][0], d, st)
        else:
            out.insert(0, (s, d, st))
    return out


def _compose_leaf(am, s, d, what):
    """layout.hpp:1033 composition_impl for one leaf s:d of a static B over the modes am of
    coalesce_x(A); its static_asserts (:1077, :1101) raise Pre.  Returns (shape, stride) trees with
    strides (v, static)."""
    if d == 0:                                            # :1047 a static stride-0 leaf is kept
        return s, (0, True)
    if len(am) == 1:                                      # :1050 an integral A
        return s, _mul((d, True), am[0][1:])
    rs, rd, shp, std = s, d, [], []
    for a, ad, ast in am[:-1]:
        if not (tmod(rd, a) == 0 or rd < a):
            raise Pre('slice_and_offset.pre.composition', 'static_assert',
                      f'{what}: Stride Divisibility Condition (layout.hpp:1077): stride {rd} vs mode extent {a}')
        ns = ceil_div(a, abs(rd))
        nd = ceil_div(abs(rd), a) * (1 if rd > 0 else -1)
        if ns == 1 or rs == 1:
            rd = nd
            continue
        new = min(ns, rs)
        if rs % new:
            raise Pre('slice_and_offset.pre.composition', 'static_assert',
                      f'{what}: Shape Divisibility Condition (layout.hpp:1101): {rs} elements, {new} fit in {a}')
        shp.append(new)
        std.append(_mul((rd, True), (ad, ast)))
        rs //= new
        rd = nd
    last = _mul((rd, True), am[-1][1:])
    if not shp:
        return rs, last
    if rs == 1:
        return (shp[0], std[0]) if len(shp) == 1 else (shp, std)
    return shp + [rs], std + [last]


def compose(am, shape, stride, what):
    """composition(A, B) for B static (right-distributive over B's tuples, layout.hpp:1040)."""
    if isinstance(shape, list):
        parts = [compose(am, s, d, what) for s, d in zip(shape, stride)]
        return [p[0] for p in parts], [p[1] for p in parts]
    return _compose_leaf(am, shape, stride, what)


def _vals(t):
    return [_vals(x) for x in t] if isinstance(t, list) else t[0]


def _marks(t):
    return [_marks(x) for x in t] if isinstance(t, list) else t[1]


def as_layout(shape, stride):
    return Layout(shape, _vals(stride))


# ================================================================ MixedBits (swizzle.hpp:150-300)
# (S, F, d): static bits S, run-time flags F, run-time bits d (d within F); a static integer is (v, 0, 0).
def make_mixed_bits(s, d, f, d_static):
    # swizzle.hpp:164: StaticBits take precedence; all static where no flag is left or d is static
    nf = f & ~s & U32
    if nf == 0 or d_static:
        return (s | (d & nf), 0, 0)
    return (s, nf, d & nf)


def mb_xor(a, b):
    # swizzle.hpp:285 (and C<s> ^ C<t> static)
    (s0, f0, d0), (s1, f1, d1) = a, b
    if f0 == 0 and f1 == 0:
        return (s0 ^ s1, 0, 0)
    s = ((~s0 & s1 & ~f0) | (s0 & ~s1 & ~f1)) & U32
    return make_mixed_bits(s, ((s0 | d0) ^ (s1 | d1)) & U32, f0 | f1, False)


def mb_value(m):
    return m[0] | m[2]


def to_mixed_bits(shape, stride, coord, what):
    """swizzle.hpp:434 to_mixed_bits(shape, stride, coord): per leaf make_mixed_bits(_0, c*d,
    (s-1)*d) (static_assert "Requires pow2 shape*stride."), XOR-folded tuple by tuple."""
    if isinstance(shape, list):
        if not isinstance(coord, list) or len(coord) != len(shape):
            raise Pre('slice_and_offset.pre.mixed_bits', 'static_assert',
                      f'{what}: Shape, Stride and Coord must be all tuples, or all integral (swizzle.hpp:445)')
        acc = None
        for s, d, c in zip(shape, stride, coord):
            m = to_mixed_bits(s, d, c, what)
            acc = m if acc is None else mb_xor(acc, m)
        return acc if acc is not None else (0, 0, 0)
    if isinstance(coord, list):
        raise Pre('slice_and_offset.pre.mixed_bits', 'static_assert',
                  f'{what}: Shape, Stride and Coord must be all tuples, or all integral (swizzle.hpp:445)')
    dv = stride[0]
    sd = shape * dv
    if not (sd == 0 or (sd > 0 and sd & (sd - 1) == 0)):
        raise Pre('slice_and_offset.pre.pow2', 'static_assert',
                  f'{what}: Requires pow2 shape*stride. (swizzle.hpp:442): {shape}*{dv}')
    cd = _mul(coord, stride)
    return make_mixed_bits(0, cd[0] & U32, ((shape - 1) * dv) & U32, cd[1])


# ================================================================ CuTe's slice of Sw o k o L
def projections(sw):
    """swizzle_layout.hpp:240-245: sw = (2^M, 2^B, 2^(|S|-B), 2^B, 1) column-major, and its
    anti-ZY / only-ZY projections (the swizzle's Y and Z fields cleared / kept)."""
    B, M, S = sw.b, sw.m, abs(sw.s)
    shp = [1 << M, 1 << B, 1 << (S - B), 1 << B, 1]
    st = [1, 1 << M, 1 << (M + B), 1 << (M + S), 1 << (M + B + S)]
    anti = [(s, d, True) for s, d in zip(shp, [st[0], 0, st[2], 0, st[4]])]
    only = [(s, d, True) for s, d in zip(shp, [0, st[1], 0, st[3], 0])]
    return coalesce_x(anti), coalesce_x(only)


def cute_swizzled_slice(X, c):
    """CuTe's slice_and_offset(c, Sw o k o L) (swizzle_layout.hpp:230-299) for a coordinate with an
    integer: ('swizzled', k' as MixedBits, offset (v, st)) or ('decayed', R shape/stride trees,
    offset (v, st)), plus what the marks depend on."""
    sw, k, L = X.sw, X.off, X.L
    anti, only = projections(sw)
    sliced = (slice_t(c, L.shape), slice_t(c, L.stride))
    diced = (dice_t(c, L.shape), dice_t(c, L.stride))
    dc = dice_t(c, c)
    d_only = compose(only, *diced, 'composition(swizzle_only_zy, diced_layout)')
    d_anti = compose(anti, *diced, 'composition(swizzle_anti_zy, diced_layout)')
    pieces = idx2crd_m(dc, d_only[0])
    kz = mb_xor((k & U32, 0, 0), to_mixed_bits(d_only[0], d_only[1], pieces, 'to_mixed_bits'))
    off_anti = crd2idx_m(dc, d_anti[0], _vals(d_anti[1]))
    s_only = compose(only, *sliced, 'composition(swizzle_only_zy, sliced_layout)')
    SO = as_layout(*s_only)
    active = SO(SO.size() - 1)
    out = {'sliced': sliced, 'kz': kz, 'off_anti': off_anti}
    if active & ~sw(active):                              # :276 hits on Y AND Z: not reducible
        out.update(form='swizzled', offset=off_anti)
        return out
    # :283-294 decay: the Y and Z fields as strides chosen by k's bits, composed with the sliced layout
    zz, yy = sw.zzz(), sw.yyy()
    Z, Y = zz & -zz, yy & -yy
    kv, kf = mb_value(kz), kz[1]

    def strides(lower_is_z):
        out_, dep = [], 0
        for i in range(sw.b):
            if lower_is_z:                                # :198 (y\z: Z, -Z by the Y bit)
                bit = Y << i
                v = (Z << i) if not kv & bit else -(Z << i)
                field = Z << i
            else:                                         # :217 (Y+Z, Y-Z by the Z bit)
                bit = Z << i
                v = ((Y + Z) << i) if not kv & bit else ((Y - Z) << i)
                field = Y << i
            st = not kf & bit
            if not st:
                dep |= field
            out_.append((2, v, st))
        return out_, dep
    lo, dep_lo = strides(Z < Y)
    hi, dep_hi = strides(Z > Y)
    M, B, S = sw.m, sw.b, abs(sw.s)
    modes = [(1 << M, 1, True)] + lo + [(1 << (S - B), 1 << (M + B), True)] + hi + [(1, 1 << (M + B + S), True)]
    R = compose(coalesce_x(modes), *sliced, 'composition(swizzle_layout, sliced_layout)')
    swv = sw(kv)
    off_static = kf == 0 and off_anti[1]
    out.update(form='decayed', R=R, offset=(swv + off_anti[0], off_static), dep=dep_lo | dep_hi)
    return out


def all_holes(c):
    if isinstance(c, list):
        return all(all_holes(x) for x in c)
    return c is None


def any_hole(c):
    if isinstance(c, list):
        return any(any_hole(x) for x in c)
    return c is None


# ================================================================ reading an answer
_SW = re.compile(r'^\s*Sw<(-?\d+),(-?\d+),(-?\d+)>\s+o\s+(\S+)\s+o\s+(.+)$')
_MB = re.compile(r'^M_(\d+)\|\((\d+)&(\d+)\)=(\d+)$')


class Answer:
    """{layout, offset}: kind 'plain' or 'composed', the layout, k, offset; with `printed`, the
    marks: shape/stride leaves (v, static), k as ('static'|'runtime'|'mixed', ...), offset static."""

    def __init__(self, v):
        if not isinstance(v, dict) or set(v) != {'layout', 'offset'}:
            raise Bad('expected {"layout", "offset"}')
        lay, off = v['layout'], v['offset']
        self.printed = isinstance(lay, str) or isinstance(off, str)
        if self.printed:
            if not (isinstance(lay, str) and isinstance(off, str)):
                raise Bad('a printed answer prints both its layout and its offset')
            self._read_print(lay, off)
        else:
            X = read_any_layout(lay, '$.value.layout')
            if not is_int(off):
                raise Bad('offset: expected an integer')
            self.off, self.off_static = off, True
            if isinstance(X, Composed):
                self.kind, self.sw, self.k, self.L = 'composed', X.sw, X.off, X.L
            else:
                self.kind, self.L = 'plain', X
        if self.L.kind != 'int':
            raise Bad('a slice has integer strides')

    def _read_print(self, lay, off):
        o = _rt.read(off)
        if not (isinstance(o, tuple) and o[0] == 'int'):
            raise Bad(f'offset {off!r} is not an integer')
        self.off, self.off_static = o[1]
        m = _SW.match(lay)
        if m:
            self.kind = 'composed'
            self.sw = Swizzle(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            kt, lay = m.group(4), m.group(5)
            mb = _MB.match(kt)
            if mb:
                S, d, F, v = (int(x) for x in mb.groups())
                self.k, self.kmark = v, ('mixed', S, F, d)
            else:
                kk = _rt.read(kt)
                if not (isinstance(kk, tuple) and kk[0] == 'int'):
                    raise Bad(f'offset {kt!r} of the composed layout is not an integer')
                self.k, self.kmark = kk[1][0], ('static' if kk[1][1] else 'runtime',)
        else:
            self.kind = 'plain'
        t = _rt.read(lay)
        if not (isinstance(t, tuple) and t[0] == 'layout'):
            raise Bad(f'{lay!r} is not a layout')
        self.smarks, self.dmarks = t[1], t[2]
        self.L = Layout(_rt._plain(t[1]), _rt._plain(t[2]))

    def value(self, j):
        if self.kind == 'composed':
            return self.off + self.sw(self.k + self.L(j))
        return self.off + self.L(j)

    def text(self):
        if self.kind == 'composed':
            return f'{{{show(Composed(self.sw, self.k, self.L))}, offset {self.off}}}'
        return f'{{{show(self.L)}, offset {self.off}}}'


def _leaves(t):
    return [y for x in t for y in _leaves(x)] if isinstance(t, list) else [t]


def _function(n, got, want, cid, what):
    for j in span(n):
        g, w = got(j), want(j)
        if g != w:
            return [(cid, f'at {what} = {j}: offset + R({what}) = {g}, the definition gives {w}')]
    return []


def _form(A, kind, cid, sw=None, k=None, inner=None, off=None):
    """A's form against CuTe's: plain/composed, the swizzle, k, the (inner) layout exactly, the offset."""
    out = []
    if A.kind != kind:
        return [(cid, f'{A.text()} is a {A.kind} layout; CuTe\'s form is a {kind} one')]
    if sw is not None and A.sw.tup() != sw.tup():
        out.append((cid, f'swizzle Sw<{",".join(map(str, A.sw.tup()))}>, CuTe\'s is Sw<{",".join(map(str, sw.tup()))}>'))
    if k is not None and A.k != k:
        out.append((cid, f'the composed layout\'s offset {A.k}, CuTe\'s k\' is {k}'))
    if inner is not None and not (same(A.L.shape, inner[0]) and same(A.L.stride, inner[1])):
        out.append((cid, f'layout {show(A.L)}, CuTe\'s form is {fmt(inner[0])}:{fmt(inner[1])}'))
    if off is not None and A.off != off:
        out.append((cid, f'offset {A.off}, CuTe\'s is {off}'))
    return out


def _static_marks(A, cid, strides=True):
    out = []
    if any(not st for _, st in _leaves(A.smarks)):
        out.append((cid, f'marks: a run-time extent in {fmt(A.L.shape)}; the layout\'s integers are static'))
    if strides and any(not st for _, st in _leaves(A.dmarks)):
        out.append((cid, f'marks: a run-time stride in {fmt(A.L.stride)}; the slice\'s strides are the '
                         'layout\'s, static'))
    return out


def _offset_mark(A, want_static, cid):
    if A.off_static != want_static:
        return [(cid, f'marks: offset printed {"static" if A.off_static else "run-time"}; CuTe\'s is '
                      f'{"static" if want_static else "run-time"}')]
    return []


def _k_marks(A, kz, cid):
    S, F, d = kz
    if F == 0:
        if A.kmark[0] != 'static':
            return [(cid, f'marks: k\' printed {A.kmark[0]}; no run-time coordinate bit reaches it: static')]
        return []
    if A.kmark[0] != 'mixed' or A.kmark[1:] != (S, F, d):
        return [(cid, f'marks: k\' printed {A.kmark}; CuTe\'s MixedBits is M_{S}|({d}&{F})={S | d}')]
    return []


def _decayed_marks(A, sliced, dep, cid):
    """A decayed stride is run-time exactly where it depends on a run-time bit of k' (the Y and Z
    fields' strides are chosen by k's Z and Y bits, swizzle_layout.hpp:198/:217); a mode with a
    run-time stride is never merged (bw_coalesce merges only statically, layout.hpp:798)."""
    out = _static_marks(A, cid, strides=False)
    SL = Layout(sliced[0], sliced[1])
    step = 1
    for s, (_, st) in zip(flat(A.L.shape), _leaves(A.dmarks)):
        if s > 1:
            v = abs(SL(step))
            lo = v & -v
            touched = dep & ((lo * s - 1) & ~(lo - 1)) if v else 0     # the bits the mode's steps reach
            if touched and st:
                out.append((cid, f'marks: the mode {s} (step {v} of the sliced layout) depends on a run-time '
                                 'bit of k\': its stride is run-time'))
            elif touched and (s != 2 or touched & (touched - 1)):
                out.append((cid, f'marks: the mode {s} with a run-time stride spans {s} elements; CuTe keeps '
                                 'a run-time stride on a single bit (no static merge)'))
            elif not touched and not st:
                out.append((cid, f'marks: the mode {s} (step {v}) depends on no run-time bit of k\': its '
                                 'stride is static'))
        step *= s
    return out


# ================================================================ slice_and_offset
def layout_and_coord(args, op):
    """The two operands of slice_and_offset and domain_offset: X (a layout or Sw o k o L, integer
    strides), its layout L, and the coordinate as given."""
    if len(args) != 2:
        raise Bad(f'{op} takes a layout and a coordinate, not {len(args)} arguments')
    X, raw = read_any_layout(args[0], '$.args[0]'), args[1]
    L = X.L if isinstance(X, Composed) else X
    if L.kind != 'int':
        raise Bad(f'{op} takes integer strides')
    return X, L, raw


def op_slice_and_offset(args):
    # slice_and_offset.def (layout.hpp:700; swizzle_layout.hpp:230); slice_and_offset.swizzled
    X, L, raw = layout_and_coord(args, 'slice_and_offset')
    if isinstance(X, Composed) and X.sw.valid():
        raise Bad(f'swizzle: {X.sw.valid()}')
    # an identity swizzle over offset _0 is the layout itself (swizzle_layout.hpp:307 composition)
    swz = isinstance(X, Composed) and not (X.sw.b == 0 and X.off == 0)
    marked = marks_known(raw)
    c = norm_coord(raw)
    r = Res(['slice_and_offset.def'] + (['slice_and_offset.swizzled'] if swz else []))
    hs = holes(c, L.shape, 'slice_and_offset')                # Mismatched Ranks: input
    range_pres(c, L.shape, 'slice_and_offset', r)
    if swz and not any_hole(c):
        r.pre.append(Pre('slice_and_offset.pre.hole', 'input', 'a swizzled layout\'s coordinate without a hole: '
                                                               'CuTe C++ does not compile it'))
        return r
    outside = [p for p in r.pre if p.pid == 'slice_and_offset.pre.coord']
    if outside and not swz:
        # no such coordinate of X: CuTe's crd2idx extension reads another place, no answer (a swizzled
        # layout's static_asserts below still come first: CuTe compiles before the coordinate matters)
        r.noanswer = (outside[0].pid, outside[0].msg)
        return r
    n = prod(size(h) for h in hs)
    sizes = [size(h) for h in hs]

    def defn(j):
        # X(c_j): j's coordinate, colexicographic over the holes' modes, filling them in order
        cj = fill(c, [x for x in _colex(j, sizes)])
        v = crd2idx_m(cj, L.shape, L.stride)[0]
        return X.sw(X.off + v) if swz else v

    cid = 'slice_and_offset.swizzled' if swz else 'slice_and_offset.def'
    sl = (slice_t(c, L.shape), slice_t(c, L.stride))
    if not swz:
        # a plain layout: slice(coord, L) and crd2idx(coord, L) (layout.hpp:691, :700)
        off = crd2idx_m(c, L.shape, L.stride)
        cute = lambda j: off[0] + Layout(*sl)(j)

        def form(A):
            out = _form(A, 'plain', 'slice_and_offset.def', inner=sl, off=off[0])
            if A.printed and marked:
                out += _static_marks(A, 'slice_and_offset.def') + _offset_mark(A, off[1], 'slice_and_offset.def')
            return out
    elif all_holes(c):
        # swizzle_layout.hpp:235: Sw o k o slice(coord, L), offset _0
        cute = lambda j: X.sw(X.off + Layout(*sl)(j))

        def form(A):
            out = _form(A, 'composed', cid, sw=X.sw, k=X.off, inner=sl, off=0)
            if A.printed and marked:
                out += _static_marks(A, cid) + _offset_mark(A, True, cid) + _k_marks(A, (X.off, 0, 0), cid)
            return out
    else:
        try:
            C = cute_swizzled_slice(X, c)
        except Pre as e:
            r.pre.append(e)
            return r
        if C['form'] == 'swizzled':
            kz, offc = C['kz'], C['offset']
            cute = lambda j: offc[0] + X.sw(mb_value(kz) + Layout(*sl)(j))

            def form(A):
                out = _form(A, 'composed', cid, sw=X.sw, k=mb_value(kz), inner=sl, off=offc[0])
                if A.printed and marked:
                    out += _static_marks(A, cid) + _offset_mark(A, offc[1], cid) + _k_marks(A, kz, cid)
                return out
        else:
            RL, offc = as_layout(*C['R']), C['offset']
            cute = lambda j: offc[0] + RL(j)

            def form(A):
                out = []
                if A.kind != 'plain':
                    return [(cid, f'{A.text()} is a composed layout; CuTe decays this slice to a plain layout '
                                  f'(the sliced modes reach no Z bit together with its Y bit)')]
                if not compatible(sl[0], A.L.shape):
                    out.append((cid, f'shape {fmt(A.L.shape)} does not refine the slice\'s {fmt(sl[0])}'))
                if A.off != offc[0]:
                    out.append((cid, f'offset {A.off}, CuTe\'s decayed offset Sw(k\') + the other bits is {offc[0]}'))
                if A.printed and marked:
                    out += _offset_mark(A, offc[1], cid) + _decayed_marks(A, sl, C['dep'], cid)
                return out
    # is CuTe's answer the function?  (else inadmissible, with CuTe's answer: cute_wrong)
    if outside:  # past the static_asserts: no answer, as for a plain layout
        r.noanswer = (outside[0].pid, outside[0].msg)
        return r
    bad = _function(n, cute, defn, cid, 'j')
    if bad:
        r.noanswer = ('slice_and_offset.swizzled', f'inadmissible: CuTe\'s answer is not the slice\'s function '
                                                   f'({bad[0][1]})')

    def check(v):
        A = Answer(v)
        if A.L.size() != n:
            return [('slice_and_offset.def', f'size {A.L.size()}, the holes hold {n} elements')]
        out = _function(n, A.value, defn, 'slice_and_offset.def', 'j')
        if r.noanswer:
            return out + [r.noanswer]
        return out + form(A)
    r.check = check
    return r


def _colex(j, sizes):
    out = []
    for s in sizes:
        j, x = divmod(j, s)
        out.append(x)
    return out


# ================================================================ domain_offset
def op_domain_offset(args):
    # domain_offset.def (layout.hpp:719; layout_composed.hpp:349)
    X, L, raw = layout_and_coord(args, 'domain_offset')
    swz = isinstance(X, Composed) and not (X.sw.b == 0 and X.off == 0)
    marked = marks_known(raw)
    c = norm_coord(raw)
    r = Res(['domain_offset.def'])
    if any_hole(c):
        raise Pre('domain_offset.pre.coord', 'input', f'the coordinate {fmt(_plain(c))} has a hole')
    lc = crd2idx_m(c, L.shape, L.stride, 'domain_offset')      # layout(coord): Mismatched Ranks is input
    n = L.size()
    sw, k = (X.sw, X.off) if swz else (Swizzle(0, 0, 0), 0)
    defn = lambda i: sw(k + lc[0] + L(i))
    cid = 'domain_offset.def'

    def check(v):
        A = Answer(v)
        if A.L.size() != n:
            return [(cid, f'size {A.L.size()}, the layout has {n} elements')]
        out = _function(n, A.value, defn, cid, 'i')
        inner = (L.shape, L.stride)
        if swz:   # Sw o (k + L(coord)) o L, offset _0 (layout_composed.hpp:349)
            out += _form(A, 'composed', cid, sw=X.sw, k=k + lc[0], inner=inner, off=0)
            if A.printed and marked:
                out += _static_marks(A, cid) + _offset_mark(A, True, cid)
                if A.kmark[0] == 'mixed' or (A.kmark[0] == 'static') != lc[1]:
                    out.append((cid, f'marks: k + L(coord) printed {A.kmark[0]}; CuTe\'s is '
                                     f'{"static" if lc[1] else "run-time"}'))
        else:     # the layout kept, L(coord) the offset (layout.hpp:719)
            out += _form(A, 'plain', cid, inner=inner, off=lc[0])
            if A.printed and marked:
                out += _static_marks(A, cid) + _offset_mark(A, lc[1], cid)
        return out
    r.check = check
    return r


OPS = {'slice_and_offset': op_slice_and_offset, 'domain_offset': op_domain_offset}
