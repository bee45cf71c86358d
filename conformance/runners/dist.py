#!/usr/bin/env python3
"""catlayout's long verification jobs as tasks on Dask distributed (`catlayout dist ...`).

  dist.py prove --shards N [PROVE OPTIONS] [PROPERTY...] [common options]
  dist.py differential --count N --seed S [--batch B] [common options]

common options: --scheduler ADDRESS (default: a LocalCluster on this machine), --workers W
(LocalCluster workers, default: the cores), --dir D (the run directory: one file per finished
shard), --venv V (where Dask is pip-installed), --catlayout BIN, --retries R.

Each shard is one Dask task. Its result is written to a file of its own in the run directory,
atomically (a temporary name, then rename), so a rerun of the same command does only the shards
that have no file yet, and a shard retried after its worker was lost replaces nothing twice. The
merge reads each shard file once: `catlayout prove --merge` for prove, the sum of the shard
tables for differential. Progress (shards, cases/s, time left) goes to stderr.

Dask is not vendored: this script pip-installs `distributed` into a venv the first time and runs
itself there. Exit status: prove --merge's (0, 1 a counterexample), differential 0 or 1 (a
finding), 2 usage (a --scheduler address that is malformed, or where no TCP connect succeeds within
a few seconds, is refused before anything starts), 3 a shard failed after its retries (or the run
failed otherwise: one line on stderr, never a traceback); where Dask (or the CuTe oracle) cannot be
installed, a line `SKIP: why` and 0, as the oracles.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(os.path.dirname(HERE), "oracle")
DASK_PIP = "distributed==2026.8.0"


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Refused(Exception):
    """A usage or input error: one line for the user, exit 2."""


# --------------------------------------------------------------------------
# --scheduler ADDRESS, checked before anything is started or installed
# --------------------------------------------------------------------------

SCHEMES = ("tcp", "tls", "ws", "wss")  # Dask's schemes over TCP (a bare HOST:PORT is tcp)
CONNECT_TIMEOUT = 5  # seconds for the TCP connect to the scheduler


def scheduler_host_port(address):
    """(host, port) of a Dask scheduler address, tcp://HOST:PORT or HOST:PORT (Dask's forms; also
    tls://, ws://, wss://, and [IPV6]:PORT), or Refused naming what is wrong with it."""
    if not address.strip():
        raise Refused("--scheduler is empty: give a Dask scheduler's address (tcp://HOST:PORT), or leave "
                      "--scheduler out for a LocalCluster on this machine")
    form = "a Dask scheduler's address is tcp://HOST:PORT or HOST:PORT (dask scheduler prints it)"
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    elif scheme not in SCHEMES:
        extra = " (http:// is the dashboard's, not the scheduler's)" if scheme in ("http", "https") else ""
        raise Refused(f"--scheduler {address!r}: the scheme {scheme}:// is not one of Dask's "
                      f"({', '.join(s + '://' for s in SCHEMES)}){extra}; {form}")
    m = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})/?", rest)
    if not m:
        why = "no port in it" if ":" not in rest else "not HOST:PORT"
        raise Refused(f"--scheduler {address!r} is not a scheduler address ({why}): {form}")
    host, port = m.group(1).strip("[]"), int(m.group(2))
    if not 0 < port < 65536:
        raise Refused(f"--scheduler {address!r}: port {port} is outside 1..65535")
    return host, port


# The largest first frame a Dask scheduler's handshake may announce (it is about a hundred bytes): a
# larger length is bytes of another protocol read as one (Dask itself would try to allocate it).
MAX_HANDSHAKE = 1 << 24


