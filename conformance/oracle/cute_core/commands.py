"""The two commands: run (the cases of vector files asked of CuTe and pycute, each answer judged
against expect, the table and the disagreements) and generate (random cases with CuTe's answers as
expectations; error_kind: the schema kind of a CuTe static_assert)."""

import json
import random
import sys
import time

from .environment import CUTLASS_VERSION, Skip, log, setup_env
from .values import LAYOUT_OPS, SCHEMA, case_key, compact, validate_case
from .harness import cute_compute
from .pycute_engine import import_pycute, pycute_compute_one
from .generators import gen_case


# --------------------------------------------------------------------------
# run
# --------------------------------------------------------------------------

def load_vectors(paths):
    cases = []
    for p in paths:
        with open(p) as f:
            doc = json.load(f)
        if doc.get("schema") != SCHEMA:
            log(f"[oracle] WARNING: {p}: schema is {doc.get('schema')!r}")
        for c in doc.get("cases", []):
            cases.append((p, c))
    return cases


def judge_cute(expect, out):
    kind = out[0]
    if isinstance(expect, dict) and "error" in expect:
        if kind == "static_assert":
            return "agree"
        if kind == "value":
            return "differ"
        return "error"
    if kind == "value":
        return "agree" if out[1] == expect else "differ"
    return "error"


def judge_pycute(expect, out):
    kind = out[0]
    if kind == "n/a":
        return "n/a"
    if isinstance(expect, dict) and "error" in expect:
        return "agree" if kind == "raise" else "differ"
    if kind == "value":
        return "agree" if out[1] == expect else "differ"
    return "raise"


def describe(out):
    kind = out[0]
    if kind == "value":
        return compact(out[1])
    return f"<{kind}: {out[1]}>"


def split_supported(loaded, validate):
    """The cases of `loaded` ([(path, case)]) that `validate` accepts, and the others by op:
    {op: [(id, why)]}."""
    supported, na = [], {}
    for path, c in loaded:
        try:
            validate(c)
            supported.append(c)
        except (ValueError, KeyError, TypeError) as e:
            na.setdefault(c.get("op", "?"), []).append((c.get("id"), str(e)))
    return supported, na


