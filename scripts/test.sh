#!/usr/bin/env bash
# Builds everything with its tests and runs them; ends with ctest's summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build-tests -DCMAKE_BUILD_TYPE=Release -DCATLAYOUT_BUILD_TESTS=ON >/dev/null
cmake --build build-tests -j"$(nproc)"
ctest --test-dir build-tests --output-on-failure -j"$(nproc)"
