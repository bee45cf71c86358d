#!/usr/bin/env python3
"""What NVIDIA CuTe C++ 4.2 answers with run-time integers: the core algebra compiled with some
integers static (`cute::Int<4>{}`, printed `_4`) and the others run-time values (`int(4)`, printed
`4`), each answer printed by CuTe (`cute::print`) and judged by the executable specification
(conformance/spec/layoutspec, the definitions of docs/definitions.md, integers unmarked).

  cute_runtime_oracle.py generate --seed S --count N [--ops a,b,...] --out-dir DIR [--venv DIR]
  cute_runtime_oracle.py run VECTORS.json... [--venv DIR]

Operands and answers are CuTe's printed forms (docs/vector-format.md, "Static and run-time
integers"). A case's `expect` is CuTe's print where the specification finds it the operation's
function; where CuTe's run-time path returns a layout that is not, `expect` is an error, `cute` is
CuTe's print and the tag says why (cute_wrong, cute_precondition); where CuTe refuses (a
static_assert, a compile error of a run-time value, a crash), `expect` is the error. `run` compiles
the cases of those ops, and of size, cosize, rank, depth, flatten, layout_mode (cute::layout<I...>),
make_layout_with_stride and make_layout_of_layouts (cute::make_layout), whose operands are CuTe's
prints; other cases are counted n/a.
The CuTe machinery (venv with nvidia-cutlass, harness, compile-and-blame) is cute_oracle.py's.
Python 3 standard library only."""

import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "spec"))
import cute_oracle as co  # noqa: E402
from layoutspec.judge import definition, judge_answer, safe_check  # noqa: E402
from layoutspec.runtime import RUNTIME_FORM  # noqa: E402

OPS = ["make_layout", "coalesce", "composition", "complement", "logical_divide", "zipped_divide",
       "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product",
       "blocked_product", "raked_product", "right_inverse", "left_inverse",
       "crd2idx", "idx2crd", "crd2crd", "compact_major", "compact_col_major", "compact_row_major",
       "select", "take", "group_modes", "append", "prepend", "replace"]
# CuTe's mode rearrangements: a layout (and a layout X), CuTe's template integers as plain ints.
MODE_OPS = {"select", "take", "group_modes", "append", "prepend", "replace"}
# Ops whose operands are all int tuples (and a major): CuTe's coordinate maps and compact strides.
TUPLE_OPS = {"crd2idx", "idx2crd", "crd2crd", "compact_major", "compact_col_major", "compact_row_major"}
MAJORS = ("LayoutLeft", "LayoutRight")
# Ops `run` also compiles (no generator here): CuTe's layout queries and constructors from parts,
# their operands in CuTe's print (layout_mode's indices integers).
RUN_OPS = ["size", "cosize", "rank", "depth", "flatten", "layout_mode", "make_layout_with_stride",
           "make_layout_of_layouts"]
TILER_OPS = {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
             "zipped_product", "tiled_product", "flat_product"}


# --------------------------------------------------------------------------
# CuTe's printed forms: (value, static) leaves in nested lists
# --------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(_?-?\d+|[():,])")


def tokens(text):
    pos, out = 0, []
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip() == "":
                break
            raise ValueError(f"unreadable CuTe print {text!r} at {pos}")
        out.append(m.group(1))
        pos = m.end()
    return out


def read_list(toks, i, read_item):
    """The items of `(x, y, ...)` opening at toks[i], each read by read_item -> (items, next index)."""
    items, i = [], i + 1
    if toks[i] == ")":
        return items, i + 1
    while True:
        x, i = read_item(toks, i)
        items.append(x)
        if toks[i] == ",":
            i += 1
            continue
        if toks[i] == ")":
            return items, i + 1
        raise ValueError(f"expected , or ) in {''.join(toks)}")


def read_tuple(toks, i):
    t = toks[i]
    if t == "(":
        return read_list(toks, i, read_tuple)
    static = t.startswith("_")
    return (int(t[1:] if static else t), static), i + 1


def read_tiler(toks, i):
    """A layout `S:D`, an integer, or a by-mode tuple of tilers -> ('layout', S, D) | ('int', leaf) | [tilers]."""
    j = i
    try:
        s, j = read_tuple(toks, i)
        if j < len(toks) and toks[j] == ":":
            d, j = read_tuple(toks, j + 1)
            return ("layout", s, d), j
        if isinstance(s, tuple):
            return ("int", s), j
    except (ValueError, IndexError):
        pass
    if toks[i] != "(":
        raise ValueError(f"unreadable tiler {''.join(toks)}")
    return read_list(toks, i, read_tiler)


