#!/usr/bin/env python3
"""Triton's linear layouts as an oracle for catlayout's `triton.*` ops.

Writes and checks `conformance/vectors/triton/linear-layouts.json`: vectors whose expectations are
the answers of Triton 3.9.0's `LinearLayout` (the Python binding
`triton._C.libtriton.linear_layout.LinearLayout`, C++ `include/triton/Tools/LinearLayout.h` and
`lib/Tools/LinearLayout.cpp`) and of its `#ttg.linear` attribute (TritonGPU's `LinearEncodingAttr`,
parsed and printed by MLIR through `triton._C.libtriton.ir` / `gluon_ir`). No GPU is needed.

Commands (the outside is the standard library only; Triton runs in a worker subprocess started
with the venv's python):

    python3 conformance/oracle/triton_linear.py generate \\
        --out conformance/vectors/triton/linear-layouts.json [--venv DIR] [--require]
    python3 conformance/oracle/triton_linear.py check [FILE] [--venv DIR] [--require]

`generate` builds a deterministic set of cases (random layouts over 1 to 3 input and 1 to 2 output
dimensions: bijective, injective, surjective, neither, zero bases, size-1 dimensions; identities and
bit permutations; the SM80 mma.sync m16n8 accumulator and Triton's 16x16, 32x32 and 64x64 (2x2
warps) extensions of it; deliberately invalid inputs), asks Triton for each answer, checks the
conversions by tabulation, and writes the vector file (cases sorted by id, keys sorted, 1-space
indent). `check` asks Triton again for every case of a file (the default is the file above) and
compares with `expect`; it prints `op: N agree, M disagree` per op and a total, and exits 1 on any
disagreement. The venv is DIR, or `~/.cache/catlayout/impls/triton-3.9.0`: made with
`python3 -m venv` and `pip install --no-deps triton==3.9.0` (pip's cache, `PIP_FIND_LINKS` and
the like are honoured) when it does not hold Triton 3.9.0, reused otherwise. Where it cannot be
made the script prints one line `SKIP: <reason>` and exits 77 (ctest's skip; 1 with `--require`).

What each op's expectation is, and how `check` confirms it:
  triton.apply        Triton's `L.apply(dict)`, the values in L's out-dim order.
  triton.compose      [A, B]: Triton's `A.compose(B)`, B after A.
  triton.invert       Triton's `L.invert()`.
  triton.pseudoinvert Triton's `L.pseudoinvert()`.
  triton.print        Triton's `str(L)`.
  triton.parse        [text]: for `str(L)` text, L (check: Triton prints the expectation as the
                      text); for `#ttg.linear<{...}>` (printed by gluon_ir), the layout MLIR's parse
                      of a module using the attribute holds (check: parsed again).
  triton.to_layout    catlayout's CuTe form of L (register/lane/warp/block: the (T, V) layout with
                      T = lane, warp, block bits; else one mode per in dim; each mode
                      (2,...,2):(flat images) coalesced; flat image = out dim 0 most minor). Check:
                      Triton's apply on every input equals the layout's value; a refusal is checked
                      to be a map whose non-zero images are linearly dependent (so no layout, even
                      swizzled, has it) and whose integer sum is not the XOR.
  triton.from_layout  [CuTe layout, in dims, out dims]: the layout's bit images split into the dims
                      (first dim most minor). Check: Triton builds the expectation and its apply
                      table equals the CuTe layout's values; a refusal is a layout whose values are
                      not an XOR of its bit images inside the out dims.
Errors: where Triton aborts building a layout or applying it (llvm::report_fatal_error or a failed
assert; `ValueError`/`TypeError` of the binding) the expectation is `invalid_input`; where an op's
precondition aborts (compose's dims or sizes, invert of a map that is not bijective, pseudoinvert of
one that is not surjective) it is `inadmissible`; a map with no CuTe (or linear) form is
`not_representable` (docs/vector-format.md's kind for "an F2-linear map of a layout whose integer
sum is not an XOR").

Facts relied on (established by experiment with triton 3.9.0; LinearLayout.h documents them):
  * Triton aborts the process (SIGABRT) on almost every invalid input, hence the worker process,
    restarted after a crash; stderr stage markers tell construction from operation.
  * `from_bases(bases, names, sizes, require_surjective=False)`: in dim size 2^len(bases); checks:
    negative values, vector length, power-of-two out sizes, basis < out size.
  * apply XORs the bases of the set bits (bits >= log2(size) ignored: catlayout refuses those values;
    such cases are tagged `triton_masks` and say Triton's answer in `note`); keys = the in dims.
  * Flattening (LinearLayout.h: "the order of dims is minor-to-major"): dim 0 is least significant.
  * compose: names matched in any order, A.out_size(d) <= B.in_size(d); result: A's in dims, B's outs.
  * invert needs a bijection; pseudoinvert a surjection and picks the smallest flat preimage.
  * `#ttg.linear`: keys register, lane, warp, block all required (any order), out dims dim0..,
    sizes inferred (smallest power of two above each max basis), surjective, and, with zero bases
    dropped, a permutation matrix (the 3.9.0 verifier). Extra keys are ignored by Triton and refused
    by catlayout, so the vectors have none.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

TRITON_VERSION = "3.9.0"
DEFAULT_VENV = os.path.join(os.path.expanduser("~"), ".cache", "catlayout", "impls", "triton-" + TRITON_VERSION)
DEFAULT_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "vectors", "triton", "linear-layouts.json")
OPS = ["triton.apply", "triton.compose", "triton.invert", "triton.pseudoinvert", "triton.print",
       "triton.parse", "triton.to_layout", "triton.from_layout"]
NOT_REPR = "not_representable"


class Skip(Exception):
    pass


# =============================================================================== worker (venv python)
def _worker():
    from triton._C.libtriton.linear_layout import LinearLayout as LL

    ttg = {}

    def stage(s):
        sys.stderr.write("\n@@STAGE:" + s + "@@\n")
        sys.stderr.flush()

    def build(d):
        bases = [(str(n), [[int(x) for x in v] for v in bs]) for n, bs in d["in_dims"]]
        names = [str(n) for n, _ in d["out_dims"]]
        sizes = [int(s) for _, s in d["out_dims"]]
        return LL.from_bases(bases, names, sizes, False)

    def dump(L):
        return {"in_dims": [[n, [list(v) for v in bs]] for n, bs in L.bases],
                "out_dims": [[n, s] for n, s in L.out_dims]}

    def table(L):
        ins = [(n, len(bs)) for n, bs in L.bases]
        outs = L.out_dims
        total = 1 << sum(b for _, b in ins)
        res = []
        for x in range(total):
            arg, sh = {}, 0
            for n, b in ins:
                arg[n] = (x >> sh) & ((1 << b) - 1)
                sh += b
            y = L.apply(arg)
            flat, sh = 0, 0
            for n, s in outs:
                flat |= y[n] << sh
                sh += s.bit_length() - 1
            res.append(flat)
        return res

    def ir_mods():
        if not ttg:
            from triton._C.libtriton import ir, gluon_ir
            ctx = ir.context()
            ir.load_dialects(ctx)
            ttg.update(ir=ir, ctx=ctx, b=gluon_ir.GluonOpBuilder(ctx))
        return ttg

    def ttg_print(L):
        m = ir_mods()
        b = m["b"]
        d = {n: bs for n, bs in L["in_dims"]}
        shape = [s for _, s in L["out_dims"]]
        attr = b.get_distributed_linear_layout(d["register"], d["lane"], d["warp"], d["block"], shape)
        text = str(b.get_distributed_ty(b.get_float_ty(), shape, attr))
        i = text.index("#ttg.linear<")
        j = text.rindex("}>")
        return text[i:j + 2]

    def ttg_parse(text, ctxinfo):
        m = ir_mods()
        shape = "x".join(str(s) for s in ctxinfo["shape"])
        src = ('#L = %s\nmodule attributes {"ttg.num-warps" = %d : i32, "ttg.num-ctas" = %d : i32, '
               '"ttg.threads-per-warp" = %d : i32} {\n  tt.func @f(%%arg0: tensor<%sxf32, #L>) -> '
               'tensor<%sxf32, #L> {\n    tt.return %%arg0 : tensor<%sxf32, #L>\n  }\n}\n'
               % (text, ctxinfo["warps"], ctxinfo["ctas"], ctxinfo["lanes"], shape, shape, shape))
        fd, path = tempfile.mkstemp(suffix=".mlir")
        os.write(fd, src.encode())
        os.close(fd)
        try:
            mod = m["ir"].parse_mlir_module(path, m["ctx"])
        finally:
            os.unlink(path)
        printed = str(mod)
        k = printed.index("#ttg.linear<{")
        body = printed[k + len("#ttg.linear<{"):printed.index("}>", k)]
        found = {}
        for name, lists in re.findall(r"(\w+) = (\[[\[\]0-9, ]*\])", body):
            found[name] = json.loads(lists)
        order = ["register", "lane", "warp", "block"]
        rank = next(len(v) for n in order for v in found[n])
        bases = [(n, found[n]) for n in order]
        L = LL.from_bases(bases, ["dim%d" % i for i in range(rank)])  # Triton's inference, onto
        return {"layout": dump(L), "printed": "#ttg.linear<{" + body + "}>"}

    def run(q):
        r = q["req"]
        stage("build")
        if r == "ttg_parse":
            stage("parse")
            return ttg_parse(q["text"], q["ctx"])
        if r == "ttg_print":
            build(q["L"])
            stage("op")
            return ttg_print(q["L"])
        if r == "compose":
            A, B = build(q["A"]), build(q["B"])
            stage("op")
            return dump(A.compose(B))
        L = build(q["L"])
        if r == "build":
            return dump(L)
        if r == "apply":
            stage("apply")
            y = L.apply({str(k): int(v) for k, v in q["x"]})
            return [y[n] for n in L.get_out_dim_names()]
        if r == "table":
            return table(L)
        if r == "print":
            return str(L)
        stage("op")
        if r == "invert":
            return dump(L.invert())
        if r == "pseudoinvert":
            return dump(L.pseudoinvert())
        raise ValueError("unknown request " + r)

    for line in sys.stdin:
        if not line.strip():
            continue
        q = json.loads(line)
        sys.stderr.write("\n@@CASE@@\n")
        try:
            ans = {"ok": run(q)}
        except Exception as e:  # binding-level errors and MLIR parse failures are exceptions
            ans = {"exc": type(e).__name__ + ": " + str(e)}
        sys.stdout.write(json.dumps(ans) + "\n")
        sys.stdout.flush()
    os._exit(0)  # skip nanobind's leak report at exit


# =============================================================================== parent: the venv
def log(*a):
    print(*a, file=sys.stderr, flush=True)


def _venv_python(venv):
    return os.path.join(venv, "bin", "python")


def _has_triton(py):
    try:
        r = subprocess.run([py, "-c", "import importlib.metadata as m; print(m.version('triton'))"],
                           capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0 and r.stdout.strip() == TRITON_VERSION


def setup_venv(venv):
    py = _venv_python(venv)
    if os.path.exists(py) and _has_triton(py):
        return py
    log("triton_linear: making the venv %s (triton==%s)" % (venv, TRITON_VERSION))
    try:
        os.makedirs(os.path.dirname(os.path.abspath(venv)), exist_ok=True)
        if not os.path.exists(py):
            r = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True, text=True)
            if r.returncode != 0:
                raise Skip("python3 -m venv %s failed: %s" % (venv, (r.stderr or r.stdout).strip()[-300:]))
        r = subprocess.run([py, "-m", "pip", "install", "--disable-pip-version-check", "--no-deps",
                            "triton==" + TRITON_VERSION], capture_output=True, text=True)
        if r.returncode != 0:
            raise Skip("pip install triton==%s failed: %s" % (TRITON_VERSION, (r.stderr or r.stdout).strip()[-300:]))
    except OSError as e:
        raise Skip("cannot make the venv %s: %s" % (venv, e))
    if not _has_triton(py):
        raise Skip("triton %s is not importable from %s" % (TRITON_VERSION, venv))
    return py


# =============================================================================== parent: the worker
class Triton:
    """Runs requests in a worker; a crash answers {"crash": stage, "message": ...} for that request."""

    def __init__(self, python):
        self.python = python
        self.requests = 0

    def run(self, reqs):
        answers, i = [], 0
        env = dict(os.environ)
        env.setdefault("LLVM_DISABLE_CRASH_REPORT", "1")
        while i < len(reqs):
            errf = tempfile.TemporaryFile(mode="w+")
            proc = subprocess.Popen([self.python, os.path.abspath(__file__), "--worker"], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=errf, text=True, env=env)
            def feed(proc=proc, payload="".join(json.dumps(q) + "\n" for q in reqs[i:])):
                try:  # from a thread: the worker answers while it is being fed (no pipe deadlock)
                    proc.stdin.write(payload)
                    proc.stdin.close()
                except (BrokenPipeError, OSError):
                    pass
            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
            for line in proc.stdout:
                answers.append(json.loads(line))
                i += 1
            proc.wait()
            feeder.join()
            if i < len(reqs):
                errf.seek(0)
                text = errf.read().split("@@CASE@@")[-1]
                stages = re.findall(r"@@STAGE:(\w+)@@", text)
                msg = re.sub(r"@@STAGE:\w+@@", "", text).strip()
                m = re.search(r"Assertion `(.*)' failed", msg, re.S)
                if m:
                    msg = "assert: " + m.group(1)
                elif "LLVM ERROR: " in msg:
                    msg = msg[msg.index("LLVM ERROR: "):].split("\n")[0]
                answers.append({"crash": stages[-1] if stages else "start", "message": msg[-400:],
                                "exit": proc.returncode})
                i += 1
            errf.close()
        self.requests += len(reqs)
        return answers


# =============================================================================== pure-Python helpers
def log2(n):
    return n.bit_length() - 1


def next_pow2_strict(v):
    p = 1
    while p <= v:
        p <<= 1
    return p


def in_bits(L):
    return [len(bs) for _, bs in L["in_dims"]]


def flat_images(L):
    shifts, s = [], 0
    for _, size in L["out_dims"]:
        shifts.append(s)
        s += log2(size)
    return [sum(x << sh for x, sh in zip(v, shifts)) for _, bs in L["in_dims"] for v in bs]


def rank_of(cols):
    basis = []
    for c in cols:
        for b in basis:
            c = min(c, c ^ b)
        if c:
            basis.append(c)
    return len(basis)


def split_images(images, in_dims, out_dims):
    """flat images (one per in bit, in order) -> L with the given in dim sizes and out dims"""
    res, k = [], 0
    for n, size in in_dims:
        bs = []
        for _ in range(log2(size)):
            v, sh = [], 0
            for _, osz in out_dims:
                v.append((images[k] >> sh) & (osz - 1))
                sh += log2(osz)
            bs.append(v)
            k += 1
        res.append([n, bs])
    return {"in_dims": res, "out_dims": [list(d) for d in out_dims]}


def flatten(t):
    return [x for e in t for x in flatten(e)] if isinstance(t, list) else [t]


def cute_eval(layout, x):
    shape, stride = flatten(layout["shape"]), flatten(layout["stride"])
    y = 0
    for s, d in zip(shape, stride):
        y += (x % s) * d
        x //= s
    return y


def cute_size(layout):
    n = 1
    for s in flatten(layout["shape"]):
        n *= s
    return n


def coalesce_modes(images):
    """CuTe coalesce of (2,...,2):(images): drop size 1, merge s0:d0,s1:d1 when d1 == s0*d0."""
    modes = []
    for d in images:
        if modes and d == modes[-1][0] * modes[-1][1]:
            modes[-1][0] *= 2
        else:
            modes.append([2, d])
    if not modes:
        return 1, 0
    if len(modes) == 1:
        return modes[0][0], modes[0][1]
    return [m[0] for m in modes], [m[1] for m in modes]


HW = ("register", "lane", "warp", "block")


def to_layout_expect(L):
    """catlayout's CuTe form (None: not representable: images not pairwise disjoint)."""
    imgs = flat_images(L)
    seen = 0
    for v in imgs:
        if v & seen:
            return None
        seen |= v
    per = {}
    k = 0
    for n, bs in L["in_dims"]:
        per[n] = imgs[k:k + len(bs)]
        k += len(bs)
    names = [n for n, _ in L["in_dims"]]
    if names and all(n in HW for n in names):
        groups = [per.get("lane", []) + per.get("warp", []) + per.get("block", []), per.get("register", [])]
    else:
        groups = [per[n] for n in names]
    modes = [coalesce_modes(g) for g in groups]
    if len(modes) == 1:
        return {"shape": modes[0][0], "stride": modes[0][1]}
    return {"shape": [m[0] for m in modes], "stride": [m[1] for m in modes]}


