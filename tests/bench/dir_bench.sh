#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Directory runs on every core (issue 16): `validate`, `fmt --check` and `json` over the corpus
# directory, printing wall time, CPU time (user + system, all threads) and wall/CPU. On N cores a
# run that keeps them all busy approaches 1/N; a serial part (the walk, reading, output) pulls it
# towards 1. Medians of RUNS runs (default 11), since these runs last a tenth of a second.
# Other work on the machine stretches wall time, not CPU time: on a busy machine run it as root
# under `chrt -f 10`, so the runs are not queued behind other jobs.
# Usage: tests/bench/dir_bench.sh [DIR]   (HCL=path picks the executable; default build/hcl)
. "$(dirname "$0")/common.sh"

DIR=${1:-$CORPUS/real}
RUNS=${RUNS:-11}

# dir_row LABEL CMD...: median wall and CPU seconds over RUNS runs. Bash's `time` reads the
# children's rusage, in milliseconds (GNU time's %e and %U stop at hundredths).
dir_row() {
  local label=$1 i
  shift
  for ((i = 0; i < RUNS; i++)); do
    { TIMEFORMAT='%3R %3U %3S'; time "$@" >/dev/null 2>&1 || true; } 2>&1 | tail -n 1
  done > "$WORK/dir.times"
  local wall cpu
  wall=$(awk '{ print $1 }' "$WORK/dir.times" | sort -n | sed -n "$(((RUNS + 1) / 2))p")
  cpu=$(awk '{ print $2 + $3 }' "$WORK/dir.times" | sort -n | sed -n "$(((RUNS + 1) / 2))p")
  awk -v l="$label" -v w="$wall" -v c="$cpu" \
    'BEGIN { printf "%-26s wall %7.3fs  cpu %7.3fs  wall/cpu %5.2f\n", l, w, c, (c > 0 ? w / c : 0) }'
}

echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $DIR"
dir_row "validate" "$HCL" validate "$DIR"
dir_row "fmt --check --recursive" "$HCL" fmt --check --recursive "$DIR"
dir_row "json" "$HCL" json "$DIR"
