#!/usr/bin/env python3
"""Cross-check catlayout's tiled MMAs and tiled copies (gpu/include/catlayout/gpu/tiled.hpp) against
NVIDIA CuTe (CUTLASS 4.2) as functions, on the CPU.

  cutlass_tiled.py --probe PROBE [--venv DIR] [--json OUT] [--self-test] [--keep-build DIR]
                   [--cxx CXX] [--cuda-include DIR] [--require]

For a fixed list of configurations (CONFIGS below: make_tiled_mma over mma.sync and wgmma atoms
with several atom layouts and permutations, make_tiled_copy with row- and column-major thread
layouts, make_tiled_copy_A/B/C), each written once in CuTe notation:
  * catlayout's side comes from `PROBE tiled ...` (catlayout-gpu-probe), as JSON tables;
  * CuTe's side is the same configuration spelled as CuTe static types in a generated list compiled
    into cutlass_tiled_dump.cpp (host g++, the nvidia-cutlass wheel's headers, pip-installed at run
    time by cute_oracle.setup_env), which tabulates TiledMMA::get_layout{A,B,C}_TV and TiledCopy's
    TiledLayout_TV / get_layoutS_TV.
Both are printed, then compared entry by entry: thread and value counts, the tile, and every
(thread, value) -> (row, col).

One line per configuration x layout: `agree` or `DISAGREE ...`; then `N passed, M failed`.
Exit status: 0 all agree, 1 a disagreement (or a failed self-test / harness error), 2 usage error,
77 skipped (a line starting `SKIP:`: no pip, package, compiler or CUDA headers).
Python 3 standard library only.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from cute_oracle import CUTLASS_VERSION, Skip, log, setup_env  # noqa: E402
from cutlass_fragments import blame, cases_source  # noqa: E402

DUMPER = os.path.join(HERE, "cutlass_tiled_dump.cpp")
SKIP_CODE = 77
CXXFLAGS = ["-std=c++17", "-O0", "-w", "-fmax-errors=50"]

SM80_F16 = ("mma.m16n8k16.f32.f16.f16.f32", "cute::SM80_16x8x16_F32F16F16F32_TN")
SM80_F16_K8 = ("mma.m16n8k8.f16.f16.f16.f16", "cute::SM80_16x8x8_F16F16F16F16_TN")
SM80_F64 = ("mma.m8n8k4.f64.f64.f64.f64", "cute::SM80_8x8x4_F64F64F64F64_TN")
SM80_TF32 = ("mma.m16n8k8.f32.tf32.tf32.f32", "cute::SM80_16x8x8_F32TF32TF32F32_TN")
GMMA_KK = "<cute::GMMA::Major::K, cute::GMMA::Major::K>"
SM90_SS = ("wgmma.m64n64k16.f32.f16.f16", "cute::SM90_64x64x16_F32F16F16_SS" + GMMA_KK)
SM90_RS = ("wgmma.m64n64k16.f32.f16.f16", "cute::SM90_64x64x16_F32F16F16_RS" + GMMA_KK)

# (kind, atom (catalogue name, CuTe type) or None, arguments in CuTe notation, layouts compared).
# mma/copy_X arguments: atom layout, then optionally the permutation's M, N, K entries (a layout,
# an integer n, or _). copy arguments: thread layout, value layout. A bare shape is column-major.
# wgmma SS: catlayout has no shared-memory A/B fragments, so only C is compared.
CONFIGS = [
    ("mma", SM80_F16, ["(1,1,1)"], "ABC"),
    ("mma", SM80_F16, ["(2,2,1):(1,2,0)"], "ABC"),
    ("mma", SM80_F16, ["(4,1,1)"], "ABC"),
    ("mma", SM80_F16, ["(2,2,1)", "32", "32", "16"], "ABC"),
    ("mma", SM80_F16, ["(2,2):(2,1)"], "ABC"),
    ("mma", SM80_F16, ["(2,2,1)", "(4,4,2):(1,8,4)", "(8,4):(4,1)", "_"], "ABC"),
    ("mma", SM80_F16, ["(1,2,2)"], "ABC"),
    ("mma", SM80_F16_K8, ["(2,1,1)"], "ABC"),
    ("mma", SM80_F64, ["(2,2,1)"], "ABC"),
    ("mma", SM80_F64, ["(2,2,1):(2,1,0)", "_", "32", "8"], "ABC"),
    ("mma", SM80_TF32, ["(1,2,1)", "_", "32", "16"], "ABC"),
    ("mma", SM90_SS, ["(1,1,1)"], "C"),
    ("mma", SM90_SS, ["(2,1,1)"], "C"),
    ("mma", SM90_RS, ["(2,1,1)", "_", "_", "32"], "AC"),
    ("copy", None, ["(32,4):(4,1)", "(1,8)"], ["TV", "S"]),
    ("copy", None, ["(8,16):(16,1)", "(4,1)"], ["TV", "S"]),
    ("copy", None, ["(16,8)", "(4,1)"], ["TV", "S"]),
    ("copy", None, ["(4,8)", "(2,2):(2,1)"], ["TV", "S"]),
    ("copy", None, ["(8,4):(4,1)", "(2,4)"], ["TV", "S"]),
    ("copy", None, ["((2,4),8):((1,16),2)", "(2,1)"], ["TV", "S"]),
    ("copy_A", SM80_F16, ["(2,2,1)", "32", "32", "16"], ["TV"]),
    ("copy_B", SM80_F16, ["(2,2,1)", "32", "32", "16"], ["TV"]),
    ("copy_C", SM80_F16, ["(2,2,1)", "32", "32", "16"], ["TV"]),
    ("copy_C", SM80_F64, ["(2,2,1):(2,1,0)"], ["TV"]),
]
COPY_ATOM = "cute::Copy_Atom<cute::UniversalCopy<uint16_t>, uint16_t>{}"


class InputError(Exception):
    """The probe is unusable: exit 2."""


# --------------------------------------------------------------------------
# CuTe notation -> CuTe static types
# --------------------------------------------------------------------------

def parse_tuple(text):
    """'(2,(3,4))' -> [2,[3,4]]; '8' -> 8."""
    pos = 0

    def item():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            out = [item()]
            while text[pos] == ",":
                pos += 1
                out.append(item())
            if text[pos] != ")":
                raise ValueError(f"expected ) at {pos} in {text!r}")
            pos += 1
            return out
        m = re.match(r"\d+", text[pos:])
        if not m:
            raise ValueError(f"expected an integer at {pos} in {text!r}")
        pos += m.end()
        return int(m.group(0))
    text = text.replace(" ", "")
    t = item()
    if pos != len(text):
        raise ValueError(f"trailing text in {text!r}")
    return t


def cute_tuple(t, kind):
    if isinstance(t, int):
        return f"cute::Int<{t}>"
    return f"cute::{kind}<" + ",".join(cute_tuple(x, kind) for x in t) + ">"


def cute_layout(text):
    """'(2,2,1):(1,2,0)' -> a CuTe Layout type value; a bare shape gets CuTe's default (LayoutLeft)."""
    if ":" in text:
        s, d = text.split(":")
        return f"cute::Layout<{cute_tuple(parse_tuple(s), 'Shape')},{cute_tuple(parse_tuple(d), 'Stride')}>{{}}"
    return f"cute::Layout<{cute_tuple(parse_tuple(text), 'Shape')}>{{}}"


