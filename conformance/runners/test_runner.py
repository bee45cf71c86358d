#!/usr/bin/env python3
"""The runner's own tests: classification, and the adapter process (a crash is that case's
answer and the adapter restarts; a hang times out; a batch adapter answers all)."""
import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner  # noqa: E402

L = lambda s, d: {"shape": s, "stride": d}  # noqa: E731


class Classify(unittest.TestCase):
    def test_classes(self):
        ref = L([[2, 2], 3], [[24, 2], 8])
        self.assertEqual(runner.classify(ref, {"result": ref}), "exact")
        self.assertEqual(runner.classify(L(4, 1), {"result": L([2, 2], [1, 2])}), "functional")
        self.assertEqual(runner.classify(L(4, 1), {"result": L([2, 2], [2, 1])}), "differs")
        self.assertEqual(runner.classify(L(4, 1), {"error": "AssertionError"}), "refuses where the reference answers")
        self.assertEqual(runner.classify({"error": "inadmissible"}, {"error": "x"}), "refuses as the reference does")
        self.assertEqual(runner.classify({"error": "inadmissible"}, {"result": L(3, 1)}),
                         "accepts what the reference refuses")
        self.assertEqual(runner.classify(L(4, 1), {"crash": "killed by signal 6"}), "crash")
        self.assertEqual(runner.classify(L(4, 1), {"na": "no such op"}), "not available")
        self.assertEqual(runner.classify([0, 2, 4], {"result": [0, 2, 5]}), "differs")

    def test_other_kinds_by_their_function(self):
        sw = {"swizzle": [1, 0, 1], "offset": 0, "layout": L(4, 1)}
        self.assertEqual(runner.classify(sw, {"result": sw}), "exact")
        self.assertEqual(runner.classify(sw, {"result": dict(sw, layout=L([2, 2], [1, 2]))}), "functional")
        self.assertEqual(runner.classify(sw, {"result": {"table": [0, 1, 3, 2]}}), "functional")  # 2 <-> 3
        self.assertEqual(runner.classify(sw, {"result": dict(sw, swizzle=[1, 0, 2])}), "differs")
        self.assertEqual(runner.classify(sw, {"result": {"swizzle": [0, 4, 3], "offset": 0, "layout": L(4, 1)}}),
                         "differs")
        part = {"layout": L([2, 2], [1, 4]), "offset": 8}
        self.assertEqual(runner.classify(part, {"result": {"layout": L([2, 2], [1, 4]), "offset": 8}}), "exact")
        self.assertEqual(runner.classify(part, {"result": {"layout": L([[2], 2], [[1], 4]), "offset": 8}}),
                         "functional")
        self.assertEqual(runner.classify(part, {"result": {"layout": L([2, 2], [1, 4]), "offset": 0}}), "differs")
        e = {"basis": [0], "scale": 1}
        self.assertEqual(runner.classify(L([2, 1], [e, 7]), {"result": L(2, e)}), "functional")
        self.assertEqual(runner.classify(L(2, e), {"result": L(2, 1)}), "differs")
        self.assertEqual(runner.classify({"error": "not_representable"},
                                         {"result": {"unrepresentable": "layout o offset o swizzle"}}),
                         "accepts what the reference refuses")
        self.assertEqual(runner.classify(L(2, {"f2": 3}), {"result": L(2, {"f2": 5})}), "differs")

    def test_negative_base_swizzle_and_the_inverse_chain(self):
        # CuTe DSL's upcast of a swizzle answers Sw<1,-3,-3>, where CuTe C++ clamps to Sw<0,0,-3>:
        # no bit of the index lies below bit 0, so both are the identity, the same function.
        cpp = {"swizzle": [0, 0, -3], "offset": 0, "layout": L([4, 2], [1, 4])}
        dsl = dict(cpp, swizzle=[1, -3, -3])
        self.assertEqual(runner.classify(cpp, {"result": dsl}), "functional")
        self.assertEqual(runner.classify(cpp, {"result": dict(cpp, swizzle=[1, 0, 2])}), "differs")
        # An adapter's L o k o Sw (an inverse of a swizzled layout with an offset) in the wire's chain form.
        sys.path.insert(0, runner.ADAPTERS)
        from protocol import inverse_form
        chain = {"outer": L([8, 8], [8, 1]), "offset": -8, "layout": {"swizzle": [2, 0, 3]}}
        self.assertEqual(runner.classify(chain, {"result": inverse_form(L([8, 8], [8, 1]), -8, [2, 0, 3])}), "exact")

    def test_labels_and_aliases(self):
        sw = {"swizzle": [1, 0, 1], "offset": 0, "layout": L(4, 1)}
        self.assertEqual(runner.case_label("composition", [L(4, 1), L(2, 2)]), "composition")
        self.assertEqual(runner.case_label("composition", [sw, {"tiler": [2]}]), "composition [composed]")
        self.assertEqual(runner.case_label("composition", [L(4, 1), {"swizzle": [1, 0, 1]}]), "composition [swizzle]")
        self.assertEqual(runner.case_label("nullspace", [L([2, 2], [{"f2": 1}, 0])]), "nullspace [f2]")
        self.assertEqual(runner.wire_op({"op": "swizzle.evaluate", "args": [sw]}), "evaluate")
        self.assertIsNone(runner.wire_op({"op": "swizzle.evaluate", "args": [{"swizzle": [1, 0, 1]}, 3]}))
        self.assertEqual(runner.wire_op({"op": "coord.coalesce", "args": [L(2, 1)]}), "coalesce")
        self.assertIsNone(runner.wire_op({"op": "nest.compose", "args": []}))
        self.assertEqual(runner.wire_op({"op": "upcast", "args": []}), "upcast")


