#!/usr/bin/env python3
"""Hold other implementations of the CuTe layout algebra against catlayout.vectors/1 files.

  runner.py run (--impl NAME [--version V] | --adapter 'COMMAND ARGS' [--self-test]) [FILE...] [--json OUT]
                [--markdown OUT] [--sample N]
  runner.py matrix [--impls a,b,...] [--adapter NAME=COMMAND]... [FILE...] [--json OUT] [--markdown OUT] [--sample N]
  runner.py self-test --adapter 'COMMAND ARGS'
  runner.py list

(`catlayout conformance run|matrix|list` calls this script.) Each implementation is driven by an
adapter process speaking docs/adapter-protocol.md: a known one (adapters/NAME_adapter.py) running in
a venv of its own, where the implementation is pip-installed from PyPI at the pinned or given
version (nothing is vendored), or any command given with --adapter.
This script owns the process: per-case timeouts, restarting an adapter that crashed or hung
(the crash is that case's answer), and batch adapters (CuTe C++ compiles all cases at once).
The ops are one list, OPS in conformance/runners/conformance_classes.py (the layout algebra and the
second part's operations), loaded through adapters/protocol.py;
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
import shlex
import subprocess
import sys
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTERS = os.path.join(HERE, "adapters")
sys.path.insert(0, ADAPTERS)
import protocol  # noqa: E402  (the adapters' side; standard library only)
from protocol import OPS, case_label  # noqa: E402,F401  (the one list of ops)

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
    """An adapter process (docs/adapter-protocol.md): argv is its command line."""

    def __init__(self, argv, start_timeout, case_timeout, stderr_path, env=None):
        self.argv, self.env = list(argv), env
        self.start_timeout, self.case_timeout = start_timeout, case_timeout
        self.stderr = open(stderr_path, "a")
        self.proc, self.buf, self.hello, self.eof, self.dead = None, b"", None, False, False
        self.restarts = 0

    def spawn(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                     env=self.env)
        self.buf, self.eof = b"", False

    def start(self):
        try:
            self.spawn()
        except OSError as e:
            raise Skip(f"cannot start {self.argv[0]}: {e.strerror or e}")
        line = self.read_line(self.start_timeout)
        if line is None:
            raise Skip(f"the adapter did not start: {self.exit_text()} (stderr in {self.stderr.name})")
        hello, why = read_handshake(line)
        if why:
            raise Skip(why)
        self.hello = hello
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
        return line.decode(errors="replace")

    def send(self, case):
        try:
            self.proc.stdin.write((json.dumps(case) + "\n").encode())
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

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

    def restart(self):
        self.stop()
        self.restarts += 1
        try:
            self.start()
        except Skip as e:
            log(f"[{' '.join(self.argv)}] restart failed: {e}")
            self.dead = True

    def ask(self, case):
        """One case through a streaming adapter: its reply, or a crash record (and a restart). A
        line that is not the case's answer (not JSON, another id) is a crash too: the stream is out
        of step, so the adapter restarts."""
        if self.dead:
            return {"id": case["id"], "crash": "the adapter could not be restarted"}
        self.send(case)
        line = self.read_line(self.case_timeout)
        if line is None:
            why = self.exit_text()
            self.restart()
            return {"id": case["id"], "crash": why}
        reply, why = read_reply(line, case["id"])
        if why:
            self.restart()
            return {"id": case["id"], "crash": why}
        return reply

    def ask_all(self, cases, timeout):
        """All cases through a batch adapter: send, close, collect."""
        for c in cases:
            if not self.send(c):
                break
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        ids = {c["id"] for c in cases}
        replies = {}
        deadline = time.time() + timeout
        while len(replies) < len(cases):
            line = self.read_line(max(1, deadline - time.time()))
            if line is None:
                break
            r, why = read_reply(line, None)
            if why or r["id"] not in ids:
                log(f"[{' '.join(self.argv)}] not an answer to a case sent: {line[:200]!r}")
                continue
            replies[r["id"]] = r
        why = self.exit_text() if len(replies) < len(cases) else ""
        self.stop()
        return [replies.get(c["id"], {"id": c["id"], "crash": why or "no answer"}) for c in cases]


ANSWER_KEYS = ("result", "error", "na", "crash")


def read_handshake(line):
    """The handshake (docs/adapter-protocol.md, "Handshake"), or why it is not one / why the adapter
    cannot be used: (hello, None) or (None, why)."""
    try:
        hello = json.loads(line)
    except ValueError:
        return None, (f"the first line on stdout is not a JSON handshake: {line[:120]!r} (only protocol lines "
                      "may reach stdout; write anything else to stderr)")
    if not isinstance(hello, dict):
        return None, f"the handshake is not a JSON object: {line[:120]!r}"
    why = protocol_mismatch(hello.get("protocol"))
    if why:
        return None, why
    if "skip" in hello:
        return None, str(hello["skip"])
    if not isinstance(hello.get("ops"), list) or not all(isinstance(o, str) for o in hello["ops"]):
        return None, "the handshake has no \"ops\": a list of the op names the adapter serves"
    if not isinstance(hello.get("kinds", {}), dict):
        return None, "the handshake's \"kinds\" is not an object {op: [kind, ...]}"
    return hello, None


def protocol_mismatch(v):
    """Why a handshake's "protocol" is not one this runner speaks, or None. A handshake without it
    is read as catlayout-adapter/1 (the adapters written before the field)."""
    if v is None:
        return None
    name, _, ver = str(v).partition("/")
    major = ver.split(".")[0]
    if name != "catlayout-adapter" or not major.isdigit():
        return f"the handshake's \"protocol\" is {v!r}, not \"catlayout-adapter/MAJOR[.MINOR]\""
    if major != protocol.PROTOCOL.split("/")[1].split(".")[0]:
        return (f"the adapter speaks {v}, this runner {protocol.PROTOCOL}: major version {major} is unknown to it "
                f"(a newer catlayout may speak it; or have the adapter speak {protocol.PROTOCOL})")
    return None


# How deep an answer may nest: an int tuple nests at most 64 levels (core's limits::max_depth), a
# result wraps it in a few objects. Deeper answers are the adapter's protocol error for the case;
# they would take Python's JSON reader and the classification past the recursion limit.
MAX_ANSWER_DEPTH = 200


def nesting_depth(x, limit):
    """The nesting depth of a JSON value (arrays and objects), counted without recursion; it stops
    counting past `limit`."""
    deepest, stack = 0, [(x, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            if d > limit:
                break
            stack.extend((c, d + 1) for c in (v.values() if isinstance(v, dict) else v))
    return deepest


def read_reply(line, want_id):
    """An answer line as (reply, None), or (None, why it is not the answer to case `want_id`)."""
    too_deep = (f"protocol: the answer nests deeper than {MAX_ANSWER_DEPTH} levels (a layout's int tuples nest at "
                f"most 64): {line[:120]!r}")
    try:
        r = json.loads(line)
    except RecursionError:
        return None, too_deep
    except ValueError:
        return None, (f"protocol: a line on stdout that is not a JSON answer: {line[:120]!r} (only protocol lines may "
                      "reach stdout; write anything else to stderr)")
    if nesting_depth(r, MAX_ANSWER_DEPTH) > MAX_ANSWER_DEPTH:
        return None, too_deep
    if not isinstance(r, dict) or "id" not in r:
        return None, f"protocol: an answer without an \"id\": {line[:120]!r}"
    if want_id is not None and r["id"] != want_id:
        return None, f"protocol: the answer's id {r['id']!r} is not the case's {want_id!r}"
    keys = [k for k in ANSWER_KEYS if k in r]
    if len(keys) != 1:
        return None, (f"protocol: an answer carries exactly one of result, error, na, crash; this one "
                      f"{'has ' + ', '.join(keys) if keys else 'has none'}: {line[:120]!r}")
    return r, None


# --------------------------------------------------------------------------
# cases and classes: one definition, shared with the Python package (catlayout.conformance)
# --------------------------------------------------------------------------

shared = protocol.shared
CLASSES, SHORT, classify, wire_op, load_cases = shared.CLASSES, shared.SHORT, shared.classify, shared.wire_op, \
    shared.load_cases
ALIASES = shared.ALIASES


def builtin_files():
    """The built-in corpus's files with cases of OPS (shared.corpus_files)."""
    return shared.corpus_files(os.path.join(HERE, "..", "vectors"))