def to_layout_domain_index(L, x_per_dim):
    """the CuTe layout's domain index of an input (values per in dim)"""
    names = [n for n, _ in L["in_dims"]]
    size = {n: 1 << len(bs) for n, bs in L["in_dims"]}
    if names and all(n in HW for n in names):
        t, m = 0, 1
        for n in ("lane", "warp", "block"):
            if n in size:
                t += x_per_dim[n] * m
                m *= size[n]
        return t + m * x_per_dim.get("register", 0)
    x, m = 0, 1
    for n in names:
        x += x_per_dim[n] * m
        m *= size[n]
    return x


# =============================================================================== case generation
SM80_ACC = {"in_dims": [["register", [[0, 1], [8, 0]]], ["lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]],
                        ["warp", []], ["block", []]],
            "out_dims": [["dim0", 16], ["dim1", 8]]}
LANE = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]
SM80_EXT = [  # Triton 3.9.0's to_linear_layout of #ttg.nvidia_mma v2, instrShape [16, 8]
    ("16x16", [[0, 1], [8, 0], [0, 8]], [], [16, 16]),
    ("32x32", [[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]], [], [32, 32]),
    ("64x64 warps 2x2", [[0, 1], [8, 0], [0, 16], [0, 32], [32, 0]], [[0, 8], [16, 0]], [64, 64]),
]
IN_POOLS = [["register", "lane", "warp", "block"], ["a", "b", "c"], ["offset", "block"], ["i", "j", "k"]]
OUT_POOLS = [["dim0", "dim1"], ["o", "p"], ["x", "y"]]


