"""One function per op: its definition (docs/definitions.md), as preconditions, a decision whether
the definition has an answer, and a check of a candidate result against the op's contracts."""
from functools import partial
from math import prod, gcd, lcm
from .values import (Layout, Composed, Swizzle, Bad, flat, size, is_int, ceil_div, unflatten, tdiv, tmod,
                     read_layout, read_any_layout, read_tiler, read_swizzle, read_morphism, make_swizzle,
                     layout_of_table, coord_value, codomain_paths, fmt, show, congruent, span, LIMIT, layout_json,
                     clmul, vec)
from .cute import (Pre, Ref, coalesce_modes, stride_order, coalesce_x_modes, cosize, filter_modes, complement,
                   composition_pres, check_layout_fn, compatible, divide_mode, product_mode, zip2_by,
                   unpack, idx, shape_tree, psize)
from .result import Res, exact, first_diff


def as_value(v):
    """Read a candidate result: a layout or a composed layout."""
    return read_any_layout(v, '$.value')


def layout_vs(ref, tree, ids, post=None):
    """A check of a layout-valued result against a Ref tree: compatible shape, size, function."""
    prof, n = ref.profile(tree), psize(ref.profile(tree))

    def check(v):
        X = as_value(v)
        out = []
        if not compatible(prof, X.shape):
            out.append((ids[0], f'shape {fmt(X.shape)} is not compatible with the definition\'s {fmt(prof)}'))
        if X.size() != n:
            return out + [(ids[1], f'size {X.size()}, the definition has size {n}')]
        out += first_diff(n, lambda i: vec(X(i)), lambda i: vec(ref.value(tree, i)), ids[2])
        if post:
            out += post(X)
        return out
    return check


def answer_exists(res, ref):
    """Every composition inside the definition must give a layout (tabulation)."""
    for A, D, what in ref.checks:
        if A.kind == 'f2':
            continue
        paths = codomain_paths(D)
        why = check_layout_fn(lambda i: at(A, D(i), paths), D, coord=A.kind == 'b')
        if why:
            res.noanswer = (res.contracts[-1], f'{what}: no layout has this function: {why}')
            return


# ================================================================ the algebra
def op_evaluate(args):
    # evaluate.def
    L = read_layout(args[0])
    r = Res(['evaluate.def'])
    table = L.table()
    r.check = lambda v: [] if v == table else first_diff(len(table), lambda i: v[i] if i < len(v) else None,
                                                          lambda i: table[i], 'evaluate.def')
    return r


def coalesced_check(X, L, p, cid, extended):
    if isinstance(p, list):
        tops = L.tops()
        if len(p) > len(tops):
            return [(cid + '.profile', 'profile longer than the layout')]
        if not isinstance(X.shape, list):
            if len(tops) == 1:
                return coalesced_check(X, tops[0], p[0], cid, extended)
            return [('coalesce.post.profile', f'result {show(X)} is not congruent to the profile')]
        if len(X.shape) != len(tops):
            return [('coalesce.post.profile', f'result has rank {len(X.shape)}, the layout {len(tops)}')]
        out = []
        for k, Lk in enumerate(tops):
            out += coalesced_check(X.sub(k), Lk, p[k] if k < len(p) else None, cid, extended)
        return out
    out = []
    if X.size() != L.size():
        return [(cid + '.post.size', f'size {X.size()} != {L.size()}')]
    if p is not None and any(isinstance(s, list) for s in (X.shape if isinstance(X.shape, list) else [])):
        out.append((cid + '.post.depth', f'depth of {fmt(X.shape)} > 1'))
    n = X.size()
    if extended:
        pl = prod(flat(L.shape)[:-1]) if flat(L.shape) else 1
        px = prod(flat(X.shape)[:-1]) if flat(X.shape) else 1
        n = max(n, min(2 * lcm(pl, px) + max(pl, px), 1 << 16), 2 * n + 2)
    out += first_diff(n, lambda i: vec(X(i)), lambda i: vec(L(i)), cid + '.post.function')
    return out


def op_coalesce(args):
    # coalesce.post.size / .post.depth / .post.function (layout.hpp:861-863), coalesce.pre.profile
    X = read_any_layout(args[0])
    r = Res(['coalesce.post.size', 'coalesce.post.depth', 'coalesce.post.function'])
    p = args[1] if len(args) > 1 else 1
    L = X.L if isinstance(X, Composed) else X
    if isinstance(p, list) and len(p) > len(L.tops()):
        r.pre.append(Pre('coalesce.pre.profile', 'static_assert',
                         f'profile {fmt(p)} has more modes than the layout (rank {len(L.tops())})'))

    def check(v):
        R = as_value(v)
        if isinstance(X, Composed):
            if not isinstance(R, Composed):
                R = Composed(Swizzle(0, 0, 0), 0, R)
            out = coalesced_check(R.L, X.L, p, 'coalesce', False)
            return out + first_diff(X.size(), R, X, 'coalesce.post.function')
        return coalesced_check(R, X, p, 'coalesce', False)
    r.check = check
    return r


def op_coalesce_z(args):
    # coalesce_z.post.* (PyCuTe algebra.py coalesce_z: result(i) == A(i) for all integers i)
    X = read_layout(args[0])
    r = Res(['coalesce_z.post.size', 'coalesce_z.post.depth', 'coalesce_z.post.function'])
    p = args[1] if len(args) > 1 else 1
    r.check = lambda v: coalesced_check(as_value(v), X, p, 'coalesce_z', True)
    return r


def op_complement(args):
    # complement.post.* (layout.hpp:1167, 02_layout_algebra.md Complement), complement.def
    L = read_layout(args[0])
    if L.kind != 'int':
        raise Bad('complement takes integer strides')
    fm = filter_modes(L.modes())
    M = args[1] if len(args) > 1 else cosize(Layout([s for s, _ in fm], [d for _, d in fm]))
    # the cotarget: an integer, or a shape (layout.hpp:1234 complement(layout, cotarget): shape(cotarget),
    # divided mode by mode); the contracts read its size
    if isinstance(M, list):
        entries = flat(M)
        if not entries or any(not is_int(x) or x < 1 for x in entries):
            raise Bad('a cotarget shape must have positive entries')
        Mn = prod(entries)
    elif not is_int(M) or M < 1:
        raise Bad('cotarget must be a positive integer or a shape')
    else:
        Mn = M
    r = Res(['complement.post.size', 'complement.post.ordered', 'complement.post.disjoint',
             'complement.post.cosize', 'complement.def'])
    C = None
    try:
        C = complement(L, M)
    except Pre as e:
        r.pre.append(e)
    image = set(L.table()) if L.size() <= LIMIT else None
    fsize = prod(s for s, _ in fm)
    # complement.convention: where filter(A), sorted by stride, is not complementable (some stride is
    # not a multiple of the extent below it, Prop. 2.1.6.21), no layout meets the size post-condition
    # and CuTe's floor fold (complement.def) is the convention; the size and cosize lines apply inside only.
    inside = True
    reach = 1
    for sh, d in sorted(((sh, d) for sh, d in fm if d > 0 and sh > 1), key=lambda m: m[1]):
        inside = inside and d % reach == 0
        reach = sh * d

    def check(v):
        R = as_value(v)
        out = []
        n = R.size()
        if inside and n < Mn // fsize:
            out.append(('complement.post.size', f'size {n} < {Mn} / size(filter(A)) = {Mn // fsize}'))
        for i in span(n):
            if i and not R(i - 1) < R(i):
                out.append(('complement.post.ordered', f'R({i - 1}) = {R(i - 1)} >= R({i}) = {R(i)}'))
                break
        for i in (span(n) if image is not None else []):
            if i and R(i) in image:
                out.append(('complement.post.disjoint', f'R({i}) = {R(i)} is in the image of A'))
                break
        AR = Layout([L.shape, R.shape], [L.stride, R.stride])
        if inside and cosize(AR) < Mn:
            out.append(('complement.post.cosize', f'cosize((A,R)) = {cosize(AR)} < {Mn}'))
        if C is not None:
            if C.size() != n:
                out.append(('complement.def', f'size {n}, CuTe\'s complement {show(C)} has size {C.size()}'))
            else:
                out += first_diff(n, R, C, 'complement.def')
        return out
    r.check = check
    return r


def read_B(v):
    if isinstance(v, dict) and 'swizzle' in v and 'layout' not in v:
        return read_swizzle(v)
    if isinstance(v, dict) and 'layout' in v:
        return read_any_layout(v)
    return read_tiler(v)


def at(A, x, paths):
    """A evaluated at B's value x (an int, or a coordinate from basis strides)."""
    if isinstance(x, dict):
        x = {k: v for k, v in x.items()}
        if () in x:
            raise Bad('integer and basis strides mixed in B')
        return A.at(coord_value(x, paths))
    return A(x)


from .values import Chain, read_chain, stages, domain_arg  # noqa: E402  composed chains (docs/vector-format.md)


