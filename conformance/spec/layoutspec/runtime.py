"""Cases written in CuTe's print with static (`_4`) and run-time (`4`) integers (docs/definitions.md,
"Static and run-time integers"): the case with its marks dropped, and what the marks change about
the judgement.

- An answer is judged by the operation's contracts on the unmarked values, except the contracts of
  the static answer's form that a run-time answer keeps only up to its extra extent-1 modes
  (`*.post.shape`) and the size of the largest right inverse (`right_inverse.post.size`: CuTe leaves
  run-time strides out).
- CuTe asserts a condition only where the integers it reads are static: in a case with a run-time
  integer, the definition's static_asserts are read as unchecked.
- CuTe's refusals of run-time values are preconditions of their own: "Dynamic-stride complement only
  for rank-1 layouts" (complement, and the divides and products built on it) and "Left inverse
  requires static strides." (layout.hpp:1189, :1335); a division by a run-time stride 0 crashes.
- For complement, composition, left_inverse and the products and divides, CuTe's run-time path is
  followed with its marks (`_simulate`, below): the static_asserts that fire on what is static there
  (an extent 1 that only a static 1 lets filter drop, a rank-1 blocked/raked product whose zip
  meets ranks that differ, ...) and its divisions by a run-time 0 (crashes).
"""
import re

from math import prod

from .cute import Pre, stride_order
from .values import flat
from .result import same

_TOKEN = re.compile(r'\s*(_?-?\d+|_|[():,])')  # `_` alone: CuTe's print of a hole (underscore.hpp:194)
COMPLEMENT_OF = {  # which operand CuTe complements
    'complement': 0, 'logical_product': 0, 'zipped_product': 0, 'tiled_product': 0, 'flat_product': 0,
    'blocked_product': 0, 'raked_product': 0,
    'logical_divide': 1, 'zipped_divide': 1, 'tiled_divide': 1, 'flat_divide': 1,
}
RUNTIME_FORM = ('.post.shape', '.post.unit_stride')
# Ops of coordinates, indices and strides: a run-time 0 there is an ordinary value (idx2crd's
# division by a stride 0 is the definition's own precondition).
VALUE_OPS = ('crd2idx', 'idx2crd', 'crd2crd', 'compact_major', 'compact_col_major', 'compact_row_major',
             'slice_and_offset', 'domain_offset')
# Ops whose answer's marks follow the marks of their coordinate (argument 1): it reaches them marked.
MARKED_COORD_OPS = ('slice_and_offset', 'domain_offset')


class MInt(int):
    """A coordinate integer with its mark (CuTe's print: `_3` static, `3` run-time)."""

    def __new__(cls, v, static):
        x = int.__new__(cls, v)
        x.static = static
        return x


class MList(list):
    """A coordinate tuple read from CuTe's print (its integers MInt, its holes None)."""


def marked_coord(v):
    if isinstance(v, tuple) and v[0] == 'int':
        val, st = v[1]
        return None if val is None else MInt(val, st)
    if isinstance(v, list):
        return MList(marked_coord(x) for x in v)
    return plain(v)


def _tokens(text):
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            if not text[pos:].strip():
                break
            raise ValueError(f'not a CuTe print: {text!r}')
        out.append(m.group(1))
        pos = m.end()
    return out


def _tuple(toks, i):
    if toks[i] == '(':
        items, i = [], i + 1
        if toks[i] == ')':
            return items, i + 1
        while True:
            x, i = _tuple(toks, i)
            items.append(x)
            if toks[i] == ')':
                return items, i + 1
            if toks[i] != ',':
                raise ValueError('expected , or )')
            i += 1
    t = toks[i]
    if t == '_':
        return (None, True), i + 1  # a hole
    return (int(t.lstrip('_')), t.startswith('_')), i + 1


def _tiler(toks, i):
    """('layout', S, D) | ('int', leaf) | [tilers]; leaves (value, static)."""
    try:
        s, j = _tuple(toks, i)
        if j < len(toks) and toks[j] == ':':
            d, j = _tuple(toks, j + 1)
            return ('layout', s, d), j
        if isinstance(s, tuple):
            return ('int', s), j
    except (ValueError, IndexError):
        pass
    items, i = [], i + 1
    while True:
        x, i = _tiler(toks, i)
        items.append(x)
        if toks[i] == ')':
            return items, i + 1
        i += 1


