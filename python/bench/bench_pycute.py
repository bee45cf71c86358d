#!/usr/bin/env python3
"""Per-call time of catlayout's Python API against pycute, on the same workload, in one run.

This is a benchmark, not a test: it measures and prints, and asserts nothing about speed.

    python python/bench/bench_pycute.py                  # full run, about a minute
    python python/bench/bench_pycute.py --quick          # smoke run, well under 20 s
    python python/bench/bench_pycute.py --json out.json  # also write the figures as JSON
    python python/bench/bench_pycute.py --pycute-path DIR  # DIR holds the pycute package
    python python/bench/bench_pycute.py --cpp-bench build/bench/catlayout_bench  # + the C++ op's time
    python python/bench/bench_pycute.py --baseline old.json  # old and new side by side

pycute is the pure-Python layout algebra shipped in the ``nvidia-cutlass`` wheel (4.2:
``pip install --no-deps nvidia-cutlass==4.2.0.0``). Without it, only catlayout's column is printed.

Method
------
* Three columns: ``catlayout``'s functions on ``catlayout.Layout``, ``catlayout.pycute``'s (the shim,
  pycute's API) on the shim's ``Layout``, and pycute's on ``pycute.Layout``.
* Every op gets a fixed list of realistic cases (CuTe documentation examples and kernel-style
  tilings). Each case is built once, before timing, as a ``catlayout.Layout`` and as an equivalent
  ``pycute.Layout`` (same shape and stride tuples), so no parsing is timed.
  The shim's cases are the same layouts as ``catlayout.pycute.Layout``.
* Before timing, each case is run through every implementation and the results are tabulated
  on ``range(size)`` (the shim's must equal catlayout's); a case where they differ (or where one
  raises) is dropped with a warning. Every column then times exactly the same cases.
* One "pass" calls the op once per case from a plain Python ``for`` loop. A run repeats the pass
  N times, N chosen so that a run takes about 0.12 s (0.02 s with ``--quick``); the figure is the
  median of 5 runs (3 with ``--quick``) of the thread's CPU time (``thread_time_ns``: on a shared
  machine the time spent waiting for a core is left out; ``--clock wall`` for ``perf_counter_ns``),
  divided by the number of calls.
  The garbage collector is off while a run is timed. The per-call figure includes the cost of the
  Python loop and call itself (printed as "harness overhead"), which is the same for both columns.
* With ``--cpp-bench EXE`` (a ``catlayout_bench``), the same cases of each core op are written as a
  workload and timed in C++ (``EXE --time-json``: the engine's call alone, median of 5), so each
  row shows what the binding adds to the operation; the floor of a binding call that returns a new
  Layout is measured in the same run. With ``--baseline FILE`` (an earlier ``--json`` output, e.g.
  of the previous build), the old figures are printed beside the new ones with their ratio.
* NumPy evaluation: ``L(idx)`` for an int64 array of random indices in ``[0, size(L))`` and
  ``L.tabulate()``, reported as elements/s. pycute evaluates one index per call, so its figure is
  a timed sample of 10,000 calls, scaled.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time

import numpy as np

import catlayout as cl
import catlayout.pycute as shim

# ------------------------------------------------------------------------------------------------
# workload: strings are parsed by catlayout once; pycute gets the same shape/stride tuples.
# Tilers: a string is a Layout tiler; a tuple is a by-mode tiler of layouts ("<a, b>" in CuTe).

COALESCE = [
    "(4,8):(8,1)", "(4,8):(1,4)", "((2,4),(3,5)):((3,60),(1,12))", "(8,64):(64,1)",
    "((2,2),(2,2)):((1,2),(4,8))", "(2,(1,6)):(1,(6,2))", "(4,1,8):(1,0,4)",
    "((4,2),(8,4)):((1,4),(8,64))", "(16,(2,2)):(1,(16,32))", "((8,8),(4,2)):((1,8),(64,256))",
    "(32,4):(4,1)", "(2,3,4,5):(1,2,6,24)", "((4,8),(2,2)):((32,1),(16,8))",
    "(128,64):(64,1)",
]

COALESCE_PROFILE = [  # (layout, by-mode profile)
    ("((2,4),(3,5)):((3,60),(1,12))", (1, 1)),
    ("((2,2),(2,2)):((1,2),(4,8))", (1, 1)),
    ("((4,2),(8,4)):((1,4),(8,64))", (1, 1)),
    ("((8,8),(4,2)):((1,8),(64,256))", (1, 1)),
    ("((4,8),(2,2)):((32,1),(16,8))", (1, 1)),
    ("((4,8),(2,2,2)):((64,1),(16,8,256))", (1, 1)),
    ("(16,(2,2)):(1,(16,32))", (1, 1)),
    ("((2,2),(4,4),2):((1,2),(4,16),64)", (1, 1)),
]

COMPOSITION = [  # (A, B)
    ("(6,2):(8,2)", "(4,3):(3,1)"),
    ("20:2", "(5,4):(4,1)"),
    ("(10,2):(16,4)", "(5,4):(1,5)"),
    ("(12,(4,8)):(59,(13,1))", ("3:4", "8:2")),
    ("(16,8):(1,16)", "((4,8),(2,2)):((32,1),(16,8))"),
    ("(128,64):(64,1)", ("16:1", "8:1")),
    ("(128,64):(64,1)", "(16,8):(1,16)"),
    ("(8,64):(64,1)", "(8,8):(1,8)"),
    ("(32,32):(1,32)", "((4,8),(4,8)):((1,128),(4,32))"),
    ("((2,4),(3,5)):((3,60),(1,12))", "(8,15):(1,8)"),
    ("(4,8):(8,1)", "(2,4):(1,8)"),
    ("(64,32):(32,1)", ("(4,4):(1,16)", "8:2")),
    ("(4,2,3):(2,1,8)", "(4,6):(1,4)"),
    ("1024:1", "((32,4),8):((1,256),32)"),
]

COMPLEMENT = [  # (A, cotarget)
    ("(4,8):(1,16)", 512), ("4:1", 24), ("6:4", 24), ("(4,6):(1,4)", 24), ("4:2", 24),
    ("(2,4):(1,6)", 24), ("(2,2):(1,6)", 24), ("(4,8):(8,1)", 32), ("16:4", 128),
    ("((2,2),(2,2)):((1,4),(16,64))", 512), ("(8,8):(1,16)", 256), ("(32,4):(4,1)", 1024),
    ("((4,8),(2,2)):((32,1),(16,8))", 512), ("(4,8):(2,32)", 1024),
]

DIVIDE = [  # (A, tiler)
    ("(4,2,3):(2,1,8)", "4:2"),
    ("(9,(4,8)):(59,(13,1))", ("3:3", "(2,4):(1,8)")),
    ("(16,32):(32,1)", ("4:1", "8:1")),
    ("(8,64):(64,1)", ("2:1", "16:1")),
    ("(128,64):(1,128)", ("32:1", "16:1")),
    ("(128,64):(64,1)", ("16:1", "8:1")),
    ("(128,64):(64,1)", ("(4,4):(1,32)", "8:1")),
    ("24:1", "4:3"),
    ("(32,32):(1,32)", "(8,8):(1,32)"),
    ("((2,4),(3,5)):((3,60),(1,12))", ("2:1", "3:1")),
    ("(64,64):(1,64)", ("8:2", "16:1")),
    ("(256,128):(128,1)", ("64:1", "32:1")),
    ("(4,8):(8,1)", ("2:1", "4:1")),
    ("512:1", "(4,8):(1,16)"),
]

PRODUCT = [  # (A, B)
    ("(2,2):(4,1)", "6:1"),
    ("(2,2):(4,1)", "(4,2):(2,1)"),
    ("(2,5):(5,1)", ("3:5", "4:6")),
    ("(4,8):(1,4)", "(2,3):(1,2)"),
    ("(8,8):(1,8)", "(2,2):(1,2)"),
    ("(4,8):(8,1)", "(4,4):(4,1)"),
    ("(2,4):(1,2)", ("3:1", "2:1")),
    ("((4,8),(2,2)):((32,1),(16,8))", "(2,2):(1,2)"),
    ("(16,8):(1,16)", "4:1"),
    ("(32,8):(8,1)", "(2,4):(4,1)"),
    ("(4,4):(1,4)", ("2:1", "2:1")),
    ("(8,4):(4,1)", "(2,2):(2,1)"),
]

INVERSE = [
    "(4,8):(1,4)", "(4,8):(8,1)", "(8,64):(64,1)", "((2,4),(3,5)):((3,60),(1,12))",
    "((4,8),(2,2)):((32,1),(16,8))", "(2,3,4):(12,4,1)", "((2,2),(2,2)):((1,4),(2,8))",
    "(32,4):(4,1)", "(16,8):(1,16)", "((4,8),(2,2,2)):((64,1),(16,8,256))",
    "(3,(2,4)):(8,(1,24))", "(128,64):(64,1)",
]

# left inverses are not unique off the image; these are cases where pycute's equals catlayout's
LEFT_INVERSE = [
    "(4,8):(1,4)", "(4,8):(8,1)", "(8,64):(64,1)", "((4,8),(2,2)):((32,1),(16,8))",
    "(2,3,4):(12,4,1)", "((2,2),(2,2)):((1,4),(2,8))", "(32,4):(4,1)", "(16,8):(1,16)",
    "(128,64):(64,1)", "(8,4):(1,8)", "(2,2,2):(4,1,2)", "(8,(2,2)):(2,(1,16))", "(2,4):(16,1)",
]

MCV = [("(4,8):(1,4)", "(4,8):(1,4)"), ("(4,8):(8,1)", "(4,8):(1,4)"),
       ("(8,64):(64,1)", "(8,64):(1,8)"), ("((4,8),(2,2)):((32,1),(16,8))", "(4,32):(1,4)"),
       ("(128,64):(64,1)", "(128,64):(64,1)"), ("(16,8):(1,16)", "(16,8):(1,16)")]

EVAL_LAYOUTS = ["(4,8):(8,1)", "((2,4),(3,5)):((3,60),(1,12))", "(8,64):(64,1)",
                "((4,8),(2,2)):((32,1),(16,8))", "(128,64):(64,1)", "(2,3,4,5):(60,20,5,1)",
                "((2,2),(4,4),2):((1,2),(4,16),64)", "(12,(4,8)):(59,(13,1))"]

# NumPy evaluation layouts: rank-2 pow2, rank-3 non-pow2, nested (a real zipped_divide result)
NUMPY_LAYOUTS = [
    ("rank-2 pow2", "(1024,2048):(2048,1)"),
    ("rank-3 non-pow2", "(96,120,180):(1,17280,96)"),
    ("nested", None),  # zipped_divide((1024,2048):(2048,1), <32:1,64:1>)
]

# ------------------------------------------------------------------------------------------------


def machine_line() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cores = os.cpu_count()
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = cores
    return (f"machine: {cpu}, {cores} cores ({usable} usable), Python {platform.python_version()}, "
            f"numpy {np.__version__}, catlayout {getattr(cl, '__version__', '?')}")


def load_pycute(path):
    """Import pycute (from DIR first when given); returns (module or None, description)."""
    if path:
        # DIR goes first only while pycute (pure Python) is imported, so that it is DIR's pycute
        # that loads while numpy and catlayout still come from the running environment.
        sys.path.insert(0, path)
    try:
        import pycute
    except ImportError as e:
        return None, f"pycute not importable ({e}); catlayout column only"
    finally:
        if path:
            sys.path.remove(path)
    version = "?"
    try:
        import importlib.metadata as md
        version = md.version("nvidia-cutlass")
    except Exception:  # noqa: BLE001
        pass
    where = os.path.dirname(getattr(pycute, "__file__", "") or "?")
    return pycute, f"pycute from {where} (nvidia-cutlass {version} in this environment)" \
        if not path else f"pycute from {where}"


def to_py(pc, x):
    """The pycute counterpart of a catlayout Layout / by-mode tuple / int."""
    if isinstance(x, cl.Layout):
        return pc.Layout(x.shape, x.stride)
    if isinstance(x, tuple):
        return tuple(to_py(pc, t) for t in x)
    return x


def to_shim(x):
    """The catlayout.pycute counterpart (its Layout class) of a catlayout Layout / tuple / int."""
    if isinstance(x, cl.Layout):
        return shim.Layout(x)
    if isinstance(x, tuple):
        return tuple(to_shim(t) for t in x)
    return x


def to_cl(x):
    if isinstance(x, str):
        return cl.Layout(x)
    if isinstance(x, tuple):
        return tuple(to_cl(t) for t in x)
    return x


def layout_json(L):
    """A catlayout Layout as the workload's JSON layout (bench/workload.cpp's reader)."""
    def lists(t):
        return [lists(e) for e in t] if isinstance(t, tuple) else t
    return {"shape": lists(L.shape), "stride": lists(L.stride)}


def case_json(op, args):
    """One case of a core op as `catlayout_bench --time-json` reads it, or None (not a core case)."""
    a = layout_json(args[0])
    if len(args) == 1:
        return [a]
    b = args[1]
    if op == "complement":
        return [a, b] if isinstance(b, int) else None
    if isinstance(b, tuple):
        if not all(isinstance(e, cl.Layout) for e in b):
            return None
        return [a, {"tiler": [layout_json(e) for e in b]}]
    return [a, layout_json(b)] if isinstance(b, cl.Layout) else None


CPP_OPS = {"coalesce", "composition", "complement", "logical_divide", "zipped_divide", "tiled_divide",
           "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product",
           "blocked_product", "raked_product", "right_inverse", "left_inverse"}


def cpp_times(exe, cases_by_op, warn):
    """{op: ns per call} of the C++ engine on the same cases (catlayout_bench --time-json)."""
    import subprocess
    import tempfile
    ops = {}
    for op, cases in cases_by_op.items():
        js = [case_json(op, c) for c in cases]
        if any(j is None for j in js):
            warn(f"{op}: a case has no C++ workload form; no C++ time")
            continue
        ops[op] = js
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"ops": ops}, f)
        path = f.name
    try:
        r = subprocess.run([exe, "--time-json", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if r.returncode != 0:
        warn(f"--cpp-bench {exe} failed: {r.stderr.strip()[:300]}")
        return {}
    return json.loads(r.stdout)


def tab_cl(L):
    return [int(v) for v in L.tabulate()]


def tab_pc(pc, L):
    return [L(i) for i in range(pc.size(L))]


# ------------------------------------------------------------------------------------------------
# timing

# The clock: this thread's CPU time by default (on a shared machine, time spent waiting for a
# core is not the call's); --clock wall for perf_counter_ns.
_clock = time.thread_time_ns


class Timer:
    def __init__(self, target_s: float, runs: int):
        self.target_ns = int(target_s * 1e9)
        self.runs = runs

    def per_call_ns(self, one_pass, calls_per_pass: int) -> float:
        """Median over runs of (time of N passes) / (N * calls_per_pass)."""
        gc_was = gc.isenabled()
        gc.disable()
        try:
            n = 1
            while True:  # calibrate: grow N until a run takes >= 1/4 of the target
                t0 = _clock()
                for _ in range(n):
                    one_pass()
                dt = _clock() - t0
                if dt >= self.target_ns // 4:
                    break
                n *= 2 if dt * 8 >= self.target_ns else 8
            n = max(1, round(n * self.target_ns / max(dt, 1)))
            samples = []
            for _ in range(self.runs):
                t0 = _clock()
                for _ in range(n):
                    one_pass()
                samples.append((_clock() - t0) / (n * calls_per_pass))
        finally:
            if gc_was:
                gc.enable()
        return statistics.median(samples)


def pass1(fn, cases):
    def one_pass():
        for a in cases:
            fn(a)
    return one_pass


def pass2(fn, cases):
    def one_pass():
        for a, b in cases:
            fn(a, b)
    return one_pass


# ------------------------------------------------------------------------------------------------
# ops: (row name, catlayout fn, pycute fn name or None, arity, raw cases)

def op_table(pc):
    def P(name):
        return getattr(pc, name) if pc is not None else None

    def op(row, name, arity, cases, in_pycute=True):
        return (row, getattr(cl, name), getattr(shim, name, None), P(name) if in_pycute else None,
                arity, cases)

    whole = [c for c in PRODUCT if not isinstance(c[1], tuple)]
    return [
        op("coalesce", "coalesce", 1, COALESCE),
        op("coalesce (by-mode profile)", "coalesce", 2, COALESCE_PROFILE),
        op("composition", "composition", 2, COMPOSITION),
        op("complement", "complement", 2, COMPLEMENT),
        op("logical_divide", "logical_divide", 2, DIVIDE),
        op("zipped_divide", "zipped_divide", 2, DIVIDE),
        op("tiled_divide", "tiled_divide", 2, DIVIDE),
        op("flat_divide", "flat_divide", 2, DIVIDE, False),
        op("logical_product", "logical_product", 2, PRODUCT),
        op("zipped_product", "zipped_product", 2, PRODUCT),
        op("tiled_product", "tiled_product", 2, PRODUCT),
        op("flat_product", "flat_product", 2, PRODUCT, False),
        op("blocked_product", "blocked_product", 2, whole, False),
        op("raked_product", "raked_product", 2, whole, False),
        op("right_inverse", "right_inverse", 1, INVERSE),
        op("left_inverse", "left_inverse", 1, LEFT_INVERSE),
        op("max_common_vector", "max_common_vector", 2, MCV, False),
    ]


def prepare(name, fcl, fsh, fpc, arity, raw, pc, warn):
    """Build the three sides' cases; keep those where all succeed and agree as functions."""
    cl_cases, sh_cases, pc_cases = [], [], []
    for rc in raw:
        args = rc if arity == 2 else (rc,)
        try:
            ca = tuple(to_cl(a) for a in args)
            r_cl = fcl(*ca)
        except Exception as e:  # noqa: BLE001
            warn(f"{name}: dropped {rc!r}: catlayout raised {type(e).__name__}: {e}")
            continue
        sa = tuple(to_shim(a) for a in ca)
        if fsh is not None:
            try:
                r_sh = fsh(*sa)
            except Exception as e:  # noqa: BLE001
                warn(f"{name}: dropped {rc!r}: catlayout.pycute raised {type(e).__name__}: {e}")
                continue
            if r_sh != r_cl:
                warn(f"{name}: dropped {rc!r}: catlayout.pycute gives {r_sh}, catlayout {r_cl}")
                continue
        if fpc is not None:
            pa = tuple(to_py(pc, a) for a in ca)
            try:
                r_pc = fpc(*pa)
            except Exception as e:  # noqa: BLE001
                warn(f"{name}: dropped {rc!r}: pycute raised {type(e).__name__}: {e}")
                continue
            if isinstance(r_cl, cl.Layout):
                got_cl, got_pc = tab_cl(r_cl), tab_pc(pc, r_pc)
            else:
                got_cl, got_pc = r_cl, r_pc
            if got_cl != got_pc:
                warn(f"{name}: dropped {rc!r}: results differ: catlayout {r_cl} vs pycute {r_pc}")
                continue
            pc_cases.append(pa if arity == 2 else pa[0])
        cl_cases.append(ca if arity == 2 else ca[0])
        sh_cases.append(sa if arity == 2 else sa[0])
    return cl_cases, sh_cases, pc_cases


