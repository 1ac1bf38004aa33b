#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): `hcl eval` beside the reference oracle `hcl-oracle eval`.
#  1. a tiny expression, process start included: `eval '1 + 1'`, many runs;
#  2. a 100,000-element for expression over variables from JSON.
# Each measurement alternates the two programs over several rounds and keeps each one's best
# round, so a busy machine disturbs both alike.
# usage: tests/bench/eval_bench.sh [HCL_BINARY] [ORACLE]   (defaults: build/hcl, hcl-oracle)
set -euo pipefail
HCL=${1:-$(dirname "$0")/../../build/hcl}
ORACLE=${2:-hcl-oracle}
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