def read(text):
    toks = _tokens(text)
    v, i = _tiler(toks, 0)
    if i != len(toks):
        raise ValueError(f'trailing text in {text!r}')
    return v


def _plain(t):
    return t[0] if isinstance(t, tuple) else [_plain(x) for x in t]


def _int_tuple(v):
    return (isinstance(v, tuple) and v[0] == 'int') or (isinstance(v, list) and all(_int_tuple(x) for x in v))


def plain(v):
    """The vector format's plain form: a layout, an integer, an int tuple, or a by-mode tiler."""
    if isinstance(v, tuple) and v[0] == 'layout':
        return {'shape': _plain(v[1]), 'stride': _plain(v[2])}
    if isinstance(v, tuple) and v[0] == 'int':
        return v[1][0]
    if _int_tuple(v):
        return [plain(x) for x in v]
    return {'tiler': [plain(x) for x in v]}


def _leaves(t):
    return [t] if isinstance(t, tuple) else [y for x in t for y in _leaves(x)]


def _marked_leaves(v):
    if isinstance(v, tuple) and v[0] == 'layout':
        return _leaves(v[1]) + _leaves(v[2])
    if isinstance(v, tuple) and v[0] == 'int':
        return [v[1]]
    return [y for x in v for y in _marked_leaves(x)]


# Ops whose string arguments are texts of their own, not CuTe's print (Triton's LinearLayout text).
TEXT_OPS = ('triton.parse',)


def is_marked(case):
    return case.get('op') not in TEXT_OPS and any(
        isinstance(a, str) and a not in ('LayoutLeft', 'LayoutRight', 'GenColMajor', 'GenRowMajor')
        for a in case.get('args', []))


def _filtered_modes(v):
    """CuTe's filter with marks (layout.hpp:936): modes of static stride 0 or static extent 1 go, and
    neighbours merge where the merge is static (bw_coalesce's condition)."""
    s, d = _leaves(v[1]), _leaves(v[2])
    modes = [(sh, st) for sh, st in zip(s, d) if not (st == (0, True) or sh == (1, True))]
    out = []
    for sh, st in reversed(modes):
        if out and out[0][0][1] and sh[1] and st[1] and out[0][1][1] and sh[0] * st[0] == out[0][1][0]:
            out[0] = ((sh[0] * out[0][0][0], True), st)
        else:
            out.insert(0, (sh, st))
    return out


def _complemented(op, values):
    """The layouts CuTe complements for op."""
    k = COMPLEMENT_OF.get(op)
    if k is None or k >= len(values):
        return []
    v = values[k]
    if isinstance(v, list):  # a by-mode tiler: its layouts (an integer is rank 1)
        return [x for x in v if isinstance(x, tuple) and x[0] == 'layout']
    return [v] if isinstance(v, tuple) and v[0] == 'layout' else []


def runtime_pres(op, values):
    pres = []
    sim = simulated_pres(op, values)  # CuTe's run-time path where it is modelled (below)
    for v in ([] if sim is not None and op != 'left_inverse' else _complemented(op, values)):
        modes = _filtered_modes(v)
        if len(modes) > 1 and any(not st[1] for _, st in modes):
            pres.append(Pre(f'{op}.pre.static_strides', 'static_assert',
                            'Dynamic-stride complement only for rank-1 layouts (layout.hpp:1189)'))
    if op == 'left_inverse' and values and isinstance(values[0], tuple) and values[0][0] == 'layout':
        if any(not st[1] for sh, st in _filtered_modes(values[0]) if st != (0, True)):
            pres.append(Pre('left_inverse.pre.static_strides', 'static_assert',
                            'Left inverse requires static strides. (layout.hpp:1335)'))
    # where the run-time path is modelled (sim), its divisions by a run-time 0 are the crashes
    if (sim is None or op == 'left_inverse') and op not in VALUE_OPS and \
            any(leaf == (0, False) for v in values for leaf in _marked_leaves(v)):
        pres.append(Pre(f'{op}.pre.runtime_zero', 'unchecked',
                        'a run-time 0: CuTe divides by it where it is a stride it walks (a crash)'))
    return (sim or []) + pres


