#!/usr/bin/env bash
# The test suites again under AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/).
# CUDA and benchmarks stay out: the sanitizers instrument host C++ only; so do the tests labelled
# no_cpp (Python over the repository's files, or other implementations only) and full
# (scripts/test.sh's note). -Og: a third less compile time than -O1 on 2 cores; precompiled headers
# (CATLAYOUT_PCH) as in scripts/test.sh.
#
#   usage: scripts/sanitize.sh [--build-only | --test-only]   (default: build, then test)
set -euo pipefail
cd "$(dirname "$0")/.."
phase=${1:-all}
case "$phase" in all|--build-only|--test-only) ;; *) echo "usage: scripts/sanitize.sh [--build-only | --test-only]" >&2; exit 2;; esac
if [ "$phase" != --test-only ]; then
  bash scripts/setup.sh
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-Og -g1" -DCATLAYOUT_SANITIZE=ON -DCATLAYOUT_PCH=ON \
    -DCATLAYOUT_SKIP_ROOMS="gpu;bench" >/dev/null
  cmake --build build-asan -j"$(nproc)"
fi
if [ "$phase" != --build-only ]; then
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E "package\\.|oracle\\.|docs\\." -LE "no_cpp|full"
fi
