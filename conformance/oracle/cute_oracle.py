#!/usr/bin/env python3
"""Differential oracle: what NVIDIA CuTe (C++, static integers) and pycute answer
for layout-algebra cases in the `catlayout.vectors/1` format.

Nothing from NVIDIA is stored in this repository: the `nvidia-cutlass` wheel
(which ships pycute and the CuTe C++ headers) is pip-installed into a
temporary (or given) virtual environment at run time.

  cute_oracle.py run VECTORS.json... [--venv DIR] [--engines cute,pycute] [--out RESULTS.json]
  cute_oracle.py generate --seed S --count N --ops op1,op2,... --out FILE.json [--venv DIR]

Python 3 standard library only (plus the package installed at run time).
See README.md next to this file.
"""

import argparse
import concurrent.futures
import contextlib
import fcntl
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

CUTLASS_PIP = "nvidia-cutlass==4.2.0.0"
CUTLASS_VERSION = "4.2.0.0"
SCHEMA = "catlayout.vectors/1"

LAYOUT_OPS = [
    "evaluate", "coalesce", "composition", "complement",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
    "logical_product", "blocked_product", "raked_product", "zipped_product",
    "tiled_product", "flat_product", "right_inverse", "left_inverse",
]
DIVIDE_OPS = {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}
PRODUCT_OPS = {"logical_product", "blocked_product", "raked_product",
               "zipped_product", "tiled_product", "flat_product"}
# pycute (4.2.0.0) has no blocked/raked/flat variants; looked up by name at run time.

DEFAULT_CXXFLAGS = ["-std=c++17", "-O0", "-w", "-fmax-errors=0",
                    "-ftemplate-backtrace-limit=0"]


class Skip(Exception):
    """The oracle cannot run here (no pip, no package, no compiler...)."""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Environment: venv with nvidia-cutlass, include dirs, compiler
# --------------------------------------------------------------------------

class Env:
    def __init__(self, venv, site, cute_inc, cuda_incs, cxx, own_tmp):
        self.venv = venv
        self.site = site
        self.cute_inc = cute_inc
        self.cuda_incs = cuda_incs
        self.cxx = cxx
        self.own_tmp = own_tmp

    def include_flags(self):
        flags = ["-I" + self.cute_inc]
        for d in self.cuda_incs:
            flags.append("-I" + d)
        return flags

    def cleanup(self):
        if self.own_tmp:
            shutil.rmtree(self.own_tmp, ignore_errors=True)


def _find_site(venv):
    for site in sorted(glob.glob(os.path.join(venv, "lib", "python3*", "site-packages"))):
        if os.path.isfile(os.path.join(site, "cutlass_library", "source", "include",
                                       "cute", "layout.hpp")):
            return site
    return None


def _installed_version(site):
    for d in glob.glob(os.path.join(site, "nvidia_cutlass-*.dist-info")):
        return os.path.basename(d)[len("nvidia_cutlass-"):-len(".dist-info")]
    return None


def setup_env(args, need_cute=True):
    holder = {}
    try:
        return _setup_env(args, need_cute, holder)
    except Skip:
        if holder.get("own_tmp"):
            shutil.rmtree(holder["own_tmp"], ignore_errors=True)
        raise


