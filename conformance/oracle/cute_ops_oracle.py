#!/usr/bin/env python3
"""Differential oracle for the layout ops of issue 41: what NVIDIA CuTe C++ 4.2 (static integers)
answers for make_layout, make_ordered_layout, make_layout_like, tile_to_shape, local_tile,
local_partition, inner_partition, outer_partition, upcast, downcast, recast_layout, nullspace, and
for composition / right_inverse / left_inverse with swizzles and swizzled ("composed") layouts, and
for CuTe API ops added since (crd2idx, idx2crd, crd2crd, select, take, group_modes, append, prepend,
replace, max_common_vector, max_common_layout, weakly_congruent, compatible, coprofile,
compact_major, compact_col_major, compact_row_major, domain_distribute, slice_and_offset) --
and whether that answer is the operation's function (checked by tabulation, here, in Python).

  cute_ops_oracle.py generate --seed S --count N --ops a,b,... (--out FILE.json | --out-dir DIR)
                              [--report REPORT.md] [--venv DIR]
  cute_ops_oracle.py run VECTORS.json... [--venv DIR] [--out RESULTS.json]

--count is the number of cases per op. The CuTe machinery (venv with nvidia-cutlass, the harness,
the compile-and-blame loop) is cute_oracle.py's, imported; this script adds the C++ of the new ops,
their case generators and the definitional checks. Python 3 standard library only.
See README.md next to this file.
"""

# The oracle itself is the package cute_ops next to this file (values, harness, evaluation,
# definitions, generators, report); this script is its command line, and it re-exports the names
# that other scripts use (conformance/runners/adapters/cute_cpp_adapter.py).

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cute_oracle as co  # noqa: E402
from cute_ops.values import (ALL_OPS, CAST_OPS, EXT_OPS, MAJORS, MAX_TAB, NEW_OPS,  # noqa: E402
                             PARTITION_OPS, DefError, check_x, validate_case)
from cute_ops.harness import HARNESS, PRELUDE, cpp_case_body, cpp_x  # noqa: E402
from cute_ops.definitions import ASSERT_KINDS, check_case, error_kind  # noqa: E402
from cute_ops.generators import GENERATORS  # noqa: E402
from cute_ops.report import classify, cmd_generate, cmd_run, judge  # noqa: E402

__all__ = ["NEW_OPS", "EXT_OPS", "ALL_OPS", "PARTITION_OPS", "CAST_OPS", "MAJORS", "MAX_TAB", "DefError",
           "check_x", "validate_case", "cpp_x", "cpp_case_body", "PRELUDE", "HARNESS", "check_case",
           "ASSERT_KINDS", "error_kind", "GENERATORS", "classify", "judge", "cmd_generate", "cmd_run", "main"]


def main(argv=None):
    def run_options(p):
        p.add_argument("--out", help="write per-case results (JSON)")
        p.add_argument("--max-list", type=int, default=100)
        p.add_argument("--expect-cute-agreement", action="store_true",
                       help="exit 1 on a differ / unexpected static_assert / crash")

    def generate_options(p):
        p.add_argument("--count", type=int, required=True, help="cases per op")
        p.add_argument("--ops", default="all", help=f"comma-separated, or 'all': {','.join(ALL_OPS)}")
        p.add_argument("--out", help="one vector file with every op")
        p.add_argument("--out-dir", help="one vector file per op, DIR/<op>.json")
        p.add_argument("--report", help="write the verdict report (Markdown)")

    return co.command_line(argv, __doc__,
                           ("CuTe's answers for the cases of the new ops in vector files", run_options, cmd_run),
                           ("random cases with CuTe's answers, checked by definition", generate_options, cmd_generate))


if __name__ == "__main__":
    sys.exit(main())
