#!/usr/bin/env python3
"""The vector format's JSON Schema (conformance/vector-format.schema.json, docs/vector-format.md),
held against the repository with the `jsonschema` package from PyPI.

    vector_schema_test.py files VENV      every vector file under conformance/vectors matches it
    vector_schema_test.py negative VENV   hand-written bad documents are rejected, good ones accepted

`files` validates every *.json file under conformance/vectors whose `schema` member is
catlayout.vectors/1 (a file of another schema, e.g. a GPU report, is skipped by that member; a
file with none fails), checks that case ids are unique within a file, that the example document
of docs/vector-format.md matches, that the schema's per-op argument forms are ops of the op table
(the rows of wire/src/*.cpp), and that docs/definitions.md gives each op of the table its meaning.

jsonschema is pip-installed into VENV (a folder of the build tree) the first time; without venv,
pip or PyPI the test prints `SKIP: ...` and exits 77 (ctest: skipped).
"""
import json
import os
import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
SCHEMA_FILE = REPO / "conformance" / "vector-format.schema.json"
VECTORS = REPO / "conformance" / "vectors"
FORMAT_DOC = REPO / "docs" / "vector-format.md"
DEFINITIONS = REPO / "docs" / "definitions.md"
OP_ROWS = REPO / "wire" / "src"
FORMAT = "catlayout.vectors/1"
JSONSCHEMA_PIP = "jsonschema>=4.18,<5"
SKIP = 77


def skip(why):
    print(f"SKIP: {why}", flush=True)
    sys.exit(SKIP)


def in_venv(venv):
    """This script, run by VENV's python, which has jsonschema (installed here the first time)."""
    venv = os.path.abspath(venv)
    py = os.path.join(venv, "bin", "python")
    if os.path.abspath(sys.prefix) == venv:
        return
    if not os.path.exists(os.path.join(venv, ".catlayout-jsonschema")):
        print(f"installing {JSONSCHEMA_PIP} into {venv}", flush=True)
        r = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True, text=True)
        if r.returncode != 0:
            skip("python3 -m venv failed (Debian: python3-venv): " + (r.stderr or r.stdout).strip()[-300:])
        r = subprocess.run([py, "-m", "pip", "install", "--disable-pip-version-check", "--quiet", JSONSCHEMA_PIP],
                           capture_output=True, text=True)
        if r.returncode != 0:
            skip(f"pip cannot install {JSONSCHEMA_PIP} (no PyPI?): "
                 + " | ".join((r.stderr or r.stdout).strip().splitlines()[-2:]))
        open(os.path.join(venv, ".catlayout-jsonschema"), "w").close()
    os.execv(py, [py, os.path.abspath(__file__)] + sys.argv[1:])


def validator():
    import jsonschema
    schema = json.loads(SCHEMA_FILE.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)  # the schema itself is a valid 2020-12 schema
    return schema, jsonschema.Draft202012Validator(schema)


def where(doc, error):
    """The JSON path of an error, with the case's id when it lies in a case."""
    path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    p = list(error.absolute_path)
    if len(p) >= 2 and p[0] == "cases" and isinstance(p[1], int) and isinstance(doc.get("cases"), list):
        case = doc["cases"][p[1]]
        if isinstance(case, dict) and "id" in case:
            path += f" (case {case['id']!r})"
    return path


