#!/usr/bin/env python3
"""Explain every case where catlayout and CuTe (static integers) disagree.

Usage: explain_differences.py VECTORS.json REPORT.json
  VECTORS.json: expectations computed by CuTe (cute_oracle.py generate)
  REPORT.json:  `catlayout check VECTORS.json --report REPORT.json`

For a case where CuTe returns a layout and catlayout refuses, CuTe's layout is checked against
the operation's definition by tabulation (composition: R(i) == A(B(i)); complement: disjoint
from A and covering [0, N); divide: a permutation of A's offsets whose tile mode is A o B;
product: injective when A and B are). Prints a table: agree / CuTe wrong / catlayout refuses
a correct CuTe answer (a catlayout defect) / error-kind naming differences.
"""
import json
import sys
from collections import Counter, defaultdict


def flat(t):
    return [t] if isinstance(t, int) else [x for c in t for x in flat(c)]


def ev(layout, i, extended=False):
    s, d = flat(layout["shape"]), flat(layout["stride"])
    off = 0
    for k in range(len(s)):
        if k == len(s) - 1 and extended:
            c = i
        else:
            c, i = i % s[k], i // s[k]
        off += c * d[k]
    return off


def size(layout):
    p = 1
    for x in flat(layout["shape"]):
        p *= x
    return p


def tab(layout):
    return [ev(layout, i) for i in range(size(layout))]


def mode(layout, i):
    s, d = layout["shape"], layout["stride"]
    if isinstance(s, int):
        return layout
    return {"shape": s[i], "stride": d[i]}


def injective(layout):
    t = tab(layout)
    return len(set(t)) == len(t)


def filt(a):
    s, d = flat(a["shape"]), flat(a["stride"])
    keep = [(x, y) for x, y in zip(s, d) if y != 0 and x != 1]
    return {"shape": [x for x, _ in keep] or [1], "stride": [y for _, y in keep] or [0]}


def strict_complement(a, n):
    """comp(A, N) of the paper (Def. 2.3.6.5), or None when A is not complementable:
    sorted filtered modes must satisfy s_i d_i | d_{i+1}; the rest rounds N up."""
    fa = filt(a)
    modes = sorted(zip(fa["stride"], fa["shape"]))
    if modes == [(0, 1)]:
        return {"shape": [n], "stride": [1]}
    shapes, strides, reach = [], [], 1
    for d, s in modes:
        if d < 0 or d < reach or d % reach:
            return None
        shapes.append(d // reach)
        strides.append(reach)
        reach = d * s
    shapes.append(-(-n // reach))
    strides.append(reach)
    return {"shape": shapes, "stride": strides}


def composes(r, a, b):
    return size(r) == size(b) and all(ev(r, i) == ev(a, ev(b, i), True) for i in range(size(b)))


def is_layout(x):
    return isinstance(x, dict) and "shape" in x


def check_definition(op, args, r):
    """True if r satisfies op's defining property, False if not, None if undefined/unchecked."""
    a = args[0]
    b = args[1] if len(args) > 1 else None
    if op == "composition":
        if is_layout(b):
            return composes(r, a, b)
        modes = b["tiler"]
        ok = True
        for i, t in enumerate(modes):
            tb = t if is_layout(t) else {"shape": t, "stride": 1}
            ok &= composes(mode(r, i), mode(a, i), tb)
        return ok
    if op == "complement":
        fa = filt(a)
        n = b if b is not None else ev(fa, size(fa) - 1) + 1
        both = {"shape": [fa["shape"], r["shape"]], "stride": [fa["stride"], r["stride"]]}
        if not injective(both):
            return False
        if n is not None:
            image = set(tab(both))
            return all(i in image for i in range(n))
        return True
    if op.endswith("_divide"):
        if size(r) != size(a) or sorted(tab(r)) != sorted(tab(a)):
            return False
        if is_layout(b) and op in ("logical_divide", "zipped_divide"):
            return composes(mode(r, 0), a, b)
        return True
    if op.endswith("_product"):
        # Every variant rearranges (A, comp(A, size(A) cosize(B)) o B): compare the multisets
        # of offsets with the definition's; undefined when A has no complement.
        if not is_layout(b):
            return None
        c = strict_complement(a, size(a) * (ev(b, size(b) - 1) + 1))
        if c is None:
            return None
        want = sorted(x + ev(c, ev(b, j), True) for j in range(size(b)) for x in tab(a))
        return sorted(tab(r)) == want
    return None


def main():
    vec = {c["id"]: c for c in json.load(open(sys.argv[1]))["cases"]}
    rep = json.load(open(sys.argv[2]))["cases"]
    table = defaultdict(Counter)
    examples = defaultdict(list)
    for c in rep:
        case = vec[c["id"]]
        op, exp = c["op"], case["expect"]
        if c["match"] != "fail":
            table[op]["agree"] += 1
            continue
        if isinstance(exp, dict) and "error" in exp:
            kind = "kind differs" if c["detail"].startswith("$") and "got " in c["detail"] and " error " not in c["detail"] else "catlayout computes, CuTe rejects"
            if "got {" in c["detail"] or "got (" in c["detail"] or c["detail"].split("got ")[-1][:1].isdigit():
                kind = "catlayout computes, CuTe rejects"
            else:
                kind = "error kind differs"
            table[op][kind] += 1
            examples[(op, kind)].append(c["detail"])
            continue
        verdict = check_definition(op, case["args"], exp)
        key = {True: "catlayout refuses a correct CuTe answer", False: "CuTe wrong (catlayout refuses)",
               None: "undefined by definition (catlayout refuses)"}[verdict]
        table[op][key] += 1
        examples[(op, key)].append(c["id"] + ": " + json.dumps(case["args"]) + " CuTe " + json.dumps(exp))
    cols = ["agree", "CuTe wrong (catlayout refuses)", "undefined by definition (catlayout refuses)",
            "error kind differs", "catlayout computes, CuTe rejects", "catlayout refuses a correct CuTe answer"]
    short = ["agree", "CuTe wrong", "undefined", "kind differs", "cl computes", "cl defect"]
    print(f"{'op':18}" + "".join(f"{h:>13}" for h in short))
    tot = Counter()
    for op in sorted(table):
        print(f"{op:18}" + "".join(f"{table[op][k]:>13}" for k in cols))
        tot.update(table[op])
    print(f"{'total':18}" + "".join(f"{tot[k]:>13}" for k in cols))
    for (op, key), ex in sorted(examples.items()):
        if key != "agree":
            print(f"\n{op} / {key}: {len(ex)}")
            for e in ex[:3]:
                print("   ", e[:300])
    return 1 if tot["catlayout refuses a correct CuTe answer"] else 0


if __name__ == "__main__":
    sys.exit(main())
