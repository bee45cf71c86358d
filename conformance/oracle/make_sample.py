#!/usr/bin/env python3
"""Build the committed CuTe-static sample from a generated file and catlayout's report on it.

Usage: make_sample.py TAGGED.json REPORT.json --per-op N --out SAMPLE.json
  TAGGED.json: `cute_oracle.py generate` output, retagged by `catlayout retag` (so each case carries
               catlayout's outside_categorical / cute_wrong / cute_precondition tags)
  REPORT.json: `catlayout check TAGGED.json --report REPORT.json`

Keeps, per op, every agreeing case tagged outside_categorical and then the first agreeing cases up to
N; and every case where catlayout refuses CuTe's answer and the executable specification
(docs/definitions.md, layoutspec.judge.judge_answer) finds that it breaks CuTe's contract
(cute_wrong) or that the input breaks a precondition CuTe does not check (cute_precondition), with
`expect` set to catlayout's error, CuTe's answer in `cute` and the verdict in `note`. Any other
difference stops the build.
"""
import argparse
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec"))
from layoutspec.judge import judge_answer  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("tagged")
    p.add_argument("report")
    p.add_argument("--per-op", type=int, default=40)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    doc = json.load(open(a.tagged))
    verdicts = {c["id"]: c for c in json.load(open(a.report))["cases"]}
    keep, wrong = defaultdict(list), []
    for case in doc["cases"]:
        v = verdicts[case["id"]]
        tags = case.get("tags", [])
        if v["match"] != "fail":
            keep[case["op"]].append(case)
            continue
        exp = case["expect"]
        if isinstance(exp, dict) and "error" in exp:
            sys.exit(f"{case['id']}: CuTe rejects, catlayout differs: {v['detail']}")
        verdict, contract, why = judge_answer(case["op"], case["args"], exp)
        tag = {"breaks": "cute_wrong", "precondition": "cute_precondition"}.get(verdict)
        if tag is None:
            sys.exit(f"{case['id']}: catlayout refuses an answer the specification does not reject ({why}): {v['detail']}")
        if tag not in tags:
            sys.exit(f"{case['id']}: the specification says {tag} ({why}), but catlayout's refusal is not tagged so")
        kind = v["detail"].split("got ", 1)[1].split(":", 1)[0]
        case = dict(case, expect={"error": kind}, cute=exp,
                    note=f"{tag}: CuTe C++ returns {json.dumps(exp)} (in cute); {why} (docs/definitions.md)")
        wrong.append(case)
    cases = []
    for op in sorted(keep):
        tagged = [c for c in keep[op] if "outside_categorical" in c.get("tags", [])]
        rest = [c for c in keep[op] if "outside_categorical" not in c.get("tags", [])]
        cases += tagged + rest[:max(0, a.per_op - len(tagged))]
    cases += wrong
    order = {c["id"]: i for i, c in enumerate(doc["cases"])}
    cases.sort(key=lambda c: order[c["id"]])
    source = (doc["source"].split("; Subset")[0] +
              f"; Subset: per op, every case catlayout answers exactly that is tagged outside_categorical, then "
              f"the first agreeing cases up to {a.per_op}; and every case where CuTe's layout fails the "
              f"definition by tabulation ({len(wrong)}), expecting catlayout's error, tagged cute_wrong, with "
              f"CuTe's answer and the counterexample in `note` (conformance/oracle/make_sample.py)")
    out = {"schema": doc["schema"], "source": source, "cases": cases}
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(f"{len(cases)} cases ({len(wrong)} cute_wrong, "
          f"{sum('outside_categorical' in c.get('tags', []) for c in cases)} outside_categorical) -> {a.out}")


if __name__ == "__main__":
    main()