def probe_handshake(sock, address):
    """A Dask scheduler speaks first on a tcp:// connection: its handshake, an 8-byte little-endian
    length, then that many bytes (distributed.comm.tcp). Refused when something else listens there."""
    head, closed = b"", False
    try:
        while len(head) < 8:
            chunk = sock.recv(8 - len(head))
            if not chunk:
                closed = True
                break
            head += chunk
    except (TimeoutError, socket.timeout):
        pass
    except OSError as e:  # reset by the other end
        raise Refused(f"cannot use {address} as a Dask scheduler: the connection opens, then fails: "
                      f"{(e.strerror or str(e)).lower()}") from None
    if len(head) < 8:
        what = "it closed the connection" if closed else f"nothing within {CONNECT_TIMEOUT} s"
        raise Refused(f"cannot use {address} as a Dask scheduler: the connection opens, but no Dask handshake comes "
                      f"({what}; another program listens there, or a proxy accepts every connection)")
    n = int.from_bytes(head, "little")
    if not 0 < n <= MAX_HANDSHAKE:
        raise Refused(f"cannot use {address} as a Dask scheduler: what answers there is not a Dask handshake "
                      f"(its first bytes {head!r})")


def check_scheduler(address):
    """The address's form, then a TCP connect within CONNECT_TIMEOUT seconds and, for tcp://, the
    scheduler's handshake: Refused, with the address and the reason, when no scheduler answers there."""
    host, port = scheduler_host_port(address)
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT) as sock:
            if "://" not in address or address.startswith("tcp://"):  # tls and ws: the client speaks first
                probe_handshake(sock, address)
    except socket.gaierror as e:
        raise Refused(f"cannot reach the Dask scheduler at {address}: the host {host!r} is not known "
                      f"({e.strerror or e})") from None
    except (TimeoutError, socket.timeout):
        raise Refused(f"cannot reach the Dask scheduler at {address}: no answer within {CONNECT_TIMEOUT} s "
                      "(a host that drops the connection, or no route to it)") from None
    except OSError as e:
        raise Refused(f"cannot reach the Dask scheduler at {address}: {(e.strerror or str(e)).lower()}") from None
    except (ValueError, OverflowError) as e:
        raise Refused(f"--scheduler {address!r}: {e}") from None


# --------------------------------------------------------------------------
# Dask in a venv of its own
# --------------------------------------------------------------------------

def in_dask_venv(venv):
    """Dask importable here, or this script re-run by a venv's python that has it."""
    try:
        import distributed  # noqa: F401
        return
    except ImportError:
        pass
    py = os.path.join(venv, "bin", "python")
    if os.path.abspath(sys.prefix) == os.path.abspath(venv):
        skip(f"the venv {venv} has no importable `distributed`")
    if not os.path.exists(os.path.join(venv, ".catlayout-installed")):
        log(f"[dist] installing {DASK_PIP} into {venv}")
        r = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True, text=True)
        if r.returncode == 0:
            r = subprocess.run([py, "-m", "pip", "install", "--disable-pip-version-check", "--quiet", DASK_PIP],
                               capture_output=True, text=True)
        if r.returncode != 0:
            skip(f"cannot install {DASK_PIP} into {venv}: " + " | ".join((r.stderr or r.stdout).strip().splitlines()[-2:]))
        open(os.path.join(venv, ".catlayout-installed"), "w").close()
    os.execv(py, [py, os.path.abspath(__file__)] + sys.argv[1:])


def skip(why):
    print(f"SKIP: Dask distributed is not available: {why}", flush=True)
    sys.exit(0)  # as the oracles: a SKIP line and 0 (ctest's wrapper, test_dist.py, makes it 77)


# --------------------------------------------------------------------------
# Shards: each a task, each result one file written atomically
# --------------------------------------------------------------------------

