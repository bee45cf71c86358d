#!/usr/bin/env python3
"""Writes docs/python.md (and the pictures in docs/python/) by running every example it shows, so
no output is typed in. Each example is run statement by statement, as at the Python prompt.

    python docs/python_tour.py            # rewrite docs/python.md and docs/python/*.svg
    python docs/python_tour.py --check    # exit 1 if either would change (nothing is written)
"""
import ast
import contextlib
import difflib
import io
import os
import pathlib
import sys
import traceback

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent
PICTURES = HERE / "python"
MAX_LINES = 24

# Each section: (title, text before, [(example, text after or None), ...]).
# An example is Python source run in one namespace shared by the whole page. A picture is named by
# a line "#! picture NAME VARIABLE": after the example runs, VARIABLE (an SVG string) is written to
# docs/python/NAME.svg and shown below the example.

INSTALL = """\
On a fresh Debian 12 clone:

```sh
bash scripts/setup.sh                        # g++, CMake, Boost, nlohmann-json, python3-dev/venv
python3 -m venv .venv && .venv/bin/pip install .
```

`pip install .` builds the C++ engines with scikit-build-core and nanobind (about 8 minutes on
2 cores; a second install recompiles only what changed, in `build-python/`). NumPy is the only
runtime dependency. `pip install '.[test]'` adds pytest; `bash scripts/python-test.sh` runs the
Python tests (pytest in `build-tests/py-venv`).

Everything below is `catlayout`'s C++ engine: there is no second implementation in Python."""