def cute_perm_entry(text):
    if text == "_":
        return "cute::Underscore"
    if re.fullmatch(r"\d+", text):
        return f"cute::Int<{text}>"
    return cute_layout(text)[:-2]  # the type, without {}


def cute_statement(cid, cfg):
    kind, atom, args, _ = cfg
    if kind == "copy":
        return f"ct_copy({cid}, cute::make_tiled_copy({COPY_ATOM}, {cute_layout(args[0])}, {cute_layout(args[1])}));"
    mma_args = [f"cute::MMA_Atom<{atom[1]}>{{}}", cute_layout(args[0])]
    if len(args) == 4:
        mma_args.append("cute::Tile<" + ",".join(cute_perm_entry(a) for a in args[1:]) + ">{}")
    mma = f"cute::make_tiled_mma({', '.join(mma_args)})"
    if kind == "mma":
        return f"ct_mma({cid}, {mma});"
    return f"ct_copy({cid}, cute::make_tiled_{kind}({COPY_ATOM}, {mma}));"


def label(cfg):
    kind, atom, args, _ = cfg
    what = f"{kind} {atom[1].replace('cute::', '').split('<')[0]}" if atom else kind
    return f"{what} {' '.join(args)}"


# --------------------------------------------------------------------------
# The two sides
# --------------------------------------------------------------------------

def catlayout_side(probe, cfg):
    kind, atom, args, _ = cfg
    cmd = [probe, "tiled", kind] + ([atom[0]] if atom else []) + args
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise InputError(f"cannot run {' '.join(cmd)}: {e}")
    if r.returncode != 0:
        return None, (r.stderr or r.stdout).strip()
    return json.loads(r.stdout), None