def die_with_parent():
    """A child process (catlayout, g++) ends with the worker that started it: a killed worker
    leaves no orphan computing a shard that is being retried elsewhere."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def write_atomically(path, text):
    tmp = f"{path}.tmp-{os.getpid()}-{time.monotonic_ns()}"
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def prove_shard(catlayout, prove_args, i, n, path):
    """Task: `catlayout prove --shard i/n --json` into path; returns (cases, counterexamples)."""
    if not os.path.exists(path):
        cmd = [catlayout, "prove", *prove_args, "--shard", f"{i}/{n}", "--json"]
        r = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=die_with_parent)
        if r.returncode not in (0, 1):
            raise RuntimeError(f"shard {i}/{n}: {' '.join(cmd)} exited {r.returncode}: {r.stderr.strip()[-300:]}")
        json.loads(r.stdout)  # a whole document, or the task fails (and is retried)
        write_atomically(path, r.stdout)
    j = json.load(open(path))
    return j["cases_checked"], j["counterexamples"]


def differential_shard(catlayout, oracle_venv, seed, i, count, path):
    """Task: draw `count` cases (random_cases, seeded by seed and i), CuTe's answers (one g++
    batch), catlayout's check of them, each difference classified; the tallies into path."""
    if not os.path.exists(path):
        write_atomically(path, json.dumps(differential_batch(catlayout, oracle_venv, seed, i, count)) + "\n")
    j = json.load(open(path))
    return j["cases"], len(j["findings"])


def cute_answers(co, env, catlayout, drawn, work):
    """CuTe's outcome for each case, and the number of g++ runs. A translation unit compiles again
    after every round that hit a static_assert, so the cases catlayout refuses (where nearly all
    of CuTe's static_asserts are) compile in a unit of their own and the rest, most of the
    cases, in one round (docs/scale.md: the cost of one case)."""
    probe = os.path.join(work, "probe.json")
    with open(probe, "w") as f:
        json.dump({"schema": co.SCHEMA, "source": "refusal probe", "cases": [
            {"id": str(k), "op": c["op"], "args": c["args"], "expect": {"error": co.error_kind(c["op"], "", c["args"])}}
            for k, c in enumerate(drawn)]}, f)
    rep = probe + ".report"
    subprocess.run([catlayout, "check", probe, "--threads", "1", "--report", rep], capture_output=True,
                   preexec_fn=die_with_parent)
    import explain_differences as ex
    # refused: catlayout answered with an error of any kind (the probe's expected kind or another)
    refused = {int(e["id"]) for e in json.load(open(rep))["cases"]
               if e["match"] != "fail" or not ex.catlayout_computes(e.get("detail", ""))} if os.path.exists(rep) else set()
    groups = [[k for k in range(len(drawn)) if k not in refused], sorted(refused)]
    outs, compiles = [None] * len(drawn), 0
    for g, ks in enumerate(groups):
        if ks:
            got, stats = co.cute_compute(env, [drawn[k] for k in ks], batch_size=len(ks), jobs=1,
                                         keep_dir=os.path.join(work, f"cute{g}"))
            compiles += len([x for x in stats["compiles"] if "round" in x])
            for k, o in zip(ks, got):
                outs[k] = o
    return outs, compiles


def check_and_classify(catlayout, seed, i, cases, work):
    """catlayout's check of a shard's cases (CuTe's answers as `expect`), each case classified by
    explain_differences: the shard's table (op and distribution -> column -> count), its findings
    (differences the specification does not explain), the explained ones, and the check's seconds."""
    import explain_differences as ex
    vec = os.path.join(work, "cases.json")
    rep = os.path.join(work, "report.json")
    with open(vec, "w") as f:
        json.dump({"schema": "catlayout.vectors/1", "source": f"catlayout dist differential --seed {seed}, shard {i}",
                   "cases": cases}, f)
    t0 = time.time()
    r = subprocess.run([catlayout, "check", vec, "--threads", "1", "--report", rep], capture_output=True,
                       text=True, preexec_fn=die_with_parent)
    check_s = time.time() - t0
    if r.returncode not in (0, 1) or not os.path.exists(rep):
        raise RuntimeError(f"shard {i}: catlayout check exited {r.returncode}: {r.stderr.strip()[-300:]}")
    by_id = {c["id"]: c for c in cases}
    table, findings, explained = {}, [], []
    for e in json.load(open(rep))["cases"]:
        case = by_id[e["id"]]
        column, line = ex.classify(case, e)
        dist = e["id"].split("/")[3]
        row = table.setdefault(f"{e['op']}\t{dist}", {})
        row[column] = row.get(column, 0) + 1
        if column in ex.EXPLAINED:
            explained.append({"id": e["id"], "op": e["op"], "class": column, "args": case["args"], "why": line})
        elif column != ex.AGREE:
            findings.append({"id": e["id"], "op": e["op"], "class": column, "args": case["args"],
                             "cute": case["expect"], "catlayout": e.get("detail", "")})
    return table, findings, explained, check_s


