#!/usr/bin/env python3
"""Every documented example runs as written: README.md, docs/ and every README.md of the tree.

What counts as an example, and how it is held (docs/README-examples rule, stated in docs/reliability.md):
- A shell session: lines `$ COMMAND` in a code block (fenced, or indented by 4 or more spaces),
  each followed by what it prints. Each block runs in one bash, in a directory laid out like a
  fresh clone (the repository's entries, `build/cli/catlayout` the CLI under test, `.venv` a venv
  holding the package, `catlayout` on PATH); stdout and stderr together must match the lines
  shown: a line equal, or a line with `...`/`…` matching with those parts as wildcards, and a line
  `...` alone matching any run of lines. A command shown with no output must exit 0; one whose
  output starts `catlayout[ COMMAND]: KIND: ` or `…: cannot ` must exit non-zero; `$ echo $?`
  after it, or a last line `(exit status N)`, shows the exit itself.
- A `pycon` block: doctest, in the venv holding the package (ELLIPSIS, NORMALIZE_WHITESPACE).
- A `python` block: run as a script in the first venv that imports what it imports; one listed in
  NOT_RUN is byte-compiled only, with the reason it cannot run here.
- A command written without `$` (a code line, or an inline `catlayout …` in prose): an
  instruction too long or too environment-bound to run in a test (a campaign of hours, a
  cluster). It is held by what can drift: its catlayout command exists (`COMMAND --help`), each
  `--flag` it uses is one of that command's, and each repository path it names exists.

Pages that a program writes and re-checks (docs/python.md by docs/python_tour.py) are held there.

usage: examples_test.py CLI REPO [VENV...] | --self-test CLI   (exit 0 all held, 1 a failure, 77 none failed but some
                                              could not run here: no venv with the package)
"""
from __future__ import annotations

import doctest
import os
import py_compile
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

# Python blocks that cannot run in a test, by (page, first line): compiled only.
NOT_RUN = {
    ("docs/conformance.md", "import json, sys"):
        "a template: its ops table is the reader's implementation (run with {} it fails every case)",
    ("docs/python/conformance_suite.md", "# test_conformance.py, in your project (here a toy library, toylayout, with a Layout class"):
        "a pytest file of the reader's project, over the reader's library (toylayout); "
        "python/tests/test_conformance_suite.py holds the decorator and the plugin",
    ("docs/scale.md", "from dask_jobqueue import SLURMCluster"):
        "needs a SLURM cluster (dask_jobqueue)",
}
NOT_RUN_SEEN: set[tuple[str, str]] = set()
# Pages written by a program that re-runs them (their own test holds every example).
GENERATED = {"docs/python.md": "docs/python_tour.py --check (ctest docs.python_tour_is_current)"}

ERROR_LINE = re.compile(r"^catlayout(?: [a-z][a-z-]*)*: (?:[a-z_]+: |cannot )")
EXIT_LINE = re.compile(r"^\(exit status (\d+)\)$")
ELLIPSIS = re.compile(r"\.\.\.|…")
COMMAND_WORD = re.compile(r"^[a-z][a-z0-9-]*$")
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
COMMAND_START = re.compile(r"^(?:nice -n \d+ |[A-Z_]+=\S+ )*((?:\S*/)?catlayout(?:_bench)?|bash|python3|bench/\S+|cmake|dask|mkdir)\b")


@dataclass
class Command:
    line: int
    text: str
    output: list[str] = field(default_factory=list)


@dataclass
class Block:
    page: str
    line: int                # the line of the block's first line
    tag: str                 # fence tag; 'indented' for an indented block
    lines: list[str]         # the block's lines, indentation removed
    sessions: list[Command] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        """(page, first non-blank line): how NOT_RUN names a block."""
        return self.page, next((l for l in self.lines if l.strip()), "")


def dedent(lines: list[str]) -> list[str]:
    indents = [len(l) - len(l.lstrip()) for l in lines if l.strip()]
    cut = min(indents, default=0)
    return [l[cut:] for l in lines]


