"""The conformance suite as a Python test resource: the built-in corpus's cases, the runner's
classification of an answer, and a decorator that runs the corpus against your functions in
pytest.

    import catlayout.conformance as conformance

    @conformance.suite(op="composition")
    def test_my_composition(case):
        return my_library.composition(*case.args)   # a wire-form result, or an object with .shape/.stride

One decorated test runs every case of the op (a pytest case each, named by the case's id); a
case fails where the answer differs from the reference, refuses where the reference answers, or
accepts what the reference refuses, and is skipped where it is not available (raise
NotImplementedError or conformance.NotAvailable). The plugin (catlayout.pytest_plugin, loaded by
pytest through its pytest11 entry point) prints the per-class counts at the end of the run.

The cases and the classes are the runner's own (conformance/runners/conformance_classes.py, which
the package carries as catlayout/conformance_classes.py, shared with
`catlayout conformance run`): the same ops, the same reading of catlayout's own op names, the
same classes. The corpus ships inside the package (catlayout/vectors)."""
import os
from collections import Counter, defaultdict
from typing import Any, NamedTuple, Tuple

from . import conformance_classes as _shared

CLASSES = list(_shared.CLASSES)
OPS = list(_shared.OPS)
KINDS = _shared.KINDS
AGREES = _shared.AGREES


class Case(NamedTuple):
    """One case of the corpus: its id, op (CuTe's name, docs/adapter-protocol.md), args and expect
    in their wire forms (docs/vector-format.md), tags, and the report row it counts in (the op and its
    operand kinds)."""
    id: str
    op: str
    args: list
    expect: Any
    tags: Tuple[str, ...]
    label: str


class NotAvailable(Exception):
    """Raised by an implementation for a case it cannot express: the class is "not available"."""


def vectors_dir():
    """The corpus's folder: $CATLAYOUT_VECTORS, else the one inside the package (the wheel carries
    it), else the source tree's conformance/vectors (a checkout used without installing)."""
    env = os.environ.get("CATLAYOUT_VECTORS")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (os.path.join(here, "vectors"), os.path.join(here, os.pardir, os.pardir, "conformance", "vectors")):
        if os.path.isfile(os.path.join(d, "seed-examples.json")):
            return os.path.normpath(d)
    raise FileNotFoundError("catlayout's vectors are neither in the package nor in a source tree; "
                            "set CATLAYOUT_VECTORS to a conformance/vectors folder")


def files():
    """The built-in corpus's files (seed-examples.json, catlayout/*.json, cute-ops/*.json)."""
    return _shared.corpus_files(vectors_dir())


def _as_set(x):
    return None if x is None else ({x} if isinstance(x, str) else set(x))


def cases(op=None, tags=None, skip_tags=None, kinds=None, files=None):
    """The corpus's cases (Case), in file order.

    op: an op name or several (None: all of OPS). tags: keep only cases carrying every one of these
    tags (docs/conformance.md: outside_categorical, strict_differs, cute_wrong, cute_precondition,
    cute_crash). skip_tags: drop cases carrying any of these.
    kinds: keep only cases whose operands beyond integer layouts are of these kinds (KINDS; () for
    integer layouts only; None: all). files: vector files instead of the built-in corpus."""
    ops, want, skip, ks = _as_set(op), _as_set(tags), _as_set(skip_tags), _as_set(kinds)
    unknown = (ops or set()) - set(OPS)
    if unknown:
        raise ValueError(f"unknown op {', '.join(sorted(unknown))}; the ops: {', '.join(OPS)}")
    for c in _shared.load_cases(files if files is not None else globals()["files"]()):
        t = set(c["tags"])
        if ops is not None and c["op"] not in ops:
            continue
        if (want and not want <= t) or (skip and skip & t):
            continue
        if ks is not None and not _shared.operand_kinds(c["args"]) <= ks:
            continue
        yield Case(c["id"], c["op"], c["args"], c["expect"], tuple(c["tags"]), c["label"])


def to_wire(x):
    """A result as its wire form: tuples as lists, an object with .shape and .stride (a catlayout or
    pycute Layout) as {"shape", "stride"}; dicts, lists and integers as they are."""
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, int):
        return x
    if isinstance(x, (tuple, list)):
        return [to_wire(e) for e in x]
    if isinstance(x, dict):
        return {k: to_wire(v) for k, v in x.items()}
    if hasattr(x, "shape") and hasattr(x, "stride"):
        return {"shape": to_wire(x.shape), "stride": to_wire(x.stride)}
    try:
        return int(x)  # numpy integers and the like
    except (TypeError, ValueError):
        raise TypeError(f"cannot write {type(x).__name__} as a wire form (return a dict, a list, an int, "
                        "or an object with .shape and .stride)") from None