def sm80(name, reg, warp, shape):
    return {"in_dims": [["register", reg], ["lane", LANE], ["warp", warp], ["block", []]],
            "out_dims": [["dim0", shape[0]], ["dim1", shape[1]]]}


def rand_cols(rng, nin, nout, kind):
    for _ in range(10000):
        if kind == "permutation":
            perm = list(range(nout))
            rng.shuffle(perm)
            return [1 << p for p in perm[:nin]]
        if kind == "identity":
            return [1 << i for i in range(nin)]
        cols = [rng.randrange(1 << nout) for _ in range(nin)]
        r = rank_of(cols)
        if kind == "bijective" and r == nout == nin:
            return cols
        if kind == "surjective":
            if nin > nout and rng.random() < 0.6:
                cols[rng.randrange(nin)] = 0 if rng.random() < 0.5 else cols[rng.randrange(nin)]
            if rank_of(cols) == nout:
                return cols
        if kind == "injective":
            if r == nin:
                return cols
        if kind == "degenerate":
            if nin:
                cols[rng.randrange(nin)] = 0
            r = rank_of(cols)
            if r < nout and r < nin:
                return cols
        if kind == "random":
            return cols
        if kind == "disjoint":  # every out bit to at most one in bit: integer sum == XOR
            owner = [rng.randrange(-1, nin) if nin else -1 for _ in range(nout)]
            return [sum(1 << b for b in range(nout) if owner[b] == i) for i in range(nin)]
    raise RuntimeError("cannot make %s %dx%d" % (kind, nin, nout))


def split_bits(rng, total, parts, maxeach=6):
    for _ in range(1000):
        cuts = sorted(rng.randrange(total + 1) for _ in range(parts - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [total])]
        if all(s <= maxeach for s in sizes):
            return sizes
    return [total] + [0] * (parts - 1)


def make_layout(in_names, in_bits_, out_names, out_bits, cols):
    L = split_images(cols, [[n, 1 << b] for n, b in zip(in_names, in_bits_)],
                     [[n, 1 << b] for n, b in zip(out_names, out_bits)])
    return L


def random_layout(rng, kind, nin_dims=None, nout_dims=None, max_bits=8, in_names=None, out_names=None):
    nin_dims = nin_dims or rng.randint(1, 3)
    nout_dims = nout_dims or rng.randint(1, 2)
    if in_names is None:
        pool = rng.choice([p for p in IN_POOLS if len(p) >= nin_dims])
        in_names = pool[:nin_dims]
        if rng.random() < 0.3:
            in_names = rng.sample(in_names, len(in_names))
    if out_names is None:
        out_names = rng.choice(OUT_POOLS)[:nout_dims]
    if kind in ("bijective", "permutation", "identity"):
        nin = nout = rng.randint(0, max_bits)
    elif kind == "surjective":
        nout = rng.randint(0, max_bits - 1)
        nin = rng.randint(nout, max_bits)
    elif kind == "injective":
        nin = rng.randint(0, max_bits - 1)
        nout = rng.randint(nin, max_bits)
    elif kind == "degenerate":
        nout, nin = rng.randint(2, max_bits), rng.randint(2, max_bits)
    else:
        nin, nout = rng.randint(0, max_bits), rng.randint(0, max_bits)
    cols = rand_cols(rng, nin, nout, kind)
    return make_layout(in_names, split_bits(rng, nin, len(in_names)), out_names,
                       split_bits(rng, nout, len(out_names)), cols)


def rand_input(rng, L):
    return [[n, rng.randrange(1 << len(bs))] for n, bs in L["in_dims"]]


def outer_for(rng, A, grow=False, kind="random"):
    names = [n for n, _ in A["out_dims"]]
    bits = [log2(s) + (rng.randint(0, 1) if grow else 0) for _, s in A["out_dims"]]
    order = list(range(len(names)))
    rng.shuffle(order)
    names, bits = [names[i] for i in order], [bits[i] for i in order]
    nin = sum(bits)
    out_names = rng.choice([["q"], ["q", "r"], ["dim0", "dim1"]])
    nout = nin if kind == "bijective" else rng.randint(max(0, nin - 2), min(nin + 2, 10))
    cols = rand_cols(rng, nin, nout, kind)
    return make_layout(names, bits, out_names, split_bits(rng, nout, len(out_names)), cols)


def rand_cute_from_images(rng, images):
    """a CuTe layout whose flat function is (2,...,2):(images), coalesced or not, maybe nested"""
    if rng.random() < 0.5:
        shape, stride = coalesce_modes(images)
        if not isinstance(shape, list):
            shape, stride = [shape], [stride]
    else:
        shape, stride = [2] * len(images), list(images)
        if not images:
            shape, stride = [1], [0]
    if rng.random() < 0.3:  # a size-1 mode somewhere
        k = rng.randrange(len(shape) + 1)
        shape.insert(k, 1)
        stride.insert(k, rng.choice([0, 7]))
    if len(shape) >= 3 and rng.random() < 0.5:  # nest
        k = rng.randrange(1, len(shape) - 1)
        shape = [shape[:k], shape[k:]]
        stride = [stride[:k], stride[k:]]
    if len(shape) == 1 and rng.random() < 0.5:
        return {"shape": shape[0], "stride": stride[0]}
    return {"shape": shape, "stride": stride}