@contextlib.contextmanager
def _venv_lock(venv):
    # Several oracles share one venv in the build tree and CTest runs them in parallel: one that
    # finds the venv half-made (created, pip not yet in it) would fail. An flock on a file beside
    # the venv lets one process create and install while the others wait, then reuse it.
    if not venv:
        yield
        return
    os.makedirs(os.path.dirname(os.path.abspath(venv)) or ".", exist_ok=True)
    with open(os.path.abspath(venv).rstrip("/") + ".lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _setup_env(args, need_cute, holder):
    with _venv_lock(args.venv):
        return _setup_env_locked(args, need_cute, holder)


def _setup_env_locked(args, need_cute, holder):
    own_tmp = None
    venv = args.venv
    if venv and _find_site(venv):
        log(f"[oracle] reusing venv {venv}")
    else:
        if not venv:
            own_tmp = tempfile.mkdtemp(prefix="cute-oracle-venv-")
            holder["own_tmp"] = own_tmp
            venv = own_tmp
        log(f"[oracle] creating venv {venv} and installing {CUTLASS_PIP} (--no-deps)")
        t0 = time.time()
        r = subprocess.run([sys.executable, "-m", "venv", venv],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise Skip("python3 -m venv failed: " +
                       " | ".join((r.stderr or r.stdout).strip().splitlines()[-3:]))
        pip = os.path.join(venv, "bin", "pip")
        r = subprocess.run([pip, "install", "--disable-pip-version-check", "--no-deps",
                            "--quiet", CUTLASS_PIP], capture_output=True, text=True)
        if r.returncode != 0:
            raise Skip(f"pip install {CUTLASS_PIP} failed: " +
                       " | ".join((r.stderr or r.stdout).strip().splitlines()[-3:]))
        log(f"[oracle] installed in {time.time() - t0:.1f}s")
    site = _find_site(venv)
    if not site:
        raise Skip(f"no cutlass_library/source/include/cute in venv {venv}")
    ver = _installed_version(site)
    if ver and ver != CUTLASS_VERSION:
        log(f"[oracle] WARNING: venv has nvidia-cutlass {ver}, expected {CUTLASS_VERSION}")
    cute_inc = os.path.join(site, "cutlass_library", "source", "include")
    cuda_incs = []
    cxx = args.cxx or os.environ.get("CXX") or "g++"
    if need_cute:
        if shutil.which(cxx) is None:
            raise Skip(f"C++ compiler {cxx!r} not found")
        cands = []
        if args.cuda_include:
            cands.append(args.cuda_include)
        for var in ("CUDA_HOME", "CUDA_PATH"):
            if os.environ.get(var):
                cands.append(os.path.join(os.environ[var], "include"))
        cands.append("/usr/local/cuda/include")
        for c in cands:
            if os.path.isfile(os.path.join(c, "cuda_runtime_api.h")):
                cuda_incs = [os.path.join(c, "cccl"), c] if os.path.isdir(os.path.join(c, "cccl")) else [c]
                break
        else:
            raise Skip("CUDA toolkit headers (cuda_runtime_api.h) not found; "
                       "CuTe's host headers include them (use --cuda-include DIR)")
    return Env(venv, site, cute_inc, cuda_incs, cxx, own_tmp)


# --------------------------------------------------------------------------
# JSON values
# --------------------------------------------------------------------------

def is_layout(x):
    return isinstance(x, dict) and "shape" in x and "stride" in x


def is_tiler(x):
    return isinstance(x, dict) and "tiler" in x


def check_inttuple(t):
    if isinstance(t, bool):
        raise ValueError("bool in int tuple")
    if isinstance(t, int):
        return
    if isinstance(t, list):
        for e in t:
            check_inttuple(e)
        return
    raise ValueError(f"not an int tuple: {t!r}")


def congruent(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return True
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return all(congruent(x, y) for x, y in zip(a, b))
    return False


def check_layout(L):
    if not is_layout(L):
        raise ValueError(f"not a layout: {L!r}")
    check_inttuple(L["shape"])
    check_inttuple(L["stride"])
    if not congruent(L["shape"], L["stride"]):
        raise ValueError("shape and stride not congruent")


def tiler_elems(t):
    return t["tiler"] if is_tiler(t) else t


def check_tiler(t):
    elems = tiler_elems(t)
    if not isinstance(elems, list):
        raise ValueError("tiler must hold a list")
    for e in elems:
        if isinstance(e, int) and not isinstance(e, bool):
            continue
        if is_layout(e):
            check_layout(e)
        elif is_tiler(e) or isinstance(e, list):
            check_tiler(e)
        else:
            raise ValueError(f"bad tiler element {e!r}")


def validate_case(c):
    """Raise ValueError if the case is not something the oracle handles."""
    op, args = c["op"], c["args"]
    if op not in LAYOUT_OPS:
        raise ValueError("op not supported by the oracle")
    if op in ("evaluate", "right_inverse", "left_inverse"):
        if len(args) != 1:
            raise ValueError("expects 1 arg")
        check_layout(args[0])
    elif op == "coalesce":
        if len(args) not in (1, 2):
            raise ValueError("expects 1 or 2 args")
        check_layout(args[0])
        if len(args) == 2:
            check_inttuple(args[1])
    elif op == "complement":
        if len(args) not in (1, 2):
            raise ValueError("expects 1 or 2 args")
        check_layout(args[0])
        if len(args) == 2 and not (isinstance(args[1], int) and not isinstance(args[1], bool)):
            raise ValueError("N must be an integer")
    elif op == "composition" or op in DIVIDE_OPS:
        if len(args) != 2:
            raise ValueError("expects 2 args")
        check_layout(args[0])
        if is_layout(args[1]):
            check_layout(args[1])
        elif is_tiler(args[1]):
            check_tiler(args[1])
        else:
            raise ValueError("B must be a layout or a tiler")
    elif op in PRODUCT_OPS:
        if len(args) != 2:
            raise ValueError("expects 2 args")
        check_layout(args[0])
        check_layout(args[1])


def case_key(c):
    return json.dumps([c["op"], c["args"]], sort_keys=True, separators=(",", ":"))


def compact(v):
    return json.dumps(v, separators=(",", ":"))


# --------------------------------------------------------------------------
# C++ harness
# --------------------------------------------------------------------------

def cpp_int(n):
    return f"cute::Int<{int(n)}>"


def cpp_tuple_t(t):
    if isinstance(t, int):
        return cpp_int(t)
    return "cute::tuple<" + ",".join(cpp_tuple_t(e) for e in t) + ">"


def cpp_layout_t(L):
    return f"cute::Layout<{cpp_tuple_t(L['shape'])},{cpp_tuple_t(L['stride'])}>"


def cpp_profile_t(p):
    if isinstance(p, int):
        return "cute::Int<1>"
    return "cute::tuple<" + ",".join(cpp_profile_t(e) for e in p) + ">"


def cpp_tiler_t(t):
    parts = []
    for e in tiler_elems(t):
        if isinstance(e, int):
            parts.append(cpp_int(e))
        elif is_layout(e):
            parts.append(cpp_layout_t(e))
        else:
            parts.append(cpp_tiler_t(e))
    return "cute::tuple<" + ",".join(parts) + ">"


def cpp_b_t(b):
    return cpp_layout_t(b) if is_layout(b) else cpp_tiler_t(b)


def cpp_case_body(c):
    """Lines of the body of `static void oc_N()` computing and printing the result."""
    op, args = c["op"], c["args"]
    L = [f"  using A = {cpp_layout_t(args[0])};", "  A a{};"]
    if op == "evaluate":
        L += ["  std::printf(\"[\");",
              "  for (int i = 0; i < int(cute::size(a)); ++i) {",
              "    if (i) std::printf(\",\");",
              "    std::printf(\"%lld\", static_cast<long long>(a(i)));",
              "  }",
              "  std::printf(\"]\");"]
        return L
    if op == "coalesce":
        if len(args) == 2:
            L += [f"  using P = {cpp_profile_t(args[1])};",
                  "  auto r = cute::coalesce(a, P{});"]
        else:
            L += ["  auto r = cute::coalesce(a);"]
    elif op == "complement":
        if len(args) == 2:
            L += [f"  auto r = cute::complement(a, {cpp_int(args[1])}{{}});"]
        else:
            L += ["  auto r = cute::complement(a);"]
    elif op in ("right_inverse", "left_inverse"):
        L += [f"  auto r = cute::{op}(a);"]
    else:
        L += [f"  using B = {cpp_b_t(args[1])};", "  B b{};",
              f"  auto r = cute::{op}(a, b);"]
    L += ["  oracle_print_layout(r);"]
    return L


HARNESS_PRELUDE = r"""// generated by conformance/oracle/cute_oracle.py -- do not edit
#include <cute/layout.hpp>
#include <cstdio>
#include <utility>
#include <unistd.h>
#include <sys/wait.h>

template <class T> void oracle_print(T const& t);

template <class T, std::size_t... I>
void oracle_print_tuple(T const& t, std::index_sequence<I...>) {
  std::printf("[");
  ((std::printf("%s", I == 0 ? "" : ","), oracle_print(cute::get<I>(t))), ...);
  std::printf("]");
}

template <class T> void oracle_print(T const& t) {
  if constexpr (cute::is_tuple<T>::value) {
    oracle_print_tuple(t, std::make_index_sequence<cute::tuple_size<T>::value>{});
  } else {
    std::printf("%lld", static_cast<long long>(t));
  }
}

template <class S, class D>
void oracle_print_layout(cute::Layout<S, D> const& l) {
  std::printf("{\"shape\":");
  oracle_print(l.shape());
  std::printf(",\"stride\":");
  oracle_print(l.stride());
  std::printf("}");
}
"""

HARNESS_MAIN = r"""
int main() {
  int n = int(sizeof(oracle_cases) / sizeof(oracle_cases[0]));
  for (int k = 0; k < n; ++k) {
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      std::printf("@@%d\t", oracle_ids[k]);
      oracle_cases[k]();
      std::printf("\n");
      std::fflush(stdout);
      _exit(0);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) { std::printf("\n@@%d\tCRASH fork/wait failed\n", oracle_ids[k]); continue; }
    if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
      std::printf("\n@@%d\tCRASH status %d\n", oracle_ids[k], st);
    }
  }
  std::fflush(stdout);
  return 0;
}
"""


def write_harness(path, items, harness=None):
    """items: list of (id:int, case).  Returns {line_number: id} for case function lines.
    harness: optional (case_body, prelude) replacing cpp_case_body and HARNESS_PRELUDE
    (another oracle script's ops)."""
    case_body, prelude = harness or (cpp_case_body, HARNESS_PRELUDE)
    lines = prelude.split("\n")
    line_owner = {}
    for cid, c in items:
        start = len(lines) + 1
        label = re.sub(r"[^A-Za-z0-9_./:+-]", "_", str(c.get("id", "")))[:120]
        lines.append(f"static void oc_{cid}() {{  // {label}")
        lines.extend(case_body(c))
        lines.append("}")
        for ln in range(start, len(lines) + 1):
            line_owner[ln] = cid
    lines.append("typedef void (*oracle_fn)();")
    if items:
        lines.append("static oracle_fn oracle_cases[] = {" + ",".join(f"oc_{cid}" for cid, _ in items) + "};")
        lines.append("static int oracle_ids[] = {" + ",".join(str(cid) for cid, _ in items) + "};")
    else:
        lines.append("static oracle_fn oracle_cases[] = {nullptr};")
        lines.append("static int oracle_ids[] = {-1};")
        lines.append("#define ORACLE_EMPTY")
    lines.extend(HARNESS_MAIN.split("\n"))
    src = "\n".join(lines) + "\n"
    if not items:
        src = src.replace("int n = int(sizeof(oracle_cases) / sizeof(oracle_cases[0]));", "int n = 0;")
    with open(path, "w") as f:
        f.write(src)
    return line_owner


_ERR_RE = re.compile(r"^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$")


def attribute_errors(stderr, fname, line_owner):
    """Map gcc diagnostics to case ids.  Returns ({id: [messages]}, unattributed_msgs)."""
    ref_re = re.compile(re.escape(fname) + r":(\d+):(\d+):")
    fails = {}
    unattributed = []
    current = None
    for line in stderr.splitlines():
        m_err = _ERR_RE.match(line)
        for m in ref_re.finditer(line):
            ln = int(m.group(1))
            if ln in line_owner:
                current = line_owner[ln]
        if m_err:
            msg = m_err.group(4).strip()
            if current is None:
                unattributed.append(line.strip())
            else:
                fails.setdefault(current, []).append(msg)
    return fails, unattributed


def classify_compile_failure(msgs):
    for m in msgs:
        if "static assertion failed" in m or "static_assert" in m:
            mm = re.search(r"static assertion failed(?::\s*(.*))?", m)
            detail = (mm.group(1) or "").strip() if mm else m
            return "static_assert", detail[:200] or "static assertion failed"
    return "compile_error", msgs[0][:300]


def run_cute_batch(env, workdir, bidx, items, stats, harness=None):
    """Compile+run one batch.  Returns {id: outcome} with outcome
    ("value", v) | ("static_assert", msg) | ("compile_error", msg) | ("crash", msg)."""
    results = {}
    remaining = list(items)
    fname = f"oracle_batch{bidx}.cpp"
    src = os.path.join(workdir, fname)
    exe = os.path.join(workdir, f"oracle_batch{bidx}")
    for rnd in range(1, 13):
        line_owner = write_harness(src, remaining, harness)
        cmd = [env.cxx] + DEFAULT_CXXFLAGS + env.include_flags() + [fname, "-o", exe]
        t0 = time.time()
        r = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True, errors="replace")
        dt = time.time() - t0
        stats.append({"batch": bidx, "round": rnd, "cases": len(remaining),
                      "seconds": round(dt, 2), "ok": r.returncode == 0})
        log(f"[cute] batch {bidx} round {rnd}: {len(remaining)} cases, g++ {dt:.1f}s, "
            f"{'ok' if r.returncode == 0 else 'errors'}")
        if r.returncode == 0:
            break
        fails, unattributed = attribute_errors(r.stderr, fname, line_owner)
        if not fails:
            msg = "; ".join(unattributed[:3]) or r.stderr.strip()[-500:]
            if len(remaining) == 1:
                results[remaining[0][0]] = ("compile_error", msg[:300])
                return results
            # cannot attribute: bisect
            log(f"[cute] batch {bidx}: unattributed compile errors, bisecting: {msg[:200]}")
            half = len(remaining) // 2
            sub1 = run_cute_batch(env, workdir, f"{bidx}a", remaining[:half], stats, harness)
            sub2 = run_cute_batch(env, workdir, f"{bidx}b", remaining[half:], stats, harness)
            results.update(sub1)
            results.update(sub2)
            return results
        for cid, msgs in fails.items():
            results[cid] = classify_compile_failure(msgs)
        remaining = [(cid, c) for cid, c in remaining if cid not in fails]
    else:
        for cid, _ in remaining:
            results[cid] = ("compile_error", "gave up after 12 compile rounds")
        return results
    if not remaining:
        return results
    t0 = time.time()
    r = subprocess.run([exe], cwd=workdir, capture_output=True, text=True, errors="replace",
                       timeout=600)
    stats.append({"batch": bidx, "run_seconds": round(time.time() - t0, 2)})
    seen = {}
    for line in r.stdout.splitlines():
        if not line.startswith("@@"):
            continue
        head, _, body = line[2:].partition("\t")
        try:
            cid = int(head)
        except ValueError:
            continue
        if body.startswith("CRASH"):
            seen[cid] = ("crash", body)
        else:
            try:
                seen[cid] = ("value", json.loads(body))
            except json.JSONDecodeError:
                seen[cid] = ("crash", "unparsable output: " + body[:200])
    for cid, _ in remaining:
        results[cid] = seen.get(cid, ("crash", "no output"))
    return results


def cute_compute(env, cases, batch_size=250, jobs=2, keep_dir=None, harness=None):
    """cases: list of case dicts (supported, validated).  Returns (list of outcomes, stats)."""
    uniq = {}
    order = []
    for c in cases:
        k = case_key(c)
        if k not in uniq:
            uniq[k] = len(order)
            order.append(c)
    items = list(enumerate(order))
    # equal-sized batches, a multiple of `jobs` of them when there is enough work
    nb = max(1, -(-len(items) // max(1, batch_size)))
    if jobs > 1 and len(items) >= 40 * jobs and nb % jobs:
        nb += jobs - nb % jobs
    # round-robin so that every batch gets a similar mix of (cheap and expensive) ops
    batches = [b for b in (items[i::nb] for i in range(nb)) if b]
    workdir = keep_dir or tempfile.mkdtemp(prefix="cute-oracle-build-")
    os.makedirs(workdir, exist_ok=True)
    stats = []
    results = {}
    t0 = time.time()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
            futs = [ex.submit(run_cute_batch, env, workdir, i, b, stats, harness)
                    for i, b in enumerate(batches)]
            for f in futs:
                results.update(f.result())
    finally:
        if not keep_dir:
            shutil.rmtree(workdir, ignore_errors=True)
    wall = time.time() - t0
    log(f"[cute] {len(cases)} cases ({len(order)} distinct) in {len(batches)} batches: {wall:.1f}s wall")
    outs = [results[uniq[case_key(c)]] for c in cases]
    return outs, {"wall_seconds": round(wall, 2), "distinct_cases": len(order),
                  "batches": len(batches), "compiles": stats}


# --------------------------------------------------------------------------
# pycute
# --------------------------------------------------------------------------

def import_pycute(env):
    if env.site not in sys.path:
        sys.path.insert(0, env.site)
    import pycute  # noqa: E402
    return pycute


def to_tup(t):
    if isinstance(t, list):
        return tuple(to_tup(e) for e in t)
    return t


def from_tup(t):
    if isinstance(t, (tuple, list)):
        return [from_tup(e) for e in t]
    if isinstance(t, bool):
        return int(t)
    if isinstance(t, int):
        return t
    if isinstance(t, float) and t.is_integer():
        return int(t)
    return repr(t)


def py_layout(pycute, L):
    return pycute.Layout(to_tup(L["shape"]), to_tup(L["stride"]))


def py_tiler(pycute, t):
    out = []
    for e in tiler_elems(t):
        if isinstance(e, int):
            out.append(e)
        elif is_layout(e):
            out.append(py_layout(pycute, e))
        else:
            out.append(py_tiler(pycute, e))
    return tuple(out)


def py_result(pycute, r):
    if isinstance(r, pycute.Layout):
        return {"shape": from_tup(r.shape), "stride": from_tup(r.stride)}
    return {"non_layout_result": repr(r)}


def pycute_compute_one(pycute, c):
    op, args = c["op"], c["args"]
    fn = getattr(pycute, op, None) if op != "evaluate" else None
    if op != "evaluate" and fn is None:
        return ("n/a", f"pycute has no {op}")
    try:
        a = py_layout(pycute, args[0])
        if op == "evaluate":
            return ("value", [from_tup(a(i)) for i in range(pycute.size(a))])
        if op == "coalesce":
            r = fn(a, to_tup(args[1])) if len(args) == 2 else fn(a)
        elif op == "complement":
            r = fn(a, args[1]) if len(args) == 2 else fn(a)
        elif op in ("right_inverse", "left_inverse"):
            r = fn(a)
        else:
            b = py_layout(pycute, args[1]) if is_layout(args[1]) else py_tiler(pycute, args[1])
            r = fn(a, b)
        return ("value", py_result(pycute, r))
    except RecursionError:
        return ("raise", "RecursionError")
    except Exception as e:  # pycute signals failures with assert / arbitrary exceptions
        return ("raise", f"{type(e).__name__}: {e}"[:300])


# --------------------------------------------------------------------------
# run
# --------------------------------------------------------------------------

def load_vectors(paths):
    cases = []
    for p in paths:
        with open(p) as f:
            doc = json.load(f)
        if doc.get("schema") != SCHEMA:
            log(f"[oracle] WARNING: {p}: schema is {doc.get('schema')!r}")
        for c in doc.get("cases", []):
            cases.append((p, c))
    return cases


def judge_cute(expect, out):
    kind = out[0]
    if isinstance(expect, dict) and "error" in expect:
        if kind == "static_assert":
            return "agree"
        if kind == "value":
            return "differ"
        return "error"
    if kind == "value":
        return "agree" if out[1] == expect else "differ"
    return "error"


def judge_pycute(expect, out):
    kind = out[0]
    if kind == "n/a":
        return "n/a"
    if isinstance(expect, dict) and "error" in expect:
        return "agree" if kind == "raise" else "differ"
    if kind == "value":
        return "agree" if out[1] == expect else "differ"
    return "raise"


def describe(out):
    kind = out[0]
    if kind == "value":
        return compact(out[1])
    return f"<{kind}: {out[1]}>"


def split_supported(loaded, validate):
    """The cases of `loaded` ([(path, case)]) that `validate` accepts, and the others by op:
    {op: [(id, why)]}."""
    supported, na = [], {}
    for path, c in loaded:
        try:
            validate(c)
            supported.append(c)
        except (ValueError, KeyError, TypeError) as e:
            na.setdefault(c.get("op", "?"), []).append((c.get("id"), str(e)))
    return supported, na


def cmd_run(args):
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    for e in engines:
        if e not in ("cute", "pycute"):
            print(f"unknown engine {e!r}", file=sys.stderr)
            return 2
    supported, na = split_supported(load_vectors(args.vectors), validate_case)
    try:
        env = setup_env(args, need_cute="cute" in engines)
    except Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    try:
        t0 = time.time()
        cute_outs, cute_stats = (None, None)
        if "cute" in engines:
            cute_outs, cute_stats = cute_compute(env, supported, batch_size=args.batch_size,
                                                 jobs=args.jobs, keep_dir=args.keep_build)
        py_outs = None
        if "pycute" in engines:
            try:
                pycute = import_pycute(env)
            except Exception as e:  # pragma: no cover
                if args.require:
                    raise
                print(f"SKIP: cannot import pycute: {e}")
                return 0
            t1 = time.time()
            py_outs = [pycute_compute_one(pycute, c) for c in supported]
            log(f"[pycute] {len(supported)} cases in {time.time() - t1:.1f}s")
        total_s = time.time() - t0
    finally:
        env.cleanup()

    ops = sorted({c["op"] for c in supported}, key=lambda o: (LAYOUT_OPS.index(o), o))
    cols = ["total", "cute-agree", "cute-differ", "cute-error",
            "py-agree", "py-differ", "py-raise", "py-n/a"]
    table = {op: dict.fromkeys(cols, 0) for op in ops}
    per_case = []
    disagreements = []
    for i, c in enumerate(supported):
        row = table[c["op"]]
        row["total"] += 1
        rec = {"id": c.get("id"), "op": c["op"], "args": c["args"], "expect": c.get("expect")}
        if cute_outs is not None:
            o = cute_outs[i]
            v = judge_cute(c.get("expect"), o)
            row["cute-" + v] += 1
            rec["cute"] = {"verdict": v, "kind": o[0], "result": o[1]}
            if v != "agree":
                disagreements.append(("cute", v, c, o))
        if py_outs is not None:
            o = py_outs[i]
            v = judge_pycute(c.get("expect"), o)
            row["py-" + v] += 1
            rec["pycute"] = {"verdict": v, "kind": o[0], "result": o[1]}
            if v in ("differ", "raise"):
                disagreements.append(("pycute", v, c, o))
        per_case.append(rec)

    # table
    w = max([len("op")] + [len(o) for o in ops] + [len("TOTAL")])
    hdr = "op".ljust(w) + " " + " ".join(h.rjust(11) for h in cols)
    print(hdr)
    print("-" * len(hdr))
    tot = dict.fromkeys(cols, 0)
    for op in ops:
        print(op.ljust(w) + " " + " ".join(str(table[op][h]).rjust(11) for h in cols))
        for h in cols:
            tot[h] += table[op][h]
    print("-" * len(hdr))
    print("TOTAL".ljust(w) + " " + " ".join(str(tot[h]).rjust(11) for h in cols))
    if "cute" not in engines:
        print("(cute engine not run)")
    if "pycute" not in engines:
        print("(pycute engine not run)")
    if na:
        print("n/a (op not handled by the oracle or args not understood): " +
              ", ".join(f"{op} x{len(v)}" for op, v in sorted(na.items())))
    print()
    for eng in ("cute", "pycute"):
        ds = [d for d in disagreements if d[0] == eng]
        if not ds:
            continue
        print(f"== {eng} disagreements ({len(ds)}) ==")
        for _, v, c, o in ds[:args.max_list]:
            print(f"[{v}] {c.get('id')}  {c['op']} {compact(c['args'])}")
            print(f"    expect: {compact(c.get('expect'))}")
            print(f"    {eng}:  {describe(o)}")
        if len(ds) > args.max_list:
            print(f"    ... {len(ds) - args.max_list} more (see --out)")
        print()
    print(f"time: {total_s:.1f}s" + (f" (cute wall {cute_stats['wall_seconds']}s, "
                                     f"{cute_stats['distinct_cases']} distinct cases)" if cute_stats else ""))
    if args.out:
        doc = {"oracle": f"cute_oracle.py, nvidia-cutlass {CUTLASS_VERSION}",
               "engines": engines, "vectors": args.vectors,
               "summary": table, "totals": tot,
               "not_applicable": {op: [{"id": i, "why": w_} for i, w_ in v] for op, v in na.items()},
               "cute_stats": cute_stats, "cases": per_case}
        with open(args.out, "w") as f:
            json.dump(doc, f, indent=1)
        log(f"[oracle] wrote {args.out}")
    if args.expect_cute_agreement and any(d[0] == "cute" for d in disagreements):
        print("FAIL: CuTe (static integers) disagrees with the expectations above")
        return 1
    return 0


# --------------------------------------------------------------------------
# generate
# --------------------------------------------------------------------------

# expectation recorded when CuTe static_asserts (coalesce: profile deeper/longer than the layout)
ERROR_KIND = {"complement": "not_complementable", "coalesce": "invalid_input"}


def rank_of(shape):
    return 1 if isinstance(shape, int) else len(shape)


def tiler_longer_than(shape, tiler):
    """A by-mode tiler with more modes than the (sub)layout it meets, at any depth: CuTe applies
    a tiler mode by mode, recursing into nested tilers, and asserts the rank at each level
    (composition's `tuple_size<Tiler> <= rank`, a static_assert without a message)."""
    if len(tiler) > rank_of(shape):
        return True
    return any(isinstance(t, dict) and "tiler" in t
               and tiler_longer_than(shape[i] if isinstance(shape, list) else shape, t["tiler"])
               for i, t in enumerate(tiler))


def error_kind(op, message, args):
    """The schema kind for a CuTe static_assert: a tiler with more modes than the layout (or a
    nested tiler than its mode) is a malformed input (invalid_input); the algebra's own conditions
    keep the op's kind."""
    if "Too many modes" in message:
        return "invalid_input"
    if len(args) == 2 and isinstance(args[1], dict) and "tiler" in args[1]:
        shape, tiler = args[0]["shape"], args[1]["tiler"]
        if len(tiler) > rank_of(shape):  # asserted before any mode
            return "invalid_input"
        # deeper, the first assert met names the failure: one with a text of its own is another
        # mode's (a complement's), met first; composition's rank assert has none
        if message in ("", "static assertion failed") and tiler_longer_than(shape, tiler):
            return "invalid_input"
    return ERROR_KIND.get(op, "inadmissible")

SHAPE_VALUES = [1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 6, 6, 7, 8, 8]


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def flatten(t):
    if isinstance(t, int):
        return [t]
    out = []
    for e in t:
        out.extend(flatten(e))
    return out


def unflatten(flat, like):
    """Rebuild nesting of `like` from a flat list."""
    it = iter(flat)

    def go(t):
        if isinstance(t, int):
            return next(it)
        return [go(e) for e in t]
    return go(like)


def size_of(L):
    return prod(flatten(L["shape"]))


def rand_tree(rng, nleaves, depth):
    """A random nesting (tree of leaf indices, in order) over nleaves leaves."""

    def build(items, d, top):
        if len(items) == 1:
            return [items[0]] if (top and rng.random() < 0.12) else items[0]
        if d == 0:
            return list(items)
        if top:
            r = 1 if rng.random() < 0.08 else rng.randint(2, min(4, len(items)))
        else:
            r = rng.randint(2, min(3, len(items)))
        cuts = sorted(rng.sample(range(1, len(items)), r - 1))
        parts = [items[a:b] for a, b in zip([0] + cuts, cuts + [len(items)])]
        if r == 1:
            return [build(items, d - 1, False)]
        return [build(p, d - 1, False) if len(p) > 1 else p[0] for p in parts]
    return build(list(range(nleaves)), depth, True)


def tree_to_tuple(tree, vals):
    if isinstance(tree, int):
        return vals[tree]
    return [tree_to_tuple(t, vals) for t in tree]


def nest(rng, flat_shape, flat_stride, depth=None):
    if depth is None:
        depth = rng.choice([1, 1, 2, 2, 3])
    tree = rand_tree(rng, len(flat_shape), depth)
    return {"shape": tree_to_tuple(tree, flat_shape), "stride": tree_to_tuple(tree, flat_stride)}


def rand_flat_shape(rng, nmin=1, nmax=5, max_size=256):
    for _ in range(100):
        n = rng.randint(nmin, nmax)
        s = [rng.choice(SHAPE_VALUES) for _ in range(n)]
        if prod(s) <= max_size:
            return s
    return [2] * nmin


def compact_strides(rng, shape, gaps=False, permute=True):
    """Strides of a (permuted, optionally gapped) compact layout: injective."""
    order = list(range(len(shape)))
    if permute:
        rng.shuffle(order)
    strides = [0] * len(shape)
    cur = 1
    for i in order:
        if gaps and rng.random() < 0.35:
            cur *= rng.choice([2, 3, 4])
        strides[i] = cur
        cur *= shape[i]
    return strides


def rand_layout(rng, style=None, negative=False, max_size=256, nmax=5):
    shape = rand_flat_shape(rng, 1, nmax, max_size)
    style = style or rng.choice(["compact", "compact", "gapped", "random"])
    if style == "compact":
        stride = compact_strides(rng, shape)
    elif style == "gapped":
        stride = compact_strides(rng, shape, gaps=True)
    elif style == "overlap":
        stride = compact_strides(rng, shape, gaps=rng.random() < 0.5)
        if len(shape) > 1:
            i, j = rng.sample(range(len(shape)), 2)
            stride[i] = stride[j] * rng.choice([1, 1, 2, 3]) if rng.random() < 0.7 else stride[j] + 1
    else:
        stride = []
        for _ in shape:
            r = rng.random()
            if r < 0.15:
                stride.append(0)
            elif r < 0.5:
                stride.append(rng.choice([1, 2, 4, 8, 16, 32, 64]))
            else:
                stride.append(rng.randint(1, 64))
    if negative:
        stride = [-d if (d and rng.random() < 0.3) else d for d in stride]
    return nest(rng, shape, stride)


def prime_factors(n):
    fs, p = [], 2
    while n > 1:
        while n % p == 0:
            fs.append(p)
            n //= p
        p += 1
    return fs


def fine_grid(rng, A):
    """Fine factors of A's domain (primes of each flat mode, in random order per mode)."""
    fs = []
    for s in flatten(A["shape"]):
        pf = prime_factors(s)
        rng.shuffle(pf)
        fs.extend(pf)
    return fs


def aligned_mode(rng, fs, allow_extend=True):
    """A (shape, stride) mode aligned with the fine grid fs (admissible for composition)."""
    m = len(fs)
    if m == 0:
        return (rng.choice([1, 2, 3]), 1)
    j = rng.randint(0, m)
    l = rng.randint(j, m)
    stride = prod(fs[:j])
    shape = prod(fs[j:l])
    if allow_extend and l == m and rng.random() < 0.3:
        shape *= rng.choice([2, 3, 4])
    if shape == 1 and rng.random() < 0.7:
        l = min(m, j + 1)
        shape = prod(fs[j:l]) or 1
    return (shape, stride)


def rand_mode(rng, limit):
    return (rng.choice(SHAPE_VALUES), rng.choice([0, 1, 1, 2, 3, 4, 6, 8, 12, 16, rng.randint(1, limit)]))


def composition_b_layout(rng, A):
    """B for composition(A, B): usually aligned to A's domain grid, sometimes random."""
    fs = fine_grid(rng, A)
    n = rng.choice([1, 1, 2, 2, 3])
    aligned = rng.random() < 0.7
    modes = []
    for _ in range(n):
        if aligned:
            modes.append((1, 0) if rng.random() < 0.05 else aligned_mode(rng, fs))
        else:
            modes.append(rand_mode(rng, max(2, size_of(A))))
    return nest(rng, [s for s, _ in modes], [d for _, d in modes], depth=rng.choice([1, 1, 2]))


def divide_b_layout(rng, A):
    """B for logical_divide(A, B): usually a permuted sub-grid of A's domain, sometimes random."""
    if rng.random() < 0.3:
        n = rng.choice([1, 2])
        modes = [rand_mode(rng, max(2, size_of(A))) for _ in range(n)]
        return nest(rng, [s for s, _ in modes], [d for _, d in modes], depth=1)
    fs = fine_grid(rng, A)
    m = len(fs)
    if m == 0:
        return {"shape": 1, "stride": rng.choice([0, 1])}
    chosen = [rng.random() < 0.55 for _ in range(m)]
    if not any(chosen):
        chosen[rng.randrange(m)] = True
    if all(chosen) and m > 1 and rng.random() < 0.7:
        chosen[rng.randrange(m)] = False
    modes, i = [], 0
    while i < m:
        if not chosen[i]:
            i += 1
            continue
        j = i
        while j < m and chosen[j] and (j == i or rng.random() < 0.6):
            j += 1
        modes.append((prod(fs[i:j]), prod(fs[:i])))
        i = j
    if rng.random() < 0.5:
        rng.shuffle(modes)
    return nest(rng, [s for s, _ in modes], [d for _, d in modes], depth=rng.choice([1, 1, 2]))


def sub_layout(A, path_elem):
    if isinstance(A["shape"], int):
        return A
    return {"shape": A["shape"][path_elem], "stride": A["stride"][path_elem]}


def rand_tiler(rng, A, make_b, depth=0):
    """By-mode tiler for A: elements are layouts, integers or nested tilers."""
    rank = 1 if isinstance(A["shape"], int) else len(A["shape"])
    k = rng.randint(1, rank)
    if rng.random() < 0.05:
        k = rank + 1  # too many modes: CuTe rejects
    elems = []
    for i in range(k):
        Ai = sub_layout(A, min(i, rank - 1))
        r = rng.random()
        if r < 0.3:
            fs = fine_grid(rng, Ai)
            j = rng.randint(0, len(fs))
            n = prod(fs[:j]) if rng.random() < 0.8 else rng.choice(SHAPE_VALUES)
            elems.append(n)
        elif r < 0.45 and not isinstance(Ai["shape"], int) and depth < 2:
            elems.append(rand_tiler(rng, Ai, make_b, depth + 1))
        else:
            elems.append(make_b(rng, Ai))
    return {"tiler": elems}


def gen_case(rng, op):
    return gen_args(rng, op, gen_first(rng, op))


def gen_first(rng, op):
    """The first operand of a random case of op (drawn before the rest: gen_args)."""
    if op == "evaluate":
        return rand_layout(rng, negative=rng.random() < 0.3)
    if op == "coalesce":
        return rand_layout(rng, negative=rng.random() < 0.2)
    if op == "complement":
        r = rng.random()
        style = ("compact" if r < 0.3 else "gapped" if r < 0.65 else "overlap" if r < 0.85 else "random")
        return rand_layout(rng, style=style, max_size=64, nmax=4)
    if op == "composition":
        return rand_layout(rng, negative=rng.random() < 0.1, max_size=512)
    if op in DIVIDE_OPS:
        return rand_layout(rng, max_size=512)
    if op in PRODUCT_OPS:
        r = rng.random()
        style = "compact" if r < 0.6 else ("gapped" if r < 0.85 else "random")
        return rand_layout(rng, style=style, max_size=32, nmax=3)
    if op in ("right_inverse", "left_inverse"):
        r = rng.random()
        style = ("compact" if r < 0.45 else "gapped" if r < 0.7 else "overlap" if r < 0.8 else "random")
        return rand_layout(rng, style=style, max_size=256)
    raise ValueError(f"cannot generate op {op!r}")


def gen_args(rng, op, A):
    """The arguments of a random case of op whose first operand is A: the rest is built to fit A
    (README: composition on A's domain grid, divides a sub-grid, ...)."""
    if op in ("evaluate", "right_inverse", "left_inverse"):
        return [A]
    if op == "coalesce":
        if rng.random() < 0.5:
            return [A]
        return [A, rand_profile(rng, A["shape"])]
    if op == "complement":
        if rng.random() < 0.3:
            return [A]
        cos = cosize(A)
        N = cos * rng.choice([1, 1, 2, 3, 4]) if rng.random() < 0.75 else rng.randint(1, 2 * cos + 8)
        return [A, N]
    if op == "composition":
        if rng.random() < 0.3:
            return [A, rand_tiler(rng, A, composition_b_layout)]
        return [A, composition_b_layout(rng, A)]
    if op in DIVIDE_OPS:
        if rng.random() < 0.35:
            return [A, rand_tiler(rng, A, divide_b_layout)]
        return [A, divide_b_layout(rng, A)]
    if op in PRODUCT_OPS:
        B = rand_layout(rng, style=rng.choice(["compact", "compact", "gapped", "random"]),
                        max_size=32, nmax=3)
        return [A, B]
    raise ValueError(f"cannot generate op {op!r}")


def cosize(L):
    sh, st = flatten(L["shape"]), flatten(L["stride"])
    return sum((s - 1) * d for s, d in zip(sh, st)) + 1


def rand_profile(rng, shape):
    """A profile: a coarsening of the nesting of `shape` (prefix of modes), rarely too deep/long."""
    if isinstance(shape, int):
        return 1 if rng.random() < 0.85 else [1, 1]
    k = rng.randint(1, len(shape))
    if rng.random() < 0.05:
        k = len(shape) + 1
    out = []
    for i in range(k):
        s = shape[i] if i < len(shape) else 1
        if isinstance(s, list) and rng.random() < 0.5:
            out.append(rand_profile(rng, s))
        else:
            out.append(1 if rng.random() < 0.9 or isinstance(s, list) else [1])
    if len(out) == 1 and rng.random() < 0.3:
        return 1
    return out


def requested_ops(spec, supported):
    """--ops: comma-separated names, or 'all' (every supported op); None after naming, on stderr,
    one that is not supported."""
    ops = [o.strip() for o in spec.split(",") if o.strip()]
    if ops == ["all"]:
        return list(supported)
    for o in ops:
        if o not in supported:
            print(f"unsupported op {o!r}; supported: {','.join(supported)}", file=sys.stderr)
            return None
    return ops


def cmd_generate(args):
    ops = requested_ops(args.ops, LAYOUT_OPS)
    if ops is None:
        return 2
    try:
        env = setup_env(args, need_cute=True)
    except Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    rng = random.Random(f"cute-oracle/{args.seed}")
    per_op = {o: args.count // len(ops) + (1 if i < args.count % len(ops) else 0)
              for i, o in enumerate(ops)}
    kept = {o: [] for o in ops}
    dropped = []
    seen = set()
    try:
        for attempt in range(4):
            cands = []
            for o in ops:
                need = per_op[o] - len(kept[o])
                if need <= 0:
                    continue
                extra = need + max(2, need // 10)  # a few spares for dropped cases
                tries = 0
                made = 0
                while made < extra and tries < extra * 50:
                    tries += 1
                    c = {"op": o, "args": gen_case(rng, o)}
                    k = case_key(c)
                    if k in seen:
                        continue
                    seen.add(k)
                    cands.append(c)
                    made += 1
            if not cands:
                break
            outs, _ = cute_compute(env, cands, batch_size=args.batch_size, jobs=args.jobs,
                                   keep_dir=args.keep_build)
            for c, o in zip(cands, outs):
                op = c["op"]
                if len(kept[op]) >= per_op[op]:
                    continue
                if o[0] == "value":
                    c["expect"] = o[1]
                elif o[0] == "static_assert":
                    c["expect"] = {"error": error_kind(op, o[1], c["args"])}
                    c["cute_static_assert"] = o[1]
                else:
                    dropped.append((c, o))
                    continue
                kept[op].append(c)
            if all(len(kept[o]) >= per_op[o] for o in ops):
                break
    finally:
        env.cleanup()
    cases = []
    for o in ops:
        for i, c in enumerate(kept[o]):
            case = {"id": f"cute-gen/s{args.seed}/{o}/{i:04d}", "op": o, "args": c["args"],
                    "expect": c["expect"]}
            cases.append(case)
    doc = {"schema": SCHEMA,
           "source": (f"Random cases generated by conformance/oracle/cute_oracle.py generate "
                      f"--seed {args.seed} (ops {','.join(ops)}); expectations computed by NVIDIA CuTe "
                      f"C++ (nvidia-cutlass {CUTLASS_VERSION} headers, static integers, host g++); "
                      f"errors: CuTe static_assert observed (composition/divide/product/inverse: "
                      f"inadmissible, complement: not_complementable, coalesce with a profile that does not "
                      f"fit the layout: invalid_input)."),
           "cases": cases}
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    nerr = sum(1 for c in cases if isinstance(c["expect"], dict) and "error" in c["expect"])
    print(f"wrote {len(cases)} cases ({nerr} expecting an error) to {args.out}")
    for o in ops:
        e = sum(1 for c in kept[o] if isinstance(c["expect"], dict) and "error" in c["expect"])
        print(f"  {o:16s} {len(kept[o]):4d}  errors {e}")
    if dropped:
        print(f"dropped {len(dropped)} candidates where CuTe failed other than by static_assert:")
        for c, o in dropped[:20]:
            print(f"  {c['op']} {compact(c['args'])}: {describe(o)}")
    return 0


# --------------------------------------------------------------------------

def add_common_options(p):
    """The options of every CuTe-compiling command (this script's and cute_ops_oracle.py's)."""
    p.add_argument("--venv", help="venv to reuse (or create) with nvidia-cutlass; "
                                  "default: a temporary one, deleted afterwards")
    p.add_argument("--cxx", help="C++ compiler (default $CXX or g++)")
    p.add_argument("--cuda-include", help="CUDA include dir holding cuda_runtime_api.h "
                                          "(default $CUDA_HOME/include or /usr/local/cuda/include)")
    p.add_argument("--jobs", type=int, default=2, help="parallel g++ jobs (default 2)")
    p.add_argument("--batch-size", type=int, default=250, help="cases per translation unit (default 250)")
    p.add_argument("--keep-build", help="keep generated C++ harnesses in this directory")
    p.add_argument("--require", action="store_true",
                   help="exit 1 instead of 0 when the package/compiler is unavailable")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)

    pr = sub.add_parser("run", help="compare CuTe/pycute against vector files")
    pr.add_argument("vectors", nargs="+")
    pr.add_argument("--engines", default="cute,pycute")
    pr.add_argument("--out", help="write per-case results (JSON)")
    pr.add_argument("--max-list", type=int, default=200, help="disagreements listed per engine")
    pr.add_argument("--expect-cute-agreement", action="store_true",
                    help="exit 1 if CuTe static disagrees with any expectation (pycute is reported only)")
    add_common_options(pr)

    pg = sub.add_parser("generate", help="generate random cases with CuTe expectations")
    pg.add_argument("--seed", required=True)
    pg.add_argument("--count", type=int, required=True)
    pg.add_argument("--ops", default="all", help="comma-separated ops, or 'all'")
    pg.add_argument("--out", required=True)
    add_common_options(pg)

    args = ap.parse_args(argv)
    if args.cmd == "run":
        return cmd_run(args)
    return cmd_generate(args)


if __name__ == "__main__":
    sys.exit(main())
