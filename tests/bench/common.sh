# SPDX-License-Identifier: Apache-2.0
# Shared helpers for the benchmark scripts (sourced, not run).
# Usage in a script: . "$(dirname "$0")/common.sh"; then HCL, CORPUS, WORK are set.

set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HCL=${HCL:-$ROOT/build/hcl}
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
[ -x "$HCL" ] || { echo "build hcl first (or set HCL=path)" >&2; exit 2; }
[ -d "$CORPUS/real" ] || { echo "corpus not found at $CORPUS (set CORPUS=dir)" >&2; exit 2; }
# build.sh prints one path a tool; reading all of them (not `head -n1`) spares it a SIGPIPE, which
# pipefail would turn into a failed script.
REFBIN=$(dirname "$("$ROOT/../shared/reference/build.sh" 2>/dev/null | sed -n 1p)")
# WORK holds the generated inputs (about 120 MB for the six shapes). A directory the caller names
# is kept, so that later runs reuse its inputs; one made here is removed when the script ends, or
# every run would leave its inputs behind in /tmp.
if [ -n "${WORK:-}" ]; then
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d /tmp/hcl-bench.XXXXXX)
  trap 'rm -rf "$WORK"' EXIT
fi

# big_file SIZE_MB: a valid configuration of about SIZE_MB megabytes made of the corpus files the
# reference accepts, each wrapped in its own block so attribute names never collide.
big_file() {
  local mb=$1 out="$WORK/big-$1mb.hcl"
  if [ ! -f "$out" ]; then
    python3 - "$CORPUS" "$out" "$mb" <<'PY'
import os, sys
corpus, out, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
invalid = set(open(os.path.join(corpus, 'expected', 'invalid.txt')).read().split())
real = os.path.join(corpus, 'real')
files = sorted(os.path.relpath(os.path.join(d, f), real) for d, _, fs in os.walk(real) for f in fs)
files = [f for f in files if f not in invalid]
target, size, n = mb * 1024 * 1024, 0, 0
with open(out, 'wb') as o:
    while size < target:
        for f in files:
            data = open(os.path.join(real, f), 'rb').read()
            if data.startswith(b'\xef\xbb\xbf'):
                data = data[3:]
            chunk = b'file_%d {\n' % n + data + b'\n}\n'
            o.write(chunk)
            size += len(chunk)
            n += 1
            if size >= target:
                break
PY
  fi
  echo "$out"
}

# valid_files: the corpus files the reference accepts, one path per line.
valid_files() {
  (cd "$CORPUS/real" && find . -type f | sed 's|^\./||' | sort) | grep -vxFf "$CORPUS/expected/invalid.txt" | sed "s|^|$CORPUS/real/|"
}

# measure NAME CMD...: best wall time of 3 runs and peak RSS, as "seconds max_rss_kb".
measure() {
  local best="" rss=0 t m
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$WORK/time.out" "$@" >/dev/null 2>&1 || true
    read -r t m < <(tail -n 1 "$WORK/time.out")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    [ "$m" -gt "$rss" ] && rss=$m
  done
  echo "$best $rss"
}

# row LABEL BYTES "ours_seconds ours_rss" "ref_seconds ref_rss"
row() {
  local label=$1 bytes=$2 ours=($3) ref=($4)
  awk -v l="$label" -v b="$bytes" -v ot="${ours[0]}" -v om="${ours[1]}" -v rt="${ref[0]}" -v rm="${ref[1]}" 'BEGIN {
    mbs = b / 1048576
    ot = (ot < 0.001 ? 0.001 : ot); rt = (rt < 0.001 ? 0.001 : rt)
    printf "%-34s %9.3fs %8.1f MB/s %8.1f MB | %9.3fs %8.1f MB/s %8.1f MB | %6.1fx\n", l, ot, mbs/ot, om/1024, rt, mbs/rt, rm/1024, rt/ot
  }'
}

header() {
  printf "%-34s %31s | %31s | %7s\n" "" "hcl (time, throughput, peak RSS)" "reference" "speedup"
}