def differential_batch(catlayout, oracle_venv, seed, i, count):
    import random
    import tempfile
    from types import SimpleNamespace
    sys.path.insert(0, ORACLE)
    import cute_oracle as co
    import random_cases as rc

    rng = random.Random(f"catlayout-dist/{seed}/{i}")
    drawn, seen = [], set()
    while len(drawn) < count:
        c = rc.draw_case(rng)
        if co.case_key(c) not in seen:
            seen.add(co.case_key(c))
            drawn.append(c)
    env = co.setup_env(SimpleNamespace(venv=oracle_venv, cxx=None, cuda_include=None), need_cute=True)
    work = tempfile.mkdtemp(prefix=f"catlayout-dist-{i}-")
    try:
        t0 = time.time()
        outs, compiles = cute_answers(co, env, catlayout, drawn, work)
        cute_s = time.time() - t0
        cases, no_answer = [], []
        for k, (c, o) in enumerate(zip(drawn, outs)):
            cid = f"dist/s{seed}/{i}/{c['distribution']}/{c['op']}/{k:04d}"
            if o[0] == "value":
                expect = o[1]
            elif o[0] == "static_assert":
                expect = {"error": co.error_kind(c["op"], o[1], c["args"])}
            else:  # CuTe has no answer (a hard compile error or a crash): listed, not compared
                no_answer.append({"id": cid, "op": c["op"], "args": c["args"], "cute": co.describe(o)})
                continue
            cases.append({"id": cid, "op": c["op"], "args": c["args"], "expect": expect})
        table, findings, explained, check_s = check_and_classify(catlayout, seed, i, cases, work)
        return {"schema": "catlayout.dist-differential/1", "seed": seed, "shard": i, "cases": len(drawn),
                "compared": len(cases), "table": table, "explained": explained, "findings": findings,
                "cute_no_answer": no_answer, "cute_seconds": round(cute_s, 2), "check_seconds": round(check_s, 2),
                "compiles": compiles, "vectors": cases}
    finally:
        env.cleanup()
        shutil.rmtree(work, ignore_errors=True)


# --------------------------------------------------------------------------
# The engine: a cluster, the tasks, the progress bar, a lost worker
# --------------------------------------------------------------------------

def connect(opts):
    from distributed import Client, LocalCluster
    if opts.scheduler is not None:
        try:
            return Client(opts.scheduler, timeout=30), None
        except (OSError, TimeoutError, MemoryError) as e:  # a port that answers, but no Dask scheduler
            raise Refused(f"cannot connect to the Dask scheduler at {opts.scheduler}: {str(e).splitlines()[0][:300]}") \
                from None
    workers = opts.workers or os.cpu_count() or 1
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                           memory_limit=0)
    return Client(cluster), cluster


def human_time(s):
    s = int(s)
    return f"{s // 3600}h{s // 60 % 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


class Progress:
    """One stderr line: a bar, shards done, cases/s (of this run's shards), time left."""

    def __init__(self, total, done_before, unit):
        self.total, self.done, self.unit = total, done_before, unit
        self.before = done_before
        self.cases = 0
        self.t0 = time.time()
        self.tty = sys.stderr.isatty()
        self.last = 0

    def shard_done(self, cases):
        self.done += 1
        self.cases += cases

    def draw(self, final=False):
        now = time.time()
        if not final and now - self.last < (0.5 if self.tty else 10):
            return
        self.last = now
        el = max(now - self.t0, 1e-9)
        mine = self.done - self.before
        rate = self.cases / el
        left = el / mine * (self.total - self.done) if mine else float("nan")
        w = 30
        fill = w * self.done // max(self.total, 1)
        line = (f"[{'#' * fill}{'.' * (w - fill)}] {self.done}/{self.total} shards, {self.cases} {self.unit}, "
                f"{rate:,.1f} {self.unit}/s, {human_time(el)} elapsed, "
                f"{'?' if left != left else human_time(left)} left")
        print(("\r\033[K" if self.tty else "") + line, end="" if self.tty and not final else "\n",
              file=sys.stderr, flush=True)


