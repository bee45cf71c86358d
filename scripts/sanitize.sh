#!/usr/bin/env bash
# The test suites again under AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/).
# CUDA and benchmarks stay out: the sanitizers instrument host C++ only; so do the tests labelled
# no_cpp (Python over the repository's files) and full (scripts/test.sh's note). -Og: a third less
# compile time than -O1 on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-Og -g1" -DCATLAYOUT_SANITIZE=ON \
  -DCATLAYOUT_SKIP_ROOMS="gpu;bench" >/dev/null
cmake --build build-asan -j"$(nproc)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E "package\\.|oracle\\.|docs\\." -LE "no_cpp|full"