def fmt_ns(x):
    if x is None:
        return "–"
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def fmt_ratio(a, b):
    if a is None or b is None:
        return "–"
    return f"{b / a:,.0f}×" if b / a >= 10 else f"{b / a:.1f}×"


def fmt_rate(x):
    if x is None:
        return "–"
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= div:
            return f"{x / div:.2f} {unit}"
    return f"{x:.0f}"


# ------------------------------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (smoke run, < 20 s)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--pycute-path", metavar="DIR", help="directory that holds the pycute package")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="cpu: this thread's CPU time (default; a shared machine's waits excluded); "
                         "wall: perf_counter_ns")
    ap.add_argument("--cpp-bench", metavar="EXE",
                    help="a catlayout_bench: time the core ops' same cases in C++ (--time-json)")
    ap.add_argument("--baseline", metavar="FILE",
                    help="an earlier --json output: print its figures beside these")
    ap.add_argument("--elements", type=int, default=None,
                    help="NumPy index array length (default 10,000,000; 1,000,000 with --quick)")
    args = ap.parse_args(argv)

    global _clock
    _clock = time.thread_time_ns if args.clock == "cpu" else time.perf_counter_ns
    t_start = time.perf_counter()
    timer = Timer(0.02, 3) if args.quick else Timer(0.12, 5)
    n_elems = args.elements or (1_000_000 if args.quick else 10_000_000)
    pc_sample = 10_000

    pc, pc_info = load_pycute(args.pycute_path)
    warnings = []
    warn = warnings.append

    # -------------------------------------------------------------------- algebra ops + L(i)
    rows = []
    core_cases = {}  # core op -> catlayout's cases, for the C++ timer
    for name, fcl, fsh, fpc, arity, raw in op_table(pc):
        cl_cases, sh_cases, pc_cases = prepare(name, fcl, fsh, fpc, arity, raw, pc, warn)
        if not cl_cases:
            warn(f"{name}: no usable cases; row skipped")
            continue
        mk = pass2 if arity == 2 else pass1
        t_cl = timer.per_call_ns(mk(fcl, cl_cases), len(cl_cases))
        t_sh = timer.per_call_ns(mk(fsh, sh_cases), len(sh_cases)) if fsh is not None else None
        t_pc = None
        if fpc is not None and pc_cases:
            t_pc = timer.per_call_ns(mk(fpc, pc_cases), len(pc_cases))
        rows.append({"op": name, "cases": len(cl_cases), "catlayout_ns": t_cl, "shim_ns": t_sh,
                     "pycute_ns": t_pc})
        if name in CPP_OPS:
            core_cases[name] = [c if arity == 2 else (c,) for c in cl_cases]

    # the case with its Layouts built in the timed call (each column its own classes)
    built = {"catlayout": lambda: cl.logical_divide(cl.Layout((8, 16), (16, 1)),
                                                     cl.Layout((4, 2), (1, 4))),
             "shim": lambda: shim.logical_divide(shim.Layout((8, 16), (16, 1)),
                                                 shim.Layout((4, 2), (1, 4)))}
    if pc is not None:
        built["pycute"] = lambda: pc.logical_divide(pc.Layout((8, 16), (16, 1)),
                                                    pc.Layout((4, 2), (1, 4)))
    tb = {k: timer.per_call_ns(f, 1) for k, f in built.items()}
    rows.append({"op": "logical_divide, Layouts built in the call", "cases": 1,
                 "catlayout_ns": tb["catlayout"], "shim_ns": tb["shim"], "pycute_ns": tb.get("pycute")})

    # evaluation, one call at a time: L(i) on random in-range indices, L((i,j,..)) coordinates
    rng = np.random.default_rng(20240610)
    ev_cl = [cl.Layout(s) for s in EVAL_LAYOUTS]
    pts_i = [(L, int(rng.integers(0, L.size()))) for _ in range(64) for L in ev_cl]
    # coordinates: one integer per top-level mode (CuTe's natural coordinate of a rank-r layout)
    pts_c = []
    for L, _ in pts_i:
        modes = [L.mode(k) for k in range(L.rank)] if L.rank > 1 else [L]
        pts_c.append((L, tuple(int(rng.integers(0, m.size())) for m in modes)))
    for label, pts in (("L(i) evaluation", pts_i), ("L((i,j,…)) evaluation", pts_c)):
        cl_pts = pts
        ok = True
        pc_pts = None
        if pc is not None:
            pc_pts = [(to_py(pc, L), x) for L, x in pts]
            for (L, x), (P, _) in zip(pts, pc_pts):
                if L(x) != P(x):
                    warn(f"{label}: catlayout {L}({x}) = {L(x)} but pycute says {P(x)}")
                    ok = False
        sh_pts = [(shim.Layout(L), x) for L, x in pts]
        t_cl = timer.per_call_ns(_eval_pass(cl_pts), len(cl_pts))
        t_sh = timer.per_call_ns(_eval_pass(sh_pts), len(sh_pts))
        t_pc = timer.per_call_ns(_eval_pass(pc_pts), len(pc_pts)) if pc_pts and ok else None
        rows.append({"op": label, "cases": len(cl_pts), "catlayout_ns": t_cl, "shim_ns": t_sh,
                     "pycute_ns": t_pc})

    # harness overhead: the same loop around a Python no-op with two arguments
    noop = _noop
    ovh = timer.per_call_ns(pass2(noop, [(None, None)] * 16), 16)
    # floors: the same loop around the cheapest calls into the bindings
    L8 = [(cl.Layout("(4,8):(8,1)"), None)] * 16
    floors = {
        "the loop around a C builtin with two arguments (isinstance)":
            timer.per_call_ns(pass2(isinstance, [(L, type(None)) for L, _ in L8]), 16),
        "nanobind call, Layout in, int out (cl.size(L))":
            timer.per_call_ns(pass1(cl.size, [L for L, _ in L8]), 16),
        "nanobind call, Layout in, new Layout out (cl.flatten(L), L flat)":
            timer.per_call_ns(pass1(cl.flatten, [L for L, _ in L8]), 16),
        "Python def forwarding to cl.size (a Python frame between)":
            timer.per_call_ns(pass1(_forward_size, [L for L, _ in L8]), 16),
        "direct call, Layout in, new Layout out (catlayout.pycute.coalesce(L), L = 8:1)":
            timer.per_call_ns(pass1(shim.coalesce, [shim.Layout(8, 1)] * 16), 16),
    }
    floor_new = floors["nanobind call, Layout in, new Layout out (cl.flatten(L), L flat)"]
    cpp = cpp_times(args.cpp_bench, core_cases, warn) if args.cpp_bench else {}
    for r in rows:
        r["cpp_ns"] = cpp.get(r["op"])

    # -------------------------------------------------------------------- NumPy evaluation
    nrows = []
    for label, spec in NUMPY_LAYOUTS:
        if spec is None:
            L = cl.zipped_divide(cl.Layout("(1024,2048):(2048,1)"),
                                 (cl.Layout("32:1"), cl.Layout("64:1")))
        else:
            L = cl.Layout(spec)
        size = L.size()
        idx = rng.integers(0, size, n_elems, dtype=np.int64)
        # sanity: catlayout's array answer equals its scalar answer (and pycute's) on a sample
        out = L(idx[:pc_sample])
        P = to_py(pc, L) if pc is not None else None
        for k in range(0, pc_sample, 97):
            i = int(idx[k])
            ref = P(i) if P is not None else L(i)
            if int(out[k]) != ref:
                warn(f"numpy {label}: {L}({i}) array gives {int(out[k])}, expected {ref}")
                break
        arr_ns = _median_ns(lambda: L(idx), timer.runs, max(1, 3 if args.quick else 5))
        tab_ns = _median_ns(L.tabulate, timer.runs, 1)
        row = {"layout": label, "L": str(L), "size": size, "elements": n_elems,
               "catlayout_array_eps": n_elems / (arr_ns * 1e-9),
               "catlayout_tabulate_eps": size / (tab_ns * 1e-9),
               "pycute_random_ns_per_elem": None, "pycute_tabulate_ns_per_elem": None}
        if P is not None:
            sample = [int(v) for v in idx[:pc_sample]]
            row["pycute_random_ns_per_elem"] = timer.per_call_ns(
                pass1(P, sample), len(sample))
            rng_list = list(range(min(size, pc_sample)))
            row["pycute_tabulate_ns_per_elem"] = timer.per_call_ns(
                lambda: [P(i) for i in rng_list], len(rng_list))
        nrows.append(row)
        del idx, out

    # context: a memory-bound NumPy expression over the same index array length
    idx = rng.integers(0, 1 << 21, n_elems, dtype=np.int64)
    ref_ns = _median_ns(lambda: idx * 3 + 1, timer.runs, 1)
    numpy_ref_eps = n_elems / (ref_ns * 1e-9)
    del idx

    elapsed = time.perf_counter() - t_start

    # -------------------------------------------------------------------- report
    print("# catlayout vs pycute (Python API, per call)\n")
    print(machine_line())
    print(f"pycute: {pc_info}")
    print(f"workload: fixed CuTe-doc / kernel-style cases per op (count per row), built before "
          f"timing; every column times the same cases, checked equal as functions; median of "
          f"{timer.runs} runs of ~{timer.target_ns / 1e9:.2f} s of {args.clock} time; "
          f"{'quick' if args.quick else 'full'} mode\n")
    print("| op | cases | C++ op (ns) | catlayout (ns/call) | catlayout.pycute (ns/call) | "
          "pycute (ns/call) | pycute ÷ catlayout | pycute ÷ catlayout.pycute |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['op']} | {r['cases']} | {fmt_ns(r['cpp_ns'])} | {fmt_ns(r['catlayout_ns'])} | "
              f"{fmt_ns(r['shim_ns'])} | {fmt_ns(r['pycute_ns'])} | "
              f"{fmt_ratio(r['catlayout_ns'], r['pycute_ns'])} | {fmt_ratio(r['shim_ns'], r['pycute_ns'])} |")
    if args.baseline:
        with open(args.baseline) as f:
            old = {r["op"]: r for r in json.load(f)["ops"]}
        print(f"\nOld ({args.baseline}) and new, ns/call (new ÷ old):\n")
        print("| op | catlayout old | catlayout new | new ÷ old | catlayout.pycute old | "
              "catlayout.pycute new | new ÷ old |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            o = old.get(r["op"], {})

            def rel(new, was):
                return "–" if new is None or was is None else f"{new / was:.2f}"
            print(f"| {r['op']} | {fmt_ns(o.get('catlayout_ns'))} | {fmt_ns(r['catlayout_ns'])} | "
                  f"{rel(r['catlayout_ns'], o.get('catlayout_ns'))} | {fmt_ns(o.get('shim_ns'))} | "
                  f"{fmt_ns(r['shim_ns'])} | {rel(r['shim_ns'], o.get('shim_ns'))} |")
    print(f"\nharness overhead (the same loop calling a Python no-op): {ovh:.1f} ns/call, "
          f"included in every column. \"–\": pycute has no such op.\n")
    print("Floors (the same loop, ns/call):\n")
    for k, v in floors.items():
        print(f"- {k}: {v:.1f}")
    print()

    print(f"## NumPy evaluation ({n_elems:,} random int64 indices in [0, size))\n")
    print("| layout | size | catlayout L(array) (elem/s) | catlayout L.tabulate() (elem/s) | "
          "pycute L(i) (ns/elem) | pycute [L(i) for i in range] (ns/elem) | "
          "L(array) ÷ pycute L(i) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in nrows:
        pr = r["pycute_random_ns_per_elem"]
        ratio = "–" if pr is None else f"{r['catlayout_array_eps'] * pr * 1e-9:,.0f}×"
        print(f"| {r['layout']} `{r['L']}` | {r['size']:,} | {fmt_rate(r['catlayout_array_eps'])} | "
              f"{fmt_rate(r['catlayout_tabulate_eps'])} | {fmt_ns(pr)} | "
              f"{fmt_ns(r['pycute_tabulate_ns_per_elem'])} | {ratio} |")
    print(f"\npycute per-element figures: {pc_sample:,} single-index calls timed and scaled. "
          f"For scale, plain NumPy `idx * 3 + 1` on the same array length runs at "
          f"{fmt_rate(numpy_ref_eps)} elem/s on this machine.")

    # targets (reported, not asserted)
    print("\n## Targets (reported, not asserted)\n")
    cmp_rows = [r for r in rows if r["pycute_ns"] is not None]
    for col, label in (("catlayout_ns", "catlayout"), ("shim_ns", "catlayout.pycute")):
        hold = [r["op"] for r in cmp_rows if r["pycute_ns"] / r[col] >= 100]
        miss = [f"{r['op']} ({r['pycute_ns'] / r[col]:.0f}×)" for r in cmp_rows
                if r["pycute_ns"] / r[col] < 100]
        if pc is None:
            print(f"- {label} ≥100× pycute per op: not measured (pycute missing)")
        else:
            print(f"- {label} ≥100× pycute per op: holds for {len(hold)} of {len(cmp_rows)} "
                  f"compared rows" + (f"; misses: {', '.join(miss)}" if miss else ""))
    # the performance issue's targets: the shim at 100x on the divides and products and on the
    # issue's case; catlayout within 1.3x of the C++ op plus the floor; the shim within 1.2x of it
    dp = [r for r in cmp_rows if "divide" in r["op"] or "product" in r["op"]]
    if pc is not None:
        miss = [f"{r['op']} ({r['pycute_ns'] / r['shim_ns']:.0f}×)" for r in dp
                if r["pycute_ns"] / r["shim_ns"] < 100]
        print(f"- catlayout.pycute ≥100× pycute on the divide and product rows (and the issue's case "
              f"with its Layouts built in the call): holds for {len(dp) - len(miss)} of {len(dp)}"
              + (f"; misses: {', '.join(miss)}" if miss else ""))
        b = rows[[r["op"] for r in rows].index("logical_divide, Layouts built in the call")]
        print(f"  (the issue's case: pycute {fmt_ns(b['pycute_ns'])} ns, so 100× is "
              f"{b['pycute_ns'] / 100:.0f} ns for two Layout constructions and one divide; the floor "
              f"of one direct call returning a new Layout is "
              f"{floors['direct call, Layout in, new Layout out (catlayout.pycute.coalesce(L), L = 8:1)']:.0f} ns, "
              f"three of them {3 * floors['direct call, Layout in, new Layout out (catlayout.pycute.coalesce(L), L = 8:1)']:.0f} ns)")
    timed = [r for r in rows if r.get("cpp_ns") is not None]
    if timed:
        miss = [f"{r['op']} ({r['catlayout_ns']:.0f} > 1.3 × ({r['cpp_ns']:.0f} + {floor_new:.0f}))"
                for r in timed if r["catlayout_ns"] > 1.3 * (r["cpp_ns"] + floor_new)]
        print(f"- catlayout within 1.3× of the C++ op plus the floor of a call returning a new Layout "
              f"({floor_new:.0f} ns): holds for {len(timed) - len(miss)} of {len(timed)} rows"
              + (f"; misses: {', '.join(miss)}" if miss else ""))
    else:
        print("- catlayout within 1.3× of the C++ op plus the floor: not measured (no --cpp-bench)")
    sh = [r for r in rows if r["shim_ns"] is not None]
    miss = [f"{r['op']} ({r['shim_ns'] / r['catlayout_ns']:.2f}×)" for r in sh
            if r["shim_ns"] > 1.2 * r["catlayout_ns"]]
    print(f"- catlayout.pycute within 1.2× of catlayout: holds for {len(sh) - len(miss)} of {len(sh)} rows"
          + (f"; misses: {', '.join(miss)}" if miss else ""))
    slow = [f"{r['layout']} ({fmt_rate(r['catlayout_array_eps'])}/s)" for r in nrows
            if r["catlayout_array_eps"] < 1e8]
    print(f"- ≥100 M elements/s for L(array): holds for {len(nrows) - len(slow)} of {len(nrows)} "
          f"layouts" + (f"; misses: {', '.join(slow)}" if slow else ""))
    print(f"\n(total benchmark time {elapsed:.1f} s)")
    if warnings:
        print("\n## Warnings\n")
        for w in warnings:
            print(f"- {w}")

    if args.json:
        doc = {"machine": machine_line(), "pycute": pc_info if pc is not None else None,
               "quick": args.quick, "runs": timer.runs, "run_target_s": timer.target_ns / 1e9,
               "harness_overhead_ns": ovh, "floors_ns": floors, "numpy_reference_eps": numpy_ref_eps, "ops": rows, "numpy": nrows,
               "warnings": warnings, "elapsed_s": elapsed}
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=2)
    return 0


def _noop(a, b):
    return None


def _forward_size(L):
    return cl.size(L)


def _eval_pass(pts):
    def one_pass():
        for L, x in pts:
            L(x)
    return one_pass


def _median_ns(fn, runs, reps):
    """Median wall time of fn() in ns over runs (each the mean of reps calls), gc off."""
    fn()  # warm-up (page faults of the output buffer, caches)
    gc_was = gc.isenabled()
    gc.disable()
    try:
        samples = []
        for _ in range(runs):
            t0 = _clock()
            for _ in range(reps):
                fn()
            samples.append((_clock() - t0) / reps)
    finally:
        if gc_was:
            gc.enable()
    return statistics.median(samples)


if __name__ == "__main__":
    sys.exit(main())
