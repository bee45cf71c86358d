#!/usr/bin/env bash
# The main job: set up, build (Release), and check the built-in conformance corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCATLAYOUT_BUILD_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)" --target catlayout >/dev/null
exec ./build/cli/catlayout check "$@"
