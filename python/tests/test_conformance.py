"""Vector files through Python: the seed examples, the built-in corpus, export, read and write."""
import json

import pytest

import catlayout as C


def test_seed_examples_pass(repo):
    r = C.check(str(repo.parent / "shared" / "conformance" / "seed-examples.json")) \
        if (repo.parent / "shared" / "conformance" / "seed-examples.json").exists() \
        else C.check(str(repo / "conformance" / "vectors" / "seed-examples.json"))
    assert r["failed"] == 0 and r["passed"] == r["total"] > 50


def test_builtin_corpus_through_python(repo):
    files = [f for f in sorted((repo / "conformance" / "vectors").rglob("*.json"))
             if json.loads(f.read_text()).get("schema") == "catlayout.vectors/1"]  # not the GPU reports
    assert len(files) > 30
    total = 0
    for f in files:
        r = C.check(str(f))
        bad = [c for c in r["cases"] if c["match"] == "fail"]
        assert not bad, (f, bad[:3])
        total += r["total"]
    assert total > 2500


def test_threads_give_the_same_report(repo):
    f = str(repo / "conformance" / "vectors" / "cute-static" / "cute-4.2-static-sample.json")
    one = C.check(f, threads=1)
    assert one["total"] > 128  # more than one chunk of cases: the threads share the file
    assert C.check(f, threads=3) == one == C.check(f)
    with pytest.raises(TypeError):
        C.check(f, threads=-1)


def test_strict_skips_outside_categorical(repo):
    f = repo / "conformance" / "vectors" / "catlayout" / "complement.json"
    r = C.check(str(f), strict=True)
    assert r["failed"] == 0 and r["skipped"] > 0


def test_read_write_round_trip_and_bad_documents(tmp_path, repo):
    doc = C.read_vectors(str(repo / "conformance" / "vectors" / "catlayout" / "coalesce.json"))
    out = tmp_path / "copy.json"
    C.write_vectors(str(out), doc)
    assert json.loads(out.read_text()) == doc
    assert C.check(str(out))["failed"] == 0
    with pytest.raises(C.InvalidInput, match=r"\$.schema"):
        C.write_vectors(str(tmp_path / "bad.json"), {"cases": []})
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(C.InvalidInput, match="not valid JSON"):
        C.read_vectors(str(tmp_path / "broken.json"))
    broken = {"schema": "catlayout.vectors/1", "cases": [{"id": "x", "op": "composition", "args": [1], "expect": {}}]}
    r = C.check(broken)
    assert r["failed"] == 1 and "$.cases[0]" in r["cases"][0]["detail"]


def test_export_then_check(tmp_path):
    written = C.export(str(tmp_path), seed=3, count=5, ops=["composition", "complement"])
    assert len(written) == 2
    for f in written:
        assert C.check(f)["failed"] == 0


def test_run_op():
    got = C.run_op("composition", [C.Layout("(6,2):(8,2)"), C.Layout("(4,3):(3,1)")])
    assert C.Layout(tuple_of(got["shape"]), tuple_of(got["stride"])) == C.composition("(6,2):(8,2)", "(4,3):(3,1)")
    assert "composition" in C.known_ops()


def tuple_of(j):
    return tuple(tuple_of(x) for x in j) if isinstance(j, list) else j


def test_stubs_are_installed():
    import pathlib
    pkg = pathlib.Path(C.__file__).parent
    stub = (pkg / "_catlayout.pyi").read_text()
    for name in ["class Layout", "def composition", "def logical_divide", "class Morphism", "def check"]:
        assert name in stub
    assert (pkg / "py.typed").exists()
