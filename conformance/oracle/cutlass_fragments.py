#!/usr/bin/env python3
"""Cross-check catlayout's tensor-core fragment catalogue against the layouts NVIDIA CuTe
(CUTLASS 4.2) states for the same instructions, as functions, on the CPU.

  cutlass_fragments.py (--catalogue FILE | --catalogue-cmd PROBE) [--venv DIR] [--json OUT]
                       [--self-test] [--jobs N] [--keep-build DIR] [--cxx CXX] [--cuda-include DIR]

The catalogue is `catlayout.gpu-catalogue/1` JSON (`PROBE catalogue` prints it). Each entry is
mapped by name pattern to a CuTe atom (MMA_Traits / Copy_Traits / GMMA smem layout atom); a
generated list of those atoms is compiled into cutlass_fragments_dump.cpp (host g++, the headers of
the nvidia-cutlass wheel, pip-installed at run time with cute_oracle.setup_env), which tabulates
every CuTe layout as (thread, value) -> offset. Both sides are then compared as functions.

One line per entry x operand: `agree`, `DISAGREE (thread t, value v): catalogue (row, col),
CUTLASS (row', col')`, or `not described by CUTLASS`; then `N passed, M failed`.
Exit status: 0 no disagreement, 1 a disagreement (or a failed self-test / harness check),
2 usage or input error, 77 skipped (a line starting `SKIP:`: no pip, package, compiler or CUDA
headers). Python 3 standard library only. See README.md next to this file.
"""

import argparse
import concurrent.futures
import copy as copymod
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from cute_oracle import CUTLASS_VERSION, Skip, log, setup_env  # noqa: E402

DUMPER = os.path.join(HERE, "cutlass_fragments_dump.cpp")
SKIP_CODE = 77
CXXFLAGS = ["-std=c++17", "-O0", "-w", "-fmax-errors=50"]

# PTX type -> the spelling in CuTe atom names.
TYPE = {"f16": "F16", "bf16": "BF16", "tf32": "TF32", "f32": "F32", "f64": "F64",
        "s32": "S32", "s8": "S8", "u8": "U8", "s4": "S4", "u4": "U4", "b1": "U1",
        "e4m3": "E4M3", "e5m2": "E5M2", "e3m2": "E3M2", "e2m3": "E2M3", "e2m1": "E2M1"}
# smem atom element type by width (the GMMA atoms depend only on sizeof_bits<T>).
SMEM_T = {8: "int8_t", 16: "cute::half_t", 32: "cute::tfloat32_t", 64: "double"}
ARCH_PREFIX = {"sm61": "SM61", "sm70": "SM70", "sm75": "SM75", "sm80": "SM80", "sm86": "SM80",
               "sm89": "SM89", "sm90": "SM90", "sm90a": "SM90"}
PREFIX_ORDER = ["SM80", "SM90", "SM89", "SM75", "SM70", "SM61"]
# The traits headers cutlass_fragments_dump.cpp includes: only atoms specialised there are chosen.
DUMPER_HEADERS = ["mma_traits_sm61.hpp", "mma_traits_sm70.hpp", "mma_traits_sm75.hpp",
                  "mma_traits_sm80.hpp", "mma_traits_sm89.hpp", "mma_traits_sm90.hpp",
                  "mma_traits_sm90_gmma.hpp", "mma_traits_sm90_gmma_ext.hpp",
                  "copy_traits_sm75.hpp", "copy_traits_sm90.hpp", "mma_traits_sm120.hpp",
                  "copy_traits_sm100.hpp"]


class InputError(Exception):
    """The catalogue (or the command producing it) is unusable: exit 2."""


# --------------------------------------------------------------------------
# What the installed CuTe headers define
# --------------------------------------------------------------------------

class CuteIndex:
    """Names with MMA_Traits / Copy_Traits specialisations, and the GMMA aliases' template kind."""

    def __init__(self, include_dir):
        self.mma, self.copy, self.alias_args = set(), set(), {}
        files = [os.path.join(include_dir, "cute", "atom", h) for h in DUMPER_HEADERS]
        files = [f for f in files if os.path.isfile(f)]
        if not files:
            raise Skip(f"no cute/atom traits headers under {include_dir}")
        r_mma = re.compile(r"MMA_Traits<\s*(SM\d+_\w+)")
        r_copy = re.compile(r"Copy_Traits<\s*(SM\d+_\w+)")
        r_alias = re.compile(r"using\s+(SM90_64x\w+)\s*=\s*SM90::GMMA::\w+\s*(<[^;>]*>)?\s*;")
        for f in files:
            with open(f, errors="replace") as fh:
                text = fh.read()
            self.mma.update(r_mma.findall(text))
            self.copy.update(r_copy.findall(text))
            for name, targs in r_alias.findall(text):
                self.alias_args[name] = targs or ""

    def gmma_type(self, name):
        """The C++ type for GMMA alias `name` (its template arguments filled in)."""
        targs = self.alias_args.get(name, "")
        if "tnspA" in targs:   # F16/BF16: <Major A, Major B, ScaleIn..>; register A is K-major
            return f"cute::{name}<cute::GMMA::Major::K, cute::GMMA::Major::K>"
        if targs:              # tf32, fp8: <ScaleIn A, ScaleIn B> with defaults
            return f"cute::{name}<>"
        return f"cute::{name}"