class DeepAnswers(unittest.TestCase):
    """An answer nested past what a layout needs is the adapter's protocol error for its case, never
    the runner's RecursionError (issue 53)."""

    def test_read_reply_refuses_deep_nesting(self):
        for depth in (300, 5000, 100000):
            line = '{"id": "x", "result": ' + "[" * depth + "0" + "]" * depth + "}"
            r, why = runner.read_reply(line, "x")
            self.assertIsNone(r)
            self.assertTrue(why.startswith("protocol: the answer nests deeper than 200 levels"), why)
        r, why = runner.read_reply('{"id": "x", "result": ' + "[" * 60 + "0" + "]" * 60 + "}", "x")
        self.assertIsNone(why)
        self.assertEqual(runner.nesting_depth(r, 200), 61)

    def test_classify_survives_deep_results(self):
        deep = 0
        for _ in range(5000):
            deep = [deep]
        self.assertEqual(runner.classify(L(4, 1), {"result": {"shape": deep, "stride": deep}}), "differs")
        self.assertEqual(runner.classify(L(4, 1), {"result": deep}), "differs")

    def test_empty_adapter_command(self):
        import subprocess
        for args in (["run", "--adapter", ""], ["run", "--adapter", " ", "--self-test"], ["self-test", "--adapter", ""]):
            with tempfile.TemporaryDirectory() as d:
                r = subprocess.run([sys.executable, os.path.join(os.path.dirname(runner.__file__), "runner.py"), *args,
                                    "--venv-dir", d], capture_output=True, text=True)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertEqual(r.stdout, "")
            self.assertTrue(r.stderr.startswith("--adapter: the adapter command is empty"), r.stderr)
            self.assertEqual(len(r.stderr.splitlines()), 1)


class Capabilities(unittest.TestCase):
    def test_not_served(self):
        sys.path.insert(0, runner.ADAPTERS)
        import protocol
        caps = protocol.capabilities({"composition": ["composed"], "evaluate": []})
        sw = {"swizzle": [1, 0, 1], "offset": 0, "layout": L(4, 1)}
        self.assertIsNone(protocol.not_served("x", caps, {"op": "composition", "args": [sw, L(2, 1)]}))
        self.assertIn("no upcast", protocol.not_served("x", caps, {"op": "upcast", "args": [L(2, 1), 2]}))
        self.assertIn("composed", protocol.not_served("x", caps, {"op": "evaluate", "args": [sw]}))
        self.assertEqual(protocol.hello("x", "1", caps)["kinds"], {"composition": ["composed"]})
        self.assertEqual(protocol.major_order("LayoutRight", [[2, 4], 8]), ((2, 1), 0))
        self.assertEqual(protocol.major_order("LayoutLeft", [2, [4, 8]]), (0, (1, 2)))
        self.assertEqual(protocol.major_order([1, 0], [2, 3]), (1, 0))
        self.assertEqual(set(protocol.OPS), set(protocol.LAYOUT_OPS) | set(protocol.NEW_OPS))


