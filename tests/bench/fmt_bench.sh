#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): `hcl fmt` beside the reference `hclfmt`, in one run.
#   1. formatting a 50 MB file made of the corpus's valid files;
#   2. checking the whole corpus directory (`hcl fmt --check -recursive` against `hclfmt -check
#      -require-no-change` over the same files, since hclfmt does not walk directories).
# usage: tests/bench/fmt_bench.sh [HCL_BINARY] [CORPUS_DIR] [RUNS]
# Prints the best of RUNS (default 3) wall-clock times per tool.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
HCL=$(realpath "${1:-$ROOT/build/hcl}")
CORPUS=$(realpath "${2:-$ROOT/../shared/corpus}")
RUNS=${3:-3}
SIZE_MB=50

if ! command -v hclfmt >/dev/null; then
  if [ -x "$ROOT/../shared/reference/build.sh" ]; then
    export PATH="$("$ROOT/../shared/reference/build.sh" | xargs -n1 dirname | sort -u | tr '\n' ':')$PATH"
  fi
fi
command -v hclfmt >/dev/null || { echo "hclfmt not found (see ../shared/reference)" >&2; exit 2; }
[ -x "$HCL" ] || { echo "no hcl binary at $HCL" >&2; exit 2; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The big file: valid corpus files, each wrapped in a block of its own so that attributes of
# different files do not clash, repeated up to the size.
python3 - "$CORPUS" "$T/big.hcl" "$SIZE_MB" <<'EOF'
import os, sys
corpus, out_path, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
exp = os.path.join(corpus, 'expected', 'fmt')
files = sorted(os.path.relpath(os.path.join(d, f), exp) for d, _, fs in os.walk(exp) for f in fs)
target, n, k = mb * 1024 * 1024, 0, 0
with open(out_path, 'wb') as out:
    while n < target:
        for f in files:
            b = open(os.path.join(corpus, 'real', f), 'rb').read()
            if b.startswith(b'\xef\xbb\xbf'):
                b = b[3:]
            if not b.endswith(b'\n'):
                b += b'\n'
            b = b'file_%d {\n' % k + b + b'}\n'
            k += 1
            out.write(b)
            n += len(b)
            if n >= target:
                break
EOF

# The directory: every file hcl fmt would visit (HCL extensions, no hidden files).
(cd "$CORPUS/real" && find . -type f \( -name '*.hcl' -o -name '*.tf' -o -name '*.tfvars' -o -name '*.nomad' \) \
  -not -name '.*' -print0) > "$T/files0"
nfiles=$(tr -cd '\0' < "$T/files0" | wc -c)
dir_mb=$(cd "$CORPUS/real" && xargs -0 cat < "$T/files0" | wc -c | awk '{printf "%.1f", $1 / 1048576}')
big_mb=$(stat -c %s "$T/big.hcl" | awk '{printf "%.1f", $1 / 1048576}')

# best_of CMD...: the fastest of $RUNS runs as "WALL CPU" seconds (CPU: user + system, all
# threads), the run with the least wall-clock time. Exit statuses are ignored (--check exits 3).
best_of() {
  local best="" best_cpu="" line wall cpu
  for _ in $(seq "$RUNS"); do
    line=$( { TIMEFORMAT="%R %U %S"; time "$@" >/dev/null 2>&1 || true; } 2>&1 | tail -1)
    wall=$(echo "$line" | awk '{print $1}')
    cpu=$(echo "$line" | awk '{print $2 + $3}')
    if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc -l)" = 1 ]; then best=$wall; best_cpu=$cpu; fi
  done
  echo "$best $best_cpu"
}

ref_big() { hclfmt "$T/big.hcl"; }
hcl_big() { "$HCL" fmt --write=false --list=false "$T/big.hcl"; }
ref_dir() { cd "$CORPUS/real" && xargs -0 hclfmt -check -require-no-change < "$T/files0"; }
hcl_dir() { "$HCL" fmt --check -recursive "$CORPUS/real"; }
hcl_dir_canonical() { "$HCL" fmt --check -recursive --terraform=false "$CORPUS/real"; }

# Both must produce the same bytes on the big file before their times mean anything.
if ! cmp -s <(hclfmt "$T/big.hcl") <("$HCL" fmt --write=false --list=false "$T/big.hcl"); then
  echo "hcl fmt and hclfmt disagree on the big file" >&2
  exit 1
fi

read -r rb rbc < <(best_of ref_big); read -r hb hbc < <(best_of hcl_big)
read -r rd rdc < <(best_of ref_dir); read -r hd hdc < <(best_of hcl_dir); read -r hc hcc < <(best_of hcl_dir_canonical)

ratio() { echo "$1 / $2" | bc -l | xargs printf '%.1fx'; }
row() {  # TASK REF_WALL REF_CPU HCL_WALL HCL_CPU
  printf '%-50s %8.2fs %8.2fs %8.2fs %8.2fs %8s %8s\n' "$1" "$2" "$3" "$4" "$5" "$(ratio "$2" "$4")" "$(ratio "$3" "$5")"
}
echo "hcl fmt vs hclfmt: best of $RUNS runs, $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at the end"
printf '%-50s %9s %9s %9s %9s %8s %8s\n' "task" "hclfmt" "(cpu)" "hcl fmt" "(cpu)" "speedup" "(cpu)"
row "format one ${big_mb} MB file" "$rb" "$rbc" "$hb" "$hbc"
row "--check ${nfiles} corpus files (${dir_mb} MB)" "$rd" "$rdc" "$hd" "$hdc"
row "  the same, canonical style only" "$rd" "$rdc" "$hc" "$hcc"
printf 'throughput on the big file: hclfmt %.1f MB/s, hcl fmt %.1f MB/s\n' \
  "$(echo "$big_mb / $rb" | bc -l)" "$(echo "$big_mb / $hb" | bc -l)"
