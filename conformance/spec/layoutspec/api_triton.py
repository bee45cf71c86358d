"""Triton's linear layouts (docs/definitions.md `triton.apply`, `triton.compose`, `triton.invert`,
`triton.pseudoinvert`, `triton.print`, `triton.parse`, `triton.to_layout`, `triton.from_layout`;
docs/beyond-integers.md "Triton's linear layouts"; Triton 3.9.0 include/triton/Tools/LinearLayout.h).

A Triton layout is read from its JSON form (docs/beyond-integers.md "JSON": `{"in_dims": [[name,
bases], ...], "out_dims": [[name, size], ...]}`) and is, as a function, the XOR of the bases of the
set bits of each input (LinearLayout.h:317 "bases[inDim][i] = L(0, ..., inDim=2^i, ..., 0). All other
values of L are computed by xor'ing bases together").  Flattened, the first dimension is the most
minor (LinearLayout.h:321 "The order of dims is minor-to-major"), on both sides: the flat input
index is `d0 + size(d0) * (d1 + ...)`, the flat output likewise; as the sizes are powers of two the
flat image of a flat input is the XOR of the flat images of its set bits.

Every function-valued result is checked by tabulation (all of its domain up to 2^16, else
values.span's sample, which holds every power of two: the bases); its dimensions (names, sizes,
order) are the exact form the entry gives.  print's text and parse's value are exact values.
"""
import re
from .values import Composed, Swizzle, Bad, is_int, read_layout, read_any_layout, show, fmt, span
from .cute import Pre, coalesce_modes
from .result import Res, first_diff, exact

TV_NAMES = ('register', 'lane', 'warp', 'block')


# ================================================================ the value
def pow2(n):
    return is_int(n) and n > 0 and n & (n - 1) == 0


def log2(n):
    return n.bit_length() - 1


def xor_all(vs):
    r = 0
    for v in vs:
        r ^= v
    return r


def disjoint(images):
    """The nonzero images pairwise bit-disjoint (then their integer sum is their XOR)."""
    seen = 0
    for b in images:
        if b & seen:
            return False
        seen |= b
    return True


def f2_rank(vs):
    """The rank over F2 of integers read as bit vectors."""
    piv = {}
    for v in vs:
        while v:
            t = v.bit_length() - 1
            if t not in piv:
                piv[t] = v
                break
            v ^= piv[t]
    return len(piv)


class TL:
    """A Triton LinearLayout: ins [(name, bases)], outs [(name, size)] (docs/definitions.md triton.* Value)."""

    def __init__(self, ins, outs):
        self.ins, self.outs = ins, outs
        self.in_bits = [len(b) for _, b in ins]
        self.out_bits = [log2(s) for _, s in outs]
        self.n_in = sum(self.in_bits)
        self.n_out = sum(self.out_bits)
        # the flat image of each flat input bit, in order
        self.images = [self.join_out(b) for _, bs in ins for b in bs]

    # ---- flat indices (first dimension most minor)
    def join_out(self, vals):
        r, sh = 0, 0
        for v, k in zip(vals, self.out_bits):
            r |= v << sh
            sh += k
        return r

    def split_out(self, y):
        out = []
        for k in self.out_bits:
            out.append(y & ((1 << k) - 1))
            y >>= k
        return out

    def split_in(self, x):
        out = {}
        for (name, _), k in zip(self.ins, self.in_bits):
            out[name] = x & ((1 << k) - 1)
            x >>= k
        return out

    def join_in(self, vals):
        r, sh = 0, 0
        for (name, _), k in zip(self.ins, self.in_bits):
            r |= vals[name] << sh
            sh += k
        return r

    def F(self, x):
        """The flat function: the XOR of the flat images of the set bits of x."""
        r, k = 0, 0
        while x:
            if x & 1:
                r ^= self.images[k]
            x >>= 1
            k += 1
        return r

    def apply(self, vals):
        # triton.apply.def (LinearLayout.h:717-722 apply): per output dim, the XOR of the bases of the set bits
        out = [0] * len(self.outs)
        for name, bases in self.ins:
            v = vals[name]
            for k, b in enumerate(bases):
                if v >> k & 1:
                    out = [o ^ e for o, e in zip(out, b)]
        return out

    def in_dims(self):
        return [(n, 1 << k) for (n, _), k in zip(self.ins, self.in_bits)]

    def json(self):
        return {'in_dims': [[n, b] for n, b in self.ins], 'out_dims': [[n, s] for n, s in self.outs]}

    def surjective(self):
        # LinearLayout.h:434 isSurjective: rank == getTotalOutDimSizeLog2()
        return f2_rank(self.images) == self.n_out