# --------------------------------------------------------------------------
# Catalogue name -> CuTe atom (pattern based)
# --------------------------------------------------------------------------

RE_MMA = re.compile(r"^mma\.m(\d+)n(\d+)k(\d+)\.(\w+)\.(\w+)\.(\w+)\.(\w+)((?:\.[\w]+)*)$")
# mma.m8n8k4 .f16 names carry a majorness other than .row.col: "mma.m8n8k4.col.row.f16...".
RE_MAJOR = re.compile(r"^(mma\.m\d+n\d+k\d+)\.(row|col)\.(row|col)(\..*)$")
# SM120 block-scaled mma.sync: mma.m16n8k<K>.kind::<kind>.block_scale.scale_vec::<V>X.f32.<a>.<b>.f32.<sf>
RE_BLOCK_SCALE = re.compile(r"^mma\.m16n8k(32|64)\.kind::\w+\.block_scale\.scale_vec::(\d)X\.f32\.(\w+)\.(\w+)\.f32\.(\w+)$")
CUTLASS_T = {"e4m3": "cutlass::float_e4m3_t", "e5m2": "cutlass::float_e5m2_t", "e2m1": "cutlass::float_e2m1_t",
             "ue8m0": "cutlass::float_ue8m0_t", "ue4m3": "cutlass::float_ue4m3_t"}
RE_WGMMA = re.compile(r"^wgmma\.m64n(\d+)k(\d+)\.(\w+)\.(\w+)\.(\w+)((?:\.[\w]+)*)$")


def _suffix(extra):
    parts = [p for p in extra.split(".") if p]
    if parts == ["xor", "popc"]:
        return "_XORPOPC"
    if parts == ["and", "popc"]:
        return "_ANDPOPC"
    if parts in (["satfinite"], ["sat"]):
        return "_SATURATE"
    if not parts:
        return ""
    return None


