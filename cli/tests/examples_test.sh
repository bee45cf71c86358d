#!/usr/bin/env bash
# Every example in `catlayout --help` runs and exits 0 (gpu validate: 0 or 3, no GPU);
# every command's --help works; bad input exits 2; an inadmissible composition exits 1.
set -u
cl="$1"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
while IFS= read -r line; do
  cmd="${line#*e.g. }"
  cmd="${cmd%% > *}"
  cmd="${cmd/catlayout/\"$cl\"}"
  repl="&& \"$cl\""
  cmd="${cmd//"&& catlayout"/"$repl"}"
  eval "$cmd" >out.txt 2>err.txt
  rc=$?
  if [ $rc -ne 0 ] && ! { [[ "$cmd" == *"gpu validate"* ]] && [ $rc -eq 3 ]; } \
     && ! { [[ "$cmd" == *"gpu vectors"* ]] && [ $rc -eq 2 ]; }; then
    echo "FAIL ($rc): $cmd"; cat err.txt; fail=1
  fi
done < <("$cl" --help | grep 'e\.g\. ')
n=$("$cl" --help | grep -c 'e\.g\. ')
[ "$n" -ge 30 ] || { echo "FAIL: only $n examples in --help"; fail=1; }
"$cl" compose --help | grep -q "example: catlayout compose" || { echo "FAIL: compose --help"; fail=1; }
"$cl" compose '(6,2:(8,2)' 4:1 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "expected ',' or ')' at column 5" err.txt || { echo "FAIL: bad input rc=$rc"; cat err.txt; fail=1; }
"$cl" compose '(3,2):(1,4)' 4:1 2>err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "inadmissible" err.txt || { echo "FAIL: inadmissible rc=$rc"; fail=1; }
"$cl" no-such-command 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: unknown command"; fail=1; }
[ "$("$cl" compose '(6,2):(8,2)' '(4,3):(3,1)')" = "((2,2),3):((24,2),8)" ] || { echo "FAIL: compose output"; fail=1; }
# layouts beyond integer strides: eval, compose, coalesce take them; the rest say so, exit 2
[ "$("$cl" compose '(4,8):(1@0,1@1)' '(8,4):(4,1)')" = "(8,4):(1@1,1@0)" ] || { echo "FAIL: coord compose"; fail=1; }
"$cl" eval '(4,8):(1@0,1@1)' | grep -q '^\[0,0\] \[1,0\] \[2,0\] \[3,0\] \[0,1\]' || { echo "FAIL: coord eval"; fail=1; }
[ "$("$cl" coalesce '(2,(2,8)):(1@0,(2@0,1@1))')" = "(4,8):(1@0,1@1)" ] || { echo "FAIL: coord coalesce"; fail=1; }
[ "$("$cl" eval 'Sw<1,0,2> o (4,2):(1,4)')" = "0 1 2 3 5 4 7 6" ] || { echo "FAIL: swizzle eval"; fail=1; }
"$cl" complement '(4,8):(1@0,1@1)' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "complement is defined for integer-stride layouts" err.txt || { echo "FAIL: coord complement rc=$rc"; fail=1; }
# CuTe's notations everywhere a layout is read (docs/notation.md): CuTe C++'s print, pycute, CuTe DSL
"$cl" show 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' > sw.txt; rc=$?
[ $rc -eq 0 ] && [ "$(head -1 sw.txt)" = "Sw<3,4,3> o 0 o (8,64):(64,1)" ] && grep -q "^ 2  | 144 | 145 |" sw.txt \
  || { echo "FAIL: swizzled show rc=$rc"; head -8 sw.txt; fail=1; }
[ "$("$cl" show 'S<3,4,3> o 0 o (8,64):(64,1)' --print cute | head -1)" = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)" ] \
  || { echo "FAIL: show --print cute of CuTe DSL's swizzle"; fail=1; }