def op_composition(args):
    # composition.post.compatible / composition.post.function (layout.hpp:1022-1023), composition.pre.*
    X, B = read_chain(args[0]), read_B(args[1])
    r = Res(['composition.post.compatible', 'composition.post.function'])
    # A composed or a chain: composition(a.layout_a(), a.offset(), composition(a.layout_b(), b))
    # (layout_composed.hpp:373), recursively: the chain's rightmost function meets B, the rest follows it
    st = stages(X)
    A, outer = st[-1], st[:-1]
    ref = Ref()
    if outer:
        ref.post = lambda v: apply_stages(outer, v)

    def build(unchecked):
        if isinstance(A, Swizzle):
            # composition(Swizzle, Layout) = Sw o 0 o B (swizzle_layout.hpp:321); no overload for another B
            if not (isinstance(args[1], dict) and 'shape' in args[1]) or B.kind == 'b':
                raise Bad('a chain ending in a swizzle composes with a layout only (swizzle_layout.hpp:321)')
            bsh = flat(B.shape)
            return shape_tree(ref, ref.atom(lambda cs: A(B(idx(cs, bsh))), bsh), B.shape)
        if isinstance(B, Swizzle):
            if B.valid():
                raise Bad(f'swizzle: {B.valid()}')
            sw2, err = make_swizzle(A(B.yyy()), A(B.zzz()))
            if err:
                raise Pre('composition.pre.swizzle', 'static_assert', f'make_swizzle<A(yyy), A(zzz)>: {err}')
            ash = flat(A.shape)
            return shape_tree(ref, ref.atom(lambda cs: A(B(idx(cs, ash))), ash), A.shape)
        if isinstance(B, Composed):
            # both swizzled: CuTe nests the swizzles, a composed chain (docs/vector-format.md)
            if B.off != 0:
                raise Pre('composition.pre.offset', 'static_assert', 'Require offset == 0.')
            sw2, err = make_swizzle(A(B.sw.yyy()), A(B.sw.zzz()))
            if err:
                raise Pre('composition.pre.swizzle', 'static_assert', f'make_swizzle<A(yyy), A(zzz)>: {err}')
            composition_pres(A, B.L, unchecked)
            bsh = flat(B.L.shape)
            return shape_tree(ref, ref.atom(lambda cs: A(B(idx(cs, bsh))), bsh), B.L.shape)
        return compose_tree(ref, A, B, unchecked, 'A o B')
    tree = caught(r, build)
    if tree is None:
        return r
    n = psize(ref.profile(tree))
    big = next((v for v in (ref.value(tree, i) for i in (n - 1, 1 if n > 1 else 0)) if is_int(v) and abs(v) >= 1 << 63), None)
    if big is not None:
        r.pre.append(Pre('composition.pre.int64', 'static_assert', f'a value {big} of the result overflows int64'))
        return r
    r.check = chain_vs(ref, tree)
    if not isinstance(B, (Swizzle, Composed)):
        # a chain's rightmost layout meets B, the chain's outer functions stay (layout_composed.hpp:373):
        # an answer exists exactly when that inner composition is a layout
        answer_exists(r, ref)
    elif A.kind == 'int':
        # CuTe moves B's swizzle through A: A o Sw_B o L_B is make_swizzle<A(yyy), A(zzz)> o (A o L_B)
        # (swizzle_layout.hpp composition(Layout, Swizzle); L_B the identity for a bare swizzle); the
        # chain's outer functions stay. An answer exists exactly when A o L_B is a layout and the moved
        # swizzle gives A o Sw_B on L_B's image.
        Sb, LB = (B, None) if isinstance(B, Swizzle) else (B.sw, B.L)
        sw2, _ = make_swizzle(A(Sb.yyy()), A(Sb.zzz()))
        x = LB if LB is not None else (lambda i: i)
        why = check_layout_fn(lambda i: A(LB(i)), LB) if LB is not None else None
        moved = first_diff(x.size() if LB is not None else A.size(), lambda i: sw2(A(x(i))),
                           lambda i: A(Sb(x(i))), r.contracts[-1])
        if why:
            r.noanswer = (r.contracts[-1], f'A o L_B: no layout has this function: {why}')
        elif moved:
            r.noanswer = (r.contracts[-1], f'the swizzle moved through A, Sw<{sw2.b},{sw2.m},{sw2.s}> o A, is '
                                           f'not A o Sw_B: {moved[0][1]}')
    else:
        r.covered_noanswer = False      # coordinate strides: CuTe's moved swizzle has no meaning there
    return r


def apply_stages(fs, v):
    """The functions of a chain's stages (values.stages), rightmost first; an integer k adds k."""
    for f in reversed(fs):
        v = v + f if is_int(f) else f(v)
    return v


def chain_vs(ref, tree):
    """layout_vs for a result that may be a composed chain (docs/vector-format.md): its function at each
    argument c of rhs's domain [0, n), and its domain (the preimage its right swizzles and offsets take
    of its rightmost layout's) that same set: composition.post.compatible / .function (layout.hpp:1022)."""
    prof, n = ref.profile(tree), psize(ref.profile(tree))

    def check(v):
        X = read_chain(v, '$.value')
        out = []
        if not compatible(prof, X.shape):
            out.append(('composition.post.compatible',
                        f'shape {fmt(X.shape)} is not compatible with the definition\'s {fmt(prof)}'))
        if X.size() != n:
            return out + [('composition.post.size', f'size {X.size()}, the definition has size {n}')]
        if isinstance(X, Chain):
            # the arguments of indices 0..n-1 are distinct (bijections): in [0, n) each, they are [0, n)
            j = next((j for j in span(n) if not 0 <= X.arg(j) < n), None)
            if j is not None:
                return out + [('composition.post.compatible', f'the chain\'s domain is not [0, {n}): index {j} '
                                                             f'is the argument {X.arg(j)}')]
        out += first_diff(n, lambda i: vec(X(i)), lambda i: vec(ref.value(tree, i)), 'composition.post.function')
        return out
    return check


def compose_tree(ref, A, B, unchecked, what):
    if isinstance(B, list):
        tops = A.tops()
        if len(B) > len(tops):
            raise Pre('composition.pre.rank', 'static_assert', f'{what}: tiler of rank {len(B)} > rank {len(tops)}')
        return [compose_tree(ref, tops[k], B[k], unchecked, f'{what}.{k}') for k in range(len(B))]
    composition_pres(A, B, unchecked, what)
    if A.kind == 'f2':
        ref.add = lambda a, b: a ^ b
    bsh = flat(B.shape)
    paths = codomain_paths(B)
    axes = ref.atom(lambda cs: at(A, B(idx(cs, bsh)), paths), bsh)
    ref.checks.append((A, B, what))
    return shape_tree(ref, axes, B.shape)


def caught(r, build):
    """The tree build(unchecked) makes of a definition (composition, the divides and products), with
    its preconditions in r: a Pre it raises goes to r.pre and gives None; the preconditions it
    appended to unchecked follow in r.pre either way."""
    unchecked = []
    try:
        node = build(unchecked)
    except Pre as e:
        r.pre.append(e)
        node = None
    r.pre += unchecked
    return node


def divide_ref(A, T, r):
    ref = Ref()
    return ref, caught(r, lambda unchecked: divide_mode(ref, A, T, unchecked, 'A / B'))


def regroup(node, T, flavour):
    """A logical divide's or product's node by the tiler T in the flavour's form: zipped (the by-mode
    pairs zipped), tiled (then the second half's modes spliced in) or flat (both halves' modes);
    logical leaves it as it is."""
    if flavour != 'logical':
        node = zip2_by(node, T)
        if flavour == 'tiled':
            node = [node[0]] + unpack(node[1])
        elif flavour == 'flat':
            node = unpack(node[0]) + unpack(node[1])
    return node


def flavoured(args, kind, flavour):
    """A divide's or product's operands (a layout of integer strides, a tiler) and the Res of its
    flavour's op (kind 'divide' or 'product')."""
    A, T = read_layout(args[0]), read_tiler(args[1])
    if A.kind != 'int':
        raise Bad(f'{kind} takes integer strides')
    return A, T, Res([f'{flavour}_{kind}.post.shape', f'{flavour}_{kind}.def'])


def flavoured_check(r, ref, node, name, post=None):
    """The check of a divide's or product's result against the node (name: the flavour's op)."""
    r.check = layout_vs(ref, node, [f'{name}.post.shape', f'{name}.post.size', f'{name}.def'], post)
    answer_exists(r, ref)
    return r


def op_logical_divide(args, flavour='logical'):
    # logical_divide.def = A o (B, complement(B, size A)) by mode (layout.hpp:1559-1646); zipped/tiled/flat
    A, T, r = flavoured(args, 'divide', flavour)
    ref, node = divide_ref(A, T, r)
    if node is None:
        return r
    return flavoured_check(r, ref, regroup(node, T, flavour), f'{flavour}_divide')


def op_product(args, flavour='logical'):
    # logical_product.def = (A, complement(A, size A * cosize B) o B) (layout.hpp:1653-1760)
    A, B, r = flavoured(args, 'product', flavour)
    ref = Ref()

    def build(unchecked):
        if flavour in ('blocked', 'raked'):
            if isinstance(B, list):
                raise Bad('blocked/raked products take two layouts')
            R = max(len(A.tops()), len(B.tops()))
            return zip_pairs(ref, pad(A, R), pad(B, R), R, unchecked, flavour)
        return regroup(product_mode(ref, A, B, unchecked, 'A x B'), B, flavour)
    node = caught(r, build)
    if node is None:
        return r
    post = None
    if flavour in ('blocked', 'raked'):
        Rk = max(len(A.tops()), len(B.tops()))
        post = lambda X: [] if len(X.tops()) == Rk else [(f'{flavour}_product.post.rank',
                                                          f'rank {len(X.tops())} != max(rank A, rank B) = {Rk}')]
    return flavoured_check(r, ref, node, f'{flavour}_product', post)


def zip_pairs(ref, A2, B2, R, unchecked, name):
    """zip(get<0>(A2 x B2), get<1>(A2 x B2)) (layout.hpp:1734, tuple_algorithms.hpp zip): mode k is
    (A2_k, (A2* o B2)_k); raked_product swaps the two.  A non-tuple first operand gives ((F, S));
    a tuple first operand needs the second of the same rank (static_assert "Mismatched Ranks")."""
    from .cute import walk_rank
    pair = product_mode(ref, A2, B2, unchecked, 'A x B')
    if R > 1:
        out = [[pair[0][k], pair[1][k]] for k in range(R)]
        return out if name != 'raked' else [[b, a] for a, b in out]
    C = complement(A2, A2.size() * cosize(B2))
    cb_rank = len(B2.shape) if isinstance(B2.shape, list) else walk_rank(coalesce_x_modes(C.modes()), B2.shape, B2.stride)
    info = [(isinstance(A2.shape, list), len(A2.shape) if isinstance(A2.shape, list) else 1, pair[0]),
            (isinstance(B2.shape, list) or cb_rank > 1, cb_rank, pair[1])]
    if name == 'raked':
        info.reverse()
    (ft, fr, fn), (st, sr, sn) = info
    if not ft:
        return [[fn, sn]]
    if (st and sr != fr) or (not st and fr != 1):
        raise Pre(f'{name}_product.pre.rank', 'static_assert',
                  f'Mismatched Ranks: zip of modes of rank {fr} and {sr if st else 1}')
    if not isinstance(fn, list) or (st and not isinstance(sn, list)):
        raise Pre(f'{name}_product.pre.split', 'unchecked', 'CuTe composition splits a mode here; not decided')
    return [[fn[k], sn[k] if st else sn] for k in range(fr)]


def pad(L, R):
    """append<R>(L): pad with 1:0 modes to rank R (layout.hpp:964 append)."""
    tops = L.tops()
    if R <= 1:
        return L
    sh = [t.shape for t in tops] + [1] * (R - len(tops))
    st = [t.stride for t in tops] + [0] * (R - len(tops))
    return Layout(sh, st)


