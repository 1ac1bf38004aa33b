#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): commands that read the JSON syntax (`hcl validate`, `hcl json`, `hcl eval
# --file`) on big generated .tf.json files (tests/bench/gen_tfjson.py), printing each one's peak
# memory beside the input's size: the JSON reader's document should take a few times the input.
# usage: tests/bench/tfjson_bench.sh   (TFJSON="small:200000 rich:20000" shape:count pairs;
#        RUNS, HCL, CORPUS, WORK as in validate_bench.sh)
. "$(dirname "$0")/common.sh"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); hcl $HCL; medians of $RUNS runs"
printf "%-26s %26s | %26s | %17s | %s\n" "" "hcl: wall  cpu  MB/s  RSS" "" "floor: wall  MB/s" "ratios"
for spec in ${TFJSON:-small:200000 rich:20000}; do
  shape=${spec%%:*} count=${spec##*:}
  f="$WORK/$shape-$count.tf.json"
  [ -f "$f" ] || python3 "$ROOT/tests/bench/gen_tfjson.py" "$shape" "$count" "$f"
  bytes=$(stat -c %s "$f")
  floor=$(stats "$RUNS" "$f" cat)
  for cmd in "validate -q" "json" "eval --file"; do
    shape_row "$cmd $shape-$count" "$bytes" "$(stats "$RUNS" /dev/null "$HCL" $cmd "$f")" - "$floor"
  done
done