def ttg_ctx(text):
    """module context for parsing a #ttg.linear text: tensor shape (inferred sizes), lanes, warps, ctas"""
    found = {}
    for name, lists in re.findall(r"(\w+)\s*=\s*(\[[\[\]0-9, -]*\])", text):
        try:
            found[name] = json.loads(lists)
        except ValueError:
            pass
    vecs = [v for n in HW for v in found.get(n, [])]
    rank = len(vecs[0]) if vecs else 1
    shape = []
    for k in range(max(rank, 1)):
        m = 1
        for v in vecs:
            if k < len(v) and v[k] >= 0:
                m = max(m, next_pow2_strict(v[k]))
        shape.append(m)
    return {"shape": shape, "lanes": 1 << len(found.get("lane", [])), "warps": 1 << len(found.get("warp", [])),
            "ctas": 1 << len(found.get("block", []))}


def ttg_text(reg, lane, warp, block, order=HW):
    d = {"register": reg, "lane": lane, "warp": warp, "block": block}
    parts = []
    for n in order:
        parts.append("%s = [%s]" % (n, ", ".join("[" + ", ".join(str(x) for x in v) + "]" for v in d[n])))
    return "#ttg.linear<{" + ", ".join(parts) + "}>"


def gen_specs(seed=2024):
    """cases without expectations: (op, args, tags, note, extra)"""
    rng = random.Random(seed)
    specs = []

    def add(op, args, tags=None, note=None, **extra):
        specs.append({"op": op, "args": args, "tags": tags or [], "note": note, "extra": extra})

    # ---- SM80 accumulator and its extensions
    add("triton.print", [SM80_ACC], note="SM80 mma.sync m16n8 f32 accumulator (Triton's MMAv2 layout)")
    for r in range(4):
        for lane in (0, 1, 5, 31):
            add("triton.apply", [SM80_ACC, [["register", r], ["lane", lane], ["warp", 0], ["block", 0]]],
                note="SM80 accumulator: dim0 = lane/4 + 8*(register>=2), dim1 = 2*(lane%4) + register%2")
    add("triton.invert", [SM80_ACC], note="SM80 accumulator")
    add("triton.pseudoinvert", [SM80_ACC], note="SM80 accumulator")
    add("triton.to_layout", [SM80_ACC], note="SM80 accumulator as CuTe's TV layout ((4,8),(2,2)):((32,1),(16,8))")
    add("triton.parse", [{"ttg": SM80_ACC}], note="SM80 accumulator as #ttg.linear")
    add("triton.parse", [{"str": SM80_ACC}], note="SM80 accumulator as LinearLayout's print")
    for name, reg, warp, shape in SM80_EXT:
        L = sm80(name, reg, warp, shape)
        note = "SM80 accumulator tiled to %s (Triton's MMAv2 layout)" % name
        add("triton.print", [L], note=note)
        add("triton.invert", [L], note=note)
        add("triton.to_layout", [L], note=note)
        add("triton.parse", [{"ttg": L}], note=note)
        add("triton.parse", [{"str": L}], note=note)
        for _ in range(3):
            add("triton.apply", [L, rand_input(rng, L)], note=note)
        add("triton.from_layout", [{"from_to_layout": L}], note=note + ", from its CuTe TV layout")
    # ---- fixed forms
    fixed_print = [
        {"in_dims": [], "out_dims": []},
        {"in_dims": [], "out_dims": [["a", 1], ["b", 1]]},
        {"in_dims": [["x", []], ["y", []]], "out_dims": [["a", 1]]},
        {"in_dims": [["x", [[1], [4]]]], "out_dims": [["y", 32]]},
        {"in_dims": [["offset", [[1, 0, 0], [0, 1, 0], [0, 0, 64], [2, 0, 0]]]],
         "out_dims": [["a", 4], ["b", 2], ["c", 128]]},
        {"in_dims": [["in", [[0], [0]]]], "out_dims": [["out", 1]]},
    ]
    for L in fixed_print:
        add("triton.print", [L])
        add("triton.parse", [{"str": L}])
    add("triton.invert", [{"in_dims": [["i", [[1, 0], [2, 0]]], ["j", [[0, 1], [0, 2], [0, 4]]]],
                           "out_dims": [["o1", 4], ["o2", 8]]}], note="2D identity")
    add("triton.invert", [{"in_dims": [["x", [[0, 1], [0, 2]]], ["y", [[1, 0], [2, 0]]]],
                           "out_dims": [["r", 4], ["c", 4]]}], note="2D transpose")
    add("triton.invert", [{"in_dims": [["x", [[4], [8], [1], [2]]]], "out_dims": [["y", 16]]}], note="1D transpose 4x4")
    add("triton.invert", [{"in_dims": [["t", [[1, 1], [2, 2]]], ["w", [[0, 1], [0, 2]]]],
                           "out_dims": [["x", 4], ["y", 4]]}], note="swizzle of LinearLayout.h's comment")
    add("triton.invert", [{"in_dims": [], "out_dims": []}], note="the empty layout")
    add("triton.invert", [{"in_dims": [["a", []], ["b", [[1, 0], [0, 1]]]], "out_dims": [["u", 2], ["v", 2]]}],
        note="a size-1 in dim")
    add("triton.invert", [{"in_dims": [["x", [[1, 0], [2, 0], [0, 1], [0, 2]]]], "out_dims": [["a", 4], ["b", 4]]}],
        note="one in dim of 16 onto two out dims of 4")
    for L, note in [({"in_dims": [["a", [[1]]], ["x", [[1], [2]]]], "out_dims": [["x", 4]]}, "in and out names overlap"),
                    ({"in_dims": [["x", [[1], [2]]], ["a", [[1]]]], "out_dims": [["x", 4]]}, "in and out names overlap"),
                    ({"in_dims": [["a", [[0]]], ["x", [[1], [2]]]], "out_dims": [["x", 4]]}, "in and out names overlap"),
                    ({"in_dims": [["x", [[0], [2], [1], [3]]]], "out_dims": [["y", 4]]}, "smallest preimage: y=1 -> x=4")]:
        add("triton.pseudoinvert", [L], note=note)
    add("triton.compose", [{"in_dims": [["x", [[1]]]], "out_dims": [["y", 2]]},
                           {"in_dims": [["y", [[1], [2]]]], "out_dims": [["w", 4]]}], note="A's out size < B's in size")
    add("triton.compose", [{"in_dims": [["x", [[2], [1]]]], "out_dims": [["y", 4]]},
                           {"in_dims": [["y", [[1, 0], [0, 1]]]], "out_dims": [["p", 2], ["q", 2]]}])
    add("triton.compose", [{"in_dims": [["i", [[1], [3]]]], "out_dims": [["i", 4]]},
                           {"in_dims": [["i", [[2], [1]]]], "out_dims": [["i", 4]]}], note="B after A: [[2],[3]]")
    add("triton.compose", [{"in_dims": [["i", [[2], [1]]]], "out_dims": [["i", 4]]},
                           {"in_dims": [["i", [[1], [3]]]], "out_dims": [["i", 4]]}], note="the other order: [[3],[1]]")
    add("triton.compose", [{"in_dims": [["x", [[1, 0], [0, 1]]]], "out_dims": [["u", 2], ["v", 2]]},
                           {"in_dims": [["v", [[1]]], ["u", [[2]]]], "out_dims": [["w", 4]]}], note="names matched in any order")
    add("triton.apply", [{"in_dims": [["in", []]], "out_dims": [["out", 1]]}, [["in", 0]]])
    add("triton.apply", [{"in_dims": [], "out_dims": []}, []])
    add("triton.apply", [{"in_dims": [["a", [[1, 2]]], ["b", []]], "out_dims": [["o", 2], ["p", 4]]},
                         [["b", 0], ["a", 1]]], note="values given in another order")
    # identities and permutations for the conversions
    for bits in (0, 1, 3, 5):
        L = {"in_dims": [["i", [[1 << k] for k in range(bits)]]], "out_dims": [["o", 1 << bits]]}
        add("triton.to_layout", [L], note="identity_1d(%d)" % (1 << bits))
        add("triton.from_layout", [{"shape": 1 << bits, "stride": 1}, [["i", 1 << bits]], [["o", 1 << bits]]],
            note="identity")
    add("triton.to_layout", [{"in_dims": [["x", [[0, 1], [0, 2]]], ["y", [[1, 0], [2, 0]]]],
                              "out_dims": [["r", 4], ["c", 4]]}], note="2D transpose: (4,4):(4,1)")
    add("triton.to_layout", [{"in_dims": [["lane", [[1], [2]]], ["register", [[4]]]], "out_dims": [["o", 8]]}],
        note="lane before register in the in dims: still (T, V)")
    add("triton.to_layout", [{"in_dims": [["register", [[1]]], ["block", [[2]]]], "out_dims": [["o", 4]]}],
        note="no lane or warp: T = block")
    add("triton.to_layout", [{"in_dims": [["register", [[0], [1]]], ["lane", [[0], [2]]]], "out_dims": [["o", 4]]}],
        note="broadcast bases: stride 0")
    add("triton.to_layout", [{"in_dims": [["a", [[3]]], ["b", [[4], [8]]]], "out_dims": [["o", 16]]}],
        note="an image of two bits, disjoint from the others")
    add("triton.to_layout", [{"in_dims": [["a", []], ["b", [[1, 0]]]], "out_dims": [["o", 2], ["p", 1]]}],
        note="a size-1 in dim: mode 1:0")
    add("triton.from_layout", [{"shape": [4, 8], "stride": [8, 1]}, [["x", 4], ["y", 8]], [["o", 32]]],
        note="transpose")
    add("triton.from_layout", [{"shape": [[4, 8], [2, 2]], "stride": [[32, 1], [16, 8]]},
                               [["lane", 32], ["register", 4]], [["dim0", 16], ["dim1", 8]]],
        note="CuTe's SM80_16x8 C TV layout, as (lane, register)")
    add("triton.from_layout", [{"shape": [2, 4], "stride": [0, 1]}, [["a", 2], ["b", 4]], [["o", 4], ["p", 2]]],
        note="broadcast: stride 0; p not reached")
    add("triton.from_layout", [{"shape": [4, 2], "stride": [1, 4]}, [["a", 8]], [["o", 2], ["p", 2], ["q", 2]]],
        note="one in dim, three out dims")
    add("triton.from_layout", [{"shape": 1, "stride": 0}, [["a", 1]], [["o", 1]]], note="size 1")
    # ---- random layouts
    kinds = ["bijective", "permutation", "identity", "surjective", "injective", "degenerate", "random"]
    for t in range(49):
        kind = kinds[t % len(kinds)]
        L = random_layout(rng, kind)
        tag = [kind]
        if t % 2 == 0:
            add("triton.print", [L], tags=tag)
        if t % 2 == 1 or t % 7 == 0:
            add("triton.parse", [{"str": L}], tags=tag)
        add("triton.apply", [L, rand_input(rng, L)], tags=tag)
        if t % 3 == 0:
            add("triton.apply", [L, rand_input(rng, L)], tags=tag)
        if kind in ("bijective", "permutation", "identity"):
            add("triton.invert", [L], tags=tag)
            add("triton.pseudoinvert", [L], tags=tag)
        elif kind == "surjective":
            add("triton.pseudoinvert", [L], tags=tag)
        elif t % 2 == 0:
            add("triton.invert", [L], tags=tag, note="not bijective")
        else:
            add("triton.pseudoinvert", [L], tags=tag, note="pseudoinvert where L is " +
                ("not surjective" if rank_of(flat_images(L)) < sum(log2(s) for _, s in L["out_dims"]) else "surjective"))
        add("triton.compose", [L, outer_for(rng, L, grow=(t % 3 == 0))], tags=tag)
        if t % 4 == 0:
            add("triton.compose", [L, outer_for(rng, L, kind="bijective")], tags=tag, note="B bijective")
    for t in range(14):
        L = random_layout(rng, "surjective", nin_dims=rng.randint(2, 3), max_bits=9)
        add("triton.pseudoinvert", [L], tags=["surjective"])
    for t in range(10):
        L = random_layout(rng, "bijective", max_bits=7)
        add("triton.invert", [L], tags=["bijective"])
    # ---- conversions: plain (disjoint images) and refused (dependent images)
    for t in range(30):
        hw = t % 2 == 0
        if hw:
            names = [n for n in HW if rng.random() < 0.8] or ["register"]
            if rng.random() < 0.3:
                names = rng.sample(names, len(names))
            L = random_layout(rng, "disjoint", nin_dims=len(names), in_names=names, max_bits=9)
        else:
            L = random_layout(rng, "disjoint", max_bits=9)
        if not L["in_dims"] or sum(in_bits(L)) == 0 and t % 4:
            L = random_layout(rng, "permutation", nin_dims=2, max_bits=6)
        add("triton.to_layout", [L], tags=["disjoint"])
    for t in range(12):
        hw = t % 2 == 0
        names = ["register", "lane", "warp"] if hw else None
        for _ in range(1000):
            L = random_layout(rng, "random", nin_dims=3 if hw else None, in_names=names, max_bits=7)
            nz = [v for v in flat_images(L) if v]
            if len(nz) >= 2 and rank_of(nz) < len(nz):
                break
        add("triton.to_layout", [L], tags=["dependent"],
            note="non-zero images linearly dependent: no layout, swizzled or not, has this map")
    add("triton.to_layout", [{"in_dims": [["register", [[1], [1]]]], "out_dims": [["o", 2]]}],
        note="two bits onto the same image: x0 XOR x1 is no layout's function")
    add("triton.to_layout", [{"in_dims": [["a", [[1], [2], [3]]]], "out_dims": [["o", 4]]}],
        note="image 3 = 1 XOR 2")
    for t in range(24):
        nout = rng.randint(0, 9)
        nin = rng.randint(0, 8)
        images = rand_cols(rng, nin, nout, "disjoint")
        lay = rand_cute_from_images(rng, images)
        in_names = rng.choice(IN_POOLS)
        ins = [[n, 1 << b] for n, b in zip(in_names, split_bits(rng, nin, rng.randint(1, min(3, len(in_names)))))]
        extra_out = rng.randint(0, 2)
        out_names = rng.choice(OUT_POOLS)
        nd = rng.randint(1, 2)
        outs = [[n, 1 << b] for n, b in zip(out_names, split_bits(rng, nout + extra_out, nd))]
        add("triton.from_layout", [lay, ins, outs], tags=["disjoint"])
    # refused or invalid from_layout
    add("triton.from_layout", [{"shape": 4, "stride": 3}, [["a", 4]], [["o", 16]]],
        note="images 3 and 6 share a bit: 3*3 = 9 is not 3 XOR 6", tags=["non_linear"])
    add("triton.from_layout", [{"shape": [2, 2], "stride": [1, 1]}, [["a", 4]], [["o", 4]]],
        note="images 1 and 1: 1+1 = 2 is not 1 XOR 1", tags=["non_linear"])
    add("triton.from_layout", [{"shape": [2, 4], "stride": [5, 2]}, [["a", 2], ["b", 4]], [["o", 16]]],
        note="images 5 and 4 share a bit", tags=["non_linear"])
    add("triton.from_layout", [{"shape": 4, "stride": -1}, [["a", 4]], [["o", 4]]],
        note="negative values", tags=["non_linear"])
    add("triton.from_layout", [{"shape": [4, 2], "stride": [1, 8]}, [["a", 8]], [["o", 8]]],
        note="value 8 outside the 8 values of o", tags=["out_of_range"])
    add("triton.from_layout", [{"shape": 8, "stride": 1}, [["a", 8]], [["o", 2], ["p", 2]]],
        note="values up to 7 outside the 4 values of (o, p)", tags=["out_of_range"])
    add("triton.from_layout", [{"shape": 8, "stride": 1}, [["a", 4]], [["o", 8]]], tags=["invalid"],
        note="the in dims' sizes multiply to 4, not 8")
    add("triton.from_layout", [{"shape": 6, "stride": 1}, [["a", 2], ["b", 3]], [["o", 8]]], tags=["invalid"],
        note="in dim size 3: not a power of two")
    add("triton.from_layout", [{"shape": 4, "stride": 1}, [["a", 4]], [["o", 6]]], tags=["invalid"],
        note="out dim size 6: not a power of two")
    # ---- #ttg.linear: Triton's print of valid attributes, and texts it refuses
    for t in range(10):
        # a permutation matrix with broadcast (zero) bases, dims register/lane/warp/block
        rank = rng.randint(1, 2)
        nbits = rng.randint(1, 8)
        outs = split_bits(rng, nbits, rank)
        cols = rand_cols(rng, nbits, nbits, "permutation")
        nzero = rng.randint(0, 2)
        for _ in range(nzero):
            cols.insert(rng.randrange(len(cols) + 1), 0)
        ib = split_bits(rng, len(cols), 4)
        L = make_layout(list(HW), ib, ["dim%d" % i for i in range(rank)], outs, cols)
        # Triton infers the sizes: a dim of size 1 keeps size 1; fine as long as all bases fit
        add("triton.parse", [{"ttg": L}], tags=["permutation"])
        add("triton.parse", [{"str": L}], tags=["permutation"])
    add("triton.parse", ["#ttg.linear<{block = [], warp = [], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
                         "register = [[0, 1], [8, 0]]}>"], note="keys in another order (an MLIR dictionary)")
    bad_ttg = [
        (ttg_text([[0, 1], [8, 0]], LANE, [], [], order=HW[:3]), "no key block"),
        (ttg_text([], [], [], []), "empty layout: no basis gives the rank"),
        (ttg_text([[3]], [], [], []), "inferred size 4, rank 1: not surjective"),
        (ttg_text([[1, 1], [0, 1]], [], [], []), "not a permutation matrix"),
        (ttg_text([[3], [1]], [[4], [8], [16], [32], [64]], [], []), "a basis of two bits"),
        (ttg_text([[1], [1], [2]], [[4], [8], [16], [32], [64]], [], []), "a basis twice"),
        (ttg_text([[1], [4]], [], [], []), "inferred size 8 reached only by 1 and 4: not surjective"),
        (ttg_text([[-1]], [], [], []), "negative basis"),
        (ttg_text([[1], [2]], [[1, 0]], [], []), "bases of different lengths"),
    ]
    for text, note in bad_ttg:
        add("triton.parse", [text], note=note, tags=["invalid"])
    for text, note in [(ttg_text([[1], [0], [2]], [[4], [8], [16], [32], [64]], [], []), "a zero (broadcast) basis"),
                       (ttg_text([[2, 0], [0, 1]], [[1, 0], [4, 0], [8, 0], [16, 0], [32, 0]], [], []), "64x2")]:
        add("triton.parse", [text], note=note)
    # ---- invalid inputs (Triton aborts)
    Lh = {"in_dims": [["reg", [[1], [2]]]], "out_dims": [["o", 4]]}
    bad_layouts = [
        ({"in_dims": [["in", [[1], [2]]]], "out_dims": [["out", 3]]}, "out size 3: not a power of two"),
        ({"in_dims": [["in", [[1], [8]]]], "out_dims": [["out", 4]]}, "basis 8 not below the out size 4"),
        ({"in_dims": [["in", [[1, 0], [2]]]], "out_dims": [["a", 4], ["b", 1]]}, "a basis of the wrong length"),
        ({"in_dims": [["in", [[-1]]]], "out_dims": [["out", 1]]}, "a negative basis"),
        ({"in_dims": [["in", [[1, 1]]]], "out_dims": [["a", 2], ["a", 2]]}, "an out dim named twice"),
    ]
    for L, note in bad_layouts:
        add("triton.apply", [L, [[n, 0] for n, _ in L["in_dims"]]], note=note, tags=["invalid"])
        add("triton.print", [L], note=note, tags=["invalid"])
    add("triton.invert", [bad_layouts[1][0]], note=bad_layouts[1][1], tags=["invalid"])
    add("triton.pseudoinvert", [bad_layouts[3][0]], note=bad_layouts[3][1], tags=["invalid"])
    add("triton.compose", [bad_layouts[0][0], {"in_dims": [["out", [[1], [2]]]], "out_dims": [["w", 4]]}],
        note="A: " + bad_layouts[0][1], tags=["invalid"])
    add("triton.to_layout", [bad_layouts[1][0]], note=bad_layouts[1][1], tags=["invalid"])
    add("triton.apply", [Lh, []], note="no value for reg", tags=["invalid"])
    add("triton.apply", [Lh, [["reg", 1], ["foo", 0]]], note="foo is no in dim", tags=["invalid"])
    for v in (4, 7, 1 << 20):
        add("triton.apply", [Lh, [["reg", v]]], tags=["triton_masks"], masked=True)
    x2 = {"in_dims": [["x", [[1], [2]]]], "out_dims": [["y", 4]]}
    add("triton.compose", [x2, {"in_dims": [["z", [[1], [2]]]], "out_dims": [["w", 4]]}],
        note="A's out dim y is no in dim of B", tags=["inadmissible"])
    add("triton.compose", [x2, {"in_dims": [["y", [[1]]]], "out_dims": [["w", 2]]}],
        note="A's out size 4 > B's in size 2", tags=["inadmissible"])
    add("triton.compose", [{"in_dims": [["x", [[1, 0], [0, 1]]]], "out_dims": [["y", 2], ["z", 2]]},
                           {"in_dims": [["y", [[1]]]], "out_dims": [["w", 2]]}],
        note="A's out dim z is no in dim of B", tags=["inadmissible"])
    add("triton.invert", [{"in_dims": [["x", [[1], [1]]]], "out_dims": [["y", 2]]}], note="not injective",
        tags=["inadmissible"])
    add("triton.invert", [{"in_dims": [["x", [[1], [4]]]], "out_dims": [["y", 8]]}], note="not surjective",
        tags=["inadmissible"])
    add("triton.pseudoinvert", [{"in_dims": [["x", [[1], [4]]]], "out_dims": [["y", 8]]}], note="not surjective",
        tags=["inadmissible"])
    add("triton.pseudoinvert", [{"in_dims": [["x", [[2], [2], [0]]]], "out_dims": [["y", 4]]}],
        note="not surjective", tags=["inadmissible"])
    return specs