def chain(L):
    """right_inverse.post.size: the extent of the stride chain 1, s0*d0, ... of coalesce(L) (layout.hpp:1265)."""
    return cute_right_inverse(L).size()


def op_right_inverse(args):
    # right_inverse.post.inverse (layout.hpp:1255 @result), right_inverse.post.size (PyCuTe right_inverse)
    X = read_any_layout(args[0])
    r = Res(['right_inverse.post.inverse', 'right_inverse.post.size'])
    L = X.L if isinstance(X, Composed) else X
    if L.kind != 'int':
        raise Bad('right_inverse takes integer strides here')
    n = chain(L)
    # offset 0: composition(Linv, Sw) = make_swizzle<Linv(yyy), Linv(zzz)> o Linv (swizzle_layout.hpp:354);
    # else the chain Linv o -k o Sw (swizzle_layout.hpp:356), no make_swizzle
    if isinstance(X, Composed):
        if X.off == 0:
            Linv = cute_right_inverse(L)
            _, err = make_swizzle(Linv(X.sw.yyy()), Linv(X.sw.zzz()))
            if err:
                r.pre.append(Pre('right_inverse.pre.swizzle', 'static_assert', f'make_swizzle<R(yyy), R(zzz)>: {err}'))

    def check(v):
        # X(R(x)) == x for each x of R's domain: x = j for a layout; for a composed chain the argument of
        # index j, its right swizzles' and offsets' preimage of j (right_inverse.def, docs/vector-format.md)
        R = read_chain(v, '$.value')
        out = []
        if R.size() != n:
            out.append(('right_inverse.post.size', f'size {R.size()}, the stride chain of {show(L)} has {n}'))
        if not isinstance(R, Chain):
            return out + first_diff(R.size(), lambda i: X(R(i)), lambda i: i, 'right_inverse.post.inverse')
        for j in span(R.size()):
            x = domain_arg(R, j)
            if X(R(x)) != x:
                return out + [('right_inverse.post.inverse', f'at x = {x} (domain index {j}): X(R(x)) = {X(R(x))}')]
        return out
    r.check = check
    return r


def cute_right_inverse(L):
    """The layout CuTe builds: its size is the chain's, and it gives the swizzle masks of the composed case."""
    cm = coalesce_modes(L.modes())
    pre = [prod(s for s, _ in cm[:k]) for k in range(len(cm))]
    sh, st, cur = [1], [0], 1
    for k in stride_order([d for _, d in cm]):
        s, d = cm[k]
        if d == cur:
            sh.append(s)
            st.append(pre[k])
            cur = s * d
    out = coalesce_modes(list(zip(sh, st)))  # coalesce(make_layout(result_shape, result_stride))
    return Layout(out[0][0], out[0][1]) if len(out) == 1 else Layout([s for s, _ in out], [d for _, d in out])


