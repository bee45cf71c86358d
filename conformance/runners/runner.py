#!/usr/bin/env python3
"""Hold other implementations of the CuTe layout algebra against catlayout.vectors/1 files.

  runner.py run --impl NAME [--version V] [FILE...] [--json OUT] [--markdown OUT] [--sample N]
  runner.py matrix [--impls a,b,...] [FILE...] [--json OUT] [--markdown OUT] [--sample N]
  runner.py list

(`catlayout conformance run|matrix|list` calls this script.) Each implementation is driven by an
adapter process (adapters/NAME.py, protocol in README.md) running in a venv of its own, where the
implementation is pip-installed from PyPI at the pinned or given version; nothing is vendored.
This script owns the process: per-case timeouts, restarting an adapter that crashed or hung
(the crash is that case's answer), and batch adapters (CuTe C++ compiles all cases at once).
The ops are one list, adapters/protocol.py's OPS (the layout algebra and issue 41's operations);
a case is counted in the row of its op and its operand kinds (composed, swizzle, coord, f2).

Each answer is classified against the case's `expect` (for a CuTe-generated file, CuTe C++'s
answer): exact, functional (the same function on [0, size), another form), differs, refuses
where the reference answers, refuses as the reference does, accepts what the reference refuses,
crash, not available. Python 3 standard library only.
"""
import argparse
import datetime
import json
import os
import platform
import random
import selectors
import subprocess
import sys
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTERS = os.path.join(HERE, "adapters")
sys.path.insert(0, ADAPTERS)
from protocol import OPS, case_label, is_composed  # noqa: E402  (the one list of ops; standard library only)

# name -> pip requirement template, default version, pip flags, adapter, extra environment
IMPLS = {
    "cute-cpp": {"pip": ["nvidia-cutlass=={v}"], "version": "4.2.0.0", "no_deps": True, "adapter": "cute_cpp_adapter.py",
                 "about": "CuTe C++ headers from the nvidia-cutlass wheel, static integers, host g++"},
    "pycute": {"pip": ["nvidia-cutlass=={v}"], "version": "4.2.0.0", "no_deps": True, "adapter": "pycute_adapter.py",
               "about": "pycute, the Python CuTe of the nvidia-cutlass wheel"},
    "cute-dsl": {"pip": ["nvidia-cutlass-dsl=={v}"], "version": "4.8.1", "no_deps": False, "adapter": "cute_dsl_adapter.py",
                 "about": "CuTe DSL (nvidia-cutlass-dsl): argument-less @cute.jit functions compiled for the host"},
    "tensor-layouts": {"pip": ["tensor-layouts=={v}"], "version": "0.3.2", "no_deps": False,
                       "adapter": "tensor_layouts_adapter.py", "about": "tensor-layouts, pure Python"},
    "flydsl": {"pip": ["flydsl=={v}", "numpy"], "version": "0.5.0", "no_deps": False, "adapter": "flydsl_adapter.py",
               "about": "FlyDSL (ROCm), layouts computed while building its IR; torch stubbed"},
}

CLASSES = ["exact", "functional", "differs", "refuses where the reference answers", "refuses as the reference does",
           "accepts what the reference refuses", "crash", "not available"]
SHORT = ["exact", "functional", "differs", "refuses", "refuses too", "accepts", "crash", "n/a"]


class Skip(Exception):
    """The implementation cannot be installed or started here."""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# venvs
# --------------------------------------------------------------------------

def venv_for(name, version, root):
    spec = IMPLS[name]
    venv = os.path.join(root, f"{name}-{version}")
    py = os.path.join(venv, "bin", "python")
    marker = os.path.join(venv, ".catlayout-installed")
    if os.path.isfile(marker):
        return py
    log(f"[{name}] installing {' '.join(r.format(v=version) for r in spec['pip'])} into {venv}")
    t0 = time.time()
    r = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True, text=True)
    if r.returncode != 0:
        raise Skip(f"python3 -m venv failed: {(r.stderr or r.stdout).strip()[-300:]}")
    cmd = [py, "-m", "pip", "install", "--disable-pip-version-check", "--quiet"]
    if spec["no_deps"]:
        cmd.append("--no-deps")
    r = subprocess.run(cmd + [req.format(v=version) for req in spec["pip"]], capture_output=True, text=True)
    if r.returncode != 0:
        raise Skip(f"pip install failed: {(r.stderr or r.stdout).strip()[-300:]}")
    open(marker, "w").write(version + "\n")
    log(f"[{name}] installed in {time.time() - t0:.0f} s")
    return py