def blocks_of(page: str, text: str) -> tuple[list[Block], list[tuple[int, str]]]:
    """Code blocks (fenced, or indented code lines holding `$ ` sessions) and the prose lines."""
    lines = text.split("\n")
    blocks, prose = [], []
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.lstrip().startswith("```"):
            tag = l.strip()[3:].strip()
            j = i + 1
            while j < len(lines) and not lines[j].lstrip().startswith("```"):
                j += 1
            blocks.append(Block(page, i + 2, tag, dedent(lines[i + 1:j])))
            i = j + 1
            continue
        m = re.match(r"^( {4,})", l)
        if m and l.strip() and (i == 0 or not lines[i - 1].strip()):  # after a blank line, not a list's continuation
            indent = m.group(1)
            j = i
            body = []
            while j < len(lines) and (lines[j].startswith(indent) or not lines[j].strip()):
                if not lines[j].strip():  # a blank line belongs to the block when the block goes on
                    k = j
                    while k < len(lines) and not lines[k].strip():
                        k += 1
                    if k == len(lines) or not lines[k].startswith(indent):
                        break
                body.append(lines[j][len(indent):])
                j += 1
            blocks.append(Block(page, i + 1, "indented", body))
            i = j
            continue
        prose.append((i + 1, l))
        i += 1
    for b in blocks:
        b.sessions = sessions_of(b)
    return blocks, prose


def sessions_of(block: Block) -> list[Command]:
    out: list[Command] = []
    lines = block.lines
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.startswith("$ "):
            text = l[2:]
            while text.endswith("\\") and i + 1 < len(lines):
                i += 1
                text = text[:-1] + "\n" + lines[i]
            out.append(Command(block.line + i, text))
        elif out:
            out[-1].output.append(l.rstrip())
        i += 1
    for c in out:
        while c.output and not c.output[-1]:
            c.output.pop()
    return out


def line_matches(expected: str, actual: str) -> bool:
    if expected == actual:
        return True
    if not ELLIPSIS.search(expected):
        return False
    parts = [re.escape(p) for p in ELLIPSIS.split(expected)]
    return re.fullmatch(".*".join(parts), actual) is not None


