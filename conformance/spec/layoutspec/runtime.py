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
"""
import re

from .cute import Pre

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
    for v in _complemented(op, values):
        modes = _filtered_modes(v)
        if len(modes) > 1 and any(not st[1] for _, st in modes):
            pres.append(Pre(f'{op}.pre.static_strides', 'static_assert',
                            'Dynamic-stride complement only for rank-1 layouts (layout.hpp:1189)'))
    if op == 'left_inverse' and values and isinstance(values[0], tuple) and values[0][0] == 'layout':
        if any(not st[1] for sh, st in _filtered_modes(values[0]) if st != (0, True)):
            pres.append(Pre('left_inverse.pre.static_strides', 'static_assert',
                            'Left inverse requires static strides. (layout.hpp:1335)'))
    if op not in VALUE_OPS and any(leaf == (0, False) for v in values for leaf in _marked_leaves(v)):
        pres.append(Pre(f'{op}.pre.runtime_zero', 'unchecked',
                        'a run-time 0: CuTe divides by it where it is a stride it walks (a crash)'))
    return pres


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


def adjust(res, op, values, run_time):
    """The definition's result for a marked case: CuTe's run-time preconditions added, its static
    asserts unchecked where an integer is run-time, the run-time form's contracts relaxed."""
    if not run_time:
        return res
    for p in res.pre:
        if p.how == 'static_assert':
            p.how = 'unchecked'
    res.pre.extend(runtime_pres(op, [v for v in values if v is not None]))
    if res.check is not None:
        check = res.check

        def relaxed(value):
            return [b for b in check(value)
                    if not b[0].endswith(RUNTIME_FORM) and b[0] != 'right_inverse.post.size']
        res.check = relaxed
    return res
