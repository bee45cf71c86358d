#!/usr/bin/env bash
# Builds everything with its tests and runs them; ends with ctest's summary line.
# The Python module is compiled in the same build (CATLAYOUT_PYTHON, with nanobind from PyPI in the
# build tree's venv), so python.pytest reuses the engines built here; without PyPI it falls back to
# `pip install .`'s path and skips. Tests labelled `full` (the whole simulated hardware run) are left
# out: ctest --test-dir build-tests -L full runs them. Each target precompiles the library headers its
# files share (CATLAYOUT_PCH, cmake/catlayout_pch.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
venv=build-tests/py-venv
python=(-DCATLAYOUT_PYTHON=OFF)
if { [ -x "$venv/bin/python" ] || python3 -m venv "$venv"; } &&
   "$venv/bin/python" -m pip --disable-pip-version-check -q install "nanobind>=2.2"; then
  python=(-DCATLAYOUT_PYTHON=ON "-DPython_EXECUTABLE=$PWD/$venv/bin/python")
else
  echo "note: no nanobind from PyPI; the Python module is not built here (python.pytest skips without PyPI)"
fi
cmake -S . -B build-tests -DCMAKE_BUILD_TYPE=Release -DCATLAYOUT_BUILD_TESTS=ON -DCATLAYOUT_PCH=ON "${python[@]}" >/dev/null
cmake --build build-tests -j"$(nproc)"
ctest --test-dir build-tests --output-on-failure -j"$(nproc)" -LE full