def run_impl(name, version, cases, opts):
    """A built-in implementation (IMPLS): its venv, its adapter, the cases."""
    version = version or IMPLS[name]["version"]
    result = {"impl": name, "version": version, "about": IMPLS[name]["about"], "cases": len(cases)}
    try:
        py = venv_for(name, version, opts.venv_dir)
    except Skip as e:
        log(f"[{name}] SKIP: {e}")
        result["skipped"] = str(e)
        return result
    env = dict(os.environ, PYTHONPATH=ADAPTERS, PYTHONUNBUFFERED="1")
    ad = Adapter([py, os.path.join(ADAPTERS, IMPLS[name]["adapter"])], opts.start_timeout, opts.timeout,
                 os.path.join(opts.venv_dir, f"{name}-{version}.stderr.log"), env)
    return drive(result, ad, cases, opts)


def adapter_argv(command):
    """An --adapter COMMAND as argv: a shell-quoted command line (shlex), run without a shell."""
    argv = shlex.split(command)
    if not argv:
        raise Skip("--adapter: an empty command")
    return argv


def stderr_log(opts, label):
    slug = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in label)[:60] or "adapter"
    return os.path.join(opts.venv_dir, f"adapter-{slug}.stderr.log")


def run_adapter(label, command, cases, opts):
    """Any process that speaks docs/adapter-protocol.md: `label` names it in the report (the
    handshake's adapter name where None), its version is the handshake's."""
    result = {"impl": label or command, "version": "", "about": f"--adapter {command}", "cases": len(cases),
              "command": command, "named": bool(label)}
    try:
        argv = adapter_argv(command)
    except (Skip, ValueError) as e:
        result["skipped"] = str(e)
        return result
    path = stderr_log(opts, label or os.path.basename(argv[-1]))
    result["stderr"] = path
    ad = Adapter(argv, opts.start_timeout, opts.timeout, path, dict(os.environ, PYTHONUNBUFFERED="1"))
    return drive(result, ad, cases, opts)