def output_matches(expected: list[str], actual: list[str]) -> bool:
    @lru_cache(maxsize=None)
    def at(i: int, j: int) -> bool:
        if i == len(expected):
            return j == len(actual)
        if expected[i].strip() in ("...", "…"):
            return any(at(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and line_matches(expected[i], actual[j]) and at(i + 1, j + 1)
    return at(0, 0)


class Clone:
    """A directory laid out like a fresh clone: the repository's entries, the CLI where README
    puts it, the package's venv as .venv."""

    def __init__(self, repo: Path, cli: Path, venv: Path | None):
        self.dir = Path(tempfile.mkdtemp(prefix="catlayout-examples-"))
        for entry in repo.iterdir():
            if entry.name in (".git", ".venv") or entry.name.startswith("build"):
                continue
            (self.dir / entry.name).symlink_to(entry)
        (self.dir / "build" / "cli").mkdir(parents=True)
        (self.dir / "build" / "cli" / "catlayout").symlink_to(cli)
        (self.dir / "bin").mkdir()
        (self.dir / "bin" / "catlayout").symlink_to(cli)
        if venv:
            (self.dir / ".venv").symlink_to(venv)
        self.env = dict(os.environ, PATH=f"{self.dir / 'bin'}:{os.environ.get('PATH', '')}",
                        COLUMNS="100", PYTHONDONTWRITEBYTECODE="1")
        self.env.pop("NO_COLOR", None)

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


SEP = "\x1eCATLAYOUT-EXAMPLE-RC "


def run_session(clone: Clone, block: Block) -> list[str]:
    """Runs a block's commands in one bash; returns its failures."""
    script = ["__rc=0"]
    for c in block.sessions:
        script.append(f"(exit $__rc); {{\n{c.text}\n}} 2>&1 </dev/null; __rc=$?; printf '\\n{SEP}%d\\n' $__rc")
    try:
        r = subprocess.run(["bash", "-c", "\n".join(script)], cwd=clone.dir, env=clone.env,
                           capture_output=True, text=True, errors="replace", timeout=300)
    except subprocess.TimeoutExpired:
        return [f"{block.page}:{block.line}: the block ran past 300 s"]
    pieces = r.stdout.split("\n" + SEP)
    failures = []
    for k, c in enumerate(block.sessions):
        where = f"{block.page}:{c.line}: $ {c.text}"
        if k + 1 >= len(pieces):
            failures.append(f"{where}\n  did not finish (stderr: {r.stderr.strip()[:500]})")
            break
        actual = pieces[k].split("\n")
        if k > 0:  # the previous piece's tail holds its exit code line
            actual = actual[1:]
        rc = int(pieces[k + 1].split("\n", 1)[0])
        actual = [a.rstrip() for a in actual]
        while actual and not actual[-1]:
            actual.pop()
        next_is_echo = k + 1 < len(block.sessions) and block.sessions[k + 1].text.strip() == "echo $?"
        shown = c.output
        if shown and EXIT_LINE.match(shown[-1]):  # docs/tutorial.py's form: `(exit status N)` last
            want_rc, shown = int(EXIT_LINE.match(shown[-1]).group(1)), shown[:-1]
            if rc != want_rc:
                failures.append(f"{where}\n  shown with exit status {want_rc}, exits {rc}")
            next_is_echo = True
        if shown and not output_matches(shown, actual):
            failures.append(f"{where}\n  shown:\n" + "".join(f"    {e}\n" for e in shown)
                            + "  printed:\n" + "".join(f"    {a}\n" for a in actual[:60]))
        elif not next_is_echo:
            want_error = bool(c.output) and ERROR_LINE.match(c.output[0]) is not None
            if want_error and rc == 0:
                failures.append(f"{where}\n  shown as an error, but exit 0")
            elif not want_error and rc != 0:
                failures.append(f"{where}\n  exit {rc}:\n" + "".join(f"    {a}\n" for a in actual[:20]))
    return failures


def imports_of(code: str) -> list[str]:
    names = []
    for m in re.finditer(r"^(?:from\s+([\w.]+)\s+import|import\s+([\w., ]+))", code, re.M):
        if m.group(1):
            names.append(m.group(1).split(".")[0])
        else:
            names += [n.strip().split(".")[0].split(" ")[0] for n in m.group(2).split(",")]
    return [n for n in names if n]


def venv_for(code: str, venvs: list[Path]) -> Path | None:
    mods = imports_of(code)
    for v in venvs:
        py = v / "bin" / "python"
        if py.exists() and subprocess.run([py, "-c", "; ".join(f"import {m}" for m in mods) or "pass"],
                                          capture_output=True).returncode == 0:
            return v
    return None


def run_python(clone: Clone, block: Block, venvs: list[Path]) -> tuple[list[str], str | None]:
    code = "\n".join(block.lines) + "\n"
    reason = NOT_RUN.get(block.key)
    if reason:
        NOT_RUN_SEEN.add(block.key)
        path = clone.dir / "block.py"
        path.write_text(code)
        try:
            py_compile.compile(str(path), doraise=True)
        except py_compile.PyCompileError as e:
            return [f"{block.page}:{block.line}: does not compile: {e.msg}"], None
        return [], None
    venv = venv_for(code, venvs)
    if venv is None:
        return [], f"{block.page}:{block.line}: no venv here imports {', '.join(imports_of(code))}"
    r = subprocess.run([venv / "bin" / "python", "-"], input=code, cwd=clone.dir, env=clone.env,
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return [f"{block.page}:{block.line}: the python block exits {r.returncode}:\n{r.stderr[-2000:]}"], None
    return [], None


DOCTEST_RUNNER = r"""
import doctest, sys
text, name = sys.stdin.read(), sys.argv[1]
test = doctest.DocTestParser().get_doctest(text, {}, name, name, 0)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
runner.run(test)
sys.exit(1 if runner.failures else 0)
"""


def run_pycon(clone: Clone, block: Block, venvs: list[Path]) -> tuple[list[str], str | None]:
    text = "\n".join(block.lines) + "\n"
    code = "\n".join(l[4:] for l in block.lines if l.startswith(">>> "))
    venv = venv_for(code, venvs)
    if venv is None:
        return [], f"{block.page}:{block.line}: no venv here imports {', '.join(imports_of(code))}"
    r = subprocess.run([venv / "bin" / "python", "-c", DOCTEST_RUNNER, f"{block.page}:{block.line}"],
                       input=text, cwd=clone.dir, env=clone.env, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return [f"{block.page}:{block.line}: the pycon block differs:\n{r.stdout[-3000:]}{r.stderr[-1000:]}"], None
    return [], None


class Instructions:
    """Commands written without `$`: their catlayout command, flags and repository paths exist."""

    def __init__(self, clone: Clone, repo: Path):
        self.clone, self.repo = clone, repo
        self.helps: dict[tuple[str, ...], str | None] = {}

    def help_of(self, words: tuple[str, ...]) -> str | None:
        if words not in self.helps:
            r = subprocess.run(["catlayout", *words, "--help"], cwd=self.clone.dir, env=self.clone.env,
                               capture_output=True, text=True, timeout=60)
            usage = " ".join(("usage: catlayout",) + words)
            ok = r.returncode == 0 and any(l.startswith(usage) for l in r.stdout.split("\n")[:5])
            self.helps[words] = r.stdout if ok else None
        return self.helps[words]

    def check(self, where: str, text: str) -> list[str]:
        m = COMMAND_START.match(text)
        if not m:
            return []
        failures = []
        tokens = text[m.start(1):].split()
        if tokens[0].endswith("catlayout"):
            words = []
            for t in tokens[1:4]:
                if not COMMAND_WORD.match(t):
                    break
                words.append(t)
            if tokens[1:2] and tokens[1].endswith(":"):
                return []  # a program's output line (`catlayout prove: merged …`), not a command
            while words and self.help_of(tuple(words)) is None:
                words.pop()
            if tokens[1:2] and COMMAND_WORD.match(tokens[1]) and not words and tokens[1] not in ("help",):
                failures.append(f"{where}: `catlayout {tokens[1]}`: no such command (`catlayout {tokens[1]} --help` fails)")
            help_text = self.help_of(tuple(words)) or ""
            unquoted = re.sub(r"'[^']*'|\"[^\"]*\"", "''", text)  # a quoted adapter command has its own flags
            for flag in FLAG.findall(unquoted):
                if flag != "--help" and flag not in help_text:
                    failures.append(f"{where}: `{flag}` is not an option of `catlayout {' '.join(words)}` "
                                    f"(its --help does not name it)")
        for t in tokens[1:]:
            t = t.strip("'\"[](),;")
            top = t.split("/")[0]
            if "/" in t and not t.startswith(("/", ".", "~")) and not ELLIPSIS.search(t) and "*" not in t and (self.repo / top).is_dir() \
                    and not top.startswith("build") and not (self.repo / t).exists():
                failures.append(f"{where}: names {t}, which the repository does not hold")
        return failures


def pages_of(repo: Path) -> list[Path]:
    """README.md, every page under docs/, and every README.md of the tree (build trees and venvs aside)."""
    def kept(p: Path) -> bool:
        rel = p.relative_to(repo).parts
        return not any(part.startswith(("build", ".")) or part.endswith("venv") or part == "node_modules"
                       for part in rel[:-1])
    found = {repo / "README.md", *(repo / "docs").rglob("*.md"), *repo.rglob("README.md")}
    return sorted(p for p in found if p.exists() and kept(p))


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[-2])
        return 2
    cli, repo = Path(argv[1]).resolve(), Path(argv[2]).resolve()
    venvs = [Path(v).resolve() for v in argv[3:] if Path(v, "bin", "python").exists()]
    package_venv = next((v for v in venvs if subprocess.run([v / "bin" / "python", "-c", "import catlayout"],
                                                            capture_output=True).returncode == 0), None)
    pages = pages_of(repo)
    clone = Clone(repo, cli, package_venv)
    instructions = Instructions(clone, repo)
    failures: list[str] = []
    not_here: list[str] = []
    counts = dict(commands=0, pycon=0, python=0, compiled=0, instructions=0, pages=0)
    try:
        for path in pages:
            page = str(path.relative_to(repo))
            blocks, prose = blocks_of(page, path.read_text())
            if page in GENERATED:
                continue
            counts["pages"] += 1
            for b in blocks:
                if b.sessions:
                    needs_venv = any(".venv/" in c.text for c in b.sessions)
                    if needs_venv and package_venv is None:
                        not_here.append(f"{page}:{b.line}: no venv here holds the package (.venv)")
                        continue
                    failures += run_session(clone, b)
                    counts["commands"] += len(b.sessions)
                elif b.tag == "pycon":
                    f, skip = run_pycon(clone, b, venvs)
                    failures += f
                    not_here += [skip] if skip else []
                    counts["pycon"] += 0 if skip else 1
                elif b.tag == "python":
                    f, skip = run_python(clone, b, venvs)
                    failures += f
                    not_here += [skip] if skip else []
                    counts["compiled" if b.key in NOT_RUN else "python"] += 0 if skip else 1
                elif b.tag in ("", "sh", "bash", "indented"):
                    text = "\n".join(b.lines).replace("\\\n", " ")
                    for k, l in enumerate(text.split("\n")):
                        if COMMAND_START.match(l.strip()):
                            counts["instructions"] += 1
                            failures += instructions.check(f"{page}:{b.line + k}", l.strip())
            for n, l in prose:
                for m in re.finditer(r"`((?:build/cli/)?catlayout [^`]+)`", l):
                    counts["instructions"] += 1
                    failures += instructions.check(f"{page}:{n}", m.group(1))
    finally:
        clone.close()
    if pages == pages_of(repo) and (repo / "docs" / "examples_test.py").exists():  # the project's own tree
        failures += [f"NOT_RUN lists {page}: {first!r}, which no page holds now" for page, first in NOT_RUN
                     if (page, first) not in NOT_RUN_SEEN]
    for f in failures:
        print("FAIL " + f)
    for s in not_here:
        print("NOT RUN HERE " + s)
    print(f"{counts['pages']} pages: {counts['commands']} shell commands run, {counts['pycon']} pycon and "
          f"{counts['python']} python blocks run ({counts['compiled']} compiled only, listed in NOT_RUN), "
          f"{counts['instructions']} instructions checked (command, flags, paths); "
          f"{len(failures)} failed, {len(not_here)} not run here")
    if failures:
        return 1
    return 77 if not_here else 0


SELF_TEST_README = """# A page with a mistake of each kind

    $ catlayout compose '(6,2):(8,2)' '(4,3):(3,1)'
    ((2,2),3):((24,2),9)
    $ catlayout compose '(3,2):(1,4)' 4:1
    $ catlayout eval '(4,8):(8,1)' 5
    catlayout: invalid_input: shown as an error
    $ catlayout eval '(4,8):(8,1)' 5
    ...
    9
    $ catlayout compose '(3,2):(1,4)' 4:1
    catlayout: inadmissible: shape divisibility: ...

Prose naming `catlayout no-such-command` and `catlayout check --no-such-option`:

    bash scripts/no-such-script.sh
"""
SELF_TEST_EXPECT = [
    "README.md:3: $ catlayout compose '(6,2):(8,2)' '(4,3):(3,1)'\n  shown:",
    "README.md:5: $ catlayout compose '(3,2):(1,4)' 4:1\n  exit 1:",
    "README.md:6: $ catlayout eval '(4,8):(8,1)' 5\n  shown:",
    "README.md:14: `catlayout no-such-command`: no such command",
    "README.md:14: `--no-such-option` is not an option of `catlayout check`",
    "README.md:16: names scripts/no-such-script.sh, which the repository does not hold",
]


def self_test(cli: str) -> int:
    """The checker finds each kind of drift: a page with one of each must fail on exactly those."""
    with tempfile.TemporaryDirectory() as d:
        Path(d, "README.md").write_text(SELF_TEST_README)
        Path(d, "scripts").mkdir()
        r = subprocess.run([sys.executable, __file__, cli, d], capture_output=True, text=True)
    found = [f for f in SELF_TEST_EXPECT if "FAIL " + f in r.stdout]
    fails = r.stdout.count("FAIL ")
    if r.returncode != 1 or len(found) != len(SELF_TEST_EXPECT) or fails != len(SELF_TEST_EXPECT):
        print(f"self-test: exit {r.returncode}, {fails} failures reported, expected {len(SELF_TEST_EXPECT)}; "
              f"missing: {[f for f in SELF_TEST_EXPECT if f not in found]}\n{r.stdout}{r.stderr}")
        return 1
    print(f"self-test: the {fails} planted mistakes are each reported, and the two correct examples pass")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--self-test"] and len(sys.argv) == 3:
        sys.exit(self_test(sys.argv[2]))
    sys.exit(main(sys.argv))