SECTIONS = [
    ("Layouts",
     "A `Layout` is CuTe notation, or a shape and a stride as ints or nested tuples. Without a stride "
     "it is CuTe's compact column-major one.",
     [("""\
import catlayout as cl
from catlayout import Layout
cl.__version__
L = Layout("(6,2):(8,2)")
L
Layout((6, 2), (8, 2)) == L, hash(Layout((6, 2), (8, 2))) == hash(L)
Layout(((2, 3), 4))
L.shape, L.stride, L.rank, L.depth, L.size(), L.cosize()
cl.size("(6,2):(8,2)"), cl.cosize(L), cl.rank(L), cl.depth("((2,3),4):((1,2),6)")""", None),
      ("""\
L(5), L((5, 1)), L(5, 1)
L(12)""",
       "`L(i)` takes an index, `L((i, j))` or `L(i, j)` a coordinate. Past `size(L)` it is CuTe's "
       "extended function (the last mode is unbounded)."),
      ("""\
L[5, 1]
L[:, 1], L(None, 1)
cl.slice_and_offset((None, 1), L)
L.mode(0), len(L)""",
       "`L[...]` is CuTe's `operator[]`: `L[i, j]` is `L(i, j)`, and `L[:, 1]` (or `None` in a "
       "call) is CuTe's slice `layout(_, 1)`. This differs from pycute, where `L[i]` is mode i; here "
       "that is `L.mode(i)`, and `len(L)` is the rank. Layouts are immutable, hashable and pickle as "
       "their CuTe text."),
      ]),
    ("NumPy",
     "Called on an integer array, a layout evaluates every entry and keeps the array's shape; "
     "`tabulate()` is `[L(0), ..., L(size-1)]`. An array of any other dtype (float, bool, complex, "
     "object) is refused with `InvalidInput` naming the dtype and its first entry, as `L(1.5)` is, "
     "and a uint64 entry past int64's maximum is refused as it is, never truncated or wrapped.",
     [("""\
import numpy as np
L(np.arange(12).reshape(3, 4))
L.tabulate()
L.tabulate().dtype""", None)]),
    ("The algebra",
     "The operations take `Layout`s or their CuTe text anywhere a layout goes. A tiler is a layout, "
     "an int, or a tuple of them (CuTe's by-mode tiler `<a, b>`).",
     [("""\
cl.composition(Layout("(6,2):(8,2)"), "(4,3):(3,1)")
cl.composition("(12,(4,8)):(59,(13,1))", ("3:4", "8:2"))
cl.coalesce("(2,(1,6)):(1,(6,2))")
cl.coalesce("(2,(1,6)):(1,(6,2))", (1, 1))
cl.complement("4:2", 24), cl.complement("(2,4):(1,6)", 24), cl.complement("(2,2):(1,6)")""",
       "Composition (the tiling blog's seed example, then a by-mode tiler), coalesce with and without "
       "a target profile, complement (without a cotarget: `cosize(A)`)."),
      ("""\
cl.logical_divide("(4,2,3):(2,1,8)", "4:2")
cl.logical_divide("(9,(4,8)):(59,(13,1))", ("3:3", "(2,4):(1,8)"))
cl.zipped_divide("(8,8):(8,1)", (2, 4))
cl.tiled_divide("(8,8):(8,1)", (2, 4))
cl.flat_divide("(8,8):(8,1)", (2, 4))""",
       "Divides: mode 0 is the tile, the rest walks the tiles."),
      ("""\
cl.logical_product("(2,2):(4,1)", "6:1")
cl.zipped_product("(2,2):(4,1)", "(4,2):(2,1)")
cl.blocked_product("(2,5):(5,1)", "(3,4):(1,3)")
cl.raked_product("(2,5):(5,1)", "(3,4):(1,3)")
cl.right_inverse("(4,8):(8,1)"), cl.left_inverse("(2,3):(3,1)")
cl.max_common_vector("(4,8):(1,4)", "(32):(1)"), cl.max_common_layout("(4,8):(1,4)", "(4,8):(8,1)")
cl.make_layout(Layout("4:1"), "(2,3):(4,8)"), cl.flatten("((2,3),4):((1,2),6)")
cl.is_injective("(4,2):(1,2)"), cl.is_compact("(4,8):(8,1)"), cl.is_tractable("(4,8):(3,3)")""",
       "Products, inverses and the rest of CuTe's layout functions (`filter`, `squeeze`, `sort`, "
       "`append`, `filter_zeros`, the `is_*` predicates) are there under CuTe's names."),
      ("""\
cl.op("composition", "(6,2):(8,2)", "(4,3):(3,1)")
cl.op("coshape", "(4,8):(1@0,1@1)"), cl.op("inner_partition", "(8,6):(1,8)", "<4,3>", (1, 1))
cl.op("make_layout", (4, (2, 3)), cl.LayoutRight), cl.typed_ops()[:4]""",
       "`op(name, *args)` calls any op of the op table by its name (`typed_ops()` lists them), reading "
       "each argument as the CLI's command of the same op reads it: text in any notation, or a value. "
       "A new op of the table is here without a binding of its own."),
      ("""\
cl.op("make_layout", "(4,8,1,2)", "LayoutLeft", cute_integers=True), cl.op("logical_divide", "2:_1", "_32:_1")""",
       "CuTe's static and run-time integers: a text that writes CuTe's mark (`_4`) is read as CuTe prints "
       "it (`_4` static, `4` run-time), and `cute_integers=True` reads every text so (the CLI's "
       "`--cute-integers`); the answer is CuTe C++'s with those integers, as CuTe prints it (a `str`), "
       "and CuTe's run-time refusals raise (docs/definitions.md, \"Static and run-time integers\")."),
      ]),
    ("Errors",
     "Where CuTe's answer would be wrong (no layout has the composite function), catlayout raises. "
     "`(3,2):(1,4) o 4:1` should be `[0,1,2,4]`, which no layout is (pycute answers `3:1`):",
     [("""\
cl.composition("(3,2):(1,4)", "4:1")
try:
    cl.composition("(3,2):(1,4)", "4:1")
except cl.LayoutError as e:
    err = e
type(err).__mro__[:3]
err.kind, err.message
[c.__name__ for c in cl.LayoutError.__subclasses__()]
cl.is_admissible("(3,2):(1,4)", "4:1")""",
       "Every error is a `catlayout.LayoutError`, a `ValueError`, with `.kind` (the vector files' "
       "error code) and `.message` (the reason)."),
      ("""\
cl.complement("(3,5):(1,7)", 60)
cl.complement("(3,5):(1,7)", 60, strict=True)
cl.complementability("(3,5):(1,7)", 60)""",
       "A complement outside the categorical fragment (sorted strides not multiples of the extent "
       "below them) gets CuTe's answer, which is checked; `strict=True` refuses as the categorical "
       "paper does. The divides and products take `strict` too."),
      ("""\
print(cl.explain("(3,2):(1,4)", "4:1"))
print(cl.explain("(3,5):(1,7)", 60, "complement"))""",
       "`explain` puts both views of a case side by side, as `catlayout explain` does."),
      ]),
    ("The categorical engine",
     "The engine of *Categorical Foundations for CuTe Layouts* works on morphisms of the category "
     "Nest: `S -alpha-> T`, with `*` for the base point. `encode` gives a tractable layout's standard "
     "representation, `decode` its layout.",
     [("""\
f = cl.encode("(2,2):(1,4)")
f, f.domain, f.codomain, f.map
cl.decode(f), f.tabulate()
g = cl.Morphism("(2,2,2) -(2,1,*)-> (2,2)")
cl.compose(g, f)
cl.coalesce(cl.Morphism("(2,2,3) -(1,2,3)-> (2,2,3)")), cl.complement(f)
cl.Morphism((2, 2), (2, 2, 2), (1, 3)) == f
cl.encode("(4,8):(3,3)")""", None),
      ("""\
r = cl.mutual_refinement((6, 6), (2, 6, 6))
r
r.first_modes, r.second_modes
cl.mutual_refinement((8, 8), (3, 8, 8))
cl.categorical_composition("(6,2):(8,2)", "(4,3):(3,1)")
cl.represent([0, 2, 4, 1, 3, 5])
cl.represent([0, 1, 2, 4])""",
       "Mutual refinement (Algorithm 4.1.1) drives the categorical composition (Algorithm 4.1.2); "
       "`represent` finds the layout with a given table, or says why none exists."),
      ]),
    ("Beyond integers",
     "Swizzles, swizzled layouts, coordinate layouts (basis strides `1@0`), F2-linear layouts and "
     "Triton's linear layouts with named dimensions (see docs/beyond-integers.md):",
     [("""\
sw = cl.Swizzle(3, 3, 3)
sw, sw(0b101_000_000), cl.Swizzle("Sw<2,0,3>")
S = cl.ComposedLayout(sw, 0, "(8,64):(64,1)")
S, [S(i) for i in range(4)], S == cl.ComposedLayout("Sw<3,3,3> o 0 o (8,64):(64,1)")
cl.composition(S, "(8,8):(1,8)")
lin = cl.to_linear(S)
lin, lin.bases[:3], cl.to_cute(lin)
cl.to_linear("(4,8):(8,1)"), cl.inverse(cl.to_linear("(4,8):(8,1)"))""", None),
      ("""\
I = cl.make_identity_layout((4, 8))
I, I(13), I.size()
cl.composition(I, "(2,4):(1,4)")
cl.CoordLayout("(4,8):(1@0,1@1)") == I""", None),
      ("""\
acc = cl.TritonLayout("#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>")
acc.out_dims, acc(register=3, lane=5, warp=0, block=0)
acc.to_cute(), cl.Layout(acc.ttg()) == acc.to_cute()
acc.invert().in_dims[0][0], acc.pseudoinvert() == acc.invert()""", None),
      ]),
    ("Pictures",
     "In Jupyter a `Layout`, a `TV`, a `Morphism` and a `MutualRefinement` draw themselves "
     "(`_repr_svg_`); `to_svg()` returns the same picture as text. The pictures below were written "
     "from exactly these strings.",
     [("""\
grid = Layout("(4,8):(8,1)").to_svg()
tiles = Layout("(4,8):(8,1)").to_svg(tile=(2, 4))
len(grid), len(tiles)
#! picture layout-4x8 grid
#! picture layout-4x8-tiles tiles""",
       "A grid shows `L(r, c)` in row r, column c; with a tiler the cells are coloured by tile "
       "(`zipped_divide(L, tiler)`)."),
      ("""\
t = cl.tv("((4,8),(2,2)):((32,1),(16,8))", 16, 8)
t, t.m, t.n
acc = t.to_svg()
#! picture tv-16x8 acc""",
       "A thread-value layout `((threads), (values)) -> m + M n` drawn on its M x N tile (here the "
       "layout of an SM80 16x8 accumulator): each cell names its thread and value."),
      ("""\
arrows = cl.Morphism("(2,2) -(1,3)-> (2,2,2)").to_svg()
refinement = cl.mutual_refinement((6, 6), (2, 6, 6)).to_svg()
#! picture morphism arrows
#! picture refinement-6x6 refinement""",
       "A morphism: its domain above, its codomain below, an arrow per entry not sent to `*`. A "
       "mutual refinement: T over T', U' over U, and how their entries match."),
      ("""\
print(Layout("(4,8):(8,1)").show(tile=(2, 4)))
tikz = Layout("(4,8):(8,1)").to_tikz()
tikz.splitlines()[0], len(tikz)""",
       "`show()` is the terminal grid of `catlayout show` (`color=True` for ANSI colours); "
       "`to_tikz()` is a standalone LaTeX document with the same picture."),
      ]),
    ("Analysis",
     "What a kernel author asks before the kernel runs (docs/analysis.md): each function returns the "
     "report of `catlayout analyze ... --json` as a dict.",
     [("""\
r = cl.bank_conflicts("(32,32):(1,32)", "(32,32):(32,1)")
r["wavefronts"], r["ideal"], r["worst_ratio"]
cl.bank_conflicts("(32,32):(1,32)", "(32,32):(33,1)")["worst_ratio"]
sw = cl.ComposedLayout("Sw<3,3,3> o 0 o (8,64):(64,1)")
cl.bank_conflicts("((8,4),8):((1,64),8)", sw, elem_bytes=2, vector=8)["wavefronts"]
cl.widest_vector("((4,8),(2,2,2)):((32,1),(16,8,128))", "(16,16):(16,1)", elem_bytes=2)["limited_by"]
cl.coalescing("(32,32):(1,32)", "(32,32):(32,1)")["sector_efficiency"]
o = cl.ownership("((32,2),4):((1,0),32)", 128, block_threads=96)
o["exact"], o["max_owners"], o["replica_groups"][:2], o["idle_threads"][:3]
cl.footprint("(32,32):(33,1)")""",
       "A column read of a row-major 32 x 32 float tile is 32-way conflicted, one float of padding "
       "per row removes it; `Sw<3,3,3>` makes the ldmatrix read of an 8 x 64 half tile conflict-free."),
      ]),
    ("Vectors",
     "The conformance vectors (conformance/vectors, format in [docs/vector-format.md](vector-format.md)) are readable, checkable and "
     "writable from Python.",
     [("""\
report = cl.check("conformance/vectors/seed-examples.json")
{k: report[k] for k in ("total", "passed", "failed", "skipped")}
report["cases"][2]
cl.check("conformance/vectors/seed-examples.json", only="composition")["total"]
doc = cl.read_vectors("conformance/vectors/seed-examples.json")
doc["cases"][2]
cl.run_op("composition", [Layout("(6,2):(8,2)"), Layout("(4,3):(3,1)")])
cl.run_op("complement", [Layout("(3,5):(1,7)"), 60], strict=True)
"composition" in cl.known_ops(), cl.known_ops()[:6]""",
       "`check` takes `only`, `skip_tags` and `strict` as `catlayout check` takes `--only`, `--skip-tag` "
       "and `--strict`, and `threads` as `--threads` (0, the default: one per hardware thread; the report "
       "is the same for any number)."),
      ("""\
import os, tempfile
os.chdir(tempfile.mkdtemp())
cl.export("golden", seed=1, count=5, ops=["composition", "complement"])
cl.check("golden/composition.json")["passed"]
mine = dict(doc, cases=doc["cases"][:3])
cl.write_vectors("mine.json", mine)
cl.check("mine.json")["passed"]
cl.write_vectors("mine.json", doc)""",
       "`export` writes golden vectors from catlayout's own generator; `write_vectors` writes a "
       "document atomically and will not replace a different file unless `force=True`."),
      ]),
]

