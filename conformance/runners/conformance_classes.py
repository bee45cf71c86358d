"""The conformance suite's one definition of its ops, its cases and its classes, shared by the
runner (conformance/runners/runner.py), the adapters' protocol module and the Python package
(catlayout.conformance). Python 3 standard library only, and it imports nothing of catlayout, so
that the runner and the adapters (in venvs of their own, without catlayout) load it by its path.

A case's answer is classified against the case's `expect`, the reference (docs/vector-format.md, "Matching";
docs/adapter-protocol.md, "Classes"): exact, functional (the same function on [0, size), another
form), differs, refuses where the reference answers, refuses as the reference does, accepts what
the reference refuses, crash, not available."""
import json
import os
import random
import sys
from collections import defaultdict

# --------------------------------------------------------------------------
# The ops and the operand kinds
# --------------------------------------------------------------------------

# The layout algebra (CuTe's names), then the operations of docs/algebra.md's second part. OPS is
# the one list: the runner loads the cases of these ops, and an adapter declares which it serves.
LAYOUT_OPS = ["evaluate", "coalesce", "composition", "complement", "logical_divide", "zipped_divide",
              "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
              "flat_product", "blocked_product", "raked_product", "right_inverse", "left_inverse"]
NEW_OPS = ["make_layout", "make_ordered_layout", "make_layout_like", "tile_to_shape", "local_tile",
           "local_partition", "inner_partition", "outer_partition", "upcast", "downcast", "recast_layout",
           "nullspace", "coalesce_z", "layout_add", "greatest_common_domain"]
OPS = LAYOUT_OPS + NEW_OPS

# Operands beyond integer layouts, as the wire writes them (docs/algebra.md, "Wire forms"):
#   composed  {"swizzle": [B,M,S], "offset": k, "layout": L}  (Sw o k o L)
#   swizzle   {"swizzle": [B,M,S]}                            (a swizzle as composition's B)
#   coord     a stride entry {"basis": [p...], "scale": k}    (CuTe's ScaledBasis, k@p)
#   f2        a stride entry {"f2": v}                        (PyCuTe's F2 strides)
#   marked    an operand in CuTe's print with its marks, "(4,_8):(_1,4)" (static _8, run-time 4;
#             docs/vector-format.md, "Static and run-time integers")
KINDS = ("composed", "swizzle", "coord", "f2", "marked")
MAJORS = ("LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor")

# catlayout's own op names for the standard ops with other operand kinds (rows of the wire's op
# table, wire/src/op_table.cpp), read as the standard op: "swizzle.evaluate" of a composed layout is
# evaluate, and so on.
ALIASES = {"swizzle.evaluate": "evaluate", "swizzle.composition": "composition", "coord.evaluate": "evaluate",
           "coord.coalesce": "coalesce", "coord.composition": "composition"}


def is_composed(a):
    return isinstance(a, dict) and "swizzle" in a and "layout" in a


def operand_kinds(args):
    """The kinds (KINDS) of a case's operands; empty for integer layouts, tilers and tuples."""
    found = set()

    def walk(x):
        if isinstance(x, list):
            for e in x:
                walk(e)
        elif isinstance(x, str) and x not in MAJORS:
            found.add("marked")
        elif isinstance(x, dict):
            if "swizzle" in x:
                found.add("composed" if "layout" in x else "swizzle")
            if "basis" in x:
                found.add("coord")
            if "f2" in x:
                found.add("f2")
            for v in x.values():
                walk(v)

    walk(args)
    return frozenset(found)


def case_label(op, args):
    """The row a case is counted in: the op, with its operand kinds when there are any
    ("composition [composed]", "nullspace [f2]")."""
    kinds = operand_kinds(args)
    return f"{op} [{'+'.join(sorted(kinds))}]" if kinds else op


def capabilities(ops):
    """An adapter's capabilities as {op: frozenset of the operand kinds it takes beyond integer
    layouts}, from a list of op names (integer operands only) or a dict op -> kinds."""
    if isinstance(ops, dict):
        return {op: frozenset(k) for op, k in ops.items()}
    return {op: frozenset() for op in ops}


def not_served(name, caps, case):
    """Why an adapter with these capabilities does not answer this case (n/a), or None."""
    op = case.get("op")
    if op not in caps:
        return f"{name} has no {op}"
    extra = operand_kinds(case.get("args")) - caps[op]
    if extra:
        return f"{name}'s {op} takes no {' or '.join(sorted(extra))} operand"
    return None


# --------------------------------------------------------------------------
# The cases
# --------------------------------------------------------------------------

def wire_op(c):
    """The case's op in OPS (aliases resolved), or None."""
    op = ALIASES.get(c.get("op"), c.get("op"))
    if op == "evaluate" and c.get("op") == "swizzle.evaluate" and not (c["args"] and is_composed(c["args"][0])):
        return None  # swizzle.evaluate [swizzle, offsets...]: a swizzle's values, not a layout's
    return op if op in OPS else None


def corpus_files(root):
    """The built-in corpus under a vectors folder: seed-examples.json, catlayout/*.json (catlayout's
    expectations) and cute-ops/*.json (CuTe C++'s answers to the second part's ops, where they are
    the operation's function)."""
    files = [os.path.join(root, "seed-examples.json")]
    for sub in ("catlayout", "cute-ops"):
        d = os.path.join(root, sub)
        if os.path.isdir(d):
            files += sorted(os.path.join(d, f) for f in os.listdir(d)
                            if f.endswith(".json") and not f.endswith(".report.json"))
    return files