FAKE = textwrap.dedent("""
    import json, os, sys, time
    batch = os.environ.get("FAKE_BATCH") == "1"
    print(json.dumps({"adapter": "fake", "version": "1", "ops": ["evaluate"], "batch": batch}), flush=True)
    lines = [l for l in sys.stdin] if batch else None
    for line in (lines if batch else sys.stdin):
        c = json.loads(line)
        if c["id"] == "abort" and not batch:
            os.abort()
        if c["id"] == "hang" and not batch:
            time.sleep(60)
        print(json.dumps({"id": c["id"], "result": [0]}), flush=True)
""")


def scratch_script(test, name, text):
    """The adapter script `text` in a fresh folder: test.dir, test.script."""
    test.dir = tempfile.mkdtemp()
    test.script = os.path.join(test.dir, name)
    with open(test.script, "w") as f:
        f.write(text)


class Process(unittest.TestCase):
    def setUp(self):
        scratch_script(self, "fake.py", FAKE)

    def adapter(self):
        a = runner.Adapter([sys.executable, self.script], 30, 2, os.path.join(self.dir, "err.log"))
        a.start()
        return a

    def test_crash_is_the_answer_and_the_adapter_restarts(self):
        a = self.adapter()
        out = [a.ask({"id": i, "op": "evaluate", "args": []}) for i in ("a", "abort", "b", "hang", "c")]
        a.close()
        self.assertEqual(out[0], {"id": "a", "result": [0]})
        self.assertEqual(out[1]["crash"], "killed by signal 6")
        self.assertEqual(out[2], {"id": "b", "result": [0]})
        self.assertEqual(out[3]["crash"], "no answer in time")
        self.assertEqual(out[4], {"id": "c", "result": [0]})
        self.assertEqual(a.restarts, 2)

    def test_batch(self):
        os.environ["FAKE_BATCH"] = "1"
        try:
            a = self.adapter()
            self.assertTrue(a.hello["batch"])
            out = a.ask_all([{"id": str(i), "op": "evaluate", "args": []} for i in range(5)], 30)
            a.close()
        finally:
            del os.environ["FAKE_BATCH"]
        self.assertEqual([o["result"] for o in out], [[0]] * 5)


# An adapter with one fault at a time (FAULT), for the self-test: it serves evaluate.
FAULTY = textwrap.dedent("""
    import json, os, sys, time
    fault = os.environ.get("FAULT", "")
    def out(x):
        sys.stdout.write(x + "\\n"); sys.stdout.flush()
    def values(l):
        s = l["shape"] if isinstance(l["shape"], list) else [l["shape"]]
        d = l["stride"] if isinstance(l["stride"], list) else [l["stride"]]
        flat = lambda t: [y for e in t for y in flat(e)] if isinstance(t, list) else [t]
        s, d = flat(s), flat(d)
        n = 1
        for x in s: n *= x
        res = []
        for i in range(n):
            v, r = 0, i
            for a, b in zip(s, d): v, r = v + (r % a) * b, r // a
            res.append(v)
        return res
    if fault == "silent": time.sleep(60)
    if fault == "exit": sys.exit(3)
    if fault == "badjson": out("hello, I am an adapter")
    hello = {"protocol": "catlayout-adapter/2" if fault == "version" else "catlayout-adapter/1",
             "adapter": "faulty", "version": "1", "ops": ["evaluate"] + (["frobnicate"] if fault == "unknown_op" else []),
             "batch": fault == "missing"}
    if fault == "noversion": del hello["protocol"]
    out(json.dumps(hello))
    lines = list(sys.stdin) if fault == "missing" else sys.stdin
    for k, line in enumerate(lines):
        c = json.loads(line)
        if fault == "missing" and k > 0: break
        if fault == "hang": time.sleep(60)
        if fault == "crash": sys.exit(3)
        if fault == "before": out("debug: got a case")
        a = {"id": "x" if fault == "wrongid" else c["id"], "result": values(c["args"][0])}
        if fault == "nokey": del a["result"]
        if fault == "form": a["result"] = "0 1 2 3"
        out(json.dumps(a))
        if fault == "extra": out("debug: answered")
    if fault == "noexit": time.sleep(60)
""")