PYCUTE = ("For pycute users",
          "`catlayout.pycute` takes pycute's names, signatures and printing (`L[i]` is mode i there), "
          "with catlayout's checked answers underneath. What it covers and where pycute's answers "
          "differ: [pycute.md](pycute.md).",
          [("""\
import catlayout.pycute as pycute
A = pycute.Layout((6, 2), (8, 2))
R = pycute.composition(A, pycute.Layout((4, 3), (3, 1)))
R, R[0], R.cute()
pycute.composition(pycute.Layout((3, 2), (1, 4)), pycute.Layout(4, 1))""", None)])

# CuTe DSL (cutlass.cute) name -> the catlayout call doing the same; the last column is run here.
DSL = [
    ("cute.make_layout(shape, stride=...)", 'Layout((4, 8), (8, 1))'),
    ("cute.crd2idx(crd, l)", 'Layout("(4,8):(8,1)")((1, 2))'),
    ("cute.size(l)", 'cl.size("(4,8):(8,1)")'),
    ("cute.cosize(l)", 'cl.cosize("(4,8):(8,1)")'),
    ("cute.rank(l)", 'cl.rank("(4,8):(8,1)")'),
    ("cute.depth(l)", 'cl.depth("((2,2),8):((1,16),2)")'),
    ("cute.composition(a, b)", 'cl.composition("(6,2):(8,2)", "(4,3):(3,1)")'),
    ("cute.coalesce(l, target_profile=...)", 'cl.coalesce("(2,(1,6)):(1,(6,2))", (1, 1))'),
    ("cute.complement(l, cotarget)", 'cl.complement("(2,2):(1,6)", 24)'),
    ("cute.logical_divide(l, tiler)", 'cl.logical_divide("(4,2,3):(2,1,8)", "4:2")'),
    ("cute.zipped_divide(l, tiler)", 'cl.zipped_divide("(8,8):(8,1)", (2, 4))'),
    ("cute.right_inverse(l)", 'cl.right_inverse("(4,8):(8,1)")'),
]