def drive(result, ad, cases, opts):
    """Start the adapter, hand it the cases it declared (the runner answers n/a for the others),
    classify its answers."""
    name = result["impl"]
    try:
        hello = ad.start()
    except Skip as e:
        ad.close()
        log(f"[{name}] SKIP: {e}")
        result["skipped"] = str(e)
        return result
    if "command" in result and not result.get("named"):
        result["impl"] = name = str(hello.get("adapter") or name)
    result["reported_version"] = str(hello.get("version", ""))
    result["version"] = result["version"] or result["reported_version"]
    result["ops"] = hello.get("ops", [])
    result["kinds"] = hello.get("kinds", {})
    caps = {op: frozenset(result["kinds"].get(op, ())) for op in result["ops"]}
    t0 = time.time()
    na = {c["id"]: shared.not_served(name, caps, c) for c in cases}
    wire = [{"id": c["id"], "op": c["op"], "args": c["args"]} for c in cases if not na[c["id"]]]
    if hello.get("batch"):
        got = ad.ask_all(wire, opts.batch_timeout) if wire else []
    else:
        got = []
        for i, w in enumerate(wire):
            got.append(ad.ask(w))
            if opts.progress and (i + 1) % 200 == 0:
                log(f"[{name}] {i + 1}/{len(wire)}")
    ad.close()
    by_id = {r["id"]: r for r in got}
    replies = [{"id": c["id"], "na": na[c["id"]]} if na[c["id"]] else by_id[c["id"]] for c in cases]
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
    return f"{a['id']}: {a['op']} {json.dumps(a['args'])} -> {local_paths(json.dumps(got)[:200])}; reference {json.dumps(a['expect'])[:160]}"


def local_paths(text):
    """An adapter's message with this machine's paths out (a committed matrix names none): the
    repository's own files relative to it, the home folder as ~."""
    repo = os.path.dirname(os.path.dirname(HERE))
    return text.replace(repo + os.sep, "").replace(os.path.expanduser("~") + os.sep, "~" + os.sep)


def text_report(res, out):
    head = f"{res['impl']} {res.get('reported_version') or res['version']}"
    if "skipped" in res:
        print(f"{head}: SKIPPED: {res['skipped']}", file=out)
        return
    per_op, total, examples = summarize(res)
    print(f"{head}: {res['cases']} cases in {res['seconds']} s, {res['restarts']} adapter restarts", file=out)
    print(f"serves {serves(res)}", file=out)
    if res.get("stderr"):
        print(f"its stderr: {res['stderr']}", file=out)
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
    def more(op):
        ks = kinds.get(op) or []
        return "" if not ks else " (+every kind)" if set(ks) >= set(shared.KINDS) else f" (+{', '.join(ks)})"

    listed = [op + more(op) for op in OPS if op in ops]
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


def venv_dir_default():
    return os.environ.get("CATLAYOUT_IMPL_VENVS", os.path.expanduser("~/.cache/catlayout/impls"))