def unmarked(case):
    """The case with its marks dropped, whether it has a run-time integer, and the values read."""
    values, args = [], []
    for a in case.get('args', []):
        if isinstance(a, str) and a not in ('LayoutLeft', 'LayoutRight', 'GenColMajor', 'GenRowMajor'):
            v = read(a)
            values.append(v)
            args.append(plain(v))
        else:
            values.append(None)
            args.append(a)
    if case.get('op') in MARKED_COORD_OPS and len(values) > 1 and values[1] is not None:
        args[1] = marked_coord(values[1])
    out = dict(case, args=args)
    for k in ('expect', 'cute'):
        if isinstance(case.get(k), str):
            out[k] = plain(read(case[k]))
    run_time = any(not leaf[1] for v in values if v is not None for leaf in _marked_leaves(v))
    return out, run_time, [v for v in values]


def adjust(res, op, values, run_time, args=()):
    """The definition's result for a marked case: CuTe's run-time preconditions added, its static
    asserts unchecked where an integer is run-time, the run-time form's contracts relaxed."""
    if not run_time:
        return res
    for p in res.pre:
        if p.how == 'static_assert':
            p.how = 'unchecked'
    res.pre.extend(runtime_pres(op, [v for v in values if v is not None]))
    if op in COMPACT_OPS and res.check is not None and not res.pre:
        want = _compact_marked(op, values, args)
        res.check = lambda v: [] if same(v, want) else [(f'{op}.def', f'{v}, CuTe\'s run-time answer is {want}')]
    elif res.check is not None:
        check = res.check
        n = _right_inverse_size(values) if op == 'right_inverse' else None

        def relaxed(value):
            out = [b for b in check(value) if not b[0].endswith(RUNTIME_FORM) and b[0] != 'right_inverse.post.size']
            if n is not None and _size_of(value) != n:
                out.append(('right_inverse.post.size', f'size {_size_of(value)}, the stride chain CuTe walks at '
                                                       f'run time has {n}'))
            return out
        res.check = relaxed
    return res


def _size_of(v):
    return prod(flat(v['shape'])) if isinstance(v, dict) and 'shape' in v else None


def _right_inverse_size(values):
    """The size of CuTe's run-time right_inverse (layout.hpp:1265-1303): the modes of static stride,
    sorted, continue the chain while the running stride is a static constant equal to theirs (a
    run-time extent ends it: its product with the stride is not static); None where not modelled."""
    if len(values) != 1 or not (isinstance(values[0], tuple) and values[0][0] == 'layout'):
        return None
    sim = _Sim()
    s, d = _coalesce(sim, values[0][1], values[0][2])
    s, d = (s, d) if isinstance(s, list) else ([s], [d])
    idx = [k for k in range(len(d)) if d[k][1]]
    n, cur = 1, (1, True)
    for k in [idx[j] for j in stride_order([d[i][0] for i in idx])]:
        if cur[1] and d[k][0] == cur[0]:
            n, cur = n * s[k][0], sim.mul(s[k], d[k])
    return n


COMPACT_OPS = ('compact_major', 'compact_col_major', 'compact_row_major')


def _compact_marked(op, values, args):
    """compact_major's answer with marks (stride.hpp:294-306): a static _1 gets _0, a run-time 1 the
    running stride (no index reaches it); a tuple start begins each mode's walk (:352-356)."""
    at = 2 if op == 'compact_major' else 1
    left = args[1] == 'LayoutLeft' if op == 'compact_major' else op == 'compact_col_major'
    return _compact_walk(values[0], left, values[at] if len(values) > at else ('int', (1, True)))


