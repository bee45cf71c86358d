#!/usr/bin/env python3
"""The cases of CUTLASS test/unit/cute/core/swizzle_layout.cpp as vectors (conformance/vectors/nvidia/
swizzle_layout.json): each of the test's three swizzled layouts sliced at every row, sw_tensor(i,_),
and every column, sw_tensor(_,j), with a static coordinate (cute::Int, the test's `for_each` over
`make_int_sequence`) and with a run-time one (`int`, the test's `for` loops).

  nvidia_swizzle_layout.py --out FILE.json [--venv DIR]

Static cases are plain JSON (every integer static, as the test's types are), their expectations
compiled by the cute_ops oracle's harness (cute_ops_oracle.py run agrees). Every answer, its marks
dropped, is checked to be the slice's function (cute_ops/slices.py), as the test's EXPECT_EQs check. Run-time cases write the
coordinate as CuTe prints it (`(3,_)`: 3 run-time), their expectation CuTe's print of the sub-layout
and of the offset, compiled here from the test's own expressions (`slice_and_offset(make_coord(i,_),
sw_layout)` with `int i`), cute::print. Python 3 standard library only."""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cute_oracle as co  # noqa: E402
import cute_ops_oracle  # noqa: E402,F401 (puts the package's names in place)
from cute_ops.harness import HARNESS  # noqa: E402
from cute_ops.slices import check_slice_case  # noqa: E402
from slice_runtime_cases import unmarked  # noqa: E402

CUTLASS = "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"
SOURCE = "test/unit/cute/core/swizzle_layout.cpp"

# (line of `auto sw_layout =`, swizzle, layout JSON, the C++ of the layout as the test writes it)
LAYOUTS = [
    (97, [3, 0, 3], {"shape": [8, 8], "stride": [8, 1]},
     "composition(Swizzle<3,0,3>{}, Layout<Shape <_8,_8>, Stride<_8,_1>>{})"),
    (104, [3, 0, -3], {"shape": [8, 8], "stride": [8, 1]},
     "composition(Swizzle<3,0,-3>{}, Layout<Shape <_8,_8>, Stride<_8,_1>>{})"),
    (111, [2, 1, 3], {"shape": [[2, 2, 2], [2, 2, 2]], "stride": [[32, 2, 8], [4, 1, 16]]},
     "composition(Swizzle<2,1,3>{}, Layout<Shape <Shape < _2,_2,_2>,Shape <_2,_2, _2>>, "
     "Stride<Stride<_32,_2,_8>,Stride<_4,_1,_16>>>{})"),
]
# the test's slicing loops: the line of each loop, what it checks
LOOPS = {
    ("row", "dynamic"): (50, "for (int i ...) sw_tensor(i,_): EXPECT_EQ(sw_tensor(i,j), sliced_tensor(j)) for every j"),
    ("row", "static"): (59, "cute::for_each(make_int_sequence<size<0>(sw_tensor)>{}, [&](auto i) sw_tensor(i,_)): "
                            "EXPECT_EQ(sw_tensor(i,j), sliced_tensor(j)) for every j; static_assert: the slice of a "
                            "static layout is static"),
    ("col", "dynamic"): (71, "for (int j ...) sw_tensor(_,j): EXPECT_EQ(sw_tensor(i,j), sliced_tensor(i)) for every i"),
    ("col", "static"): (80, "cute::for_each(make_int_sequence<size<1>(sw_tensor)>{}, [&](auto j) sw_tensor(_,j)): "
                            "EXPECT_EQ(sw_tensor(i,j), sliced_tensor(i)) for every i; static_assert: the slice of a "
                            "static layout is static"),
}


def mode_size(shape, k):
    m = shape[k]
    return co.prod(co.flatten(m)) if isinstance(m, list) else m


