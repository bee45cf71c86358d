"""catlayout.conformance: the corpus as a test resource, the runner's classification, the suite
decorator and its pytest plugin, and the Python starter adapter through the runner's --adapter."""
import importlib.util
import json
import os
import subprocess
import sys
import textwrap

import pytest

import catlayout as C
import catlayout.conformance as conformance


def runner_module(repo):
    """The runner of the source tree (standard library only), imported by its path."""
    path = repo / "conformance" / "runners"
    if not path.is_dir():
        pytest.skip("no source tree next to the tests")
    sys.path.insert(0, str(path))
    try:
        import runner
    finally:
        sys.path.remove(str(path))
    return runner


def test_the_wheel_carries_the_corpus():
    if os.environ.get("CATLAYOUT_VECTORS"):
        pytest.skip("CATLAYOUT_VECTORS overrides the package's corpus")
    here = os.path.dirname(os.path.abspath(C.__file__))
    assert conformance.vectors_dir().startswith(here), conformance.vectors_dir()
    assert len(conformance.files()) > 20


def test_cases_are_the_runners(repo):
    runner = runner_module(repo)
    mine = list(conformance.cases())
    theirs = runner.load_cases(runner.builtin_files())
    assert [(c.id, c.op, c.args, c.expect) for c in mine] == [(c["id"], c["op"], c["args"], c["expect"]) for c in theirs]
    assert {c.op for c in mine} <= set(conformance.OPS) and len(mine) > 3000


def test_case_filters():
    comp = list(conformance.cases(op="composition"))
    assert comp and all(c.op == "composition" for c in comp)
    ints = list(conformance.cases(op="composition", kinds=()))
    assert 0 < len(ints) < len(comp) and all(c.label == "composition" for c in ints)
    tagged = list(conformance.cases(tags="cute_wrong"))
    assert tagged and all("cute_wrong" in c.tags for c in tagged)
    assert not any("cute_wrong" in c.tags for c in conformance.cases(op="nullspace", skip_tags=["cute_wrong"]))
    with pytest.raises(ValueError, match="unknown op frobnicate"):
        list(conformance.cases(op="frobnicate"))


def test_classify_is_the_runners_one_definition(repo):
    runner = runner_module(repo)
    # The runner, protocol.py and the package use one file (conformance/runners/conformance_classes.py):
    # the package's copy, installed by python/CMakeLists.txt, is that file.
    src = repo / "conformance" / "runners" / "conformance_classes.py"
    assert os.path.realpath(runner.shared.__file__) == os.path.realpath(src)
    assert open(conformance._shared.__file__).read() == src.read_text()


def test_classify_every_class():
    comp = [c for c in conformance.cases(op="composition", kinds=()) if not conformance._shared.is_error(c.expect)]
    case = next(c for c in comp if c.expect["shape"] != 1)
    refused = next(c for c in conformance.cases(op="composition") if conformance._shared.is_error(c.expect))
    layout = C.Layout(tuple(case.expect["shape"]) if isinstance(case.expect["shape"], list) else case.expect["shape"],
                      tuple(case.expect["stride"]) if isinstance(case.expect["stride"], list) else case.expect["stride"])
    assert conformance.classify(case, case.expect) == "exact"
    assert conformance.classify(case, json.loads(json.dumps(case.expect))) == "exact"
    assert conformance.classify(case, C.coalesce(layout)) in ("exact", "functional")
    table = [layout(i) for i in range(C.size(layout))]
    assert conformance.classify(case, {"table": table}) == "functional"
    assert conformance.classify(case, {"table": table[::-1] if len(set(table)) > 1 else [t + 1 for t in table]}) == "differs"
    assert conformance.classify(case, C.LayoutError("no")) == "refuses where the reference answers"
    assert conformance.classify(refused, ValueError("no")) == "refuses as the reference does"
    assert conformance.classify(refused, case.expect) == "accepts what the reference refuses"
    assert conformance.classify(case, NotImplementedError()) == "not available"
    assert conformance.classify(case, conformance.NotAvailable("x")) == "not available"
    assert conformance.classify(case, {"crash": "killed by signal 6"}) == "crash"


TOY = textwrap.dedent("""
    import catlayout.conformance as conformance

    def flat(t):
        return [x for e in t for x in flat(e)] if isinstance(t, list) else [t]

    @conformance.suite(op=["evaluate", "complement"], kinds=())
    def test_toy(case):
        if case.op == "complement":
            raise NotImplementedError("the toy has no complement")
        layout = case.args[0]
        s, d = flat(layout["shape"]), flat(layout["stride"])
        n = 1
        for x in s:
            n *= x
        out = []
        for i in range(n):
            v, r = 0, i
            for a, b in zip(s, d):
                v, r = v + (r % a) * b, r // a
            out.append(v)
        return out if n != 3 else out[::-1]  # wrong on size 3
""")


def test_one_decorated_test_runs_the_corpus_with_per_class_counts(tmp_path):
    (tmp_path / "test_toy.py").write_text(TOY)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path / "test_toy.py")],
                       capture_output=True, text=True, cwd=tmp_path)
    out = r.stdout + r.stderr
    evaluate = [c for c in conformance.cases(op="evaluate", kinds=())]
    wrong = sum(1 for c in evaluate if len(c.expect) == 3 and len(set(c.expect)) > 1)
    complement = list(conformance.cases(op="complement", kinds=()))
    assert wrong > 0
    assert "catlayout conformance: classes of the answers" in out, out
    assert f"{len(evaluate) - wrong} passed" in out and f"{wrong} failed" in out and f"{len(complement)} skipped" in out, out
    row = next(line for line in out.splitlines() if line.startswith("evaluate "))
    assert row.split()[1:] == [str(len(evaluate) - wrong), str(wrong), "0"], row  # exact, differs, n/a
    assert r.returncode == 1


@pytest.mark.parametrize("how", ["self-test", "run"])
def test_python_starter_through_adapter(repo, how, tmp_path):
    starter = repo / "conformance" / "runners" / "starters" / "starter_adapter.py"
    runner = repo / "conformance" / "runners" / "runner.py"
    if not starter.is_file():
        pytest.skip("no source tree next to the tests")
    extra = ["--min-agreement", "1"] if how == "run" else []
    r = subprocess.run([sys.executable, str(runner), how, "--adapter", f"{sys.executable} {starter}",
                        "--venv-dir", str(tmp_path)] + extra, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    if how == "run":
        assert "catlayout-python" in r.stdout and "(100.0%)" in r.stdout and " 0 adapter restarts" in r.stdout, r.stdout
    else:
        assert "the protocol is right" in r.stdout, r.stdout