def read_names(v, path, what):
    if not isinstance(v, list):
        raise Bad(f'{path}: expected a list of [name, ...] pairs')
    for k, e in enumerate(v):
        if not (isinstance(e, list) and len(e) == 2 and isinstance(e[0], str) and e[0]):
            raise Bad(f'{path}[{k}]: expected [name, {what}] with a non-empty name')
    names = [e[0] for e in v]
    for n in names:
        if names.count(n) > 1:
            raise Bad(f'{path}: dimension {n!r} named twice')
    return names


def read_sizes(v, path):
    read_names(v, path, 'size')
    for k, (n, s) in enumerate(v):
        if not pow2(s):
            raise Bad(f'{path}[{k}]: size {s!r} of {n!r} is not a power of two')
    return [(n, s) for n, s in v]


def read_triton(v, path='$'):
    """A Triton layout (docs/beyond-integers.md JSON; definitions.md "Value": power-of-two output sizes,
    one entry per output in each basis, every entry below its dimension's size)."""
    if not isinstance(v, dict) or set(v) != {'in_dims', 'out_dims'}:
        raise Bad(f'{path}: expected a Triton layout {{"in_dims", "out_dims"}}')
    outs = read_sizes(v['out_dims'], path + '.out_dims')
    read_names(v['in_dims'], path + '.in_dims', 'bases')
    ins = []
    for k, (n, bases) in enumerate(v['in_dims']):
        p = f'{path}.in_dims[{k}]'
        if not isinstance(bases, list) or len(bases) > 62:
            raise Bad(f'{p}: expected a list of at most 62 bases')
        for j, b in enumerate(bases):
            if not (isinstance(b, list) and len(b) == len(outs)):
                raise Bad(f'{p}[{j}]: a basis has one entry per output dimension ({len(outs)})')
            for e, (on, s) in zip(b, outs):
                if not is_int(e) or e < 0 or e >= s:
                    raise Bad(f'{p}[{j}]: entry {e!r} is not in [0, {s}) of {on!r}')
        ins.append((n, [list(b) for b in bases]))
    return TL(ins, outs)


def dims_check(R, ins, outs, cid):
    """The result's dimensions are exactly the definition's (names, sizes, order)."""
    got_i, got_o = R.in_dims(), R.outs
    if got_i != list(ins):
        return [(cid, f'in dims {got_i}, the definition has {list(ins)}')]
    if got_o != list(outs):
        return [(cid, f'out dims {got_o}, the definition has {list(outs)}')]
    return []


def result_of(v):
    return read_triton(v, '$.value')


# ================================================================ apply
def op_triton_apply(args):
    # triton.apply.def: per output dimension the XOR of the bases of the set bits of each input value;
    # every input dimension given once, each value in [0, size) (Triton masks a larger value; catlayout
    # refuses it: invalid_input)
    L = read_triton(args[0], '$.args[0]')
    given = args[1]
    if not isinstance(given, list) or not all(isinstance(e, list) and len(e) == 2 for e in given):
        raise Bad('$.args[1]: expected [[input, value], ...]')
    r = Res(['triton.apply.def'])
    names = [n for n, _ in L.ins]
    vals = {}
    for n, x in given:
        if n not in names:
            r.pre.append(Pre('triton.apply.pre.inputs', 'input', f'{n!r} is no input dimension of the layout'))
            return r
        if n in vals:
            r.pre.append(Pre('triton.apply.pre.inputs', 'input', f'input {n!r} given twice'))
            return r
        vals[n] = x
    for n in names:
        if n not in vals:
            r.pre.append(Pre('triton.apply.pre.inputs', 'input', f'no value for input {n!r}'))
            return r
    for (n, bases) in L.ins:
        x = vals[n]
        if not is_int(x) or not 0 <= x < 1 << len(bases):
            r.pre.append(Pre('triton.apply.pre.range', 'input',
                             f'value {x!r} of {n!r} is not in [0, {1 << len(bases)}) (Triton masks it)'))
            return r
    want = L.apply(vals)

    def check(v):
        if v == want:
            return []
        return [('triton.apply.def', f'{v}, the XOR of the bases gives {want}')]
    r.check = check
    return r