def parse_tiler(text):
    toks = tokens(text)
    t, i = read_tiler(toks, 0)
    if i != len(toks):
        raise ValueError(f"trailing text in {text!r}")
    return t


def parse_tuple(text):
    toks = tokens(text)
    t, i = read_tuple(toks, 0)
    if i != len(toks):
        raise ValueError(f"trailing text in {text!r}")
    return t


def show(t):
    if isinstance(t, tuple):
        return ("_" if t[1] else "") + str(t[0])
    return "(" + ",".join(show(x) for x in t) + ")"


def show_tiler(t):
    if isinstance(t, tuple) and t[0] == "layout":
        return show(t[1]) + ":" + show(t[2])
    if isinstance(t, tuple) and t[0] == "int":
        return show(t[1])
    return "(" + ",".join(show_tiler(x) for x in t) + ")"


def plain(t):
    return t[0] if isinstance(t, tuple) else [plain(x) for x in t]


def plain_tiler(t):
    if isinstance(t, tuple) and t[0] == "layout":
        return {"shape": plain(t[1]), "stride": plain(t[2])}
    if isinstance(t, tuple) and t[0] == "int":
        return t[1][0]
    return {"tiler": [plain_tiler(x) for x in t]}


def plain_args(op, args):
    """The operands with their marks dropped, in the vector format's plain JSON forms."""
    out = []
    for k, a in enumerate(args):
        if op in MODE_OPS and not isinstance(a, str):
            out.append(a)
        elif op == "make_layout" or op in TUPLE_OPS:
            out.append(a if a in MAJORS else plain(parse_tuple(a)))
        elif op == "complement" and k == 1:
            out.append(plain(parse_tuple(a)))
        else:
            out.append(plain_tiler(parse_tiler(a)))
    return out


# --------------------------------------------------------------------------
# C++
# --------------------------------------------------------------------------

def cpp(t):
    if isinstance(t, tuple):
        v, static = t
        return f"cute::Int<{v}>{{}}" if static else f"int({v})"
    return "cute::make_tuple(" + ",".join(cpp(x) for x in t) + ")"


def cpp_tiler(t):
    if isinstance(t, tuple) and t[0] == "layout":
        return f"cute::make_layout({cpp(t[1])}, {cpp(t[2])})"
    if isinstance(t, tuple) and t[0] == "int":
        return cpp(t[1])
    return "cute::make_tile(" + ",".join(cpp_tiler(x) for x in t) + ")"


def case_body(c):
    op, args = c["op"], c["args"]
    if op == "make_layout":
        major = ", cute::LayoutRight{}" if len(args) > 1 and args[1] == "LayoutRight" else ""
        call = f"cute::make_layout({cpp(parse_tuple(args[0]))}{major})"
    elif op in MODE_OPS:
        L = cpp_tiler(parse_tiler(args[0]))
        ints = lambda v: ",".join(str(i) for i in (v if isinstance(v, list) else [v]))  # noqa: E731
        if op == "select":
            call = f"cute::select<{ints(args[1])}>({L})"
        elif op in ("take", "group_modes"):
            call = f"cute::{'take' if op == 'take' else 'group'}<{args[1]},{args[2]}>({L})"
        elif op == "replace":
            call = f"cute::replace<{args[2]}>({L}, {cpp_tiler(parse_tiler(args[1]))})"
        else:
            n = f"<{args[2]}>" if len(args) == 3 else ""
            call = f"cute::{op}{n}({L}, {cpp_tiler(parse_tiler(args[1]))})"
    elif op == "compact_major":
        rest = "".join(", " + cpp(parse_tuple(a)) for a in args[2:])
        call = f"cute::compact_major<cute::{args[1]}>({cpp(parse_tuple(args[0]))}{rest})"
    elif op in TUPLE_OPS:
        call = f"cute::{op}(" + ", ".join(cpp(parse_tuple(a)) for a in args) + ")"
    elif op == "make_layout_with_stride":
        call = f"cute::make_layout({cpp(parse_tuple(args[0]))}, {cpp(parse_tuple(args[1]))})"
    elif op == "layout_mode":
        call = f"cute::layout<{','.join(str(int(i)) for i in args[1:])}>({cpp_tiler(parse_tiler(args[0]))})"
    elif op == "make_layout_of_layouts":
        call = "cute::make_layout(" + ", ".join(cpp_tiler(parse_tiler(a)) for a in args) + ")"
    elif op == "complement" and len(args) == 2:
        call = f"cute::complement({cpp_tiler(parse_tiler(args[0]))}, {cpp(parse_tuple(args[1]))})"
    else:
        call = f"cute::{op}(" + ", ".join(cpp_tiler(parse_tiler(a)) for a in args) + ")"
    return [f"  auto r = {call};",
            "  std::printf(\"\\\"\"); cute::print(r); std::printf(\"\\\"\");"]


