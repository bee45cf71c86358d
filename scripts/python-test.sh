#!/usr/bin/env bash
# The Python package's tests, as a user would meet the package: a venv, `pip install .` (nanobind +
# scikit-build-core build the C++ engines), pytest, and pycute (nvidia-cutlass==4.2.0.0, --no-deps)
# as the oracle of the catlayout.pycute shim. Exit 77 (ctest: skipped) when no venv or no PyPI.
#   usage: scripts/python-test.sh [VENV] [pytest args...]     (VENV default: build-tests/py-venv)
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-build-tests/py-venv}"
shift || true
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || { echo "SKIP: python3 -m venv failed (Debian: python3-venv)"; exit 77; }
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check -q)
"${pip[@]}" install pytest numpy || { echo "SKIP: pip cannot install pytest and numpy (no PyPI?)"; exit 77; }
"${pip[@]}" install --no-deps nvidia-cutlass==4.2.0.0 || echo "note: pycute unavailable; the shim's oracle comparisons skip"
"${pip[@]}" install .
exec "$venv/bin/python" -m pytest -q python/tests "$@"
