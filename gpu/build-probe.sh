#!/usr/bin/env bash
# Builds, on the CPU machine, the two binaries a hardware run needs (core + gpu + the wire's forms and
# the generators its rows name, Release,
# libstdc++ linked in so they run on the GPU machine's image): BUILD_DIR/gpu/catlayout-gpu-probe
# and BUILD_DIR/gpu/gpu_tests (default BUILD_DIR: build-gpu). No CUDA compiler is needed: the
# kernels are PTX that the GPU's driver compiles; the CUDA toolkit's headers and runtime are.
# Then: carry BUILD_DIR/gpu/catlayout-gpu-probe and BUILD_DIR/gpu/gpu_tests to the GPU machine and
# run `OUT=dir gpu/run-prebuilt.sh BUILD_DIR` there (gpu/README.md, "On a GPU").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build-gpu}"
bash "$root/scripts/setup.sh"
top="$build/top"
mkdir -p "$top"
cat > "$top/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(catlayout_gpu_probe LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 23)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(GTest REQUIRED)
set(CATLAYOUT_BUILD_TESTS ON)
enable_testing()
add_compile_options(-Wall -Wextra)
include("$root/cmake/catlayout_room.cmake")  # catlayout_library: how each room makes its target
add_subdirectory("$root/core" core)
add_subdirectory("$root/generators" generators)  # the wire's rows name their generators
add_subdirectory("$root/gpu" gpu)
add_subdirectory("$root/wire" wire)
add_subdirectory("$root/cli/probe" probe)
CMAKE
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" >/dev/null
cmake --build "$build" -j"$(nproc)" --target catlayout_gpu_probe gpu_tests
if "$build/gpu/catlayout-gpu-probe" validate ^mma.m16n8k8 | grep -q "this build has no CUDA"; then
  echo "build-probe: the CUDA toolkit was not found; the probe would only say \"no GPU\"" >&2
  exit 1
fi
ls -la "$build/gpu/catlayout-gpu-probe" "$build/gpu/gpu_tests"