PRELUDE = co.HARNESS_PRELUDE


# --------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------

def mark(rng, v, p_static):
    return (v, rng.random() < p_static)


def rand_shape(rng, p_static, nleaves, max_size=256):
    vals = []
    for _ in range(nleaves):
        vals.append(rng.choice([1, 1, 2, 2, 3, 4, 4, 8, 2, 6]))
    while vals and max(1, eval_size(vals)) > max_size:
        vals[rng.randrange(len(vals))] = 1
    return [mark(rng, v, p_static) for v in vals]


def eval_size(vals):
    p = 1
    for v in vals:
        p *= v
    return p


def nest(rng, flat):
    """Group runs of a flat list into sub-tuples sometimes."""
    if len(flat) >= 3 and rng.random() < 0.35:
        k = rng.randrange(1, len(flat) - 1)
        return flat[:k] + [flat[k:k + 2]] + flat[k + 2:]
    return flat


def rand_layout(rng, p_static, nmax=4, compactish=0.6, max_size=256):
    n = rng.randint(1, nmax)
    shape = rand_shape(rng, p_static, n, max_size)
    vals = [s[0] for s in shape]
    if rng.random() < compactish:  # a compact layout in a random order, sometimes with a gap or a 0
        order = list(range(n))
        rng.shuffle(order)
        stride = [0] * n
        cur = 1
        for k in order:
            stride[k] = cur
            cur *= vals[k] * (2 if rng.random() < 0.2 else 1)
        if rng.random() < 0.15:
            stride[rng.randrange(n)] = 0
    else:
        stride = [rng.choice([0, 1, 2, 3, 4, 6, 8, 16, 32]) for _ in range(n)]
    stride = [mark(rng, d, p_static) for d in stride]
    idx = list(range(n))
    grouped = nest(rng, idx)

    def build(g, src):
        return src[g] if isinstance(g, int) else [build(x, src) for x in g]
    s = [build(g, shape) for g in grouped]
    d = [build(g, stride) for g in grouped]
    if len(s) == 1 and isinstance(s[0], tuple) and rng.random() < 0.6:
        s, d = s[0], d[0]
    return ("layout", s, d)


def rand_tiler(rng, p_static, a):
    if rng.random() < 0.5:
        return rand_layout(rng, p_static, nmax=2, compactish=0.8, max_size=16)
    rank = len(a[1]) if isinstance(a[1], list) else 1
    k = rng.randint(1, max(1, min(rank, 2)))
    elems = []
    for _ in range(k):
        if rng.random() < 0.5:
            elems.append(("int", mark(rng, rng.choice([1, 2, 4, 3]), p_static)))
        else:
            elems.append(rand_layout(rng, p_static, nmax=1, compactish=0.9, max_size=8))
    return elems


def shape_leaves(t):
    return [t] if isinstance(t, tuple) else [y for x in t for y in shape_leaves(x)]


def size_of(t):
    return eval_size([v for v, _ in shape_leaves(t)])


def rand_coord(rng, p_static, shape, top=True):
    """A coordinate of `shape`: an index of it (sometimes past it: the last mode is unbounded), or
    a tuple of its modes' coordinates, an integer standing for a whole sub-mode at times."""
    n = size_of(shape)
    if isinstance(shape, tuple) or (not top and rng.random() < 0.35) or rng.random() < 0.3:
        return mark(rng, rng.randrange(n + (n if top and rng.random() < 0.15 else 0)), p_static)
    return [rand_coord(rng, p_static, m, False) for m in shape]


def rand_strides_like(rng, p_static, shape):
    if isinstance(shape, tuple):
        return mark(rng, rng.choice([0, 1, 1, 2, 3, 4, 8, 12, 16]), p_static)
    return [rand_strides_like(rng, p_static, m) for m in shape]


