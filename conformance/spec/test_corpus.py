#!/usr/bin/env python3
"""Judge every case of conformance/vectors (gpu/ excluded) with layoutspec; per-op counts, every
disagreement and every case not covered.  Exit 1 on any disagreement or case not covered."""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from layoutspec.__main__ import judge_files, table  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, '..', 'vectors'))


def corpus_files():
    out = []
    for d, _, fs in os.walk(ROOT):
        if os.path.relpath(d, ROOT).split(os.sep)[0] == 'gpu':
            continue
        out += [os.path.join(d, f) for f in fs if f.endswith('.json')]
    return sorted(out)


def main():
    t0 = time.time()
    files = corpus_files()
    results = judge_files(files)
    for r in results:
        r['file'] = os.path.relpath(r['file'], os.path.dirname(ROOT))
    table(results)
    dis = [r for r in results if r['verdict'] == 'disagree']
    nc = [r for r in results if r['verdict'] == 'not_covered']
    warn = [r for r in results if r['warnings']]
    print(f'\n{len(dis)} disagreements:')
    for r in dis:
        print(f'  {r["id"]} [{r["file"]}] {r["why"]}')
    print(f'\n{len(nc)} not covered:')
    for r in nc:
        print(f'  {r["id"]} [{r["file"]}] {r["why"]}')
    print(f'\n{len(warn)} cases with warnings' + (' (layoutspec judge --list shows them)' if warn else ''))
    if '-v' in sys.argv:
        for r in warn:
            for w in r['warnings']:
                print(f'  {r["id"]}: {w}')
    print(f'\n{len(results)} cases in {len(files)} files, {time.time() - t0:.1f} s')
    return 1 if dis or nc else 0


if __name__ == '__main__':
    sys.exit(main())