def map_instruction(ins, idx):
    """-> (atom or None, why not). atom: {"name": CuTe name, "cxx": C++ type, "fn": dumper kind,
    "layouts": {catalogue operand: (dumped layout key, label)}, ...}."""
    name = ins.get("name", "")
    kind = ins.get("kind", "")
    arch = ins.get("arch", "")
    if name.startswith(("mma.sp.", "wgmma.sp.")):
        # CuTe 4.2 has no SM80 sparse MMA traits; its SM90 GMMA sparse (and SM120 sparse) traits state
        # A and E over the logical M x K tile (sparse_elem<S, T>), the catalogue over the compressed
        # tile and metadata nibbles: gpu/tests/sparse_test.cpp (Sparse.AgreesWithCuTeSparseTraitsAsStated)
        # compares them through that change of coordinates.
        return None, ("sparse: CuTe states sparse A/E over the logical tile; compared in "
                      "gpu/tests/sparse_test.cpp, not here")
    # CuTe's majorness letters: A .row (K-major) T, .col N; B .col (K-major) N, .row T.
    major = "TN"
    mj = RE_MAJOR.match(name)
    if mj:
        name = mj.group(1) + mj.group(4)
        major = ("T" if mj.group(2) == "row" else "N") + ("N" if mj.group(3) == "col" else "T")
    m = RE_MMA.match(name)
    if m and kind in ("mma", ""):
        M, N, K, d, a, b, c, extra = m.groups()
        ts = [TYPE.get(x) for x in (d, a, b, c)]
        suf = _suffix(extra)
        if None in ts or suf is None:
            return None, f"no CuTe spelling for the types/modifiers of {name}"
        tail = f"_{M}x{N}x{K}_{''.join(ts)}_{major}{suf}"
        pref = ARCH_PREFIX.get(arch)
        order = ([pref] if pref else []) + [p for p in PREFIX_ORDER if p != pref]
        for p in order:
            cand = p + tail
            if cand in idx.mma:
                return ({"name": cand, "cxx": f"cute::{cand}", "fn": "cf_mma",
                         "layouts": {"A": ("A", "ALayout"), "B": ("B", "BLayout"),
                                     "C": ("C", "CLayout"), "D": ("C", "CLayout")}}, "")
        return None, f"no MMA_Traits<SM*{tail}> in CUTLASS {CUTLASS_VERSION}"
    m = RE_WGMMA.match(name)
    if m and kind in ("wgmma", ""):
        N, K, d, a, b, extra = m.groups()
        ts = [TYPE.get(x) for x in (d, a, b)]
        suf = _suffix(extra)
        if None in ts or suf is None:
            return None, f"no CuTe spelling for the types/modifiers of {name}"
        base = f"SM90_64x{N}x{K}_{''.join(ts)}_RS"
        for cand in (base + "_TN" + suf, base + suf):
            if cand in idx.mma:
                return ({"name": cand, "cxx": idx.gmma_type(cand), "fn": "cf_mma",
                         "layouts": {"A": ("A", "ALayout (RS)"), "C": ("C", "CLayout"),
                                     "D": ("C", "CLayout")}}, "")
        return None, f"no MMA_Traits<{base}[_TN]{suf}> in CUTLASS {CUTLASS_VERSION}"
    m = RE_BLOCK_SCALE.match(name)
    if m and kind == "mma.block_scale":
        K, vec, a, b, sf = m.groups()
        if None in (CUTLASS_T.get(a), CUTLASS_T.get(b), CUTLASS_T.get(sf)):
            return None, f"no CUTLASS type for the types of {name}"
        cand = f"SM120_16x8x{K}_TN_VS"
        vs = int(K) // int(vec)  # elements a scale factor covers along K
        cxx = (f"cute::SM120::BLOCKSCALED::{cand}<{CUTLASS_T[a]}, {CUTLASS_T[b]}, float, {CUTLASS_T[sf]}, {vs}>")
        why = (f"{cand}'s SF{{}}Layout broadcasts each scale factor over the {vs} K elements it scales "
               "((T32,V) -> (M|N, K)), not a map onto the scale matrix the catalogue tabulates")
        return ({"name": f"{cand}<{a},{b},f32,{sf},{vs}>", "cxx": cxx, "fn": "cf_mma",
                 "layouts": {"A": ("A", "ALayout"), "B": ("B", "BLayout"), "C": ("C", "CLayout")},
                 "unlisted": {"SFA": why.format("A"), "SFB": why.format("B")}}, "")
    m = re.fullmatch(r"tcgen05\.(ld|st)\.(32x32b|16x64b|16x128b|16x256b|16x32bx2)\.x(\d+)\.b32", name)
    if m and kind in ("tcgen05.ld", "tcgen05.st"):
        op, shape, num = m.groups()
        dp = {"32x32b": "32dp32b", "16x64b": "16dp64b", "16x128b": "16dp128b", "16x256b": "16dp256b",
              "16x32bx2": "16dp32b"}[shape]
        cand = f"SM100_TMEM_{'LOAD' if op == 'ld' else 'STORE'}_{dp}{num}x"
        if cand not in idx.copy:
            return None, f"no Copy_Traits<{cand}> in CUTLASS {CUTLASS_VERSION}"
        # CuTe's register side in bits of the (column bit, lane) space: 32-bit units col + C lane,
        # the catalogue's tile (lane, col) -> lane + R col: compared after transposing (tmem_tile).
        regs = ("dst", ("Dst", "DstLayout")) if op == "ld" else ("src", ("Src", "SrcLayout"))
        return ({"name": cand, "cxx": f"cute::{cand}", "fn": "cf_copy", "elem_bits": 32, "tmem_tile": True,
                 "layouts": {regs[0]: regs[1]}}, "")
    if kind in ("ldmatrix", "stmatrix") or name.startswith(("ldmatrix", "stmatrix")):
        parts = name.split(".")
        is_ld = parts[0] == "ldmatrix"
        xs = [p for p in parts if re.fullmatch(r"x[124]", p)]
        if not xs or "b16" not in parts or any(p.startswith("m16n16") for p in parts):
            return None, f"CuTe's LDSM/STSM atoms are .m8n8 .x1/.x2/.x4 .b16; {name} is not"
        x = int(xs[0][1:])
        trans = "trans" in parts
        if is_ld:
            cand = f"SM75_U16x{2 * x}_LDSM_T" if trans else f"SM75_U32x{x}_LDSM_N"
        else:
            cand = f"SM90_U16x{2 * x}_STSM_T" if trans else f"SM90_U32x{x}_STSM_N"
        if cand not in idx.copy:
            return None, f"no Copy_Traits<{cand}> in CUTLASS {CUTLASS_VERSION}"
        return ({"name": cand, "cxx": f"cute::{cand}", "fn": "cf_copy", "elem_bits": 16,
                 "layouts": {"src": ("Src", "SrcLayout"), "dst": ("Dst", "DstLayout")}}, "")
    if kind == "movmatrix" or name.startswith("movmatrix"):
        parts = name.split(".")
        cand = "SM75_U32x1_MOVM_T"
        if "trans" not in parts or "b16" not in parts or cand not in idx.copy:
            return None, f"no CuTe atom for {name}"
        # CuTe states Src = Dst = the identity on 32x32 bits: its Dst is in the coordinates of the
        # transposed (destination) matrix, so only the source fragment is described.
        return ({"name": cand, "cxx": f"cute::{cand}", "fn": "cf_copy", "elem_bits": 16,
                 "layouts": {"src": ("Src", "SrcLayout")},
                 "unlisted": {"dst": f"{cand}'s DstLayout is the identity, like its SrcLayout: CuTe "
                                     "leaves the transposition to the tensors' layouts"}}, "")
    return None, f"no CuTe atom pattern for {kind or '?'} {name}"