[ "$("$cl" show '(_4,_8):(_8,_1)' --print cute | head -1)" = "(_4,_8):(_8,_1)" ] || { echo "FAIL: show CuTe C++ print"; fail=1; }
[ "$("$cl" show 'Layout((4, 8),(8, 1))' | head -1)" = "(4,8):(8,1)" ] || { echo "FAIL: show pycute repr"; fail=1; }
"$cl" show '(4,8):(1@0,1@1)' | grep -q "^ 1  | (1,0) | (1,1) |" || { echo "FAIL: show coordinate layout"; fail=1; }
"$cl" svg 'SW_1_0_2 o 0 o (4, 2):(1, 4)' --print cute | grep -q 'data-row="0" data-col="1" data-offset="5"' \
  && "$cl" svg 'Sw<1,0,2> o (4,2):(1,4)' --print cute | grep -q "<title>Sw&lt;1,0,2&gt; o _0 o (_4,_2):(_1,_4)</title>" \
  || { echo "FAIL: svg of a swizzled layout"; fail=1; }
"$cl" tikz 'Sw<1,0,2> o (4,2):(1,4)' | grep -q 'at (0,1) {5}' || { echo "FAIL: tikz of a swizzled layout"; fail=1; }
"$cl" show 'Sw<1,0,2> o (4,2):(1,4)' --tile '<2,1>' | grep -q "4 tiles of 2 cells" || { echo "FAIL: swizzled show --tile"; fail=1; }
"$cl" show '(4,8):(1@0,1@1)' --tile '<2,2>' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "a coordinate layout has no divide" err.txt || { echo "FAIL: coordinate show --tile rc=$rc"; fail=1; }
"$cl" svg 'Sw<3,4,3> o (8,8):(8,1)' --tv 8 8 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "is a swizzled layout" err.txt || { echo "FAIL: swizzled --tv rc=$rc"; fail=1; }
"$cl" show '(?,8):(8,1)' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "dynamic value '?' at column 2 has no number" err.txt || { echo "FAIL: dynamic value rc=$rc"; fail=1; }
"$cl" show '(__4,8):(8,1)' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "static-integer mark '_' at column 3" err.txt || { echo "FAIL: __4 rc=$rc"; fail=1; }
# compilers' types in (the same grid as the value) and out (docs/notation.md, "Compilers' types")
[ "$("$cl" show '!cute.layout<"(4,8):(8,1)">')" = "$("$cl" show '(4,8):(8,1)')" ] || { echo "FAIL: show !cute.layout"; fail=1; }
[ "$("$cl" show '!fly.layout<(4,8):(8,1)>')" = "$("$cl" show '(4,8):(8,1)')" ] || { echo "FAIL: show !fly.layout"; fail=1; }
[ "$("$cl" divide '(8,16):(16,1)' '(4,2):(1,4)' --print cute-dsl)" = '!cute.layout<"((4,2),16):((16,64),1)">' ] \
  || { echo "FAIL: --print cute-dsl"; fail=1; }
# Triton's SM80 m16n8 accumulator (#ttg.linear, as Triton 3.9.0 prints it) draws the grid of the catalogue's
# C fragment of mma.m16n8k16 (gpu/: PTX's fragment table, held to CUTLASS's traits)
ttg='#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>'
cute=$("$cl" triton "$ttg" | sed -n 's/^cute: //p')
if "$cl" gpu list >/dev/null 2>&1; then  # a build without the gpu room (the sanitizers') has no catalogue
  acc=$("$cl" gpu list | awk '$1 == "mma.m16n8k16.f32.f16.f16.f32" && $4 == "C" { print $NF }')
  [ -n "$acc" ] && [ "$acc" = "$cute" ] || { echo "FAIL: #ttg.linear is '$cute', the catalogue's C '$acc'"; fail=1; }
fi
[ -n "$cute" ] && [ "$("$cl" show "$ttg")" = "$("$cl" show "$cute")" ] || { echo "FAIL: show #ttg.linear vs '$cute'"; fail=1; }
[ "$("$cl" triton "$(printf '%s' "$("$cl" triton "$ttg" | sed '$d' | sed '$d')")" | tail -1)" = "cute: $cute" ] \
  || { echo "FAIL: triton's print read back"; fail=1; }