def run_shards(opts, fn, jobs, unit):
    """jobs: [(shard index, its file, the task's arguments...)]. Runs those without a file, shows progress; returns the
    paths in shard order, or exits 3 naming a shard that failed after its retries."""
    from distributed import as_completed
    todo = [j for j in jobs if not os.path.exists(j[1])]
    if len(todo) < len(jobs):
        log(f"[dist] resuming: {len(jobs) - len(todo)} of {len(jobs)} shards already have their file in {opts.dir}")
    if todo:
        client, cluster = connect(opts)
        try:
            nworkers = len(client.scheduler_info()["workers"])
            log(f"[dist] {len(todo)} shards on {nworkers} workers "
                f"({'scheduler ' + opts.scheduler if opts.scheduler else 'LocalCluster'})")
            prog = Progress(len(jobs), len(jobs) - len(todo), unit)
            futs = {client.submit(fn, *j[2:], pure=False, retries=opts.retries, key=f"{os.path.basename(j[1])}-{time.time_ns()}"):
                    j[0] for j in todo}
            watch_workers(client)
            killed = False
            for f in as_completed(futs):
                i = futs[f]
                if f.status != "finished":
                    try:
                        f.result()
                    except Exception as e:  # KilledWorker: the worker running it was lost too often
                        log(f"\n[dist] shard {i} failed after {opts.retries} retries: {type(e).__name__}: {e}")
                        log(f"[dist] finished shards are kept in {opts.dir}; rerun the same command to resume")
                        sys.exit(3)
                cases, _ = f.result()
                prog.shard_done(cases)
                prog.draw()
                if opts.kill_worker_after and not killed and prog.done - prog.before >= opts.kill_worker_after:
                    killed = kill_busy_worker(client)
            prog.draw(final=True)
        finally:
            client.close()
            if cluster:
                cluster.close()
    return [j[1] for j in jobs]


def watch_workers(client):
    """Says on stderr when a worker leaves the cluster (killed, out of memory, its node gone):
    Dask runs its shards again elsewhere, and they are counted once (one file each)."""
    import threading

    def watch():
        known = set(client.scheduler_info()["workers"])
        while client.status == "running":
            time.sleep(2)
            try:
                now = set(client.scheduler_info()["workers"])
            except Exception:
                return
            for w in sorted(known - now):
                log(f"\n[dist] lost worker {w}: Dask runs its shards again on another worker; each shard's "
                    f"result is one file, written once, so nothing is counted twice")
            known = now
    threading.Thread(target=watch, daemon=True).start()


def kill_busy_worker(client):
    """For the test of a lost worker: SIGKILL one worker process that is running a shard."""
    busy = [w for w, tasks in client.processing().items() if tasks]
    if not busy:
        return False
    pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
    log(f"\n[dist] killing worker {busy[0]} (pid {pid}) while it runs {client.processing()[busy[0]]}")
    os.kill(pid, signal.SIGKILL)
    return True


