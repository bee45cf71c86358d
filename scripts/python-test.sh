#!/usr/bin/env bash
# The Python package's tests: pytest over python/tests in a venv, with pycute (nvidia-cutlass==4.2.0.0,
# --no-deps) as the oracle of the catlayout.pycute shim. Exit 77 (ctest: skipped) when no venv or no PyPI.
#   usage: scripts/python-test.sh [VENV] [pytest args...]                  (VENV default: build-tests/py-venv)
#          scripts/python-test.sh --built BUILD_DIR [VENV] [pytest args...]
# The first form tests the package as a user meets it: `pip install .` (nanobind + scikit-build-core
# build the C++ engines, ~8 minutes on 2 cores). The second tests the module a CMake build tree
# with CATLAYOUT_PYTHON=ON already compiled (scripts/test.sh makes one; the same python/CMakeLists.txt
# as the wheel): its `python` install component and the package's Python files staged as
# BUILD_DIR/py-package, with the package's metadata, on the venv's path. CATLAYOUT_BUILD_PYTHON names
# the interpreter the module was built for (the venv is made from it when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
built=""
if [ "${1:-}" = "--built" ]; then
  built="${2:?usage: python-test.sh --built BUILD_DIR [VENV] [pytest args...]}"
  shift 2
fi
venv="${1:-build-tests/py-venv}"
shift || true
if [ ! -x "$venv/bin/python" ]; then
  "${CATLAYOUT_BUILD_PYTHON:-python3}" -m venv "$venv" || { echo "SKIP: python3 -m venv failed (Debian: python3-venv)"; exit 77; }
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check -q)
"${pip[@]}" install pytest numpy || { echo "SKIP: pip cannot install pytest and numpy (no PyPI?)"; exit 77; }
"${pip[@]}" install --no-deps nvidia-cutlass==4.2.0.0 || echo "note: pycute unavailable; the shim's oracle comparisons skip"
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
pth="$site/catlayout-build-tree.pth"
if [ -z "$built" ]; then
  rm -f "$pth"
  "${pip[@]}" install .
else
  # A pip-installed catlayout would come first on the path: the build tree's module is the one under test.
  "${pip[@]}" uninstall -y catlayout >/dev/null 2>&1 || true
  stage=$(mkdir -p "$built/py-package" && cd "$built/py-package" && pwd)
  rm -rf "$stage/catlayout" "$stage"/catlayout-*.dist-info
  cmake --install "$built" --component python --prefix "$stage" >/dev/null
  cp -R python/catlayout/. "$stage/catlayout/"
  # The version the build was configured with (the top CMakeLists.txt reads it from pyproject.toml).
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$built/CMakeCache.txt")
  [ -n "$version" ] || { echo "python-test.sh: $built/CMakeCache.txt names no CMAKE_PROJECT_VERSION (not a configured build?)" >&2; exit 2; }
  meta="$stage/catlayout-$version.dist-info"
  mkdir -p "$meta"
  printf 'Metadata-Version: 2.1\nName: catlayout\nVersion: %s\n' "$version" > "$meta/METADATA"
  sed -n '/^\[project.entry-points.pytest11\]/,/^$/p' pyproject.toml | sed 's/project.entry-points.//; s/"//g' \
    > "$meta/entry_points.txt"  # the pytest plugin, as the wheel registers it
  echo "$stage" > "$pth"
fi
exec "$venv/bin/python" -m pytest -q python/tests "$@"