"$cl" triton "$ttg" --invert >/dev/null || { echo "FAIL: triton --invert"; fail=1; }
"$cl" triton "$ttg" --compose "$ttg" 2>err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "are not the second's input dimensions" err.txt || { echo "FAIL: triton --compose rc=$rc"; fail=1; }
"$cl" show '!cute.tensor<"(4,8):(8,1)">' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "not a layout type catlayout reads" err.txt || { echo "FAIL: !cute.tensor rc=$rc"; fail=1; }
"$cl" show '(4,8):(8,1)' --print pycute 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "expected catlayout or cute" err.txt || { echo "FAIL: --print pycute rc=$rc"; fail=1; }
"$cl" analyze banks '((8,4),8):((1,64),8)' 'S<3,3,3> o 0 o (_8,_64):(_64,_1)' --elem-bytes 2 --vector 8 \
  | grep -q "^total: 4 wavefronts, ideal 4" || { echo "FAIL: analyze banks, CuTe DSL swizzle"; fail=1; }
"$cl" analyze banks 'Sw<3,3,3> o (32,32):(1,32)' '(32,32):(32,1)' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "a swizzle belongs to DATA" err.txt || { echo "FAIL: analyze swizzled TV rc=$rc"; fail=1; }
"$cl" analyze footprint '(8,64):(64@0,1@1)' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "is a coordinate layout" err.txt || { echo "FAIL: analyze coordinate DATA rc=$rc"; fail=1; }
# CuTe's answer outside the categorical fragment, with a note; --strict refuses as the paper does
[ "$("$cl" complement '(3,5):(1,7)' 60 2>err.txt)" = "(2,2):(3,35)" ] || { echo "FAIL: CuTe's complement"; fail=1; }
grep -q "^note: outside the categorical fragment: stride 7 of mode 5:7" err.txt || { echo "FAIL: no note"; cat err.txt; fail=1; }
"$cl" complement 4:2 24 2>err.txt >/dev/null; [ ! -s err.txt ] || { echo "FAIL: a note inside the fragment"; fail=1; }
"$cl" complement --strict '(3,5):(1,7)' 60 2>err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "not_complementable: stride 7" err.txt || { echo "FAIL: --strict rc=$rc"; fail=1; }
[ "$("$cl" product '(2,3):(1,5)' 4:1 2>/dev/null)" = "((2,3),(2,2)):((1,5),(2,15))" ] || { echo "FAIL: CuTe's product"; fail=1; }
"$cl" divide --strict 40:1 '(2,3):(1,5)' >/dev/null 2>&1; [ $? -eq 1 ] || { echo "FAIL: divide --strict"; fail=1; }
"$cl" explain complement '(3,5):(1,7)' 60 > ex.txt || { echo "FAIL: explain complement"; fail=1; }
grep -q "categorical fragment:    outside" ex.txt && grep -q "not compact (60 elements over \[0, 69))" ex.txt \
  && grep -q "categorical (--strict):  not_complementable" ex.txt || { echo "FAIL: explain complement output"; cat ex.txt; fail=1; }
"$cl" explain divide 40:1 4:2 | grep -q "inside the categorical fragment" || { echo "FAIL: explain divide"; fail=1; }
[ "$("$cl" compose '(2,3):(2,1)' 6:-1)" = "(2,3):(-2,-1)" ] || { echo "FAIL: negative stride by oddness"; fail=1; }
"$cl" compose '(4,3):(3,1)' 4:-3 2>err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "A(-x) = -A(x)" err.txt || { echo "FAIL: CuTe's wrong negative composition rc=$rc"; fail=1; }
# chapter 4: refine, representable, census, explain, with their exit codes
[ "$("$cl" refine '(6,6)' '(2,6,6)')" = "$(printf "T' = ((2,3),(2,3))\nU' = (2,(3,2),(3,2))")" ] || { echo "FAIL: refine (seed example)"; fail=1; }
"$cl" refine '(8,8)' '(3,8,8)' >/dev/null 2>&1; [ $? -eq 1 ] || { echo "FAIL: refine not refinable"; fail=1; }
for bad in "(8,8" "(8,8 3" "(0,8) 3"; do
  "$cl" refine $bad >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: refine $bad"; fail=1; }
