#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz_parse, fuzz_vectors, fuzz_stream, fuzz_algebra) with clang, ASan and UBSan,
# compiling the library sources directly (no CMake: CI builds with g++ and never sees this).
# Usage: fuzz/build.sh [BUILD_DIR]   (default /tmp/catlayout-fuzz); FUZZ_TARGETS="fuzz_vectors" links a subset.
# CXX overrides the compiler. libstdc++ 12's <expected> needs __cpp_concepts >= 202002L, which
# clang 14 and 16 do not define (and libc++ 14 has no <expected>), so the newest clang wins:
# on Debian 12, apt-get install clang-19 libclang-rt-19-dev. With clang 16 the script redefines
# __cpp_concepts (clang 16 implements the P0848 feature libstdc++ tests it for).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="${1:-/tmp/catlayout-fuzz}"

if [[ -z "${CXX:-}" ]]; then
  for c in clang++-19 clang++-18 clang++-17 clang++-16 clang++; do
    if command -v "$c" >/dev/null; then CXX="$c"; break; fi
  done
fi
: "${CXX:?no clang++ found}"
echo "compiler: $($CXX --version | head -1)"
concepts="$($CXX -std=c++2b -E -dM -x c++ /dev/null | awk '/__cpp_concepts/ {print $3}' | tr -d L)"
extra=()
if (( concepts < 202002 )); then
  major="$($CXX -dumpversion | cut -d. -f1)"
  if (( major >= 16 )); then
    extra=(-Wno-builtin-macro-redefined -U__cpp_concepts -D__cpp_concepts=202002L)
  else
    echo "error: $CXX (clang $major) cannot compile libstdc++'s <expected>; install clang-16 or newer" >&2
    exit 1
  fi
fi

# signed-integer-overflow is recoverable only so that fuzz/ubsan.supp can name known findings;
# run.sh sets halt_on_error=1, so any other overflow still stops the run.
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fsanitize-recover=signed-integer-overflow"
flags=(-std=c++2b -O1 -g -fno-omit-frame-pointer $san
       -I"$root/core/include" -I"$root/categories/include" -I"$root/algorithms/include"
       -I"$root/wire/include" -I"$root/conformance/include" -I"$root/generators/include"
       -DCATLAYOUT_HAVE_CATEGORIES -DCATLAYOUT_WIRE_HAVE_CATEGORIES -DCATLAYOUT_HAVE_ALGORITHMS
       -DCATLAYOUT_VERSION=\"fuzz\" "${extra[@]}")

# Warnings only (libstdc++ 12's get_temporary_buffer deprecation under clang 19): not in the hash.
quiet=(-Wno-deprecated-declarations)
# Objects are kept per compiler and flag set.
objdir="$out/obj-$(basename "$CXX")-$(printf '%s ' "${flags[@]}" | md5sum | cut -c1-8)"
mkdir -p "$objdir"

# Library objects: instrumented for coverage (-fsanitize=fuzzer-no-link), compiled in parallel.
# The wire's forms of the rooms built here (not gpu's catalogue nor analysis's reports), and
# the seeded generators (the exporter's random cases).
wire_srcs=()
for s in "$root"/wire/src/*.cpp; do
  case "$(basename "$s")" in catalogue_*|analysis_*|tiled_*) ;; *) wire_srcs+=("$s") ;; esac
done
srcs=("$root"/core/src/*.cpp "$root"/categories/src/*.cpp "$root"/algorithms/src/*.cpp "${wire_srcs[@]}"
      "$root"/conformance/src/*.cpp "$root"/generators/src/*.cpp)
objs=()
pids=()
hdr_dirs=("$root"/core "$root"/categories "$root"/algorithms "$root"/wire "$root"/conformance "$root"/generators)
jobs="${FUZZ_BUILD_JOBS:-2}"
for s in "${srcs[@]}"; do
  room="$(basename "$(dirname "$(dirname "$s")")")"
  o="$objdir/$room-$(basename "${s%.cpp}").o"
  objs+=("$o")
  # Rebuild when the source or any project header is newer than the object (others edit headers
  # concurrently; a stale object with an old class layout is an ODR violation ASan reports).
  if [[ ! -f "$o" || "$s" -nt "$o" || -n "$(find "${hdr_dirs[@]}" -name '*.hpp' -newer "$o" -print -quit)" ]]; then
    $CXX "${flags[@]}" "${quiet[@]}" -fsanitize=fuzzer-no-link -c "$s" -o "$o" &
    pids+=($!)
    if (( ${#pids[@]} >= jobs )); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  fi
done
for p in "${pids[@]}"; do wait "$p"; done

for t in ${FUZZ_TARGETS:-fuzz_parse fuzz_vectors fuzz_stream fuzz_algebra}; do
  [[ -f "$here/$t.cpp" ]] || continue
  $CXX "${flags[@]}" "${quiet[@]}" -fsanitize=fuzzer "$here/$t.cpp" "${objs[@]}" -o "$out/$t"
  echo "built $out/$t"
done