def load_cases(files, sample=0, seed=1):
    """The cases of OPS in vector files, each {"id", "op", "label", "args", "expect", "tags"};
    with `sample`, at most about that many, spread evenly over the labels (op and operand kinds)."""
    cases = []
    for f in files:
        with open(f) as fh:
            doc = json.load(fh)
        for c in doc["cases"]:
            op = wire_op(c)
            if op:
                cases.append({"id": c["id"], "op": op, "label": case_label(op, c["args"]), "args": c["args"],
                              "expect": c["expect"], "tags": list(c.get("tags", []))})
    if sample and len(cases) > sample:
        by_label = defaultdict(list)
        for c in cases:
            by_label[c["label"]].append(c)
        rng = random.Random(seed)
        per = max(1, sample // len(by_label))
        cases = [c for lb in sorted(by_label) for c in rng.sample(by_label[lb], min(per, len(by_label[lb])))]
    return cases


# --------------------------------------------------------------------------
# The classes
# --------------------------------------------------------------------------

CLASSES = ["exact", "functional", "differs", "refuses where the reference answers", "refuses as the reference does",
           "accepts what the reference refuses", "crash", "not available"]
SHORT = ["exact", "functional", "differs", "refuses", "refuses too", "accepts", "crash", "n/a"]
# The classes in which an implementation agrees with the reference.
AGREES = ("exact", "functional", "refuses as the reference does")


def flat(t):
    """The leaves of a nested list (a coordinate stride's dict is one leaf)."""
    return [x for c in t for x in flat(c)] if isinstance(t, list) else [t]


def table(layout):
    """The function of a layout on [0, size), or None (F2 strides, too large). With coordinate
    strides ({"basis": [p...], "scale": k}) each value is the sorted (path, value) pairs of its
    non-zero entries, an integer stride the path ()."""
    s, d = flat(layout["shape"]), flat(layout["stride"])
    if not all(isinstance(x, int) for x in s) or len(s) != len(d):
        return None
    coord = any(isinstance(x, dict) for x in d)
    if coord and not all(isinstance(x, int) or (isinstance(x, dict) and "basis" in x) for x in d):
        return None
    n = 1
    for x in s:
        n *= x
    if n > 1 << 20:
        return None
    out = []
    for i in range(n):
        rest, acc = i, {}
        for k in range(len(s)):
            c = rest % s[k]
            rest //= s[k]
            path, scale = ((), d[k]) if isinstance(d[k], int) else (tuple(d[k]["basis"]), d[k].get("scale", 1))
            acc[path] = acc.get(path, 0) + c * scale
        out.append(sorted((p, v) for p, v in acc.items() if v) if coord else acc.get((), 0))
    return out


def swizzle(bms, x):
    """CuTe's Swizzle<B,M,S>: the B bits at M + max(0,S) XORed into the B bits at M - min(0,S).
    A base below bit 0 (CuTe DSL's upcast answers Sw<1,-3,-3>, where CuTe C++ clamps to
    Sw<max(B+M,0),0,S>) reads only the bits at 0 and above: the ones below do not exist."""
    b, m, sh = bms
    at = m + max(0, sh)
    mask = ((1 << b) - 1) << at if at >= 0 else ((1 << b) - 1) >> -at
    y = x & mask
    return x ^ (y >> sh if sh >= 0 else y << -sh)


def unmarked_print(text):
    """A layout in CuTe's print with its marks as the wire's plain form, by the executable
    specification's reader (conformance/spec/layoutspec/runtime.py, standard library only); None
    where the text is no such print."""
    spec = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "spec"))
    if spec not in sys.path:
        sys.path.insert(0, spec)
    from layoutspec.runtime import plain, read
    try:
        return plain(read(text))
    except (ValueError, IndexError):
        return None


def tabulate(x):
    """The function of a result on [0, size): a layout, a composed layout (Sw o k o L), a
    partition ({"layout", "offset"}: the layout's values plus the offset), a layout in CuTe's print
    with its marks (a run-time answer in another form: other marks, other extent-1 modes) or a table
    an adapter gave for a result the wire has no form for ({"table": [...]}); None otherwise."""
    if isinstance(x, str):
        x = unmarked_print(x)
    if not isinstance(x, dict):
        return None
    if set(x) == {"table"} and isinstance(x["table"], list):
        return x["table"]
    if "shape" in x and "stride" in x:
        return table(x)
    if is_composed(x) and isinstance(x.get("offset", 0), int):
        t = tabulate(x["layout"])
        return None if t is None else [swizzle(x["swizzle"], x.get("offset", 0) + v) for v in t]
    if set(x) == {"layout", "offset"} and isinstance(x["offset"], int):
        t = tabulate(x["layout"])
        return None if t is None else [x["offset"] + v for v in t]
    return None


def is_error(v):
    return isinstance(v, dict) and "error" in v and "shape" not in v


def classify(expect, reply):
    """The class (CLASSES) of an adapter's reply ({"result": R} | {"error": text} | {"na": why} |
    {"crash": why}) to a case whose reference is `expect`."""
    if "na" in reply:
        return "not available"
    if "crash" in reply:
        return "crash"
    if "error" in reply:
        return "refuses as the reference does" if is_error(expect) else "refuses where the reference answers"
    got = reply.get("result")
    if is_error(expect):
        return "accepts what the reference refuses"
    if got == expect:
        return "exact"
    try:
        tg, te = tabulate(got), tabulate(expect)
    except (TypeError, KeyError, ValueError, IndexError, AttributeError, RecursionError):  # a result nested past
        return "differs"  # Python's recursion limit is no layout (the runner refuses such answers as it reads them)
    if tg is not None and tg == te:
        return "functional"
    return "differs"
