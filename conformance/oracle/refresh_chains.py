#!/usr/bin/env python3
"""Bring CuTe's nested answers (chains of layouts, offsets and swizzles: CuTe's nested
ComposedLayout, docs/vector-format.md "composed chain") into the committed cute-ops vectors.

  refresh_chains.py GENERATED.json... --vectors-dir conformance/vectors/cute-ops

GENERATED are files of `cute_ops_oracle.py generate` (any seed). Before catlayout held chains,
reconcile.py left out the cases whose CuTe answer nests (catlayout answered not_representable), and
kept in catlayout's single-swizzle form the compositions whose two swizzles merged (CuTe's print in
`note`). This script, per file:
- adds every generated case whose CuTe answer nests (its `expect`, or, tagged cute_wrong, the answer
  its note quotes), each already checked by `generate`'s tabulation (but not a left inverse of a
  non-injective layout, where the oracle's check is stricter than CuTe's contract), under the id
  `OP/chain/sSEED-NNNN` (the generated id's number; a case already present is left alone);
- gives each committed case whose `note` records CuTe's nested print ("CuTe C++ prints this as X")
  that answer X as `expect` (catlayout now answers CuTe's form), the note dropped.
`catlayout check` on the files must pass afterwards (it does: README.md, "Chains").
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cute_ops  # noqa: E402,F401 (puts cute_oracle on the path)
from cute_ops.evaluation import is_nested_composed  # noqa: E402

PRINTS_AS = "CuTe C++ prints this as "


def quoted_answer(note):
    """The CuTe answer a cute_wrong note quotes: 'returns TEXT (JSON), which ...'."""
    m = re.search(r"returns .*? \((\{.*\})\), which", note or "")
    if not m:
        return None
    try:
        return json.loads(m.group(1))
    except ValueError:
        return None


def nests(case):
    """CuTe's answer nests, and the oracle's verdict on it is the specification's: a left inverse of a
    non-injective X the oracle calls wrong, where docs/definitions.md's quasi-inverse contract may hold
    (reconcile.py's judge decides those), is left out."""
    if "X is not injective" in case.get("note", ""):
        return False
    e = case.get("expect")
    if isinstance(e, dict) and "error" not in e:
        return is_nested_composed(e)
    cute = quoted_answer(case.get("note")) if "cute_wrong" in case.get("tags", []) else None
    return cute is not None and is_nested_composed(cute)


def refresh(generated, committed):
    seed = re.search(r"--seed (\d+)", generated.get("source", ""))
    seed = seed.group(1) if seed else "0"
    have = {c["id"] for c in committed["cases"]}
    added = rewritten = 0
    for c in committed["cases"]:
        note = c.get("note", "")
        if note.startswith(PRINTS_AS):
            cute = json.loads(note[len(PRINTS_AS):])
            if is_nested_composed(cute):
                c["expect"] = cute
                del c["note"]
                rewritten += 1
    for g in generated["cases"]:
        if not nests(g):
            continue
        new_id = f"{g['op']}/chain/s{seed}-{g['id'].rpartition('/')[2]}"
        if new_id in have:
            continue
        case = dict(g)
        case["id"] = new_id
        committed["cases"].append(case)
        have.add(new_id)
        added += 1
    return added, rewritten


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("generated", nargs="+")
    ap.add_argument("--vectors-dir", required=True)
    a = ap.parse_args()
    for path in a.generated:
        with open(path) as f:
            generated = json.load(f)
        target = os.path.join(a.vectors_dir, os.path.basename(path))
        if not os.path.exists(target):
            sys.exit(f"refresh_chains: no committed file {target} for {path}")
        with open(target) as f:
            committed = json.load(f)
        added, rewritten = refresh(generated, committed)
        if added and "refresh_chains.py" not in committed["source"]:
            committed["source"] += ("; cases OP/chain/sSEED-N (CuTe's nested answers) added by "
                                    "conformance/oracle/refresh_chains.py from generate --seed SEED")
        with open(target, "w") as f:
            json.dump(committed, f, indent=1)
            f.write("\n")
        print(f"{target}: {added} nested cases added, {rewritten} answers now CuTe's nested form")


if __name__ == "__main__":
    main()