def _compact_walk(shape, left, current):
    if isinstance(current, list):
        return [_compact_walk(s, left, c) for s, c in zip(shape, current)]
    leaves, cur = _marked_leaves(shape), current[1][0]
    out = [0] * len(leaves)
    for k in (range(len(leaves)) if left else reversed(range(len(leaves)))):
        v, static = leaves[k]
        if not (v == 1 and static):
            out[k], cur = cur, cur * v
    return _shaped(out, _plain(shape))


def _shaped(xs, t):
    """The flat list xs in the nesting of t."""
    it = iter(xs)

    def go(u):
        return [go(x) for x in u] if isinstance(u, list) else next(it)
    return go(t)


# ---------------------------------------------------------------------------------------------------
# CuTe's run-time path with marks (layout.hpp, CuTe 4.2): which compile-time static_asserts fire and
# where a run-time division by 0 crashes, for the ops built on complement and composition. A leaf is
# (value, static); a tuple is a list. What is static never depends on a run-time value, so a
# run-time division by 0 is noted (a crash, unless a static_assert stops the compile first) and
# continued with a placeholder.

class _Assert(Exception):
    """A static_assert (or a compile error) of CuTe's run-time path: (id suffix, message)."""

    def __init__(self, key, msg):
        super().__init__(msg)
        self.key, self.msg = key, msg


class _Unsupported(Exception):
    """A case the model does not follow (the judge then says nothing more)."""


class _Sim:
    def __init__(self):
        self.crash = None

    # integral_constant.hpp:258-290: C<0>*x and C<0>/x are C<0>; otherwise static iff both are.
    def mul(self, a, b):
        if a == (0, True) or b == (0, True):
            return (0, True)
        return (a[0] * b[0], a[1] and b[1])

    def div(self, a, b):
        if a == (0, True):
            return (0, True)
        if b[0] == 0:
            if b[1]:
                raise _Unsupported('a static division by 0')
            self.crash = self.crash or 'a run-time division by 0'
            return (1, False)
        q = abs(a[0]) // abs(b[0])
        return (q if (a[0] < 0) == (b[0] < 0) else -q, a[1] and b[1])

    def ceil_div(self, a, b):  # int_tuple.hpp:343: (a + b - _1) / b
        return self.div((a[0] + b[0] - 1, a[1] and b[1]), b)

    @staticmethod
    def min(a, b):  # math.hpp:59, integral_constant.hpp:380
        return (min(a[0], b[0]), a[1] and b[1])


def _flat(t):
    return [t] if isinstance(t, tuple) else [y for x in t for y in _flat(x)]


def _is1(x):
    return x == (1, True)


def _bw_coalesce(sim, shapes, strides, ns, nd):
    """layout.hpp:784-820 (bw_coalesce), from I = R-2 down to 0; ns/nd a leaf or a list."""
    for sh, st in zip(reversed(shapes), reversed(strides)):
        if _is1(sh):                                       # :795 a static 1: skip
            continue
        if not isinstance(ns, list) and _is1(ns):          # :798 replace a shape _1
            ns, nd = sh, st
            continue
        f_s = ns[0] if isinstance(ns, list) else ns
        f_d = nd[0] if isinstance(nd, list) else nd
        p = sim.mul(sh, st)
        if f_s[1] and p[1] and f_d[1] and p[0] == f_d[0]:  # :801 a static merge
            m = sim.mul(sh, f_s)
            ns = [m] + ns[1:] if isinstance(ns, list) else m
            nd = [st] + nd[1:] if isinstance(nd, list) else st
        else:                                              # :808 prepend
            ns = [sh] + (ns if isinstance(ns, list) else [ns])
            nd = [st] + (nd if isinstance(nd, list) else [nd])
    if not isinstance(ns, list) and _is1(ns):              # :789
        return (1, True), (0, True)
    return ns, nd


def _coalesce(sim, shape, stride, x=False):
    """coalesce (layout.hpp:867) or, with x, coalesce_x (:828: a trailing _1 starts as _2)."""
    s, d = _flat(shape), _flat(stride)
    if x and _is1(s[-1]):
        return _bw_coalesce(sim, s[:-1], d[:-1], (2, True), d[-1])
    return _bw_coalesce(sim, s[:-1], d[:-1], s[-1], d[-1])


