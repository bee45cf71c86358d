#!/usr/bin/env python3
"""Writes docs/tutorial.md by running every command it shows (so the outputs are never typed in),
or with --check CATLAYOUT verifies that the committed tutorial still matches the program."""
import pathlib
import shlex
import subprocess
import sys

SECTIONS = [
    ("A layout is a function",
     "A layout is a shape and a stride; its function takes an index colexicographically to a coordinate "
     "and dots it with the stride. The tiling blog's first example, `(6,2):(8,2)`; at one index or one "
     "coordinate it is CuTe's `layout(i)` and `layout(m,n)`:",
     ["eval '(6,2):(8,2)'", "eval '(6,2):(8,2)' 7", "eval '(6,2):(8,2)' '(1,1)'", "show '(6,2):(8,2)'"],
     "img/layout-6x2.svg"),
    ("Coalesce",
     "Coalesce finds the shortest layout with the same function; with a target profile it works mode by mode "
     "(the Korean blog's examples):",
     ["coalesce '(2,(1,6)):(1,(6,2))'", "coalesce '(2,(1,6)):(1,(6,2))' '(1,1)'",
      "coalesce '(2,(1,6)):(1,(6,2))' '(1,(2,3))'"], None),
    ("Composition",
     "`A o B` is the layout whose function is `A(B(i))`, in B's shape. The blogs' examples, a by-mode tiler, "
     "and the inadmissible pair that pycute answers with `3:1` (the true composite `[0,1,2,4]` is no layout). "
     "A negative stride in B reads A as odd, `A(-x) = -A(x)` (docs/representation.md), so CuTe's "
     "`(2,3):(-2,-1)` stands and its `(2,2):(-9,-1)` for `(4,3):(3,1) o 4:-3` does not:",
     ["compose '(6,2):(8,2)' '(4,3):(3,1)'", "compose '(12,(4,8)):(59,(13,1))' '<3:4,8:2>'",
      "compose '(3,2):(1,4)' 4:1", "explain '(3,2):(1,4)' 4:1", "representable [0,1,4,5]",
      "compose '(2,3):(2,1)' 6:-1", "compose '(4,3):(3,1)' 4:-3"], None),
    ("Complement",
     "The complement fills the gaps of A up to N, sorted and coalesced (the blogs' table; the paper's "
     "non-unique example). Where A's sorted strides are not multiples of the extent below them, the "
     "categorical paper has no complement, but CuTe folds the strides by floor division and answers "
     "(`(3,5):(1,7)` is from CuTe's own complement table); catlayout gives CuTe's answer, checked, with a note; "
     "`--strict` refuses as the paper does, and `explain` shows both views:",
     ["complement 4:1 24", "complement 4:2 24", "complement '(2,4):(1,6)' 24", "complement '(2,2):(1,6)' 24",
      "complement '(2,2):(1,50)' 100", "complement '(3,5):(1,7)' 60", "complement --strict '(3,5):(1,7)' 60",
      "explain complement '(3,5):(1,7)' 60", "complement '(2,3):(3,5)' 40"], None),
    ("Logical divide",
     "`A (/) B = A o (B, comp(B, size A))`: mode 0 is the tile, mode 1 walks the tiles. The 1-D and 2-D "
     "examples of the Korean blog, and an 8x8 matrix cut into 2x4 tiles:",
     ["divide '(4,2,3):(2,1,8)' 4:2", "divide '(9,(4,8)):(59,(13,1))' '<3:3,(2,4):(1,8)>'",
      "zipped-divide '(8,8):(8,1)' '<2,4>'", "show '(8,8):(8,1)' --tile '<2,4>'"], "img/tiles-8x8-by-2x4.svg"),
    ("Logical product",
     "`A (x) B = (A, comp(A, size(A) cosize(B)) o B)` repeats A in the pattern of B; blocked and raked "
     "products zip the modes:",
     ["product '(2,2):(4,1)' 6:1", "product '(2,2):(4,1)' '(4,2):(2,1)'", "product '(2,3):(1,5)' 4:1",
      "blocked-product '(2,5):(5,1)' '(3,4):(1,3)'", "raked-product '(2,5):(5,1)' '(3,4):(1,3)'"], None),
    ("Morphisms and mutual refinement",
     "The categorical engine encodes a tractable layout as a Nest morphism and back; mutual refinement "
     "(Algorithm 4.1.1) drives its composition algorithm:",
     ["morphism encode '(2,2):(1,4)'", "morphism layout '(2,2) -(1,3)-> (2,2,2)'",
      "morphism encode '(4,8):(3,3)'", "refine '(6,6)' '(2,6,6)'", "refine '(8,8)' '(3,8,8)'"],
     "img/refinement-6x6.svg"),
    ("Thread-value layouts",
     "An MMA accumulator fragment is a (thread, value) -> (m, n) layout; this is mma.sync m16n8's C:",
     ["gpu show mma.m16n8k8.f32.f16.f16.f32 C"], "img/tv-m16n8-c.svg"),
]


def run(cl, cmd):
    p = subprocess.run([cl] + shlex.split(cmd), capture_output=True, text=True)
    out = (p.stdout + p.stderr).rstrip("\n")
    lines = out.split("\n")
    if len(lines) > 24:
        lines = lines[:24] + ["..."]
    return "\n".join(lines), p.returncode


def render(cl):
    md = ["# Tutorial: the seeds' examples with `catlayout`", "",
          "Every output below was produced by the command above it (`docs/tutorial.py` writes this page and a "
          "test re-runs it). Pictures: `catlayout svg ...`.", ""]
    for title, text, cmds, img in SECTIONS:
        md += [f"## {title}", "", text, "", "```"]
        for c in cmds:
            out, rc = run(cl, c)
            md += [f"$ catlayout {c}", out] + ([f"(exit status {rc})"] if rc else [])
        md += ["```", ""]
        if img:
            md += [f"![{title}]({img})", ""]
    return "\n".join(md)


if __name__ == "__main__":
    here = pathlib.Path(__file__).parent
    if sys.argv[1] == "--check":
        want = (here / "tutorial.md").read_text()
        got = render(sys.argv[2])
        if got != want:
            import difflib
            sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "committed", "now"))
            sys.exit(1)
        print("tutorial matches the program")
    else:
        (here / "tutorial.md").write_text(render(sys.argv[1]))