def factor_shape(rng, p_static, n):
    """A random shape of size n (its factors grouped at times)."""
    leaves, m = [], n
    for p in (2, 3, 5, 7):
        while m % p == 0:
            m //= p
            if leaves and rng.random() < 0.5:
                leaves[-1] *= p
            else:
                leaves.append(p)
    if m > 1:
        leaves.append(m)
    leaves = leaves or [1]
    rng.shuffle(leaves)
    if rng.random() < 0.3:
        leaves.insert(rng.randrange(len(leaves) + 1), 1)
    return nest(rng, [mark(rng, v, p_static) for v in leaves])


def gen_tuple_case(rng, op, p_static):
    shape = nest(rng, rand_shape(rng, p_static, rng.randint(1, 4), max_size=128))
    if len(shape) == 1 and rng.random() < 0.5:
        shape = shape[0]
    if op in ("crd2idx", "idx2crd"):
        args = [show(rand_coord(rng, p_static, shape)), show(shape)]
        if op == "crd2idx" and rng.random() < 0.75:
            args.append(show(rand_strides_like(rng, p_static, shape)))
        elif op == "idx2crd" and rng.random() < 0.5:
            if rng.random() < 0.3:
                args.append(show(mark(rng, rng.choice([1, 2, 3]), p_static)))
            else:  # a compact layout's strides in some order: (i / d) % s is its coordinate
                leaves = shape_leaves(shape)
                order = list(range(len(leaves)))
                rng.shuffle(order)
                d, cur = [0] * len(leaves), 1
                for j in order:
                    d[j] = cur
                    cur *= max(1, leaves[j][0])
                it = iter(d)

                def build(t):
                    return mark(rng, next(it), p_static) if isinstance(t, tuple) else [build(x) for x in t]
                args.append(show(build(shape)))
        return args
    if op == "crd2crd":
        coord = rand_coord(rng, p_static, shape)
        if isinstance(coord, list) and isinstance(shape, list) and rng.random() < 0.8:  # mode by mode
            dst = [factor_shape(rng, p_static, size_of(m)) for m in shape]
            dst = [d[0] if len(d) == 1 else d for d in dst]
        else:
            dst = factor_shape(rng, p_static, size_of(shape))
        return [show(coord), show(shape), show(dst)]
    args = [show(shape)] + ([rng.choice(MAJORS)] if op == "compact_major" else [])
    if rng.random() < 0.8:
        if op == "compact_major" and isinstance(shape, list) and rng.random() < 0.3:
            args.append(show([mark(rng, rng.choice([1, 2, 3, 5, 8]), p_static) for _ in shape]))
        else:
            args.append(show(mark(rng, rng.choice([1, 1, 2, 3, 4, 5, 8]), p_static)))
    elif op == "compact_major":
        args.append(show(mark(rng, 1, p_static)))
    return args


def gen_mode_case(rng, op, p_static):
    a = rand_layout(rng, p_static, nmax=4, max_size=64)
    r = len(a[1]) if isinstance(a[1], list) else 1
    if op == "select":
        modes = [rng.randrange(r) for _ in range(rng.randint(1, 3))]
        return [show_tiler(a), modes[0] if len(modes) == 1 and rng.random() < 0.3 else modes]
    if op in ("take", "group_modes"):
        b = rng.randrange(r)
        e = rng.randint(b + 1, r)
        if op == "group_modes" and rng.random() < 0.2:
            e = -1
        return [show_tiler(a), b, e]
    x = show_tiler(rand_layout(rng, p_static, nmax=2, max_size=16))
    if op == "replace":
        return [show_tiler(a), x, rng.randrange(r)]
    return [show_tiler(a), x] + ([rng.randint(r, r + 2)] if rng.random() < 0.5 else [])


