#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Throughput and peak memory of `hcl validate` beside the reference's `hclfmt -check`:
# a 50 MB configuration built from the corpus, and the whole corpus file by file.
# usage: tests/bench/validate_bench.sh   (HCL=path/to/hcl CORPUS=dir to override)
. "$(dirname "$0")/common.sh"
big=$(big_file 50)
bytes=$(stat -c %s "$big")
valid_files > "$WORK/files.txt"
corpus_bytes=$(xargs cat < "$WORK/files.txt" | wc -c)
header
row "validate 50 MB file" "$bytes" "$(measure "$HCL" validate -q "$big")" "$(measure "$REFBIN/hclfmt" -check "$big")"
row "validate corpus ($(wc -l < "$WORK/files.txt") files)" "$corpus_bytes" \
  "$(measure sh -c "xargs '$HCL' validate -q < '$WORK/files.txt'")" \
  "$(measure sh -c "xargs '$REFBIN/hclfmt' -check < '$WORK/files.txt'")"
echo "input: $bytes bytes; hcl peak RSS / input size: $(awk -v b="$bytes" -v m="$(measure "$HCL" validate -q "$big" | cut -d' ' -f2)" 'BEGIN{printf "%.2f", m*1024/b}')"