done
[ "$("$cl" representable '[0,1,4,5]')" = "(2,2):(1,4)" ] || { echo "FAIL: representable (blog example)"; fail=1; }
"$cl" representable '[0,1,2,4]' > rep.txt; rc=$?
[ $rc -eq 1 ] && grep -q "not a layout" rep.txt || { echo "FAIL: not representable rc=$rc"; fail=1; }
"$cl" representable '[0,1,' >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: representable bad input"; fail=1; }
"$cl" census '(6,2):(8,2)' | grep -q "42/52" || { echo "FAIL: census (blog)"; fail=1; }
"$cl" explain '(3,2):(1,4)' 4:1 > ex.txt || { echo "FAIL: explain"; fail=1; }
grep -q "\[0,1,2,4\]" ex.txt && grep -q "core rejects, and rightly" ex.txt || { echo "FAIL: explain output"; fail=1; }
"$cl" explain '(3,2):(1,4)' >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: explain usage"; fail=1; }
# prove: usage errors exit 2, --list names the properties
for bad in "--shard 3/3" "--max-size x" "no.such.property" "--frobnicate"; do
  "$cl" prove $bad >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: prove $bad"; fail=1; }
done
"$cl" prove --list | grep -q "^complement.unique$" || { echo "FAIL: prove --list"; fail=1; }
"$cl" prove --max-size 4 --max-rank 1 --max-stride 1 --threads 1 --json composition.function > shard.json || { echo "FAIL: prove --json"; fail=1; }
"$cl" prove --merge shard.json | grep -q "^cases checked: 64$" || { echo "FAIL: prove --merge"; fail=1; }
# swizzle and linear: tables and F2 bases
"$cl" linear 'Sw<3,4,3> o (8,128):(128,1)' > lin.txt || { echo "FAIL: linear"; fail=1; }
grep -q "cute: Sw<3,4,3> o 0 o (8,128):(128,1)" lin.txt && grep -q "bit  0 -> 0b0010010000 (144)" lin.txt || { echo "FAIL: linear output"; fail=1; }
"$cl" linear '(4,2):(3,16)' 2>err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "not_representable" err.txt || { echo "FAIL: linear not representable rc=$rc"; fail=1; }
"$cl" linear '(4,2):(3' 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: linear bad input"; fail=1; }
"$cl" swizzle 1 0 1 | grep -q "       3 ->        2" || { echo "FAIL: swizzle table"; fail=1; }
"$cl" swizzle 3 4 3 128 896 > sw.txt
grep -q "     128 ->      144" sw.txt && grep -q "yyy_mask = 0b1110000000 (896)" sw.txt || { echo "FAIL: swizzle offsets"; fail=1; }
for bad in "3 4 2" "3 x 3" "5 8 12"; do
  "$cl" swizzle $bad >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: swizzle $bad"; fail=1; }
done
# gpu show: an operand's TV layout and its (thread, value) table; every operand; unknown names (2)
if "$cl" --help | grep -q "gpu show"; then
"$cl" gpu show mma.m16n8k8.f32.tf32.tf32.f32 B > show.txt || { echo "FAIL: gpu show"; fail=1; }
grep -q "TV layout: ((4,8),2):((8,1),32)" show.txt && grep -q "tile 8x8 (n,k)" show.txt \
  && grep -qx "       5     1    1    0     1   5" show.txt || { echo "FAIL: gpu show table"; fail=1; }  # lane 5, b1: n=1, k=5
"$cl" gpu show wgmma.m64n8k32.s32.s8.s8 | grep -q "wgmma.m64n8k32.s32.s8.s8 A" || { echo "FAIL: gpu show all"; fail=1; }
"$cl" gpu show mma.nope A 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "unknown instruction" err.txt || { echo "FAIL: gpu show unknown rc=$rc"; fail=1; }
"$cl" gpu show wgmma.m64n8k16.f32.f16.f16 B 2>err.txt; rc=$?  # B lives in shared memory
[ $rc -eq 2 ] && grep -q 'has no catalogued operand "B"; it has: C A' err.txt || { echo "FAIL: gpu show smem B rc=$rc"; fail=1; }
fi
# gpu: the list names every catalogued operand with its sources
if "$cl" gpu list > gpu.txt 2>/dev/null; then
  [ "$(grep -c '+hardware' gpu.txt)" -ge 1087 ] || { echo "FAIL: gpu list sources"; fail=1; }