# ---- Shaped inputs (tests/bench/gen_hcl.py) and per-shape rows --------------------------------
# SHAPES, SIZE_MB, RUNS and REF_RUNS may be set by the user; the reference is slow (seconds per
# megabyte, gigabytes of memory), so it runs REF_RUNS times (default once) per shape.
SHAPES=${SHAPES:-resources lists heredocs nesting comments longline}
SIZE_MB=${SIZE_MB:-20}
RUNS=${RUNS:-5}
REF_RUNS=${REF_RUNS:-1}
HCLFMT=${HCLFMT:-$REFBIN/hclfmt}

# shape_file SHAPE: the generated input of SIZE_MB megabytes (made once per work directory).
shape_file() {
  local out="$WORK/$1-${SIZE_MB}mb.hcl"
  [ -f "$out" ] || python3 "$ROOT/tests/bench/gen_hcl.py" "$1" "$SIZE_MB" "$out"
  echo "$out"
}

# stats N IN CMD...: CMD run N times with standard input from IN (a file, or /dev/null) and its
# output discarded (or kept in $STATS_OUT), as "median_wall_s median_cpu_s max_rss_kb" (CPU: user
# + system, in microseconds, which a busy machine disturbs less than wall time; exit statuses are
# ignored, since --check exits 3). See run_stats.py.
stats() {
  local n=$1 in=$2
  shift 2
  python3 "$ROOT/tests/bench/run_stats.py" "$n" "$in" "${STATS_OUT:-/dev/null}" "$@"
}

# shape_header: what the figures are measured on, and the column heads.
shape_header() {
  machine_line
  printf "%-28s %28s | %26s | %18s | %s\n" "" "hcl: wall  cpu  MB/s  RSS" "reference: cpu  MB/s  RSS" "floor: wall  MB/s" "ratios (cpu)"
}

# ref_one_thread N IN CMD...: stats of the reference (a Go program) held to one thread. As users run
# it, Go's idle garbage-collector workers fill any idle core, so its CPU time counts work a single
# thread does not need (1.5 to 2.7 times as much here, varying by up to 1.8x between runs); on one
# thread it is at its cheapest. Prints "-" with REF_ONE_THREAD=0 (it doubles the reference's time).
ref_one_thread() {
  if [ "${REF_ONE_THREAD:-1}" = 0 ]; then echo -; return; fi
  local n=$1 in=$2
  shift 2
  stats "$n" "$in" env GOMAXPROCS=1 "$@"
}

# shape_row LABEL BYTES "hcl stats" "reference stats or -" "floor stats" [EXTRA] ["reference stats on
# one thread"]: one line. MB/s and the speedup come from CPU time (user + system), which other work
# on a shared machine disturbs far less than wall time; the floor's figure is its wall time (for
# `cat` or `wc`, the time to have the bytes at all).
shape_row() {
  local ref=${4:-"- - -"}
  awk -v l="$1" -v b="$2" -v h="$3" -v r="$ref" -v f="$5" -v x="${6:-}" -v r1="${7:--}" 'BEGIN {
    split(h, H, " "); split(r, R, " "); split(f, F, " "); split(r1, R1, " "); mb = b / 1048576
    hc = H[2] < 0.0001 ? 0.0001 : H[2]; fw = F[1] < 0.0001 ? 0.0001 : F[1]
    printf "%-28s %7.4fs %7.4fs %5.0f %5.0fM |", l, H[1], H[2], mb / hc, H[3] / 1024
    if (R[1] == "-") printf " %26s |", "-"
    else printf " %8.2fs %6.1f %7.0fM |", R[2], mb / (R[2] < 0.001 ? 0.001 : R[2]), R[3] / 1024
    printf " %7.4fs %7.0f |", F[1], mb / fw
    if (R[1] != "-") printf " %.0fx ref,", R[2] / hc
    if (R1[1] != "-") printf " %.0fx ref on one thread (%.2fs),", R1[2] / hc, R1[2]
    printf " RSS %.2fx input%s\n", H[3] * 1024 / b, x
  }'
}

# machine_line: what the figures were measured on.
machine_line() {
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg); hcl $HCL; ${SIZE_MB} MB inputs, medians of $RUNS runs (reference: $REF_RUNS)"
}
