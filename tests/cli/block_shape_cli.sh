#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One rule lays a body's blocks out as JSON (body/block_shape.h): `hcl json`, `hcl eval --file`
# and `hcl eval --config` reject the same blocks with the same message, pointing at the same place.
. "$(dirname "$0")/lib.sh"

# The diagnostic of a run, without what only one front end adds: its summary, the line it is on,
# and its detail.
diagnostic() {
  grep -E '^Error: |^  on .* line [0-9]+|block has' "$1" | sed -E 's/^(  on .* line [0-9]+).*/\1/'
}

check() {
  local name=$1 text=$2 want=$3
  printf '%b' "$text" > "$TMP/$name.hcl"
  expect_status 1 "$HCL" json "$TMP/$name.hcl"
  diagnostic "$TMP/err" > "$TMP/$name.json.diag"
  grep -qF -- "$want" "$TMP/$name.json.diag" || fail "$name: hcl json: $(cat "$TMP/err")"
  expect_status 1 "$HCL" eval --file "$TMP/$name.hcl"
  diagnostic "$TMP/err" > "$TMP/$name.file.diag"
  diff -u "$TMP/$name.json.diag" "$TMP/$name.file.diag" >&2 || fail "$name: hcl eval --file says otherwise"
  expect_status 1 "$HCL" eval --config "$TMP/$name.hcl" --dialect hcl
  diagnostic "$TMP/err" > "$TMP/$name.config.diag"
  diff -u "$TMP/$name.json.diag" "$TMP/$name.config.diag" >&2 || fail "$name: hcl eval --config says otherwise"
}

check labels_then_none 'a "x" {}\na {}\n' \
  'This "a" block has no labels, but the one at '"$TMP"'/labels_then_none.hcl:1,1 has 1 label.'
check none_then_labels 'a {}\na "x" {}\n' \
  'This "a" block has 1 label, but the one at '"$TMP"'/none_then_labels.hcl:1,1 has no labels.'
check fewer 'a "x" "y" {}\nv = 1\na "x" {}\n' \
  'This "a" block has 1 label, but the one at '"$TMP"'/fewer.hcl:1,1 has 2 labels with the same first label.'
check more 'a "x" {}\na "x" "y" "z" {}\n' \
  'This "a" block has 3 labels, but the one at '"$TMP"'/more.hcl:1,1 has 1 label with the same first label.'
check nested 'b {\n  c "x" {}\n  c {}\n}\n' \
  'This "c" block has no labels, but the one at '"$TMP"'/nested.hcl:2,3 has 1 label.'
for f in "$TMP"/*.json.diag; do
  grep -q '^Error: Inconsistent block labels' "$f" || fail "$(basename "$f"): $(cat "$f")"
done

# Labels that share a first level but reach different depths fit, in every front end.
printf 'a "x" {}\na "y" "z" {}\n' > "$TMP/fits.hcl"
expect_status 0 "$HCL" json "$TMP/fits.hcl"
expect_contains "$TMP/out" '"a": {'
expect_status 0 "$HCL" eval --file "$TMP/fits.hcl"
expect_status 0 "$HCL" eval --config "$TMP/fits.hcl" --dialect hcl

finish
