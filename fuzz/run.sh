#!/usr/bin/env bash
# Runs each fuzz target for a bounded time, one after another, and prints executions and findings.
# Usage: fuzz/run.sh [SECONDS_PER_TARGET (default 60)] [BUILD_DIR (default /tmp/catlayout-fuzz)]
# Environment: TARGETS="fuzz_parse fuzz_vectors fuzz_stream fuzz_algebra" (subset/order), NO_BUILD=1 (skip
# build.sh), FUZZ_ARGS (extra libFuzzer flags). Seeds come from fuzz/corpus/<target>/ (fuzz_stream: fuzz_vectors's; read-only);
# the growing corpus, logs and crash artifacts go to BUILD_DIR/{corpus,logs,artifacts}/<target>/.
# Regressions (fuzz/regressions/<target>/*) are replayed first; any crash there fails the script.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
secs="${1:-60}"
out="${2:-/tmp/catlayout-fuzz}"
targets=(${TARGETS:-fuzz_parse fuzz_vectors fuzz_stream fuzz_algebra})

if [[ -z "${NO_BUILD:-}" ]]; then bash "$here/build.sh" "$out" || exit 1; fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
ubsan_base="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Fuzzing runs with the known findings of fuzz/ubsan.supp suppressed; regressions replay without.
export UBSAN_OPTIONS="$ubsan_base:suppressions=$here/ubsan.supp"

status=0
summary=()
for t in "${targets[@]}"; do
  bin="$out/$t"
  [[ -x "$bin" ]] || { echo "missing $bin" >&2; status=1; continue; }
  mkdir -p "$out/corpus/$t" "$out/logs" "$out/artifacts/$t"
  # Regressions first: each saved finding must now pass.
  if compgen -G "$here/regressions/$t/*" >/dev/null; then
    for r in "$here"/regressions/$t/*; do
      [[ "$r" == *.md ]] && continue
      if ! env UBSAN_OPTIONS="$ubsan_base" "$bin" -runs=1 "$r" >"$out/logs/$t.regression.log" 2>&1; then
        echo "$t: regression $(basename "$r") still fails: $(grep -m1 -E 'runtime error|what\(\)|ERROR|violated' "$out/logs/$t.regression.log")"
        status=1
      fi
    done
  fi
  # Known UBSan findings are looked past while fuzzing (fuzz/ubsan.supp).
  # -jobs=1 -workers=1: one worker process (libFuzzer writes its output to fuzz-0.log in the
  # current directory, so the run happens in the target's log directory).
  logdir="$out/logs/$t"
  rm -rf "$logdir"; mkdir -p "$logdir"
  log="$logdir/fuzz-0.log"
  echo "== $t for ${secs}s (log $log)"
  start=$(date +%s)
  seeds="$here/corpus/$t"
  [[ "$t" == fuzz_stream ]] && seeds="$here/corpus/fuzz_vectors"  # the same input: a vector document
  # shellcheck disable=SC2086
  (cd "$logdir" && "$bin" "$out/corpus/$t" "$seeds" -max_total_time="$secs" -jobs=1 -workers=1 \
    -rss_limit_mb=2048 -timeout=10 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$t/" ${FUZZ_ARGS:-} >"$logdir/driver.log" 2>&1)
  rc=$?
  secs_run=$(( $(date +%s) - start ))
  [[ -f "$log" ]] || log="$logdir/driver.log"
  execs="$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')"
  [[ -n "$execs" ]] || execs="$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -E 's/^#([0-9]+).*/\1/')"
  cov="$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9/]+[a-zA-Z]*')"
  findings="$(find "$out/artifacts/$t" -type f | wc -l)"
  line="$t: ${secs_run}s, ${execs:-?} executions, ${cov:-}, exit $rc, findings $findings"
  echo "$line"
  summary+=("$line")
  if (( findings > 0 || rc != 0 )); then
    status=1
    find "$out/artifacts/$t" -type f | sed 's/^/  finding: /'
    grep -m3 -E 'ERROR|runtime error|property violated' "$log" | sed 's/^/  /'
  fi
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
