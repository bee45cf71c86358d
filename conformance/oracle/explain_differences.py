#!/usr/bin/env python3
"""Explain every case where catlayout and CuTe (static integers) disagree, by the executable
specification alone (docs/definitions.md, conformance/spec/layoutspec: written apart from the
engines, the oracles and the checker).

Usage: explain_differences.py VECTORS.json REPORT.json [--all]
  VECTORS.json: expectations computed by CuTe (cute_oracle.py generate)
  REPORT.json:  `catlayout check VECTORS.json --report REPORT.json`

For a case where CuTe returns a layout and catlayout refuses, CuTe's answer is judged against
CuTe's own contracts (layoutspec.judge.judge_answer): it breaks one (CuTe wrong, the contract and
a counterexample named), the input breaks a precondition CuTe documents and does not check (CuTe
answers for another input), it meets them all (catlayout refuses a correct answer: a defect), or
the specification has no check there. `--all` lists every difference, not three per op. Prints a
table: agree / CuTe wrong / precondition / undefined / error-kind naming differences / ...
"""
import json
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec"))
from layoutspec.judge import judge_answer  # noqa: E402
from layoutspec.values import read_any_layout  # noqa: E402

LIST = 3

AGREE = "agree"
CUTE_WRONG = "CuTe wrong (catlayout refuses)"
CUTE_PRECONDITION = "CuTe answers outside a precondition (catlayout refuses)"
UNDEFINED = "undefined by definition (catlayout refuses)"
CATLAYOUT_DEFECT = "catlayout refuses a correct CuTe answer"
NO_LEFT_INVERSE = "both answer, no left inverse exists"
COLUMNS = [AGREE, CUTE_WRONG, CUTE_PRECONDITION, UNDEFINED, "error kind differs", "catlayout computes, CuTe rejects",
           CATLAYOUT_DEFECT, "both answer, different layouts", NO_LEFT_INVERSE]
EXPLAINED = {CUTE_WRONG: "CuTe answers, catlayout refuses: CuTe's answer breaks CuTe's contract",
             CUTE_PRECONDITION: "CuTe answers, catlayout refuses: the input breaks a precondition CuTe does not check",
             NO_LEFT_INVERSE: "A is not injective, so no left inverse exists: two conventions"}
SHORT = ["agree", "CuTe wrong", "precondition", "undefined", "kind differs", "cl computes", "cl defect",
         "both differ", "no left inv"]
BY_KIND = {"breaks": CUTE_WRONG, "precondition": CUTE_PRECONDITION, "meets": CATLAYOUT_DEFECT,
           "undefined": UNDEFINED, "refuses": UNDEFINED}


def catlayout_computes(detail):
    """The check report's words for a case where catlayout answered with a value ("got (4,2):(1,4)")."""
    got = detail.split("got ")[-1][:1]
    return "got " in detail and (got in "({[" or got.isdigit() or got == "-")


def first_collision(layout_json):
    """Two indices a layout maps to one offset (by the specification's evaluator), or None."""
    x = read_any_layout(layout_json)
    seen = {}
    for i in range(x.size()):
        v = x(i)
        if v in seen:
            return seen[v], i, v
        seen[v] = i
    return None


def classify(case, entry):
    """One case (CuTe's expect) and its entry in catlayout's check report: (column, line). A column
    outside EXPLAINED and AGREE is a difference the specification does not explain."""
    op, exp = entry["op"], case["expect"]
    if entry["match"] != "fail":
        return AGREE, None
    d = entry.get("detail", "")
    if isinstance(exp, dict) and "error" in exp:
        return ("catlayout computes, CuTe rejects" if catlayout_computes(d) else "error kind differs"), d
    line = case["id"] + ": " + json.dumps(case["args"]) + " CuTe " + json.dumps(exp)
    if catlayout_computes(d):
        line += "; catlayout " + d
        if op == "left_inverse":
            # No R with R(A(i)) == i exists where A is not injective: two conventions, neither an error.
            hit = first_collision(case["args"][0])
            if hit:
                return NO_LEFT_INVERSE, f"{line}; A({hit[0]}) = A({hit[1]}) = {hit[2]}: A is not injective"
        return "both answer, different layouts", line
    kind, _, why = judge_answer(op, case["args"], exp)
    return BY_KIND[kind], line + "; " + why


def main():
    global LIST
    args = [x for x in sys.argv[1:] if x != "--all"]
    if "--all" in sys.argv:
        LIST = 10 ** 9
    vec = {c["id"]: c for c in json.load(open(args[0]))["cases"]}
    rep = json.load(open(args[1]))["cases"]
    table = defaultdict(Counter)
    examples = defaultdict(list)
    for c in rep:
        key, line = classify(vec[c["id"]], c)
        table[c["op"]][key] += 1
        if line is not None:
            examples[(c["op"], key)].append(line)
    print(f"{'op':18}" + "".join(f"{h:>13}" for h in SHORT))
    tot = Counter()
    for op in sorted(table):
        print(f"{op:18}" + "".join(f"{table[op][k]:>13}" for k in COLUMNS))
        tot.update(table[op])
    print(f"{'total':18}" + "".join(f"{tot[k]:>13}" for k in COLUMNS))
    for (op, key), ex in sorted(examples.items()):
        print(f"\n{op} / {key}: {len(ex)}")
        for e in ex[:LIST]:
            print("   ", e[:400])
    return 1 if tot[CATLAYOUT_DEFECT] else 0


if __name__ == "__main__":
    sys.exit(main())
