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
Then partition: over each compared tile, a tensor whose layout is not column-major (DATA_LAYOUTS:
row-major, and row-major with padded rows) is partitioned for every thread, by CuTe's
get_thread_slice(t).partition_A/B/C (tiled MMA) or partition_S (tiled copy), and by catlayout's
partition(tv, data, t) (`PROBE tiled ... --data KEY LAYOUT`); each thread's offsets are compared
value by value, in each side's own value order.

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
from cutlass_fragments import compile_blamed, parse_args  # noqa: E402

DUMPER = os.path.join(HERE, "cutlass_tiled_dump.cpp")
SKIP_CODE = 77

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


def cute_statement(cid, cfg, datas=()):
    """datas: [(catlayout key, data layout text)] to partition; a copy's TV is partitioned as S."""
    kind, atom, args, _ = cfg
    parts = "".join(f", ct_data<'{'S' if key == 'TV' else key}'>({cute_layout(text)})" for key, text in datas)
    if kind == "copy":
        return (f"ct_copy({cid}, cute::make_tiled_copy({COPY_ATOM}, {cute_layout(args[0])}, "
                f"{cute_layout(args[1])}){parts});")
    mma_args = [f"cute::MMA_Atom<{atom[1]}>{{}}", cute_layout(args[0])]
    if len(args) == 4:
        mma_args.append("cute::Tile<" + ",".join(cute_perm_entry(a) for a in args[1:]) + ">{}")
    mma = f"cute::make_tiled_mma({', '.join(mma_args)})"
    if kind == "mma":
        return f"ct_mma({cid}, {mma}{parts});"
    return f"ct_copy({cid}, cute::make_tiled_{kind}({COPY_ATOM}, {mma}){parts});"


# Data layouts partitioned over a rows x cols tile. Column-major would let an index-for-offset mix-up
# pass (the TV layouts are already compared as column-major tile indices), so neither is.
DATA_LAYOUTS = [
    ("row-major", lambda r, c: f"({r},{c}):({c},1)"),
    ("padded rows", lambda r, c: f"({r},{c}):({c + 1},1)"),
]


def partition_datas(cfg, ours):
    """[(key, data layout text)] for each compared TV layout of a configuration catlayout built."""
    out = []
    for our_key in dict.fromkeys(our for _cute, our in layouts_of(cfg)):  # a copy's TV and S: one TV
        if our_key not in ours:
            continue
        rows, cols = ours[our_key]["rows"], ours[our_key]["cols"]
        out += [(our_key, make(rows, cols)) for _name, make in DATA_LAYOUTS]
    return out


def label(cfg):
    kind, atom, args, _ = cfg
    what = f"{kind} {atom[1].replace('cute::', '').split('<')[0]}" if atom else kind
    return f"{what} {' '.join(args)}"


# --------------------------------------------------------------------------
# The two sides
# --------------------------------------------------------------------------

def catlayout_side(probe, cfg, datas=()):
    kind, atom, args, _ = cfg
    cmd = [probe, "tiled", kind] + ([atom[0]] if atom else []) + args
    for key, text in datas:
        cmd += ["--data", key, text]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise InputError(f"cannot run {' '.join(cmd)}: {e}")
    if r.returncode != 0:
        return None, (r.stderr or r.stdout).strip()
    return json.loads(r.stdout), None


def cute_side(env, stmts, workdir):
    """stmts: [(cid, text)] -> ({cid: dump}, {cid: g++ error})."""
    doc, blamed = compile_blamed(env, [(cid, None, text) for cid, text in stmts], DUMPER,
                                 os.path.join(workdir, "cases.inc"), os.path.join(workdir, "dump"), "configuration", 8)
    failed = {cid: msg for (cid, _k), msg in blamed.items()}
    return ({c["id"]: c for c in doc["configs"]} if doc else {}), failed


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


def compare_partition(ours, theirs):
    """ours: {"data", "offsets" | "error"}, theirs: CuTe's {"data", "thread0", "offsets"}.
    -> (ok, message, first (t, v) or None). offsets[t][v]: thread t's value v."""
    if "error" in ours:
        return False, f"DISAGREE: catlayout refused: {ours['error']}", None
    a, b = ours["offsets"], theirs["offsets"]
    if len(a) != len(b):
        return False, f"DISAGREE (threads): catlayout {len(a)}, CuTe {len(b)}", None
    for t, (x, y) in enumerate(zip(a, b)):
        if len(x) != len(y):
            return False, f"DISAGREE (thread {t}, values): catlayout {len(x)}, CuTe {len(y)}", (t, None)
    bad = [(t, v) for t, (x, y) in enumerate(zip(a, b)) for v, (p, q) in enumerate(zip(x, y)) if p != q]
    if bad:
        t, v = bad[0]
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        # Telling a reordering from a different set matters: the first is a value-order convention,
        # the second a different partition.
        same_sets = all(sorted(x) == sorted(y) for x, y in zip(a, b))
        how = "; every thread holds the same offsets in another order" if same_sets else ""
        return False, (f"DISAGREE (thread {t}, value {v}): catlayout offset {a[t][v]}, CuTe {b[t][v]}"
                       f"{more}{how}"), (t, v)
    return True, f"agree ({len(a)} threads x {len(a[0]) if a else 0} values)", None


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
    if err is None and cid not in failed:
        theirs = dumps[cid].get("partitions", [])
        for i, p in enumerate(ours.get("partitions", [])):
            key = p["key"]
            res = {"config": label(cfg), "layout": f"{key} partition", "data": p["data"], "id": cid, "index": i,
                   "offsets": sum(len(row) for row in theirs[i]["offsets"]) if i < len(theirs) else 0}
            if i >= len(theirs):
                res.update(status="error", message="CuTe printed no partition for it")
            else:
                ok, msg, first = compare_partition(p, theirs[i])
                res.update(status="agree" if ok else "disagree", message=msg, cute_data=theirs[i]["data"],
                           cute_thread0=theirs[i]["thread0"])
                if first:
                    res["first"] = {"thread": first[0], "value": first[1]}
            out.append(res)
    return out


