#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): `hcl json` on generated inputs of every shape (tests/bench/gen_hcl.py),
# beside `hcl validate` on the same file (the target, issue 16: json at most 2.5x validate's time,
# peak memory at most 3x the input) and `cat` as the floor.
#
# With HCL2JSON_SIZES="10 20 50" it then compares against the reference hcl2json: tmccombs/hcl2json
# as npm ships it (@cdktf/hcl2json, Go compiled to WebAssembly, run by node), installed into the
# work directory, never into the repository, on configurations made of the corpus files hcl2json
# converts, each wrapped in its own block. The reference runs once per size (it takes minutes);
# hcl runs three times, best time kept. hcl2json's WASM build has a 4 GB address space and runs
# out of memory on the 50 MB input; that row then compares against `hcl-oracle body` (native Go:
# the same parse plus evaluation into the same shape), and says so.
#
# usage: tests/bench/json_bench.sh   (SHAPES, SIZE_MB, RUNS, HCL, CORPUS as in validate_bench.sh)
. "$(dirname "$0")/common.sh"
shape_header
for shape in $SHAPES; do
  f=$(shape_file "$shape")
  bytes=$(stat -c %s "$f")
  floor=$(stats "$RUNS" "$f" cat)
  read -r vw vc _ < <(stats "$RUNS" /dev/null "$HCL" validate -q "$f")
  for flag in "" --compact; do
    ours=$(stats "$RUNS" /dev/null "$HCL" json $flag "$f")
    shape_row "json${flag:+ $flag} $shape" "$bytes" "$ours" - "$floor" \
      "$(awk -v o="$ours" -v vw="$vw" -v vc="$vc" 'BEGIN { split(o, O, " ")
        printf ", %.2fx validate (cpu %.2fx)", O[1] / (vw < 0.001 ? 0.001 : vw), O[2] / (vc < 0.001 ? 0.001 : vc) }')"
  done
done
SIZES=${HCL2JSON_SIZES:-}
[ -n "$SIZES" ] || exit 0
HCL2JSON_VERSION=0.21.0

# json_file SIZE_MB: like big_file, from the files the reference converts (expected/json).
json_file() {
  local mb=$1 out="$WORK/json-$1mb.hcl"
  if [ ! -f "$out" ]; then
    python3 - "$CORPUS" "$out" "$mb" <<'PY'
import os, sys
corpus, out, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
exp = os.path.join(corpus, 'expected', 'json')
real = os.path.join(corpus, 'real')
files = sorted(os.path.relpath(os.path.join(d, f), exp)[:-5] for d, _, fs in os.walk(exp) for f in fs)
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

# The reference: npm package plus a driver printing hcl2json's JSON text as it made it.
REF="$WORK/hcl2json"
if [ ! -d "$REF/node_modules/@cdktf/hcl2json" ]; then
  mkdir -p "$REF"
  npm install --silent --prefix "$REF" "@cdktf/hcl2json@$HCL2JSON_VERSION" >/dev/null 2>&1 ||
    { echo "cannot install @cdktf/hcl2json with npm" >&2; exit 2; }
fi
cat > "$REF/hcl2json.js" <<'JS'
const origParse = JSON.parse;
let raw = null;
JSON.parse = (s, ...rest) => { raw = s; return origParse(s, ...rest); };
const { parse } = require('@cdktf/hcl2json');
const fs = require('fs');
// When the Go runtime inside the WASM module dies (out of memory), the promise never settles and
// node would exit with status 0.
process.on('exit', () => { if (raw === null) process.exitCode = 1; });
(async () => {
  const f = process.argv[2];
  await parse(f, fs.readFileSync(f, 'utf8'));
  process.stdout.write(raw);
})().catch(e => { process.stderr.write(String(e).slice(0, 300) + '\n'); process.exit(1); });
JS

# once CMD...: one run, as "seconds max_rss_kb status cpu_seconds" (CPU: user + system, which
# matters on a busy machine where wall time also counts waiting for a core).
once() {
  local status=0
  /usr/bin/time -f "%e %M %U %S" -o "$WORK/time.out" "$@" >"$WORK/ref.out" 2>"$WORK/ref.err" || status=$?
  if [ "$status" -eq 0 ] && [ ! -s "$WORK/ref.out" ]; then status=1; fi
  read -r t m u s < <(tail -n 1 "$WORK/time.out")
  echo "$t $m $status $(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u + s}')"
}

# cpu_line LABEL OURS_CPU COMPACT_CPU REF_CPU
cpu_line() {
  awk -v l="$1" -v o="$2" -v c="$3" -v r="$4" 'BEGIN {
    printf "  CPU seconds, %s: hcl %.2f, hcl --compact %.2f, reference %.2f (%.1fx, %.1fx)\n", l, o, c, r, r/o, r/c
  }'
}

# Same JSON values, numbers exact.
same_json() {
  python3 - "$1" "$2" <<'PY'
import json, sys
from decimal import Decimal
load = lambda p: json.load(open(p), parse_float=Decimal, parse_int=Decimal)
sys.exit(0 if load(sys.argv[1]) == load(sys.argv[2]) else 1)
PY
}

echo "hcl: $HCL; reference: @cdktf/hcl2json $HCL2JSON_VERSION on node $(node --version); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
header
for mb in $SIZES; do
  f=$(json_file "$mb")
  bytes=$(stat -c %s "$f")
  ours=$(measure "$HCL" json "$f")
  compact=$(measure "$HCL" json --compact "$f")
  read -r _ _ _ ocpu < <(once "$HCL" json "$f")
  read -r _ _ _ ccpu < <(once "$HCL" json --compact "$f")
  read -r rt rm rs rcpu < <(once node "$REF/hcl2json.js" "$f")
  if [ "$rs" -eq 0 ]; then
    "$HCL" json --compact "$f" > "$WORK/ours.json"
    same_json "$WORK/ours.json" "$WORK/ref.out" 2>/dev/null && agree="same JSON" || agree="JSON DIFFERS"
    row "json $mb MB vs hcl2json ($agree)" "$bytes" "$ours" "$rt $rm"
    row "json --compact $mb MB vs hcl2json" "$bytes" "$compact" "$rt $rm"
    cpu_line "$mb MB vs hcl2json" "$ocpu" "$ccpu" "$rcpu"
  else
    echo "hcl2json (WASM) failed on $mb MB after ${rt}s at $((rm / 1024)) MB: $(head -c 120 "$WORK/ref.err" | tr '\n' ' ')"
    read -r ot om _ orcpu < <(once "$REFBIN/hcl-oracle" body "$f")
    row "json $mb MB vs hcl-oracle body" "$bytes" "$ours" "$ot $om"
    row "json --compact $mb MB vs hcl-oracle body" "$bytes" "$compact" "$ot $om"
    cpu_line "$mb MB vs hcl-oracle body" "$ocpu" "$ccpu" "$orcpu"
  fi
done