# ================================================================ compose
def op_triton_compose(args):
    # triton.compose.def (LinearLayout.h:724-741): A.compose(B) is x -> B(A(x)); inputs A's, outputs B's
    A, B = read_triton(args[0], '$.args[0]'), read_triton(args[1], '$.args[1]')
    r = Res(['triton.compose.dims', 'triton.compose.def'])
    a_out = dict(A.outs)
    b_in = dict(B.in_dims())
    # triton.compose.pre.names (LinearLayout.h:732 "The output dimensions of this layout equal the input
    # dimensions of outer (order doesn't matter)")
    if set(a_out) != set(b_in):
        r.pre.append(Pre('triton.compose.pre.names', 'assert',
                         f'A\'s outputs {sorted(a_out)} are not B\'s inputs {sorted(b_in)}'))
        return r
    # triton.compose.pre.sizes (LinearLayout.h:734 "this->getOutDimSize(d) <= outer.getInDimSize(d)")
    for d, s in A.outs:
        if s > b_in[d]:
            r.pre.append(Pre('triton.compose.pre.sizes', 'assert',
                             f'A\'s output {d!r} has size {s} > B\'s input size {b_in[d]}'))
            return r
    names = [d for d, _ in A.outs]

    def BA(x):
        return B.join_out(B.apply(dict(zip(names, A.apply(A.split_in(x))))))

    def check(v):
        R = result_of(v)
        out = dims_check(R, A.in_dims(), B.outs, 'triton.compose.dims')
        return out or first_diff(1 << A.n_in, lambda x: R.join_out(R.apply(A.split_in(x))), BA, 'triton.compose.def')
    r.check = check
    return r


# ================================================================ invert, pseudoinvert
def swapped_dims(L):
    """The inverse's dimensions: inputs L's outputs (log2 size bases each), outputs L's inputs."""
    return [(n, s) for n, s in L.outs], L.in_dims()


def op_triton_invert(args):
    # triton.invert.def (LinearLayout.h:777-778 invert): the inverse map, inputs the outputs and outputs the
    # inputs, names and sizes kept
    L = read_triton(args[0], '$.args[0]')
    r = Res(['triton.invert.dims', 'triton.invert.def'])
    # triton.invert.pre: bijective (LinearLayout.h:437 isInvertible: surjective and equal total sizes)
    if not L.surjective() or L.n_in != L.n_out:
        why = 'not surjective' if not L.surjective() else f'{L.n_in} input bits, {L.n_out} output bits'
        r.pre.append(Pre('triton.invert.pre', 'assert', f'not bijective: {why}'))
        return r
    ins, outs = swapped_dims(L)
    lnames, onames = [n for n, _ in L.ins], [n for n, _ in L.outs]

    def check(v):
        R = result_of(v)
        out = dims_check(R, ins, outs, 'triton.invert.dims')
        # R(L(x)) == x for every x (L bijective: R is its inverse exactly when this holds)
        RL = lambda x: L.join_in(dict(zip(lnames, R.apply(dict(zip(onames, L.split_out(L.F(x))))))))
        return out or first_diff(1 << L.n_in, RL, lambda x: x, 'triton.invert.def')
    r.check = check
    return r


def min_preimages(L):
    """P(y), the smallest flat preimage of each flat y (triton.pseudoinvert.def), by tabulation: the
    inputs in increasing order, the first to reach y.  Past 2^16 inputs, by row reduction: a preimage
    cleared of the leading bits of the reduced kernel basis (any other preimage differs from it by a
    kernel element, whose leading bit it would set)."""
    if L.n_in <= 16:
        table = {}
        for x in range(1 << L.n_in):
            table.setdefault(L.F(x), x)
        return table.get
    piv, kern = {}, []   # image pivots: top bit -> (image, combination)
    for k, b in enumerate(L.images):
        c = 1 << k
        while b and (b.bit_length() - 1) in piv:
            pb, pc = piv[b.bit_length() - 1]
            b, c = b ^ pb, c ^ pc
        if b:
            piv[b.bit_length() - 1] = (b, c)
        else:
            kern.append(c)
    kp = {}
    for v in kern:
        while v and (v.bit_length() - 1) in kp:
            v ^= kp[v.bit_length() - 1]
        if v:
            kp[v.bit_length() - 1] = v
    for t in sorted(kp):   # fully reduce: no kernel vector holds another's leading bit
        for u in kp:
            if u != t and kp[u] >> t & 1:
                kp[u] ^= kp[t]

    def P(y):
        x = 0
        while y:
            t = y.bit_length() - 1
            if t not in piv:
                return None
            y ^= piv[t][0]
            x ^= piv[t][1]
        for t, v in kp.items():
            if x >> t & 1:
                x ^= v
        return x
    return P