def cute_side(env, stmts, workdir):
    """stmts: [(cid, text)] -> ({cid: dump}, {cid: g++ error})."""
    items = [(cid, None, text) for cid, text in stmts]
    failed = {}
    inc = os.path.join(workdir, "cases.inc")
    exe = os.path.join(workdir, "dump")
    for _ in range(8):
        src, line_of = cases_source(items)
        with open(inc, "w") as f:
            f.write(src)
        cmd = [env.cxx] + CXXFLAGS + env.include_flags() + [f'-DCF_CASES_FILE="{inc}"', DUMPER, "-o", exe]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode == 0:
            break
        blamed = blame(r.stderr, inc, line_of)
        if not blamed:
            tail = "\n".join(r.stderr.strip().splitlines()[-15:])
            raise RuntimeError(f"g++ failed on the dumper and no configuration could be blamed:\n{tail}")
        for (cid, _k), msg in blamed.items():
            failed[cid] = msg
        items = [it for it in items if it[0] not in failed]
    else:
        raise RuntimeError("g++ kept failing on the dumper")
    if not items:
        return {}, failed
    r = subprocess.run([exe], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"dumper exited {r.returncode}: {r.stderr.strip()[-500:]}")
    return {c["id"]: c for c in json.loads(r.stdout)["configs"]}, failed


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def rc(off, rows):
    return f"({off % rows}, {off // rows})"


def coverage(table, size):
    """How the (thread, value) pairs cover the tile: "" for a bijection, else a note. A and B of a
    tiled MMA are shared by the thread groups along the axis they do not depend on (each element
    held by that many pairs), so a uniform multiplicity is expected there."""
    counts = [0] * size
    for o in table:
        if not 0 <= o < size:
            return f" (offset {o} outside the tile)"
        counts[o] += 1
    lo, hi = min(counts), max(counts)
    if lo == hi == 1:
        return ""
    if lo == hi:
        return f" (each element held by {lo} (thread, value) pairs)"
    return f" (elements held by {lo} to {hi} (thread, value) pairs)"