# =============================================================================== Triton's answers
def err(kind):
    return {"error": kind}


def crash_kind(ans):
    """a Triton failure -> catlayout's error kind (construction/apply: invalid_input; op: inadmissible)"""
    if "crash" in ans:
        return "inadmissible" if ans["crash"] == "op" else "invalid_input"
    if "exc" in ans:
        return "invalid_input"
    return None


def result_of(ans):
    k = crash_kind(ans)
    return err(k) if k else ans["ok"]


def requests_for(spec):
    """(requests, finish) where finish(answers) -> expect (or raises Mismatch)"""
    op, a = spec["op"], spec["args"]
    if op == "triton.apply":
        return [{"req": "apply", "L": a[0], "x": a[1]}], lambda r: result_of(r[0])
    if op == "triton.compose":
        return [{"req": "compose", "A": a[0], "B": a[1]}], lambda r: result_of(r[0])
    if op in ("triton.invert", "triton.pseudoinvert"):
        return [{"req": op.split(".")[1], "L": a[0]}], lambda r: result_of(r[0])
    if op == "triton.print":
        return [{"req": "print", "L": a[0]}], lambda r: result_of(r[0])
    raise ValueError(op)


def triton_compute(tri, specs):
    """Fill each spec's "args" (for text forms) and "expect" from Triton. Two rounds: text forms first."""
    # round 1: texts for parse cases ({"ttg": L} / {"str": L}) and CuTe layouts for from_layout
    reqs, where = [], []
    for i, s in enumerate(specs):
        if s["op"] == "triton.parse" and isinstance(s["args"][0], dict):
            form, L = next(iter(s["args"][0].items()))
            reqs.append({"req": "ttg_print" if form == "ttg" else "print", "L": L})
            where.append(i)
    for i, ans in zip(where, tri.run(reqs)):
        if "ok" not in ans:
            raise RuntimeError("Triton cannot print case %d: %s" % (i, ans))
        specs[i]["args"] = [ans["ok"]]
    for s in specs:
        if s["op"] == "triton.from_layout" and isinstance(s["args"][0], dict) and "from_to_layout" in s["args"][0]:
            L = s["args"][0]["from_to_layout"]
            lay = to_layout_expect(L)
            t = lambda n: 1 << len(dict((k, v) for k, v in L["in_dims"])[n])
            s["args"] = [lay, [["lane", t("lane")], ["warp", t("warp")], ["register", t("register")]],
                         [list(d) for d in L["out_dims"]]]
    # round 2: the answers
    for s in specs:
        s["expect"] = None
    verdicts = check_cases(tri, [dict(s, id=str(i)) for i, s in enumerate(specs)], compute=True)
    for s, (ok, expect, why) in zip(specs, verdicts):
        if not ok:
            raise RuntimeError("Triton's answer to %s %s does not check: %s" % (s["op"], json.dumps(s["args"]), why))
        s["expect"] = expect


