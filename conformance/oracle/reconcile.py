#!/usr/bin/env python3
"""Turn CuTe C++'s answers (cute_ops_oracle.py generate) into the built-in vectors: CuTe's answer
wherever it meets CuTe's own contracts, judged by the executable specification alone
(docs/definitions.md, conformance/spec/layoutspec), not by the oracle's or catlayout's reading.

  reconcile.py ORACLE.json... --out-dir DIR [--report REPORT.md]

Runs each case through catlayout (the Python package: `pip install .`) and decides, per case:
- both answer the same (exactly, or the same function by the specification's evaluator: CuTe
  prints an identity swizzle `Sw<0,M,S> o 0 o L`) -> kept with catlayout's form (CuTe's in `cute`);
- both refuse -> the case expects catlayout's error kind (CuTe has no kinds; the oracle's mapping of
  its static_asserts is a guess, recorded in `note` where it differs);
- CuTe answers, catlayout refuses -> the specification judges CuTe's answer: it breaks a contract
  (tag `cute_wrong`) or the input breaks a precondition CuTe does not check (`cute_precondition`);
  CuTe's answer in `cute`, the verdict in `note`;
- CuTe answers, catlayout answers otherwise -> CuTe's answer must break a contract that
  catlayout's meets (tag `cute_wrong`, expect catlayout's answer);
- catlayout cannot hold CuTe's answer (not_representable) -> the case is left out and counted.
Anything else stops the run: a disagreement nobody explained.
"""
import argparse
from collections import Counter
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec"))
from layoutspec.judge import cute_answer, judge_answer  # noqa: E402
from layoutspec.values import read_any_layout  # noqa: E402

import catlayout  # noqa: E402


def catlayout_answer(case):
    try:
        return "value", catlayout.run_op(case["op"], case["args"])
    except catlayout.LayoutError as e:
        return "error", {"kind": e.kind, "message": str(e)}


def table(x):
    """A layout's, composed layout's or partition's function, by the specification's evaluator."""
    if isinstance(x, dict) and "offset" in x and "swizzle" not in x:
        return x["offset"], table(x["layout"])
    f = read_any_layout(x)
    return [f(i) for i in range(f.size())]


def same_function(x, y):
    try:
        return table(x) == table(y)
    except Exception:  # noqa: BLE001 (a form the evaluator does not read: not the same)
        return False


def add_note(case, text):
    case["note"] = (case["note"] + " | " if case.get("note") else "") + text


def tag(case, t):
    case["tags"] = [x for x in case.get("tags", []) if x not in ("cute_wrong", "cute_precondition")] + [t]


def reconcile(case, counts):
    expect = case["expect"]
    cute_error = isinstance(expect, dict) and set(expect) >= {"error"}
    cute = cute_answer(case) if cute_error else expect  # the oracle keeps CuTe's value in note
    tags = [t for t in case.get("tags", []) if t != "cute_wrong"]  # the oracle's verdict: judged again here
    if tags:
        case["tags"] = tags
    else:
        case.pop("tags", None)
    how, got = catlayout_answer(case)
    if cute is None:  # CuTe refuses (a static_assert)
        if how == "value":
            raise SystemExit(f"{case['id']}: CuTe refuses ({expect}), catlayout answers {json.dumps(got)}")
        if expect["error"] != got["kind"]:
            add_note(case, f"the oracle mapped CuTe's refusal to {expect['error']}")
            case["expect"] = {"error": got["kind"]}
        counts["both refuse"] += 1
        return case
    if how == "value" and (got == cute or same_function(got, cute)):
        case["expect"] = got
        if got != cute:
            case["cute"] = cute
            add_note(case, "CuTe C++ prints this as " + json.dumps(cute, separators=(",", ":")))
        counts["same" if got == cute else "same function, catlayout's form"] += 1
        return case
    if how == "error" and got["kind"] == "not_representable":
        counts["left out: catlayout does not hold CuTe's answer"] += 1
        return None
    verdict, contract, why = judge_answer(case["op"], case["args"], cute)
    case["cute"] = cute
    if verdict == "breaks":
        tag(case, "cute_wrong")
        case["expect"] = got if how == "value" else {"error": got["kind"]}
        case["note"] = f"cute_wrong: CuTe 4.2 returns {json.dumps(cute, separators=(',', ':'))} (in cute); it {why}"
        counts["CuTe's answer breaks its contract (cute_wrong)"] += 1
        return case
    if verdict == "precondition" and how == "error":
        tag(case, "cute_precondition")
        case["expect"] = {"error": got["kind"]}
        case["note"] = (f"cute_precondition: CuTe 4.2 returns {json.dumps(cute, separators=(',', ':'))} (in cute); {why}")
        counts["input outside a precondition CuTe does not check (cute_precondition)"] += 1
        return case
    raise SystemExit(f"{case['id']}: CuTe answers {json.dumps(cute)} ({verdict}: {why}), catlayout "
                     f"{json.dumps(got)}: a disagreement the specification does not explain")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+")
    p.add_argument("--out-dir", required=True)
    p.add_argument("--report")
    a = p.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    lines = ["| file | kept | " + " | ".join(["outcome", "cases"]) + " |", "|---|---|---|---|"]
    for f in a.files:
        doc = json.load(open(f))
        counts = Counter()
        kept = [c for c in (reconcile(c, counts) for c in doc["cases"]) if c is not None]
        doc["cases"] = kept
        doc["source"] += "; reconciled with catlayout by conformance/oracle/reconcile.py (notes say where)"
        out = os.path.join(a.out_dir, os.path.basename(f))
        with open(out, "w") as w:
            json.dump(doc, w, indent=1)
            w.write("\n")
        for k, v in sorted(counts.items()):
            lines.append(f"| {os.path.basename(f)} | {len(kept)} | {k} | {v} |")
        print(f"{out}: {len(kept)} cases; " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    if a.report:
        with open(a.report, "w") as w:
            w.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