def deepest(error):
    """The most specific of an error's causes (anyOf/oneOf branches), for a readable message."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def op_table_ops():
    """The op names of the rows (each family's rows are defined beside their functions)."""
    text = "\n".join(p.read_text() for p in sorted(OP_ROWS.glob("*.cpp")))
    names = set(re.findall(r'\b(?:\w*row|morphism)(?:<[\w, ]+>)?\("([a-z_.]+)"', text))
    names |= set(re.findall(r'\{"([a-z_.]+)", OpFamily::\w+,', text))
    names |= set(re.findall(r'OpRow \w+\{"([a-z_.]+)", OpFamily::', text))
    return names


def files_mode():
    schema, v = validator()
    failures = []
    checked = skipped = cases = 0
    for path in sorted(VECTORS.rglob("*.json")):
        rel = path.relative_to(REPO)
        try:
            doc = json.loads(path.read_text())
        except ValueError as e:
            failures.append(f"{rel}: not JSON: {e}")
            continue
        kind = doc.get("schema") if isinstance(doc, dict) else None
        if kind != FORMAT:
            if isinstance(kind, str) and kind.startswith("catlayout.") and not kind.startswith("catlayout.vectors/"):
                print(f"skipped {rel}: schema {kind}, not a vector document")
                skipped += 1
            else:
                failures.append(f"{rel}: schema {kind!r}: neither {FORMAT} nor another catlayout document")
            continue
        errors = sorted(v.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
        for e in errors[:10]:
            d = deepest(e)
            failures.append(f"{rel}: {where(doc, d)}: {d.message[:300]}")
        if len(errors) > 10:
            failures.append(f"{rel}: ... {len(errors) - 10} more errors")
        ids = {}
        for i, c in enumerate(doc.get("cases", [])):
            if isinstance(c, dict) and isinstance(c.get("id"), str):
                if c["id"] in ids:
                    failures.append(f"{rel}: $.cases[{i}]: id {c['id']!r} repeats $.cases[{ids[c['id']]}]")
                ids.setdefault(c["id"], i)
        checked += 1
        cases += len(doc.get("cases", []))
    # The example of docs/vector-format.md is a valid document.
    blocks = re.findall(r"```json\n(.*?)```", FORMAT_DOC.read_text(), re.S)
    if not blocks:
        failures.append("docs/vector-format.md: no ```json example")
    for b in blocks:
        doc = json.loads(b)
        for e in v.iter_errors(doc):
            failures.append(f"docs/vector-format.md example: {where(doc, deepest(e))}: {deepest(e).message[:300]}")
    # The schema's per-op argument forms are ops of the table, and docs/definitions.md gives every op
    # of the table its meaning (a heading that names it).
    want = op_table_ops()
    have = {k[len("op:"):] for k in schema["$defs"] if k.startswith("op:")}
    if len(want) < 40:
        failures.append(f"wire/src: only {len(want)} op names found in the rows; has the rows' layout changed?")
    for op in sorted(have - want):
        failures.append(f"op {op} of the schema is not a row of the op table (wire/src)")
    headings = "\n".join(re.findall(r"^### .*$", DEFINITIONS.read_text(), re.M))
    for op in sorted(want):
        if f"`{op}`" not in headings:
            failures.append(f"op {op} has no heading in docs/definitions.md")
    for f in failures:
        print("FAIL:", f)
    print(f"{checked} vector files ({cases} cases) checked against {SCHEMA_FILE.relative_to(REPO)}, "
          f"{skipped} files of other schemas skipped, {len(have)} ops; {len(failures)} failures")
    return 1 if failures else 0


LAYOUT = {"shape": [4, 2], "stride": [1, 4]}


def case(op, args, expect, **more):
    return {"id": "t/0", "op": op, "args": args, "expect": expect, **more}


def doc(*cases, **top):
    return {"schema": FORMAT, "source": "vector_schema_test.py", "cases": list(cases), **top}


# Documents the schema must reject, each with the reason.
BAD = [
    ("no schema member", {"source": "x", "cases": []}),
    ("another format's identifier", {"schema": "catlayout.vectors/2", "source": "x", "cases": []}),
    ("no source", {"schema": FORMAT, "cases": []}),
    ("cases is not an array", {"schema": FORMAT, "source": "x", "cases": {}}),
    ("an unknown document member", doc(extra=1)),
    ("a provenance that is no provenance", doc(provenance="guessed")),
    ("a case without id", doc({"op": "coalesce", "args": [LAYOUT], "expect": LAYOUT})),
    ("a case without expect", doc({"id": "a", "op": "coalesce", "args": [LAYOUT]})),
    ("an op that is not a name", doc(case("coalesce 2", [LAYOUT], LAYOUT))),
    ("a misspelt case member", doc({**case("coalesce", [LAYOUT], LAYOUT), "expected": LAYOUT})),
    ("an unknown error kind", doc(case("composition", [LAYOUT, LAYOUT], {"error": "wrong"}))),
    ("an error with a message member", doc(case("composition", [LAYOUT, LAYOUT], {"error": "inadmissible", "message": "m"}))),
    ("tags that are not strings", doc(case("coalesce", [LAYOUT], LAYOUT, tags=[1]))),
    ("a tag twice", doc(case("coalesce", [LAYOUT], LAYOUT, tags=["cute_wrong", "cute_wrong"]))),
    ("a note that is not a string", doc(case("coalesce", [LAYOUT], LAYOUT, note=["x"]))),
    ("cute_precondition with an answer", doc(case("composition", [LAYOUT, LAYOUT], LAYOUT, tags=["cute_precondition"]))),
    ("cute_crash with an answer", doc(case("composition", [LAYOUT, LAYOUT], LAYOUT, tags=["cute_crash"]))),
    ("a cute answer of the wrong form", doc(case("composition", [LAYOUT, LAYOUT], {"error": "inadmissible"}, cute=[1, 2]))),
    ("a layout without stride", doc(case("coalesce", [{"shape": 4}], LAYOUT))),
    ("a shape entry 0", doc(case("coalesce", [{"shape": [4, 0], "stride": [1, 4]}], LAYOUT))),
    ("a string in an int tuple", doc(case("coalesce", [{"shape": [4, "2"], "stride": [1, 4]}], LAYOUT))),
    ("a fractional stride", doc(case("coalesce", [{"shape": 4, "stride": 1.5}], LAYOUT))),
    ("an integer past int64", doc(case("coalesce", [{"shape": 4, "stride": 2 ** 63}], LAYOUT))),
    ("a layout with an extra member", doc(case("coalesce", [{**LAYOUT, "offset": 0}], LAYOUT))),
    ("too many args", doc(case("coalesce", [LAYOUT, [1, 1], 3], LAYOUT))),
    ("too few args", doc(case("composition", [LAYOUT], LAYOUT))),
    ("args not an array", doc(case("coalesce", LAYOUT, LAYOUT))),
    ("a result of the wrong form", doc(case("composition", [LAYOUT, LAYOUT], [0, 1, 2]))),
    ("evaluate answering a layout", doc(case("evaluate", [LAYOUT], LAYOUT))),
    ("a swizzle of two parameters", doc(case("swizzle.evaluate", [{"swizzle": [1, 0]}, 3], [3]))),
    ("a negative swizzle B", doc(case("swizzle.evaluate", [{"swizzle": [-1, 0, 1]}, 3], [3]))),
    ("a composed layout without its layout", doc(case("right_inverse", [{"swizzle": [1, 0, 1], "offset": 0}], LAYOUT))),
    ("an empty by-mode tiler", doc(case("logical_divide", [LAYOUT, {"tiler": []}], LAYOUT))),
    ("a tiler of size 0", doc(case("logical_divide", [LAYOUT, {"tiler": [0]}], LAYOUT))),
    ("a basis stride without its path", doc(case("coord.coalesce", [{"shape": 4, "stride": {"scale": 2}}],
                                                 {"shape": 4, "stride": {"basis": [0]}}))),
    ("an F2 stride beside a nonzero integer", doc(case("coalesce_z", [{"shape": [2, 2], "stride": [{"f2": 1}, 2]}],
                                                       LAYOUT))),
    ("a projection with 2", doc(case("local_tile", [LAYOUT, {"tiler": [2, 2]}, [0, 0], [1, 2]],
                                     {"layout": LAYOUT, "offset": 0}))),
    ("a partition without offset", doc(case("local_tile", [LAYOUT, {"tiler": [2, 2]}, [0, 0]], {"layout": LAYOUT}))),
    ("an unknown major", doc(case("make_layout", [[4, 2], "RowMajor"], LAYOUT))),
    ("a morphism without map", doc(case("nest.coalesce", [{"domain": 4, "codomain": 4}], {"domain": 4, "codomain": 4, "map": [1]}))),
    ("a refinement without second", doc(case("mutual_refinement", [6, [2, 3]], {"first": [2, 3]}))),
    ("a linear layout without out_bits", doc(case("linear.inverse", [{"bases": [1, 2]}], {"bases": [1, 2], "out_bits": 2}))),
    ("an mma operand D", doc(case("mma.fragment", ["mma.m16n8k16.f32.f16.f16.f32", "D"],
                                  {"tv_layout": LAYOUT, "table_digest": "0123456789abcdef"}))),
    ("a fragment with neither table nor digest", doc(case("mma.fragment", ["mma.m16n8k8.f16.f16.f16.f16", "A"],
                                                          {"tv_layout": LAYOUT}))),
    ("a table digest that is no digest", doc(case("mma.fragment", ["mma.m16n8k8.f16.f16.f16.f16", "A"],
                                                  {"tv_layout": LAYOUT, "table_digest": "xyz"}))),
    ("an unknown source", doc(case("mma.fragment", ["mma.m16n8k8.f16.f16.f16.f16", "A"],
                                   {"tv_layout": LAYOUT, "table_digest": "0123456789abcdef", "sources": ["rumour"]}))),
]

# Documents the schema must accept: the less common forms the format allows.
GOOD = [
    ("an empty document", doc()),
    ("an unknown tag (readers ignore it)", doc(case("coalesce", [LAYOUT], LAYOUT, tags=["my_tag"], note="n"))),
    ("an empty int tuple", doc(case("mutual_refinement", [[], []], {"first": [], "second": []}))),
    ("a negative and a zero stride", doc(case("coalesce", [{"shape": [4, 2], "stride": [-1, 0]}], {"shape": [4, 2], "stride": [-1, 0]}))),
    ("a composed layout without offset, a nested bare-array tiler",
     doc(case("swizzle.composition", [{"swizzle": [1, 0, 1], "layout": LAYOUT}, {"tiler": [2, [2, {"shape": 1, "stride": 0}]]}],
              {"swizzle": [1, 0, 1], "offset": 0, "layout": LAYOUT}))),
    ("CuTe's answer in the composed form",
     doc(case("upcast", [LAYOUT, 2], LAYOUT, tags=["strict_differs"],
              cute={"swizzle": [0, 0, -3], "offset": 0, "layout": LAYOUT}))),
    ("a synonym of LayoutRight, a Step order", doc(case("make_layout", [[4, 2], "GenRowMajor"], LAYOUT),
                                                   case("make_ordered_layout", [[4, 2], [1, 0]], LAYOUT))),
    ("malformed args where invalid_input is expected", doc(case("coalesce", [{"shape": "x"}], {"error": "invalid_input"}))),
    ("a coordinate layout, scale left out", doc(case("coord.coalesce", [{"shape": [2, 4], "stride": [{"basis": [0]}, {"basis": [0], "scale": 2}]}],
                                                     {"shape": 8, "stride": {"basis": [0], "scale": 1}}))),
    ("an F2 layout with a 0 stride", doc(case("coalesce_z", [{"shape": [2, 2], "stride": [{"f2": 1}, 0]}],
                                              {"shape": [2, 2], "stride": [{"f2": 1}, 0]}))),
    ("swizzle offsets", doc(case("swizzle.evaluate", [{"swizzle": [1, 0, 1]}, 0, 1, 2, 3], [0, 1, 3, 2]))),
    ("a fragment by digest with provenance",
     doc(case("mma.fragment", ["mma.m16n8k128.s32.b1.b1.s32.xor.popc", "A"],
              {"tv_layout": LAYOUT, "table_digest": "8d2070f9e6964191", "confirmed_on": "a GPU",
               "sources": ["ptx-formula", "hardware"]}), provenance="hardware")),
]


def negative_mode():
    _, v = validator()
    failures = []
    for why, d in BAD:
        if v.is_valid(d):
            failures.append(f"accepted a bad document: {why}")
    for why, d in GOOD:
        errors = list(v.iter_errors(d))
        if errors:
            e = deepest(errors[0])
            failures.append(f"refused a good document: {why}: {where(d, e)}: {e.message[:200]}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(BAD)} bad documents rejected, {len(GOOD)} good ones accepted; {len(failures)} failures")
    return 1 if failures else 0


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("files", "negative"):
        sys.exit("usage: vector_schema_test.py files|negative VENV")
    in_venv(sys.argv[2])
    sys.exit(files_mode() if sys.argv[1] == "files" else negative_mode())


if __name__ == "__main__":
    main()
