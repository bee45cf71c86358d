#!/usr/bin/env python3
"""Issue 53's first contact, as a hostile user meets the command line: each case asserts the exit
status, the kind of error (its first words), and that nothing else is printed (no traceback; one
stderr line where one error is expected).

  hostile_test.py CATLAYOUT SOURCE_DIR BUILD_DIR [unittest arguments, e.g. Version]

Version: `catlayout --version` is pyproject.toml's version, and catlayout.__version__'s (the Python
module, where a venv of this build has it: BUILD_DIR/py-venv, made by python.pytest).
GroupHelp: every command group answers --help with its commands; the help's two columns never touch.
Eval: `eval L I` and `eval L COORD` (CuTe's layout(i), layout(m,n)); the table as before.
Messages: tile-to-shape / make-ordered-layout name the shape the user typed; `conformance serve`
answers a line that is not JSON with its id; `conformance run --adapter ''` says the command is
empty; `check` refuses repeated ids and non-integer numbers in expect as in args, on the fast and
the DOM path, with one thread and two.
Dist: `dist prove|differential --scheduler ADDRESS` refuses a malformed or unreachable address in
one line, exit 2, before Dask is needed.
Runner: an adapter's answer nested 5,000 deep is that case's protocol error; the run goes on.
GpuReadme: gpu/README.md's `gpu check ... --top 2` example is what the program prints.
"""
import atexit
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import unittest

CL = SRC = BUILD = None
TMP = tempfile.mkdtemp(prefix="catlayout-hostile-")  # every scratch file of the test, removed at exit
atexit.register(shutil.rmtree, TMP, ignore_errors=True)


def scratch():
    return tempfile.mkdtemp(dir=TMP)


def run(*args, stdin=None, timeout=120, env=None):
    return subprocess.run([CL, *args], input=stdin, capture_output=True, text=True, timeout=timeout, env=env)


class Case(unittest.TestCase):
    def one_error(self, r, rc, *starts):
        """Exit status rc, nothing on stdout, one line on stderr that begins with one of `starts`
        (after `catlayout: ` / `catlayout GROUP: `), and no traceback."""
        self.assertEqual(r.returncode, rc, f"exit {r.returncode}, stderr {r.stderr!r}")
        self.assertNotIn("Traceback", r.stderr)
        self.assertEqual(r.stdout, "", f"stdout {r.stdout!r}")
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 1, f"stderr {r.stderr!r}")
        self.assertTrue(any(lines[0].startswith(s) for s in starts), f"stderr {lines[0]!r}, expected one of {starts}")
        return lines[0]

    def quiet(self, r, rc=0):
        self.assertEqual(r.returncode, rc, f"exit {r.returncode}, stderr {r.stderr!r}")
        self.assertEqual(r.stderr, "")
        return r.stdout


def has_gpu_room():
    return run("gpu", "--help").returncode == 0


class Version(Case):
    def test_cli_version_is_the_projects(self):
        with open(os.path.join(SRC, "pyproject.toml")) as f:
            want = re.search(r'^version = "([^"]+)"$', f.read(), re.M).group(1)
        out = self.quiet(run("--version"))
        self.assertEqual(out, f"catlayout {want}\n")
        self.one_error(run("--version", "extra"), 2, "usage: catlayout --version")
        self.assertIn(f"catlayout {want}:", run("--help").stdout.splitlines()[0])

    def test_python_version_is_the_clis(self):
        # The package's __version__ is the module's, compiled from the same pyproject.toml version.
        with open(os.path.join(SRC, "python", "catlayout", "__init__.py")) as f:
            init = f.read()
        self.assertRegex(init, r"(?m)^__version__ = _catlayout\.__version__$")
        py = os.path.join(BUILD, "py-venv", "bin", "python")
        got = None
        if os.path.exists(py):
            r = subprocess.run([py, "-c", "import catlayout; print(catlayout.__version__)"], capture_output=True,
                               text=True, cwd=TMP)
            got = r.stdout.strip() if r.returncode == 0 else None
        if got is None:
            print("note: no built Python package in BUILD/py-venv (python.pytest makes it); its test "
                  "python/tests/test_version.py compares it there", file=sys.stderr)
            return
        self.assertEqual(f"catlayout {got}\n", run("--version").stdout)


