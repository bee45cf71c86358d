#!/usr/bin/env python3
"""Hold every refusal that says what CuTe does to what CuTe C++ does: for each case tagged
`cute_wrong`, `cute_precondition` or `cute_crash` (docs/vector-format.md, Tags) in the given vector
files, compile CuTe 4.2 on it (cute_oracle.py for the algebra, cute_ops_oracle.py for the CuTe API)
and judge what it gives by the executable specification (conformance/spec, apart from catlayout).

  confirm_tags.py FILES... [--venv DIR] [--out REPORT.json]

A tag is confirmed when CuTe does what it says:
- cute_wrong: CuTe returns a value, and that value breaks a contract (the specification's verdict
  `breaks`);
- cute_precondition: CuTe returns a value, and the input breaks a precondition CuTe does not check
  (`precondition`), or the value breaks a contract;
- cute_crash: CuTe crashes at run time.
Anything else contradicts the tag: CuTe does not compile it (a static_assert: the refusal is CuTe's
own, untagged), its value meets every contract (it is the answer), or it crashes where a value was
said. Cases neither oracle can compile are counted as n/a. Exits 1 on a contradiction.

Typical use, on catlayout's answers for fresh inputs:
  catlayout export --out /tmp/v --seed S --count 300 --force
  python3 conformance/oracle/confirm_tags.py /tmp/v/*.json --venv /tmp/cute-venv
"""
import argparse
from collections import Counter
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "spec"))
from layoutspec.judge import judge_answer  # noqa: E402

TAGS = ("cute_wrong", "cute_precondition", "cute_crash")
# the vector format's op names for composition's operand kinds; the oracles take them as composition
ORACLE_OP = {"coord.composition": "composition", "swizzle.composition": "composition"}


def tagged_cases(files):
    out = []
    for path in files:
        with open(path) as f:
            doc = json.load(f)
        for k, case in enumerate(doc.get("cases", [])):
            tags = [t for t in case.get("tags", []) if t in TAGS]
            if tags:
                out.append({**case, "id": f"{path}#{case.get('id', k)}", "tag": tags[0],
                            "op": ORACLE_OP.get(case["op"], case["op"]), "spec_op": case["op"]})
    return out


def run_oracle(script, cases, work, venv, extra):
    src = os.path.join(work, script + ".in.json")
    res = os.path.join(work, script + ".out.json")
    with open(src, "w") as f:
        json.dump({"schema": "catlayout.vectors/1",
                   "cases": [{k: v for k, v in c.items() if k not in ("tag", "spec_op")} for c in cases]}, f)
    cmd = [sys.executable, os.path.join(HERE, script), "run", src, "--out", res] + extra
    if venv:
        cmd += ["--venv", venv]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.stdout.startswith("SKIP:"):  # no pip, package, compiler or CUDA headers (cute_oracle.py)
        print(p.stdout.strip())
        sys.exit(77)
    if p.returncode != 0 or not os.path.exists(res):
        sys.exit(f"{script} failed ({p.returncode}):\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}")
    with open(res) as f:
        return {c["id"]: c["cute"] for c in json.load(f).get("cases", []) if "cute" in c}


def verdict(case, cute):
    """(outcome, why): outcome 'confirmed' or 'contradicts'."""
    kind, tag = cute.get("kind"), case["tag"]
    if kind == "crash":
        return ("confirmed", "CuTe crashes") if tag == "cute_crash" else ("contradicts", "CuTe crashes here")
    if kind != "value":
        return "contradicts", f"CuTe gives no value ({kind}: {str(cute.get('result'))[:100]})"
    if tag == "cute_crash":
        return "contradicts", "CuTe returns a value, no crash"
    how, cid, why = judge_answer(case["spec_op"], case["args"], cute["result"])
    if how == "breaks" or (how == "precondition" and tag == "cute_precondition"):
        return "confirmed", why
    return "contradicts", f"the specification says {how}: {why}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--venv", help="reuse (or create) the oracles' venv with nvidia-cutlass here")
    ap.add_argument("--out", help="write every case's outcome as JSON")
    a = ap.parse_args()
    cases = tagged_cases(a.files)
    print(f"{len(cases)} tagged refusals in {len(a.files)} files")
    with tempfile.TemporaryDirectory() as work:
        answers = run_oracle("cute_ops_oracle.py", cases, work, a.venv, [])
        core = [c for c in cases if c["id"] not in answers]
        answers.update(run_oracle("cute_oracle.py", core, work, a.venv, ["--engines", "cute"]) if core else {})
    table, rows, bad = Counter(), [], []
    for c in cases:
        cute = answers.get(c["id"])
        outcome, why = ("n/a", "no oracle compiles it") if cute is None or cute.get("verdict") == "n/a" \
            else verdict(c, cute)
        table[(c["spec_op"], c["tag"], outcome)] += 1
        rows.append({"id": c["id"], "op": c["spec_op"], "tag": c["tag"], "outcome": outcome, "why": why})
        if outcome == "contradicts":
            bad.append(rows[-1])
    print(f"{'op':24} {'tag':18} {'confirmed':>10} {'contradicts':>12} {'n/a':>6}")
    for op, tag in sorted({(o, t) for o, t, _ in table}):
        print(f"{op:24} {tag:18} {table[(op, tag, 'confirmed')]:>10} {table[(op, tag, 'contradicts')]:>12} "
              f"{table[(op, tag, 'n/a')]:>6}")
    for r in bad:
        print(f"contradicts  {r['id']} ({r['tag']}): {r['why']}")
    if a.out:
        with open(a.out, "w") as f:
            json.dump(rows, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
