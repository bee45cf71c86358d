#!/usr/bin/env python3
"""The oracle's kind for a CuTe static_assert on a by-mode tiler agrees with catlayout's.

  test_error_kind.py CATLAYOUT

CuTe applies a by-mode tiler mode by mode and asserts `tuple_size<Tiler> <= rank` at every level
(composition, logical_divide, logical_product in cute/layout.hpp); catlayout refuses the same
inputs as invalid_input. The oracle's error_kind turns CuTe's static_assert into the schema's kind
for the vectors it writes, so for each case below it must name the kind catlayout gives: a tiler
longer than its layout at the top, nested one and two levels down (the second is the case of the
differential campaign's shard 72, docs/differential-dist.md, where CuTe static_asserts), on an
integer-shaped mode, and the same tilers cut to fit (each op's own kind or an answer); and the run-time
oracle's kind where CuTe's run-time path answers past a condition it asserts on static integers only.
No CuTe needed: the cases are written as vectors with the oracles' kinds and `catlayout check` judges them.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cute_oracle as co  # noqa: E402
import cute_runtime_oracle as cro  # noqa: E402

A = {"shape": [2, [4, 6], 2, 3], "stride": [5, [29, 0], 2, 43]}
L = lambda s, d: {"shape": s, "stride": d}  # noqa: E731
NESTED3 = {"tiler": [L(2, 2), L([[1, 2]], [[3, 3]]), L(1, 6)]}  # three modes for (4,6):(29,0)
LONG = [  # (layout, tiler modes): too many modes somewhere, every other mode admissible
    (A, [L(2, 1), L(2, 1), L(2, 1), L(1, 1), L(1, 1)]),
    (A, [L(2, 1), NESTED3, 1, L(1, 3)]),
    (A, [L(2, 1), {"tiler": [L(2, 1), {"tiler": [L(2, 1), L(1, 1)]}]}]),
    (L(8, 1), [{"tiler": [L(2, 1), L(2, 2)]}]),
]
FITS = [
    (A, [L(2, 1), {"tiler": NESTED3["tiler"][:2]}, 1, L(1, 3)]),
    (A, [L(2, 1), {"tiler": [L(2, 1), L(3, 1)]}]),
    (L(8, 1), [{"tiler": [L(4, 2)]}]),
]
SHARD72 = [A, {"tiler": [L([[2, 2]], [[1, 1]]), NESTED3, 1, L(1, 3)]}]  # composition; CuTe static_asserts


def main():
    catlayout = sys.argv[1]
    cases = []
    for op in ("composition", "logical_divide", "logical_product"):
        for k, (layout, tiler) in enumerate(LONG + FITS):
            args = [layout, {"tiler": tiler}]
            kind = co.error_kind(op, "", args)
            if (k < len(LONG)) != (kind == "invalid_input"):
                print(f"FAIL: error_kind({op}, {json.dumps(args)}) = {kind}")
                return 1
            if k < len(LONG):
                cases.append({"id": f"error_kind/{op}/{k}", "op": op, "args": args, "expect": {"error": kind}})
    # another mode's assert met first names the failure: g++ on CuTe 4.2 reports this divide's
    # complement assert (mode 0's tiler has no complement) before mode 1's "Too many modes"
    other = [A, {"tiler": [L([[2, 2]], [[1, 1]]), NESTED3]}]
    kind = co.error_kind("logical_divide", "Non-injective Layout detected in complement.", other)
    if kind != "inadmissible":
        print(f"FAIL: error_kind took a complement's static_assert for the nested tiler's rank ({kind})")
        return 1
    cases.append({"id": "error_kind/first_assert", "op": "logical_divide", "args": other, "expect": {"error": kind}})
    cases.append({"id": "error_kind/shard72", "op": "composition", "args": SHARD72,
                  "expect": {"error": co.error_kind("composition", "static assertion failed", SHARD72)}})
    # the run-time oracle: CuTe answers past a condition it asserts on static integers only (a
    # run-time extent makes complement's quotient a run-time 0: CuTe 4.2 prints (0,2):(3,8) for this
    # case), and the case expects the kind of that condition's static_assert
    rt = {"id": "error_kind/runtime_complement", "op": "complement", "args": ["(3,4):(_1,_2)"]}
    judged, verdict = cro.judge(rt, ("value", "(0,2):(3,8)"))
    if judged["expect"] != {"error": "not_complementable"}:
        print(f"FAIL: the run-time oracle expects {judged['expect']} ({verdict}) where CuTe skips its injectivity check")
        return 1
    cases.append(judged)
    with tempfile.TemporaryDirectory() as d:
        vec = os.path.join(d, "cases.json")
        json.dump({"schema": co.SCHEMA, "source": "test_error_kind.py", "cases": cases}, open(vec, "w"))
        r = subprocess.run([catlayout, "check", vec], capture_output=True, text=True)
    print(r.stdout[-2000:] + r.stderr[-2000:])
    if r.returncode != 0:
        print("FAIL: catlayout's kinds differ from error_kind's")
        return 1
    print(f"PASS: {len(cases)} cases; error_kind names catlayout's kind for each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