def gen_case(rng, op, k):
    p_static = rng.choice([0.0, 0.3, 0.5, 0.7])
    if op in MODE_OPS:
        args = gen_mode_case(rng, op, p_static)
    elif op in TUPLE_OPS:
        args = gen_tuple_case(rng, op, p_static)
    elif op == "make_layout":
        shape = nest(rng, rand_shape(rng, p_static, rng.randint(1, 4)))
        args = [show(shape)] + ([rng.choice(["LayoutLeft", "LayoutRight"])] if rng.random() < 0.7 else [])
    elif op in ("coalesce", "right_inverse", "left_inverse"):
        args = [show_tiler(rand_layout(rng, p_static))]
    elif op == "complement":
        a = rand_layout(rng, p_static, nmax=3)
        args = [show_tiler(a)]
        if rng.random() < 0.7:
            args.append(show(mark(rng, rng.choice([16, 32, 64, 128, 256, 24, 48]), p_static)))
    elif op in ("blocked_product", "raked_product"):
        args = [show_tiler(rand_layout(rng, p_static, nmax=2, max_size=16)),
                show_tiler(rand_layout(rng, p_static, nmax=2, max_size=16))]
    elif op == "composition":
        a = rand_layout(rng, p_static)
        b = rand_tiler(rng, p_static, a) if rng.random() < 0.3 else rand_layout(rng, p_static, nmax=3, max_size=32)
        args = [show_tiler(a), show_tiler(b)]
    else:
        big = op in TILER_OPS and op.endswith("divide")
        a = rand_layout(rng, p_static, max_size=256 if big else 32)
        args = [show_tiler(a), show_tiler(rand_tiler(rng, p_static, a))]
    return {"id": f"{op}/rt{k:04d}", "op": op, "args": args}


# --------------------------------------------------------------------------
# Verdicts
# --------------------------------------------------------------------------

def kind_of_refusal(op, msg):
    """The error kind of CuTe's refusal: the coordinate maps' and compact strides' refusals
    (mismatched ranks, a division by a stride 0) are invalid_input; complement's "Non-injective"
    static_assert is not_complementable; every other refusal (a divide or product whose complement fails among them)
    is inadmissible, as in the static corpus."""
    if op in TUPLE_OPS:  # their static_asserts are of the operands' form (ranks), as in the static corpus
        return "invalid_input"
    return "not_complementable" if op == "complement" and "Non-injective" in msg else "inadmissible"


# The contracts of the static answer's form that a run-time answer keeps only up to its extra modes
# (docs/definitions.md, "Static and run-time integers"; layoutspec/runtime.py RUNTIME_FORM): a
# run-time extent-1 mode is not dropped, so a tiled or flat form unpacks it, and keeps its running
# compact stride; run-time strides are left out of right_inverse (a right inverse, L(R(i)) == i, not
# the largest).
def runtime_form(op, pid):
    return pid.endswith(RUNTIME_FORM) or pid == "right_inverse.post.size"


def kind_of_unchecked(op, pid):
    """The error kind where CuTe's run-time path answers past a condition it asserts on static
    integers only (pid, the specification's id of the condition, None where only the function
    differs): the kind of that condition's static_assert, as kind_of_refusal gives it."""
    return "not_complementable" if op == "complement" and pid == "complement.pre.injective" else "inadmissible"


def judge(case, outcome):
    """The vector case for CuTe's outcome: expect, and where CuTe is not the definition, cute and a tag."""
    op, args = case["op"], case["args"]
    out = dict(case)
    kind, body = outcome
    if kind == "compile_error" and "gave up" in str(body):
        return None, "not compiled"  # the compile-and-blame loop ran out of rounds: no answer known
    if kind != "value":
        out["expect"] = {"error": kind_of_refusal(op, str(body))}
        reason = {"static_assert": "CuTe refuses (static_assert)", "compile_error": "CuTe does not compile",
                  "crash": "CuTe's program crashes"}[kind]
        out["note"] = f"{reason}: {str(body)[:200]}"
        if kind == "crash":
            out["tags"] = ["cute_crash"]
        return out, kind
    answer = plain(parse_tuple(body)) if op in TUPLE_OPS else plain_tiler(parse_tiler(body))
    pargs = plain_args(op, args)
    verdict, pid, why = judge_answer(op, pargs, answer)
    unchecked = pid if verdict == "refuses" else None
    if verdict in ("refuses", "breaks"):
        # A condition CuTe asserts on static integers only, or a contract of the static answer's
        # form: the run-time answer is judged by the function's contracts alone.
        res = definition(op, pargs)
        broken = safe_check(res, op, answer) if res.check else [("?", why)]
        broken = [b for b in broken if not runtime_form(op, b[0])]
        if not broken:
            out["expect"] = body
            out["note"] = f"CuTe's run-time form: {why}"[:300] if verdict == "breaks" else \
                f"a condition CuTe checks only on static integers fails ({why}), and its run-time answer is the function"[:300]
            return out, "meets (run-time form)" if verdict == "breaks" else "meets (unchecked, right)"
        verdict, why = "breaks", f"{why}; breaks {broken[0][0]}: {broken[0][1]}"
    if verdict == "meets":
        out["expect"] = body
        return out, "meets"
    if verdict == "undefined":
        return None, "undefined"
    out["expect"] = {"error": kind_of_unchecked(op, unchecked)}
    out["cute"] = body
    out["tags"] = ["cute_precondition" if verdict == "precondition" else "cute_wrong"]
    out["note"] = f"CuTe's run-time answer is not the operation's function: {why}"[:400]
    return out, verdict