# --------------------------------------------------------------------------
# the adapter process
# --------------------------------------------------------------------------

class Adapter:
    def __init__(self, script, python, start_timeout, case_timeout, stderr_path):
        self.script, self.python = script, python
        self.start_timeout, self.case_timeout = start_timeout, case_timeout
        self.stderr = open(stderr_path, "a")
        self.proc, self.buf, self.hello, self.eof, self.dead = None, b"", None, False, False
        self.restarts = 0

    def start(self):
        env = dict(os.environ, PYTHONPATH=ADAPTERS, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([self.python, self.script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, env=env)
        self.buf, self.eof = b"", False
        line = self.read_line(self.start_timeout)
        if line is None:
            raise Skip(f"the adapter did not start: {self.exit_text()} (stderr in {self.stderr.name})")
        self.hello = json.loads(line)
        if "skip" in self.hello:
            raise Skip(self.hello["skip"])
        return self.hello

    def exit_text(self):
        if self.eof:  # the pipe closed: the process is exiting, wait for its status
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        if self.proc.poll() is None:
            return "no answer in time"
        rc = self.proc.returncode
        return f"killed by signal {-rc}" if rc < 0 else f"exit status {rc}"

    def read_line(self, timeout):
        deadline = time.time() + timeout
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        try:
            while b"\n" not in self.buf:
                left = deadline - time.time()
                if left <= 0 or not sel.select(left):
                    return None
                chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
                if not chunk:
                    self.eof = True
                    return None
                self.buf += chunk
        finally:
            sel.close()
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode()

    def stop(self):
        if not self.proc:
            return
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            if f and not f.closed:
                try:
                    f.close()
                except OSError:
                    pass

    def close(self):
        self.stop()
        self.stderr.close()

    def ask(self, case):
        """One case through a streaming adapter: its reply, or a crash record (and a restart)."""
        try:
            self.proc.stdin.write((json.dumps(case) + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        if self.dead:
            return {"id": case["id"], "crash": "the adapter could not be restarted"}
        line = self.read_line(self.case_timeout)
        if line is None:
            why = self.exit_text()
            self.stop()
            self.restarts += 1
            try:
                self.start()
            except Skip as e:
                log(f"[{self.script}] restart failed: {e}")
                self.dead = True
            return {"id": case["id"], "crash": why}
        return json.loads(line)

    def ask_all(self, cases, timeout):
        """All cases through a batch adapter: send, close, collect."""
        for c in cases:
            self.proc.stdin.write((json.dumps(c) + "\n").encode())
        self.proc.stdin.close()
        replies = {}
        deadline = time.time() + timeout
        while len(replies) < len(cases):
            line = self.read_line(max(1, deadline - time.time()))
            if line is None:
                break
            r = json.loads(line)
            replies[r["id"]] = r
        why = self.exit_text() if len(replies) < len(cases) else ""
        self.stop()
        return [replies.get(c["id"], {"id": c["id"], "crash": why or "no answer"}) for c in cases]


# --------------------------------------------------------------------------
# classification
# --------------------------------------------------------------------------

def flat(t):
    """The leaves of a nested list (a coordinate stride's dict is one leaf)."""
    return [x for c in t for x in flat(c)] if isinstance(t, list) else [t]


def table(layout):
    """The function of a layout on [0, size), or None (F2 strides, too large). With coordinate
    strides ({"basis": [p...], "scale": k}) each value is the sorted (path, value) pairs of its
    non-zero entries, an integer stride the path ()."""
    s, d = flat(layout["shape"]), flat(layout["stride"])
    if not all(isinstance(x, int) for x in s) or len(s) != len(d):
        return None
    coord = any(isinstance(x, dict) for x in d)
    if coord and not all(isinstance(x, int) or (isinstance(x, dict) and "basis" in x) for x in d):
        return None
    n = 1
    for x in s:
        n *= x
    if n > 1 << 20:
        return None
    out = []
    for i in range(n):
        rest, acc = i, {}
        for k in range(len(s)):
            c = rest % s[k]
            rest //= s[k]
            path, scale = ((), d[k]) if isinstance(d[k], int) else (tuple(d[k]["basis"]), d[k].get("scale", 1))
            acc[path] = acc.get(path, 0) + c * scale
        out.append(sorted((p, v) for p, v in acc.items() if v) if coord else acc.get((), 0))
    return out


def swizzle(bms, x):
    """CuTe's Swizzle<B,M,S>: the B bits at M + max(0,S) XORed into the B bits at M - min(0,S)."""
    b, m, sh = bms
    y = x & (((1 << b) - 1) << (m + max(0, sh)))
    return x ^ (y >> sh if sh >= 0 else y << -sh)


def tabulate(x):
    """The function of a result on [0, size): a layout, a composed layout (Sw o k o L), a
    partition ({"layout", "offset"}: the layout's values plus the offset) or a table an adapter gave
    for a result the wire has no form for ({"table": [...]}); None otherwise."""
    if not isinstance(x, dict):
        return None
    if set(x) == {"table"} and isinstance(x["table"], list):
        return x["table"]
    if "shape" in x and "stride" in x:
        return table(x)
    if is_composed(x) and isinstance(x.get("offset", 0), int):
        t = tabulate(x["layout"])
        return None if t is None else [swizzle(x["swizzle"], x.get("offset", 0) + v) for v in t]
    if set(x) == {"layout", "offset"} and isinstance(x["offset"], int):
        t = tabulate(x["layout"])
        return None if t is None else [x["offset"] + v for v in t]
    return None


def is_error(v):
    return isinstance(v, dict) and "error" in v and "shape" not in v


def classify(expect, reply):
    if "na" in reply:
        return "not available"
    if "crash" in reply:
        return "crash"
    if "error" in reply:
        return "refuses as the reference does" if is_error(expect) else "refuses where the reference answers"
    got = reply.get("result")
    if is_error(expect):
        return "accepts what the reference refuses"
    if got == expect:
        return "exact"
    try:
        tg, te = tabulate(got), tabulate(expect)
    except (TypeError, KeyError, ValueError, IndexError):
        return "differs"
    if tg is not None and tg == te:
        return "functional"
    return "differs"


# --------------------------------------------------------------------------
# running
# --------------------------------------------------------------------------

# catlayout's own op names for the standard ops with other operand kinds (rows of the wire's op table, wire/src/op_table.cpp),
# read as the standard op: "swizzle.evaluate" of a composed layout is evaluate, and so on.
ALIASES = {"swizzle.evaluate": "evaluate", "swizzle.composition": "composition", "coord.evaluate": "evaluate",
           "coord.coalesce": "coalesce", "coord.composition": "composition"}


def builtin_files():
    """The built-in corpus's files with cases of OPS: seed-examples.json, catlayout/*.json (catlayout's
    expectations) and cute-ops/*.json (CuTe C++'s answers to issue 41's ops, where they are the
    operation's function)."""
    root = os.path.join(HERE, "..", "vectors")
    files = [os.path.join(root, "seed-examples.json")]
    for sub in ("catlayout", "cute-ops"):
        d = os.path.join(root, sub)
        if os.path.isdir(d):
            files += sorted(os.path.join(d, f) for f in os.listdir(d)
                            if f.endswith(".json") and not f.endswith(".report.json"))
    return files


def wire_op(c):
    """The case's op in OPS (aliases resolved), or None."""
    op = ALIASES.get(c.get("op"), c.get("op"))
    if op == "evaluate" and c.get("op") == "swizzle.evaluate" and not (c["args"] and is_composed(c["args"][0])):
        return None  # swizzle.evaluate [swizzle, offsets...]: a swizzle's values, not a layout's
    return op if op in OPS else None


def load_cases(files, sample, seed):
    cases = []
    for f in files:
        doc = json.load(open(f))
        for c in doc["cases"]:
            op = wire_op(c)
            if op:
                cases.append({"id": c["id"], "op": op, "label": case_label(op, c["args"]), "args": c["args"],
                              "expect": c["expect"]})
    if sample and len(cases) > sample:
        by_label = defaultdict(list)
        for c in cases:
            by_label[c["label"]].append(c)
        rng = random.Random(seed)
        per = max(1, sample // len(by_label))
        cases = [c for lb in sorted(by_label) for c in rng.sample(by_label[lb], min(per, len(by_label[lb])))]
    return cases


def run_impl(name, version, cases, opts):
    version = version or IMPLS[name]["version"]
    result = {"impl": name, "version": version, "about": IMPLS[name]["about"], "cases": len(cases)}
    try:
        py = venv_for(name, version, opts.venv_dir)
        ad = Adapter(os.path.join(ADAPTERS, IMPLS[name]["adapter"]), py, opts.start_timeout, opts.timeout,
                     os.path.join(opts.venv_dir, f"{name}-{version}.stderr.log"))
        try:
            hello = ad.start()
        except Skip:
            ad.close()
            raise
    except Skip as e:
        log(f"[{name}] SKIP: {e}")
        result["skipped"] = str(e)
        return result
    result["reported_version"] = hello.get("version")
    result["ops"] = hello.get("ops", [])
    result["kinds"] = hello.get("kinds", {})
    t0 = time.time()
    wire = [{"id": c["id"], "op": c["op"], "args": c["args"]} for c in cases]
    if hello.get("batch"):
        replies = ad.ask_all(wire, opts.batch_timeout)
    else:
        replies = []
        for i, w in enumerate(wire):
            replies.append(ad.ask(w))
            if opts.progress and (i + 1) % 200 == 0:
                log(f"[{name}] {i + 1}/{len(wire)}")
    ad.close()
    result["seconds"] = round(time.time() - t0, 1)
    result["restarts"] = ad.restarts
    answers = []
    for c, r in zip(cases, replies):
        cls = classify(c["expect"], r)
        answers.append({"id": c["id"], "op": c["op"], "label": c.get("label", c["op"]), "class": cls, "args": c["args"], "expect": c["expect"],
                        "answer": {k: v for k, v in r.items() if k != "id"}})
    result["answers"] = answers
    return result


def summarize(res):
    per_op = defaultdict(Counter)
    total = Counter()
    examples = defaultdict(list)
    for a in res.get("answers", []):
        per_op[a.get("label", a["op"])][a["class"]] += 1
        total[a["class"]] += 1
        examples[a["class"]].append(a)
    for k in examples:  # the three smallest of each kind
        examples[k] = sorted(examples[k], key=lambda a: (len(json.dumps(a["args"])), a["id"]))[:3]
    return per_op, total, examples


def show_answer(a):
    ans = a["answer"]
    got = ans.get("result", ans.get("error", ans.get("crash", ans.get("na"))))
    return f"{a['id']}: {a['op']} {json.dumps(a['args'])} -> {json.dumps(got)[:200]}; reference {json.dumps(a['expect'])[:160]}"


def text_report(res, out):
    head = f"{res['impl']} {res.get('reported_version') or res['version']}"
    if "skipped" in res:
        print(f"{head}: SKIPPED: {res['skipped']}", file=out)
        return
    per_op, total, examples = summarize(res)
    print(f"{head}: {res['cases']} cases in {res['seconds']} s, {res['restarts']} adapter restarts", file=out)
    print(f"serves {serves(res)}", file=out)
    w = max([18] + [len(op) + 1 for op in per_op])
    print(f"{'op':{w}}" + "".join(f"{h:>12}" for h in SHORT), file=out)
    for op in sorted(per_op):
        print(f"{op:{w}}" + "".join(f"{per_op[op][c]:>12}" for c in CLASSES), file=out)
    print(f"{'total':{w}}" + "".join(f"{total[c]:>12}" for c in CLASSES), file=out)
    agree, has = agreement(total, res["cases"])
    print(f"agrees (exact, functional or refuses too) on {agree} of the {has} cases it has ({pct(agree, has)})", file=out)
    for c in CLASSES:
        if c in ("exact",) or not examples.get(c):
            continue
        print(f"  {c}:", file=out)
        for a in examples[c]:
            print(f"    {show_answer(a)}", file=out)


def serves(res):
    """The ops an adapter declared in its handshake, with the operand kinds beyond integer layouts."""
    ops, kinds = res.get("ops", []), res.get("kinds", {})
    listed = [op + (f" (+{', '.join(kinds[op])})" if kinds.get(op) else "") for op in OPS if op in ops]
    return f"{len(listed)} of the {len(OPS)} ops: " + ", ".join(listed)


def pct(n, d):
    return f"{100.0 * n / d:.1f}%" if d else "–"


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def agreement(total, cases):
    """exact + functional + refuses as the reference does, over the cases the implementation has."""
    has = cases - total["not available"]
    return total["exact"] + total["functional"] + total["refuses as the reference does"], has


def markdown(results, files, opts):
    names = ("the built-in corpus (seed-examples.json, catlayout/*.json and cute-ops/*.json: the cases of the runner's ops)"
             if [os.path.realpath(f) for f in files] == [os.path.realpath(f) for f in builtin_files()]
             else ", ".join(os.path.basename(f) for f in files))
    lines = [f"Vectors: {names}" + (f" (sample of {opts.sample})" if opts.sample else ""),
             f"Machine: {cpu_name()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
             f"Python {platform.python_version()}; date {datetime.date.today().isoformat()}.", "",
             "| implementation | version | cases | " + " | ".join(CLASSES) +
             " | agrees (exact, functional or refuses too) on what it has |",
             "|---|---|---:|" + "---:|" * len(CLASSES) + "---:|"]
    for r in results:
        if "skipped" in r:
            lines.append(f"| {r['impl']} | {r['version']} | skipped: {r['skipped'][:80]} |" + " |" * (len(CLASSES) + 1))
            continue
        _, total, _ = summarize(r)
        lines.append(f"| {r['impl']} | {r.get('reported_version') or r['version']} | {r['cases']} | " +
                     " | ".join(str(total[c]) for c in CLASSES) + f" | {pct(*agreement(total, r['cases']))} |")
    for r in results:
        if "skipped" in r:
            continue
        per_op, total, examples = summarize(r)
        lines += ["", f"### {r['impl']} {r.get('reported_version') or r['version']}", "",
                  f"{r['cases']} cases in {r['seconds']} s; {r['restarts']} adapter restarts.", "",
                  f"Serves {serves(r)}.", "",
                  "| op | " + " | ".join(SHORT) + " |", "|---|" + "---:|" * len(SHORT)]
        for op in sorted(per_op):
            lines.append(f"| {op} | " + " | ".join(str(per_op[op][c]) for c in CLASSES) + " |")
        for c in CLASSES:
            if c == "exact" or not examples.get(c):
                continue
            lines.append("")
            lines.append(f"*{c}* ({total[c]}), the smallest:")
            for a in examples[c]:
                lines.append(f"- `{show_answer(a)}`")
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(prog="catlayout conformance")
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ("run", "matrix"):
        q = sub.add_parser(name)
        if name == "run":
            q.add_argument("--impl", required=True, choices=sorted(IMPLS))
            q.add_argument("--version")
        else:
            q.add_argument("--impls", default=",".join(IMPLS))
        q.add_argument("files", nargs="*")
        q.add_argument("--json")
        q.add_argument("--markdown")
        q.add_argument("--sample", type=int, default=0, help="at most N cases, spread over the ops")
        q.add_argument("--seed", type=int, default=1)
        q.add_argument("--timeout", type=float, default=120, help="seconds for one case")
        q.add_argument("--start-timeout", type=float, default=600, help="seconds for an adapter to start")
        q.add_argument("--batch-timeout", type=float, default=7200)
        q.add_argument("--venv-dir", default=os.environ.get("CATLAYOUT_IMPL_VENVS",
                                                             os.path.expanduser("~/.cache/catlayout/impls")))
        q.add_argument("--require", action="store_true", help="exit 1 if an implementation is skipped")
        q.add_argument("--progress", action="store_true")
        q.add_argument("--min-agreement", type=float, default=0,
                       help="exit 1 if an implementation agrees (exact or functional) on less than this share "
                            "of the cases it has: a broken adapter, not a difference of the algebra")
    sub.add_parser("list")
    q = sub.add_parser("render", help="Markdown from a --json result")
    q.add_argument("json_file")
    q.add_argument("--markdown", required=True)
    opts = p.parse_args()
    if opts.cmd == "list":
        for n, s in IMPLS.items():
            print(f"{n:16} {s['version']:10} {s['about']}")
        return 0
    if opts.cmd == "render":
        doc = json.load(open(opts.json_file))
        opts.sample = doc.get("sample", 0)
        open(opts.markdown, "w").write(markdown(doc["results"], doc["files"], opts))
        return 0
    os.makedirs(opts.venv_dir, exist_ok=True)
    files = opts.files or builtin_files()
    cases = load_cases(files, opts.sample, opts.seed)
    if not cases:
        log("no cases of the runner's ops in the files")
        return 2
    impls = [opts.impl] if opts.cmd == "run" else [x for x in opts.impls.split(",") if x]
    for n in impls:
        if n not in IMPLS:
            log(f"unknown implementation {n!r}; known: {', '.join(IMPLS)}")
            return 2
    results = []
    for n in impls:
        r = run_impl(n, getattr(opts, "version", None), cases, opts)
        text_report(r, sys.stdout)
        sys.stdout.flush()
        results.append(r)
    if opts.json:
        json.dump({"schema": "catlayout.conformance-matrix/1", "files": files, "sample": opts.sample,
                   "results": results},
                  open(opts.json, "w"), indent=1)
    if opts.markdown:
        open(opts.markdown, "w").write(markdown(results, files, opts))
    if opts.require and any("skipped" in r for r in results):
        return 1
    for r in results:
        if "skipped" in r:
            continue
        _, total, _ = summarize(r)
        agree, has = agreement(total, r["cases"])
        if has and agree / has < opts.min_agreement:
            log(f"[{r['impl']}] agrees on {agree} of {has}: below {opts.min_agreement}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