# =============================================================================== checking
def per_dim(L, x):
    res, sh = {}, 0
    for n, bs in L["in_dims"]:
        res[n] = (x >> sh) & ((1 << len(bs)) - 1)
        sh += len(bs)
    return res


def check_cases(tri, cases, compute=False):
    """-> [(agree, triton_expect_or_None, why)] per case. With compute, expect is ignored and the
    computed expectation is returned (conversions still verified by tabulation)."""
    plan = []  # (case, reqs, finisher)
    for c in cases:
        op, a = c["op"], c["args"]
        exp = c.get("expect")
        if op in ("triton.apply", "triton.compose", "triton.invert", "triton.pseudoinvert", "triton.print"):
            reqs, fin = requests_for(c)
            if "triton_masks" in c.get("tags", []):
                # Triton masks the out-of-range value (its answer = the answer at the masked value);
                # catlayout refuses it (invalid_input)
                reqs = [{"req": "apply", "L": a[0], "x": a[1]}, {"req": "apply", "L": a[0],
                        "x": [[n, v & ((1 << len(dict(a[0]["in_dims"])[n])) - 1)] for n, v in a[1]]}]
                fin = lambda r: ("masked", r[0].get("ok"), r[1].get("ok"))
            plan.append((c, reqs, fin))
        elif op == "triton.parse":
            text = a[0]
            if text.lstrip().startswith("#ttg.linear"):
                plan.append((c, [{"req": "ttg_parse", "text": text, "ctx": ttg_ctx(text)}],
                             lambda r: ("ttg", r[0])))
            else:
                # LinearLayout's print: Triton prints the expected layout as this text
                if compute:
                    raise RuntimeError("print-text parse cases are made from a layout")
                if isinstance(exp, dict) and "error" in exp:
                    plan.append((c, [], lambda r: ("str_error",)))
                else:
                    plan.append((c, [{"req": "print", "L": exp}, {"req": "build", "L": exp}],
                                 lambda r: ("str", r)))
        elif op == "triton.to_layout":
            plan.append((c, [{"req": "build", "L": a[0]}, {"req": "table", "L": a[0]}], lambda r: ("to", r)))
        elif op == "triton.from_layout":
            lay, ins, outs = a
            want = None
            reqs = []
            cand = from_layout_expect(lay, ins, outs)
            target = exp if (exp is not None and not compute) else cand
            if isinstance(target, dict) and "in_dims" in target:
                # the answer (computed or expected) built by Triton and tabulated
                reqs = [{"req": "table", "L": target}]
                want = target
            elif cand == err(NOT_REPR) and all(v >= 0 for v in bit_images(lay)):
                # a refusal: Triton's XOR of the layout's bit images, tabulated, is not the layout
                imgs = bit_images(lay)
                flat = split_images(imgs, [["x", cute_size(lay)]], [["flat", next_pow2_strict(max(imgs + [0]))]])
                reqs = [{"req": "table", "L": flat}]
            plan.append((c, reqs, lambda r, want=want: ("from", want, r)))
        else:
            plan.append((c, [], lambda r: ("unknown",)))
    flat = [q for _, reqs, _ in plan for q in reqs]
    answers = tri.run(flat) if flat else []
    out, k = [], 0
    for c, reqs, fin in plan:
        r = answers[k:k + len(reqs)]
        k += len(reqs)
        got = fin(r)
        out.append(judge(c, got, compute))
    return out


