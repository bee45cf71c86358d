#!/usr/bin/env bash
# Builds the playground: catlayout's engines and playground/src compiled to WebAssembly (wasm32-wasi,
# a reactor module with wasm exception handling) and the static page, in OUT/site.
#
#   usage: playground/build.sh [OUT]        (OUT default: build-playground; JOBS=N compiles N at once)
#
# The compiler is clang as the PyPI package `ziglang` ships it (with wasi-libc and libc++), installed
# into a venv under ~/.cache/catlayout (CATLAYOUT_CACHE overrides) on first use. Its libc++abi for
# WASI has no exception runtime, so the two files of LLVM's libc++abi that throw and catch and
# libunwind's wasm unwinder, from the same package, are compiled with -fwasm-exceptions alongside the
# engines (which throw and catch: nlohmann_json, the parsers). Exit 77 when the toolchain cannot be had.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$repo/build-playground}" && cd "${1:-$repo/build-playground}" && pwd)
jobs=${JOBS:-2}
cache=${CATLAYOUT_CACHE:-$HOME/.cache/catlayout}
venv=$cache/ziglang-venv
zig_version=0.17.1  # the clang (22) whose wasm exception handling the page was tested with

skip() { echo "SKIP: $*"; exit 77; }

# --- the toolchain -------------------------------------------------------------------------------
if ! "$venv/bin/python" -c "import ziglang" 2>/dev/null; then
  echo "playground: installing ziglang==$zig_version into $venv"
  python3 -m venv "$venv" >/dev/null 2>&1 || skip "python3 -m venv failed (Debian: apt-get install python3-venv)"
  "$venv/bin/pip" install -q "ziglang==$zig_version" || skip "pip could not install ziglang==$zig_version"
fi
zig_lib=$("$venv/bin/python" -c 'import ziglang, os; print(os.path.join(os.path.dirname(ziglang.__file__), "lib"))')
for h in /usr/include/nlohmann/json.hpp /usr/include/boost/multiprecision/cpp_int.hpp; do
  [ -f "$h" ] || skip "$h is missing (Debian: nlohmann-json3-dev, libboost-dev)"
done
# Only the header-only libraries from /usr/include: never the host's libc headers.
sysinc=$out/include
mkdir -p "$sysinc"
ln -sfn /usr/include/nlohmann "$sysinc/nlohmann"
ln -sfn /usr/include/boost "$sysinc/boost"

zig() { "$venv/bin/python" -m ziglang "$@"; }
target=(-target wasm32-wasi -mcpu=generic+exception_handling -fwasm-exceptions)
opt=${PLAYGROUND_OPT:--Os}
defs=(-DCATLAYOUT_HAVE_CATEGORIES -DCATLAYOUT_HAVE_ALGORITHMS -DCATLAYOUT_HAVE_GPU -DCATLAYOUT_HAVE_ANALYSIS
      -DCATLAYOUT_WIRE_HAVE_CATEGORIES -DCATLAYOUT_HAS_CATEGORIES=1
      # boost's container_hash still names std::unary_function, which C++17 removed from libc++
      -D_LIBCPP_ENABLE_CXX17_REMOVED_UNARY_BINARY_FUNCTION)
rooms=(core viz categories generators algorithms gpu analysis wire playground)
incs=()
for r in "${rooms[@]}"; do incs+=(-I"$repo/$r/include"); done