def op_triton_pseudoinvert(args):
    # triton.pseudoinvert.def (LinearLayout.h:779-782 "A(B(x)) = I"; :773-775 invertAndCompose "chooses the
    # smallest offset"): P with L(P(y)) == y for every y, P(y) the smallest flat preimage
    L = read_triton(args[0], '$.args[0]')
    r = Res(['triton.pseudoinvert.dims', 'triton.pseudoinvert.post', 'triton.pseudoinvert.def'])
    # triton.pseudoinvert.pre: L surjective (Triton asserts "outer layout does not cover this layout's image")
    if not L.surjective():
        r.pre.append(Pre('triton.pseudoinvert.pre', 'assert',
                         f'not surjective: the images span {f2_rank(L.images)} of {L.n_out} output bits'))
        return r
    ins, outs = swapped_dims(L)
    minpre = min_preimages(L)
    lnames, onames = [n for n, _ in L.ins], [n for n, _ in L.outs]

    def check(v):
        R = result_of(v)
        out = dims_check(R, ins, outs, 'triton.pseudoinvert.dims')
        if out:
            return out
        P = lambda y: L.join_in(dict(zip(lnames, R.apply(dict(zip(onames, L.split_out(y)))))))
        out = first_diff(1 << L.n_out, lambda y: L.F(P(y)), lambda y: y, 'triton.pseudoinvert.post', 'y')
        return out or first_diff(1 << L.n_out, P, minpre, 'triton.pseudoinvert.def', 'y')
    r.check = check
    return r


# ================================================================ print, parse
def out_dims_text(outs):
    return '[' + ', '.join(f'{n} (size {s})' for n, s in outs) + ']'


def to_text(L):
    """LinearLayout::toString() (LinearLayout.h:798), as docs/definitions.md triton.print gives it: a leading
    newline, ` - in=1 -> (a, b)` then `   in=2 -> (...)` lines, ` - in is a size 1 dimension`,
    `where out dims are: [o (size N), ...]`; the empty forms `(empty layout)` and
    `(empty layout with out-dims [...])`."""
    outs = out_dims_text(L.outs)
    if not L.ins:
        return '\n(empty layout)' if not L.outs else f'\n(empty layout with out-dims {outs})'
    ret = '\n'
    for name, bases in L.ins:
        if not bases:
            ret += f' - {name} is a size 1 dimension\n'
            continue
        ret += ' - ' + '\n   '.join(f'{name}={1 << i} -> (' + ', '.join(str(e) for e in b) + ')'
                                    for i, b in enumerate(bases)) + '\n'
    return ret + 'where out dims are: ' + outs


def op_triton_print(args):
    # triton.print.def: toString()'s text, exactly
    L = read_triton(args[0], '$.args[0]')
    want = to_text(L)
    return exact(Res(['triton.print.def']), want, 'triton.print.def')


_OUTS = re.compile(r'(.+?) \(size (\d+)\)(?:, |$)')
_LINE = re.compile(r'(?: - |   )(.+)=(\d+) -> \(([^()]*)\)$')


def parse_outs(text):
    if not text:
        return []
    outs, pos = [], 0
    for m in _OUTS.finditer(text):
        if m.start() != pos:
            raise Bad(f'out dims {text!r}: not `name (size N), ...`')
        outs.append([m.group(1), int(m.group(2))])
        pos = m.end()
    if pos != len(text):
        raise Bad(f'out dims {text!r}: not `name (size N), ...`')
    return outs