def _filter(sim, shape, stride):
    """filter = coalesce(filter_zeros) (layout.hpp:936; filter_zeros: int_tuple.hpp, a static 0 stride)."""
    s, d = _flat(shape), _flat(stride)
    s = [(1, True) if st == (0, True) else sh for sh, st in zip(s, d)]
    return _coalesce(sim, s, d)


def _size(shape):
    s = _flat(shape)
    v, st = 1, True
    for x in s:
        v, st = v * x[0], st and x[1]
    return (v, st)


def _cosize(sim, shape, stride):
    """layout.hpp:649 coshape: sum of (s - _1) * abs(d), plus _1."""
    v, st = 1, True
    for sh, d in zip(_flat(shape), _flat(stride)):
        t = sim.mul((sh[0] - 1, sh[1]), (abs(d[0]), d[1]))
        v, st = v + t[0], st and t[1]
    return (v, st)


def _complement(sim, shape, stride, cotarget):
    """layout.hpp:1233 complement(layout, cotarget) -> detail::complement (:1180)."""
    shape, stride = _filter(sim, shape, stride)
    if not isinstance(stride, list) and stride == (0, True):   # :1182
        if isinstance(cotarget, list):
            raise _Unsupported('a tuple cotarget of a stride-0 layout')
        return cotarget, ((0, True) if _is1(cotarget) else (1, True))
    shape = shape if isinstance(shape, list) else [shape]
    stride = stride if isinstance(stride, list) else [stride]
    R = len(shape)
    if R > 1 and not all(d[1] for d in stride):                # :1189
        raise _Assert('static_strides', 'Dynamic-stride complement only for rank-1 layouts (layout.hpp:1189)')
    rs, rd = [], [(1, True)]
    for i in range(R - 1):                                     # :1195 the fold
        m = min(stride, key=lambda d: d[0])
        k = stride.index(m)
        ns = sim.div(m, rd[i])
        nd = sim.mul(m, shape[k])
        if ns == (0, True):
            raise _Assert('complement_injective', 'Non-injective Layout detected in complement. (layout.hpp:1204)')
        shape, stride = shape[:k] + shape[k + 1:], stride[:k] + stride[k + 1:]
        rs.append(ns)
        rd.append(nd)
    ns = sim.div(stride[0], rd[R - 1])                         # :1214
    if ns == (0, True):
        raise _Assert('complement_injective', 'Non-injective Layout detected in complement. (layout.hpp:1215)')
    rs.append(ns)
    nd = sim.mul(stride[0], shape[0])                          # :1219
    if isinstance(cotarget, list):                             # int_tuple.hpp:334 ceil_div(tuple, int)
        rest, r = [], nd
        for a in _flat(cotarget):
            rest.append(sim.ceil_div(a, r))
            r = sim.ceil_div(r, a)
        rest = _shape_coalesce(sim, rest)
    else:
        rest = sim.ceil_div(cotarget, nd)
    rest_d, cur = [], nd                                       # stride.hpp:294-306 compact_major<LayoutLeft>
    for x in _flat(rest):
        rest_d.append((0, True) if _is1(x) else cur)
        cur = cur if _is1(x) else sim.mul(cur, x)
    return _coalesce(sim, rs + _flat(rest), rd + rest_d)


def _shape_coalesce(sim, shape):
    """layout.hpp:898 coalesce(Shape): neighbours of the same static-ness multiply."""
    out = []
    for a in _flat(shape):
        if out and out[-1][1] == a[1]:
            out[-1] = sim.mul(out[-1], a)
        else:
            out.append(a)
    return out[0] if len(out) == 1 else out