# --- the sources ----------------------------------------------------------------------------------
# Every library source of the rooms the API uses, but gpu's hardware run (CUDA, its raw words deflated
# with zlib, the report files): the page checks layouts against the catalogue; the linker drops the
# rest of the probe.
probe_only='gpu/src/(raw|verify|validate|device_cuda|probe_stub|vectors_file)\.cpp'
mapfile -t sources < <(cd "$repo" && for r in "${rooms[@]}"; do ls "$r"/src/*.cpp; done | grep -Ev "^($probe_only)$" |
  grep -v '^playground/src/wasm_exports.cpp$'; echo playground/src/wasm_exports.cpp)

obj=$out/obj
mkdir -p "$obj"
# An object is current when it is newer than its source and every header its .d file names.
stale() {
  local o=$1 d=${1%.o}.d
  [ -f "$o" ] && [ -f "$d" ] || return 0
  local f
  for f in $(sed -e 's/^[^:]*://' -e 's/\\$//' "$d"); do
    [ "$f" -nt "$o" ] && return 0
  done
  return 1
}
export -f stale zig
export venv repo obj opt
cxx_flags=("${target[@]}" -std=c++23 "$opt" "${defs[@]}" "${incs[@]}" -isystem "$sysinc" -Wno-unused-command-line-argument)
start=$(date +%s)

# The prelude: every public header of the rooms, precompiled once with the template instantiations
# they need (-fpch-instantiate-templates), so that no source parses and instantiates them again:
# about half of each file's compile time (core/src/layout.cpp 2.3 -> 0.9 s, wire/src/strides_json.cpp
# 5.6 -> 2.4 s). The CMake build of the same sources, without it, still checks each file's includes.
prelude=$obj/prelude.hpp pch=$obj/prelude.hpp.pch
for r in "${rooms[@]}"; do
  (cd "$repo/$r/include" && find . -name '*.hpp' | LC_ALL=C sort | sed 's|^\./\(.*\)$|#include "\1"|')
done > "$prelude.new"
if cmp -s "$prelude.new" "$prelude"; then rm "$prelude.new"; else mv "$prelude.new" "$prelude"; fi
if stale "$pch"; then  # its .d names the prelude and every header under it
  echo "playground: precompiling the rooms' $(wc -l < "$prelude") public headers"
  zig c++ "${cxx_flags[@]}" -fpch-instantiate-templates -x c++-header -MMD -MF "$pch.d" "$prelude" -o "$pch" ||
    { rm -f "$pch"; echo "FAILED: the prelude ($prelude)" >&2; exit 1; }
fi
export pch
todo=()
for s in "${sources[@]}"; do
  o=$obj/$(echo "$s" | tr / _).o
  { stale "$o" || [ "$pch" -nt "$o" ]; } && todo+=("$s")
done
if [ ${#todo[@]} -gt 0 ]; then
  echo "playground: compiling ${#todo[@]} of ${#sources[@]} sources to wasm32-wasi ($jobs at once, $opt)"
  printf '%s\n' "${todo[@]}" | CXX_FLAGS="${cxx_flags[*]}" xargs -P "$jobs" -I{} bash -c '
    s={}; o=$obj/$(echo "$s" | tr / _).o
    zig c++ $CXX_FLAGS -include-pch "$pch" -MMD -MF "${o%.o}.d" -c "$repo/$s" -o "$o" || { rm -f "$o"; echo "FAILED: $s" >&2; exit 255; }'
fi

# The exception runtime (see the header): LLVM's libc++abi throw/catch and the wasm unwinder.
rt=$obj/runtime
mkdir -p "$rt"
if [ ! -f "$rt/done" ]; then
  cat > "$rt/cpp_exception.S" <<'EOF'
# The tag of C++ exceptions under wasm exception handling (one i32: the thrown object's address);
# clang's code throws and catches with it, and wasm-ld wants one definition.
.globl __cpp_exception
.tagtype __cpp_exception i32
__cpp_exception:
EOF
  zig cc "${target[@]}" -c "$rt/cpp_exception.S" -o "$rt/cpp_exception.o"
  zig cc "${target[@]}" -O2 -I"$zig_lib/libunwind/include" -D_LIBUNWIND_HIDE_SYMBOLS \
    -c "$zig_lib/libunwind/src/Unwind-wasm.c" -o "$rt/unwind_wasm.o"
  for f in cxa_exception cxa_personality; do
    zig c++ "${target[@]}" -O2 -std=c++20 -D_LIBCPP_BUILDING_LIBRARY -D_LIBCXXABI_BUILDING_LIBRARY \
      -D_LIBCXXABI_HAS_NO_THREADS -I"$zig_lib/libcxxabi/include" -I"$zig_lib/libcxx/src" \
      -c "$zig_lib/libcxxabi/src/$f.cpp" -o "$rt/$f.o"
  done
  touch "$rt/done"
fi

# --- link and the page ----------------------------------------------------------------------------
site=$out/site
mkdir -p "$site"
objects=()
for s in "${sources[@]}"; do objects+=("$obj/$(echo "$s" | tr / _).o"); done
# The runtime first: zig's linker line puts its libc++abi.a (whose cxa_noexception.o defines the same
# symbols as stubs) before the objects, and lld takes an archive's member for the first object that
# needs it.
relink=0
[ -f "$site/catlayout.wasm" ] || relink=1
for o in "$rt"/*.o "${objects[@]}"; do [ "$o" -nt "$site/catlayout.wasm" ] && relink=1 && break; done
[ $relink = 0 ] || zig c++ "${target[@]}" -mexec-model=reactor "$opt" -s "$rt"/*.o "${objects[@]}" -o "$site/catlayout.wasm"
cp "$repo"/playground/web/{index.html,app.js,wasi.js,style.css} "$site/"
echo "playground: $site ($(( $(stat -c %s "$site/catlayout.wasm") / 1024 )) KiB catlayout.wasm, $(( $(date +%s) - start )) s)"