def self_test_partition(results, ours_by_id, dumps):
    """Perturb one offset of the first agreeing partition, then swap two values of one thread: the
    comparer must name the perturbed (thread, value), and call the swap a reordering."""
    for r in results:
        if r["status"] != "agree" or "index" not in r:
            continue
        cid, i = r["id"], r["index"]
        ours = ours_by_id[cid]
        mine = ours["partitions"]
        theirs = dumps[cid]["partitions"][i]
        p = json.loads(json.dumps(mine[i]))
        t0 = min(3, len(p["offsets"]) - 1)
        v0 = min(1, len(p["offsets"][t0]) - 1)
        where = f"{r['config']} {r['layout']} over {r['data']}"
        p["offsets"][t0][v0] += 1
        ok, msg, first = compare_partition(p, theirs)
        if ok or first != (t0, v0) or "more)" in msg or "another order" in msg:
            print(f"self-test FAILED: perturbed {where} at (thread {t0}, value {v0}): comparer said `{msg}`")
            return [msg]
        print(f"self-test: perturbed {where} at (thread {t0}, value {v0}): comparer said `{msg}` -- ok")
        p = json.loads(json.dumps(mine[i]))
        row = p["offsets"][t0]
        if len(row) < 2:
            return []
        row[0], row[1] = row[1], row[0]
        ok, msg, first = compare_partition(p, theirs)
        if ok or first != (t0, 0) or "another order" not in msg:
            print(f"self-test FAILED: swapped values 0 and 1 of thread {t0} in {where}: comparer said `{msg}`")
            return [msg]
        print(f"self-test: swapped values 0 and 1 of thread {t0} in {where}: comparer said `{msg}` -- ok")
        return []
    print("self-test FAILED: no agreeing partition to perturb")
    return ["no agreeing partition"]


def self_test(results, ours_by_id, dumps, cfgs):
    """Perturb one entry of the first agreeing catlayout table; the comparer must name it."""
    for r in results:
        if r["status"] != "agree" or "index" in r:
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
    args, status = parse_args(ap, argv)
    if args is None:
        return status

    t_start = time.time()
    try:
        sides = [catlayout_side(args.probe, cfg) for cfg in CONFIGS]
        # The data layouts fit catlayout's tiles; a tile CuTe sizes differently is reported by the TV
        # comparison (and CuTe's partition of a mis-sized tensor is not the one-tile partition).
        datas = [partition_datas(cfg, ours) if ours else [] for cfg, (ours, _err) in zip(CONFIGS, sides)]
        sides = [catlayout_side(args.probe, cfg, d) if d else side for cfg, d, side in zip(CONFIGS, datas, sides)]
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
            dumps, failed = cute_side(env, [(i, cute_statement(i, c, d)) for i, (c, d) in
                                                  enumerate(zip(CONFIGS, datas))], workdir)
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
            if "index" in r:
                print(f"   {r['layout'].split()[0]:<2} partition over {r['data']}: "
                      f"{r['message']}")
                if not args.quiet and "cute_thread0" in r:
                    print(f"        CuTe thread 0 {r['cute_thread0']} over {r['cute_data']}")
                continue
            print(f"   {r['layout']:<2} {r['message']}")
            if not args.quiet and "cute" in r:
                print(f"        CuTe      {r['cute']}")
                print(f"        catlayout {r['catlayout']}")
    problems = []
    if args.self_test:
        ours_by_id = {i: s[0] for i, s in enumerate(sides)}
        problems = self_test(results, ours_by_id, dumps, CONFIGS) + self_test_partition(results, ours_by_id, dumps)
    n_ok = sum(1 for r in results if r["status"] == "agree")
    n_fail = len(results) - n_ok
    n_part = [r for r in results if "index" in r]
    print(f"{n_ok} passed, {n_fail} failed ({len(CONFIGS)} configurations: {len(results) - len(n_part)} TV layouts, "
          f"{len(n_part)} partitions ({sum(r['offsets'] for r in n_part)} thread-value offsets); "
          f"CuTe {CUTLASS_VERSION} "
          f"compile+run {t_cute:.1f}s, total {time.time() - t_start:.1f}s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"schema": "catlayout.cutlass-tiled/2",
                       "source": f"NVIDIA CuTe (nvidia-cutlass {CUTLASS_VERSION} headers, host g++) via "
                                 f"conformance/oracle/cutlass_tiled.py",
                       "self_test": None if not args.self_test else ("failed" if problems else "ok"),
                       "results": results}, f, indent=1)
            f.write("\n")
    return 1 if (n_fail or problems) else 0


if __name__ == "__main__":
    sys.exit(main())