def judge(c, got, compute):
    op, a, exp = c["op"], c["args"], c.get("expect")

    def verdict(triton_expect, why=""):
        if compute:
            return (True, triton_expect, why)
        return (triton_expect == exp, triton_expect, why)

    if isinstance(got, tuple) and got and got[0] == "masked":
        _, raw, masked = got
        ok = raw is not None and raw == masked
        note_ok = ok and exp == err("invalid_input")
        if compute:
            return (ok, err("invalid_input"), "Triton masks: %s" % raw)
        return (note_ok, err("invalid_input"), "Triton answers %s (masked) where catlayout refuses" % raw)
    if not isinstance(got, tuple):
        return verdict(got)
    kind = got[0]
    if kind == "ttg":
        ans = got[1]
        if "ok" in ans:
            return verdict(ans["ok"]["layout"])
        return verdict(err("invalid_input"), "Triton refuses: %s" % (ans.get("exc") or ans.get("message")))
    if kind == "str":
        printed, built = got[1]
        ok = printed.get("ok") == a[0] and built.get("ok") == exp
        return (ok, exp, "" if ok else "Triton prints the expectation as %s" % json.dumps(printed))
    if kind == "str_error":
        return (False, None, "no Triton parser for an invalid print text")
    if kind == "to":
        built, table = got[1]
        L = a[0]
        if "ok" not in built:
            return verdict(err("invalid_input"), "Triton refuses the layout: %s" % built)
        tab = table["ok"]
        expect_model = to_layout_expect(L)
        if expect_model is None:
            # refusal: non-zero images dependent (so no swizzled layout either) and sum != XOR somewhere
            imgs = [tab[1 << i] for i in range(sum(in_bits(L)))]
            nz = [v for v in imgs if v]
            dep = len(nz) >= 2 and rank_of(nz) < len(nz)
            pair = next(((i, j) for i in range(len(imgs)) for j in range(i) if imgs[i] & imgs[j]), None)
            nonadd = pair is not None and tab[(1 << pair[0]) | (1 << pair[1])] != imgs[pair[0]] + imgs[pair[1]]
            ok = dep and nonadd
            if compute:
                return (ok, err(NOT_REPR), "dependent %s, non-additive pair %s" % (dep, pair))
            return (ok and exp == err(NOT_REPR), err(NOT_REPR), "dependent %s, pair %s" % (dep, pair))
        lay = expect_model if compute else exp
        if not (isinstance(lay, dict) and "shape" in lay):
            return (False, expect_model, "Triton's apply gives a layout's function")
        bad = None
        for x in range(len(tab)):
            xd = per_dim(L, x)
            if cute_eval(lay, to_layout_domain_index(L, xd)) != tab[x]:
                bad = x
                break
        if cute_size(lay) != len(tab):
            bad = -1
        return (bad is None and (compute or lay == exp), expect_model,
                "" if bad is None else "differs from Triton's apply at input %s" % bad)
    if kind == "from":
        _, want, r = got
        lay, ins, outs = a
        model = from_layout_expect(lay, ins, outs)
        if want is None:
            # refusal: Triton's XOR of the bit images differs from the layout somewhere (or the
            # layout's values are negative or past the out dims' values)
            values = [cute_eval(lay, x) for x in range(cute_size(lay))]
            out_total = 1
            for _, s in outs:
                out_total *= s
            xor_tab = r[0].get("ok") if r else None
            confirmed = (xor_tab is not None and xor_tab != values) or min(values) < 0 or max(values) >= out_total
            ok = isinstance(model, dict) and "error" in model and (model["error"] != NOT_REPR or confirmed)
            if compute:
                return (ok, model, "")
            return (ok and model == exp, model, "model: %s" % json.dumps(model))
        tab = r[0].get("ok")
        if tab is None:
            return (False, model, "Triton refuses the answer: %s" % r[0])
        values = [cute_eval(lay, x) for x in range(cute_size(lay))]
        ok = tab == values and [[n, 1 << len(bs)] for n, bs in want["in_dims"]] == [list(d) for d in ins] \
            and want["out_dims"] == [list(d) for d in outs]
        if compute:
            return (ok, want, "" if ok else "Triton's table differs from the CuTe layout")
        return (ok and want == exp, model, "" if ok else "Triton's table of expect differs from the layout")
    return (False, None, "op not checked")