def run_dir(opts, kind, identity, grows=()):
    """The run directory: --dir, else one named by the job's identity (same command, same dir).
    The keys in `grows` may change between runs in one directory (a campaign made longer)."""
    h = hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:10]
    d = opts.dir or os.path.join("catlayout-dist", f"{kind}-{h}")
    os.makedirs(d, exist_ok=True)
    meta = os.path.join(d, "run.json")
    old = json.load(open(meta)) if os.path.exists(meta) else None
    opts.previous_run = old
    if old is not None:
        if {k: v for k, v in old.items() if k not in grows} != {k: v for k, v in identity.items() if k not in grows}:
            log(f"[dist] {d} holds another run ({json.dumps(old)}); use another --dir")
            sys.exit(2)
    if old != identity:
        write_atomically(meta, json.dumps(identity, indent=1) + "\n")
    for f in os.listdir(d):  # a shard's file half-written when its worker was lost
        if ".tmp-" in f:
            os.remove(os.path.join(d, f))
    opts.dir = d
    return d


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------

def cmd_prove(opts, prove_args):
    if opts.shards < 1:
        log("[dist] --shards must be >= 1")
        return 2
    if "--threads" not in prove_args:
        prove_args = prove_args + ["--threads", "1"]  # one core per task: the engine spreads the shards
    d = run_dir(opts, "prove", {"command": "prove", "args": prove_args, "shards": opts.shards})
    paths = [os.path.join(d, f"shard-{i:05d}-of-{opts.shards}.json") for i in range(opts.shards)]
    jobs = [(i, p, opts.catlayout, prove_args, i, opts.shards, p) for i, p in enumerate(paths)]
    paths = run_shards(opts, prove_shard, jobs, "cases")
    merged = subprocess.run([opts.catlayout, "prove", "--merge", "--json", *paths], capture_output=True, text=True)
    if merged.returncode not in (0, 1):
        log(merged.stderr.strip())
        return 3
    write_atomically(os.path.join(d, "merged.json"), merged.stdout)
    text = subprocess.run([opts.catlayout, "prove", "--merge", *paths], capture_output=True, text=True)
    sys.stdout.write(text.stdout)
    print(f"merged result: {os.path.join(d, 'merged.json')}")
    return merged.returncode