GROUPS = ["analyze", "conformance", "dist", "morphism", "gpu"]


class GroupHelp(Case):
    def commands(self):
        """The command names of the top-level help: its usage column's first words."""
        names = set()
        for line in run("--help").stdout.splitlines():
            m = re.match(r"^  ([a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*)?)\b", line)
            if m:
                names.add(m.group(1))
        return names

    def test_every_group_lists_its_commands(self):
        names = self.commands()
        for group in GROUPS:
            if group == "gpu" and not has_gpu_room():
                continue
            with self.subTest(group=group):
                members = sorted(n for n in names if n.startswith(group + " "))
                self.assertTrue(members, f"no '{group} ...' commands in --help")
                out = self.quiet(run(group, "--help"))
                self.assertTrue(out.startswith(f"usage: catlayout {group} COMMAND"), out[:200])
                for m in members:
                    self.assertRegex(out, rf"(?m)^  {re.escape(m)}\b")
                self.assertEqual(run(group, "-h").stdout, out)
                self.one_error(run(group), 2, f"catlayout {group}: expected a command: ")
                self.one_error(run(group, "frobnicate"), 2, f"catlayout {group}: unknown command 'frobnicate'")

    def test_single_commands_answer_help(self):
        for cmd in ("swizzle", "linear", "eval", "check", "prove", "explain"):
            with self.subTest(cmd=cmd):
                out = self.quiet(run(cmd, "--help"))
                self.assertTrue(out.startswith(f"usage: catlayout {cmd}"), out[:100])
                self.assertEqual(run(cmd, "-h").stdout, out)
                self.assertIn("example: catlayout", out)
        self.one_error(run("frobnicate"), 2, "catlayout: unknown command 'frobnicate'")

    def test_columns_never_touch(self):
        """In the commands' two columns (usage, summary) the summary starts at column 44, after two
        spaces at least; nothing is wider than 100 characters (the examples are command lines, left
        whole)."""
        helps = [run("--help").stdout] + [run(g, "--help").stdout for g in GROUPS if g != "gpu" or has_gpu_room()]
        for text in helps:
            self.assertNotIn("F]hold", text)
            rows = text.split("commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()
            self.assertGreater(len(rows), 4)
            for row in rows:
                if row.startswith("      e.g. catlayout "):
                    continue
                self.assertLessEqual(len(row), 100, row)
                if len(row) > 42:
                    self.assertEqual(row[42:44], "  ", f"the columns touch: {row!r}")
                    self.assertNotEqual(row[44], " ", f"a summary off its column: {row!r}")

    def test_examples_are_one_line_each(self):
        # cli/tests/examples_test.sh runs every `e.g.` line: none is wrapped
        for line in run("--help").stdout.splitlines():
            if "e.g. " in line:
                self.assertTrue(line.startswith("      e.g. catlayout "), line)


class Eval(Case):
    def value(self, *args):
        return self.quiet(run("eval", *args)).strip()

    def test_index_and_coordinate(self):
        self.assertEqual(self.value("(4,8):(1,4)", "5"), "5")  # column-major: layout(i) == i
        self.assertEqual(self.value("(4,8):(1,4)", "(1,2)"), "9")
        self.assertEqual(self.value("(4,8):(8,1)", "5"), "9")  # (1,1) in row-major
        self.assertEqual(self.value("(4,8):(8,1)", "(1,2)"), "10")
        self.assertEqual(self.value("((2,2),8):((1,2),4)", "((1,0),2)"), "9")
        self.assertEqual(self.value("((2,2),8):((1,2),4)", "((1,1),2)"), "11")
        self.assertEqual(self.value("((2,2),8):((1,2),4)", "(3,2)"), "11")  # an integer for a nested mode
        self.assertEqual(self.value("((2,2),8):((1,2),4)", "19"), str(1 + 2 + 4 * 4))
        self.assertEqual(self.value("Sw<1,0,2> o (4,2):(1,4)", "4"), "5")
        self.assertEqual(self.value("Sw<1,0,2> o (4,2):(1,4)", "(0,1)"), "5")
        self.assertEqual(self.value("(4,8):(1@0,1@1)", "(1,2)"), "[1,2]")
        self.assertEqual(self.value("(4,8):(1,4)", "(_1,_2)"), "9")  # CuTe's static integers

    def test_the_table_is_as_before(self):
        self.assertEqual(self.value("(4,2):(2,1)"), "0 2 4 6 1 3 5 7")
        self.assertEqual(self.value("Sw<1,0,2> o (4,2):(1,4)"), "0 1 2 3 5 4 7 6")

    def test_past_the_domain_is_cutes_extended_function(self):
        r = run("eval", "(4,8):(1,4)", "40")
        self.assertEqual((r.returncode, r.stdout), (0, "40\n"))
        self.assertEqual(len(r.stderr.splitlines()), 1)
        self.assertTrue(r.stderr.startswith("note: index 40 is past the size 32 of (4,8):(1,4): this is CuTe's "
                                            "extended function"), r.stderr)
        r = run("eval", "(4,8):(1,4)", "(5,2)")
        self.assertEqual((r.returncode, r.stdout), (0, "13\n"))
        self.assertTrue(r.stderr.startswith("note: coordinate (5,2) is outside the shape (4,8)"), r.stderr)

    def test_refusals(self):
        self.one_error(run("eval", "(4,8):(1,4)", "-1"), 2, "catlayout: invalid_input: index -1 is negative")
        self.one_error(run("eval", "(4,8):(1,4)", "(1,-2)"), 2,
                       "catlayout: invalid_input: coordinate (1,-2): entry -2 at mode 1 is negative")
        self.one_error(run("eval", "(4,8):(1,4)", "(1,2,3)"), 2,
                       "catlayout: invalid_input: coordinate (1,2,3): it has 3 modes, but the shape (4,8) has rank 2")
        self.one_error(run("eval", "(4,8):(1,4)", "((1,0),2)"), 2,
                       "catlayout: invalid_input: coordinate ((1,0),2): (1,0) at mode 0 has 2 modes, but the shape 4 "
                       "there is an integer")
        self.one_error(run("eval", "(4,8):(1,4)", "x"), 2,
                       "catlayout: invalid_input: argument 2: expected an integer or '(' at column 1, found 'x', in 'x'")
        r = run("eval", "(4,8):(1,4)", "1", "2")  # a usage error: the error, then the usage line
        self.assertEqual((r.returncode, r.stdout), (2, ""))
        self.assertEqual(r.stderr, "catlayout eval: expected 1 argument(s)\nusage: catlayout eval L [I | COORD]\n")
        self.assertIn("extended function", run("eval", "--help").stdout)


VEC_CASE = {"op": "coalesce", "args": [{"shape": [2, 2], "stride": [1, 2]}], "expect": {"shape": 4, "stride": 1}}


def vectors(cases):
    return json.dumps({"schema": "catlayout.vectors/1", "source": "hostile_test", "cases": cases})


class Messages(Case):
    def setUp(self):
        self.dir = scratch()

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_shapes_are_the_users(self):
        line = self.one_error(run("tile-to-shape", "(8,8):(8,1)", "(0,64)"), 2, "catlayout: invalid_input: argument 2")
        self.assertIn("'(0,64)': shape entry 0 at flat position 0 of (0,64) is not positive", line)
        self.assertNotIn("(0,8)", line)
        line = self.one_error(run("make-ordered-layout", "(2,-3,2)", "(0,1,2)"), 2,
                              "catlayout: invalid_input: argument 1")
        self.assertIn("shape entry -3 at flat position 1 of (2,-3,2) is not positive", line)
        line = self.one_error(run("make-layout", "((2,0),4)"), 2, "catlayout: invalid_input: argument 1")
        self.assertIn("shape entry 0 at flat position 1 of ((2,0),4)", line)
        # the checker and `conformance serve` (the wire's op table) name the shape and its path too
        out = self.serve('{"id": "t", "op": "tile_to_shape", "args": [{"shape": [8, 8], "stride": [8, 1]}, [0, 64]]}')
        self.assertEqual(out[0]["error"], "invalid_input: shape entry 0 at flat position 0 of (0,64) at $.args[1] "
                                          "is not positive")

    def serve(self, *lines):
        r = run("conformance", "serve", stdin="".join(l + "\n" for l in lines))
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        out = r.stdout.splitlines()
        self.assertEqual(json.loads(out[0])["protocol"], "catlayout-adapter/1")
        return [json.loads(l) for l in out[1:]]

    def test_serve_answers_a_line_that_is_not_json_with_its_id(self):
        out = self.serve('{"id": "nan-1", "op": "coalesce", "args": [{"shape": NaN, "stride": 1}]}',
                         '{"op": "coalesce", "args": [{"shape": [Infinity], "stride": [1]}], "id": "inf-2"}',
                         '{"id": 7, "op": "coalesce", "args": [',
                         'not json at all',
                         '{"args": {"id": "inner"}, "op": "coalesce", NaN}',
                         '["id", "x"]',
                         '{"id": "no-op", "args": []}',
                         '{"id": "ok", "op": "coalesce", "args": [{"shape": [2, 2], "stride": [1, 2]}]}')
        self.assertEqual([a["id"] for a in out], ["nan-1", "inf-2", 7, None, None, None, "no-op", "ok"])
        for a in out[:4]:
            self.assertEqual(set(a), {"id", "error"})
            self.assertTrue(a["error"].startswith("protocol: the case line is not JSON: parse error at line 1, column"),
                            a["error"])
        self.assertIn("NaN and Infinity are not JSON numbers", out[0]["error"])
        self.assertIn("NaN and Infinity are not JSON numbers", out[1]["error"])
        self.assertTrue(out[5]["error"].startswith("protocol: not a case {\"id\", \"op\", \"args\"}: a JSON array"))
        self.assertTrue(out[6]["error"].endswith(": no \"op\""))
        self.assertEqual(out[7], {"id": "ok", "result": {"shape": 4, "stride": 1}})

    def test_run_with_an_empty_adapter_command(self):
        for empty in ("", "   "):
            with self.subTest(adapter=empty):
                self.one_error(run("conformance", "run", "--adapter", empty, "--venv-dir", self.dir), 2,
                               "--adapter: the adapter command is empty")
                self.one_error(run("conformance", "run", "--adapter", empty, "--self-test", "--venv-dir", self.dir),
                               2, "--adapter: the adapter command is empty")
                self.one_error(run("conformance", "self-test", "--adapter", empty, "--venv-dir", self.dir), 2,
                               "--adapter: the adapter command is empty")

    def check(self, path, threads):
        return run("check", path, "--threads", str(threads))

    def test_check_refuses_repeated_ids(self):
        # 300 cases: two chunks of the checker's threads. A plain id (the fast path) and an escaped one
        # (the DOM path) are the same id once decoded.
        cases = [dict(VEC_CASE, id=f"c{i}") for i in range(300)]
        cases[250]["id"] = "c5"
        text = vectors(cases)
        escaped = vectors([dict(VEC_CASE, id="a"), dict(VEC_CASE, id="b"), dict(VEC_CASE, id="PLACEHOLDER")]) \
            .replace('"PLACEHOLDER"', '"\\u0061"')
        for threads in (1, 2):
            with self.subTest(threads=threads):
                line = self.one_error(self.check(self.write("dup.json", text), threads), 2, "catlayout: invalid_input: ")
                self.assertIn('the case id "c5" at $.cases[250].id repeats the id at $.cases[5].id', line)
                line = self.one_error(self.check(self.write("esc.json", escaped), threads), 2,
                                      "catlayout: invalid_input: ")
                self.assertIn('the case id "a" at $.cases[2].id repeats the id at $.cases[0].id', line)
                r = run("check", self.write("dup.json", text), "--threads", str(threads), "--only", "evaluate")
                self.assertEqual(r.returncode, 2, "--only does not hide a repeated id")
                ok = self.check(self.write("ok.json", vectors([dict(VEC_CASE, id=f"c{i}") for i in range(300)])),
                                threads)
                self.assertEqual(ok.returncode, 0, ok.stdout + ok.stderr)
                self.assertIn("300 passed, 0 failed", ok.stdout)

    def test_check_one_integer_rule_for_args_and_expect(self):
        def case(i, **kw):
            return dict(VEC_CASE, id=f"c{i}", **kw)

        cases = [case(i) for i in range(300)]
        cases[3] = case(3, expect={"shape": 4.0, "stride": 1})
        cases[200] = case(200, args=[{"shape": [2.0, 2], "stride": [1, 2]}])
        cases[201] = case(201, expect={"shape": 4, "stride": "EXPONENT"})  # written 1e0 below
        cases[202] = case(202, expect={"shape": 4, "stride": 1, "confirmed_on": [{"score": 0.5}]})  # provenance
        cases[203] = case(203, args=[{"shape": [2, 2], "stride": [1, 2]}, 2.5], expect={"error": "invalid_input"})
        path = self.write("floats.json", vectors(cases).replace('"EXPONENT"', "1e0"))
        for threads in (1, 2):
            with self.subTest(threads=threads):
                r = self.check(path, threads)
                self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
                self.assertEqual(r.stderr, "")
                self.assertIn("297 passed, 3 failed", r.stdout)
                fails = sorted(l for l in r.stdout.splitlines() if l.startswith("FAIL "))
                self.assertEqual(len(fails), 3, fails)
                self.assertIn("FAIL c3 (coalesce): $.cases[3]: expected an integer at $.cases[3].expect.shape, found "
                              "the non-integer number 4.0", fails[2])
                self.assertIn("FAIL c200 (coalesce): $.cases[200]: got invalid_input: expected an integer at "
                              "$.cases[200].args[0].shape[0], found the non-integer number 2.0", fails[0])
                self.assertIn("expected an integer at $.cases[201].expect.stride, found the non-integer number 1.0",
                              fails[1])


class Dist(Case):
    """`catlayout dist` with a --scheduler that cannot be one: refused before Dask is installed or
    imported (none is needed here), in one line, exit 2, within seconds."""

    def refused(self, address, *starts, sub=("prove", "--shards", "1")):
        t0 = time.time()
        r = run("dist", *sub, "--scheduler", address, "--dir", scratch(), "--venv",
                os.path.join(scratch(), "no-venv"), timeout=60)
        line = self.one_error(r, 2, *starts)
        self.assertLess(time.time() - t0, 20)
        return line

    def test_malformed_and_empty(self):
        self.refused("", "catlayout dist: --scheduler is empty")
        self.refused("not-an-address", "catlayout dist: --scheduler 'not-an-address' is not a scheduler address "
                                       "(no port in it)")
        line = self.refused("http://127.0.0.1:8787", "catlayout dist: --scheduler 'http://127.0.0.1:8787': the "
                                                     "scheme http:// is not one of Dask's")
        self.assertIn("dashboard", line)
        self.refused("tcp://host:99999", "catlayout dist: --scheduler 'tcp://host:99999': port 99999")
        self.refused("tcp://nosuchhost.invalid:8786", "catlayout dist: cannot reach the Dask scheduler at "
                                                      "tcp://nosuchhost.invalid:8786: the host 'nosuchhost.invalid'")

    def test_nothing_listening(self):
        for sub in (("prove", "--shards", "1"), ("differential", "--count", "1", "--seed", "1")):
            with self.subTest(sub=sub[0]):
                self.refused("tcp://127.0.0.1:1", "catlayout dist: cannot reach the Dask scheduler at "
                                                  "tcp://127.0.0.1:1: connection refused", sub=sub)
        self.refused("127.0.0.1:1", "catlayout dist: cannot reach the Dask scheduler at 127.0.0.1:1: connection refused")

    def test_something_else_listening(self):
        """A program that is no Dask scheduler (or a proxy that accepts every connection): what Dask
        would read as a frame length of gigabytes (its MemoryError) is refused by the handshake check."""
        for reply in (b"HTTP/1.1 400 Bad Request\r\n\r\n", b""):
            with self.subTest(reply=reply):
                srv = socket.socket()
                srv.bind(("127.0.0.1", 0))
                srv.listen(4)
                port = srv.getsockname()[1]

                def serve():
                    try:
                        while True:
                            c, _ = srv.accept()
                            c.sendall(reply)
                            c.close()
                    except OSError:
                        pass

                threading.Thread(target=serve, daemon=True).start()
                try:
                    line = self.refused(f"tcp://127.0.0.1:{port}", f"catlayout dist: cannot use tcp://127.0.0.1:{port} "
                                                                   "as a Dask scheduler: ")
                    self.assertIn("not a Dask handshake" if reply else "it closed the connection", line)
                finally:
                    srv.close()


DEEP_ADAPTER = textwrap.dedent("""
    import json, sys
    print(json.dumps({"protocol": "catlayout-adapter/1", "adapter": "deep", "version": "1", "ops": ["evaluate"],
                      "batch": False}), flush=True)
    for line in sys.stdin:
        c = json.loads(line)
        if c["id"] == "deep":
            sys.stdout.write('{"id": "deep", "result": ' + "[" * 5000 + "0" + "]" * 5000 + "}\\n")
        else:
            sys.stdout.write(json.dumps({"id": c["id"], "result": [0, 1]}) + "\\n")
        sys.stdout.flush()
""")


class Runner(Case):
    def test_an_answer_nested_5000_deep_is_that_cases_protocol_error(self):
        d = scratch()
        adapter = os.path.join(d, "deep.py")
        with open(adapter, "w") as f:
            f.write(DEEP_ADAPTER)
        cases = [{"id": i, "op": "evaluate", "args": [{"shape": 2, "stride": 1}], "expect": [0, 1]}
                 for i in ("before", "deep", "after")]
        vec = os.path.join(d, "v.json")
        with open(vec, "w") as f:
            f.write(vectors(cases))
        r = run("conformance", "run", "--adapter", f"{sys.executable} {adapter}", vec, "--venv-dir", d,
                "--json", os.path.join(d, "out.json"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn("Traceback", r.stderr + r.stdout)
        self.assertRegex(r.stdout, r"deep 1: 3 cases in [0-9.]+ s, 1 adapter restarts")
        with open(os.path.join(d, "out.json")) as f:
            res = json.load(f)["results"][0]
        got = {a["id"]: (a["class"], a["answer"]) for a in res["answers"]}
        self.assertEqual(got["before"][0], "exact")
        self.assertEqual(got["after"][0], "exact")
        self.assertEqual(got["deep"][0], "crash")
        self.assertTrue(got["deep"][1]["crash"].startswith("protocol: the answer nests deeper than 200 levels"))


class GpuReadme(Case):
    def test_top_2_example_is_what_the_program_prints(self):
        if not has_gpu_room():
            self.skipTest("a build without the gpu room")
        with open(os.path.join(SRC, "gpu", "README.md")) as f:
            readme = f.read()
        cmd = "catlayout gpu check '((4,8),(2,2)):((32,1),(8,16))' --top 2"
        block = readme.split(f"$ {cmd}\n", 1)[1].split("$ echo $?\n", 1)[0]
        r = run("gpu", "check", "((4,8),(2,2)):((32,1),(8,16))", "--top", "2")
        self.assertEqual(r.stdout, block)


def main():
    global CL, SRC, BUILD
    CL, SRC, BUILD = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    unittest.main(argv=[sys.argv[0]] + sys.argv[4:], verbosity=2)


if __name__ == "__main__":
    main()