fi
# gpu check: equal (0), the first differing (thread, value) (1), shape errors (2), the nearest entries
if "$cl" --help | grep -q "gpu check"; then
m16=mma.m16n8k16.f32.f16.f16.f32
"$cl" gpu check $m16 C '((4,8),(2,2)):((32,1),(16,8))' | grep -q "^  agree at 128 of 128 (thread, value)" \
  || { echo "FAIL: gpu check equal"; fail=1; }
"$cl" gpu check $m16 C '((4,8),(2,2)):((32,1),(8,16))' > chk.txt; rc=$?
[ $rc -eq 1 ] && grep -q "first difference at (thread 0, value 1): catalogue (m,n) = (0,1) (offset 16), layout (8,0) (offset 8)" chk.txt \
  && grep -q "agree at 64 of 128" chk.txt || { echo "FAIL: gpu check differs rc=$rc"; cat chk.txt; fail=1; }
"$cl" gpu check $m16 C '(16,4):(1,16)' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "has 16 threads x 4 values (sizes of its modes 0 and 1); $m16 C has 32 threads x 4 values" err.txt \
  || { echo "FAIL: gpu check thread count rc=$rc"; cat err.txt; fail=1; }
"$cl" gpu check $m16 C '((4,8),(2,2)):((32,1),(16,128))' 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "(thread 0, value 2) to offset 128, outside $m16 C's 16x8 tile" err.txt \
  || { echo "FAIL: gpu check outside rc=$rc"; cat err.txt; fail=1; }
"$cl" gpu check A '((4,8),(2,2,2)):((32,1),(16,8,128))' | grep -q "^  1. equal" || { echo "FAIL: gpu check nearest A"; fail=1; }
"$cl" gpu check 'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)' > chk.txt && grep -q "wgmma.smem.16b.K.SW128" chk.txt \
  || { echo "FAIL: gpu check nearest atom"; cat chk.txt; fail=1; }
