"""The two commands and what they report: classify (one CuTe outcome against the definition),
generate (random cases with CuTe's answers: the vector files, the table and the verdict report)
and run (CuTe's answers for the cases in vector files, judged against expect)."""

import json
import os
import random
import subprocess
import sys
import time

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import (ALL_OPS, DefError, EXT_OPS, is_composed, is_coord, is_layout, is_swizzle,
                     validate_case)
from .evaluation import is_nested_composed
from .harness import HARNESS
from .definitions import ASSERT_KINDS, check_case, compact, def_partition, error_kind, fmt_x
from .generators import GENERATORS, case_too_big


# --------------------------------------------------------------------------
# Classifying CuTe outcomes
# --------------------------------------------------------------------------

def classify(c, out):
    """-> dict(kind=..., expect=..., tags=[...], note=..., detail=...). kind:
    'value' (CuTe's answer is the definition's), 'footprint', 'cute_wrong', 'static_assert',
    'crash', 'crash_expected_error', 'compile_error', 'unrepresentable'."""
    op, args = c["op"], c["args"]
    k = out[0]
    if k == "value":
        v = out[1]
        verdict, detail, dkind = check_case(op, args, v)
        if verdict in ("ok", "footprint", "unchecked"):
            return {"kind": "value" if verdict != "footprint" else "footprint", "expect": v,
                    "detail": detail, "verdict": verdict}
        if verdict == "unrepresentable":
            return {"kind": "unrepresentable", "detail": detail, "verdict": verdict, "cute": v}
        note = (f"cute_wrong: CuTe 4.2 returns {fmt_x(v)} ({compact(v)}), which is not the operation's "
                f"function: {detail}")
        return {"kind": "cute_wrong", "expect": {"error": dkind or "inadmissible"}, "tags": ["cute_wrong"],
                "note": note, "detail": detail, "verdict": "wrong", "cute": v}
    if k == "static_assert":
        kind, key = error_kind(op, out[1], args)
        return {"kind": "static_assert", "expect": {"error": kind}, "assert": out[1], "assert_key": key}
    if k == "crash":
        # a crash the definition explains: local_partition with a thread layout that is not
        # injective (stride-0 mode: CuTe divides by the stride)
        try:
            if op == "local_partition":
                def_partition(op, args)
            else:
                raise DefError("", "")
        except DefError as e:
            if e.kind:
                return {"kind": "crash_expected_error", "expect": {"error": e.kind}, "tags": ["cute_crash"],
                        "note": f"CuTe 4.2 crashes here ({out[1]}, a division by a 0 stride in "
                                f"idx2crd); the definition has no answer: {e.why}", "crash": out[1]}
        return {"kind": "crash", "crash": out[1]}
    return {"kind": "compile_error", "msg": out[1]}


# --------------------------------------------------------------------------
# generate
# --------------------------------------------------------------------------

def gxx_version(cxx):
    try:
        r = subprocess.run([cxx, "--version"], capture_output=True, text=True)
        return r.stdout.splitlines()[0].strip()
    except Exception:  # pragma: no cover
        return cxx


def case_id(op, i, c):
    if op == "composition" and is_coord(c["args"][1]):
        return f"{op}/coordinate/{i:04d}"
    if op in EXT_OPS:
        return f"{op}/composed/{i:04d}"
    return f"{op}/{i:04d}"