def cmd_run(args):
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    for e in engines:
        if e not in ("cute", "pycute"):
            print(f"unknown engine {e!r}", file=sys.stderr)
            return 2
    supported, na = split_supported(load_vectors(args.vectors), validate_case)
    try:
        env = setup_env(args, need_cute="cute" in engines)
    except Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    try:
        t0 = time.time()
        cute_outs, cute_stats = (None, None)
        if "cute" in engines:
            cute_outs, cute_stats = cute_compute(env, supported, batch_size=args.batch_size,
                                                 jobs=args.jobs, keep_dir=args.keep_build)
        py_outs = None
        if "pycute" in engines:
            try:
                pycute = import_pycute(env)
            except Exception as e:  # pragma: no cover
                if args.require:
                    raise
                print(f"SKIP: cannot import pycute: {e}")
                return 0
            t1 = time.time()
            py_outs = [pycute_compute_one(pycute, c) for c in supported]
            log(f"[pycute] {len(supported)} cases in {time.time() - t1:.1f}s")
        total_s = time.time() - t0
    finally:
        env.cleanup()

    ops = sorted({c["op"] for c in supported}, key=lambda o: (LAYOUT_OPS.index(o), o))
    cols = ["total", "cute-agree", "cute-differ", "cute-error",
            "py-agree", "py-differ", "py-raise", "py-n/a"]
    table = {op: dict.fromkeys(cols, 0) for op in ops}
    per_case = []
    disagreements = []
    for i, c in enumerate(supported):
        row = table[c["op"]]
        row["total"] += 1
        rec = {"id": c.get("id"), "op": c["op"], "args": c["args"], "expect": c.get("expect")}
        if cute_outs is not None:
            o = cute_outs[i]
            v = judge_cute(c.get("expect"), o)
            row["cute-" + v] += 1
            rec["cute"] = {"verdict": v, "kind": o[0], "result": o[1]}
            if v != "agree":
                disagreements.append(("cute", v, c, o))
        if py_outs is not None:
            o = py_outs[i]
            v = judge_pycute(c.get("expect"), o)
            row["py-" + v] += 1
            rec["pycute"] = {"verdict": v, "kind": o[0], "result": o[1]}
            if v in ("differ", "raise"):
                disagreements.append(("pycute", v, c, o))
        per_case.append(rec)

    # table
    w = max([len("op")] + [len(o) for o in ops] + [len("TOTAL")])
    hdr = "op".ljust(w) + " " + " ".join(h.rjust(11) for h in cols)
    print(hdr)
    print("-" * len(hdr))
    tot = dict.fromkeys(cols, 0)
    for op in ops:
        print(op.ljust(w) + " " + " ".join(str(table[op][h]).rjust(11) for h in cols))
        for h in cols:
            tot[h] += table[op][h]
    print("-" * len(hdr))
    print("TOTAL".ljust(w) + " " + " ".join(str(tot[h]).rjust(11) for h in cols))
    if "cute" not in engines:
        print("(cute engine not run)")
    if "pycute" not in engines:
        print("(pycute engine not run)")
    if na:
        print("n/a (op not handled by the oracle or args not understood): " +
              ", ".join(f"{op} x{len(v)}" for op, v in sorted(na.items())))
    print()
    for eng in ("cute", "pycute"):
        ds = [d for d in disagreements if d[0] == eng]
        if not ds:
            continue
        print(f"== {eng} disagreements ({len(ds)}) ==")
        for _, v, c, o in ds[:args.max_list]:
            print(f"[{v}] {c.get('id')}  {c['op']} {compact(c['args'])}")
            print(f"    expect: {compact(c.get('expect'))}")
            print(f"    {eng}:  {describe(o)}")
        if len(ds) > args.max_list:
            print(f"    ... {len(ds) - args.max_list} more (see --out)")
        print()
    print(f"time: {total_s:.1f}s" + (f" (cute wall {cute_stats['wall_seconds']}s, "
                                     f"{cute_stats['distinct_cases']} distinct cases)" if cute_stats else ""))
    if args.out:
        doc = {"oracle": f"cute_oracle.py, nvidia-cutlass {CUTLASS_VERSION}",
               "engines": engines, "vectors": args.vectors,
               "summary": table, "totals": tot,
               "not_applicable": {op: [{"id": i, "why": w_} for i, w_ in v] for op, v in na.items()},
               "cute_stats": cute_stats, "cases": per_case}
        with open(args.out, "w") as f:
            json.dump(doc, f, indent=1)
        log(f"[oracle] wrote {args.out}")
    if args.expect_cute_agreement and any(d[0] == "cute" for d in disagreements):
        print("FAIL: CuTe (static integers) disagrees with the expectations above")
        return 1
    return 0


# --------------------------------------------------------------------------
# generate
# --------------------------------------------------------------------------

# expectation recorded when CuTe static_asserts (coalesce: profile deeper/longer than the layout)
ERROR_KIND = {"complement": "not_complementable", "coalesce": "invalid_input"}


def rank_of(shape):
    return 1 if isinstance(shape, int) else len(shape)


def tiler_longer_than(shape, tiler):
    """A by-mode tiler with more modes than the (sub)layout it meets, at any depth: CuTe applies
    a tiler mode by mode, recursing into nested tilers, and asserts the rank at each level
    (composition's `tuple_size<Tiler> <= rank`, a static_assert without a message)."""
    if len(tiler) > rank_of(shape):
        return True
    return any(isinstance(t, dict) and "tiler" in t
               and tiler_longer_than(shape[i] if isinstance(shape, list) else shape, t["tiler"])
               for i, t in enumerate(tiler))