def cmd_differential(opts):
    if opts.count < 1 or opts.batch < 1:
        log("[dist] --count and --batch must be >= 1")
        return 2
    n = -(-opts.count // opts.batch)
    # shard i's cases depend only on the seed, i and its size, so --count may grow or shrink in one directory
    d = run_dir(opts, "differential", {"command": "differential", "seed": opts.seed, "count": opts.count,
                                       "batch": opts.batch}, grows=("count",))
    oracle_venv = os.path.abspath(opts.oracle_venv)
    if not opts.finished_only:
        sys.path.insert(0, ORACLE)
        import cute_oracle as co
        from types import SimpleNamespace
        try:  # installed once here, before the tasks share it
            co.setup_env(SimpleNamespace(venv=oracle_venv, cxx=None, cuda_include=None), need_cute=True)
        except co.Skip as e:
            print(f"SKIP: the CuTe oracle cannot run here: {e}", flush=True)
            return 0
    # a shard short of --batch is the last of its campaign: this one's, or an earlier shorter one's
    before = (opts.previous_run or {}).get("count", opts.count)
    partial = {n - 1, (before - 1) // opts.batch}
    jobs = []
    for i in range(n):
        p = os.path.join(d, f"shard-{i:05d}.json")
        size = min(opts.batch, opts.count - i * opts.batch)
        jobs.append((i, p, opts.catlayout, oracle_venv, opts.seed, i, size, p))
        held = json.load(open(p))["cases"] if i in partial and os.path.exists(p) and not opts.finished_only else size
        if held != size:
            log(f"[dist] {os.path.basename(p)} holds {held} cases, {size} now: drawn again")
            os.remove(p)
    if opts.finished_only:  # the shards finished so far, nothing run (a campaign stopped early)
        paths = [j[1] for j in jobs if os.path.exists(j[1])]
        print(f"{len(paths)} of {len(jobs)} shards finished" +
              ("" if len(paths) == len(jobs) else "; the same command without --finished-only resumes"))
        if not paths:
            return 0
    else:
        paths = run_shards(opts, differential_shard, jobs, "cases")
    summary = merge_differential(paths, opts.catlayout)
    write_atomically(os.path.join(d, "summary.json"), json.dumps(summary, indent=1) + "\n")
    print_differential(summary, opts)
    return 1 if summary["findings"] else 0


def recheck(j, catlayout):
    """A shard checked again by this build and classified by the current specification: its cases
    hold CuTe's answers, so nothing of CuTe's is recomputed; the table, the findings and the
    explained differences are the ones this build and this specification give."""
    import tempfile
    work = tempfile.mkdtemp(prefix=f"catlayout-dist-recheck-{j['shard']}-")
    try:
        j["table"], j["findings"], j["explained"], _ = check_and_classify(catlayout, j["seed"], j["shard"],
                                                                         j["vectors"], work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def merge_differential(paths, catlayout):
    """The sum of the shard files, each read once and checked again by this build (recheck)."""
    sys.path.insert(0, ORACLE)
    import cute_oracle as co
    table, findings, explained, no_answer, shards, keys = {}, [], [], [], set(), set()
    cases = compared = 0
    cute_s = check_s = 0.0
    for p in paths:
        j = json.load(open(p))
        recheck(j, catlayout)
        if j["shard"] in shards:
            raise SystemExit(f"[dist] shard {j['shard']} appears twice ({p})")
        shards.add(j["shard"])
        cases += j["cases"]
        compared += j["compared"]
        cute_s += j["cute_seconds"]
        check_s += j["check_seconds"]
        for k, row in j["table"].items():
            t = table.setdefault(k, {})
            for col, v in row.items():
                t[col] = t.get(col, 0) + v
        findings += j["findings"]
        explained += j["explained"]
        no_answer += j["cute_no_answer"]
        # two shards may draw the same small case (an evaluate of 2:1); each shard draws distinct ones
        keys.update(co.case_key(c) for c in j["vectors"] + j["cute_no_answer"])
    return {"schema": "catlayout.dist-differential-summary/1", "shards": len(shards), "cases": cases,
            "distinct": len(keys), "compared": compared, "table": table, "findings": findings, "explained": explained,
            "cute_no_answer": no_answer, "cute_seconds": round(cute_s, 1), "check_seconds": round(check_s, 1)}


def smallest(items):
    return min(items, key=lambda x: len(json.dumps(x["args"])))


def print_differential(s, opts):
    sys.path.insert(0, ORACLE)
    import explain_differences as ex
    by_op, by_dist = {}, {}
    for k, row in s["table"].items():
        op, dist = k.split("\t")
        for target, key in ((by_op, op), (by_dist, dist)):
            t = target.setdefault(key, {})
            for col, v in row.items():
                t[col] = t.get(col, 0) + v
    print(f"catlayout dist differential: seed {opts.seed}, {s['cases']} cases in {s['shards']} shards "
          f"({s['distinct']} distinct: shards draw independently); "
          f"{s['compared']} with a CuTe answer or static_assert, {len(s['cute_no_answer'])} where CuTe has none "
          f"(a hard compile error or a crash)")
    for title, t in (("op", by_op), ("distribution", by_dist)):
        print(f"\n{title:18}" + "".join(f"{h:>13}" for h in ex.SHORT))
        tot = {}
        for key in sorted(t):
            print(f"{key:18}" + "".join(f"{t[key].get(c, 0):>13}" for c in ex.COLUMNS))
            for c, v in t[key].items():
                tot[c] = tot.get(c, 0) + v
        print(f"{'total':18}" + "".join(f"{tot.get(c, 0):>13}" for c in ex.COLUMNS))
    print(f"\nexplained by the specification (docs/definitions.md): {len(s['explained'])}")
    classes = {}
    for e in s["explained"]:
        classes.setdefault((e["class"], e["op"]), []).append(e)
    for (cls, op), es in sorted(classes.items()):
        print(f"    {cls} / {op}: {len(es)}; smallest {smallest(es)['why'][:400]}")
    if s["cute_no_answer"]:
        kinds = {}
        for e in s["cute_no_answer"]:
            kinds.setdefault(e["op"], []).append(e)
        print("\nCuTe without an answer (not compared), per op, the smallest:")
        for op, es in sorted(kinds.items()):
            e = smallest(es)
            print(f"    {op}: {len(es)}; {json.dumps(e['args'])}: {e['cute'][:200]}")
    print(f"\nfindings (differences the specification does not explain): {len(s['findings'])}")
    classes = {}
    for f in s["findings"]:
        classes.setdefault((f["op"], f["class"]), []).append(f)
    for (op, cls), fs in sorted(classes.items()):
        f = smallest(fs)
        print(f"    {op} / {cls}: {len(fs)}; smallest {f['id']}: {json.dumps(f['args'])} "
              f"CuTe {json.dumps(f['cute'])}; catlayout: {f['catlayout'][:200]}")
    print(f"\ntask seconds (wall): CuTe (g++ and run) {s['cute_seconds']}, catlayout check {s['check_seconds']}")
    print(f"summary: {os.path.join(opts.dir, 'summary.json')}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--scheduler", help="address of a Dask scheduler (default: a LocalCluster)")
    common.add_argument("--workers", type=int, help="LocalCluster workers (default: the cores)")
    common.add_argument("--dir", help="run directory (default: catlayout-dist/KIND-HASH of the command)")
    common.add_argument("--venv", default=os.environ.get("CATLAYOUT_DIST_VENV",
                                                         os.path.expanduser("~/.cache/catlayout/dist-venv")))
    common.add_argument("--catlayout", default=os.environ.get("CATLAYOUT", "catlayout"))
    common.add_argument("--retries", type=int, default=2, help="retries of a failed shard (default 2)")
    common.add_argument("--kill-worker-after", type=int, default=0, help=argparse.SUPPRESS)  # the lost-worker test
    p = sub.add_parser("prove", parents=[common])
    p.add_argument("--shards", type=int, required=True)
    d = sub.add_parser("differential", parents=[common])
    d.add_argument("--count", type=int, required=True)
    d.add_argument("--seed", required=True)
    d.add_argument("--batch", type=int, default=250, help="cases per shard (one g++ translation unit)")
    d.add_argument("--finished-only", action="store_true",
                   help="summarize the shards already finished in the run directory; run nothing")
    d.add_argument("--oracle-venv", default=os.environ.get("CATLAYOUT_ORACLE_VENV",
                                                          os.path.expanduser("~/.cache/catlayout/oracle-venv")),
                   help="venv with nvidia-cutlass, made if missing (default: ~/.cache/catlayout/oracle-venv)")
    opts, rest = ap.parse_known_args(argv)
    if opts.cmd == "differential" and rest:
        ap.error(f"unrecognized arguments: {' '.join(rest)}")
    if opts.scheduler is not None:
        check_scheduler(opts.scheduler)  # before Dask is installed or imported: one line, exit 2
    in_dask_venv(opts.venv)
    opts.catlayout = os.path.abspath(opts.catlayout) if os.sep in opts.catlayout else opts.catlayout
    if opts.cmd == "prove":
        return cmd_prove(opts, rest)
    return cmd_differential(opts)


def entry():
    """main, with every failure one line on stderr: no traceback reaches the user (set
    CATLAYOUT_DIST_TRACEBACK=1 to see one)."""
    try:
        return main()
    except Refused as e:
        log(f"catlayout dist: {e}")
        return 2
    except KeyboardInterrupt:
        log("catlayout dist: interrupted; finished shards are kept in the run directory (rerun to resume)")
        return 130
    except Exception as e:  # noqa: BLE001 (MemoryError, Dask's errors, a shard file that is not JSON, ...)
        if os.environ.get("CATLAYOUT_DIST_TRACEBACK"):
            raise
        text = " ".join(str(e).split())[:400]
        log(f"catlayout dist: {type(e).__name__}{': ' + text if text else ''} (CATLAYOUT_DIST_TRACEBACK=1 shows "
            "where)")
        return 3


if __name__ == "__main__":
    sys.exit(entry())