def reply(fn, case):
    """Call fn(case) and wrap the outcome as an adapter's reply: {"result": R}, {"error": text} (any
    exception: a refusal) or {"na": why} (NotAvailable, NotImplementedError)."""
    try:
        return as_reply(fn(case))
    except (NotAvailable, NotImplementedError) as e:
        return {"na": str(e) or "not implemented"}
    except Exception as e:  # a refusal, whatever its type
        return {"error": f"{type(e).__name__}: {e}"}


def as_reply(answer):
    """An answer as a reply: a reply dict (one of result, error, na, crash) as it is, an exception as
    a refusal (or n/a), anything else as a result."""
    if isinstance(answer, (NotAvailable, NotImplementedError)):
        return {"na": str(answer) or "not implemented"}
    if isinstance(answer, BaseException):
        return {"error": f"{type(answer).__name__}: {answer}"}
    if isinstance(answer, dict) and len([k for k in ("result", "error", "na", "crash") if k in answer]) == 1 \
            and set(answer) <= {"id", "result", "error", "na", "crash"}:
        return {k: v for k, v in answer.items() if k != "id"}
    return {"result": to_wire(answer)}


def classify(case, answer):
    """The runner's class (CLASSES) of an answer to a case: exact, functional, differs, refuses
    where the reference answers, refuses as the reference does, accepts what the reference refuses,
    crash, not available. The answer: a result (wire form or an object with .shape and .stride), an
    exception (a refusal; NotAvailable: n/a), or a reply dict."""
    expect = case.expect if isinstance(case, Case) else case["expect"]
    return _shared.classify(expect, as_reply(answer))


# The classes of the cases run through suite() in this process: the plugin's end-of-run table.
tally = defaultdict(Counter)


def summary_lines():
    """The per-class counts of the cases run through suite(), one table row per op (and operand
    kinds); [] when none ran."""
    if not tally:
        return []
    total = Counter()
    for row in tally.values():
        total.update(row)
    w = max([12] + [len(lb) + 1 for lb in tally])
    short = dict(zip(CLASSES, _shared.SHORT))
    cols = [c for c in CLASSES if total[c]]
    lines = [f"{'op':{w}}" + "".join(f"{short[c]:>12}" for c in cols)]
    for lb in sorted(tally):
        lines.append(f"{lb:{w}}" + "".join(f"{tally[lb][c]:>12}" for c in cols))
    lines.append(f"{'total':{w}}" + "".join(f"{total[c]:>12}" for c in cols))
    has = sum(total.values()) - total["not available"]
    agree = sum(total[c] for c in AGREES)
    lines.append(f"agrees (exact, functional or refuses too) on {agree} of the {has} cases it has"
                 + (f" ({100.0 * agree / has:.1f}%)" if has else ""))
    return lines


def suite(op=None, tags=None, skip_tags=None, kinds=None, files=None, functional=True):
    """A decorator: the test function (one parameter, `case`, returning its answer) runs on every
    case that cases(op, tags, skip_tags, kinds, files) yields, one pytest case each. A case passes
    where the answer agrees with the reference (exact, functional, or refuses as it does;
    functional=False: exact or refuses too), is skipped where it is not available, and fails
    otherwise with the case, the answer and the reference."""
    import pytest

    selected = list(cases(op=op, tags=tags, skip_tags=skip_tags, kinds=kinds, files=files))
    agree = set(AGREES) - (set() if functional else {"functional"})

    def decorate(fn):
        def test(case):
            r = reply(fn, case)
            cls = _shared.classify(case.expect, r)
            tally[case.label][cls] += 1
            if cls == "not available":
                pytest.skip(f"{case.id}: not available: {r.get('na')}")
            if cls not in agree:
                got = r.get("result", r.get("error"))
                pytest.fail(f"{case.id}: {cls}: {case.op}{tuple(case.args)} -> {got!r}; reference {case.expect!r}",
                            pytrace=False)

        test.__name__, test.__qualname__ = fn.__name__, fn.__qualname__
        test.__doc__, test.__module__ = fn.__doc__, fn.__module__
        return pytest.mark.parametrize("case", selected, ids=[c.id for c in selected])(test)

    return decorate
