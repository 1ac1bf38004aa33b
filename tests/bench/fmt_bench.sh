#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): `hcl fmt` beside the reference `hclfmt` and beside `cat` as the floor,
# on generated inputs of every shape (tests/bench/gen_hcl.py): formatting standard input to
# standard output, `--check` on the file, and the Terraform style (the default for .tf files)
# from standard input. Then `--check` over the corpus directory against
# `hclfmt -check -require-no-change` over the same files (hclfmt does not walk directories).
# Targets (issue 16): at least 200 MB/s, and at least 100x `hclfmt` (measured single-threaded:
# hclfmt also runs held to one thread, REF_ONE_THREAD=0 skips that).
# usage: tests/bench/fmt_bench.sh   (SHAPES, SIZE_MB, RUNS, REF_RUNS, HCL, CORPUS, NOREF=1 as in
#        validate_bench.sh)
. "$(dirname "$0")/common.sh"
shape_header
for shape in $SHAPES; do
  f=$(shape_file "$shape")
  bytes=$(stat -c %s "$f")
  ref=- ref1=- agree=""
  if [ -z "${NOREF:-}" ]; then
    ref=$(STATS_OUT="$WORK/ref.out" stats "$REF_RUNS" /dev/null "$HCLFMT" "$f")
    ref1=$(ref_one_thread "$REF_RUNS" /dev/null "$HCLFMT" "$f")
    "$HCL" fmt - < "$f" > "$WORK/ours.out" || true
    cmp -s "$WORK/ref.out" "$WORK/ours.out" && agree=", same output" || agree=", OUTPUT DIFFERS"
  fi
  floor=$(stats "$RUNS" "$f" cat)
  shape_row "fmt - $shape" "$bytes" "$(stats "$RUNS" "$f" "$HCL" fmt -)" "$ref" "$floor" "$agree" "$ref1"
  shape_row "fmt --check $shape" "$bytes" "$(stats "$RUNS" /dev/null "$HCL" fmt --check "$f")" "$ref" "$floor" "" "$ref1"
  # The Terraform style (.tf files' default): terraform fmt's rewrites, then the same layout.
  shape_row "fmt --terraform - $shape" "$bytes" "$(stats "$RUNS" "$f" "$HCL" fmt --terraform -)" "$ref" "$floor" "" "$ref1"
done
# The directory: every file hcl fmt would visit (HCL extensions, no hidden files).
(cd "$CORPUS/real" && find . -type f \( -name '*.hcl' -o -name '*.tf' -o -name '*.tfvars' -o -name '*.nomad' \) \
  -not -name '.*' -print0) > "$WORK/files0"
corpus_bytes=$(cd "$CORPUS/real" && xargs -0 cat < "$WORK/files0" | wc -c)
ref=-
[ -n "${NOREF:-}" ] ||
  ref=$(stats "$REF_RUNS" /dev/null sh -c "cd '$CORPUS/real' && xargs -0 '$HCLFMT' -check -require-no-change < '$WORK/files0'")
shape_row "fmt --check corpus" "$corpus_bytes" "$(stats "$RUNS" /dev/null "$HCL" fmt --check -recursive "$CORPUS/real")" "$ref" \
  "$(stats "$RUNS" /dev/null sh -c "cd '$CORPUS/real' && xargs -0 cat < '$WORK/files0'")" \
  " ($(tr -cd '\0' < "$WORK/files0" | wc -c) files)"
