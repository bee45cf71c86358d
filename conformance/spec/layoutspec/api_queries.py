"""The CuTe API's queries and constructors of layouts and shapes (docs/definitions.md `size` ..
`make_layout_of_layouts`): each an exact value by its definition, computed from the entry's words and
CuTe 4.2's headers (include/cute/layout.hpp, int_tuple.hpp, numeric/arithmetic_tuple.hpp), and
compared exactly (the integers and int tuples these ops are, or the layout they build)."""
from math import prod
from .values import Bad, flat, is_int, check_int_tuple, read_layout, read_any_layout, read_chain, show
from .cute import Pre, cosize as cosize_int
from .result import Res, exact, layout_form, same


# ---------------------------------------------------------------- helpers
def _layout_json(v, path='$'):
    """A plain layout argument, checked (values: congruent, positive shape), in its one written form."""
    read_layout(v, path)
    return layout_form({'shape': v['shape'], 'stride': v['stride']})


# ---------------------------------------------------------------- size, rank, depth
def _depth(t):
    # int_tuple.hpp:196 depth: 0 for an integer, else 1 + the deepest mode's depth (an empty tuple: 1)
    return 1 + max([_depth(x) for x in t], default=0) if isinstance(t, list) else 0


def op_size(args):
    # size.def (layout.hpp:607 size = product of the shape, int_tuple.hpp:267)
    X = read_any_layout(args[0])
    return exact(Res(['size.def']), prod(flat(X.shape)) if isinstance(X.shape, list) else X.shape, 'size.def')


def op_rank(args):
    # rank.def (layout.hpp:616, int_tuple.hpp:76): the top-level modes, 1 for an integer shape
    X = read_any_layout(args[0])
    return exact(Res(['rank.def']), len(X.shape) if isinstance(X.shape, list) else 1, 'rank.def')


def op_depth(args):
    # depth.def (layout.hpp:625, int_tuple.hpp:196)
    X = read_any_layout(args[0])
    return exact(Res(['depth.def']), _depth(X.shape), 'depth.def')


# ---------------------------------------------------------------- the codomain: CuTe's arithmetic tuples
# numeric/arithmetic_tuple.hpp: a stride k*E<p0,p1,...> is the ArithmeticTuple (_0 x p0, (_0 x p1, ... k))
# (:307-316 as_arithmetic_tuple); tuples add entry by entry, the shorter padded with _0 (:91-96); a
# static _0 adds to a tuple as its identity, any other integer added to a tuple is CuTe's
# static_assert "Arithmetic tuple op+ error!" (:146-160; "ScaledBasis op+ error!", :444-466). Every
# integer of a case without marks is static, so an entry 0 is CuTe's _0.
def _as_tuple(d):
    """A stride entry (values.read_stride's form) as CuTe's as_arithmetic_tuple of it."""
    if isinstance(d, tuple) and d[0] == 'b':
        v = d[2]
        for p in reversed(d[1]):
            v = [0] * p + [v]
        return v
    return d


def _add(a, b, op):
    if isinstance(a, list) and isinstance(b, list):
        n = max(len(a), len(b))
        a, b = a + [0] * (n - len(a)), b + [0] * (n - len(b))
        return [_add(x, y, op) for x, y in zip(a, b)]
    if isinstance(a, list) or isinstance(b, list):
        k, t = (b, a) if isinstance(a, list) else (a, b)
        if k != 0:
            raise Pre(f'{op}.pre.codomain', 'static_assert',
                      f'Arithmetic tuple op+ error! (arithmetic_tuple.hpp:150): the integer {k} added to '
                      f'the tuple {show(t)}: the strides\' paths do not nest into one codomain')
        return t
    return a + b


def _scale(k, v):
    return [_scale(k, x) for x in v] if isinstance(v, list) else k * v


def _abs(v):
    return [_abs(x) for x in v] if isinstance(v, list) else abs(v)


def _leaves_plus(v, k):
    return [_leaves_plus(x, k) for x in v] if isinstance(v, list) else v + k


def _zeros(v):
    return [_zeros(x) for x in v] if isinstance(v, list) else 0


def _coord_layout(args):
    """The layout argument of coshape / coprofile / cosize: integer or coordinate (basis) strides;
    None where the strides are F2 (PyCuTe's, no CuTe C++ coshape: not covered here)."""
    L = read_layout(args[0])
    return None if L.kind == 'f2' or L.f2 else L


