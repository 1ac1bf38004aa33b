# SPDX-License-Identifier: Apache-2.0
# hcl dec: hcldec's options, exit statuses, output files, standard input, the diagnostics formats.
# usage: bash dec_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
case $HCL in /*) ;; *) HCL=$(pwd)/$HCL ;; esac

cd "$TMP" || exit 1
cat > app.hcldec <<'SPEC'
object {
  attr "name" {
    type     = string
    required = true
  }
  attr "port" { type = number }
}
SPEC
printf 'name = "web"\nport = "8080"\n' > app.conf
printf '{"name": "api"}\n' > app.json

# --- decoding ----------------------------------------------------------------------------------
expect_status 0 "$HCL" dec --spec=app.hcldec app.conf
[ "$(cat "$TMP/out")" = '{"name":"web","port":8080}' ] || fail "plain output: $(cat "$TMP/out")"
expect_status 0 "$HCL" dec -s app.hcldec app.json
[ "$(cat "$TMP/out")" = '{"name":"api"}' ] || fail "null properties are dropped: $(cat "$TMP/out")"
expect_status 0 "$HCL" dec --spec app.hcldec --keep-nulls --with-type app.json
[ "$(cat "$TMP/out")" = '{"value":{"name":"api","port":null},"type":["object",{"name":"string","port":"number"}]}' ] ||
  fail "--keep-nulls --with-type: $(cat "$TMP/out")"
expect_status 0 sh -c "'$HCL' dec --spec=app.hcldec - < app.conf"
expect_contains "$TMP/out" '"web"'
expect_status 0 sh -c "'$HCL' dec --spec=app.hcldec --syntax json - < app.json"
expect_contains "$TMP/out" '"api"'

# Several files merge; an argument set twice is an error.
printf 'port = 1\n' > extra.conf
expect_status 0 "$HCL" dec --spec=app.hcldec app.json extra.conf
[ "$(cat "$TMP/out")" = '{"name":"api","port":1}' ] || fail "merged: $(cat "$TMP/out")"
expect_status 2 "$HCL" dec --spec=app.hcldec app.conf app.json
expect_contains "$TMP/err" "Duplicate argument"

# --vars: JSON on the command line or files; later ones win.
printf 'name = who\n' > vars.conf
printf '{"who": "from file"}\n' > vars.json
expect_status 0 "$HCL" dec --spec=app.hcldec --vars vars.json vars.conf
expect_contains "$TMP/out" '"from file"'
expect_status 0 "$HCL" dec --spec=app.hcldec -V vars.json -V '{"who": "inline"}' vars.conf
expect_contains "$TMP/out" '"inline"'
expect_status 2 "$HCL" dec --spec=app.hcldec vars.conf
expect_contains "$TMP/err" "Variables not allowed"

# --var-refs.
expect_status 0 "$HCL" dec --spec=app.hcldec --var-refs vars.conf
expect_contains "$TMP/out" '"root_name": "who"'

# --out writes the whole document; an existing file is replaced.
expect_status 0 "$HCL" dec --spec=app.hcldec --out result.json app.conf
expect_empty "$TMP/out"
[ "$(cat result.json)" = '{"name":"web","port":8080}' ] || fail "--out: $(cat result.json)"
expect_status 0 "$HCL" dec --spec=app.hcldec -o result.json app.json
[ "$(cat result.json)" = '{"name":"api"}' ] || fail "--out replaces: $(cat result.json)"

# --- errors --------------------------------------------------------------------------------------
printf 'nam = "typo"\n' > typo.conf
expect_status 2 "$HCL" dec --spec=app.hcldec typo.conf
expect_contains "$TMP/err" 'Unsupported argument'
expect_contains "$TMP/err" 'Did you mean "name"?'
expect_contains "$TMP/err" 'on typo.conf line 1'
expect_status 2 "$HCL" dec --spec=app.hcldec --diags=json typo.conf
expect_empty "$TMP/out"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["diagnostics"]; assert {x["summary"] for x in d} == {"Unsupported argument", "Missing required argument"}, d' "$TMP/err" ||
  fail "--diags=json: $(cat "$TMP/err")"
expect_status 2 "$HCL" dec --spec=app.hcldec --diags=xml app.conf
expect_contains "$TMP/err" 'only "json" is supported'
expect_status 1 "$HCL" dec app.conf
expect_contains "$TMP/err" "Error: the --spec=... argument is required"
expect_status 2 "$HCL" dec --spec=missing.hcldec app.conf
expect_contains "$TMP/err" "Failed to read file"
expect_status 2 "$HCL" dec --spec=app.hcldec missing.conf
expect_contains "$TMP/err" "could not be read"
printf 'object {\n' > broken.hcldec
expect_status 2 "$HCL" dec --spec=broken.hcldec app.conf
expect_contains "$TMP/err" "broken.hcldec"
printf 'a = 1 / 0\n' > inf.conf
printf 'object {\n  attr "a" { type = number }\n}\n' > num.hcldec
expect_status 1 "$HCL" dec --spec=num.hcldec inf.conf
expect_contains "$TMP/err" "cannot serialize infinity as JSON"
# An output file that cannot be written leaves nothing behind.
expect_status 1 "$HCL" dec --spec=app.hcldec --out no/such/dir/out.json app.conf
expect_contains "$TMP/err" "can't open"

# --- dynamic blocks ------------------------------------------------------------------------------
cat > tags.hcldec <<'SPEC'
block_list {
  block_type = "tag"
  object {
    attr "key" { type = string }
  }
}
SPEC
printf 'dynamic "tag" {\n  for_each = ["a", "b"]\n  content {\n    key = tag.value\n  }\n}\n' > tags.conf
expect_status 2 "$HCL" dec --spec=tags.hcldec tags.conf
expect_contains "$TMP/err" 'Blocks of type "dynamic" are not expected here.'
expect_status 0 "$HCL" dec --spec=tags.hcldec --expand-dynamic tags.conf
[ "$(cat "$TMP/out")" = '[{"key":"a"},{"key":"b"}]' ] || fail "--expand-dynamic: $(cat "$TMP/out")"

# The spec suite's wrapper is a plain hcldec.
expect_status 0 env HCL_BINARY="$HCL" "$HERE/../spec/hcldec" --spec=app.hcldec app.conf
expect_contains "$TMP/out" '"web"'

finish
