"""The CuTe API's common layouts of two layouts, and domain_distribute (docs/definitions.md
`max_common_vector`, `max_common_layout`, `domain_distribute`; include/cute/layout.hpp:1370-1469).

max_common_vector / max_common_layout: N, "the maximum number of contiguous elements that logically
correspond in a and b", is CuTe's computation: the first mode of coalesce(a o right_inverse(b)) where
its stride is 1, else 1.  Where that mode exists, coalesce keeps the function and merges every
stride-1 run, so N is the first j < size(right_inverse(b)) with a(right_inverse(b)(j)) != j (else
that size): found here by tabulation.  right_inverse(b) is CuTe's (its modes decide the composition's
static_asserts, its function which elements correspond).
"""
from math import gcd
from .values import Layout, Bad, flat, size, is_int, check_int_tuple, read_layout, show, fmt, span
from .cute import Pre, coalesce_modes, composition_pres, complement
from .result import Res, first_diff
from .ops import as_value, cute_right_inverse


def common(args, name):
    """a, b, CuTe's right_inverse(b), N (the size of the first stride-1 mode of coalesce(a o inv_b),
    else 1) and a Res with the composition's preconditions (layout.hpp:1387-1389, :1413)."""
    a, b = read_layout(args[0], '$.args[0]'), read_layout(args[1], '$.args[1]')
    if a.kind != 'int' or b.kind != 'int':
        raise Bad(f'{name} takes layouts of integer strides')
    inv = cute_right_inverse(b)
    r = Res()
    unchecked = []
    composition_pres(a, inv, unchecked, 'composition(a, right_inverse(b))')
    r.pre += unchecked
    n = inv.size()
    N = n
    for j in range(n):
        if a(inv(j)) != j:
            N = max(j, 1)
            break
    return a, b, inv, N, r


# ---------------------------------------------------------------- max_common_vector
def op_max_common_vector(args):
    # max_common_vector.post (layout.hpp:1404 "@post For all 0 <= n < N, a(b.get_1d_coord(n)) == n",
    # b.get_1d_coord(n) being right_inverse(b)(n)); max_common_vector.def: N is CuTe's (layout.hpp:1413-1420)
    a, b, inv, N, r = common(args, 'max_common_vector')
    r.contracts = ['max_common_vector.post', 'max_common_vector.def']

    def check(v):
        if not is_int(v) or v < 1:
            return [('max_common_vector.value', f'{v!r} is not an integer >= 1')]
        out = first_diff(v, lambda n: a(inv(n)), lambda n: n, 'max_common_vector.post', 'n')
        if v != N:
            out.append(('max_common_vector.def',
                        f'{v}, but the first mode of coalesce(a o right_inverse(b)) = coalesce({show(a)} o '
                        f'{show(inv)}) gives {N}' + (' (stride-1 run ends there)' if N < inv.size() else
                                                     f' (size(right_inverse(b)) = {inv.size()})')))
        return out
    r.check = check
    return r


# ---------------------------------------------------------------- max_common_layout
def op_max_common_layout(args):
    # max_common_layout.post (layout.hpp:1377 "@post For all 0 <= i < size(R), a(R(i)) == i and
    # b(R(i)) == i"); max_common_layout.def: size(R) = N, CuTe's (layout.hpp:1387-1396); the function
    # of composition(right_inverse(b), N:1) is a stricter reading (warning): another R may meet the post
    a, b, inv, N, r = common(args, 'max_common_layout')
    r.contracts = ['max_common_layout.post', 'max_common_layout.def']
    if N > 1:
        # composition(inv_b, layout<0>(common)) = composition(inv_b, N:1): its walk's conditions
        unchecked = []
        composition_pres(inv, Layout(N, 1), unchecked, 'composition(right_inverse(b), N:1)')
        r.pre += unchecked

    def check(v):
        R = as_value(v)
        if not isinstance(R, Layout) or R.kind != 'int':
            return [('max_common_layout.value', f'{v} is not a layout of integer strides')]
        n = R.size()
        out = first_diff(n, lambda i: a(R(i)), lambda i: i, 'max_common_layout.post')
        out += first_diff(n, lambda i: b(R(i)), lambda i: i, 'max_common_layout.post')
        if n != N:
            out.append(('max_common_layout.def',
                        f'size {n}, but the first stride-1 mode of coalesce(a o right_inverse(b)) = '
                        f'coalesce({show(a)} o {show(inv)}) has {N} elements'))
        return out

    def strict(v):
        # CuTe's own R: size N and the function of right_inverse(b) there
        R = as_value(v)
        if R.size() != N:
            return [('max_common_layout.strict', f'size {R.size()}, CuTe\'s R has {N}')]
        return first_diff(N, R, inv, 'max_common_layout.strict')
    r.check, r.strict = check, strict
    return r


