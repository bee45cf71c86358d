#!/usr/bin/env bash
# Validate the fragment catalogue on this machine's GPU (made for one H200, nvcc, 16 cores).
# Builds only core + gpu in a fresh Release build, runs the probe, writes to $OUT (default ./out):
#   validate.txt              the table instruction x operand -> confirmed / MISMATCH
#   gpu-validate.json         the report (observed (thread, value) -> (row, col) tables)
#   mma-fragment-vectors.json golden vectors of op mma.fragment for every confirmed operand
#   gpu_tests.txt             the gpu test suite (its GPU test runs here instead of skipping)
#   build.log                 the configure and build output
# Exit status: the validation's (0 all confirmed, 1 a mismatch or failed kernel, 3 no GPU),
# else the first failing step's.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
OUT="${OUT:-./out}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
ARCHS="${CATLAYOUT_CUDA_ARCHS:-90a-real}"   # H200 only needs sm_90a (it runs mma.sync too)
work="$(mktemp -d "${TMPDIR:-/tmp}/catlayout-gpu.XXXXXX")"

# A top level holding only what the probe needs, so other folders' work cannot break or slow it.
mkdir -p "$work/top"
cat > "$work/top/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(catlayout_gpu_device LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 23)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(GTest QUIET)
if(GTest_FOUND)
  set(CATLAYOUT_BUILD_TESTS ON)
  enable_testing()
else()
  message(STATUS "GTest not found: building the probe without gpu_tests")
  set(CATLAYOUT_BUILD_TESTS OFF)
endif()
add_compile_options(-Wall -Wextra)
add_subdirectory("$root/core" core)
add_subdirectory("$root/gpu" gpu)
CMAKE

t0=$(date +%s)
{
  nvidia-smi || true
  command -v nvcc || ls /usr/local/cuda/bin/nvcc
  cmake -S "$work/top" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="$ARCHS"
  targets=(catlayout_gpu_probe)
  if grep -q '^CATLAYOUT_BUILD_TESTS:BOOL=ON' "$work/build/CMakeCache.txt" 2>/dev/null || \
     [ -f "$work/build/gpu/CMakeFiles/gpu_tests.dir/build.make" ]; then targets+=(gpu_tests); fi
  cmake --build "$work/build" -j"${JOBS:-16}" --target "${targets[@]}"
} > "$OUT/build.log" 2>&1 || { echo "build failed; see $OUT/build.log"; tail -30 "$OUT/build.log"; exit 2; }
echo "built in $(( $(date +%s) - t0 ))s"

probe="$work/build/gpu/catlayout-gpu-probe"
set +e
"$probe" validate --json "$OUT/gpu-validate.json" "$@" 2>&1 | tee "$OUT/validate.txt"
rc=${PIPESTATUS[0]}
set -e
echo "validated in $(( $(date +%s) - t0 ))s total, exit $rc"
if [ -f "$OUT/gpu-validate.json" ]; then
  "$probe" vectors "$OUT/gpu-validate.json" "$OUT/mma-fragment-vectors.json" || echo "vector conversion failed"
fi
if [ -x "$work/build/gpu/gpu_tests" ]; then
  "$work/build/gpu/gpu_tests" > "$OUT/gpu_tests.txt" 2>&1 || echo "gpu_tests failed: see $OUT/gpu_tests.txt"
  tail -3 "$OUT/gpu_tests.txt"
fi
exit "$rc"