def bit_images(lay):
    """the layout's values at the powers of two of its domain"""
    return [cute_eval(lay, 1 << i) for i in range(log2(cute_size(lay)))] if cute_size(lay) & (cute_size(lay) - 1) == 0 else []


def from_layout_expect(lay, ins, outs):
    """L with the CuTe layout's function, or an error (checked against the definition, not catlayout)"""
    pow2 = lambda n: isinstance(n, int) and n >= 1 and n & (n - 1) == 0
    total = 1
    for _, s in ins:
        if not pow2(s):
            return err("invalid_input")
        total *= s
    size = cute_size(lay)
    if total != size:
        return err("invalid_input")
    for _, s in outs:
        if not pow2(s):
            return err("invalid_input")
    nb = log2(size)
    values = [cute_eval(lay, x) for x in range(size)]
    images = [values[1 << i] for i in range(nb)]
    for x, v in enumerate(values):
        y = 0
        for i in range(nb):
            if x >> i & 1:
                y ^= images[i]
        if v != y or v < 0:
            return err(NOT_REPR)
    out_total = 1
    for _, s in outs:
        out_total *= s
    if any(v >= out_total for v in values):
        return err(NOT_REPR)
    return split_images(images, ins, outs)


# =============================================================================== commands
def build_cases(tri, seed):
    specs = gen_specs(seed)
    # print-text parse cases: expectation = the layout Triton reads back from its own construction
    str_parse = [(i, s) for i, s in enumerate(specs) if s["op"] == "triton.parse"
                 and isinstance(s["args"][0], dict) and "str" in s["args"][0]]
    back = tri.run([{"req": "build", "L": s["args"][0]["str"]} for _, s in str_parse])
    for (i, s), b in zip(str_parse, back):
        if "ok" not in b:
            raise RuntimeError("Triton cannot build %s" % s["args"])
        s["readback"] = b["ok"]
    others = [s for s in specs if "readback" not in s]
    triton_compute(tri, others)
    texts = tri.run([{"req": "print", "L": s["args"][0]["str"]} for _, s in str_parse])
    for (i, s), t in zip(str_parse, texts):
        s["args"] = [t["ok"]]
        s["expect"] = s.pop("readback")
    counters = {}
    cases = []
    for s in specs:
        n = counters.get(s["op"], 0)
        counters[s["op"]] = n + 1
        c = {"id": "%s/%04d" % (s["op"], n), "op": s["op"], "args": s["args"], "expect": s["expect"]}
        tags = list(s["tags"])
        note = s["note"]
        if s["extra"].get("masked"):
            L, x = s["args"]
            masked = [[nm, v & ((1 << len(dict(L["in_dims"])[nm])) - 1)] for nm, v in x]
            ans = tri.run([{"req": "apply", "L": L, "x": masked}])[0]["ok"]
            note = ("value outside the in dim: Triton 3.9.0 ignores the bits at or above log2(size) and "
                    "answers %s; catlayout refuses the value" % json.dumps(ans))
        if tags:
            c["tags"] = sorted(set(tags))
        if note:
            c["note"] = note
        cases.append(c)
    # every case checked once more the way `check` does
    verdicts = check_cases(tri, cases)
    bad = [(c["id"], why) for c, (ok, _, why) in zip(cases, verdicts) if not ok]
    if bad:
        raise RuntimeError("generated cases do not check: %s" % bad[:5])
    return sorted(cases, key=lambda c: c["id"])


def write_doc(path, cases, seed):
    doc = {"schema": "catlayout.vectors/1",
           "source": ("conformance/oracle/triton_linear.py generate (seed %d): expectations are triton %s's "
                      "LinearLayout answers (from_bases, apply, compose, invert, pseudoinvert, str) and its "
                      "#ttg.linear parse and print (MLIR); to_layout and from_layout confirmed by tabulating "
                      "Triton's apply" % (seed, TRITON_VERSION)),
           "cases": cases}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(doc, indent=1, sort_keys=True) + "\n")


def main(argv):
    if argv[1:2] == ["--worker"]:
        _worker()
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="write the vector file from Triton's answers")
    g.add_argument("--out", default=DEFAULT_FILE)
    g.add_argument("--seed", type=int, default=2024)
    c = sub.add_parser("check", help="compare a vector file with Triton's answers")
    c.add_argument("file", nargs="?", default=DEFAULT_FILE)
    for p in (g, c):
        p.add_argument("--venv", default=DEFAULT_VENV, help="the venv holding triton==%s" % TRITON_VERSION)
        p.add_argument("--require", action="store_true", help="exit 1 instead of skipping (77)")
    args = ap.parse_args(argv[1:])
    t0 = time.time()
    try:
        py = setup_venv(args.venv)
    except Skip as e:
        print("SKIP: %s" % e)
        return 1 if args.require else 77
    tri = Triton(py)
    if args.cmd == "generate":
        cases = build_cases(tri, args.seed)
        write_doc(args.out, cases, args.seed)
        counts = {}
        for c in cases:
            counts[c["op"]] = counts.get(c["op"], 0) + 1
        for op in OPS:
            print("%s: %d cases" % (op, counts.get(op, 0)))
        print("total: %d cases written to %s (%.1f s, %d Triton requests)" % (len(cases), args.out,
                                                                             time.time() - t0, tri.requests))
        return 0
    doc = json.load(open(args.file))
    cases = doc["cases"]
    verdicts = check_cases(tri, cases)
    per = {}
    failed = []
    for cs, (ok, texp, why) in zip(cases, verdicts):
        a, d = per.get(cs["op"], (0, 0))
        per[cs["op"]] = (a + ok, d + (not ok))
        if not ok:
            failed.append((cs["id"], texp, why))
    for op in sorted(per, key=lambda o: (OPS.index(o) if o in OPS else 99, o)):
        print("%s: %d agree, %d disagree" % (op, per[op][0], per[op][1]))
    agree = sum(a for a, _ in per.values())
    print("total: %d agree, %d disagree (%d cases, triton %s, %.1f s)" % (agree, len(cases) - agree, len(cases),
                                                                          TRITON_VERSION, time.time() - t0))
    for cid, texp, why in failed:
        print("  %s: Triton %s; %s" % (cid, json.dumps(texp), why))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
