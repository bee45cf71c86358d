#!/usr/bin/env python3
"""`catlayout local-partition DATA THREADS I PROJ` gives CuTe 4.2's layout and offset for every thread
I of the recorded cases (conformance/vectors/cute-ops/local_partition.projected.json: CuTe's answers,
compiled with CuTe's headers): the data (32,8):(1,32) over the threads (16,16):(1,16) with the
projections (X,_1) and (_1,X), CuTe's sgemm tutorial's Step<_1,X> / Step<X,_1>, and the header's own
example, through the command line a user types.

  local_partition_threads_test.py CATLAYOUT VECTORS.json [--every K]

--every K checks every K-th case (the first included): the sanitizer build's sample.
"""
import json
import subprocess
import sys


def text(t):
    return "(" + ",".join(text(x) for x in t) + ")" if isinstance(t, list) else str(t)


def layout_text(l):
    return text(l["shape"]) + ":" + text(l["stride"])


def projection_text(p):
    return "(" + ",".join("_1" if x else "X" for x in p) + ")"


def main():
    cl, vectors = sys.argv[1], sys.argv[2]
    every = int(sys.argv[4]) if len(sys.argv) == 5 and sys.argv[3] == "--every" else 1
    if len(sys.argv) not in (3, 5) or every < 1:
        sys.exit("usage: local_partition_threads_test.py CATLAYOUT VECTORS.json [--every K>=1]")
    cases = json.load(open(vectors))["cases"][::every]
    failed = 0
    for c in cases:
        data, threads, index, proj = c["args"]
        argv = [cl, "local-partition", "--json", layout_text(data), layout_text(threads), str(index), projection_text(proj)]
        r = subprocess.run(argv, capture_output=True, text=True)
        got = json.loads(r.stdout) if r.returncode == 0 else r.stderr.strip()
        if got != c["expect"]:
            failed += 1
            if failed <= 10:
                print(f"FAIL {c['id']}: {' '.join(argv[1:])}: got {got}, CuTe 4.2 {c['expect']}")
    sample = f" (every {every}th recorded case)" if every > 1 else ""
    print(f"{len(cases) - failed} of {len(cases)} threads{sample} give CuTe's layout and offset")
    return 1 if failed or not cases else 0


if __name__ == "__main__":
    sys.exit(main())