class SelfTest(unittest.TestCase):
    """Each protocol fault gives its message, before any case is judged; a right adapter none."""

    def setUp(self):
        scratch_script(self, "faulty.py", FAULTY)

    def problems(self, fault):
        import io
        import self_test
        os.environ["FAULT"] = fault
        try:
            opts = runner.argparse.Namespace(timeout=2, start_timeout=2, venv_dir=self.dir)
            out = io.StringIO()
            found = self_test.run(f"{sys.executable} {self.script}", opts, out)
        finally:
            del os.environ["FAULT"]
        return found, out.getvalue()

    def test_right_adapter(self):
        found, text = self.problems("")
        self.assertEqual(found, [], text)
        self.assertIn("the protocol is right", text)
        self.assertRegex(text, r"exact \d+")

    def test_each_fault_named(self):
        expected = {
            "silent": "no handshake: nothing on stdout within 2 s",
            "exit": "no handshake: the adapter exited (exit status 3)",
            "badjson": "the first line on stdout is not a JSON handshake: 'hello, I am an adapter'",
            "version": "the adapter speaks catlayout-adapter/2, this runner catlayout-adapter/1: major version 2 is unknown",
            "noversion": "the handshake has no \"protocol\"",
            "unknown_op": "ops the runner does not know: frobnicate",
            "wrongid": "the answer's id 'x' is not the case's",
            "nokey": "exactly one of result, error, na, crash; this one has none",
            "form": "the result is not in its wire form: evaluate's result is a JSON array of integers",
            "extra": "extra output on stdout after the answer to case",
            "before": "a line on stdout that is not a JSON answer: 'debug: got a case'",
            "hang": "no answer within 2 s: a hang",
            "crash": "the adapter exited (exit status 3) instead of answering",
            "missing": "missing answers:",
            "noexit": "the adapter did not exit when its stdin closed",
        }
        for fault, message in expected.items():
            with self.subTest(fault=fault):
                found, text = self.problems(fault)
                self.assertTrue(any(message in p for p in found), f"{fault}: {found}\n{text}")

    def test_run_refuses_an_unknown_major_version(self):
        os.environ["FAULT"] = "version"
        try:
            opts = runner.argparse.Namespace(timeout=2, start_timeout=5, batch_timeout=5, venv_dir=self.dir,
                                             progress=False)
            cases = [{"id": "e1", "op": "evaluate", "label": "evaluate", "args": [L(2, 1)], "expect": [0, 1]}]
            r = runner.run_adapter(None, f"{sys.executable} {self.script}", cases, opts)
        finally:
            del os.environ["FAULT"]
        self.assertIn("major version 2 is unknown", r["skipped"])

    def test_run_out_of_step_is_a_crash_and_a_restart(self):
        os.environ["FAULT"] = "before"
        try:
            opts = runner.argparse.Namespace(timeout=5, start_timeout=5, batch_timeout=5, venv_dir=self.dir,
                                             progress=False)
            cases = [{"id": f"e{i}", "op": "evaluate", "label": "evaluate", "args": [L(2, 1)], "expect": [0, 1]}
                     for i in range(2)]
            r = runner.run_adapter(None, f"{sys.executable} {self.script}", cases, opts)
        finally:
            del os.environ["FAULT"]
        self.assertEqual([a["class"] for a in r["answers"]], ["crash", "crash"])
        self.assertIn("not a JSON answer: 'debug: got a case'", r["answers"][0]["answer"]["crash"])
        self.assertEqual(r["restarts"], 2)

    def test_run_adapter_names_itself_and_runner_answers_na(self):
        opts = runner.argparse.Namespace(timeout=5, start_timeout=5, batch_timeout=5, venv_dir=self.dir, progress=False)
        cases = [{"id": "e1", "op": "evaluate", "label": "evaluate", "args": [L([2, 2], [2, 1])], "expect": [0, 2, 1, 3]},
                 {"id": "c1", "op": "coalesce", "label": "coalesce", "args": [L(2, 1)], "expect": L(2, 1)}]
        r = runner.run_adapter(None, f"{sys.executable} {self.script}", cases, opts)
        self.assertEqual((r["impl"], r["version"]), ("faulty", "1"))
        self.assertEqual([a["class"] for a in r["answers"]], ["exact", "not available"])
        self.assertEqual(r["answers"][1]["answer"], {"na": "faulty has no coalesce"})
        r = runner.run_adapter("mine", f"{sys.executable} {self.script}", cases, opts)
        self.assertEqual(r["impl"], "mine")  # matrix's NAME=COMMAND names the row


if __name__ == "__main__":
    unittest.main()