def cute_left_inverse(L, r):
    """CuTe's construction, for its static_assert and for the swizzle masks (layout.hpp:1324)."""
    cm = coalesce_modes(L.modes())
    pre = [prod(s for s, _ in cm[:k]) for k in range(len(cm))]
    order = stride_order([d for _, d in cm])
    sh, st, sz = [], [0], 1
    for k in order:
        s, d = cm[k]
        if d == 0:
            continue
        if d < 0 and not any(p.pid == 'left_inverse.pre.positive' for p in r.pre):
            r.pre.append(Pre('left_inverse.pre.positive', 'unchecked',
                             f'stride {d} < 0: CuTe builds the extent {d} // {sz}'))
        # CuTe goes on past a negative stride, with C++'s truncating / and % (its static_assert may fire later)
        q = abs(d) // abs(sz) * (1 if (d < 0) == (sz < 0) else -1)
        if d - q * sz:
            r.pre.append(Pre('left_inverse.pre.divisibility', 'static_assert',
                             f'Left inverse divisibility condition: stride {d} is not a multiple of {sz}'))
            return None
        if any(p.pid == 'left_inverse.pre.positive' for p in r.pre):
            sz = d
            continue
        sh.append(d // sz)
        st.append(pre[k])
        sz = d
    if any(p.pid == 'left_inverse.pre.positive' for p in r.pre):
        return None
    sh.append(cm[order[-1]][0])
    return Layout(sh, st[:len(sh)] if len(st) >= len(sh) else st + [0])


def op_left_inverse(args):
    # left_inverse.post.quasi (layout.hpp:1312 @result; CUTLASS test inverse_left.cpp)
    X = read_any_layout(args[0])
    r = Res(['left_inverse.post.quasi'])
    L = X.L if isinstance(X, Composed) else X
    if L.kind != 'int':
        raise Bad('left_inverse takes integer strides here')
    Linv = cute_left_inverse(L, r)
    # offset 0: make_swizzle<Linv(yyy), Linv(zzz)> o Linv (swizzle_layout.hpp:367); else the chain
    # left_inverse(L) o -k o Sw (swizzle_layout.hpp:369), no make_swizzle
    if isinstance(X, Composed):
        if X.off == 0 and Linv is not None:
            _, err = make_swizzle(Linv(X.sw.yyy()), Linv(X.sw.zzz()))
            if err:
                r.pre.append(Pre('left_inverse.pre.swizzle', 'static_assert', f'make_swizzle<R(yyy), R(zzz)>: {err}'))

    def check(v):
        R = read_chain(v, '$.value')  # a composed chain evaluated as a function, rightmost first
        return first_diff(X.size(), lambda i: X(R(X(i))), lambda i: X(i), 'left_inverse.post.quasi')
    r.check = check
    return r


def kernel(X):
    if X.size() > LIMIT:
        return None
    z = X(0)
    return [i for i in range(X.size()) if X(i) == z]


def op_nullspace(args):
    # nullspace.post.kernel / .post.injective / .post.size (layout.hpp:1477); nullspace.strict; F2: nullspace.f2
    X = read_any_layout(args[0])
    composed = isinstance(X, Composed)
    L = X.L if composed else X
    if L.kind == 'f2' or L.f2:
        r = Res(['nullspace.f2'])
        ker = kernel(X)
        r.check = lambda v: enumerates(as_value(v), ker, 'nullspace.f2')
        if layout_of_table(lambda i: ker[i], len(ker)) is None:
            r.noanswer = ('nullspace.f2', f'no layout enumerates the kernel {ker[:8]}...')
        return r
    # nullspace.composed: CuTe states no contract for sw o off o L ("Do not attempt"); its meaning with
    # offset 0 is L's nullspace (a swizzle maps only 0 to 0), so L's contract, size included, applies.
    sized = not composed or X.off == 0
    r = Res(['nullspace.post.kernel', 'nullspace.post.injective'] + (['nullspace.post.size'] if sized else []))
    fsize = prod(s for s, d in L.modes() if d != 0)
    z = X(0)

    def check(v):
        R = as_value(v)
        out = []
        for i in span(R.size()):
            if X(R(i)) != z:
                out.append(('nullspace.post.kernel', f'at i = {i}: X(R(i)) = X({R(i)}) = {X(R(i))} != {z}'))
                break
        if any(d == 0 and s > 1 for s, d in R.modes()):
            out.append(('nullspace.post.injective', f'nullspace(R) != 1:0: R = {show(R)} has a stride-0 mode'))
        if sized and R.size() != L.size() // fsize:
            out.append(('nullspace.post.size', f'size {R.size()} != size(L)/size(filter(L)) = {L.size() // fsize}'))
        return out
    r.check = check
    ker = kernel(X)
    if ker is not None:
        r.strict = lambda v: enumerates(as_value(v), ker, 'nullspace.strict')
    return r


def enumerates(R, ker, cid):
    if R.size() != len(ker):
        return [(cid, f'size {R.size()}, the kernel has {len(ker)} elements {ker[:8]}')]
    return first_diff(len(ker), R, lambda i: ker[i], cid)


def op_layout_add(args):
    # layout_add.def (PyCuTe algebra.py layout_add: R(i) == A(i) + B(i), size(A) == size(B))
    A, B = read_layout(args[0]), read_layout(args[1])
    r = Res(['layout_add.post.size', 'layout_add.def'])
    if A.size() != B.size():
        r.pre.append(Pre('layout_add.pre.size', 'assert', f'size(A) = {A.size()} != size(B) = {B.size()}'))
        return r
    f2 = 'f2' in (A.kind, B.kind)
    fn = (lambda i: A(i) ^ B(i)) if f2 else (lambda i: A(i) + B(i))

    def check(v):
        R = as_value(v)
        if R.size() != A.size():
            return [('layout_add.post.size', f'size {R.size()} != {A.size()}')]
        return first_diff(A.size(), R, fn, 'layout_add.def')
    r.check = check
    n = A.size()
    if not f2 and layout_of_table(fn, n) is None:
        r.noanswer = ('layout_add.def', 'no layout has the function A(i) + B(i)')
    elif not f2:
        pass
    elif all(_f2_or_0(d) for d in flat(A.stride) + flat(B.stride)) and \
            _no_ones(flat(A.shape)) == _no_ones(flat(B.shape)):
        pass        # the same coordinates: the modes' strides XORed leaf by leaf have the function
    elif pow2(n):
        # every extent a power of two: a mode s:F<v> is F2-linear in its coordinate's bits, so an F2
        # layout has the function exactly when it is F2-linear in i's bits (then (2,2,..):(F<f(1)>,F<f(2)>,..))
        bits = n.bit_length() - 1
        if any(fn(i) != _xor_bits(fn, i, bits) for i in span(n)):
            r.noanswer = ('layout_add.def', 'A(i) ^ B(i) is not F2-linear in the bits of i: no F2 layout has it')
    elif n <= 1 << 12 and not _f2_layout_exists(fn, n):
        r.noanswer = ('layout_add.def', 'no F2 layout has the function A(i) ^ B(i) (every factorization of the size tried)')
    elif n > 1 << 12:
        r.covered_noanswer = False      # odd extents past 2^12: the search below is not run
    return r


def _f2_layout_exists(f, n):
    """Whether some F2 layout (s_0,s_1,..):(F<v_0>,F<v_1>,..) of size n has the function f: its modes
    with product P cover [0, P) exactly when f is theirs there, and the next mode s:F<f(P)> extends
    that to [0, P s) exactly when f(c + P k) == f(c) ^ clmul(k, f(P)) for c < P, k < s, which depends on
    P alone, not on how P was factored: a search over the divisors P of n, from 1 (f tabulated once)."""
    t = [f(i) for i in range(n)]
    reach, todo = {1}, [1]
    while todo:
        P = todo.pop()
        v, failed = t[P] if P < n else 0, []
        for s in range(2, n // P + 1):
            if (n // P) % s or P * s in reach or any(s % q == 0 for q in failed):
                continue
            if all(t[c + P * k] == t[c] ^ clmul(k, v) for k in range(1, s) for c in range(P)):
                reach.add(P * s)
                todo.append(P * s)
            else:
                failed.append(s)
    return n in reach


def _f2_or_0(d):
    return d == 0 or isinstance(d, tuple) and d[0] == 'f2'


def _no_ones(s):
    return [x for x in s if x != 1]


def _xor_bits(f, i, bits):
    out = 0
    for k in range(bits):
        if i >> k & 1:
            out ^= f(1 << k)
    return out


def op_greatest_common_domain(args):
    # greatest_common_domain.def (PyCuTe algebra.py greatest_common_domain: its walk)
    def shp(v):
        return read_layout(v).shape if isinstance(v, dict) else v
    a, b = [x for x in flat(shp(args[0]))], [x for x in flat(shp(args[1]))]
    rs, rd = [], []
    pa = pb = 1
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == 1:
            i += 1
            continue
        if b[j] == 1:
            j += 1
            continue
        m = lcm(pa, pb)
        ra, rb = m // pa, m // pb
        if a[i] % ra == 0 and b[j] % rb == 0:
            g = gcd(a[i] // ra, b[j] // rb)
            if g != 1:
                rs.append(g)
                rd.append(m)
                a[i] //= ra * g
                b[j] //= rb * g
                pa = pb = m * g
                continue
        ea, eb = pa * a[i], pb * b[j]
        qa, qb = eb % ea == 0, ea % eb == 0
        if qa or not qb:
            pa, i = ea, i + 1
        if qb or not qa:
            pb, j = eb, j + 1
    want = {'shape': rs or [1], 'stride': rd or [0]}
    r = Res(['greatest_common_domain.def'])
    exact(r, want, 'greatest_common_domain.def')
    return r


# ================================================================ constructors
def compact(shape, major, start=1):
    """compact_major<LayoutLeft/Right>(shape, start): size-1 modes get stride 0 (stride.hpp:294)."""
    sh = flat(shape)
    out = [0] * len(sh)
    cur = start
    ks = range(len(sh)) if major == 'LayoutLeft' else reversed(range(len(sh)))
    for k in ks:
        if sh[k] != 1:
            out[k] = cur
            cur *= sh[k]
    return unflatten(out, shape) if isinstance(shape, list) else out[0]


def exact_layout(want, cid):
    def check(v):
        X = as_value(v)
        if X.shape != want.shape:
            return [(cid, f'shape {fmt(X.shape)} != {fmt(want.shape)}')]
        return first_diff(want.size(), X, want, cid)
    return check


def op_make_layout(args):
    # make_layout.def (layout.hpp:345-370): compact column-major (default, LayoutLeft) or row-major
    shape = args[0]
    major = args[1] if len(args) > 1 else 'LayoutLeft'
    from .values import check_int_tuple
    check_int_tuple(shape)
    if major not in ('LayoutLeft', 'LayoutRight'):
        raise Bad(f'major must be LayoutLeft or LayoutRight, not {major!r}')
    r = Res(['make_layout.def'])
    r.check = exact_layout(Layout(shape, compact(shape, major)), 'make_layout.def')
    return r


def ordered_strides(shape, order, r, name):
    """compact_order(shape, order) (stride.hpp:412, :435): each order leaf's subshape starts at the
    product of the sizes of the leaves with a smaller order."""
    if order in ('LayoutLeft', 'LayoutRight'):
        return compact(shape, order), None

    def pair(s, o):
        if isinstance(o, list):
            if not isinstance(s, list) or len(s) != len(o):
                raise Pre(f'{name}.pre.rank', 'static_assert', 'Mismatched tuple_size: order does not match the shape')
            return [y for a, b in zip(s, o) for y in pair(a, b)]
        if not is_int(o):
            raise Bad(f'order entry {o!r}')
        return [(s, o)]
    leaves_ = pair(shape, order)
    out = []
    for s, o in leaves_:
        start = prod(size(t) for t, p in leaves_ if p < o)
        out.append(compact(s, 'LayoutLeft', start))
    ties = [(o, [size(s) for s, p in leaves_ if p == o]) for o in sorted({p for _, p in leaves_})]
    tie = next((o for o, ss in ties if sum(1 for x in ss if x > 1) > 1), None)
    return unflatten_leaves(out, shape, order), tie


def unflatten_leaves(vals, shape, order):
    it = iter(vals)

    def go(s, o):
        if isinstance(o, list):
            return [go(a, b) for a, b in zip(s, o)]
        return next(it)
    return go(shape, order)


def compact_checks(cid, X, shape, zero_mask=None):
    """X is compact: the modes not forced to 0 map [0, n) one to one onto [0, n)."""
    keep = [(s, d) for (s, d), z in zip(X.modes(), zero_mask or [False] * len(X.modes())) if not z]
    K = Layout([s for s, _ in keep] or 1, [d for _, d in keep] or 0)
    n = K.size()
    img = sorted(K.table())
    if img != list(range(n)):
        bad = next(i for i in range(n) if img[i] != i)
        return [(cid, f'{show(X)} is not compact: its image misses {bad} (two coordinates share an offset)')]
    return []


def op_make_ordered_layout(args):
    # make_ordered_layout.post.compact / .post.order (layout.hpp:414 comment), pre.rank
    from .values import check_int_tuple
    shape, order = args[0], args[1]
    check_int_tuple(shape)
    r = Res(['make_ordered_layout.post.shape', 'make_ordered_layout.post.compact', 'make_ordered_layout.post.order'])
    try:
        strides, tie = ordered_strides(shape, order, r, 'make_ordered_layout')
    except Pre as e:
        r.pre.append(e)
        return r
    lv = pair_leaves(shape, order)
    r.cute = {'shape': shape, 'stride': strides}

    def check(v):
        X = as_value(v)
        if not congruent(X.shape, shape) or X.shape != shape:
            return [('make_ordered_layout.post.shape', f'shape {fmt(X.shape)} != {fmt(shape)}')]
        out = compact_checks('make_ordered_layout.post.compact', X, shape)
        out += order_checks('make_ordered_layout.post.order', X, shape, lv)
        return out
    r.check = check
    return r


def pair_leaves(shape, order):
    """For each flat mode of shape, the order value of its order leaf."""
    if order in ('LayoutLeft', 'LayoutRight'):
        n = len(flat(shape))
        return list(range(n)) if order == 'LayoutLeft' else list(range(n - 1, -1, -1))

    def go(s, o):
        if isinstance(o, list):
            return [y for a, b in zip(s, o) for y in go(a, b)]
        return [o] * len(flat(s))
    return go(shape, order)


def order_checks(cid, X, shape, ordv):
    ms = X.modes()
    for a in range(len(ms)):
        for b in range(len(ms)):
            if ms[a][0] > 1 and ms[b][0] > 1 and ordv[a] < ordv[b] and not ms[a][1] < ms[b][1]:
                return [(cid, f'flat mode {a} (order {ordv[a]}) has stride {ms[a][1]} >= {ms[b][1]} '
                              f'of flat mode {b} (order {ordv[b]})')]
    return []


def op_make_layout_like(args):
    # make_layout_like.post.* (layout.hpp:431 comment): same shape, compact, ordered like L's strides, 0s kept
    L = read_layout(args[0])
    r = Res(['make_layout_like.post.shape', 'make_layout_like.post.zeros', 'make_layout_like.post.compact',
             'make_layout_like.post.order'])
    zero = [d == 0 for _, d in L.modes()]
    ordv = [d for _, d in L.modes()]
    if L.kind == 'int':
        # CuTe's answer (layout.hpp:444): compact_order(filter_zeros(stride, shape), stride), a stride-0
        # leaf's extent read as 1 (its compact stride 0); tied strides start at one stride
        def ones_at_zeros(d, s):
            return [ones_at_zeros(a, b) for a, b in zip(d, s)] if isinstance(d, list) else 1 if d == 0 else s
        r.cute = {'shape': L.shape, 'stride': ordered_strides(ones_at_zeros(L.stride, L.shape), L.stride, r,
                                                              'make_layout_like')[0]}

    def check(v):
        X = as_value(v)
        if X.shape != L.shape:
            return [('make_layout_like.post.shape', f'shape {fmt(X.shape)} != {fmt(L.shape)}')]
        out = []
        for k, ((s, d), z) in enumerate(zip(X.modes(), zero)):
            if z and d != 0:
                out.append(('make_layout_like.post.zeros', f'flat mode {k} has stride 0 in L, {d} in the result'))
        out += compact_checks('make_layout_like.post.compact', X, L.shape, zero)
        sel = [k for k in range(len(zero)) if not zero[k]]
        ms = X.modes()
        for a in sel:
            for b in sel:
                if ms[a][0] > 1 and ms[b][0] > 1 and ordv[a] < ordv[b] and not ms[a][1] < ms[b][1]:
                    out.append(('make_layout_like.post.order', f'flat modes {a}, {b}: strides {ordv[a]} < {ordv[b]} '
                                                              f'in L but {ms[a][1]} >= {ms[b][1]} in the result'))
                    return out
        return out
    r.check = check
    return r


def op_tile_to_shape(args):
    # tile_to_shape.def = blocked_product(block, make_ordered_layout(ceil_div(trg, block), order)) (layout.hpp:1778)
    X, trg = read_any_layout(args[0]), args[1]
    order = args[2] if len(args) > 2 else 'LayoutLeft'
    from .values import check_int_tuple
    check_int_tuple(trg)
    r = Res(['tile_to_shape.post.compatible', 'tile_to_shape.post.repeat', 'tile_to_shape.def'])
    blk = X.L if isinstance(X, Composed) else X
    tt = trg if isinstance(trg, list) else [trg]
    R = len(tt)
    if len(blk.tops()) > R:
        r.pre.append(Pre('tile_to_shape.pre.rank', 'static_assert', 'Rank of layout must be <= rank of target shape.'))
        return r
    P = pad(blk, R) if R > 1 else blk
    bsz = [t.size() for t in P.tops()]
    tsz = [size(t) for t in tt]
    if any(t % b for t, b in zip(tsz, bsz)):
        r.pre.append(Pre('tile_to_shape.pre.divides', 'static_assert',
                         'tile_to_shape: block shape does not divide the target shape.'))
        return r
    pshape = [t // b for t, b in zip(tsz, bsz)]
    try:
        if not (order in ('LayoutLeft', 'LayoutRight') or isinstance(order, list) or (is_int(order) and R == 1)):
            raise Bad(f'order {order!r}')
        ost, tie = ordered_strides(pshape if isinstance(trg, list) else pshape[0],
                                 [order] if is_int(order) and isinstance(trg, list) else order,
                                 r, 'tile_to_shape')
        O = Layout(pshape if isinstance(trg, list) else pshape[0], ost if isinstance(trg, list) or R > 1 else ost)
        ref, unchecked = Ref(), []
        node = zip_pairs(ref, P, O, R, unchecked, 'blocked')
    except Pre as e:
        r.pre.append(e)
        return r
    r.pre += unchecked
    if isinstance(X, Composed):
        ref.post = lambda v: X.sw(X.off + v)
    base = layout_vs(ref, node, ['tile_to_shape.post.shape', 'tile_to_shape.post.size', 'tile_to_shape.def'])
    # tile_to_shape.post.repeat: "@param block The layout to repeat" (layout.hpp:1765), each copy at its
    # own place, which is make_ordered_layout's @post compact (:416) for the copies' layout; two product
    # modes of extent > 1 with one order value start at one offset, so no answer repeats the block.
    overlap = None if tie is None else (
        f'the copies of the block overlap: make_ordered_layout({fmt(pshape if isinstance(trg, list) else pshape[0])}, '
        f'{fmt(order)}) gives two modes of extent > 1 the order {tie}, so it is not compact')
    if overlap:
        r.noanswer = ('tile_to_shape.post.repeat', overlap)

    def check(v):
        out = base(v)
        if overlap:
            out.append(('tile_to_shape.post.repeat', overlap))
        Y = as_value(v)
        ys = Y.L.shape if isinstance(Y, Composed) else Y.shape
        if not compatible(trg, ys):
            out.append(('tile_to_shape.post.compatible', f'compatible({fmt(trg)}, {fmt(ys)}) fails'))
        return [o for o in out if o[0] != 'tile_to_shape.post.shape']
    r.check = check
    answer_exists(r, ref)
    return r


# ================================================================ element-size changes
def upcast_layout(L, N, r):
    """upcast.def: per mode (layout.hpp:1809): s:0 stays; else s/ceil(N/|d|) : sign(d) ceil(|d|/N)."""
    def mode(s, d):
        if d == 0:
            return s, 0
        if d % N and N % d:
            r.pre.append(Pre('upcast.pre.divisibility', 'static_assert', f'Divisibility condition: stride {d}, N = {N}'))
            return s, d
        return ceil_div(s, ceil_div(N, abs(d))), (1 if d > 0 else -1) * ceil_div(abs(d), N)
    ms = [mode(s, d) for s, d in L.modes()]
    return Layout(unflatten([m[0] for m in ms], L.shape) if isinstance(L.shape, list) else ms[0][0],
                  unflatten([m[1] for m in ms], L.shape) if isinstance(L.shape, list) else ms[0][1])


def has_int1(t):
    return any(d == 1 for d in flat(t))


def downcast_layout(L, N, r):
    """downcast.def: per mode (layout.hpp:1844): a stride +-1 mode's shape times N, other strides times N."""
    if not has_int1(L.stride):
        r.pre.append(Pre('downcast.pre.unit', 'static_assert', 'Downcast requires adjacent elements'))
    ms = [(s * N, d) if d in (1, -1) else (s, d * N) for s, d in L.modes()]
    return Layout(unflatten([m[0] for m in ms], L.shape) if isinstance(L.shape, list) else ms[0][0],
                  unflatten([m[1] for m in ms], L.shape) if isinstance(L.shape, list) else ms[0][1])


def pow2(n):
    return n > 0 and n & (n - 1) == 0


def cast(X, N, up, r):
    if isinstance(X, Composed):
        if not pow2(N):
            r.pre.append(Pre('upcast.pre.pow2' if up else 'downcast.pre.pow2', 'static_assert',
                             'N must be a power of two'))
            return None
        lg = N.bit_length() - 1
        b, m, s = X.sw.b, X.sw.m, X.sw.s
        if up:
            sw = Swizzle(b, m - lg, s) if m - lg >= 0 else Swizzle(max(b + m - lg, 0), 0, s)
            if X.off % N:
                r.pre.append(Pre('upcast.pre.offset', 'static_assert', f'Static safe_div requires t % u == 0: offset {X.off}'))
            return Composed(sw, X.off // N, upcast_layout(X.L, N, r))
        return Composed(Swizzle(b, m + lg, s), X.off * N, downcast_layout(X.L, N, r))
    return upcast_layout(X, N, r) if up else downcast_layout(X, N, r)


def cast_check(want, cid):
    def check(v):
        Y = as_value(v)
        ys = Y.L.shape if isinstance(Y, Composed) else Y.shape
        ws = want.L.shape if isinstance(want, Composed) else want.shape
        if not compatible(ws, ys):
            return [(cid, f'shape {fmt(ys)} is not the per-mode shape {fmt(ws)}')]
        if Y.size() != want.size():
            return [(cid, f'size {Y.size()}, the per-mode rule gives {show(want)} of size {want.size()}')]
        return first_diff(want.size(), Y, want, cid)
    return check


def strict_down(X, N):
    if X.size() * N > LIMIT:
        return None
    want = sorted(N * X(c) + q for c in range(X.size()) for q in range(N))

    def f(v):
        Y = as_value(v)
        if Y.size() != len(want) or sorted(Y.table()) != want:
            return [('downcast.strict', f'not the same memory in elements {N} times smaller')]
        return []
    return f


def strict_up(X, N):
    if X.size() > LIMIT:
        return None
    groups = sorted({X(c) // N for c in range(X.size())})

    def f(v):
        Y = as_value(v)
        got = sorted(set(Y.table()))
        if got != groups:
            return [('upcast.strict', f'the {N}-element groups X touches are {groups[:6]}..., the result covers {got[:6]}...')]
        return []
    return f


def element_size_op(args, up):
    # upcast.def (layout.hpp:1803 comment, :1809; swizzle_layout.hpp:414; layout_composed.hpp:588);
    # downcast.def (layout.hpp:1838 comment, :1844; swizzle_layout.hpp:431; layout_composed.hpp:596)
    X, N = read_any_layout(args[0]), args[1]
    if not is_int(N) or N < 1:
        raise Bad('N must be a positive integer')
    name = 'upcast.def' if up else 'downcast.def'
    r = Res([name])
    want = cast(X, N, up, r)
    if want is not None and not r.pre:
        r.check = cast_check(want, name)
        r.strict = (strict_up if up else strict_down)(X, N)
    return r


def op_upcast(args):
    return element_size_op(args, True)


def op_downcast(args):
    return element_size_op(args, False)


def op_recast_layout(args):
    # recast_layout.def (layout.hpp:1874): ratio new/old -> upcast<num>, then downcast<den>
    X, old, new = read_any_layout(args[0]), args[1], args[2]
    if not (is_int(old) and is_int(new) and old > 0 and new > 0):
        raise Bad('bit widths must be positive integers')
    g = gcd(old, new)
    num, den = new // g, old // g
    r = Res(['recast_layout.def'])
    Y = X
    if num != 1:
        Y = cast(Y, num, True, r)
    if Y is not None and den != 1:
        Y = cast(Y, den, False, r)
    for p in r.pre:
        p.pid = 'recast_layout' + p.pid[p.pid.index('.'):]
    if Y is not None and not r.pre:
        r.check = cast_check(Y, 'recast_layout.def')
        if den != 1 and num == 1:
            r.strict = strict_down(X, den)
        elif num != 1 and den == 1:
            r.strict = strict_up(X, num)
    return r


# ================================================================ partitions
def read_partition(v):
    if not isinstance(v, dict) or set(v) != {'layout', 'offset'}:
        raise Bad('expected {"layout", "offset"}')
    return read_layout(v['layout']), v['offset']


def slice_node(ref, node, coord, what):
    """Slice `node` at coord: an int indexes it 1-D; a tuple is padded with _ (null); returns kept nodes."""
    if coord is None:
        return [node]
    if is_int(coord):
        ref.fix(node, coord)
        return []
    kids = unpack(node)
    if len(coord) > len(kids):
        raise Pre(f'{what}.pre.coord', 'static_assert', f'coordinate {coord} has more modes than {len(kids)}')
    out = []
    for k, kid in enumerate(kids):
        out += slice_node(ref, kid, coord[k] if k < len(coord) else None, what)
    return out


def coord_range_pre(ref, node, coord, what, r):
    """The coordinate lies inside the sliced mode (CuTe does not check; crd2idx extends past it)."""
    if is_int(coord):
        n = psize(ref.profile(node))
        if not 0 <= coord < n:
            r.pre.append(Pre(f'{what}.pre.coord', 'unchecked', f'coordinate {coord} outside the mode of size {n}'))
    elif isinstance(coord, list):
        kids = unpack(node)
        for k, c in enumerate(coord):
            if c is not None and k < len(kids):
                coord_range_pre(ref, kids[k], c, what, r)


def partition(args_T, tiler, coord, inner, name):
    T = read_layout(args_T)
    r = Res([f'{name}.def'])
    ref, node = divide_ref(T, tiler, r)
    for p in r.pre:
        if p.pid.startswith('logical_divide') or p.pid.startswith('composition') or p.pid.startswith('complement'):
            p.pid = f'{name}.pre.divide:' + p.pid
    if node is None:
        return r
    z = zip2_by(node, tiler)
    tile, rest = z[0], z[1]
    try:
        if inner:
            coord_range_pre(ref, rest, coord, name, r)
            kept = unpack(tile) + slice_node(ref, rest, coord if isinstance(coord, list) or is_int(coord) else None, name)
        else:
            coord_range_pre(ref, tile, coord, name, r)
            kept = slice_node(ref, tile, coord, name) + unpack(rest)
    except Pre as e:
        r.pre.append(e)
        return r
    n = psize(ref.profile(kept))

    def check(v):
        L, off = read_partition(v)
        if L.size() != n:
            return [(f'{name}.def', f'size {L.size()}, the definition\'s slice has {n} elements')]
        return first_diff(n, lambda j: L(j) + off, lambda j: ref.value(kept, j), f'{name}.def', 'element')
    outside = [p for p in r.pre if p.pid == f'{name}.pre.coord']
    if outside:  # no such tile (or element of a tile): what crd2idx's extension picks is no answer
        r.noanswer = (outside[0].pid, outside[0].msg)
        return r
    r.check = check
    # inner_partition.def: element j is T((B,B*)(tile j, coord)), a function whether or not the whole
    # division is a layout; the answer exists exactly when that slice is offset + some layout
    # (tabulated), so a division with no answer can still have a slice with one
    off = ref.value(kept, 0)
    if layout_of_table(lambda j: ref.value(kept, j) - off, n) is None:
        r.noanswer = (f'{name}.def', f'the slice j -> T((B,B*)(tile j, coord)) minus its offset {off} is no '
                                     f'layout: {[ref.value(kept, j) for j in range(min(n, 8))]}')
    return r


def op_inner_partition(args):
    # inner_partition.def (tensor_impl.hpp:984): zipped_divide, then the rest mode sliced at coord
    return partition(args[0], read_tiler(args[1]), args[2], True, 'inner_partition')


def op_outer_partition(args):
    # outer_partition.def (tensor_impl.hpp:1011): zipped_divide, then the tile mode sliced at coord
    return partition(args[0], read_tiler(args[1]), args[2], False, 'outer_partition')


def dice(proj, t):
    """dice(proj, t): keep the modes where proj is 1 (underscore.hpp dice; ranks must match)."""
    if not isinstance(t, list):
        return t
    if len(t) != len(proj):
        raise Pre('local_tile.pre.rank', 'static_assert', f'Mismatched Ranks: projection {proj} vs {t}')
    return [x for x, p in zip(t, proj) if p is not None]


def op_local_tile(args):
    # local_tile.def = inner_partition(T, dice(proj, tiler), dice(proj, coord)) (tensor_impl.hpp:1037, :1061)
    tiler, coord = read_tiler(args[1]), args[2]
    if len(args) > 3:
        proj = args[3]
        try:
            tiler, coord = dice(proj, tiler), dice(proj, coord)
        except Pre as e:
            r = Res(['local_tile.def'])
            r.pre.append(e)
            return r
    return partition(args[0], tiler, coord, True, 'local_tile')


def op_local_partition(args):
    # local_partition.def (tensor_impl.hpp:1079, :1103; layout.hpp:243-262 get_flat_coord; stride.hpp:185 idx2crd)
    _, tile, i = read_layout(args[0]), read_layout(args[1]), args[2]  # the data layout read for its validity
    if not is_int(i):
        raise Bad('thread index must be an integer')
    proj = args[3] if len(args) > 3 else None
    tops = tile.tops()
    keep = [proj is None or (k < len(proj) and proj[k] is not None) for k in range(len(tops))]
    r = Res(['local_partition.def'])
    coords, total = [], 0
    for k, m in enumerate(tops):
        cs = []
        for s, d in m.modes():
            if s == 1:
                c = 0
            elif d == 0:
                if keep[k] and not r.pre:
                    # a crash at run time; the division's static_asserts below come first (it compiles first)
                    r.pre.append(Pre('local_partition.pre.stride0', 'unchecked',
                                     f'thread mode {k} has extent {s} and stride 0: idx2crd divides by 0'))
                c = 0
            else:
                c = tmod(tdiv(i, d), s)
            cs.append(c)
            total += c * d
        coords.append(idx(cs, flat(m.shape)))
    if total != i and not r.pre:
        r.pre.append(Pre('local_partition.pre.thread', 'unchecked',
                         f'thread layout {show(tile)} at CuTe\'s coordinate {coords} gives {total}, not {i}'))
    kt = [m for m, kp in zip(tops, keep) if kp]
    kc = [c for c, kp in zip(coords, keep) if kp]
    # product_each(shape(tile)) = transform(wrap(shape), product) (int_tuple.hpp:249): a by-mode tiler,
    # one integer mode wrapped too (the data's other modes kept); the coordinate as get_flat_coord's
    tiler = [Layout(m.size(), 1 if m.size() > 1 else 0) for m in kt]
    coord = kc if isinstance(tile.shape, list) else kc[0]
    sub = partition(args[0], tiler, coord, False, 'local_partition')
    sub.pre = r.pre + sub.pre
    sub.contracts = r.contracts
    if r.pre:  # no thread idx (or CuTe divides by 0): the elements CuTe's formula picks are another thread's
        sub.check, sub.noanswer = None, (r.pre[0].pid, f'{i} is no thread of {show(tile)} alone')
    return sub


# ================================================================ coordinates, swizzles, F2
def op_coord_identity(args):
    # coord.identity.def: make_identity_layout(S) = make_layout(S, make_basis_like(S)) (layout.hpp:485)
    S = args[0]
    from .values import check_int_tuple
    check_int_tuple(S)

    def basis(s, path):
        if isinstance(s, list):
            return [basis(x, path + [k]) for k, x in enumerate(s)]
        return {'basis': path, 'scale': 1} if path else 1
    want = {'shape': S, 'stride': basis(S, [])}
    r = Res(['coord.identity.def'])
    exact(r, want, 'coord.identity.def')
    return r


def op_coord_evaluate(args):
    # coord.evaluate.def: L(i) in the coordinate semimodule, shaped by the codomain
    L = read_layout(args[0])
    paths = codomain_paths(L)
    want = [coord_value(L(i), paths) if isinstance(L(i), dict) else L(i) for i in range(L.size())]
    r = Res(['coord.evaluate.def'])
    r.check = lambda v: [] if v == want else first_diff(len(want), lambda i: v[i] if i < len(v) else None,
                                                         lambda i: want[i], 'coord.evaluate.def')
    return r


def op_swizzle_evaluate(args):
    # swizzle.evaluate.def (swizzle.hpp Swizzle::apply; layout_composed.hpp ComposedLayout::operator())
    v0 = args[0]
    if isinstance(v0, dict) and 'layout' in v0:
        X = read_any_layout(v0)
        if X.sw.valid():
            raise Bad(X.sw.valid())
        want = X.table()
    else:
        sw = read_swizzle(v0)
        if sw.valid():
            raise Bad(sw.valid())
        offs = args[1:] if len(args) > 1 else range(1 << (sw.m + abs(sw.s) + sw.b))
        want = [sw(o) for o in offs]
    r = Res(['swizzle.evaluate.def'])
    r.check = lambda v: [] if v == want else [('swizzle.evaluate.def', f'{v[:8]}... != {want[:8]}...')]
    return r


def op_swizzle_composition(args):
    # swizzle.composition.def: (sw o k o L) o B = sw o k o (L o B) (layout_composed.hpp:373)
    X = read_any_layout(args[0])
    if not isinstance(X, Composed):
        X = Composed(Swizzle(0, 0, 0), 0, X)
    if X.sw.valid():
        raise Bad(X.sw.valid())
    return op_composition([{'swizzle': X.sw.tup(), 'offset': X.off, 'layout': layout_json(X.L)}, args[1]])


# ---- linear layouts (F2 matrices)
def read_linear(v):
    if not isinstance(v, dict) or 'bases' not in v:
        raise Bad('expected a linear layout {bases, in_bits, out_bits}')
    b = v['bases']
    if 'in_bits' in v and v['in_bits'] != len(b):
        raise Bad('in_bits must equal the number of bases')
    return b, v.get('out_bits', max(b, default=0).bit_length())


def lin(bases, x):
    r, k = 0, 0
    while x:
        if x & 1:
            r ^= bases[k] if k < len(bases) else 0
        x >>= 1
        k += 1
    return r


def op_linear_from_layout(args):
    # linear.from_layout.def: the F2-linear map equal to the layout function (docs/beyond-integers.md)
    X = read_any_layout(args[0])
    n = X.size()
    r = Res(['linear.from_layout.def'])
    if not pow2(n):
        r.noanswer = ('linear.from_layout.def', f'size {n} is not a power of two')
        return r
    k = n.bit_length() - 1
    bases = [X(1 << j) for j in range(k)]
    if any(X(i) != lin(bases, i) or X(i) < 0 for i in range(n)):
        bad = next(i for i in range(n) if X(i) != lin(bases, i) or X(i) < 0)
        r.noanswer = ('linear.from_layout.def', f'not F2-linear: X({bad}) = {X(bad)}, the XOR of its bits\' images is {lin(bases, bad)}')
        return r
    ob = 0
    for b in bases:
        ob |= b
    want = {'bases': bases, 'in_bits': k, 'out_bits': ob.bit_length()}
    exact(r, want, 'linear.from_layout.def')
    return r


def op_linear_to_layout(args):
    # linear.to_layout.def: a layout, or Sw o 0 o P, with the same function on [0, 2^in_bits)
    bases, ob = read_linear(args[0])
    n = 1 << len(bases)
    F = lambda i: lin(bases, i)
    r = Res(['linear.to_layout.def'])

    def check(v):
        Y = as_value(v)
        if Y.size() != n:
            return [('linear.to_layout.def', f'size {Y.size()} != 2^{len(bases)}')]
        return first_diff(n, Y, F, 'linear.to_layout.def')
    r.check = check
    if layout_of_table(F, n) is None:
        top = max(ob, 1)
        found = False
        for b in range(1, top + 1):
            for m in range(0, top + 1):
                for s in list(range(b, top + 1)) + list(range(-top, -b + 1)):
                    sw = Swizzle(b, m, s)
                    if sw.valid() or m + abs(s) + b > top + 1:
                        continue
                    if layout_of_table(lambda i: sw(F(i)), n) is not None:
                        found = True
                        break
                if found:
                    break
            if found:
                break
        if not found:
            r.noanswer = ('linear.to_layout.def', 'no swizzle Sw<B,M,S> makes Sw o F a layout')
    return r


def op_linear_compose(args):
    # linear.compose.def: g o f, f first (bases[k] = g(f.bases[k]))
    (fb, _), (gb, go) = read_linear(args[0]), read_linear(args[1])
    r = Res(['linear.compose.def'])
    if any(b >> len(gb) for b in fb):
        r.pre.append(Pre('linear.compose.pre.bits', 'input', f'an image of f has a bit at or above g\'s {len(gb)} input bits'))
        return r
    want = {'bases': [lin(gb, b) for b in fb], 'in_bits': len(fb), 'out_bits': go}
    exact(r, want, 'linear.compose.def')
    return r


def op_linear_inverse(args):
    # linear.inverse.def: the inverse F2 matrix (square, nonsingular)
    bases, ob = read_linear(args[0])
    n = len(bases)
    r = Res(['linear.inverse.def'])
    if ob != n:
        r.noanswer = ('linear.inverse.def', f'not square: {n} input bits, {ob} output bits')
        return r
    images = {}
    for x in range(1 << n):
        images.setdefault(lin(bases, x), x)
    if len(images) != 1 << n:
        r.noanswer = ('linear.inverse.def', 'singular')
        return r
    want = {'bases': [images[1 << k] for k in range(n)], 'in_bits': n, 'out_bits': n}
    exact(r, want, 'linear.inverse.def')
    return r


# ================================================================ categorical (Nest, Tuple)
def morph(v):
    return read_morphism(v)


def to_layout(f):
    """L_f (paper Def. 3.1.2.1 / 3.2.2.x): stride of mode i is 0 for *, else the product of the
    codomain entries before f(i)."""
    ft = flat(f['codomain'])
    st = [0 if a == 0 else prod(ft[:a - 1]) for a in f['map']]
    S = f['domain']
    return Layout(S, unflatten(st, S) if isinstance(S, list) else st[0])


def op_nest_to_layout(args):
    # nest.to_layout.def
    f = morph(args[0])
    L = to_layout(f)
    r = Res(['nest.to_layout.def'])
    exact(r, {'shape': L.shape, 'stride': L.stride}, 'nest.to_layout.def')
    return r


def op_nest_compose(args):
    # nest.compose.def: g o f, f: S -> T, g: T -> U (paper Def. 3.2.1.x composition in Nest)
    f, g = morph(args[0]), morph(args[1])
    r = Res(['nest.compose.def'])
    if f['codomain'] != g['domain']:
        r.pre.append(Pre('nest.compose.pre.composable', 'input', f'codomain of f {f["codomain"]} != domain of g {g["domain"]}'))
        return r
    want = {'domain': f['domain'], 'codomain': g['codomain'], 'map': [0 if a == 0 else g['map'][a - 1] for a in f['map']]}
    exact(r, want, 'nest.compose.def')
    return r


def op_nest_coalesce(args):
    # nest.coalesce.def (paper Def. 3.1.5.x / Prop. 3.1.5.24): squeeze the 1s, merge adjacent modes
    # with alpha(i+1) = alpha(i)+1 or both *, into a flat domain
    f = morph(args[0])
    S, T, a = flat(f['domain']), flat(f['codomain']), f['map']
    keepT = [j for j in range(len(T)) if T[j] != 1]
    newidx = {j + 1: n + 1 for n, j in enumerate(keepT)}
    dom = [(s, newidx.get(x, 0) if x else 0) for s, x in zip(S, a) if s != 1]
    cod = [T[j] for j in keepT]
    merged = []
    for s, x in dom:
        if merged and ((x == 0 and merged[-1][1] == 0) or (x and merged[-1][1] and x == merged[-1][2] + 1)):
            ps, px, last = merged[-1]
            merged[-1] = (ps * s, px, x if x else 0)
        else:
            merged.append((s, x, x))
    # merge the codomain runs hit by merged domain modes
    runs = {m[1]: m[2] for m in merged if m[1]}
    newcod, remap, j = [], {}, 1
    while j <= len(cod):
        if j in runs:
            newcod.append(prod(cod[j - 1:runs[j]]))
            remap[j] = len(newcod)
            j = runs[j] + 1
        else:
            newcod.append(cod[j - 1])
            remap[j] = len(newcod)
            j += 1
    dm = [m[0] for m in merged]
    want = {'domain': dm if len(dm) != 1 else dm[0], 'codomain': newcod, 'map': [remap[m[1]] if m[1] else 0 for m in merged]}
    if not dm:
        want['domain'] = 1 if S else []
        want['map'] = [0] if S else []
    r = Res(['nest.coalesce.def'])
    exact(r, want, 'nest.coalesce.def')
    return r


def complement_morph(f):
    """f^c (paper Def. 3.1.5.45): the codomain entries f misses, in order; needs f complementable (no *)."""
    ft = flat(f['codomain'])
    miss = [j + 1 for j in range(len(ft)) if j + 1 not in f['map']]
    return {'domain': [ft[j - 1] for j in miss], 'codomain': f['codomain'], 'map': miss}


def complemented(f, name, op, r):
    """f^c (paper Def. 3.2.5.x), or None with the failing precondition recorded in r: a morphism that
    sends a mode to * has no complement."""
    if 0 in f['map']:
        r.pre.append(Pre(f'{op}.pre.complementable', 'input', f'{name} sends a mode to * (not complementable)'))
        return None
    return complement_morph(f)


def op_nest_complement(args):
    # nest.complement.def
    f = morph(args[0])
    r = Res(['nest.complement.def'])
    fc = complemented(f, 'f', 'nest.complement', r)
    if fc is not None:
        exact(r, fc, 'nest.complement.def')
    return r


def nest_with_complement(args, op, which, mismatch, result):
    """The Nest divide and product: the complement c of the operand named which ('f' or 'g'), the
    precondition that the composition inside is defined (mismatch(f, g, c): the message where it is
    not, else None), then the morphism result(f, g, c) as the definition."""
    f, g = morph(args[0]), morph(args[1])
    r = Res([f'{op}.def'])
    c = complemented(f if which == 'f' else g, which, op, r)
    if c is None:
        return r
    why = mismatch(f, g, c)
    if why is not None:
        r.pre.append(Pre(f'{op}.pre.composable', 'input', why))
        return r
    exact(r, result(f, g, c), f'{op}.def')
    return r


def op_nest_logical_divide(args):
    # nest.logical_divide.def: f / g = f o (g, g^c) (paper Def. 3.2.6.x)
    def mismatch(f, g, gc):
        return None if g['codomain'] == f['domain'] else 'codomain of g != domain of f'

    def result(f, g, gc):
        return {'domain': [g['domain'], gc['domain']], 'codomain': f['codomain'],
                'map': [f['map'][x - 1] if x else 0 for x in g['map'] + gc['map']]}
    return nest_with_complement(args, 'nest.logical_divide', 'g', mismatch, result)


def op_nest_logical_product(args):
    # nest.logical_product.def: f x g = (f, f^c o g) (paper Def. 3.2.6.28)
    def mismatch(f, g, fc):
        if g['codomain'] != fc['domain']:
            return f'codomain of g {g["codomain"]} != domain of f^c {fc["domain"]}'
        return None

    def result(f, g, fc):
        return {'domain': [f['domain'], g['domain']], 'codomain': f['codomain'],
                'map': f['map'] + [fc['map'][x - 1] if x else 0 for x in g['map']]}
    return nest_with_complement(args, 'nest.logical_product', 'f', mismatch, result)


def op_layout_to_nest(args):
    # layout.to_nest.def: the standard representation f_L (paper Construction 3.1.2.5), tractable L only
    L = read_layout(args[0])
    r = Res(['layout.to_nest.def'])
    ms = L.modes()
    nz = sorted([k for k, (s, d) in enumerate(ms) if d != 0], key=lambda k: (ms[k][1], ms[k][0]))
    cod, pos, cur = [], {}, 1
    for k in nz:
        s, d = ms[k]
        if d < 0 or d % cur:
            r.pre.append(Pre('layout.to_nest.pre.tractable', 'input',
                             f'not tractable: stride {d} is not a multiple of the extent {cur} below it'))
            return r
        if d // cur > 1:
            cod.append(d // cur)
        cod.append(s)
        pos[k] = len(cod)
        cur = s * d
    want = {'domain': L.shape, 'codomain': cod, 'map': [pos.get(k, 0) for k in range(len(ms))]}
    exact(r, want, 'layout.to_nest.def')
    return r


def op_mutual_refinement(args):
    # mutual_refinement.def: Algorithm 4.1.1 of the paper (refinement of both, flat(T') a prefix of flat(U'))
    T, U = args[0], args[1]
    from .values import check_int_tuple
    check_int_tuple(T)
    check_int_tuple(U)
    X, Y = flat(T), flat(U)
    Xp, Yp, xm, ym = [], [], [], []
    i = j = 0
    r = Res(['mutual_refinement.def'])
    while i < len(X) and j < len(Y):
        if X[i] == Y[j]:
            xm.append(X[i]); Xp.append(xm); xm = []
            ym.append(Y[j]); Yp.append(ym); ym = []
            i += 1; j += 1
        elif Y[j] % X[i] == 0:
            xm.append(X[i]); Xp.append(xm); xm = []
            ym.append(X[i]); Y[j] //= X[i]; i += 1
        elif X[i] % Y[j] == 0:
            xm.append(Y[j]); ym.append(Y[j]); Yp.append(ym); ym = []
            X[i] //= Y[j]; j += 1
        else:
            r.noanswer = ('mutual_refinement.def', f'{X[i]} and {Y[j]} do not divide one another')
            return r
    # U exhausted: T's trailing 1s still refine (T' = (..,1) and U's last entry y = (y,1) keep flat(T')
    # a prefix of flat(U')), so they join U's last relative mode; any other entry has no room
    while i < len(X) and X[i] == 1 and Yp:
        Xp.append([1]); Yp[-1].append(1); i += 1
    if i < len(X):
        r.noanswer = ('mutual_refinement.def', 'U is exhausted before T')
        return r
    if ym:
        ym.append(Y[j]); Yp.append(ym); j += 1
    while j < len(Y):
        Yp.append([Y[j]]); j += 1

    def nest(parts, like):
        it = iter(parts)

        def go(t):
            if isinstance(t, list):
                return [go(x) for x in t]
            p = next(it)
            return p[0] if len(p) == 1 else p
        return go(like)
    want = {'first': nest(Xp, T), 'second': nest(Yp, U)}
    exact(r, want, 'mutual_refinement.def')
    return r


# ================================================================ coordinate maps and compact strides
# docs/definitions.md crd2idx, idx2crd, crd2crd, compact_major: the integers and int tuples they
# are, computed from the definitions' words (stride.hpp's comments), compared exactly.
def _ranked(a, b, name):
    if not isinstance(a, list) or not isinstance(b, list) or len(a) != len(b):
        # a static_assert on the operands' types (their ranks), whatever their integers: 'input'
        raise Pre(f'{name}.pre.rank', 'input', f'Mismatched Ranks: {show(a)} and {show(b)}')


def _split(c, s):
    """An integer c split colexicographically over the modes of s, the last mode taking the rest."""
    if not isinstance(s, list):
        return c
    out = []
    for k, m in enumerate(s):
        if k == len(s) - 1:
            out.append(_split(c, m))
        else:
            out.append(_split(tmod(c, size(m)), m))
            c = tdiv(c, size(m))
    return out


def _inner(c, s, d):
    """crd2idx(c, s, d): c*d for integers; an integer against a tuple is split first; tuples, the sum."""
    if isinstance(c, list):
        _ranked(c, s, 'crd2idx')
        _ranked(c, d, 'crd2idx')
        return sum(_inner(x, y, z) for x, y, z in zip(c, s, d))
    if isinstance(s, list):
        _ranked(s, d, 'crd2idx')
        return _inner(_split(c, s), s, d)
    if isinstance(d, list):
        raise Pre('crd2idx.pre.rank', 'input', f'an integer shape {s} with the tuple stride {show(d)}')
    return c * d


def _colex_index(c, s):
    """crd2idx(c, s): an integer is its own index; a tuple, c0 + s0 * (c1 + ...) over its flat entries,
    an integer entry against a tuple mode weighing by the mode's size."""
    if not isinstance(c, list):
        return c
    _ranked(c, s, 'crd2idx')
    cs, ss = [], []

    def walk(x, y):
        if isinstance(x, list):
            _ranked(x, y, 'crd2idx')
            for a, b in zip(x, y):
                walk(a, b)
        else:
            cs.append(x)
            ss.append(size(y))
    walk(c, s)
    acc = cs[-1]
    for x, m in zip(reversed(cs[:-1]), reversed(ss[:-1])):
        acc = x + m * acc
    return acc


def _idx2crd(i, s):
    if isinstance(i, list):
        _ranked(i, s, 'idx2crd')
        return [_idx2crd(a, b) for a, b in zip(i, s)]
    return _split(i, s)


def _idx2crd_strided(i, s, d):
    if isinstance(i, list):
        _ranked(i, s, 'idx2crd')
        _ranked(i, d, 'idx2crd')
        return [_idx2crd_strided(a, b, c) for a, b, c in zip(i, s, d)]
    if isinstance(s, list):
        if not isinstance(d, list):
            d = compact(s, 'LayoutLeft', d)
        _ranked(s, d, 'idx2crd')
        return [_idx2crd_strided(i, b, c) for b, c in zip(s, d)]
    if s == 1:
        return 0
    if d == 0:
        raise Pre('idx2crd.pre.stride', 'input', f'(i / d) % s with the stride 0 under the extent {s}: a division by 0')
    return tmod(tdiv(i, d), s)


def op_crd2idx(args):
    r = Res(['crd2idx.def' if len(args) == 3 else 'crd2idx.colex'])
    want = _inner(*args) if len(args) == 3 else _colex_index(args[0], args[1])
    return exact(r, want, r.contracts[0])


def op_idx2crd(args):
    r = Res(['idx2crd.def' if len(args) == 3 else 'idx2crd.colex'])
    want = _idx2crd_strided(*args) if len(args) == 3 else _idx2crd(args[0], args[1])
    return exact(r, want, r.contracts[0])


def _crd2crd(c, a, b):
    if isinstance(c, list) and isinstance(a, list) and isinstance(b, list):
        _ranked(c, a, 'crd2crd')
        _ranked(c, b, 'crd2crd')
        return [_crd2crd(x, y, z) for x, y, z in zip(c, a, b)]
    return _idx2crd(_colex_index(c, a), b)


def op_crd2crd(args):
    r = Res(['crd2crd.def'])
    exact(r, _crd2crd(*args), 'crd2crd.def')
    return r


def _compact_from(shape, major, current):
    if isinstance(current, list):
        if not isinstance(shape, list):
            raise Pre('compact_major.pre.rank', 'input', 'Invalid parameters: a tuple start for an integer shape')
        _ranked(shape, current, 'compact_major')
        return [_compact_from(s, major, c) for s, c in zip(shape, current)]
    return compact(shape, major, current)


def _compact_op(name, major_at):
    def op(args):
        major = args[1] if major_at else ('LayoutLeft' if name == 'compact_col_major' else 'LayoutRight')
        at = 2 if major_at else 1
        current = args[at] if len(args) > at else 1
        r = Res([f'{name}.def', f'{name}.post.unit_stride'])
        want, shape = _compact_from(args[0], major, current), args[0]

        def check(v):
            # .def: the strides at every entry but a 1; .post.unit_stride: 0 at an entry 1 (CuTe's
            # static _1; a run-time 1 keeps the running stride, stride.hpp:294, no index reaches it)
            if not congruent(v, want):
                return [(f'{name}.def', f'{show(v)} is not congruent to {show(want)}')]
            got, exp, ext = flat(v), flat(want), flat(shape) if isinstance(want, list) else [shape]
            out = [(f'{name}.def', f'{show(v)} != {show(want)} at flat entry {k}')
                   for k in range(len(exp)) if ext[k] != 1 and got[k] != exp[k]]
            out += [(f'{name}.post.unit_stride', f'{show(v)}: the extent-1 entry {k} has the stride {got[k]}, not 0')
                    for k in range(len(exp)) if ext[k] == 1 and got[k] != 0]
            return out
        r.check = check
        return r
    return op


# ================================================================ mode rearrangements
# docs/definitions.md select, take, group_modes, append, prepend, replace: tuples of the top-level
# modes (shape and stride taken apart together), compared exactly.
def _modes(v):
    """The top-level modes of a plain layout as (shape, stride) pairs; an integer shape is its own mode 0."""
    if not isinstance(v, dict) or 'shape' not in v or 'stride' not in v:
        raise Bad('expected a layout')
    s, d = v['shape'], v['stride']
    if isinstance(s, list):
        if not isinstance(d, list) or len(d) != len(s):
            raise Bad('shape and stride are not congruent')
        return list(zip(s, d))
    return [(s, d)]


def _joined(ms):
    return {'shape': [m[0] for m in ms], 'stride': [m[1] for m in ms]}


def _mode_pre(name, ok, msg):
    if not ok:
        raise Pre(f'{name}.pre.range', 'input', msg)


def _exact_layout(name, want):
    return exact(Res([f'{name}.def']), want, f'{name}.def')


def op_select(args):
    ms, idx = _modes(args[0]), args[1] if isinstance(args[1], list) else [args[1]]
    for i in idx:
        _mode_pre('select', is_int(i) and 0 <= i < len(ms), f'mode {i} of rank {len(ms)}')
    return _exact_layout('select', _joined([ms[i] for i in idx]))


def op_take(args):
    ms, b, e = _modes(args[0]), args[1], args[2]
    _mode_pre('take', b < e, 'take: empty range error')
    _mode_pre('take', 0 <= b and e <= len(ms), 'take: range out of bounds')
    return _exact_layout('take', _joined(ms[b:e]))


def op_group_modes(args):
    ms, b, e = _modes(args[0]), args[1], args[2]
    e = len(ms) if e == -1 else e
    _mode_pre('group_modes', 0 <= b <= e <= len(ms), f'[{b},{e}) within rank {len(ms)}')
    grouped = ms[:b] + ([(_joined(ms[b:e])['shape'], _joined(ms[b:e])['stride'])] if b < e else []) + ms[e:]
    return _exact_layout('group_modes', _joined(grouped))


def _extend(name, args, back):
    ms, x = _modes(args[0]), args[1]
    if not isinstance(x, dict) or 'shape' not in x:
        raise Bad('expected a layout X')
    n = args[2] if len(args) == 3 else len(ms) + 1
    _mode_pre(name, n >= len(ms), f'rank {n} below {len(ms)}')
    if n == len(ms):
        return _exact_layout(name, args[0])
    xs = [(x['shape'], x['stride'])] * (n - len(ms))
    return _exact_layout(name, _joined(ms + xs if back else xs + ms))


def op_append(args):
    return _extend('append', args, True)


def op_prepend(args):
    return _extend('prepend', args, False)


def op_replace(args):
    ms, x, n = _modes(args[0]), args[1], args[2]
    if n == len(ms) and isinstance(args[0]['shape'], list):
        # CuTe 4.2 compiles and appends X (make_range<N+1, rank> is empty): there is no mode N to
        # replace, so no answer is replace's (docs/definitions.md replace: cute_wrong)
        r = Res(['replace.def'])
        r.noanswer = ('replace.def', f'no mode {n} in rank {len(ms)}')
        r.check = lambda v: [('replace.def', f'{v}: there is no mode {n} of rank {len(ms)} to replace')]
        return r
    _mode_pre('replace', is_int(n) and 0 <= n < len(ms), f'mode {n} of rank {len(ms)}')
    if not isinstance(args[0]['shape'], list):
        return _exact_layout('replace', x)
    ms[n] = (x['shape'], x['stride'])
    return _exact_layout('replace', _joined(ms))


# The op table. An op whose function is op_<name> (a dot in the name an underscore) is found by its
# name; the others are the flavours of the divide and the product (their op's function with the
# flavour) and the ops that share another's function.
OTHER_OPS = {
    'coord.composition': op_composition, 'coord.coalesce': op_coalesce, 'logical_product': op_product,
    **{f'{fl}_divide': partial(op_logical_divide, flavour=fl) for fl in ('zipped', 'tiled', 'flat')},
    **{f'{fl}_product': partial(op_product, flavour=fl) for fl in ('zipped', 'tiled', 'flat', 'blocked', 'raked')},
    'compact_major': _compact_op('compact_major', True), 'compact_col_major': _compact_op('compact_col_major', False),
    'compact_row_major': _compact_op('compact_row_major', False),
}
OPS = {name: OTHER_OPS[name] if name in OTHER_OPS else globals()['op_' + name.replace('.', '_')] for name in """
    evaluate coalesce coalesce_z complement composition coord.composition
    logical_divide zipped_divide tiled_divide flat_divide
    logical_product zipped_product tiled_product flat_product blocked_product raked_product
    right_inverse left_inverse nullspace layout_add greatest_common_domain
    make_layout make_ordered_layout make_layout_like tile_to_shape upcast downcast recast_layout
    local_tile local_partition inner_partition outer_partition
    coord.identity coord.evaluate coord.coalesce swizzle.evaluate swizzle.composition
    linear.from_layout linear.to_layout linear.compose linear.inverse
    nest.to_layout nest.compose nest.coalesce nest.complement nest.logical_divide nest.logical_product
    layout.to_nest mutual_refinement crd2idx idx2crd crd2crd compact_major compact_col_major compact_row_major
    select take group_modes append prepend replace""".split()}

# The CuTe API's queries, slices and common layouts, one module each (they use the helpers above).
from . import api_queries, api_slices, api_common, api_triton  # noqa: E402
for _module in (api_queries, api_slices, api_common, api_triton):
    OPS.update(_module.OPS)