def _comp_impl(sim, ls, ld, rs, rd):
    """layout.hpp:1020 composition_impl on a coalesced lhs."""
    if isinstance(rs, list):                                   # :1026 by mode of rhs
        out = [_comp_impl(sim, ls, ld, s, d) for s, d in zip(rs, rd)]
        return [o[0] for o in out], [o[1] for o in out]
    if rd == (0, True):                                        # :1045
        return rs, rd
    if not isinstance(ls, list):                               # :1048
        return rs, sim.mul(rd, ld)
    R = len(ls)
    res_s, res_d, rest_s, rest_d = [], [], rs, rd
    for i in range(R - 1):                                     # :1053 the fold
        cs, cd = ls[i], ld[i]
        if cs[1] and rest_d[1]:                                # :1076
            if not (rest_d[0] % cs[0] == 0 or rest_d[0] < cs[0]):
                raise _Assert('stride_divisibility', 'Stride Divisibility Condition (layout.hpp:1077)')
        ad = (abs(rest_d[0]), rest_d[1])
        nsh = sim.ceil_div(cs, ad)
        sg = ((rest_d[0] > 0) - (rest_d[0] < 0), rest_d[1])
        nst = sim.mul(sim.ceil_div(ad, cs), sg)
        if _is1(nsh) or _is1(rest_s):                          # :1088
            rest_d = nst
            continue
        new = sim.min(nsh, rest_s)
        if new[1] and rest_s[1] and rest_s[0] % new[0] != 0:   # :1101
            raise _Assert('shape_divisibility', 'Shape Divisibility Condition (layout.hpp:1102)')
        res_s.append(new)
        res_d.append(sim.mul(rest_d, cd))
        rest_s, rest_d = sim.div(rest_s, new), nst
    if not res_s:                                              # :1117
        return rest_s, sim.mul(rest_d, ld[R - 1])
    if _is1(rest_s):                                           # :1120 unwrap
        return (res_s[0], res_d[0]) if len(res_s) == 1 else (res_s, res_d)
    return res_s + [rest_s], res_d + [sim.mul(rest_d, ld[R - 1])]


def _composition(sim, L, R):
    """layout.hpp:1136: coalesce_x(lhs, coprofile(rhs)) (an integer coprofile: all of lhs), then impl."""
    ls, ld = _coalesce(sim, L[0], L[1], x=True)
    return _comp_impl(sim, ls, ld, R[0], R[1])


def _make_layout(t):
    """A tiler mode as a layout (shape, stride): an integer s is s:_1 (_1:_0), stride.hpp:302."""
    if t[0] == 'layout':
        return t[1], t[2]
    s = t[1]
    return s, ((0, True) if _is1(s) else (1, True))


def _modes(v):
    """The top modes of a layout value (shape, stride) (a leaf is rank 1)."""
    s, d = v
    return list(zip(s, d)) if isinstance(s, list) else [(s, d)]


def _by_mode(sim, fn, A, T):
    """A tuple tiler applied mode by mode (layout.hpp:1568, :1662), A's modes past it kept."""
    ms = _modes(A)
    if len(T) > len(ms):
        raise _Unsupported('too many tiler modes')
    out = [fn(sim, m, t) for m, t in zip(ms, T)] + ms[len(T):]
    return [o[0] for o in out], [o[1] for o in out]


def _logical_product(sim, A, T):
    """layout.hpp:1653, :1662: make_layout(A, composition(complement(A, size(A)*cosize(B)), B)), by mode for a tuple tiler."""
    if isinstance(T, list):
        return _by_mode(sim, _logical_product, A, T)
    B = _make_layout(T)
    C = _composition(sim, _complement(sim, A[0], A[1], sim.mul(_size(A[0]), _cosize(sim, *B))), B)
    return [A[0], C[0]], [A[1], C[1]]


def _logical_divide(sim, A, T):
    """layout.hpp:1559, :1568: composition(A, make_layout(T, complement(T, shape(coalesce(A))))), by mode."""
    if isinstance(T, list):
        return _by_mode(sim, _logical_divide, A, T)
    B = _make_layout(T)
    cot = _coalesce(sim, A[0], A[1])[0]
    comp = _complement(sim, B[0], B[1], cot)
    return _composition(sim, A, ([B[0], comp[0]], [B[1], comp[1]]))