def map_smem(s, idx):
    bits = s.get("elem_bits")
    major = s.get("major")
    sw = s.get("swizzle")
    T = SMEM_T.get(bits)
    ns = "UMMA" if s.get("name", "").startswith("umma.") else "GMMA"  # tcgen05's atoms: cute::UMMA::
    if T is None or major not in ("K", "MN") or sw not in ("INTER", "SW32", "SW64", "SW128", "SW128_32B"):
        return None, f"no {ns} smem atom for {bits}-bit {major} {sw}"
    if sw == "SW128_32B" and (ns != "UMMA" or major != "MN"):
        return None, f"no {ns} smem atom for {bits}-bit {major} {sw}"
    cand = f"Layout_{major}_{sw}_Atom"
    short = T.replace("cute::", "")
    return ({"name": f"{ns}::{cand}<{short}>", "cxx": f"cute::{ns}::{cand}<{T}>", "fn": "cf_smem",
             "targs_pre": T, "layouts": {}}, "")


# --------------------------------------------------------------------------
# Catalogue input
# --------------------------------------------------------------------------

def load_catalogue(args):
    if args.catalogue:
        try:
            with open(args.catalogue) as f:
                text = f.read()
        except OSError as e:
            raise InputError(f"cannot read {args.catalogue}: {e}")
        src = args.catalogue
    else:
        cmd = [args.catalogue_cmd, "catalogue"]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise InputError(f"cannot run {' '.join(cmd)}: {e}")
        if r.returncode != 0:
            raise InputError(f"`{' '.join(cmd)}` exited {r.returncode}: " +
                             " | ".join((r.stderr or r.stdout).strip().splitlines()[-3:]))
        text = r.stdout
        src = " ".join(cmd)
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise InputError(f"{src}: not JSON: {e}")
    if not isinstance(doc, dict) or doc.get("schema") != "catlayout.gpu-catalogue/1":
        raise InputError(f"{src}: schema is not catlayout.gpu-catalogue/1")
    ins = doc.get("instructions", [])
    sml = doc.get("smem_layouts", [])
    if not isinstance(ins, list) or not isinstance(sml, list):
        raise InputError(f"{src}: instructions / smem_layouts must be lists")
    for i, e in enumerate(ins):
        if not isinstance(e, dict) or not isinstance(e.get("name"), str):
            raise InputError(f"{src}: instructions[{i}] has no name")
        for j, fr in enumerate(e.get("fragments", [])):
            for k in ("operand", "rows", "cols", "threads", "values", "offsets"):
                if k not in fr:
                    raise InputError(f"{src}: instructions[{i}] ({e['name']}) fragments[{j}] lacks {k!r}")
            if len(fr["offsets"]) != fr["threads"] * fr["values"]:
                raise InputError(f"{src}: {e['name']} {fr['operand']}: {len(fr['offsets'])} offsets, "
                                 f"expected threads*values = {fr['threads'] * fr['values']}")
    for i, s in enumerate(sml):
        for k in ("name", "rows", "cols", "offsets"):
            if not isinstance(s, dict) or k not in s:
                raise InputError(f"{src}: smem_layouts[{i}] lacks {k!r}")
        if len(s["offsets"]) != s["rows"] * s["cols"]:
            raise InputError(f"{src}: {s['name']}: {len(s['offsets'])} offsets, expected rows*cols")
    return doc, src


# --------------------------------------------------------------------------
# The CuTe side: generate, compile and run the dumper
# --------------------------------------------------------------------------

def atom_statements(aid, a):
    """The dumper statements for one atom, one per line: [(layout key or None, C++ statement)].
    A statement with a key tabulates one layout; a compile error in it drops only that layout."""
    cxx, name = a["cxx"], a["name"]
    if a["fn"] == "cf_smem":
        return [(None, f'cf_smem<{a["targs_pre"]}, {cxx}>({aid}, "{name}", "{name}");')]
    if a["fn"] == "cf_mma":
        tr = f"typename cute::MMA_Traits<{cxx}>"
        st = [(None, f'cf_open({aid}, "{name}", "{name}", "mma");'), (None, f"cf_mma_info<{cxx}>();")]
        keys = sorted({k for k, _ in a["layouts"].values()})
        st += [(k, f'cf_tv_table("{k}", {tr}::{k}Layout{{}}, 1);') for k in keys]
    else:
        tr = f"typename cute::Copy_Traits<{cxx}>"
        st = [(None, f'cf_open({aid}, "{name}", "{name}", "copy");'),
              (None, f"cf_copy_info<{cxx}, {a['elem_bits']}>();")]
        st += [(k, f'cf_tv_table("{k}", {tr}::{k}Layout{{}}, {a["elem_bits"]});') for k in ("Src", "Dst", "Ref")]
    return st + [(None, "cf_close();")]


