#!/usr/bin/env python3
"""ctest's checks of `catlayout dist` on two workers, a LocalCluster or a started scheduler (tiny sizes).

  test_dist.py CATLAYOUT BUILD_DIR prove|lost-worker|scheduler|differential

prove: the merged totals of 4 shards equal a single-process `catlayout prove` of the same bounds,
and a rerun resumes (every shard file kept, none redone). lost-worker: one worker is SIGKILLed
while it runs a shard; the shard is retried and the totals are still the single process's.
scheduler: a `dask scheduler` and a `dask worker` of two processes started as docs/scale.md says
for a cluster, `dist prove --scheduler ADDRESS`: the totals are the single process's.
differential: 8 random cases in 2 batches against CuTe C++, classified, nothing unexplained; grown
to 10 cases in the same directory, only the new shard runs; another seed there is refused.
Exit 77 (ctest SKIP) with the reason where Dask (or the CuTe oracle) cannot be installed.
"""
import json
import os
import re
import shutil
import subprocess
import sys

SKIP = 77
BOUNDS = ["--max-size", "6", "--max-rank", "2"]


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    sys.stderr.write(r.stderr[-3000:])
    if r.stdout.startswith("SKIP"):
        print(r.stdout.strip().splitlines()[0] if r.stdout.strip() else "SKIP: Dask unavailable")
        sys.exit(SKIP)
    return r


def totals(text):
    """{'cases checked': n, 'counterexamples': m} from prove's text output."""
    out = {}
    for line in text.splitlines():
        for k in ("cases checked", "counterexamples"):
            if line.startswith(k + ":"):
                out[k] = int(line.split(":")[1])
    return out


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main():
    catlayout, build, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    env = dict(os.environ, CATLAYOUT_DIST_VENV=os.path.join(build, "dist-venv"))
    d = os.path.join(build, f"dist-test-{mode}")
    shutil.rmtree(d, ignore_errors=True)
    common = ["--workers", "2", "--dir", d]
    if mode in ("prove", "lost-worker"):
        single = totals(subprocess.run([catlayout, "prove", *BOUNDS], capture_output=True, text=True).stdout)
        extra = ["--shards", "4"] if mode == "prove" else ["--shards", "8", "--kill-worker-after", "1", "--retries", "3"]
        r = run([catlayout, "dist", "prove", *extra, *BOUNDS, *common], env)
        got = totals(r.stdout)
        print(f"single process: {single}; dist: {got}")
        if r.returncode != 0 or got != single or not single:
            fail(f"dist prove exited {r.returncode}, totals {got}, single-process {single}")
        if mode == "lost-worker" and "killing worker" not in r.stderr:
            fail("no worker was killed (the shards finished before the kill): the test proved nothing")
        shards = sorted(f for f in os.listdir(d) if re.fullmatch(r"shard-\d+-of-\d+\.json", f))
        stamps = {f: os.stat(os.path.join(d, f)).st_mtime_ns for f in shards}
        merged = json.load(open(os.path.join(d, "merged.json")))
        if sorted(tuple(s) for s in merged["shards"]) != [(i, len(shards)) for i in range(len(shards))]:
            fail(f"merged shards {merged['shards']}: each shard exactly once expected")
        if mode == "prove":
            r2 = run([catlayout, "dist", "prove", *extra, *BOUNDS, *common], env)
            if "resuming: 4 of 4" not in r2.stderr or totals(r2.stdout) != single:
                fail("a rerun did not resume from the shard files")
            if any(os.stat(os.path.join(d, f)).st_mtime_ns != t for f, t in stamps.items()):
                fail("a rerun rewrote a finished shard")
        print("PASS")
        return 0
    if mode == "scheduler":
        return scheduler_mode(catlayout, build, env, d)
    if mode == "differential":
        oracle = os.path.join(build, "oracle-venv")
        r = run([catlayout, "dist", "differential", "--count", "8", "--batch", "4", "--seed", "ctest",
                 "--oracle-venv", oracle, *common], env)
        print(r.stdout)
        s = json.load(open(os.path.join(d, "summary.json")))
        counted = sum(sum(row.values()) for row in s["table"].values())
        if s["cases"] != 8 or s["shards"] != 2 or counted != s["compared"]:
            fail(f"summary: {s['cases']} cases, {s['shards']} shards, {counted} classified of {s['compared']}")
        if r.returncode != 0 or s["findings"]:
            fail(f"exit {r.returncode}, findings {s['findings']}")
        if not 0 < s["distinct"] <= s["cases"]:
            fail(f"{s['distinct']} distinct of {s['cases']} cases")
        # a longer campaign in the same directory: only the new shard runs
        r = run([catlayout, "dist", "differential", "--count", "10", "--batch", "4", "--seed", "ctest",
                 "--oracle-venv", oracle, *common], env)
        s = json.load(open(os.path.join(d, "summary.json")))
        if r.returncode != 0 or "resuming: 2 of 3" not in r.stderr or (s["cases"], s["shards"]) != (10, 3):
            fail(f"grown to --count 10: exit {r.returncode}, {s['cases']} cases in {s['shards']} shards\n{r.stderr}")
        r = run([catlayout, "dist", "differential", "--count", "10", "--batch", "4", "--seed", "other",
                 "--oracle-venv", oracle, *common], env)
        if r.returncode != 2 or "holds another run" not in r.stderr:
            fail(f"another seed in the same directory: exit {r.returncode}, {r.stderr.strip()[-300:]}")
        print("PASS")
        return 0
    fail(f"unknown mode {mode}")


def scheduler_mode(catlayout, build, env, d):
    """The cluster recipe of docs/scale.md on this machine: `dask scheduler`, `dask worker` with two
    worker processes, and `dist prove --scheduler ADDRESS`; the totals are one process's."""
    import time
    run([catlayout, "dist", "prove", "--shards", "1", "--max-size", "2", "--max-rank", "1", "--workers", "1",
         "--dir", d + "-venv"], env)  # installs Dask into the venv (or SKIPs)
    dask = os.path.join(build, "dist-venv", "bin", "dask")
    sched_file = os.path.join(build, "dist-test-scheduler.json")
    if os.path.exists(sched_file):
        os.remove(sched_file)
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address", ":0",
                               "--scheduler-file", sched_file], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(600):
            if os.path.exists(sched_file) and os.path.getsize(sched_file):
                break
            time.sleep(0.1)
        address = json.load(open(sched_file))["address"]
        procs.append(subprocess.Popen([dask, "worker", address, "--nthreads", "1", "--nworkers", "2",
                                       "--dashboard-address", ":0"], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL))
        python = os.path.join(build, "dist-venv", "bin", "python")
        subprocess.run([python, "-c", f"from distributed import Client; Client({address!r}).wait_for_workers(2, timeout=120)"],
                       check=True, stdout=subprocess.DEVNULL)
        single = totals(subprocess.run([catlayout, "prove", *BOUNDS], capture_output=True, text=True).stdout)
        r = run([catlayout, "dist", "prove", "--shards", "4", *BOUNDS, "--scheduler", address, "--dir", d], env)
        got = totals(r.stdout)
        print(f"scheduler {address}; single process: {single}; dist: {got}")
        if r.returncode != 0 or got != single or not single or f"on 2 workers (scheduler {address})" not in r.stderr:
            fail(f"dist prove --scheduler exited {r.returncode}, totals {got}, single-process {single}")
    finally:
        for p in reversed(procs):
            p.terminate()
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