SPEED = """The README's benchmark table compares catlayout's C++ engine with CuTe and pycute; `python \
python/bench/bench_pycute.py` times this Python API against pycute on one workload (`--quick` for \
a smoke run), in three columns: `catlayout`'s functions, `catlayout.pycute`'s (the shim: pycute's \
API, its `Layout` a class of the bindings and its operations functions CPython calls directly), \
and pycute's (nvidia-cutlass 4.2.0.0), on the same 6-14 cases per op, checked equal as functions \
first; `--cpp-bench build-tests/bench/catlayout_bench` adds the C++ operation's own time on the \
same cases, and `--baseline old.json` an earlier run's figures beside these. Measured side by side \
in one run on a shared 2-core AMD EPYC VM, Python 3.11.7, NumPy 2.4.6, median of 5 runs of the \
thread's CPU time:

""" + open(HERE / "python" / "bench_pycute.md").read() + """
The host's load moves these figures by ±30% between runs (a second run minutes earlier gave
`catlayout.logical_divide` 369 ns against 267 here, on the same build); [docs/performance.md](performance.md)
has the previous build beside this one, and instruction counts, which do not move.

**Per-call overhead.** The same loop around the cheapest calls (ns per call, from the run above):
a C builtin with two arguments 35; `cl.size(L)` (a Layout in, an int out) 42; `cl.flatten(L)` on a
flat `L` (a nanobind call, a new Layout out) 97; `catlayout.pycute.coalesce(8:1)` (a direct call,
a new Layout out) 66; a Python `def` that only forwards to `cl.size` 66, so a Python frame between
costs about 20-30 ns. In instructions (callgrind, `python python/bench/profile_call.py
"STATEMENT"`; they do not depend on the machine's load): `cl.flatten(A)` 1,503 and
`catlayout.pycute.coalesce(A)` 1,198, of which the engine's work is a few hundred and the rest the
call: the interpreter (about 300), the result object's life in nanobind and CPython (about 450:
`inst_new_int`, `inst_dealloc` of the previous result, the allocator), moving the `Layout` into
it (about 100) and, for `cl`'s functions, nanobind's overload dispatch and argument casters (about
500, where `catlayout.pycute`'s direct calls spend about 200).

What the module does to keep that small: its own sources are compiled at -O3 (nanobind's default
for a module is -Os, which left the argument reading and the `Layout` moves out of line: ~20% of a
call's instructions); a tiler that is a `Layout` is read in place (`Tiler::borrow`), not copied;
`catlayout.pycute`'s divides and products given two Layouts call the engine with no other step;
`catlayout`'s functions move a `Layout` result once into its new object, without nanobind's search
for an object that already wraps it; and
`Layout(shape, stride)` (both classes) reads the two tuples flat straight into the new object
through the class's own call, without nanobind's overload dispatch (any other call, e.g. one
argument or CuTe text, goes to the `__init__` overloads as before).

**Where 100x is out of reach, and why.** `logical_divide((8,16):(16,1), (4,2):(1,4))` per call
(callgrind): pycute 316,867 instructions with its Layouts built in the call;
`catlayout.pycute.logical_divide(SA, SB)` alone about 2,780, of which the engine's work
(`compose_walk`, `compose_modes`, `divide_halves`, `complement_into`, `walked_size`, the result) is
about 1,600; `cl.logical_divide(A, B)` about 3,030. With its two Layouts built in the call
(`Layout((8,16),(16,1))`: about 1,800 instructions each) the statement is 5,869 instructions and 391 ns
against pycute's 27.3 us (70x); 100x would be 273 ns, of which three direct calls that return a new
Layout take 198 ns before any work. pycute's cheapest operations leave less: `coalesce` at 3.4 us
gives a budget of 34 ns, below the bare loop around one C call. So through Python the rows with little
engine work stay at 12-96x pycute, bounded by the cost of a call that builds a Python object; the
divides and products, 108-133x through `catlayout.pycute`.

Reproduce: `python python/bench/bench_pycute.py` (about 4 minutes),
`python python/bench/profile_call.py --pycute "P.logical_divide(PA, PB)"` (valgrind)."""