def cases_source(stmts):
    """stmts: [(aid, key, text)] -> (source, {line: (aid, key)})."""
    lines = ["// generated by conformance/oracle/cutlass_fragments.py -- do not edit",
             "static void cf_cases() {"]
    line_of = {}
    for aid, key, text in stmts:
        lines.append("  " + text)
        line_of[len(lines)] = (aid, key)
    lines.append("}")
    return "\n".join(lines) + "\n", line_of


_ERR_RE = re.compile(r"^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$")


def blame(stderr, inc, line_of):
    """gcc diagnostics -> {(aid, key): first message}: an error counts against the last line of
    the generated list that the diagnostics mentioned ("required from here")."""
    ref = re.compile(re.escape(inc) + r":(\d+):\d+")
    out, current = {}, None
    for line in stderr.splitlines():
        for m in ref.finditer(line):
            current = line_of.get(int(m.group(1)), current)
        m = _ERR_RE.match(line)
        if m and current is not None:
            out.setdefault(current, m.group(4).strip())
    return out


def compile_blamed(env, items, dumper, inc, exe, what, attempts):
    """The compile-and-blame loop of both CUTLASS oracles: compile `dumper` over the statements
    `items` ([(id, key, text)]), dropping what g++'s errors blame (key None: every statement of
    the id) until it compiles, then run it. -> (its JSON output, or None when no statement is
    left; {(id, key): g++ error}). `what` names an id in the message when nothing can be blamed."""
    failed = {}
    for _ in range(attempts):
        src, line_of = cases_source(items)
        with open(inc, "w") as f:
            f.write(src)
        cmd = [env.cxx] + CXXFLAGS + env.include_flags() + [f'-DCF_CASES_FILE="{inc}"', dumper, "-o", exe]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode == 0:
            break
        blamed = blame(r.stderr, inc, line_of)
        if not blamed:
            tail = "\n".join(r.stderr.strip().splitlines()[-15:])
            raise RuntimeError(f"g++ failed on the dumper and no {what} could be blamed:\n{tail}")
        failed.update(blamed)
        dead = {i for i, k in blamed if k is None}
        items = [(i, k, t) for i, k, t in items if i not in dead and (i, k) not in blamed]
    else:
        raise RuntimeError("g++ kept failing on the dumper")
    if not items:
        return None, failed
    r = subprocess.run([exe], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"dumper exited {r.returncode}: {r.stderr.strip()[-500:]}")
    return json.loads(r.stdout), failed


def compile_and_run(env, atoms, workdir, chunk_id):
    """-> ({aid: dump}, {(aid, key): error}); key None: the whole atom failed."""
    stmts = [(aid, k, t) for aid, a in atoms for k, t in atom_statements(aid, a)]
    doc, failed = compile_blamed(env, stmts, DUMPER, os.path.join(workdir, f"cases_{chunk_id}.inc"),
                                 os.path.join(workdir, f"dump_{chunk_id}"), "atom", 6)
    return ({a["id"]: a for a in doc["atoms"]} if doc else {}), failed


def cute_tables(env, atoms, jobs, keep_dir):
    """atoms: list of (aid, atom). -> ({aid: dump}, {aid: error})."""
    workdir = keep_dir or tempfile.mkdtemp(prefix="cutlass-fragments-")
    os.makedirs(workdir, exist_ok=True)
    try:
        n = max(1, min(jobs, len(atoms)))
        chunks = [atoms[i::n] for i in range(n)]
        log(f"[cutlass-fragments] tabulating {len(atoms)} CuTe atoms: {n} g++ unit(s) in {workdir}")
        dumps, failed = {}, {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=n) as ex:
            futs = [ex.submit(compile_and_run, env, ch, workdir, i) for i, ch in enumerate(chunks)]
            for fu in futs:
                d, f = fu.result()
                dumps.update(d)
                failed.update(f)
        return dumps, failed
    finally:
        if not keep_dir:
            shutil.rmtree(workdir, ignore_errors=True)


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def rc(off, rows):
    return f"({off % rows}, {off // rows})"


def non_bijective(table, T, rows, cols):
    """None if `table` ((thread t, value v) at t + T*v) is a bijection onto the rows x cols tile;
    else why not."""
    size = rows * cols
    seen = {}
    for i, o in enumerate(table):
        if not 0 <= o < size:
            return f"(thread {i % T}, value {i // T}) lands outside the tile, at offset {o}"
        if o in seen:
            j = seen[o]
            return (f"{rc(o, rows)} is held by both (thread {j % T}, value {j // T}) and "
                    f"(thread {i % T}, value {i // T})")
        seen[o] = i
    if len(seen) != size:
        return f"it reaches {len(seen)} of the tile's {size} elements"
    return None