def cmd_generate(args):
    ops = co.requested_ops(args.ops, ALL_OPS)
    if ops is None:
        return 2
    if not args.out and not args.out_dir:
        print("give --out FILE.json or --out-dir DIR", file=sys.stderr)
        return 2
    try:
        env = co.setup_env(args, need_cute=True)
    except co.Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    gxx = gxx_version(env.cxx)
    rng = random.Random(f"cute-ops-oracle/{args.seed}")
    seen = set()
    per_op = {}
    t_all = time.time()
    try:
        for op in ops:
            t0 = time.time()
            kept, stats = [], {"static_assert": {}, "crash": [], "compile_error": [], "unrepresentable": [],
                               "checker_error": [],
                               "duplicates": 0, "too_big": 0, "candidates": 0, "cute_seconds": 0.0}
            for attempt in range(4):
                need = args.count - len(kept)
                if need <= 0:
                    break
                cands = []
                tries = 0
                extra = need + max(4, need // 4)
                while len(cands) < extra and tries < extra * 60:
                    tries += 1
                    c = {"op": op, "args": GENERATORS[op](rng)}
                    key = co.case_key(c)
                    if key in seen:
                        stats["duplicates"] += 1
                        continue
                    seen.add(key)
                    if case_too_big(c):
                        stats["too_big"] += 1
                        continue
                    cands.append(c)
                stats["candidates"] += len(cands)
                t1 = time.time()
                outs, _ = co.cute_compute(env, cands, batch_size=args.batch_size, jobs=args.jobs,
                                          keep_dir=args.keep_build, harness=HARNESS)
                stats["cute_seconds"] += time.time() - t1
                for c, o in zip(cands, outs):
                    if len(kept) >= args.count:
                        break
                    try:
                        cl = classify(c, o)
                    except Exception as e:  # a checker bug must not lose the run: drop, report
                        stats["checker_error"].append((c, f"{type(e).__name__}: {e}; CuTe {co.describe(o)}"))
                        continue
                    kind = cl["kind"]
                    if kind == "crash":
                        stats["crash"].append((c, cl["crash"]))
                        continue
                    if kind == "compile_error":
                        stats["compile_error"].append((c, cl["msg"]))
                        continue
                    if kind == "unrepresentable":
                        stats["unrepresentable"].append((c, cl["detail"]))
                        continue
                    if kind == "static_assert":
                        stats["static_assert"].setdefault(cl["assert_key"], [0, cl["expect"]["error"], cl["assert"]])
                        stats["static_assert"][cl["assert_key"]][0] += 1
                    c["_cl"] = cl
                    kept.append(c)
            stats["seconds"] = time.time() - t0
            per_op[op] = (kept, stats)
            log_op(op, kept, stats)
    finally:
        env.cleanup()
    total_s = time.time() - t_all
    source = (f"NVIDIA CuTe C++ from nvidia-cutlass {co.CUTLASS_VERSION} (headers only, static integers), "
              f"compiled on the host with {gxx} -std=c++17 -O0, via conformance/oracle/cute_ops_oracle.py "
              f"generate --seed {args.seed} --count {args.count}; every answer checked against the op's "
              f"definition by tabulation in Python: where CuTe's answer is not the op's function the case "
              f"expects an error and carries the tag cute_wrong (CuTe's answer in note); a CuTe "
              f"static_assert is an expected error (inadmissible: divisibility/admissibility; "
              f"invalid_input: rank mismatch, malformed argument).")
    files = []
    if args.out_dir:
        os.makedirs(args.out_dir, exist_ok=True)
        for op in ops:
            path = os.path.join(args.out_dir, f"{op}.json")
            write_vectors(path, {op: per_op[op]}, source + f" Op {op}.")
            files.append(path)
    if args.out:
        write_vectors(args.out, per_op, source)
        files.append(args.out)
    if args.report:
        write_report(args.report, per_op, args, gxx, total_s, files)
    print_table(per_op)
    print(f"wrote {', '.join(files)}; total {total_s:.1f}s")
    return 0


def write_vectors(path, per_op, source):
    cases = []
    for op, (kept, _) in per_op.items():
        for i, c in enumerate(kept, 1):
            cl = c["_cl"]
            case = {"id": case_id(op, i, c), "op": op, "args": c["args"], "expect": cl["expect"]}
            if cl.get("tags"):
                case["tags"] = cl["tags"]
            if cl.get("note"):
                case["note"] = cl["note"]
            elif cl["kind"] == "static_assert":
                case["note"] = f"CuTe 4.2 static_assert: {cl['assert']}"
            elif cl["kind"] == "footprint":
                case["note"] = "CuTe's upcast here is a footprint, not an exact reinterpretation: " + cl["detail"]
            cases.append(case)
    co.write_vector_file(path, source, cases)


def op_counts(kept, stats):
    kinds = [c["_cl"]["kind"] for c in kept]
    return {"cases": len(kept),
            "agree": sum(1 for k in kinds if k == "value"),
            "footprint": sum(1 for k in kinds if k == "footprint"),
            "cute_wrong": sum(1 for k in kinds if k == "cute_wrong"),
            "static_assert": sum(1 for k in kinds if k == "static_assert"),
            "crash_error": sum(1 for k in kinds if k == "crash_expected_error"),
            "crash_dropped": len(stats["crash"]),
            "compile_error": len(stats["compile_error"]),
            "unrepresentable": len(stats["unrepresentable"]),
            "checker_error": len(stats["checker_error"])}


COLS = ["cases", "agree", "footprint", "cute_wrong", "static_assert", "crash_error", "crash_dropped",
        "compile_error", "unrepresentable", "checker_error"]


def print_table(per_op):
    w = max(len(o) for o in per_op) if per_op else 2
    print("op".ljust(w) + " " + " ".join(h.rjust(13) for h in COLS + ["seconds"]))
    for op, (kept, stats) in per_op.items():
        n = op_counts(kept, stats)
        print(op.ljust(w) + " " + " ".join(str(n[h]).rjust(13) for h in COLS)
              + f"{stats['seconds']:14.1f}")


def log_op(op, kept, stats):
    n = op_counts(kept, stats)
    co.log(f"[ops] {op}: " + ", ".join(f"{k} {v}" for k, v in n.items()) + f", {stats['seconds']:.1f}s")


DEFINITIONS = {
    "make_layout": "the input shape, compact: colexicographic (LayoutLeft, default) or lexicographic (LayoutRight) "
                   "order over the flattened shape",
    "make_ordered_layout": "the input shape; each unit (a sub-shape paired with an order leaf) a compact block, "
                           "blocks by increasing order; a tie between two units of size > 1 is a bad order "
                           "(invalid_input); LayoutLeft/LayoutRight as make_layout",
    "make_layout_like": "the input shape; stride-0 modes keep 0; the other modes of size > 1 compact, ordered "
                        "by their input stride values; two such modes with the same stride: no answer "
                        "(inadmissible)",
    "tile_to_shape": "rank(block) <= rank(target) (else invalid_input), block mode sizes divide the target's "
                     "(else inadmissible); the function of blocked_product(block padded to the target rank, "
                     "the ordered layout of target/block), i.e. block(a) + complement(block, size*cosize(O))(O(o)) "
                     "with (a, o) the block-fastest split of each mode; the result shape compatible with the "
                     "target (CuTe's @post); composed blocks: sw(off + that)",
    "local_tile": "inner_partition of the tensor by the tiler (after dicing tiler and coordinate with the "
                  "projection)",
    "local_partition": "the thread coordinate c with TL(c) == index (unique, else invalid_input), diced by "
                       "the projection; then outer_partition of the tensor by the shape tiler of the "
                       "(diced) thread layout at c",
    "inner_partition": "zipped_divide(L, T) as a function (each mode i: L_i(B_i(t) + complement(B_i, "
                       "size L_i)(r)), L_i extended past its size as CuTe does); keep the tile, slice the rest "
                       "with the coordinate; layout(k) + offset equals it for every k",
    "outer_partition": "as inner_partition, slicing the tile and keeping the rest",
    "upcast": "exact: X is the downcast of the result along some flat mode; otherwise (no exact upcast) the "
              "footprint: the result's image is exactly the set of N-element groups floor(X(i)/N) that X "
              "touches (counted as agree, tagged in the report)",
    "downcast": "size N*size(X) and, for some flat mode m, j -> N*X(c with c_m // N) + c_m % N (the new "
                "sub-element index the fastest part of mode m)",
    "recast_layout": "new/old bits reduced to num/den: identity, downcast<den> (num 1) or upcast<num> (den 1)",
    "nullspace": "an injective layout whose image is the kernel {i < size(X) : X(i) == X(0)}",
    "composition": "R(i) == A(B(i)) on [0, size(B)) (B a swizzle: on [0, size(A))), A extended past its size",
    "right_inverse": "R(i) in [0, size(X)) and X(R(i)) == i for i < size(R)",
    "left_inverse": "X injective and R(X(i)) == i for i < size(X), X(i) in [0, size(R))",
    "crd2idx": "a tuple coordinate mode by mode; an integer split colexicographically over the shape's leaves "
               "(the last leaf unbounded) and dotted with the stride; without a stride, the colexicographic "
               "strides (an integer is its own index) (coords.py)",
    "idx2crd": "with a stride, (i / d) % s per leaf (0 for s == 1, an integer stride spread as d times the "
               "colexicographic strides); without, the colexicographic split, the last leaf unbounded (coords.py)",
    "max_common_vector": "N >= 1 and A(i) == n at B's index i of n, for n < N, A extended past its size (CuTe's @post; not maximality) (common.py)",
    "max_common_layout": "A(R(i)) == i == B(R(i)) for i < size(R), A and B extended past their sizes (CuTe's @post; not maximality) (common.py)",
    "weakly_congruent": "1 where A is an integer, or A and B tuples of one rank weakly congruent mode by mode (relations.py)",
    "compatible": "1 where A is an integer equal to size(B), or A and B tuples of one rank compatible mode by mode (relations.py)",
    "coprofile": "0 for integer strides; for basis strides a tuple long enough for every stride's path, 0 at each end (relations.py)",
    "compact_major": "an integer start c: c times the product of the flat entries before (left) / after (right), "
                     "0 for an entry 1; a tuple start mode by mode (compacts.py)",
    "compact_col_major": "compact_major with LayoutLeft (compacts.py)",
    "compact_row_major": "compact_major with LayoutRight (compacts.py)",
    "domain_distribute": "size divides b, strictly increasing, image = A's colexicographic indices below the gcd walk "
                         "(compacts.py)",
    "select": "the tuple of L's modes at the given indices (an integer shape its own mode 0) (modes.py)",
    "take": "the tuple of L's modes [B, E), B < E <= rank (modes.py)",
    "group_modes": "modes [B, E) as one tuple mode, none where B == E, E == -1 the rank (modes.py)",
    "append": "L's modes then X (with N: X until rank N; L where N == rank) (modes.py)",
    "prepend": "X then L's modes (with N: X until rank N; L where N == rank) (modes.py)",
    "replace": "L's modes with mode N replaced by X; X for an integer-shape L and N == 0 (modes.py)",
    "size": "the product of the shape's entries (queries.py)",
    "cosize": "one more than the largest value of L with its strides absolute, tabulated (queries.py)",
    "rank": "the top-level modes, 1 for an integer shape (queries.py)",
    "depth": "0 for an integer shape, else 1 + the deepest mode's (queries.py)",
    "flatten": "the flat entries in order, an integer shape kept (queries.py)",
    "layout_mode": "mode I, then mode J of that, ...; an integer shape its own mode 0 (queries.py)",
    "make_layout_with_stride": "shape:stride, the two congruent (queries.py)",
    "make_layout_of_layouts": "the tuple whose mode k is layout k (queries.py)",
    "shape_div": "mode by mode for two tuples; else over the flat entries left to right, ceil(e / left), "
                 "left = ceil(left / e), one dividing the other (queries.py)",
    "domain_offset": "for every i < size(L): offset + R(i) equals sw(k + L(coord) + L(i)), the layout at the coordinate "
                     "moved by i (slices.py)",
    "slice_and_offset": "for every j < size(R): offset + R(j) equals the layout (swizzled: sw(k + L(.))) at the "
                        "coordinate with the holes filled by j's coordinate, colexicographic over the holes (slices.py)",
    "crd2crd": "mode by mode where coordinate and both shapes are tuples, else idx2crd(crd2idx(c, src), dst) "
               "without strides (coords.py)",
}


def write_report(path, per_op, args, gxx, total_s, files):
    L = ["# CuTe C++ 4.2 on the issue-41 ops: verdicts", "",
         f"Generated by `conformance/oracle/cute_ops_oracle.py generate --seed {args.seed} --count {args.count} "
         f"--ops {','.join(per_op)}` with nvidia-cutlass {co.CUTLASS_VERSION} headers, {gxx}, "
         f"`-std=c++17 -O0`. Total {total_s:.0f} s.", "",
         "Each CuTe answer is checked against the operation's definition by tabulation in Python "
         "(independent of catlayout): see README.md (`cute_ops_oracle.py`) for the definitions.", "",
         "| op | cases | agree | upcast footprint | CuTe wrong | static_assert | crash (error expected) "
         "| crash dropped | compile error dropped | unrepresentable dropped | checker error | seconds |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for op, (kept, stats) in per_op.items():
        n = op_counts(kept, stats)
        L.append(f"| {op} | " + " | ".join(str(n[h]) for h in COLS) + f" | {stats['seconds']:.0f} |")
    L.append("")
    L.append("Files: " + ", ".join(f"`{os.path.basename(p)}`" for p in files))
    L.append("")
    L.append("static_assert message -> expected error kind (first match; a message-less static_assert "
             "takes the kind of what the definition finds wrong, e.g. a coordinate longer than its mode):")
    L.append("")
    L.append("| CuTe 4.2 static_assert message | kind |")
    L.append("|---|---|")
    L.append("| `abs(SShift) must be more than BBits` | invalid_input for a malformed input swizzle, "
             "inadmissible when CuTe's make_swizzle builds it |")
    for key, kind in ASSERT_KINDS:
        L.append(f"| `{key}` | {kind} |")
    L.append("")
    for op, (kept, stats) in per_op.items():
        n = op_counts(kept, stats)
        L.append(f"## {op}")
        L.append("")
        L.append(f"Definition checked: {DEFINITIONS.get(op, '')}.")
        L.append("")
        L.append(f"{n['cases']} cases ({stats['candidates']} candidates, {stats['duplicates']} duplicates "
                 f"skipped, {stats['too_big']} too large); CuTe compile+run {stats['cute_seconds']:.0f} s, "
                 f"op total {stats['seconds']:.0f} s.")
        L.append("")
        if stats["static_assert"]:
            L.append("static_asserts (message -> kind, count):")
            for key, (cnt, kind, msg) in sorted(stats["static_assert"].items(), key=lambda kv: -kv[1][0]):
                L.append(f"- `{key}` -> `{kind}`: {cnt}")
            L.append("")
        examples(L, "CuTe functionally wrong", [c for c in kept if c["_cl"]["kind"] == "cute_wrong"],
                 lambda c: f"- `{op}` {fmt_args(c)}: CuTe `{fmt_x(c['_cl']['cute'])}`; {c['_cl']['detail']}")
        examples(L, "Footprint (not exact) upcasts", [c for c in kept if c["_cl"]["kind"] == "footprint"],
                 lambda c: f"- {fmt_args(c)} -> `{fmt_x(c['_cl']['expect'])}`")
        examples(L, "CuTe crashes, error expected", [c for c in kept if c["_cl"]["kind"] == "crash_expected_error"],
                 lambda c: f"- {fmt_args(c)}: {c['_cl']['note']}")
        examples(L, "Nested composed results (`layout` itself a composed layout)",
                 [c for c in kept if c["_cl"].get("expect") is not None and is_nested_composed(c["_cl"]["expect"])],
                 lambda c: f"- {fmt_args(c)} -> `{fmt_x(c['_cl']['expect'])}`")
        for label, key in (("crashes dropped", "crash"), ("compile errors dropped", "compile_error"),
                           ("unrepresentable results dropped", "unrepresentable"),
                           ("checker errors (cases dropped)", "checker_error")):
            examples(L, label, stats[key], lambda cm: f"- {fmt_args(cm[0])}: {str(cm[1])[:200]}")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def examples(L, title, items, line):
    """A report section of up to three examples: the title with the number of items, then line(item)
    for each of the first three and a blank line; nothing where there are no items."""
    if items:
        L.append(f"{title}: {len(items)} (first 3):")
        for item in items[:3]:
            L.append(line(item))
        L.append("")


def fmt_args(c):
    return " , ".join(fmt_arg(a) for a in c["args"])


def fmt_arg(a):
    if is_layout(a) or is_composed(a) or is_swizzle(a):
        return f"`{fmt_x(a)}`"
    if co.is_tiler(a):
        return "`<" + ", ".join(fmt_x(e) if is_layout(e) else compact(e) for e in a["tiler"]) + ">`"
    return f"`{compact(a)}`"


# --------------------------------------------------------------------------
# run
# --------------------------------------------------------------------------

def judge(expect, out, tags):
    k = out[0]
    if k == "value":
        if isinstance(expect, dict) and "error" in expect:
            return "cute_wrong" if "cute_wrong" in tags else "differ"
        return "agree" if out[1] == expect else "differ"
    if k == "static_assert":
        return "agree" if isinstance(expect, dict) and "error" in expect else "static_assert"
    if k == "crash":
        return "cute_crash" if "cute_crash" in tags else "crash"
    return "compile_error"


def cmd_run(args):
    supported, na = co.split_supported(co.load_vectors(args.vectors), validate_case)
    try:
        env = co.setup_env(args, need_cute=True)
    except co.Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    t0 = time.time()
    try:
        outs, stats = co.cute_compute(env, supported, batch_size=args.batch_size, jobs=args.jobs,
                                      keep_dir=args.keep_build, harness=HARNESS)
    finally:
        env.cleanup()
    cols = ["total", "agree", "differ", "cute_wrong", "cute_crash", "static_assert", "crash", "compile_error",
            "def-wrong"]
    ops = [o for o in ALL_OPS if any(c["op"] == o for c in supported)]
    table = {o: dict.fromkeys(cols, 0) for o in ops}
    per_case, bad = [], []
    for c, o in zip(supported, outs):
        row = table[c["op"]]
        row["total"] += 1
        v = judge(c.get("expect"), o, c.get("tags", []))
        row[v] += 1
        rec = {"id": c.get("id"), "op": c["op"], "args": c["args"], "expect": c.get("expect"),
               "cute": {"verdict": v, "kind": o[0], "result": o[1]}}
        if o[0] == "value":
            verdict, detail, _ = check_case(c["op"], c["args"], o[1])
            rec["definition"] = {"verdict": verdict, "detail": detail}
            if verdict == "wrong":
                row["def-wrong"] += 1
        per_case.append(rec)
        if v in ("differ", "static_assert", "crash", "compile_error"):
            bad.append((v, c, o))
    w = max([len("TOTAL")] + [len(o) for o in ops])
    print("op".ljust(w) + " " + " ".join(h.rjust(13) for h in cols))
    tot = dict.fromkeys(cols, 0)
    for op in ops:
        print(op.ljust(w) + " " + " ".join(str(table[op][h]).rjust(13) for h in cols))
        for h in cols:
            tot[h] += table[op][h]
    print("TOTAL".ljust(w) + " " + " ".join(str(tot[h]).rjust(13) for h in cols))
    print("(agree: CuTe's value equals expect, or CuTe static_asserts where an error is expected; "
          "cute_wrong: a value where the case, tagged cute_wrong, expects an error; cute_crash: a crash "
          "where the case, tagged cute_crash, expects an error; def-wrong: CuTe's value fails the op's "
          "definition)")
    if na:
        print("n/a: " + ", ".join(f"{op} x{len(v)}" for op, v in sorted(na.items())))
    for v, c, o in bad[:args.max_list]:
        print(f"[{v}] {c.get('id')} {c['op']} {compact(c['args'])}")
        print(f"    expect: {compact(c.get('expect'))}")
        print(f"    cute:   {co.describe(o)}")
    print(f"time: {time.time() - t0:.1f}s (cute wall {stats['wall_seconds']}s)")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"oracle": f"cute_ops_oracle.py, nvidia-cutlass {co.CUTLASS_VERSION}",
                       "vectors": args.vectors, "summary": table, "totals": tot,
                       "not_applicable": {op: [{"id": i, "why": w_} for i, w_ in v] for op, v in na.items()},
                       "cute_stats": stats, "cases": per_case}, f, indent=1)
    if args.expect_cute_agreement and bad:
        return 1
    return 0
