#!/usr/bin/env python3
"""Differential oracle: what NVIDIA CuTe (C++, static integers) and pycute answer
for layout-algebra cases in the `catlayout.vectors/1` format.

Nothing from NVIDIA is stored in this repository: the `nvidia-cutlass` wheel
(which ships pycute and the CuTe C++ headers) is pip-installed into a
temporary (or given) virtual environment at run time.

  cute_oracle.py run VECTORS.json... [--venv DIR] [--engines cute,pycute] [--out RESULTS.json]
  cute_oracle.py generate --seed S --count N --ops op1,op2,... --out FILE.json [--venv DIR]

Python 3 standard library only (plus the package installed at run time).
See README.md next to this file.
"""

# The oracle itself is the package cute_core next to this file (environment, values, harness,
# pycute_engine, generators, commands); this script is its command line, and it re-exports their
# public names: the other oracle scripts (cute_ops_oracle.py and the cute_ops package,
# cutlass_fragments.py, cutlass_tiled.py, random_cases.py, test_error_kind.py), the differential
# campaign (conformance/runners/dist.py) and the runners' adapters use them as cute_oracle.NAME.

import argparse
import sys

from cute_core.environment import CUTLASS_PIP, CUTLASS_VERSION, Env, Skip, _installed_version, log, setup_env
from cute_core.values import (DIVIDE_OPS, LAYOUT_OPS, PRODUCT_OPS, SCHEMA, case_key, check_inttuple,
                              check_layout, check_nested, check_tiler, compact, congruent, is_layout,
                              is_tiler, tiler_elems, validate_case, write_vector_file)
from cute_core.harness import (DEFAULT_CXXFLAGS, HARNESS_MAIN, HARNESS_PRELUDE, attribute_errors,
                               classify_compile_failure, cpp_b_t, cpp_case_body, cpp_int, cpp_layout_t,
                               cpp_profile_t, cpp_tiler_t, cpp_tuple_t, cute_compute, run_cute_batch,
                               write_harness)
from cute_core.pycute_engine import (from_tup, import_pycute, py_layout, py_result, py_tiler,
                                     pycute_compute_one, to_tup)
from cute_core.generators import (SHAPE_VALUES, aligned_mode, compact_strides, composition_b_layout, cosize,
                                  divide_b_layout, fine_grid, flatten, gen_args, gen_case, gen_first, nest,
                                  prime_factors, prod, rand_flat_shape, rand_layout, rand_mode, rand_profile,
                                  rand_tiler, rand_tree, size_of, sub_layout, tree_to_tuple, unflatten)
from cute_core.commands import (ERROR_KIND, cmd_generate, cmd_run, describe, error_kind, judge_cute,
                                judge_pycute, load_vectors, rank_of, requested_ops, split_supported,
                                tiler_longer_than)

__all__ = [
    # environment
    "CUTLASS_PIP", "CUTLASS_VERSION", "Env", "Skip", "_installed_version", "log", "setup_env",
    # values
    "DIVIDE_OPS", "LAYOUT_OPS", "PRODUCT_OPS", "SCHEMA", "case_key", "check_inttuple", "check_layout",
    "check_nested", "check_tiler", "compact", "congruent", "is_layout", "is_tiler", "tiler_elems",
    "validate_case", "write_vector_file",
    # harness
    "DEFAULT_CXXFLAGS", "HARNESS_MAIN", "HARNESS_PRELUDE", "attribute_errors", "classify_compile_failure",
    "cpp_b_t", "cpp_case_body", "cpp_int", "cpp_layout_t", "cpp_profile_t", "cpp_tiler_t", "cpp_tuple_t",
    "cute_compute", "run_cute_batch", "write_harness",
    # pycute_engine
    "from_tup", "import_pycute", "py_layout", "py_result", "py_tiler", "pycute_compute_one", "to_tup",
    # generators
    "SHAPE_VALUES", "aligned_mode", "compact_strides", "composition_b_layout", "cosize", "divide_b_layout",
    "fine_grid", "flatten", "gen_args", "gen_case", "gen_first", "nest", "prime_factors", "prod",
    "rand_flat_shape", "rand_layout", "rand_mode", "rand_profile", "rand_tiler", "rand_tree", "size_of",
    "sub_layout", "tree_to_tuple", "unflatten",
    # commands
    "ERROR_KIND", "cmd_generate", "cmd_run", "describe", "error_kind", "judge_cute", "judge_pycute",
    "load_vectors", "rank_of", "requested_ops", "split_supported", "tiler_longer_than",
    # this script
    "add_common_options", "command_line", "main",
]


# --------------------------------------------------------------------------

def add_common_options(p):
    """The options of every CuTe-compiling command (this script's and cute_ops_oracle.py's)."""
    p.add_argument("--venv", help="venv to reuse (or create) with nvidia-cutlass; "
                                  "default: a temporary one, deleted afterwards")
    p.add_argument("--cxx", help="C++ compiler (default $CXX or g++)")
    p.add_argument("--cuda-include", help="CUDA include dir holding cuda_runtime_api.h "
                                          "(default $CUDA_HOME/include or /usr/local/cuda/include)")
    p.add_argument("--jobs", type=int, default=2, help="parallel g++ jobs (default 2)")
    p.add_argument("--batch-size", type=int, default=250, help="cases per translation unit (default 250)")
    p.add_argument("--keep-build", help="keep generated C++ harnesses in this directory")
    p.add_argument("--require", action="store_true",
                   help="exit 1 instead of 0 when the package/compiler is unavailable")


def command_line(argv, doc, run, generate):
    """The command line of the oracle scripts (this one's and cute_ops_oracle.py's): `run VECTORS...`
    and `generate --seed S ...`, each with the script's own options and then the common ones.
    run and generate are (help, add_options, command): add_options(parser) adds the script's
    options, command(args) runs the command; its status is returned."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, (help_, add_options, _), first, how in (("run", run, "vectors", {"nargs": "+"}),
                                                      ("generate", generate, "--seed", {"required": True})):
        p = sub.add_parser(name, help=help_)
        p.add_argument(first, **how)
        add_options(p)
        add_common_options(p)
    args = ap.parse_args(argv)
    return (run if args.cmd == "run" else generate)[2](args)


def main(argv=None):
    def run_options(p):
        p.add_argument("--engines", default="cute,pycute")
        p.add_argument("--out", help="write per-case results (JSON)")
        p.add_argument("--max-list", type=int, default=200, help="disagreements listed per engine")
        p.add_argument("--expect-cute-agreement", action="store_true",
                       help="exit 1 if CuTe static disagrees with any expectation (pycute is reported only)")

    def generate_options(p):
        p.add_argument("--count", type=int, required=True)
        p.add_argument("--ops", default="all", help="comma-separated ops, or 'all'")
        p.add_argument("--out", required=True)

    return command_line(argv, __doc__, ("compare CuTe/pycute against vector files", run_options, cmd_run),
                        ("generate random cases with CuTe expectations", generate_options, cmd_generate))


if __name__ == "__main__":
    sys.exit(main())