def compare_tv(fr, lay, step, kind):
    """Compare one catalogue fragment with one tabulated CuTe TV layout.
    step: 1 for MMA (offsets are elements); W for copy atoms (CuTe offsets are bits).
    -> (status, message, first) with first = (t, v) of the first disagreement or None."""
    T, V, rows = fr["threads"], fr["values"], fr["rows"]
    Tc, Vc = lay["threads"], lay["values"]
    if step > 1 and not lay.get("contiguous", True):
        return "error", f"CUTLASS layout does not keep {step}-bit elements contiguous", None
    partial = kind == "copy" and T < Tc   # address side: CuTe lists 32 threads, the others broadcast
    if V != Vc or (T != Tc and not partial) or T > Tc:
        return ("disagree", f"DISAGREE (threads x values): catalogue {T} x {V}, CUTLASS {Tc} x {Vc}",
                None)
    ours = fr["offsets"]
    theirs = []
    for v in range(V):
        for t in range(T):
            c = lay["table"][t + Tc * v]
            if c % step:
                return ("error", f"CUTLASS bit offset {c} at (thread {t}, value {v}) is not a multiple "
                                 f"of {step}", None)
            theirs.append(c // step)
    bad = [(i % T, i // T, o, c) for i, (o, c) in enumerate(zip(ours, theirs)) if o != c]
    if bad:
        t, v, o, c = bad[0]
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        msg = (f"DISAGREE (thread {t}, value {v}): catalogue {rc(o, rows)}, "
               f"CUTLASS {rc(c, rows)}{more}")
        if kind == "mma":
            # Every element of an MMA operand tile is held by exactly one (thread, value). A CuTe
            # layout that is not a bijection onto the tile cannot be the instruction's fragment:
            # CUTLASS is wrong there, and the entry is not checked (exit status unaffected).
            dims = (T, fr["rows"], fr["cols"])
            why_theirs, why_ours = non_bijective(theirs, *dims), non_bijective(ours, *dims)
            if why_theirs and not why_ours:
                return ("cutlass_invalid", f"CUTLASS INVALID: its layout is not a bijection onto the "
                                           f"{fr['rows']} x {fr['cols']} tile ({why_theirs}); the "
                                           f"catalogue's is. First difference: {msg[9:]}", (t, v))
        return "disagree", msg, (t, v)
    note = f" (threads 0..{T - 1} of CUTLASS's {Tc})" if partial else ""
    return "agree", "agree" + note, None


def compare_smem(s, dump):
    rows, cols = s["rows"], s["cols"]
    MN, K = dump["shape"]
    if (rows, cols) != (MN, K):
        return "disagree", f"DISAGREE (shape): catalogue {rows} x {cols}, CUTLASS (MN, K) = ({MN}, {K})", None
    if dump.get("via_ptr") is False:
        return "error", "CuTe's swizzle-pointer tensor and position-independent layout differ", None
    if dump["swizzle"][0] > 0 and dump["table"] == dump["inner"]:
        return "error", "CuTe's table equals the unswizzled inner layout: swizzle not applied", None
    # Third route: CuTe's Swizzle<B,M,S> acts on byte addresses (smem_ptr_flag); applied here to
    # the inner layout's offsets in bytes, it must give CuTe's table.
    B, M, S = dump["swizzle"]
    nbytes = dump["elem_bits"] / 8
    yyy = ((1 << B) - 1) << (M + S)

    def swz(elem):
        byte = int(elem * nbytes)
        return int((byte ^ ((byte & yyy) >> S)) / nbytes)
    if dump["elem_bits"] >= 8 and [swz(e) for e in dump["inner"]] != dump["table"]:
        return "error", f"CuTe's table is not Swizzle<{B},{M},{S}> (on bytes) of its inner layout", None
    bad = []
    for c in range(cols):
        for r in range(rows):
            o, x = s["offsets"][r + rows * c], dump["table"][r + rows * c]
            if o != x:
                bad.append((r, c, o, x))
    if bad:
        r, c, o, x = bad[0]
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        return ("disagree", f"DISAGREE (mn {r}, k {c}): catalogue offset {o}, CUTLASS offset {x}{more}",
                (r, c))
    return "agree", "agree", None


def compare_fragment(ins, fr, atom, reason, dumps, failed):
    op = fr["operand"]
    res = {"kind": "instruction", "instruction": ins["name"], "operand": op}
    aid = atom and atom["aid"]
    if atom is None:
        res.update(status="not_described", message=f"not described by CUTLASS ({reason})")
    elif (aid, None) in failed:
        res.update(status="not_described", cutlass_atom=atom["name"],
                   message=f"not described by CUTLASS (g++ rejected {atom['name']}: {failed[(aid, None)]})")
    elif op in atom["layouts"] and (aid, atom["layouts"][op][0]) in failed:
        key, lname = atom["layouts"][op]
        res.update(status="not_described", cutlass_atom=atom["name"], cutlass_layout=lname,
                   message=f"not described by CUTLASS: {atom['name']}'s {lname} does not compile when "
                           f"CuTe evaluates it ({failed[(aid, key)]})")
    elif op not in atom["layouts"]:
        why = atom.get("unlisted", {}).get(op) or (
            "wgmma's B comes from shared memory" if op == "B" and atom["fn"] == "cf_mma"
            else f"no {op} layout in {atom['name']}")
        res.update(status="not_described", cutlass_atom=atom["name"],
                   message=f"not described by CUTLASS ({why})")
    else:
        key, lname = atom["layouts"][op]
        dump = dumps[aid]
        lay = dump[key]
        step = dump.get("elem_bits", 1) if dump["kind"] == "copy" else 1
        if atom.get("tmem_tile"):  # CuTe: col + C lane (32-bit units); catalogue: lane + R col
            R, C = fr["rows"], fr["cols"]
            tr = lambda c: ((c // step) // C + R * ((c // step) % C)) * step if c % step == 0 else c
            lay = dict(lay, table=[tr(c) for c in lay["table"]])
        status, msg, first = compare_tv(fr, lay, step, dump["kind"])
        res.update(status=status, message=msg, cutlass_atom=atom["name"],
                   cutlass_layout=lname, cutlass_text=lay["text"])
        if first:
            res["first"] = {"thread": first[0], "value": first[1]}
    return res


def compare_smem_entry(s, atom, reason, dumps, failed):
    res = {"kind": "smem_layout", "instruction": s["name"], "operand": None}
    if atom is None:
        res.update(status="not_described", message=f"not described by CUTLASS ({reason})")
    elif (atom["aid"], None) in failed:
        res.update(status="not_described", cutlass_atom=atom["name"],
                   message=f"not described by CUTLASS (g++ rejected {atom['name']}: "
                           f"{failed[(atom['aid'], None)]})")
    else:
        dump = dumps[atom["aid"]]
        status, msg, first = compare_smem(s, dump)
        res.update(status=status, message=msg, cutlass_atom=atom["name"], cutlass_text=dump["text"])
        if first:
            res["first"] = {"mn": first[0], "k": first[1]}
    return res


def compare_all(doc, plan, dumps, failed):
    """-> list of result dicts, in catalogue order (each with "where": its index path)."""
    results = []
    for i, ins in enumerate(doc.get("instructions", [])):
        atom, reason = plan[("ins", i)]
        for j, fr in enumerate(ins.get("fragments", [])):
            res = compare_fragment(ins, fr, atom, reason, dumps, failed)
            res["where"] = ("ins", i, j)
            results.append(res)
    for i, s in enumerate(doc.get("smem_layouts", [])):
        atom, reason = plan[("smem", i)]
        res = compare_smem_entry(s, atom, reason, dumps, failed)
        res["where"] = ("smem", i)
        results.append(res)
    return results


def print_results(results):
    w = max([len(r["instruction"] + " " + (r["operand"] or "")) for r in results] + [10])
    for r in results:
        label = r["instruction"] + (" " + r["operand"] if r["operand"] else "")
        src = ""
        if r["status"] in ("agree", "disagree", "cutlass_invalid") and r.get("cutlass_atom"):
            src = f"  [{r['cutlass_atom']}" + (f" {r['cutlass_layout']}" if r.get("cutlass_layout") else "") + "]"
        print(f"{label:<{w}}  {r['message']}{src}")


# --------------------------------------------------------------------------
# Self-test: a perturbed catalogue must be caught at the right place
# --------------------------------------------------------------------------

def self_test(doc, plan, dumps, failed, results):
    """Perturb one offset of the first agreeing register fragment and of the first agreeing smem
    layout, compare that entry again, and check that the comparer names exactly that position.
    -> list of problems."""
    problems = []
    tried = set()
    for r in results:
        kind = r["where"][0]
        if r["status"] != "agree" or kind in tried:
            continue
        tried.add(kind)
        if kind == "ins":
            _, i, j = r["where"]
            ins = copymod.deepcopy(doc["instructions"][i])
            fr = ins["fragments"][j]
            t0, v0 = min(3, fr["threads"] - 1), min(1, fr["values"] - 1)
            pos, where, expect = t0 + fr["threads"] * v0, f"(thread {t0}, value {v0})", {"thread": t0, "value": v0}
            target = fr
        else:
            _, i = r["where"]
            target = copymod.deepcopy(doc["smem_layouts"][i])
            r0, c0 = min(1, target["rows"] - 1), min(2, target["cols"] - 1)
            pos, where, expect = r0 + target["rows"] * c0, f"(mn {r0}, k {c0})", {"mn": r0, "k": c0}
        target["offsets"][pos] = (target["offsets"][pos] + 1) % (target["rows"] * target["cols"])
        if kind == "ins":
            atom, reason = plan[("ins", i)]
            hit = compare_fragment(ins, fr, atom, reason, dumps, failed)
        else:
            atom, reason = plan[("smem", i)]
            hit = compare_smem_entry(target, atom, reason, dumps, failed)
        label = r["instruction"] + (" " + r["operand"] if r["operand"] else "")
        if hit["status"] == "disagree" and hit.get("first") == expect and "more)" not in hit["message"]:
            print(f"self-test: perturbed {label} at {where}: comparer said `{hit['message']}` -- ok")
        else:
            msg = f"self-test FAILED: perturbed {label} at {where}, comparer said `{hit['message']}`"
            print(msg)
            problems.append(msg)
    if not tried:
        msg = "self-test FAILED: no agreeing entry to perturb"
        print(msg)
        problems.append(msg)
    return problems


# --------------------------------------------------------------------------

def parse_args(ap, argv):
    """(ap's arguments from argv, None), or (None, the status main returns) where argparse would exit:
    2 for a usage error, 0 after --help (main returns its status, cutlass_tiled.py's too)."""
    try:
        return ap.parse_args(argv), None
    except SystemExit as e:
        return None, 2 if e.code else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--catalogue", help="catalogue JSON file (catlayout.gpu-catalogue/1)")
    src.add_argument("--catalogue-cmd", help="catlayout-gpu-probe executable; `CMD catalogue` prints the catalogue")
    ap.add_argument("--venv", help="venv to reuse (or create) with nvidia-cutlass; default: a temporary one")
    ap.add_argument("--cxx", help="C++ compiler (default $CXX or g++)")
    ap.add_argument("--cuda-include", help="CUDA include dir holding cuda_runtime_api.h")
    ap.add_argument("--jobs", type=int, default=2, help="parallel g++ processes (default 2)")
    ap.add_argument("--keep-build", help="keep the generated atom lists and dumpers in this directory")
    ap.add_argument("--json", help="write per-entry results to this file")
    ap.add_argument("--self-test", action="store_true",
                    help="also perturb one offset and check that the comparer reports it exactly")
    ap.add_argument("--require", action="store_true", help="exit 1 instead of 77 when skipping")
    ap.add_argument("--strict", action="store_true",
                    help="also fail (exit 1) where CUTLASS's own layout is not a bijection onto the tile")
    args, status = parse_args(ap, argv)
    if args is None:
        return status

    t_start = time.time()
    try:
        doc, doc_src = load_catalogue(args)
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    try:
        t0 = time.time()
        env = setup_env(args, need_cute=True)
        t_env = time.time() - t0
    except Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else SKIP_CODE
    try:
        idx = CuteIndex(env.cute_inc)
        # Map every entry; one dumper call per distinct atom.
        plan, atoms, by_cxx = {}, [], {}
        items = [(("ins", i), map_instruction, e) for i, e in enumerate(doc.get("instructions", []))]
        items += [(("smem", i), map_smem, s) for i, s in enumerate(doc.get("smem_layouts", []))]
        for key, fn, entry in items:
            atom, reason = fn(entry, idx)
            if atom is not None:
                k = (atom["fn"], atom["cxx"])
                if k not in by_cxx:
                    atom["aid"] = len(atoms)
                    by_cxx[k] = atom
                    atoms.append((atom["aid"], atom))
                atom = by_cxx[k]
            plan[key] = (atom, reason)
        t0 = time.time()
        try:
            dumps, failed = cute_tables(env, atoms, args.jobs, args.keep_build) if atoms else ({}, {})
        except (RuntimeError, ValueError) as e:
            print(f"error: CuTe dumper: {e}")
            return 1
        t_cute = time.time() - t0
        t0 = time.time()
        results = compare_all(doc, plan, dumps, failed)
        print_results(results)
        problems = self_test(doc, plan, dumps, failed, results) if args.self_test else []
        t_cmp = time.time() - t0
    finally:
        env.cleanup()

    counts = {s: sum(1 for r in results if r["status"] == s)
              for s in ("agree", "disagree", "cutlass_invalid", "not_described", "error")}
    n_fail = counts["disagree"] + counts["error"] + (counts["cutlass_invalid"] if args.strict else 0)
    print(f"{counts['agree']} passed, {n_fail} failed ({counts['not_described']} not described by CUTLASS, "
          f"{counts['cutlass_invalid']} where CUTLASS's layout is invalid; "
          f"{len(atoms)} CuTe atoms; venv {t_env:.1f}s, CuTe compile+run {t_cute:.1f}s, "
          f"compare {t_cmp:.1f}s, total {time.time() - t_start:.1f}s)")
    if args.json:
        out = {"schema": "catlayout.cutlass-fragments/1",
               "source": f"NVIDIA CuTe (nvidia-cutlass {CUTLASS_VERSION} headers, host g++) "
                         f"via conformance/oracle/cutlass_fragments.py",
               # the command or file, relative to the repository: a committed report names no
               # path of the machine it was made on
               "catalogue": doc_src.replace(REPO + os.sep, ""), "counts": counts,
               "timings_s": {"venv": round(t_env, 2), "cute": round(t_cute, 2), "compare": round(t_cmp, 2)},
               "self_test": None if not args.self_test else ("failed" if problems else "ok"),
               "results": [{k: v for k, v in r.items() if k != "where"} for r in results]}
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
    return 1 if (n_fail or problems) else 0


if __name__ == "__main__":
    sys.exit(main())
