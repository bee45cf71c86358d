"""cute_oracle.py's modules, by concern (cute_oracle.py is the command line):

  environment    the nvidia-cutlass version, Skip and log, and the environment: the venv with the
                 package (created under a lock, or reused), CuTe's include dirs, the compiler (Env,
                 setup_env)
  values         the layout-algebra ops, the JSON value predicates and checks (validate_case),
                 case_key
  harness        the C++ of a case, the harness (prelude, forked runner) and the compile-and-blame
                 loop (run_cute_batch, cute_compute)
  pycute_engine  the same cases asked of pycute
  generators     random layouts, tilers and cases (gen_first, gen_args)
  commands       the run command (judging CuTe and pycute against expect, the table) and the
                 generate command (error_kind: the schema kind of a CuTe static_assert)

Each imports only the ones above it. The command line, cute_oracle.py, re-exports their names: the
other oracle scripts, the cute_ops package and the runners reach them as cute_oracle.NAME.
"""
