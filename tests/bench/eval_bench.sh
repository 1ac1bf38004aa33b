#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): `hcl eval` beside the reference oracle `hcl-oracle eval` and beside jq.
#  1. a tiny expression, process start included: `eval '1 + 1'`, many runs;
#  2. a 100,000-element for expression over variables from JSON;
#  3. issue 16's rows beside jq: a question over a 34 MiB plan-like document
#     (tests/bench/gen_plan.py plan), and a 1,000,000-element for expression (gen_plan.py xs);
#  4. a whole file's value (`eval --file`) beside `hcl-oracle body`: a file of many small blocks
#     (BLOCKS, default 200,000), where what is held per block decides the peak memory.
# Sections 1 and 2 alternate the two programs over several rounds and keep each one's best
# round, so a busy machine disturbs both alike; section 3 prints medians of paired runs.
# usage: tests/bench/eval_bench.sh [HCL_BINARY] [ORACLE]   (defaults: build/hcl, the reference's hcl-oracle)
#        SECTIONS="1 2 3 4" (default all), JQ_RUNS=5, PLAN_RESOURCES=120000, XS_COUNT=1000000
set -euo pipefail
HCL=${1:-$(dirname "$0")/../../build/hcl}
# The oracle: as named, else on PATH, else where ../shared/reference/build.sh builds it (it prints
# one path per tool, the oracle's among them).
ORACLE=${2:-$(command -v hcl-oracle ||
  "$(dirname "$0")/../../../shared/reference/build.sh" 2>/dev/null | grep '/hcl-oracle$' || echo hcl-oracle)}
RUNS=${RUNS:-100}
ROUNDS=${ROUNDS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s%N; }

# time_runs CMD...: average nanoseconds per run of CMD over RUNS runs. perf stat starts each
# run directly; without perf, a shell loop does, adding the shell's own fork to every run.
time_runs() {
  if command -v perf >/dev/null 2>&1 && [ "$RUNS" -gt 1 ]; then
    perf stat -r "$RUNS" -- "$@" 2>&1 >/dev/null |
      awk '/seconds time elapsed/ { printf "%d\n", $1 * 1e9 }'
    return
  fi
  local start end
  start=$(now)
  for ((i = 0; i < RUNS; i++)); do "$@" >/dev/null; done
  end=$(now)
  echo $(( (end - start) / RUNS ))
}

best() { sort -n | head -1; }

SECTIONS=${SECTIONS:-1 2 3 4}
section() { [[ " $SECTIONS " == *" $1 "* ]]; }

if section 1; then
echo "== tiny expression: eval '1 + 1' ($RUNS runs x $ROUNDS rounds, best round, per run)"
: >"$tmp/hcl" ; : >"$tmp/ref" ; : >"$tmp/true"
for ((r = 0; r < ROUNDS; r++)); do
  time_runs "$HCL" eval '1 + 1' >>"$tmp/hcl"
  time_runs "$ORACLE" eval '1 + 1' >>"$tmp/ref"
  time_runs /bin/true >>"$tmp/true"
done
h=$(best <"$tmp/hcl"); o=$(best <"$tmp/ref"); t=$(best <"$tmp/true")
printf '  hcl eval        %8.2f ms\n  hcl-oracle eval %8.2f ms\n  ratio           %8.2f (target <= 0.33)\n' \
  "$(echo "$h / 1000000" | bc -l)" "$(echo "$o / 1000000" | bc -l)" "$(echo "$h / $o" | bc -l)"
# Starting a process sets a floor under both: /bin/true (dynamically linked, doing nothing) shows it.
printf '  /bin/true       %8.2f ms (the cost of starting a process here)\n' "$(echo "$t / 1000000" | bc -l)"

fi

if section 2; then
python3 -c "
import json
json.dump({'xs': list(range(100000)), 'names': ['n%d' % i for i in range(100000)]}, open('$tmp/big.json', 'w'))
"
for expr in '[for x in xs : x * 2]' '{for i, s in names : s => i if i % 2 == 0}' '[for s in names : "${s}-x"]'; do
  echo "== 100,000-element for expression: $expr (best of $ROUNDS)"
  : >"$tmp/hcl" ; : >"$tmp/ref"
  for ((r = 0; r < ROUNDS; r++)); do
    RUNS=1 time_runs "$HCL" eval --vars "$tmp/big.json" "$expr" >>"$tmp/hcl"
    RUNS=1 time_runs "$ORACLE" eval --vars "$tmp/big.json" "$expr" >>"$tmp/ref"
  done
  h=$(best <"$tmp/hcl"); o=$(best <"$tmp/ref")
  printf '  hcl eval        %8.1f ms\n  hcl-oracle eval %8.1f ms\n  ratio           %8.2f (target <= 3)\n' \
    "$(echo "$h / 1000000" | bc -l)" "$(echo "$o / 1000000" | bc -l)" "$(echo "$h / $o" | bc -l)"
done
fi