# ---------------------------------------------------------------- domain_distribute
def op_domain_distribute(args):
    # domain_distribute.def (layout.hpp:1451-1469): g_k = gcd(a_k, b_left) over flatten(shape(a)),
    # coalesce(g : compact_col_major(flatten(a))); its @posts (layout.hpp:1431-1434)
    sa, b = args[0], args[1]
    if isinstance(sa, dict):
        sa = read_layout(sa, '$.args[0]').shape
    check_int_tuple(sa, True, '$.args[0]')
    if not is_int(b):
        # static_assert(is_integral<ShapeB>): on the type, whatever its integers
        raise Pre('domain_distribute.pre.integral', 'input', f'b = {fmt(b)} is not an integer')
    if b < 1:
        raise Pre('domain_distribute.pre.positive', 'input', f'b = {b} < 1')
    fa = flat(sa)
    g, left = [], b
    for x in fa:
        g.append(gcd(x, left))
        left //= g[-1]
    stride, cur = [], 1
    for x in fa:                                     # stride.hpp compact_major<LayoutLeft>: 0 at an extent 1
        stride.append(cur if x != 1 else 0)
        cur *= x
    cm = coalesce_modes(list(zip(g, stride)))
    want = (Layout(cm[0][0], cm[0][1]) if len(cm) == 1 else
            Layout([s for s, _ in cm], [d for _, d in cm]))
    want_json = {'shape': want.shape, 'stride': want.stride}
    size_a = size(sa)
    A = Layout(sa, compact_like(sa))
    r = Res(['domain_distribute.post.size', 'domain_distribute.post.divides', 'domain_distribute.post.ordered',
             'domain_distribute.post.admissible', 'domain_distribute.def'])

    def check(v):
        R = as_value(v)
        if not isinstance(R, Layout) or R.kind != 'int':
            return [('domain_distribute.value', f'{v} is not a layout of integer strides')]
        out, n = [], R.size()
        # "@post evenly_divides(b, size(result))": size(b) == size(R) * ceil_div(b, size(R)) (int_tuple.hpp:530)
        if b % n:
            out.append(('domain_distribute.post.size', f'size {n} does not divide b = {b}'))
        # "@post evenly_divides(a, result)": size(a) == size(R) * size(ceil_div(shape(a), R)), ceil_div by a
        # layout being shape(complement(R, shape(a))) (int_tuple.hpp:530, layout.hpp:1594)
        try:
            rest = complement(R, sa).size()
            if size_a != n * rest:
                out.append(('domain_distribute.post.divides',
                            f'size(a) = {size_a} != size(R) * size(complement(R, shape(a))) = {n} * {rest}'))
        except Pre as e:
            out.append(('domain_distribute.post.divides', f'complement(R, shape(a)) fails: {e.msg}'))
        # "@post For all i < j, result(i) < result(j). Surjective and Ordered."
        for i in span(n):
            if i and not R(i - 1) < R(i):
                out.append(('domain_distribute.post.ordered', f'R({i - 1}) = {R(i - 1)} >= R({i}) = {R(i)}'))
                break
        # "@post composition(make_layout(shape(a)), result) is admissible"
        pres = []
        try:
            composition_pres(A, R, pres, 'composition(make_layout(shape(a)), R)')
        except Pre as e:
            pres.append(e)
        if pres:
            out.append(('domain_distribute.post.admissible', pres[0].msg))
        # the value: the formula's function (tabulated), then its coalesced form exactly
        if n != want.size():
            out.append(('domain_distribute.def', f'size {n}, the definition gives {show(want)} of size {want.size()}'))
        else:
            out += first_diff(n, R, want, 'domain_distribute.def')
        if not out and v != want_json:
            out.append(('domain_distribute.def', f'{show(R)} has the function of {show(want)} but is not '
                                                 'that coalesced layout'))
        return out
    r.check = check
    return r


def compact_like(sa):
    """make_layout(shape(a)): compact column-major strides nested like the shape (stride.hpp:294)."""
    out, cur = [], 1
    for x in flat(sa):
        out.append(cur if x != 1 else 0)
        cur *= x
    if not isinstance(sa, list):
        return out[0]
    it = iter(out)

    def go(t):
        return [go(y) for y in t] if isinstance(t, list) else next(it)
    return go(sa)


OPS = {
    'max_common_vector': op_max_common_vector,
    'max_common_layout': op_max_common_layout,
    'domain_distribute': op_domain_distribute,
}