def display(lines, source):
    first, *rest = source.split("\n")
    lines.append(">>> " + first)
    lines += ["... " + r for r in rest]
    if rest:
        lines.append("...")


def run_example(src, ns, pictures):
    """The example as a Python prompt session (statement, then what the prompt prints)."""
    code = "\n".join(x for x in src.split("\n") if not x.startswith("#! "))
    tree = ast.parse(code)
    lines = []
    for stmt in tree.body:
        display(lines, ast.get_source_segment(code, stmt))
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            try:
                if isinstance(stmt, ast.Expr):
                    value = eval(compile(ast.Expression(stmt.value), "<tour>", "eval"), ns)
                    if value is not None:
                        print(repr(value))
                else:
                    exec(compile(ast.Module([stmt], []), "<tour>", "exec"), ns)
            except Exception as e:  # shown as the prompt shows it, the stack left out
                print("Traceback (most recent call last):\n  ...\n"
                      + "".join(traceback.format_exception_only(type(e), e)).rstrip("\n"))
        out = buf.getvalue().rstrip("\n")
        if out:
            out_lines = out.split("\n")
            if len(out_lines) > MAX_LINES:
                out_lines = out_lines[:MAX_LINES] + ["..."]
            lines += out_lines
    for x in src.split("\n"):
        if x.startswith("#! picture "):
            _, _, name, var = x.split()
            pictures[name] = ns[var]
    return lines


