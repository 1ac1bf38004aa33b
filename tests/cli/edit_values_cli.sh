# SPDX-License-Identifier: Apache-2.0
# hcl edit inside values: the command line around it (exit statuses, -u, --require-match, the
# ambiguity message); the edits themselves are golden cases (testdata/edit/values_*.edit).
. "$(dirname "$0")/lib.sh"
cat > "$TMP/main.tf" <<'TF'
locals {
  tags = {
    Name = "web" # kept
  }
  dup = { k = 1, k = 2 }
}
TF

expect_status 0 "$HCL" edit -f "$TMP/main.tf" attribute list
[ "$(cat "$TMP/out")" = "$(printf 'locals.tags\nlocals.dup')" ] || fail "attribute list: $(cat "$TMP/out")"
expect_status 0 "$HCL" edit -f "$TMP/main.tf" attribute list --values
expect_contains "$TMP/out" "locals.tags.Name"

expect_status 0 "$HCL" edit -f "$TMP/main.tf" attribute get locals.tags.Name
[ "$(cat "$TMP/out")" = '"web"' ] || fail "get: $(cat "$TMP/out")"

# A missing key names nothing: exit 0, unless a match is required.
expect_status 0 "$HCL" edit -f "$TMP/main.tf" attribute get locals.tags.Missing
expect_empty "$TMP/out"
expect_status 1 "$HCL" edit --require-match -f "$TMP/main.tf" attribute get locals.tags.Missing

# A repeated key is refused with both positions, and nothing is written.
cp "$TMP/main.tf" "$TMP/before.tf"
expect_status 1 "$HCL" edit -u -f "$TMP/main.tf" attribute set locals.dup.k 3
expect_contains "$TMP/err" "Ambiguous address"
expect_contains "$TMP/err" "main.tf:5:11, $TMP/main.tf:5:18"
cmp -s "$TMP/main.tf" "$TMP/before.tf" || fail "an ambiguous edit wrote the file"

# -u writes the edit in place, every other byte kept with --minimal.
expect_status 0 "$HCL" edit -u --minimal -f "$TMP/main.tf" attribute set locals.tags.Name '"db"'
sed 's/"web"/"db"/' "$TMP/before.tf" | cmp -s - "$TMP/main.tf" || fail "set -u --minimal: $(cat "$TMP/main.tf")"
expect_status 0 "$HCL" edit -u --minimal -f "$TMP/main.tf" attribute append locals.tags.Owner '"me"'
expect_contains "$TMP/main.tf" '    Owner = "me"'
expect_status 0 "$HCL" edit -u --minimal -f "$TMP/main.tf" attribute rm locals.tags.Name
expect_not_contains "$TMP/main.tf" "kept"

finish
