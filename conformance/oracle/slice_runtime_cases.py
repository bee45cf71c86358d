#!/usr/bin/env python3
"""CuTe's slice_and_offset with run-time coordinates: for the cases of a slice_and_offset vector file
(conformance/vectors/cute-ops/slice_and_offset.json), each integer of the coordinate marked static
(`cute::Int<3>{}`, printed `_3`) or run-time (an `int`, printed `3`) at random, compiled with CuTe
C++ 4.2 and its answer printed by cute::print: the sub-layout and the offset with CuTe's marks.

  slice_runtime_cases.py --from VECTORS.json --out FILE.json [--seed S] [--venv DIR]

Each answer is held to the definition (docs/definitions.md slice_and_offset) with its marks dropped:
for every j, offset + R(j) is the layout at the coordinate with the holes filled by j (slices.py's
check); a case whose CuTe answer fails it is left out and reported. Cases whose `expect` is an
error, or whose coordinate has no integer, are not taken. Python 3 standard library only."""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cute_oracle as co  # noqa: E402
import cute_ops_oracle  # noqa: E402,F401 (puts the package's names in place)
from cute_ops.harness import cpp_x  # noqa: E402
from cute_ops.slices import check_slice_case  # noqa: E402
from cute_runtime_oracle import parse_tuple, plain  # noqa: E402

MAIN = r"""
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
template <class C, class L> void show(C const& c, L const& l) {
  auto r = cute::slice_and_offset(c, l);
  std::printf("{\"layout\":\""); cute::print(cute::get<0>(r));
  std::printf("\",\"offset\":\""); cute::print(cute::get<1>(r)); std::printf("\"}\n");
}
int main(int argc, char**) {
  int base = argc - 1;  // 0, at run time: base + 3 is a run-time int
%s
}
"""


def mark(rng, c):
    """(value, static) for each integer, None for a hole."""
    if c is None:
        return None
    if isinstance(c, int):
        return (c, rng.random() < 0.3)
    return [mark(rng, e) for e in c]


def text(c):
    if c is None:
        return "_"
    if isinstance(c, tuple):
        return ("_" if c[1] else "") + str(c[0])
    return "(" + ",".join(text(e) for e in c) + ")"


def cpp(c):
    if c is None:
        return "cute::_"
    if isinstance(c, tuple):
        return f"cute::Int<{c[0]}>{{}}" if c[1] else f"(base + {c[0]})"
    return "cute::make_coord(" + ",".join(cpp(e) for e in c) + ")"


def has_int(c):
    return isinstance(c, int) or (isinstance(c, list) and any(has_int(e) for e in c))


SWIZZLED = re.compile(r"Sw<(-?\d+),(-?\d+),(-?\d+)> o (?:M_\d+\|\(\d+&\d+\)=(\d+)|_?(-?\d+)) o (.*)$")


def unmarked(answer):
    """CuTe's print as the plain JSON answer: {"layout": L or composed, "offset": k}."""
    def layout(t):
        s, d = t.split(":")
        return {"shape": plain(parse_tuple(s)), "stride": plain(parse_tuple(d))}
    m = SWIZZLED.match(answer["layout"])
    if m:
        b, mm, s = int(m.group(1)), int(m.group(2)), int(m.group(3))
        k = int(m.group(4) if m.group(4) is not None else m.group(5))
        sub = {"swizzle": [b, mm, s], "offset": k, "layout": layout(m.group(6))}
    else:
        sub = layout(answer["layout"])
    return {"layout": sub, "offset": int(answer["offset"].lstrip("_"))}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--from", dest="src", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    co.add_common_options(ap)
    args = ap.parse_args(argv)
    env = co.setup_env(args, need_cute=True)
    rng = random.Random(f"slice-runtime/{args.seed}")
    src = json.load(open(args.src))
    cases = [c for c in src["cases"] if "error" not in c["expect"] and has_int(c["args"][1])]
    marked = [mark(rng, c["args"][1]) for c in cases]
    body = "\n".join(f"  show({cpp(m)}, {cpp_x(c['args'][0])});" for c, m in zip(cases, marked))
    with tempfile.TemporaryDirectory() as d:
        s, e = os.path.join(d, "slices.cpp"), os.path.join(d, "slices")
        open(s, "w").write(MAIN % body)
        subprocess.run([env.cxx] + co.DEFAULT_CXXFLAGS + env.include_flags() + [s, "-o", e], check=True)
        lines = subprocess.run([e], check=True, capture_output=True, text=True).stdout.splitlines()
    out, dropped = [], []
    for c, m, line in zip(cases, marked, lines):
        answer = json.loads(line)
        verdict, detail, _ = check_slice_case(c["op"], c["args"], unmarked(answer))
        if verdict != "ok":
            dropped.append((c["id"], detail))
            continue
        out.append({"id": c["id"].replace("slice_and_offset/", "slice_and_offset/run-time/"), "op": "slice_and_offset",
                    "args": [c["args"][0], text(m)], "expect": answer})
    co.write_vector_file(args.out, f"NVIDIA CuTe C++ from nvidia-cutlass 4.2.0.0 (headers only), compiled with g++ {' '.join(co.DEFAULT_CXXFLAGS)}: "
                     f"the cases of {os.path.relpath(args.src, os.path.join(HERE, '..', '..'))} with a coordinate, each integer "
                     "marked static (_3, cute::Int) or run-time (3, an int) at random (conformance/oracle/slice_runtime_cases.py "
                     f"--seed {args.seed}); expect is cute::print of the sub-layout and of the offset, each answer's function "
                     "checked by the definition with its marks dropped", out)
    print(f"wrote {args.out}: {len(out)} cases; {len(dropped)} left out (CuTe's answer not the slice's function)")
    for i, why in dropped:
        print(f"  {i}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
