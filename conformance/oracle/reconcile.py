#!/usr/bin/env python3
"""Turn CuTe C++'s answers (cute_ops_oracle.py generate) into the built-in vectors: catlayout's
expectation where CuTe's answer is not the operation's function, CuTe's everywhere else.

  reconcile.py ORACLE.json... --out-dir DIR [--report REPORT.md]

Runs each case through catlayout (the Python package: `pip install .`) and decides, per case:
- both answer the same (exactly, or the same function in another form: CuTe prints an identity
  swizzle `Sw<0,M,S> o 0 o L`, or two swizzles nested where catlayout merges them into one) ->
  the case is kept with catlayout's form (the other form in `note`);
- both refuse -> the case expects catlayout's error kind (CuTe has no kinds; the oracle's mapping of
  its static_asserts is a guess, recorded in `note` where it differs);
- CuTe answers, catlayout refuses with cute_answers -> expects catlayout's error, tag `cute_wrong`
  (the oracle's tabulation is the independent check; CuTe's answer goes in `note`);
- the oracle found CuTe's answer wrong and catlayout answers (nullspace: the kernel CuTe misses) ->
  expects catlayout's answer, tag `cute_wrong`, CuTe's answer in `note`;
- catlayout cannot hold CuTe's answer (two swizzles nested with an offset or not one swizzle:
  not_representable) -> the case is left out and counted.
Anything else stops the run: a disagreement nobody explained.
"""
import argparse
from collections import Counter
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cute_ops_oracle as oracle  # noqa: E402  (its evaluators of layouts of every kind)

import catlayout  # noqa: E402


def catlayout_answer(case):
    try:
        return "value", catlayout.run_op(case["op"], case["args"])
    except catlayout.LayoutError as e:
        kind = type(e).__name__
        names = {"Inadmissible": "inadmissible", "InvalidInput": "invalid_input", "NotRepresentable": "not_representable",
                 "NotComplementable": "not_complementable", "NotTractable": "not_tractable", "NotRefinable": "not_refinable"}
        return "error", {"kind": names.get(kind, kind), "message": str(e), "cute": getattr(e, "cute_answers", None)}


def same_function(x, y):
    """The same size and function on the domain (layouts, composed layouts nested or not)."""
    try:
        if oracle.xsize(x) != oracle.xsize(y):
            return False
        fx, fy = oracle.xtab(x), oracle.xtab(y)
        return fx == fy
    except Exception:  # noqa: BLE001 (a form one evaluator does not know: not the same)
        return False


def partition_equal(x, y):
    return isinstance(x, dict) and isinstance(y, dict) and "offset" in x and "offset" in y and \
        x["offset"] == y["offset"] and same_function(x["layout"], y["layout"])


def add_note(case, text):
    case["note"] = (case["note"] + " | " if case.get("note") else "") + text


def reconcile(case, counts):
    expect = case["expect"]
    cute_error = isinstance(expect, dict) and set(expect) >= {"error"}
    tags = case.get("tags", [])
    how, got = catlayout_answer(case)
    if how == "value":
        if not cute_error:
            if got == expect:
                counts["same"] += 1
                return case
            if same_function(got, expect) or partition_equal(got, expect):
                add_note(case, "CuTe C++ prints this as " + json.dumps(expect, separators=(",", ":")))
                case["expect"] = got
                counts["same function, catlayout's form"] += 1
                return case
            raise SystemExit(f"{case['id']}: catlayout {json.dumps(got)} and CuTe {json.dumps(expect)} differ")
        if "cute_wrong" in tags:  # the oracle found CuTe wrong; catlayout answers
            case["expect"] = got
            m = re.search(r"returns .*? \((\{.*?\})\), which", case.get("note", ""))
            if m and json.loads(m.group(1)) == got:  # catlayout takes CuTe's answer after all
                case["tags"] = [t for t in tags if t != "cute_wrong"]
                if not case["tags"]:
                    del case["tags"]
                add_note(case, "catlayout gives CuTe's answer: its function is the operation's (blocked_product's "
                               "for tile_to_shape), only CuTe's documented shape post-condition fails")
                counts["the oracle's objection is to CuTe's shape only: CuTe's answer kept"] += 1
            else:
                counts["CuTe wrong, catlayout answers the definition"] += 1
            return case
        raise SystemExit(f"{case['id']}: CuTe refuses ({expect}), catlayout answers {json.dumps(got)}")
    # catlayout refuses
    if got["kind"] == "not_representable" and not cute_error:
        counts["left out: CuTe's answer nests swizzles catlayout does not hold"] += 1
        return None
    if cute_error:
        if expect["error"] != got["kind"]:
            add_note(case, f"the oracle mapped CuTe's refusal to {expect['error']}")
            case["expect"] = {"error": got["kind"]}
            counts["both refuse, catlayout's kind"] += 1
        else:
            counts["both refuse"] += 1
        return case
    if got["cute"] is False:
        raise SystemExit(f"{case['id']}: CuTe answers {json.dumps(expect)}, catlayout refuses without saying CuTe "
                         f"answers: {got['message']}")
    add_note(case, "cute_wrong: CuTe 4.2 returns " + json.dumps(expect, separators=(",", ":")) + "; catlayout: " +
             got["message"])
    case["expect"] = {"error": got["kind"]}
    if "cute_wrong" not in tags:
        case["tags"] = tags + ["cute_wrong"]
    counts["CuTe answers, catlayout refuses (cute_wrong)"] += 1
    return case


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