def coshape_value(L, op):
    # coshape.def (layout.hpp:649-655): inner_product(shape - 1, abs(stride)) as an arithmetic tuple,
    # each entry + 1; inner_product folds (_0 + ... + v) mode by mode (int_tuple.hpp inner_product)
    def ip(s, d):
        if isinstance(s, list):
            acc = 0
            for x, y in zip(s, d):
                acc = _add(acc, ip(x, y), op)
            return acc
        return _scale(s - 1, _abs(_as_tuple(d)))
    return _leaves_plus(ip(L.shape, L.stride), 1)


def op_coshape(args):
    # coshape.def (layout.hpp:649); coshape.post.cosize (layout.hpp:644 "@post size(coshape) == cosize")
    L = _coord_layout(args)
    r = Res(['coshape.def', 'coshape.post.cosize'])
    if L is None:
        return r
    want = coshape_value(L, 'coshape')
    negative = any(is_int(d) and d < 0 for d in flat(L.stride))

    def check(v):
        out = [] if same(v, want) else [('coshape.def', f'{show(v)}, the definition gives {show(want)}')]
        if L.kind == 'int' and not negative and is_int(v) and v != cosize_int(L):
            out.append(('coshape.post.cosize', f'size {v} != cosize {cosize_int(L)}'))
        return out
    r.check = check
    return r


def op_cosize(args):
    # cosize.def (layout.hpp:664 cosize = size(coshape)): sum (s-1)|d| + 1 for integer strides (cute.cosize)
    L = _coord_layout(args)
    r = Res(['cosize.def'])
    if L is None:
        return r
    if L.kind == 'int':
        want = cosize_int(L)
    else:
        c = coshape_value(L, 'cosize')
        want = prod(flat(c)) if isinstance(c, list) else c
    return exact(r, want, 'cosize.def')


def op_coprofile(args):
    # coprofile.def (layout.hpp:630-639): repeat_like(as_arithmetic_tuple(sum(stride)), _0); sum folds
    # (_0 + ... + sum(v)) mode by mode (int_tuple.hpp sum)
    L = _coord_layout(args)
    r = Res(['coprofile.def'])
    if L is None:
        return r

    def total(d):
        if isinstance(d, list):
            acc = 0
            for x in d:
                acc = _add(acc, total(x), 'coprofile')
            return acc
        return _as_tuple(d)
    return exact(r, _zeros(total(L.stride)), 'coprofile.def')


# ---------------------------------------------------------------- shapes
def _int_tuple(t, positive, path):
    check_int_tuple(t, positive, path)
    return t


def _compatible(a, b):
    # compatible.def (int_tuple.hpp:479-507)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_compatible(x, y) for x, y in zip(a, b))
    if not isinstance(a, list):
        return a == (prod(flat(b)) if isinstance(b, list) else b)
    return False


def _weakly_congruent(a, b):
    # weakly_congruent.def (int_tuple.hpp:450-475)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_weakly_congruent(x, y) for x, y in zip(a, b))
    return not isinstance(a, list)


def op_compatible(args):
    a, b = _int_tuple(args[0], False, '$[0]'), _int_tuple(args[1], False, '$[1]')
    if len(args) != 2:
        raise Bad(f'compatible takes two int tuples, not {len(args)} arguments')
    return exact(Res(['compatible.def']), int(_compatible(a, b)), 'compatible.def')


def op_weakly_congruent(args):
    a, b = _int_tuple(args[0], False, '$[0]'), _int_tuple(args[1], False, '$[1]')
    if len(args) != 2:
        raise Bad(f'weakly_congruent takes two int tuples, not {len(args)} arguments')
    return exact(Res(['weakly_congruent.def']), int(_weakly_congruent(a, b)), 'weakly_congruent.def')


def _shape_div(a, b):
    # shape_div.def (int_tuple.hpp:371-404)
    if isinstance(a, list):
        if isinstance(b, list):
            if len(a) != len(b):
                raise Pre('shape_div.pre.rank', 'input', f'Mismatched ranks: {show(a)} / {show(b)}')
            return [_shape_div(x, y) for x, y in zip(a, b)]
        out, rest = [], b
        for x in a:  # "Fold the division of b across each element of a"
            out.append(_shape_div(x, rest))
            rest = _shape_div(rest, x)
        return out
    if isinstance(b, list):
        return _shape_div(a, prod(flat(b)))
    if a % b and b % a:
        raise Pre('shape_div.pre.divisibility', 'static_assert',
                  f'Divisibility Condition: neither of {a} and {b} divides the other (int_tuple.hpp:398)')
    return (a + b - 1) // b


def op_shape_div(args):
    a, b = _int_tuple(args[0], True, '$[0]'), _int_tuple(args[1], True, '$[1]')
    return exact(Res(['shape_div.def']), _shape_div(a, b), 'shape_div.def')