# median_run OUT CMD...: one run of CMD (stdout discarded), appending "seconds max_rss_kb" to OUT.
# The time is read from the clock in nanoseconds around the run: GNU time's %e has a resolution of
# 10 ms, which is 8% of hcl's time on the plan row. (It includes starting GNU time, about half a
# millisecond, for both programs alike.)
median_run() {
  local out=$1; shift
  local start end
  start=$(now)
  /usr/bin/time -f "%M" -o "$tmp/time.out" "$@" >/dev/null
  end=$(now)
  echo "$(( end - start ))e-9 $(tail -n 1 "$tmp/time.out")" >>"$out"
}
# median FILE COLUMN: the median of a column of numbers.
median() { awk -v c="$2" '{ print $c }' "$1" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# jq_row LABEL INPUT HCL_EXPR JQ_FILTER TARGET_SPEED MEMORY_TARGET_TEXT: both programs alternately
# JQ_RUNS times; prints medians of time and peak RSS and the ratios the issue's targets name.
jq_row() {
  local label=$1 input=$2 expr=$3 filter=$4 target=$5 memory_target=$6
  local want got
  want=$(jq "$filter" "$input")
  got=$("$HCL" eval --vars "$input" "$expr")
  [ "$want" = "$got" ] || { echo "  answers differ: hcl $got, jq $want" >&2; exit 1; }
  : >"$tmp/hcl.t"; : >"$tmp/jq.t"
  for ((r = 0; r < ${JQ_RUNS:-5}; r++)); do
    median_run "$tmp/hcl.t" "$HCL" eval --vars "$input" "$expr"
    median_run "$tmp/jq.t" jq "$filter" "$input"
  done
  local ht hm jt jm bytes
  ht=$(median "$tmp/hcl.t" 1); hm=$(median "$tmp/hcl.t" 2)
  jt=$(median "$tmp/jq.t" 1); jm=$(median "$tmp/jq.t" 2)
  bytes=$(stat -c %s "$input")
  echo "== $label (answer $got; input $(awk -v b="$bytes" 'BEGIN { printf "%.1f MB", b / 1048576 }'), medians of ${JQ_RUNS:-5})"
  awk -v ht="$ht" -v hm="$hm" -v jt="$jt" -v jm="$jm" -v b="$bytes" -v t="$target" -v mt="$memory_target" 'BEGIN {
    ht = (ht < 0.01 ? 0.01 : ht); jt = (jt < 0.01 ? 0.01 : jt)
    printf "  hcl eval  %7.3f s %8.1f MiB peak\n", ht, hm / 1024
    printf "  jq        %7.3f s %8.1f MiB peak\n", jt, jm / 1024
    printf "  speed     %7.2fx jq (target >= %sx)\n", jt / ht, t
    printf "  memory    %7.2fx the input, %.2fx jq (target: %s)\n", hm * 1024 / b, hm / jm, mt
  }'
}

if section 3; then
  command -v jq >/dev/null || { echo "section 3 needs jq" >&2; exit 2; }
  echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 "$(dirname "$0")/gen_plan.py" plan "$tmp/plan.json" "${PLAN_RESOURCES:-120000}"
  jq_row "plan: resources bigger than 500" "$tmp/plan.json" \
    'length([for r in resource_changes : r.address if r.change.after.size > 500])' \
    '[.resource_changes[] | select(.change.after.size > 500) | .address] | length' 10 "<= 3x the input"
  rm -f "$tmp/plan.json"
  python3 "$(dirname "$0")/gen_plan.py" xs "$tmp/xs.json" "${XS_COUNT:-1000000}"
  jq_row "xs: 1,000,000-element for expression" "$tmp/xs.json" \
    'length([for i in xs : i * 2 if i % 3 == 0])' \
    '[.xs[] | select(. % 3 == 0) | . * 2] | length' 5 "<= 2x jq"
  echo "== machine after: load $(cut -d' ' -f1-3 /proc/loadavg)"
fi

if section 4; then
  python3 - "$tmp/blocks.hcl" "${BLOCKS:-200000}" <<'PY'
import sys
with open(sys.argv[1], "w") as out:
    for i in range(int(sys.argv[2])):
        out.write('b "n%d" {\n  x = %d\n}\n' % (i, i))
PY
  bytes=$(stat -c %s "$tmp/blocks.hcl")
  echo "== eval --file: ${BLOCKS:-200000} small blocks ($(awk -v b="$bytes" 'BEGIN { printf "%.1f MB", b / 1048576 }'))"
  for tool in hcl ref; do
    if [ $tool = hcl ]; then cmd=("$HCL" eval --file "$tmp/blocks.hcl"); else cmd=("$ORACLE" body "$tmp/blocks.hcl"); fi
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time.out" "${cmd[@]}" >"$tmp/$tool.json"
    read -r wall user sys peak <"$tmp/time.out"
    awk -v t="$tool" -v c="$(echo "$user + $sys" | bc -l)" -v m="$peak" -v b="$bytes" 'BEGIN {
      printf "  %-10s %7.3f s CPU %8.1f MiB peak (%.0fx the input)\n", t == "hcl" ? "hcl eval" : "hcl-oracle", c, m / 1024, m * 1024 / b }'
  done
  cmp -s "$tmp/hcl.json" <(jq -c . "$tmp/ref.json") && echo "  same value" || echo "  VALUES DIFFER"
fi