"$cl" gpu check wgmma.smem.16b.K.SW128 '(8,64):(64,1)' | grep -q "first difference at (mn " || { echo "FAIL: gpu check atom"; fail=1; }
"$cl" gpu check $m16 C '((4,8),(2,2):((32,1),(16,8))' 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: gpu check bad text"; fail=1; }
fi
# export, then check the export: 100%
"$cl" export --out vec --seed 5 --count 20 >/dev/null || { echo "FAIL: export"; fail=1; }
"$cl" check vec/*.json > check.txt || { echo "FAIL: check of the export"; tail -5 check.txt; fail=1; }
grep -q " 0 failed" check.txt || fail=1
# tags: counted, and skipped under --strict
"$cl" check --strict vec/*.json > strict.txt || { echo "FAIL: check --strict"; tail -5 strict.txt; fail=1; }
grep -q "^skipped [0-9]* cases tagged outside_categorical" strict.txt || { echo "FAIL: --strict skips nothing"; fail=1; }
"$cl" check --skip-tag cute_wrong vec/*.json | grep -q "^skipped [0-9]* cases tagged cute_wrong" || { echo "FAIL: --skip-tag"; fail=1; }
# an export never overwrites different content without --force
"$cl" export --out vec --seed 6 --count 20 >/dev/null 2>err.txt && { echo "FAIL: overwrote without --force"; fail=1; }
grep -q "use --force" err.txt || { echo "FAIL: no --force hint"; cat err.txt; fail=1; }
"$cl" export --out vec --seed 6 --count 20 --force >/dev/null || { echo "FAIL: --force"; fail=1; }
# analyze: the classic cases of docs/analysis.md, pictures, JSON, bad input
"$cl" analyze banks '(32,32):(1,32)' '(32,32):(32,1)' | grep -q "^total: 1024 wavefronts, ideal 32; worst access 32-way" \
  || { echo "FAIL: analyze banks transpose"; fail=1; }
"$cl" analyze banks '(32,32):(1,32)' '(32,32):(33,1)' | grep -q "^total: 32 wavefronts, ideal 32; worst access conflict-free" \
  || { echo "FAIL: analyze banks padded"; fail=1; }
"$cl" analyze banks '((8,4),8):((1,64),8)' 'Sw<3,3,3> o (8,64):(64,1)' --elem-bytes 2 --vector 8 --svg heat.svg \
  | grep -q "^total: 4 wavefronts, ideal 4" && grep -q "<svg" heat.svg || { echo "FAIL: analyze banks swizzled"; fail=1; }
"$cl" analyze banks '(32,32):(1,32)' '(32,32):(32,1)' --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["wavefronts"]==1024 and d["worst_ratio"]==32' \
  || { echo "FAIL: analyze banks --json"; fail=1; }
"$cl" analyze vector '((4,8),(2,2,2)):((32,1),(16,8,128))' '(16,16):(16,1)' --elem-bytes 2 | grep -q "^widest vector: 2 x 2 = 4 bytes" \
  || { echo "FAIL: analyze vector"; fail=1; }
"$cl" analyze ownership '((32,2),4):((1,0),32)' --tile 32,4 --block-threads 96 > own.txt
grep -q "^idle threads: 64-95" own.txt && grep -q "replicated (up to 2 owners)" own.txt || { echo "FAIL: analyze ownership"; cat own.txt; fail=1; }
"$cl" analyze banks '(32,2):(1,64)' '(32,32):(32,1)' --vector 2 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "are not consecutive in memory" err.txt || { echo "FAIL: analyze bad vector rc=$rc"; fail=1; }
if "$cl" --help | grep -q "analyze partition"; then  # builds with the gpu room: fragments, tiled MMA/copy
"$cl" analyze vector --mma mma.m16n8k16.f32.f16.f16.f32 '(16,16):(16,1)' --elem-bytes 2 | grep -q "^widest vector: 2 x 2 = 4 bytes" \
  || { echo "FAIL: analyze vector --mma"; fail=1; }
"$cl" analyze vector --copy '(32,4):(4,1)' '(1,8)' '(32,32):(32,1)' --elem-bytes 2 | grep -q "^widest vector: 8 x 2 = 16 bytes" \
  || { echo "FAIL: analyze vector --copy"; fail=1; }
"$cl" analyze partition --mma mma.m16n8k16.f32.f16.f16.f32 --atoms '(2,2,1)' --operand C --thread 37 | grep -q "value 3: (25,3)" \
  || { echo "FAIL: analyze partition"; fail=1; }
"$cl" analyze ownership --mma mma.m16n8k16.f32.f16.f16.f32 --atoms '(2,2,1)' --operand C | grep -q "^exact:" \
  || { echo "FAIL: analyze ownership tiled C"; fail=1; }
fi
# CuTe's constructors, partitioners, recasts and the whitepaper's operations (docs/algebra.md)
[ "$("$cl" compose '(_4,_8):(_8,_1)' '(_2,_2):(_1,_4)')" = "(_2,_2):(_8,_1)" ] || { echo "FAIL: compose in CuTe's print"; fail=1; }
# Static and run-time integers (docs/definitions.md): CUTLASS compact_xmajor.cpp, logical_divide.cpp
[ "$("$cl" make-layout '(4,8,1,2)' LayoutLeft --cute-integers)" = "(4,8,1,2):(_1,4,32,32)" ] \
  || { echo "FAIL: make-layout with run-time extents"; fail=1; }
[ "$("$cl" make-layout '(96,64)' LayoutRight --cute-integers)" = "(96,64):(64,_1)" ] || { echo "FAIL: --cute-integers"; fail=1; }
[ "$("$cl" make-layout '(96,64)' LayoutRight)" = "(96,64):(64,1)" ] || { echo "FAIL: unmarked text as before"; fail=1; }
[ "$("$cl" divide '2:_1' '_32:_1')" = "(_32,1):(_1,_32)" ] || { echo "FAIL: divide keeps the run-time rest mode"; fail=1; }
"$cl" complement '(4,8):(1,4)' --cute-integers 2>&1 | grep -q "Dynamic-stride complement only for rank-1 layouts" \
  || { echo "FAIL: complement refuses run-time strides at rank 2"; fail=1; }
[ "$("$cl" make-layout '(4,(2,3))' LayoutRight)" = "(4,(2,3)):(6,(3,1))" ] || { echo "FAIL: make-layout LayoutRight"; fail=1; }
[ "$("$cl" nullspace '(3,3):(3,-3)' 2>/dev/null)" = "1:0" ] || { echo "FAIL: nullspace is CuTe's by default"; fail=1; }
[ "$("$cl" nullspace --strict '(2,2):(1,-1)')" = "2:3" ] || { echo "FAIL: nullspace --strict past CuTe's formula"; fail=1; }
[ "$("$cl" local-partition '(32,8):(1,32)' '(16,16):(1,16)' 39 '(X,_1)' | tr '\n' ' ')" = "(2,8):(16,32) offset 2 " ] \
  || { echo "FAIL: local-partition with a projection"; fail=1; }
[ "$("$cl" local-partition '(16,64):(1,16)' '(2,16):(16,1)' 5 | tr '\n' ' ')" = "(8,4):(2,256) offset 80 " ] \
  || { echo "FAIL: local-partition"; fail=1; }
[ "$("$cl" compose '(8,8):(8,1)' 'Sw<2,0,-3>')" = "Sw<2,0,3> o 0 o (8,8):(8,1)" ] || { echo "FAIL: compose with a swizzle as B"; fail=1; }
[ "$("$cl" layout-add '(4,8):(F1,F8)' '(4,8):(F2,F16)')" = "(4,8):(F3,F24)" ] || { echo "FAIL: layout-add of F2 layouts"; fail=1; }
[ "$("$cl" tile-to-shape 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' '(_128,_64)' --print cute)" = \
  "Sw<3,4,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))" ] || { echo "FAIL: tile-to-shape --print cute"; fail=1; }
"$cl" downcast --strict '(4,2):(1,-1)' 2 2>err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "2 modes of stride +-1" err.txt || { echo "FAIL: downcast refusal rc=$rc"; cat err.txt; fail=1; }
"$cl" local-partition '(8,6):(1,8)' '(2,3):(0,1)' 1 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "repeats every thread" err.txt || { echo "FAIL: broadcast thread layout rc=$rc"; fail=1; }
# Hostile arguments (issue 53): the character where reading stops is quoted whole, at its column in
# characters; a byte that is not UTF-8 is named, and stderr stays valid UTF-8; a long argument comes
# after the reason, shortened to its head and tail.
"$cl" compose '(４,8):(1,4)' 4:1 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q "at column 2, found '４'" err.txt || { echo "FAIL: a full-width digit rc=$rc"; cat err.txt; fail=1; }
"$cl" compose $'(4,\xff):(1,4)' 4:1 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -q 'at column 4, found byte \\xff (not UTF-8)' err.txt && iconv -f UTF-8 -t UTF-8 err.txt >/dev/null \
  || { echo "FAIL: a byte that is not UTF-8 rc=$rc"; cat err.txt; fail=1; }
long="($(head -c 100000 /dev/zero | tr '\0' '7')x):(1)"
"$cl" compose "$long" 4:1 2>err.txt; rc=$?
[ $rc -eq 2 ] && [ "$(wc -c < err.txt)" -lt 1000 ] && grep -q "^catlayout: invalid_input: argument 1: integer 7777" err.txt \
  && grep -q "…" err.txt || { echo "FAIL: a long argument rc=$rc, $(wc -c < err.txt) bytes"; head -c 600 err.txt; fail=1; }
"$cl" show "$long" 2>err.txt; rc=$?
[ $rc -eq 2 ] && [ "$(wc -c < err.txt)" -lt 1000 ] || { echo "FAIL: show with a long argument rc=$rc"; fail=1; }
echo "examples checked: $n"
exit $fail