# ---------------------------------------------------------------- layouts built from parts
def op_flatten(args):
    # flatten.def (layout.hpp:531, tuple_algorithms.hpp flatten): an integer stays, a tuple becomes flat
    L = _layout_json(args[0])
    s, d = L['shape'], L['stride']
    want = {'shape': flat(s), 'stride': flat(d)} if isinstance(s, list) else L
    return exact(Res(['flatten.def']), want, 'flatten.def')


def op_layout_mode(args):
    # layout_mode.def (layout.hpp:555-567 layout<I...>, :499 get<I...>): mode I, then its mode J, ...;
    # get<I> of an integer is the integer for I == 0 (int_tuple.hpp:56 "Index out of range")
    L = _layout_json(args[0])
    idx = args[1:]
    if len(idx) > 4:
        raise Bad(f'layout_mode takes one to four indices, not {len(idx)}')
    s, d = L['shape'], L['stride']
    for k, i in enumerate(idx):
        if not is_int(i) or i < 0:
            raise Bad(f'$[{k + 1}]: index {i!r} is not a non-negative integer')
        n = len(s) if isinstance(s, list) else 1
        if i >= n:
            raise Pre('layout_mode.pre.range', 'input',
                      f'Index out of range: mode {i} of {show(s)} (rank {n}), index {k}')
        if isinstance(s, list):
            s, d = s[i], d[i]
    return exact(Res(['layout_mode.def']), {'shape': s, 'stride': d}, 'layout_mode.def')


def op_make_layout_with_stride(args):
    # make_layout_with_stride.def (layout.hpp:335 make_layout(shape, stride)): shape:stride itself;
    # congruent (Def. 2.3.1.1; values.Layout refuses a non-congruent pair: invalid_input)
    if len(args) != 2:
        raise Bad(f'make_layout_with_stride takes a shape and a stride, not {len(args)} arguments')
    want = _layout_json({'shape': args[0], 'stride': args[1]})
    return exact(Res(['make_layout_with_stride.def']), want, 'make_layout_with_stride.def')


def op_make_layout_of_layouts(args):
    # make_layout_of_layouts.def (layout.hpp:376-408): mode k is the k-th layout; one layout is wrapped
    if not 1 <= len(args) <= 6:
        raise Bad(f'make_layout_of_layouts takes one to six layouts, not {len(args)}')
    Ls = [_layout_json(a, f'$[{k}]') for k, a in enumerate(args)]
    want = {'shape': [L['shape'] for L in Ls], 'stride': [L['stride'] for L in Ls]}
    return exact(Res(['make_layout_of_layouts.def']), want, 'make_layout_of_layouts.def')


# ---------------------------------------------------------------- swizzle portions
def _portions(v):
    """(swizzle, the rest) of a value (swizzle_layout.hpp:131-167): a composed layout or a chain whose
    outer function is a swizzle gives that swizzle and what follows its offset; a plain layout the
    identity Swizzle<0,4,3> and itself; a chain whose outer function is a layout has no overload."""
    read_chain(v)
    if isinstance(v, dict) and 'shape' in v:
        return [0, 4, 3], v
    outer = v.get('outer', {'swizzle': v.get('swizzle')})
    if not (isinstance(outer, dict) and set(outer) == {'swizzle'}):
        raise Bad('a chain whose outer function is a layout has no get_swizzle_portion (swizzle_layout.hpp:131-167)')
    return outer['swizzle'], v['layout']


def op_get_swizzle_portion(args):
    # get_swizzle_portion.def
    return exact(Res(['get_swizzle_portion.def']), {'swizzle': _portions(args[0])[0]}, 'get_swizzle_portion.def')


def op_get_nonswizzle_portion(args):
    # get_nonswizzle_portion.def
    return exact(Res(['get_nonswizzle_portion.def']), _portions(args[0])[1], 'get_nonswizzle_portion.def')


OPS = {
    'get_swizzle_portion': op_get_swizzle_portion, 'get_nonswizzle_portion': op_get_nonswizzle_portion,
    'size': op_size, 'cosize': op_cosize, 'rank': op_rank, 'depth': op_depth, 'flatten': op_flatten,
    'coshape': op_coshape, 'coprofile': op_coprofile, 'compatible': op_compatible,
    'weakly_congruent': op_weakly_congruent, 'shape_div': op_shape_div, 'layout_mode': op_layout_mode,
    'make_layout_with_stride': op_make_layout_with_stride, 'make_layout_of_layouts': op_make_layout_of_layouts,
}