def parse_print(s):
    """LinearLayout's print read back: the layout whose toString() is s (triton.parse, "read back exactly")."""
    if not s.startswith('\n'):
        raise Bad('LinearLayout\'s print starts with a newline')
    body = s[1:]
    if body == '(empty layout)':
        v = {'in_dims': [], 'out_dims': []}
    elif body.startswith('(empty layout with out-dims [') and body.endswith('])'):
        v = {'in_dims': [], 'out_dims': parse_outs(body[len('(empty layout with out-dims ['):-2])}
    else:
        lines = body.split('\n')
        last = lines.pop()
        if not (last.startswith('where out dims are: [') and last.endswith(']')):
            raise Bad('the print ends with `where out dims are: [...]`')
        outs = parse_outs(last[len('where out dims are: ['):-1])
        ins = []
        for line in lines:
            if line.startswith(' - ') and line.endswith(' is a size 1 dimension'):
                ins.append([line[3:-len(' is a size 1 dimension')], []])
                continue
            m = _LINE.match(line)
            if not m:
                raise Bad(f'line {line!r} is not LinearLayout\'s print')
            name, x, entries = m.group(1), int(m.group(2)), m.group(3)
            b = [int(e) for e in entries.split(', ')] if entries else []
            if line.startswith(' - '):
                ins.append([name, []])
            if not ins or ins[-1][0] != name or x != 1 << len(ins[-1][1]):
                raise Bad(f'line {line!r}: not the next basis of its dimension')
            ins[-1][1].append(b)
        v = {'in_dims': ins, 'out_dims': outs}
    L = read_triton(v, '$.args[0]')
    if to_text(L) != s:
        raise Bad('not LinearLayout\'s print of any layout (it does not read back exactly)')
    return L


class _Attr:
    """A small reader of the MLIR dictionary of `#ttg.linear<{...}>`: keys (bare or quoted) = nested arrays of integers."""

    def __init__(self, s):
        self.s, self.i = s, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in ' \t\n\r':
            self.i += 1

    def eat(self, t):
        self.ws()
        if not self.s.startswith(t, self.i):
            raise Bad(f'#ttg.linear: expected {t!r} at column {self.i}')
        self.i += len(t)

    def peek(self, t):
        self.ws()
        return self.s.startswith(t, self.i)

    def key(self):
        self.ws()
        m = re.compile(r'[A-Za-z_][A-Za-z0-9_$.]*|"[^"]*"').match(self.s, self.i)
        if not m:
            raise Bad(f'#ttg.linear: expected a key at column {self.i}')
        self.i = m.end()
        return m.group(0).strip('"')

    def value(self):
        self.ws()
        if self.peek('['):
            self.eat('[')
            out = []
            if self.peek(']'):
                self.eat(']')
                return out
            while True:
                out.append(self.value())
                if self.peek(','):
                    self.eat(',')
                    continue
                self.eat(']')
                return out
        m = re.compile(r'-?[0-9]+').match(self.s, self.i)
        if not m:
            raise Bad(f'#ttg.linear: expected an integer or an array at column {self.i}')
        self.i = m.end()
        return int(m.group(0))

    def dictionary(self):
        self.eat('{')
        d = {}
        if self.peek('}'):
            self.eat('}')
            return d
        while True:
            k = self.key()
            self.eat('=')
            if k in d:
                raise Bad(f'#ttg.linear: duplicate key {k!r}')
            d[k] = self.value()
            if self.peek(','):
                self.eat(',')
                continue
            self.eat('}')
            return d


