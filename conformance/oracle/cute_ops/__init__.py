"""cute_ops_oracle.py's modules, by concern (cute_ops_oracle.py is the command line):

  values       the ops and their constants, DefError, the JSON value predicates and argument
               checks (validate_case: whether a case is this oracle's)
  harness      the C++ of a case (cpp_case_body) and the harness prelude (PRELUDE, HARNESS)
  evaluation   layouts, swizzles and composed layouts tabulated, independent of catlayout and CuTe
  definitions  the operations' definitions, the check of one CuTe answer (check_case) and the
               schema error kind of a CuTe static_assert (error_kind)
  generators   random cases per op (GENERATORS)
  report       classify, the generate and run commands, the vector files and the verdict report

  coords, modes, common, relations, compacts: CuTe API ops of their own (crd2idx/idx2crd/crd2crd;
  select, take, group_modes, append, prepend, replace; max_common_vector/layout; weakly_congruent,
  compatible, coprofile; compact_major/col/row with a start, domain_distribute; queries: size, cosize,
  rank, depth, flatten, layout_mode, make_layout_with_stride, make_layout_of_layouts, shape_div; slices: slice_and_offset), each its argument checks, C++, definition and generator, imported by
  values (lazily), harness, definitions and generators

Each imports only the ones above it. Like cute_ops_oracle.py, the modules import cute_oracle.py,
the sibling script, as `co`: its folder goes on sys.path here, before any module is loaded.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