def error_kind(op, message, args):
    """The schema kind for a CuTe static_assert: a tiler with more modes than the layout (or a
    nested tiler than its mode) is a malformed input (invalid_input); the algebra's own conditions
    keep the op's kind."""
    if "Too many modes" in message:
        return "invalid_input"
    if len(args) == 2 and isinstance(args[1], dict) and "tiler" in args[1]:
        shape, tiler = args[0]["shape"], args[1]["tiler"]
        if len(tiler) > rank_of(shape):  # asserted before any mode
            return "invalid_input"
        # deeper, the first assert met names the failure: one with a text of its own is another
        # mode's (a complement's), met first; composition's rank assert has none
        if message in ("", "static assertion failed") and tiler_longer_than(shape, tiler):
            return "invalid_input"
    return ERROR_KIND.get(op, "inadmissible")


def requested_ops(spec, supported):
    """--ops: comma-separated names, or 'all' (every supported op); None after naming, on stderr,
    one that is not supported."""
    ops = [o.strip() for o in spec.split(",") if o.strip()]
    if ops == ["all"]:
        return list(supported)
    for o in ops:
        if o not in supported:
            print(f"unsupported op {o!r}; supported: {','.join(supported)}", file=sys.stderr)
            return None
    return ops


def cmd_generate(args):
    ops = requested_ops(args.ops, LAYOUT_OPS)
    if ops is None:
        return 2
    try:
        env = setup_env(args, need_cute=True)
    except Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    rng = random.Random(f"cute-oracle/{args.seed}")
    per_op = {o: args.count // len(ops) + (1 if i < args.count % len(ops) else 0)
              for i, o in enumerate(ops)}
    kept = {o: [] for o in ops}
    dropped = []
    seen = set()
    try:
        for attempt in range(4):
            cands = []
            for o in ops:
                need = per_op[o] - len(kept[o])
                if need <= 0:
                    continue
                extra = need + max(2, need // 10)  # a few spares for dropped cases
                tries = 0
                made = 0
                while made < extra and tries < extra * 50:
                    tries += 1
                    c = {"op": o, "args": gen_case(rng, o)}
                    k = case_key(c)
                    if k in seen:
                        continue
                    seen.add(k)
                    cands.append(c)
                    made += 1
            if not cands:
                break
            outs, _ = cute_compute(env, cands, batch_size=args.batch_size, jobs=args.jobs,
                                   keep_dir=args.keep_build)
            for c, o in zip(cands, outs):
                op = c["op"]
                if len(kept[op]) >= per_op[op]:
                    continue
                if o[0] == "value":
                    c["expect"] = o[1]
                elif o[0] == "static_assert":
                    c["expect"] = {"error": error_kind(op, o[1], c["args"])}
                    c["cute_static_assert"] = o[1]
                else:
                    dropped.append((c, o))
                    continue
                kept[op].append(c)
            if all(len(kept[o]) >= per_op[o] for o in ops):
                break
    finally:
        env.cleanup()
    cases = []
    for o in ops:
        for i, c in enumerate(kept[o]):
            case = {"id": f"cute-gen/s{args.seed}/{o}/{i:04d}", "op": o, "args": c["args"],
                    "expect": c["expect"]}
            cases.append(case)
    doc = {"schema": SCHEMA,
           "source": (f"Random cases generated by conformance/oracle/cute_oracle.py generate "
                      f"--seed {args.seed} (ops {','.join(ops)}); expectations computed by NVIDIA CuTe "
                      f"C++ (nvidia-cutlass {CUTLASS_VERSION} headers, static integers, host g++); "
                      f"errors: CuTe static_assert observed (composition/divide/product/inverse: "
                      f"inadmissible, complement: not_complementable, coalesce with a profile that does not "
                      f"fit the layout: invalid_input)."),
           "cases": cases}
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    nerr = sum(1 for c in cases if isinstance(c["expect"], dict) and "error" in c["expect"])
    print(f"wrote {len(cases)} cases ({nerr} expecting an error) to {args.out}")
    for o in ops:
        e = sum(1 for c in kept[o] if isinstance(c["expect"], dict) and "error" in c["expect"])
        print(f"  {o:16s} {len(kept[o]):4d}  errors {e}")
    if dropped:
        print(f"dropped {len(dropped)} candidates where CuTe failed other than by static_assert:")
        for c, o in dropped[:20]:
            print(f"  {c['op']} {compact(c['args'])}: {describe(o)}")
    return 0
