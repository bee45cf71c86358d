#!/usr/bin/env bash
# The device half of a hardware run: binaries built on the CPU machine (scripts/build-gpu-probe.sh),
# run here with nothing compiled but the PTX the driver JIT-compiles, so the run takes a minute or two.
# Usage: OUT=dir gpu/run-prebuilt.sh BUILD_DIR     (BUILD_DIR holds gpu/catlayout-gpu-probe, gpu/gpu_tests)
# Each class of instruction runs in its own process, so that a kernel that faults (a sticky CUDA
# error) costs only its class. Writes to $OUT (at most 8 files):
#   validate.txt                         device, the table instruction x operand -> confirmed / MISMATCH, gpu_tests
#   report-{mma,wgmma,sparse,copy,smem}.json  the reports (mma.sp is in mma, wgmma.sp in sparse): device UUID,
#                                        versions, per-row time, observed tables (digests for large confirmed
#                                        ones) and the raw words the device wrote
#   verify.txt                           every row re-decoded from the raw words (catlayout-gpu-probe verify)
#   mma-fragment-vectors.json            golden vectors (mma.fragment, wgmma.smem_layout) of every confirmed operand
# Exit status: 0 all confirmed and verified, 1 a mismatch, failed kernel, failed verification or
# conversion, or (EXPECT_CONFIRMED=N) another number of confirmed rows; 3 no GPU.
# SIMULATE=1 runs the same plan against the CPU simulator (an end-to-end test without a GPU).
# SAMPLE=K runs every K-th instruction (and shared-memory layout) of each class: a quick end-to-end run.
# CHUNK_TIMEOUT (200 s): the limit for one class; the simulator on a loaded 2-core machine needs more.
set -uo pipefail
build="${1:?usage: run-prebuilt.sh BUILD_DIR}"
OUT="${OUT:-./out}"; mkdir -p "$OUT"
probe="$build/gpu/catlayout-gpu-probe"
log="$OUT/validate.txt"
t0=$(date +%s)
{ nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.max.sm --format=csv 2>&1; uname -a; } | tee "$log"
rc=0
for chunk in "mma ^mma." "wgmma ^wgmma.m64" "sparse ^wgmma.sp." "copy ldmatrix stmatrix movmatrix" "smem wgmma.smem"; do
  set -- $chunk
  name=$1; shift
  echo "== $name ($(( $(date +%s) - t0 ))s)" | tee -a "$log"
  timeout "${CHUNK_TIMEOUT:-200}" "$probe" validate ${SIMULATE:+--simulate} ${SAMPLE:+--sample "$SAMPLE"} --json "$OUT/report-$name.json" "$@" >> "$log" 2>&1
  r=$?
  echo "== $name exit $r" | tee -a "$log"
  grep -E "MISMATCH|error|JIT" "$log" | tail -5
  if [ "$r" -ne 0 ] && [ "$rc" -eq 0 ]; then rc=$r; fi
done
confirmed=$(grep -c " confirmed" "$log")
echo "confirmed rows: $confirmed" | tee -a "$log"
if [ -n "${EXPECT_CONFIRMED:-}" ] && [ "$confirmed" -ne "$EXPECT_CONFIRMED" ]; then
  echo "expected $EXPECT_CONFIRMED confirmed rows, found $confirmed" | tee -a "$log"
  [ "$rc" -eq 0 ] && rc=1
fi
# Every row re-decoded from the raw words the device wrote, independently of the run's verdicts.
"$probe" verify "$OUT"/report-*.json > "$OUT/verify.txt" 2>&1
r=$?
tail -1 "$OUT/verify.txt" | tee -a "$log"
if [ "$r" -ne 0 ]; then echo "verify failed (exit $r)" | tee -a "$log"; [ "$rc" -eq 0 ] && rc=1; fi
if ! "$probe" vectors "$OUT"/report-*.json "$OUT/mma-fragment-vectors.json" >> "$log" 2>&1; then
  echo "vector conversion failed" | tee -a "$log"
  [ "$rc" -eq 0 ] && rc=1
fi
tail -1 "$log"
if [ -x "$build/gpu/gpu_tests" ]; then
  timeout 120 "$build/gpu/gpu_tests" --gtest_filter='GpuProbe*:Validate*' >> "$log" 2>&1 || echo "gpu_tests failed" | tee -a "$log"
  tail -3 "$log"
fi
echo "total $(( $(date +%s) - t0 ))s, exit $rc" | tee -a "$log"
exit "$rc"
