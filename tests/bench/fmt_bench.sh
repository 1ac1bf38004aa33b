#!/usr/bin/env bash
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

# best_of CMD...: the fastest of $RUNS runs, in seconds (exit statuses ignored: --check is 3).
best_of() {
  local best="" t0 t1 d
  for _ in $(seq "$RUNS"); do
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s.%N)
    d=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$d < $best" | bc -l)" = 1 ]; then best=$d; fi
  done
  printf '%.3f' "$best"
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

rb=$(best_of ref_big); hb=$(best_of hcl_big)
rd=$(best_of ref_dir); hd=$(best_of hcl_dir); hc=$(best_of hcl_dir_canonical)

echo "hcl fmt vs hclfmt (best of $RUNS runs, wall clock, $(nproc) cores)"
printf '%-52s %10s %10s %9s\n' "task" "hclfmt" "hcl fmt" "speedup"
printf '%-52s %9ss %9ss %8.1fx\n' "format one ${big_mb} MB file" "$rb" "$hb" "$(echo "$rb / $hb" | bc -l)"
printf '%-52s %9s %9s\n' "  throughput (MB/s)" "$(echo "$big_mb / $rb" | bc -l | xargs printf '%.1f')" \
  "$(echo "$big_mb / $hb" | bc -l | xargs printf '%.1f')"
printf '%-52s %9ss %9ss %8.1fx\n' "--check ${nfiles} corpus files (${dir_mb} MB)" "$rd" "$hd" "$(echo "$rd / $hd" | bc -l)"
printf '%-52s %9ss %9ss %8.1fx\n' "  same, canonical style only (--terraform=false)" "$rd" "$hc" "$(echo "$rd / $hc" | bc -l)"