def _zip_rank(first, second):
    """tuple_algorithms.hpp:972 zip of (first, second): a tuple first needs a tuple second of its rank
    (:963 'Mismatched Ranks'; a scalar second has no tuple_size: a compile error)."""
    if not isinstance(first, list):
        return
    if not isinstance(second, list):
        raise _Assert('zip_rank', 'zip of a tuple with an integer: tuple_size of an integer is incomplete, '
                                  'no compile (tuple_algorithms.hpp:963)')
    if len(second) != len(first):
        raise _Assert('zip_rank', 'Mismatched Ranks (tuple_algorithms.hpp:963)')


def _append_r(A, R):
    """layout.hpp:961 append<R>(layout) with _1:_0 (a rank-R layout stays as it is)."""
    s, d = A
    if (len(s) if isinstance(s, list) else 1) >= R:
        return A
    s = s if isinstance(s, list) else [s]
    d = d if isinstance(d, list) else [d]
    return s + [(1, True)] * (R - len(s)), d + [(0, True)] * (R - len(d))


def _layout(v):
    if isinstance(v, tuple) and v[0] == 'layout':
        return v[1], v[2]
    raise _Unsupported('not a layout')


def _as_tiler(v):
    """A tiler value: ('layout', S, D), ('int', leaf), or a list of tilers."""
    if isinstance(v, list):
        return [_as_tiler(x) for x in v]
    if isinstance(v, tuple) and v[0] in ('layout', 'int'):
        return v
    raise _Unsupported('not a tiler')


def _simulate(op, values):
    sim = _Sim()
    if op == 'complement':
        A = _layout(values[0])
        if len(values) > 1:
            c = values[1]
            if not (isinstance(c, tuple) and c[0] == 'int'):
                raise _Unsupported('a tuple cotarget')
            cot = c[1]
        else:
            fs, fd = _filter(sim, *A)
            cot = _cosize(sim, fs, fd)
        _complement(sim, A[0], A[1], cot)
    elif op == 'composition':
        A, T = _layout(values[0]), _as_tiler(values[1])
        if isinstance(T, list):
            raise _Unsupported('a by-mode tiler')
        _composition(sim, A, _make_layout(T))
    elif op in ('logical_product', 'zipped_product', 'tiled_product', 'flat_product'):
        _logical_product(sim, _layout(values[0]), _as_tiler(values[1]))
    elif op in ('blocked_product', 'raked_product'):          # layout.hpp:1734, :1752
        A, B = _layout(values[0]), _layout(values[1])
        R = max(len(x[0]) if isinstance(x[0], list) else 1 for x in (A, B))
        A, B = _append_r(A, R), _append_r(B, R)
        res = _logical_product(sim, A, ('layout', B[0], B[1]))
        a_s, c_s = res[0]
        if op == 'blocked_product':
            _zip_rank(a_s, c_s)
        else:
            _zip_rank(c_s, a_s)
    elif op == 'left_inverse':                                 # layout.hpp:1324
        A = _layout(values[0])
        _, d = _coalesce(sim, A[0], A[1])
        d = d if isinstance(d, list) else [d]
        if not all(x[1] for x in d):                           # :1335 (runtime_pres says it)
            raise _Unsupported('run-time strides')
        size = 1
        for x in sorted(d, key=lambda x: x[0]):                # :1336 sorted by stride, :1344 _0 skipped
            if x[0] == 0:
                continue
            if x[0] % size != 0:                               # :1350, static: the strides are
                raise _Assert('divisibility', 'Left inverse divisibility condition (layout.hpp:1350)')
            size *= x[0] // size
    elif op in ('logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide'):
        _logical_divide(sim, _layout(values[0]), _as_tiler(values[1]))
    else:
        raise _Unsupported(op)
    return sim.crash


def simulated_pres(op, values):
    """The static_asserts and crashes of CuTe's run-time path for op (or None where not modelled)."""
    try:
        crash = _simulate(op, values)
    except _Assert as e:
        key = e.key if e.key == 'static_strides' else 'runtime_' + e.key
        return [Pre(f'{op}.pre.{key}', 'static_assert', e.msg)]
    except (_Unsupported, IndexError, TypeError, ValueError, ZeroDivisionError):
        return None
    if crash:
        return [Pre(f'{op}.pre.runtime_crash', 'unchecked', f'{crash} on CuTe\'s run-time path (a crash)')]
    return []
