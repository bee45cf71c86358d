#!/usr/bin/env python3
"""The specification tells a wrong answer from a right one: test_corpus.py shows it accepts every
expected value of the corpus, which a judge that accepted everything would do too. Here each op's
value cases (a seeded sample) get their expected value changed, and the judge must disagree:

- one integer of the value, +1 (in a CuTe print, one number), at each of up to six places spread
  over the value, the first and the last integer among them; a changed value may still be
  right (the stride of an extent-1 mode, an offset of a basis CuTe's print omits), so a case counts
  as caught when one of its changes is judged wrong;
- the value replaced by a refusal (`{"error": "inadmissible"}`) on an untagged case: the definition
  has an answer, so a refusal is wrong;
- on a `cute_wrong` case, CuTe's recorded answer replaced by the expected one: the tag is then wrong;
- on a refusal tagged `cute_wrong` or `cute_precondition`, CuTe's recorded answer expected instead:
  catlayout would then give an answer that breaks the definition.

Exit 1 when an op has a value case none of whose changes is caught (for an op of LOOSE, under half
of its cases caught), or a refusal, a tag or CuTe's wrong answer that is accepted.  `--all` takes every case (a few minutes), `--per-op=N` the sample size (default 12),
`--op=NAME` (repeatable) only those ops."""
import copy
import json
import os
import random
import re
import sys
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from layoutspec.judge import verdict, cute_answer  # noqa: E402
from test_corpus import corpus_files, ROOT  # noqa: E402

NUMBER = re.compile(r'-?\d+')

# Ops whose contract leaves the value free off a part of the domain: a change there is right by the
# definition, so only a share of their cases must be caught (CuTe's exact answer is pinned by the vectors
# through the checker, not by the specification).
LOOSE = {
    'left_inverse': 'the quasi-inverse (layout.hpp:1314-1317) fixes R only on the image of A: with a '
                    'stride-0 mode or a single offset, R is free off it',
}
LOOSE_SHARE = 0.5


def int_paths(v, path=()):
    """Paths to the integer leaves of a JSON value (not booleans), in document order."""
    if isinstance(v, bool):
        return []
    if isinstance(v, int):
        return [path]
    if isinstance(v, list):
        return [p for i, x in enumerate(v) for p in int_paths(x, path + (i,))]
    if isinstance(v, dict):
        return [p for k, x in v.items() for p in int_paths(x, path + (k,))]
    return []


def bumped(v, path):
    v = copy.deepcopy(v)
    if not path:
        return v + 1
    parent = v
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] += 1
    return v


def bumped_text(s, k):
    """The k-th number of a CuTe print, +1."""
    m = list(NUMBER.finditer(s))[k]
    return s[:m.start()] + str(int(m.group()) + 1) + s[m.end():]


def places(n, most=6):
    """Up to `most` of n integers, evenly spread, the first and the last among them."""
    return sorted({round(k * (n - 1) / (most - 1)) for k in range(most)}) if n else []


def changes(expect):
    """Changed copies of an expected value: one integer +1, at each of up to six places."""
    if isinstance(expect, str):
        return [bumped_text(expect, k) for k in places(len(NUMBER.findall(expect)))]
    ps = int_paths(expect)
    return [bumped(expect, ps[k]) for k in places(len(ps))]


def judged(case, file):
    return verdict(case, file)['verdict']


def main():
    t0 = time.time()
    per_op = None if '--all' in sys.argv else int(next(
        (a.split('=')[1] for a in sys.argv if a.startswith('--per-op=')), 12))
    only = {a.split('=', 1)[1] for a in sys.argv if a.startswith('--op=')}
    rng = random.Random(20261207)
    by_op, wrongs = defaultdict(list), defaultdict(list)
    for f in corpus_files():
        with open(f) as fh:
            doc = json.load(fh)
        for case in doc.get('cases', []):
            if only and case.get('op') not in only:
                continue
            e = case.get('expect')
            if isinstance(e, dict) and set(e) == {'error'}:
                if {'cute_wrong', 'cute_precondition'} & set(case.get('tags', [])) and judged(case, f) == 'agree':
                    wrongs[case.get('op')].append((f, case))
                continue
            if judged(case, f) != 'agree':
                continue            # test_corpus.py reports it
            by_op[case.get('op')].append((f, case))
    missed, loose, refusals, tags, answers, counts = [], [], [], [], [], defaultdict(lambda: [0, 0, 0])
    for op in sorted(by_op, key=str):
        cases = by_op[op]
        if per_op is not None and len(cases) > per_op:
            cases = rng.sample(cases, per_op)
        for f, case in cases:
            where = f'{case.get("id")} [{os.path.relpath(f, os.path.dirname(ROOT))}]'
            ch = changes(case['expect'])
            if ch:
                counts[op][0] += 1
                if not any(judged({**case, 'expect': x}, f) == 'disagree' for x in ch):
                    (loose if op in LOOSE else missed).append(
                        f'{op}: {where}: no change of {json.dumps(case["expect"])[:80]} is caught')
                else:
                    counts[op][1] += 1
            tagged = [t for t in case.get('tags', []) if t.startswith('cute_')]
            if not tagged and judged({**case, 'expect': {'error': 'inadmissible'}}, f) != 'disagree':
                refusals.append(f'{op}: {where}: a refusal is accepted')
            if 'cute_wrong' in tagged:
                right = {k: v for k, v in case.items() if k != 'note'}
                right['cute'] = case['expect']
                if judged(right, f) != 'disagree':
                    tags.append(f'{op}: {where}: cute_wrong is accepted with CuTe answering the expected value')
    for op in sorted(wrongs, key=str):
        cases = wrongs[op]
        if per_op is not None and len(cases) > per_op:
            cases = rng.sample(cases, per_op)
        for f, case in cases:
            cute = cute_answer(case)
            if cute is None:
                continue
            counts[op][2] += 1
            if judged({**case, 'expect': cute}, f) != 'disagree':
                where = f'{case.get("id")} [{os.path.relpath(f, os.path.dirname(ROOT))}]'
                answers.append(f'{op}: {where}: CuTe\'s answer {json.dumps(cute)[:80]} is accepted')
    print(f'{"op":<28} {"changed":>8} {"caught":>7} {"CuTe wrong, expected":>21}')
    for op in sorted(counts, key=str):
        print(f'{op:<28} {counts[op][0]:>8} {counts[op][1]:>7} {counts[op][2]:>21}')
    for op in LOOSE:
        if counts[op][0] and counts[op][1] < LOOSE_SHARE * counts[op][0]:
            missed.append(f'{op}: {counts[op][1]} of {counts[op][0]} changed cases caught, under {LOOSE_SHARE:.0%}')
    for title, xs in ((f'changes accepted as the contract allows ({"; ".join(f"{k}: {v}" for k, v in LOOSE.items())})',
                       loose),
                      ('value cases none of whose changes is caught', missed),
                      ('refusals accepted', refusals), ('cute_wrong tags accepted', tags),
                      ('CuTe\'s wrong answers accepted as the expected value', answers)):
        print(f'\n{len(xs)} {title}:')
        for x in xs:
            print('  ' + x)
    n, w = sum(c[0] for c in counts.values()), sum(c[2] for c in counts.values())
    print(f'\n{n} value cases changed, {w} of CuTe\'s wrong answers expected, over {len(counts)} ops, '
          f'{time.time() - t0:.1f} s')
    return 1 if missed or refusals or tags or answers else 0


if __name__ == '__main__':
    sys.exit(main())
