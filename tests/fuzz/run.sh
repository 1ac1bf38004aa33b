#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs libFuzzer targets, seeded from testdata/, keeping what they find.
# usage: tests/fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]   (default 60 s, every target)
# Builds an ASan+UBSan fuzzing build with clang in build-fuzz/. New crash inputs are copied to
# tests/fuzz/regressions/<target>/, which the unit tests replay (tests/unit/fuzz/fuzz_regressions_test.cpp).
# Prints executions per target; add them to the table in docs/fuzzing.md.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SECONDS_PER=${1:-60}
shift || true
BUILD=$ROOT/build-fuzz
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHCL_FUZZ=ON \
    -DHCL_SANITIZE=ON -DHCL_BUILD_TESTS=OFF >/dev/null
fi
cmake --build "$BUILD" -j2 >/dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(cd "$BUILD/tests/fuzz" && ls fuzz_* | grep -v '\.' ))
fi
for t in "${targets[@]}"; do
  corpus=$ROOT/tests/fuzz/corpus-$t
  mkdir -p "$corpus" "$ROOT/tests/fuzz/artifacts/$t" "$ROOT/tests/fuzz/regressions/$t"
  # Seeds: every testdata input.
  find "$ROOT/testdata" -type f \( -name '*.hcl' -o -name '*.tf' -o -name '*.txt' \) -size -64k \
    -exec cp -n {} "$corpus/" \; 2>/dev/null || true
  if [ "$t" = fuzz_dec ]; then
    # hcldec's seeds are a spec, a NUL byte and a configuration: each of testdata/dec's cases.
    for spec in "$ROOT"/testdata/dec/*.hcldec; do
      input=${spec%.hcldec}.hcl
      [ -f "$input" ] || continue
      { cat "$spec"; printf '\0'; cat "$input"; } > "$corpus/$(basename "${spec%.hcldec}")"
    done
  fi
  if [ "$t" = fuzz_eval ]; then
    # The evaluator's seeds are expressions: one per line of the eval goldens.
    find "$ROOT/testdata/eval" -name '*.cases' -exec cat {} + | python3 -c '
import json, sys, hashlib, os
for line in sys.stdin:
    line = line.strip()
    if not line or line.startswith("#"): continue
    try: c = json.loads(line)
    except Exception: continue
    e = c if isinstance(c, str) else c.get("expr", "")
    open(os.path.join(sys.argv[1], hashlib.sha1(e.encode()).hexdigest()), "w").write(e)
' "$corpus"
  fi
  if [ "$t" = fuzz_lsp ]; then
    # The server's seeds are a flags byte, a document, a NUL and a script of edits and requests:
    # the testdata inputs in both position encodings, each with a script drawn from its name.
    python3 - "$corpus" "$ROOT/testdata" <<'PY'
import hashlib, os, random, sys
for d, _, names in os.walk(sys.argv[2]):
    for n in names:
        if not n.endswith((".tf", ".hcl", ".json")) or os.path.getsize(os.path.join(d, n)) > 8192: continue
        text = open(os.path.join(d, n), "rb").read().replace(b"\0", b"")
        for flags in (0, 5):
            rng = random.Random(n + str(flags))
            script = bytes(rng.randrange(256) for _ in range(96))
            data = bytes([flags | (2 if n.endswith(".json") else 0)]) + text + b"\0" + script
            open(os.path.join(sys.argv[1], hashlib.sha1(data).hexdigest()), "wb").write(data)
PY
  fi
  log=$(mktemp)
  started=$(date +%s)
  set +e
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 "$BUILD/tests/fuzz/$t" "$corpus" \
    -max_total_time="$SECONDS_PER" -max_len=65536 -timeout=60 -rss_limit_mb=4096 \
    -artifact_prefix="$ROOT/tests/fuzz/artifacts/$t/" -print_final_stats=1 >"$log" 2>&1
  status=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  echo "$t: ${execs} executions in $(( $(date +%s) - started ))s, exit $status"
  for f in "$ROOT/tests/fuzz/artifacts/$t"/*; do
    [ -f "$f" ] || continue
    cp "$f" "$ROOT/tests/fuzz/regressions/$t/"
    echo "  finding kept: tests/fuzz/regressions/$t/$(basename "$f")"
  done
  [ $status -eq 0 ] || tail -n 40 "$log"
  rm -f "$log"
done