def cmd_generate(args):
    ops = OPS if args.ops == "all" else [o.strip() for o in args.ops.split(",")]
    rng = random.Random(args.seed)
    cases = [gen_case(rng, op, k) for op in ops for k in range(args.count)]
    seen, uniq = set(), []
    for c in cases:
        key = (c["op"], json.dumps(c["args"]))
        if key not in seen:
            seen.add(key)
            uniq.append(c)
    try:
        env = co.setup_env(args, need_cute=True)
    except co.Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    outs, _ = co.cute_compute(env, uniq, batch_size=args.batch_size, jobs=args.jobs,
                              keep_dir=args.keep_build, harness=(case_body, PRELUDE))
    by_op, tally = {}, {}
    for c, o in zip(uniq, outs):
        v, verdict = judge(c, o)
        tally.setdefault(c["op"], {}).setdefault(verdict, 0)
        tally[c["op"]][verdict] += 1
        if v is not None:
            by_op.setdefault(c["op"], []).append(v)
    os.makedirs(args.out_dir, exist_ok=True)
    for op, cs in by_op.items():
        co.write_vector_file(os.path.join(args.out_dir, f"{op}.json"), (f"cute_runtime_oracle.py generate --seed {args.seed} --count {args.count}: CuTe C++ "
                          f"{co.CUTLASS_VERSION} (nvidia-cutlass headers) compiled with the marked integers run-time "
                          "(int) and the others static (cute::Int), answers printed by cute::print; each judged by "
                          "conformance/spec/layoutspec with the marks dropped"), cs)
    for op in ops:
        print(op, json.dumps(tally.get(op, {}), sort_keys=True))
    return 0


def cmd_run(args):
    cases, na = [], 0
    for p in args.vectors:
        with open(p) as f:
            for c in json.load(f)["cases"]:
                # this oracle's cases: its ops, every operand in CuTe's print (a string); the rest is n/a
                operands = c["args"][:1] if c["op"] == "layout_mode" else \
                    [a for a in c["args"] if not isinstance(a, (int, list))] if c["op"] in MODE_OPS else c["args"]
                if (c["op"] in OPS or c["op"] in RUN_OPS) and all(isinstance(a, str) for a in operands):
                    cases.append(c)
                else:
                    na += 1
    try:
        env = co.setup_env(args, need_cute=True)
    except co.Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    outs, _ = co.cute_compute(env, cases, batch_size=args.batch_size, jobs=args.jobs,
                              keep_dir=args.keep_build, harness=(case_body, PRELUDE))
    differ = 0
    for c, o in zip(cases, outs):
        want = c.get("cute", c["expect"])
        got = o[1] if o[0] == "value" else {"error": kind_of_refusal(c["op"], str(o[1]))}
        same = got == want if isinstance(want, str) else (o[0] != "value")
        if not same:
            differ += 1
            print(f"DIFFER {c['id']}: CuTe {o}, vector {want}")
    print(f"{len(cases)} cases, {len(cases) - differ} agree with CuTe C++ {co.CUTLASS_VERSION} run-time, {differ} differ"
          f" ({na} n/a: another op, or an operand not in CuTe's print)")
    return 1 if differ else 0


def main(argv=None):
    def run_options(p):
        pass

    def generate_options(p):
        p.add_argument("--count", type=int, required=True, help="cases per op")
        p.add_argument("--ops", default="all", help=f"comma-separated, or 'all': {','.join(OPS)}")
        p.add_argument("--out-dir", required=True, help="one vector file per op, DIR/<op>.json")

    return co.command_line(argv, __doc__, ("CuTe's run-time answers for vector files", run_options, cmd_run),
                           ("random mixed cases with CuTe's run-time answers, judged", generate_options, cmd_generate))


if __name__ == "__main__":
    sys.exit(main())