def main():
    p = argparse.ArgumentParser(prog="catlayout conformance")
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ("run", "matrix"):
        q = sub.add_parser(name)
        if name == "run":
            who = q.add_mutually_exclusive_group(required=True)
            who.add_argument("--impl", choices=sorted(IMPLS))
            who.add_argument("--adapter", metavar="'COMMAND ARGS'",
                             help="any process speaking docs/adapter-protocol.md (a shell-quoted command line)")
            q.add_argument("--version")
            q.add_argument("--self-test", action="store_true",
                           help="with --adapter: the protocol self-test first; stop there if it finds a problem")
        else:
            q.add_argument("--impls", help="built-in implementations (default: all of them, or none with --adapter)")
            q.add_argument("--adapter", action="append", default=[], metavar="NAME=COMMAND",
                           help="also any process speaking docs/adapter-protocol.md, as the row NAME (repeatable)")
        q.add_argument("files", nargs="*")
        q.add_argument("--json")
        q.add_argument("--markdown")
        q.add_argument("--sample", type=int, default=0, help="at most N cases, spread over the ops")
        q.add_argument("--seed", type=int, default=1)
        q.add_argument("--timeout", type=float, default=120, help="seconds for one case")
        q.add_argument("--start-timeout", type=float, default=600, help="seconds for an adapter to start")
        q.add_argument("--batch-timeout", type=float, default=7200)
        q.add_argument("--venv-dir", default=venv_dir_default())
        q.add_argument("--require", action="store_true", help="exit 1 if an implementation is skipped")
        q.add_argument("--progress", action="store_true")
        q.add_argument("--min-agreement", type=float, default=0,
                       help="exit 1 if an implementation agrees (exact, functional or refuses too) on less than this "
                            "share of the cases it has: a broken adapter, not a difference of the algebra")
    q = sub.add_parser("self-test", help="what is wrong with an adapter's protocol, before any case is judged")
    q.add_argument("--adapter", required=True, metavar="'COMMAND ARGS'")
    q.add_argument("--timeout", type=float, default=20, help="seconds for one answer")
    q.add_argument("--start-timeout", type=float, default=60, help="seconds for the handshake")
    q.add_argument("--venv-dir", default=venv_dir_default())
    sub.add_parser("list")
    q = sub.add_parser("render", help="Markdown from a --json result")
    q.add_argument("json_file")
    q.add_argument("--markdown", required=True)
    opts = p.parse_args()
    if opts.cmd == "list":
        for n, s in IMPLS.items():
            print(f"{n:16} {s['version']:10} {s['about']}")
        print("any other: --adapter 'COMMAND ARGS' (docs/adapter-protocol.md)")
        return 0
    if opts.cmd == "render":
        doc = json.load(open(opts.json_file))
        opts.sample = doc.get("sample", 0)
        open(opts.markdown, "w").write(markdown(doc["results"], doc["files"], opts))
        return 0
    if opts.cmd in ("run", "self-test") and opts.adapter is not None and not opts.adapter.strip():
        log("--adapter: the adapter command is empty: give the command line that starts the adapter "
            "(e.g. --adapter './my_adapter --flag'; docs/adapter-protocol.md)")
        return 2
    if opts.cmd == "self-test":
        import self_test
        return 1 if self_test.run(opts.adapter, opts, sys.stdout) else 0
    os.makedirs(opts.venv_dir, exist_ok=True)
    if opts.cmd == "run":
        if opts.self_test and opts.adapter is None:
            log("--self-test goes with --adapter")
            return 2
        runs = [(opts.impl, None)] if opts.impl else [(None, opts.adapter)]
    else:
        named = []
        for spec in opts.adapter:
            label, eq, command = spec.partition("=")
            if not eq or not label or not command.strip():
                log(f"--adapter {spec!r}: NAME=COMMAND (e.g. --adapter mine='./my_adapter --fast')")
                return 2
            named.append((label, command))
        impls = opts.impls.split(",") if opts.impls is not None else ([] if named else list(IMPLS))
        runs = [(n, None) for n in impls if n] + named
    for n, command in runs:
        if command is None and n not in IMPLS:
            log(f"unknown implementation {n!r}; known: {', '.join(IMPLS)} (any other: --adapter)")
            return 2
    if opts.cmd == "run" and opts.self_test:
        import self_test
        st = argparse.Namespace(timeout=min(opts.timeout, 20), start_timeout=opts.start_timeout, venv_dir=opts.venv_dir)
        if self_test.run(opts.adapter, st, sys.stdout):
            return 1
    files = opts.files or builtin_files()
    cases = load_cases(files, opts.sample, opts.seed)
    if not cases:
        log("no cases of the runner's ops in the files")
        return 2
    results = []
    for n, command in runs:
        if command is None:
            r = run_impl(n, getattr(opts, "version", None), cases, opts)
        else:
            r = run_adapter(n if opts.cmd == "matrix" else None, command, cases, opts)
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
            if "command" in r:
                return 1  # an adapter named on the command line that cannot start is an error, not a skip
            continue
        _, total, _ = summarize(r)
        agree, has = agreement(total, r["cases"])
        if has and agree / has < opts.min_agreement:
            log(f"[{r['impl']}] agrees on {agree} of {has}: below {opts.min_agreement}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