def render():
    """(markdown, {svg name: svg text})."""
    os.chdir(REPO)  # the examples name repository paths
    ns = {"pathlib": pathlib}
    pictures = {}
    md = ["# catlayout for Python", "",
          "The CuTe layout algebra from Python, checked: CuTe's answers wherever they are right, and an "
          "exception saying why where no right answer exists. This page is for pycute and CuTe DSL "
          "users; every output on it was printed by the code above it (`docs/python_tour.py` writes "
          "the page and its pictures; `--check` tells whether they are current).", "",
          "## Install", "", INSTALL, ""]

    def section(title, text, examples):
        md.extend([f"## {title}", "", text, ""])
        for src, after in examples:
            before = set(pictures)
            md.extend(["```pycon", *run_example(src, ns, pictures), "```", ""])
            os.chdir(REPO)
            if after:
                md.extend([after, ""])
            for name in pictures:
                if name not in before:
                    md.extend([f"![{name}](python/{name}.svg)", ""])

    for s in SECTIONS:
        section(*s)
    # a run in a scratch project (pytest over the installed package), not a prompt session: kept as text
    md += ["## The conformance suite in your tests", "",
           (HERE / "python" / "conformance_suite.md").read_text().rstrip("\n"), ""]
    section(*PYCUTE)
    md += ["## For CuTe DSL users", "",
           "The CuTe DSL's layout functions (`import cutlass.cute as cute`) and the catlayout calls "
           "with the same meaning; the last column was computed here.", "",
           "| CuTe DSL | catlayout | gives |", "|---|---|---|"]
    for dsl, call in DSL:
        value = eval(call, ns)
        md.append(f"| `{dsl}` | `{call}` | `{value!r}` |")
    md += ["", "The same holds for `logical_product`, `zipped_product`, `tiled_divide`, `flat_divide`, "
           "`blocked_product`, `raked_product`, `left_inverse`, `filter`, `flatten`, `make_identity_layout` "
           "and the rest: catlayout uses CuTe's names.", "",
           "## Speed", "", SPEED, ""]
    return "\n".join(md), pictures


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        sys.exit("usage: python docs/python_tour.py [--check]")
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:  # the examples' temporary folders go in here
        tempfile.tempdir = scratch
        try:
            md, pictures = render()
        finally:
            tempfile.tempdir = None
            os.chdir(REPO)
    want = {HERE / "python.md": md}
    want.update({PICTURES / f"{n}.svg": svg for n, svg in pictures.items()})
    stale = [p for p in PICTURES.glob("*.svg") if p not in want] if PICTURES.is_dir() else []
    if check:
        bad = False
        for path, text in want.items():
            have = path.read_text() if path.exists() else ""
            if have != text:
                bad = True
                print(f"{path.relative_to(REPO)} is not current")
                if path.suffix == ".md":
                    sys.stdout.writelines(difflib.unified_diff(have.splitlines(True), text.splitlines(True),
                                                               "committed", "now"))
        for p in stale:
            bad = True
            print(f"{p.relative_to(REPO)} is no longer written by the tour")
        if bad:
            sys.exit(1)
        print("docs/python.md and its pictures are current")
        return
    PICTURES.mkdir(exist_ok=True)
    for path, text in want.items():
        path.write_text(text)
    for p in stale:
        p.unlink()


if __name__ == "__main__":
    main()
