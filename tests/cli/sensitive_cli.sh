# SPDX-License-Identifier: Apache-2.0
# Sensitive values: how eval prints them, how JSON output refuses them, --show-sensitive, json
# --simplify leaving them unfolded, and the differential against terraform console
# (tests/tools/sensitive_diff.py; recorded answers in testdata/_sensitive, asked of terraform
# again by ctest terraform/sensitive_live).
# usage: bash sensitive_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"

expect_out() {
  local want=$1; shift
  expect_status 0 "$@"
  [ "$(cat "$TMP/out")" = "$want" ] || fail "$*: printed [$(cat "$TMP/out")], want [$want]"
}

# --- printing ------------------------------------------------------------------------------------
expect_out '(sensitive value)' "$HCL" eval --format hcl 'sensitive("hunter2")'
expect_not_contains "$TMP/out" hunter2
expect_out '"hunter2"' "$HCL" eval --format hcl --show-sensitive 'sensitive("hunter2")'
expect_out '{
  a = (sensitive value)
  b = 2
}' "$HCL" eval --format hcl '{a = sensitive("hunter2"), b = 2}'
expect_out '[(sensitive value), 2]' "$HCL" eval --format hcl '[sensitive(1), 2]'
expect_out '2' "$HCL" eval 'length([sensitive(1), 2])'
expect_out 'true' "$HCL" eval 'issensitive(sensitive(1))'
expect_out '"a"' "$HCL" eval 'nonsensitive(sensitive("a"))'

# --- JSON output refuses a sensitive value, wherever it is ---------------------------------------
for flags in "" "--pretty" "--raw" "--with-type" "--format oracle"; do
  # shellcheck disable=SC2086
  expect_status 1 "$HCL" eval $flags '{user = "u", password = sensitive("hunter2")}'
  expect_not_contains "$TMP/out" hunter2
  expect_not_contains "$TMP/err" hunter2
done
expect_status 1 "$HCL" eval '{user = "u", password = sensitive("hunter2")}'
expect_empty "$TMP/out"
expect_contains "$TMP/err" "Sensitive value in JSON output"
expect_contains "$TMP/err" "result.password"
expect_status 1 "$HCL" eval -r 'sensitive("hunter2")'
expect_contains "$TMP/err" "the result itself"
expect_out '{"password":"hunter2","user":"u"}' "$HCL" eval --show-sensitive '{user = "u", password = sensitive("hunter2")}'
expect_out 'hunter2' "$HCL" eval -r --show-sensitive 'sensitive("hunter2")'
expect_out '"u"' "$HCL" eval '{user = "u", password = sensitive("hunter2")}.user'

# --- json --simplify never folds a sensitive value -----------------------------------------------
printf 'a = sensitive("hunter2")\nb = upper("x")\nc = nonsensitive(sensitive("y"))\n' >"$TMP/s.hcl"
expect_status 0 "$HCL" json --simplify --compact "$TMP/s.hcl"
expect_contains "$TMP/out" '"a":"${sensitive(\"hunter2\")}"'
expect_contains "$TMP/out" '"b":"X"'
expect_contains "$TMP/out" '"c":"y"'

# --- Terraform's own words for the functions' arity ----------------------------------------------
expect_status 1 "$HCL" eval 'sensitive()'
expect_contains "$TMP/err" 'Function "sensitive" expects 1 argument(s). Missing value for "value".'

# --- the differential against terraform console ---------------------------------------------------
if command -v python3 >/dev/null 2>&1; then
  tool=$(dirname "$0")/../tools/sensitive_diff.py
  if ! python3 "$tool" compare "$HCL" "$TESTDATA/_sensitive/cases.txt" "$TESTDATA/_sensitive/terraform.json" >"$TMP/diff" 2>&1; then
    fail "sensitive_diff: $(tail -c 3000 "$TMP/diff")"
  fi
  tail -1 "$TMP/diff"
elif [ "${HCL_REQUIRE_TOOLS:-}" = 1 ]; then
  fail "python3 is not installed"
fi

finish