def cases():
    out = []
    for line, sw, L, cpp in LAYOUTS:
        x = {"swizzle": sw, "offset": 0, "layout": L}
        for kind, k in (("row", 0), ("col", 1)):
            for i in range(mode_size(L["shape"], k)):
                for timing in ("static", "dynamic"):
                    loop, what = LOOPS[(kind, timing)]
                    coord = [i, None] if kind == "row" else [None, i]
                    text = f"({i},_)" if kind == "row" else f"(_,{i})"
                    c = {"id": f"swizzle_layout/L{line}/{kind}{i}/{timing}", "op": "slice_and_offset",
                         "args": [x, coord if timing == "static" else text],
                         "note": f"CUTLASS {SOURCE}:{line} (Sw<{sw[0]},{sw[1]},{sw[2]}> o _0 o the test's layout), "
                                 f"sliced at {text if timing == 'dynamic' else text.replace(str(i), '_' + str(i))} "
                                 f"by test_swizzle_2d line {loop}: {what}",
                         "_cpp": (cpp, coord)}
                    out.append(c)
    return out


RUNTIME_MAIN = r"""
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
template <class C, class L> void show(C const& c, L const& l) {
  auto r = slice_and_offset(c, l);
  printf("{\"layout\":\""); print(get<0>(r)); printf("\",\"offset\":\""); print(get<1>(r)); printf("\"}\n");
}
int main(int argc, char**) {
  int base = argc - 1;  // 0 at run time: the coordinates below are run-time ints
%s
}
"""


def runtime_expects(env, dyn):
    """CuTe's prints for the run-time cases, compiled from the test's expressions."""
    body = []
    for c in dyn:
        cpp, coord = c["_cpp"]
        i = coord[0] if coord[0] is not None else coord[1]
        crd = f"make_coord(base + {i}, _)" if coord[0] is not None else f"make_coord(_, base + {i})"
        body.append(f"  show({crd}, {cpp});")
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "rt.cpp"), os.path.join(d, "rt")
        open(src, "w").write(RUNTIME_MAIN % "\n".join(body))
        cmd = [env.cxx] + co.DEFAULT_CXXFLAGS + env.include_flags() + [src, "-o", exe]
        subprocess.run(cmd, check=True)
        lines = subprocess.run([exe], check=True, capture_output=True, text=True).stdout.splitlines()
    return [json.loads(x) for x in lines]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--static-only", action="store_true", help="leave out the run-time cases")
    co.add_common_options(ap)
    args = ap.parse_args(argv)
    env = co.setup_env(args, need_cute=True)
    cs = cases()
    if args.static_only:
        cs = [c for c in cs if c["id"].endswith("/static")]
    static = [c for c in cs if c["id"].endswith("/static")]
    outs, _ = co.cute_compute(env, [{"op": c["op"], "args": c["args"]} for c in static], harness=HARNESS)
    for c, o in zip(static, outs):
        if o[0] != "value":
            raise SystemExit(f"{c['id']}: CuTe {o}")
        c["expect"] = o[1]
    dyn = [c for c in cs if c["id"].endswith("/dynamic")]
    if dyn:
        for c, e in zip(dyn, runtime_expects(env, dyn)):
            c["expect"] = e
    for c in cs:  # each answer is the test's function: offset + R(j) is the layout at (i,j) / (j,i)
        plain = c["expect"] if c["id"].endswith("/static") else unmarked(c["expect"])
        verdict, detail, _ = check_slice_case(c["op"], [c["args"][0], c["_cpp"][1]], plain)
        if verdict != "ok":
            raise SystemExit(f"{c['id']}: CuTe's answer is not the slice's function: {detail}")
        del c["_cpp"]
        c["expect"], c["note"] = c.pop("expect"), c.pop("note")
    co.write_vector_file(args.out, f"NVIDIA's own unit test: every case of CUTLASS {SOURCE} (github.com/NVIDIA/cutlass, commit "
                     f"{CUTLASS}): its three swizzled layouts sliced at every row (i,_) and every column (_,j), "
                     "with a static coordinate (plain JSON) and a run-time one (the coordinate as CuTe prints it, "
                     "3 run-time); expectations CuTe C++ 4.2's (nvidia-cutlass 4.2.0.0 headers) compiled answers, "
                     "by conformance/oracle/nvidia_swizzle_layout.py (static: the cute_ops oracle's harness; "
                     "run-time: the test's expressions with int coordinates, cute::print). See "
                     "conformance/vectors/nvidia/README.md", cs)
    print(f"wrote {args.out}: {len(cs)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
