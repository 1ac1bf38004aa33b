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
WORK=${WORK:-$(mktemp -d /tmp/hcl-bench.XXXXXX)}

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