def compare_tv(ours, theirs):
    """-> (ok, message, first (t, v) or None)."""
    dims = ("threads", "values", "rows", "cols")
    a, b = tuple(ours[k] for k in dims), tuple(theirs[k] for k in dims)
    if a != b:
        return False, f"DISAGREE (threads, values, rows, cols): catlayout {a}, CuTe {b}", None
    T, rows = ours["threads"], ours["rows"]
    bad = [i for i, (x, y) in enumerate(zip(ours["table"], theirs["table"])) if x != y]
    if bad:
        i = bad[0]
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        return (False, f"DISAGREE (thread {i % T}, value {i // T}): catlayout {rc(ours['table'][i], rows)}, "
                       f"CuTe {rc(theirs['table'][i], rows)}{more}", (i % T, i // T))
    return True, "agree" + coverage(ours["table"], rows * ours["cols"]), None


def layouts_of(cfg):
    kind, _, _, ops = cfg
    return [(op, op) for op in ops] if kind == "mma" else [(name, "TV") for name in ops]


def compare_config(cid, cfg, ours, err, dumps, failed):
    """-> list of result dicts, one per compared layout."""
    out = []
    for cute_key, our_key in layouts_of(cfg):
        res = {"config": label(cfg), "layout": cute_key, "id": cid}
        if err is not None:
            res.update(status="error", message=f"catlayout refused: {err}")
        elif cid in failed:
            res.update(status="error", message=f"CuTe did not compile: {failed[cid]}")
        else:
            dump = dumps[cid]
            if ours.get("threads") != dump["threads"]:
                res.update(status="disagree", message=f"DISAGREE (threads): catlayout {ours.get('threads')}, "
                                                      f"CuTe {dump['threads']}")
            else:
                ok, msg, first = compare_tv(ours[our_key], dump[cute_key])
                res.update(status="agree" if ok else "disagree", message=msg, cute=dump[cute_key]["layout"],
                           catlayout=ours[our_key]["layout"])
                if first:
                    res["first"] = {"thread": first[0], "value": first[1]}
        out.append(res)
    return out


def self_test(results, ours_by_id, dumps, cfgs):
    """Perturb one entry of the first agreeing catlayout table; the comparer must name it."""
    for r in results:
        if r["status"] != "agree":
            continue
        cid = r["id"]
        our_key = dict(layouts_of(cfgs[cid]))[r["layout"]]
        ours = json.loads(json.dumps(ours_by_id[cid][our_key]))
        T = ours["threads"]
        t0, v0 = min(3, T - 1), min(1, ours["values"] - 1)
        i = t0 + T * v0
        ours["table"][i] = (ours["table"][i] + 1) % (ours["rows"] * ours["cols"])
        ok, msg, first = compare_tv(ours, dumps[cid][r["layout"]])
        where = f"{r['config']} {r['layout']} at (thread {t0}, value {v0})"
        if not ok and first == (t0, v0) and "more)" not in msg:
            print(f"self-test: perturbed {where}: comparer said `{msg}` -- ok")
            return []
        print(f"self-test FAILED: perturbed {where}: comparer said `{msg}`")
        return [msg]
    print("self-test FAILED: no agreeing layout to perturb")
    return ["no agreeing layout"]


# --------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--probe", required=True, help="catlayout-gpu-probe executable (`PROBE tiled ...`)")
    ap.add_argument("--venv", help="venv to reuse (or create) with nvidia-cutlass; default: a temporary one")
    ap.add_argument("--cxx", help="C++ compiler (default $CXX or g++)")
    ap.add_argument("--cuda-include", help="CUDA include dir holding cuda_runtime_api.h")
    ap.add_argument("--keep-build", help="keep the generated configuration list and dumper in this directory")
    ap.add_argument("--json", help="write per-layout results to this file")
    ap.add_argument("--self-test", action="store_true",
                    help="also perturb one catlayout entry and check that the comparer reports it exactly")
    ap.add_argument("--quiet", action="store_true", help="do not print the layouts, only the verdicts")
    ap.add_argument("--require", action="store_true", help="exit 1 instead of 77 when skipping")
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0

    t_start = time.time()
    try:
        sides = [catlayout_side(args.probe, cfg) for cfg in CONFIGS]
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        env = setup_env(args, need_cute=True)
    except Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else SKIP_CODE
    workdir = args.keep_build or tempfile.mkdtemp(prefix="cutlass-tiled-")
    os.makedirs(workdir, exist_ok=True)
    try:
        t0 = time.time()
        log(f"[cutlass-tiled] building {len(CONFIGS)} CuTe configurations in {workdir}")
        try:
            dumps, failed = cute_side(env, [(i, cute_statement(i, c)) for i, c in enumerate(CONFIGS)], workdir)
        except (RuntimeError, ValueError) as e:
            print(f"error: CuTe dumper: {e}")
            return 1
        t_cute = time.time() - t0
    finally:
        env.cleanup()
        if not args.keep_build:
            shutil.rmtree(workdir, ignore_errors=True)

    results = []
    for cid, (cfg, (ours, err)) in enumerate(zip(CONFIGS, sides)):
        rs = compare_config(cid, cfg, ours, err, dumps, failed)
        results += rs
        print(f"== {label(cfg)}")
        if not args.quiet and cid in dumps and ours:
            print(f"   tile {dumps[cid]['tile']}, {dumps[cid]['threads']} threads"
                  + (f", thr_layout_vmnk {dumps[cid]['thr_layout_vmnk']}" if "thr_layout_vmnk" in dumps[cid] else ""))
        for r in rs:
            print(f"   {r['layout']:<2} {r['message']}")
            if not args.quiet and "cute" in r:
                print(f"        CuTe      {r['cute']}")
                print(f"        catlayout {r['catlayout']}")
    problems = self_test(results, {i: s[0] for i, s in enumerate(sides)}, dumps, CONFIGS) if args.self_test else []
    n_ok = sum(1 for r in results if r["status"] == "agree")
    n_fail = len(results) - n_ok
    print(f"{n_ok} passed, {n_fail} failed ({len(CONFIGS)} configurations; CuTe {CUTLASS_VERSION} "
          f"compile+run {t_cute:.1f}s, total {time.time() - t_start:.1f}s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"schema": "catlayout.cutlass-tiled/1",
                       "source": f"NVIDIA CuTe (nvidia-cutlass {CUTLASS_VERSION} headers, host g++) via "
                                 f"conformance/oracle/cutlass_tiled.py",
                       "self_test": None if not args.self_test else ("failed" if problems else "ok"),
                       "results": results}, f, indent=1)
            f.write("\n")
    return 1 if (n_fail or problems) else 0


if __name__ == "__main__":
    sys.exit(main())
