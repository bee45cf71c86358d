"""python3 -m layoutspec judge FILE... [--json OUT] [--list]   (PYTHONPATH=conformance/spec)"""
import argparse
import json
import sys
from collections import Counter, defaultdict
from .judge import verdict


def judge_files(paths):
    out = []
    for p in paths:
        with open(p) as fh:
            doc = json.load(fh)
        for case in doc.get('cases', []):
            out.append(verdict(case, p))
    return out


def table(results, stream=sys.stdout):
    per = defaultdict(Counter)
    for r in results:
        per[r['op']][r['verdict']] += 1
    w = max([len(str(op)) for op in per] + [2])
    print(f'{"op":<{w}} {"cases":>6} {"agree":>6} {"disagree":>9} {"not covered":>12}', file=stream)
    tot = Counter()
    for op in sorted(per, key=str):
        c = per[op]
        n = sum(c.values())
        tot.update(c)
        print(f'{op:<{w}} {n:>6} {c["agree"]:>6} {c["disagree"]:>9} {c["not_covered"]:>12}', file=stream)
    print(f'{"total":<{w}} {sum(tot.values()):>6} {tot["agree"]:>6} {tot["disagree"]:>9} {tot["not_covered"]:>12}',
          file=stream)


def main(argv=None):
    ap = argparse.ArgumentParser(prog='layoutspec')
    sub = ap.add_subparsers(dest='cmd', required=True)
    j = sub.add_parser('judge', help='judge every case of the vector files')
    j.add_argument('files', nargs='+')
    j.add_argument('--json', metavar='OUT', help='write every verdict as JSON')
    j.add_argument('--list', action='store_true', help='list every verdict, not only disagreements')
    a = ap.parse_args(argv)
    results = judge_files(a.files)
    table(results)
    for r in results:
        if a.list or r['verdict'] != 'agree':
            print(f'{r["verdict"]:<12} {r["id"]} [{r["file"]}] {r["why"]}')
        if a.list:
            for w in r['warnings']:
                print(f'    warning: {w}')
    if a.json:
        with open(a.json, 'w') as fh:
            json.dump({'schema': 'layoutspec.verdicts/1', 'verdicts': results}, fh, indent=1)
    return 1 if any(r['verdict'] == 'disagree' for r in results) else 0


if __name__ == '__main__':
    sys.exit(main())
