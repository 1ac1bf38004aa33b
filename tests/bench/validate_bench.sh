#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): `hcl validate` beside the reference's `hclfmt -check` (which parses the
# same way and reports the same verdict) and beside `wc -l` as the floor, on generated inputs of
# every shape (tests/bench/gen_hcl.py), then on the corpus directory file by file.
# Targets (issue 16): at least 300 MB/s, and at least 200x `hclfmt -check`.
# usage: tests/bench/validate_bench.sh   (SHAPES="resources lists" SIZE_MB=20 RUNS=5 REF_RUNS=1
#        HCL=path/to/hcl CORPUS=dir override; NOREF=1 skips the reference, which takes seconds and
#        gigabytes per file)
. "$(dirname "$0")/common.sh"
shape_header
for shape in $SHAPES; do
  f=$(shape_file "$shape")
  bytes=$(stat -c %s "$f")
  ref=- ref1=-
  if [ -z "${NOREF:-}" ]; then
    ref=$(stats "$REF_RUNS" /dev/null "$HCLFMT" -check "$f")
    ref1=$(ref_one_thread "$REF_RUNS" /dev/null "$HCLFMT" -check "$f")
  fi
  shape_row "validate $shape" "$bytes" "$(stats "$RUNS" /dev/null "$HCL" validate -q "$f")" "$ref" \
    "$(stats "$RUNS" /dev/null wc -l "$f")" "" "$ref1"
done
valid_files > "$WORK/files.txt"
corpus_bytes=$(xargs cat < "$WORK/files.txt" | wc -c)
ref=-
[ -n "${NOREF:-}" ] || ref=$(stats "$REF_RUNS" /dev/null sh -c "xargs '$HCLFMT' -check < '$WORK/files.txt'")
shape_row "validate corpus" "$corpus_bytes" "$(stats "$RUNS" /dev/null sh -c "xargs '$HCL' validate -q < '$WORK/files.txt'")" \
  "$ref" "$(stats "$RUNS" /dev/null sh -c "xargs wc -l < '$WORK/files.txt'")" " ($(wc -l < "$WORK/files.txt") files)"
