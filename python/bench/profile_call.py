#!/usr/bin/env python3
"""Where one Python call's time goes: instructions per call, by function, under callgrind.

This is a profile, not a test. It runs a statement N times under ``valgrind --tool=callgrind``
and once more 0 times (the same imports and setup), and prints the difference divided by N:
the instructions one call executes, in total and for the functions that take most of them
(self cost, so the rows add up to the total). Instruction counts do not depend on what else
the machine runs, which makes them the measure to compare on a shared machine; instructions
per nanosecond (printed by bench_pycute's figures divided by these) is about 3-4 on an EPYC.

    python python/bench/profile_call.py "cl.coalesce(A)"
    python python/bench/profile_call.py --pycute "P.coalesce(PA)"
    python python/bench/profile_call.py --top 25 "S.logical_divide(SA, SB)"

Names in the statement: cl (catlayout), S (catlayout.pycute), P (pycute, with --pycute), and
the operands A, B (catlayout.Layout), SA, SB (catlayout.pycute.Layout), PA, PB (pycute.Layout)
of ``--case`` (default the issue's logical_divide((8,16):(16,1), (4,2):(1,4))).
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

SETUP = """
import catlayout as cl
import catlayout.pycute as S
A, B = cl.Layout({a!r}), cl.Layout({b!r})
SA, SB = S.Layout(A), S.Layout(B)
if {pycute}:
    import pycute as P
    PA, PB = P.Layout(A.shape, A.stride), P.Layout(B.shape, B.stride)
def run(n):
    for _ in range(n):
        {stmt}
run(200)  # warm: first-call caches (type lookups, specialization) out of the count
run(int({n}))
"""


def self_costs(path):
    """Self instruction counts per function from callgrind_annotate's listing."""
    out = subprocess.run(["callgrind_annotate", "--threshold=100", path], capture_output=True,
                         text=True, check=True).stdout
    costs = collections.Counter()
    total = 0
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$", line)
        if not m:
            continue
        n = int(m.group(1).replace(",", ""))
        name = m.group(2)
        if "PROGRAM TOTALS" in name:
            total = n
            continue
        name = re.sub(r"^.*?:", "", name.split(" [")[0], count=1) if ":" in name else name
        costs[name] += n
    return total, costs


def measure(stmt, n, case, pycute):
    with tempfile.TemporaryDirectory() as d:
        results = []
        for reps in (0, n):
            script = os.path.join(d, f"s{reps}.py")
            with open(script, "w") as f:
                f.write(SETUP.format(a=case[0], b=case[1], pycute=pycute, stmt=stmt, n=reps))
            out = os.path.join(d, f"cg{reps}.out")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                            sys.executable, script], check=True, capture_output=True)
            results.append(self_costs(out))
    (t0, c0), (t1, c1) = results
    per_fn = {k: (c1[k] - c0.get(k, 0)) / n for k in c1}
    return (t1 - t0) / n, per_fn


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("stmt", help="the statement to profile, e.g. 'cl.coalesce(A)'")
    ap.add_argument("-n", type=int, default=20000, help="calls counted (default 20,000)")
    ap.add_argument("--top", type=int, default=15, help="functions listed (default 15)")
    ap.add_argument("--case", nargs=2, default=("(8,16):(16,1)", "(4,2):(1,4)"), metavar=("A", "B"))
    ap.add_argument("--pycute", action="store_true", help="import pycute as P (nvidia-cutlass 4.2)")
    args = ap.parse_args(argv)
    total, per_fn = measure(args.stmt, args.n, args.case, args.pycute)
    print(f"{args.stmt}: {total:,.0f} instructions per call (callgrind, {args.n:,} calls)")
    for name, ir in sorted(per_fn.items(), key=lambda kv: -kv[1])[:args.top]:
        if ir >= 0.5:
            print(f"  {ir:9,.0f}  {name[:110]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
