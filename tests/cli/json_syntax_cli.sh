# SPDX-License-Identifier: Apache-2.0
# The JSON syntax (json-syntax.md) wherever the native syntax is read: hcl validate, hcl json
# (normalised), chosen by a name ending in .json or --syntax json.
# usage: bash json_syntax_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/conf/sub" "$TMP/conf/.terraform"
printf 'a = 1\n' > "$TMP/conf/main.tf"
printf '{"resource": {"x": {"y": {"n": 1.50}}}, "//": "note"}\n' > "$TMP/conf/sub/extra.tf.json"
printf '{"a": [1,]}\n' > "$TMP/conf/.terraform/ignored.tf.json"
printf '{"a": [1,]}\n' > "$TMP/bad.tf.json"

# --- validate ------------------------------------------------------------------------------------
expect_status 0 "$HCL" validate -r "$TMP/conf"
expect_contains "$TMP/out" 'Success! 2 files are valid.'
expect_status 1 "$HCL" validate "$TMP/bad.tf.json"
expect_contains "$TMP/err" 'Trailing comma in array'
expect_contains "$TMP/err" 'bad.tf.json line 1'
expect_status 1 "$HCL" validate --format json "$TMP/bad.tf.json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert not d["valid"] and d["error_count"] == 3, d' "$TMP/out" ||
  fail "validate --format json: $(cat "$TMP/out")"
expect_status 0 sh -c "printf '{\"a\": 1}' | '$HCL' validate --syntax json -"
expect_status 1 sh -c "printf '{\"a\": 1}' | '$HCL' validate -"
expect_status 1 sh -c "printf 'a = 1' | '$HCL' validate --syntax json -"
expect_contains "$TMP/err" 'Invalid JSON keyword'
# --ext chooses exactly what directories give.
expect_status 0 "$HCL" validate -r --ext .tf "$TMP/conf"
expect_contains "$TMP/out" 'Success! 1 file is valid.'

# --- json ----------------------------------------------------------------------------------------
expect_status 0 "$HCL" json --compact "$TMP/conf/sub/extra.tf.json"
[ "$(cat "$TMP/out")" = '{"resource":{"x":{"y":{"n":1.5}}}}' ] || fail "json normalises: $(cat "$TMP/out")"
# Its own output reads back unchanged.
"$HCL" json "$TMP/conf/main.tf" > "$TMP/main.json"
expect_status 0 "$HCL" json "$TMP/main.json"
cmp -s "$TMP/out" "$TMP/main.json" || fail "json output does not read back unchanged: $(cat "$TMP/out")"
printf '{"a": "${1 + 1}", "b": "$${x}"}\n' > "$TMP/templates.json"
expect_status 0 "$HCL" json --compact "$TMP/templates.json"
[ "$(cat "$TMP/out")" = '{"a":"${1 + 1}","b":"$${x}"}' ] || fail "json keeps templates: $(cat "$TMP/out")"
expect_status 0 "$HCL" json --compact --simplify "$TMP/templates.json"
[ "$(cat "$TMP/out")" = '{"a":2,"b":"${x}"}' ] || fail "json --simplify: $(cat "$TMP/out")"
printf '{"a": "${nope}"}\n' > "$TMP/needs.json"
expect_status 0 "$HCL" json --compact --simplify "$TMP/needs.json"
[ "$(cat "$TMP/out")" = '{"a":"${nope}"}' ] || fail "json --simplify fallback: $(cat "$TMP/out")"
expect_status 1 "$HCL" json --compact --simplify --strict "$TMP/needs.json"
expect_contains "$TMP/err" 'There is no variable named "nope"'
expect_status 1 "$HCL" json "$TMP/bad.tf.json"
expect_empty "$TMP/out"
printf '{"a": 1, "a": 2}\n' > "$TMP/dup.json"
expect_status 1 "$HCL" json "$TMP/dup.json"
expect_contains "$TMP/err" 'Duplicate attribute definition'
expect_status 1 "$HCL" json --merge "$TMP/conf/main.tf" "$TMP/conf/sub/extra.tf.json"
expect_contains "$TMP/err" 'Cannot merge a file in the JSON syntax'
expect_status 0 sh -c "printf '{\"z\": [1.0]}' | '$HCL' json --compact --syntax json -"
[ "$(cat "$TMP/out")" = '{"z":[1]}' ] || fail "json --syntax json: $(cat "$TMP/out")"

finish