def parse_ttg(s):
    """TritonGPU's `#ttg.linear<{register = ..., lane = ..., warp = ..., block = ...}>` as
    LinearEncodingAttr::parse reads it (docs/definitions.md triton.parse): inputs register, lane, warp,
    block in that order (the keys in any order, all four, no other), outputs dim0, dim1, ... of the
    smallest power-of-two sizes above the bases' entries, onto (LinearLayout.h:363-377 the size-inferring
    constructor "Assert-fails if the layout is not surjective"), and the attribute verifier's rule."""
    p = _Attr(s)
    p.eat('#ttg.linear<')
    d = p.dictionary()
    p.eat('>')
    p.ws()
    if p.i != len(s):
        raise Bad(f'#ttg.linear: text after the attribute at column {p.i}')
    if set(d) != set(TV_NAMES):
        raise Bad(f'#ttg.linear: keys {sorted(d)}, expected exactly {list(TV_NAMES)}')
    for k in TV_NAMES:
        if not isinstance(d[k], list) or not all(isinstance(b, list) and all(is_int(e) for e in b) for b in d[k]):
            raise Bad(f'#ttg.linear: expected an array of arrays of integers for {k!r}')
    allb = [b for k in TV_NAMES for b in d[k]]
    if not allb:
        raise Bad('#ttg.linear: no basis gives the rank')
    rank = len(allb[0])
    if any(len(b) != rank for b in allb):
        raise Bad('#ttg.linear: bases of different lengths')
    if any(e < 0 for b in allb for e in b):
        raise Bad('#ttg.linear: a negative basis entry')
    sizes = []
    for j in range(rank):
        m = max(b[j] for b in allb)
        sizes.append(1 << (m.bit_length()))   # the smallest power of two above every entry
    L = read_triton({'in_dims': [[k, d[k]] for k in TV_NAMES],
                     'out_dims': [[f'dim{j}', s] for j, s in enumerate(sizes)]}, '$.args[0]')
    if not L.surjective():
        raise Bad(f'#ttg.linear: not surjective onto the inferred sizes {sizes}')
    # the verifier: the zero bases left out, every basis one power of two in one output, no two alike
    nz = [tuple(b) for b in allb if any(b)]
    for b in nz:
        ent = [e for e in b if e]
        if len(ent) != 1 or not pow2(ent[0]):
            raise Bad(f'#ttg.linear: basis {list(b)} is not one power of two in one output')
    if len(set(nz)) != len(nz):
        raise Bad('#ttg.linear: a basis appears twice')
    return L


def op_triton_parse(args):
    # triton.parse.def: the text read back exactly (LinearLayout's print, or TritonGPU's #ttg.linear)
    s = args[0]
    if not isinstance(s, str):
        raise Bad('$.args[0]: expected a string')
    L = parse_ttg(s) if s.lstrip().startswith('#') else parse_print(s)
    want = L.json()
    r = Res(['triton.parse.def'])

    def check(v):
        R = result_of(v)
        if R.json() != want:
            return [('triton.parse.def', f'{v}, the text reads as {want}')]
        return []
    r.check = check
    return r


# ================================================================ to_layout
def mode_json(images):
    """A mode (2,...,2):(images), coalesced (coalesce.def, layout.hpp:867): an integer shape when one mode
    is left, else a tuple."""
    ms = coalesce_modes([(2, b) for b in images])
    if len(ms) == 1:
        return ms[0][0], ms[0][1]
    return [s for s, _ in ms], [d for _, d in ms]


def swizzle_for(images):
    """The first Sw<B,M,S> of linear.to_layout's search (docs/beyond-integers.md "Back to CuTe": B = 1..5,
    M = 0..8, S = B..12 then -B..-12) that makes the images pairwise bit-disjoint (a swizzle is F2-linear
    and its own inverse), or None."""
    for b in range(1, 6):
        for m in range(0, 9):
            for s in list(range(b, 13)) + list(range(-b, -13, -1)):
                sw = Swizzle(b, m, s)
                if sw.valid() is None and disjoint([sw(x) for x in images]):
                    return sw
    return None


