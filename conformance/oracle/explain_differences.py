#!/usr/bin/env python3
"""Explain every case where catlayout and CuTe (static integers) disagree.

Usage: explain_differences.py VECTORS.json REPORT.json [--all]
  VECTORS.json: expectations computed by CuTe (cute_oracle.py generate)
  REPORT.json:  `catlayout check VECTORS.json --report REPORT.json`

For a case where CuTe returns a layout and catlayout refuses, CuTe's layout is checked against
the operation's definition by tabulation, with CuTe's complement (floor fold) and A odd on
negative arguments (composition: R(i) == A(B(i)); complement: injective with A, increasing, and
covering [0, N) inside the categorical fragment; divide: the offsets of A o (B, comp(B)), and
the tile (mode 0; flat_divide: the leading modes of size(B)) A o B; product: the offsets of
(A, comp(A) o B)). `--all` lists every difference with its
counterexample, not three per op. Prints a table: agree / CuTe wrong / catlayout refuses
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


def fold(a):
    """CuTe's complement fold over filter(A) sorted by stride: the modes below the rest, the
    reach s_m d_m, and whether every stride was a multiple of the extent below it (the paper's
    complementable, Prop. 2.1.6.21). None where CuTe refuses (a quotient of 0, a negative stride)."""
    fa = filt(a)
    modes = sorted(zip(fa["stride"], fa["shape"]), key=lambda m: m[0])
    if modes == [(0, 1)]:
        return [], [], 1, True
    shapes, strides, reach, exact = [], [], 1, True
    for d, s in modes:
        if d < 0 or d < reach:
            return None
        exact = exact and d % reach == 0
        shapes.append(d // reach)
        strides.append(reach)
        reach = d * s
    return shapes, strides, reach, exact


def cute_complement(a, n):
    """CuTe's comp(A, N): the fold, then ceil(N / reach) : reach. None where CuTe refuses."""
    f = fold(a)
    if f is None:
        return None
    shapes, strides, reach, _ = f
    return {"shape": shapes + [-(-n // reach)], "stride": strides + [reach]}


def complementable(a):
    f = fold(a)
    return f is not None and f[3]


def ev_odd(layout, x):
    """A extended past its domain and odd on negative arguments, A(-x) = -A(x)."""
    return -ev(layout, -x, True) if x < 0 else ev(layout, x, True)


def composes(r, a, b):
    return counterexample(r, a, b) is None


def counterexample(r, a, b):
    """None if R(i) == A(B(i)) for every i (A extended and odd), else the first i where not."""
    if size(r) != size(b):
        return f"size {size(r)} != size(B) {size(b)}"
    for i in range(size(b)):
        x = ev(b, i)
        if ev(r, i) != ev_odd(a, x):
            return f"at i = {i}: CuTe's layout gives {ev(r, i)}, but A(B({i})) = A({x}) = {ev_odd(a, x)}"
    return None


WHY = {}  # case id -> the tabulated counterexample, filled by check_definition


def multiset_difference(got, want):
    """The first offset (in sorted order) where two multisets differ, as text."""
    for g, w in zip(got, want):
        if g != w:
            return f"sorted offsets differ first at {g} (CuTe) vs {w} (definition)"
    return f"{len(got)} offsets vs {len(want)} by the definition"


def is_layout(x):
    return isinstance(x, dict) and "shape" in x


def leading_modes(r, n):
    """The first top-level modes of r whose sizes multiply to n, as one layout (flat_divide's tile:
    A o B flattened into the front of the result), or None where no prefix has size n."""
    s, d = r["shape"], r["stride"]
    if isinstance(s, int):
        return r if s == n else None
    k, p = 0, 1
    while k < len(s) and p < n:
        p *= size({"shape": s[k], "stride": d[k]})
        k += 1
    return {"shape": s[:k], "stride": d[:k]} if p == n and k else None


def check_definition(op, args, r, case_id=None):
    """True if r satisfies op's defining property, False if not, None if undefined/unchecked.
    For False, WHY[case_id] holds the tabulated counterexample."""
    verdict, why = definition_verdict(op, args, r)
    if verdict is False and case_id is not None:
        WHY[case_id] = why
    return verdict


def definition_verdict(op, args, r):
    a = args[0]
    b = args[1] if len(args) > 1 else None
    if op == "composition":
        if is_layout(b):
            why = counterexample(r, a, b)
            return why is None, why
        for i, t in enumerate(b["tiler"]):
            tb = t if is_layout(t) else {"shape": t, "stride": 1}
            why = counterexample(mode(r, i), mode(a, i), tb)
            if why:
                return False, f"mode {i}: {why}"
        return True, None
    if op == "complement":
        # CuTe's post-conditions: (filter(A), C) injective, C increasing, C meets A only at 0;
        # inside the categorical fragment (filter(A), C) also covers [0, N).
        fa = filt(a)
        n = b if b is not None else ev(fa, size(fa) - 1) + 1
        both = {"shape": [fa["shape"], r["shape"]], "stride": [fa["stride"], r["stride"]]}
        tc = tab(r)
        if not injective(both):
            return False, "(filter(A), C) is not injective"
        if any(y <= x for x, y in zip(tc, tc[1:])):
            return False, "C is not increasing"
        if complementable(a):
            image = set(tab(both))
            miss = [i for i in range(n) if i not in image]
            return not miss, (f"(filter(A), C) misses {miss[0]} of [0, {n})" if miss else None)
        return True, None
    if op.endswith("_divide"):
        if is_layout(b):
            # A (/) B = A o (B, comp(B, size(A))), CuTe's complement: the same offsets in some order.
            c = cute_complement(b, size(a))
            if c is None:
                return None, None
            bc = {"shape": [b["shape"], c["shape"]], "stride": [b["stride"], c["stride"]]}
            want = sorted(ev_odd(a, ev(bc, i)) for i in range(size(bc)))
            got = sorted(tab(r))
            if got != want:
                return False, "not A o (B, comp(B)): " + multiset_difference(got, want)
            tile = leading_modes(r, size(b)) if op == "flat_divide" else mode(r, 0)
            why = counterexample(tile, a, b) if tile else None
            return why is None, (f"the tile is not A o B: {why}" if why else None)
        got, want = sorted(tab(r)), sorted(tab(a))
        if size(r) != size(a) or got != want:
            return False, "not a rearrangement of A: " + multiset_difference(got, want)
        return True, None
    if op.endswith("_product"):
        # Every variant rearranges (A, comp(A, size(A) cosize(B)) o B): compare the multisets
        # of offsets with the definition's; undefined when CuTe's complement refuses.
        if not is_layout(b):
            return None, None
        c = cute_complement(a, size(a) * (ev(b, size(b) - 1) + 1))
        if c is None:
            return None, None
        want = sorted(x + ev_odd(c, ev(b, j)) for j in range(size(b)) for x in tab(a))
        got = sorted(tab(r))
        return got == want, (None if got == want else "not (A, comp(A) o B): " + multiset_difference(got, want))
    return None, None


LIST = 3


AGREE = "agree"
CUTE_WRONG = "CuTe wrong (catlayout refuses)"
UNDEFINED = "undefined by definition (catlayout refuses)"
CATLAYOUT_DEFECT = "catlayout refuses a correct CuTe answer"
NO_LEFT_INVERSE = "both answer, no left inverse exists"
COLUMNS = [AGREE, CUTE_WRONG, UNDEFINED, "error kind differs", "catlayout computes, CuTe rejects", CATLAYOUT_DEFECT,
           "both answer, different layouts", NO_LEFT_INVERSE]
EXPLAINED = {CUTE_WRONG: "CuTe answers, catlayout refuses: CuTe's layout is not the operation's function",
             NO_LEFT_INVERSE: "A is not injective, so no left inverse exists: two conventions"}
SHORT = ["agree", "CuTe wrong", "undefined", "kind differs", "cl computes", "cl defect", "both differ",
         "no left inv"]


def catlayout_computes(detail):
    """The check report's words for a case where catlayout answered with a value ("got (4,2):(1,4)")."""
    got = detail.split("got ")[-1][:1]
    return "got " in detail and (got in "({[" or got.isdigit() or got == "-")


def classify(case, entry):
    """One case (CuTe's expect) and its entry in catlayout's check report: (column, line). A column
    other than AGREE and CUTE_WRONG is a difference the tabulation does not explain."""
    op, exp = entry["op"], case["expect"]
    if entry["match"] != "fail":
        return AGREE, None
    d = entry.get("detail", "")
    if isinstance(exp, dict) and "error" in exp:
        return ("catlayout computes, CuTe rejects" if catlayout_computes(d) else "error kind differs"), d
    if catlayout_computes(d):
        line = case["id"] + ": " + json.dumps(case["args"]) + " CuTe " + json.dumps(exp) + "; catlayout " + d
        if op == "left_inverse":
            # Def.: R o A = id on A's domain; none exists where A is not injective (tabulated), so
            # neither answer is a left inverse: a convention, not an error of either side.
            t = tab(case["args"][0])
            seen = {}
            for i, x in enumerate(t):
                if x in seen:
                    return NO_LEFT_INVERSE, f"{line}; A({seen[x]}) = A({i}) = {x}: A is not injective"
                seen[x] = i
        return "both answer, different layouts", line
    verdict = check_definition(op, case["args"], exp, case["id"])
    key = {True: CATLAYOUT_DEFECT, False: CUTE_WRONG, None: UNDEFINED}[verdict]
    return key, (case["id"] + ": " + json.dumps(case["args"]) + " CuTe " + json.dumps(exp) +
                 ("; " + WHY[case["id"]] if case["id"] in WHY else ""))


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