def op_triton_to_layout(args):
    # triton.to_layout.def: a CuTe layout with the same function, tabulated against apply; its form:
    # (T, V) where every input is register, lane, warp or block (T the lane, warp, block bits, V the
    # register bits), else a mode per input; each mode (2,...,2):(flat images) coalesced; a plain layout
    # exactly where the flat images are pairwise bit-disjoint, else Sw o 0 o P (linear.to_layout's), flat
    L = read_triton(args[0], '$.args[0]')
    r = Res(['triton.to_layout.def', 'triton.to_layout.form'])
    names = [n for n, _ in L.ins]
    starts, k = {}, 0
    for n, bits in zip(names, L.in_bits):
        starts[n] = (k, bits)
        k += bits
    bits_of = lambda n: list(range(starts[n][0], starts[n][0] + starts[n][1])) if n in starts else []
    if all(n in TV_NAMES for n in names):
        # (T, V): T the bits of lane, warp, block (CuTe's thread index lane + 32 warp), V those of register
        groups = [bits_of('lane') + bits_of('warp') + bits_of('block'), bits_of('register')]
    else:
        groups = [bits_of(n) for n in names]
    order = [j for g in groups for j in g]     # the layout's domain bit q is the flat input bit order[q]
    n = 1 << L.n_in

    def triton_at(i):
        x = 0
        for q, j in enumerate(order):
            if i >> q & 1:
                x |= 1 << j
        return L.F(x)
    modes = [mode_json([L.images[j] for j in g]) for g in groups]
    if len(modes) == 1:
        want = {'shape': modes[0][0], 'stride': modes[0][1]}
    else:
        want = {'shape': [m[0] for m in modes], 'stride': [m[1] for m in modes]}
    plain = disjoint(L.images)
    nonzero = [b for b in L.images if b]
    if not plain and f2_rank(nonzero) < len(nonzero):
        # a swizzle is a bijection: it keeps dependent images dependent, and disjoint nonzero ones are not
        r.noanswer = ('triton.to_layout.def', f'not_representable: the nonzero flat images {nonzero} are '
                      'linearly dependent: no layout, swizzled or not, has this map')
        return r
    if not plain and swizzle_for(L.images) is None:
        r.noanswer = ('triton.to_layout.def', f'not_representable: the flat images {L.images} share bits '
                      'and no swizzle of linear.to_layout\'s search makes them disjoint')
        return r

    def check(v):
        X = read_any_layout(v, '$.value')
        if X.size() != n:
            return [('triton.to_layout.def', f'size {X.size()}, the layout has {n} inputs')]
        if plain:
            out = first_diff(n, X, triton_at, 'triton.to_layout.def', 'i')
            if out:
                return out
            if isinstance(X, Composed):
                return [('triton.to_layout.form', f'{show(X)}: the images are bit-disjoint, a plain layout is the answer')]
            if X.kind != 'int' or {'shape': X.shape, 'stride': X.stride} != want:
                return [('triton.to_layout.form', f'{show(X)}, the definition\'s form is {fmt(want["shape"])}:{fmt(want["stride"])}')]
            return []
        out = first_diff(n, X, L.F, 'triton.to_layout.def', 'i')
        if out:
            return out
        if not isinstance(X, Composed) or X.off != 0 or isinstance(X.L.shape, list) and any(isinstance(s, list) for s in X.L.shape):
            return [('triton.to_layout.form', f'{show(X)}: the images share bits, the answer is Sw o 0 o P, P flat')]
        return []
    r.check = check
    return r


# ================================================================ from_layout
def op_triton_from_layout(args):
    # triton.from_layout.def: the Triton layout equal to L, its domain index split into the named inputs
    # and its value into the named outputs (first most minor)
    L = read_layout(args[0], '$.args[0]')
    if L.kind != 'int':
        raise Bad('$.args[0]: a layout of integer strides')
    ins = read_sizes(args[1], '$.args[1]')
    outs = read_sizes(args[2], '$.args[2]')
    n = L.size()
    total_in = 1
    for _, s in ins:
        total_in *= s
    if total_in != n:
        raise Bad(f'the inputs\' sizes multiply to {total_in}, the layout has size {n}')
    total_out = 1
    for _, s in outs:
        total_out *= s
    r = Res(['triton.from_layout.dims', 'triton.from_layout.def'])
    # triton.from_layout.pre (linear.from_layout's: an F2-linear function, i.e. bit-disjoint images, by
    # tabulation) and every value below the outputs' product
    bases = [L(1 << k) for k in range(log2(n))]
    for i in span(n):
        x = L(i)
        lin = xor_all(b for k, b in enumerate(bases) if i >> k & 1)
        if x < 0 or x != lin:
            r.noanswer = ('triton.from_layout.pre', f'not_representable: L({i}) = {x}, the XOR of its bits\' '
                                                    f'images {bases} gives {lin}')
            return r
        if x >= total_out:
            r.noanswer = ('triton.from_layout.pre', f'not_representable: L({i}) = {x} is not below the outputs\' '
                                                    f'product {total_out}')
            return r
    shape_in = [(nm, s) for nm, s in ins]

    def check(v):
        R = result_of(v)
        out = dims_check(R, shape_in, outs, 'triton.from_layout.dims')
        return out or first_diff(n, lambda i: R.join_out(R.apply(R.split_in(i))), L, 'triton.from_layout.def', 'i')
    r.check = check
    return r


OPS = {
    'triton.apply': op_triton_apply, 'triton.compose': op_triton_compose, 'triton.invert': op_triton_invert,
    'triton.pseudoinvert': op_triton_pseudoinvert, 'triton.print': op_triton_print, 'triton.parse': op_triton_parse,
    'triton.to_layout': op_triton_to_layout, 'triton.from_layout': op_triton_from_layout,
}
