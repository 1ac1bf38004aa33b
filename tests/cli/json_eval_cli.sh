# SPDX-License-Identifier: Apache-2.0
# hcl json --simplify / --vars / --var / --strict: expressions evaluated where they can be.
. "$(dirname "$0")/lib.sh"
cat > "$TMP/c.hcl" <<'HCL'
a = 1 + 2
b = upper("x")
c = var.x
d = "${1 + 1}-${var.y}"
e {
  f = [for i in range(3) : i * 2]
}
g = timestamp()
h = 1 / 0
i = { for k, v in { p = 1, q = 2 } : k => v * 10 }
HCL

expect_status 0 "$HCL" json --simplify --compact "$TMP/c.hcl"
[ "$(cat "$TMP/out")" = '{"a":3,"b":"X","c":"${var.x}","d":"${1 + 1}-${var.y}","e":[{"f":[0,2,4]}],"g":"${timestamp()}","h":"${1 / 0}","i":{"p":10,"q":20}}' ] \
  || fail "simplify: $(cat "$TMP/out")"

printf '{"var": {"x": 5, "y": "why"}}' > "$TMP/v.json"
expect_status 0 "$HCL" json --vars "$TMP/v.json" --compact "$TMP/c.hcl"
expect_contains "$TMP/out" '"c":5,"d":"2-why"'
# --var: JSON when it parses, a string otherwise; later definitions win.
expect_status 0 "$HCL" json --vars "$TMP/v.json" --var 'var={"x": [1, 2], "y": "z"}' --compact "$TMP/c.hcl"
expect_contains "$TMP/out" '"c":[1,2],"d":"2-z"'
printf 'n = name\n' > "$TMP/n.hcl"
expect_status 0 "$HCL" json --var name=web --compact "$TMP/n.hcl"
[ "$(cat "$TMP/out")" = '{"n":"web"}' ] || fail "--var string: $(cat "$TMP/out")"
printf '{"name": "from-stdin"}' | "$HCL" json --vars - --compact "$TMP/n.hcl" > "$TMP/out" || fail "--vars -"
[ "$(cat "$TMP/out")" = '{"n":"from-stdin"}' ] || fail "--vars -: $(cat "$TMP/out")"

# --strict: what cannot be evaluated is an error, with its position.
expect_status 1 "$HCL" json --simplify --strict "$TMP/c.hcl"
expect_contains "$TMP/err" "Unknown variable"
expect_contains "$TMP/err" "on $TMP/c.hcl line 3:"
expect_empty "$TMP/out"
printf 'x = 1 / 0\n' > "$TMP/inf.hcl"
expect_status 1 "$HCL" json --simplify --strict "$TMP/inf.hcl"
expect_contains "$TMP/err" "Result has no JSON form"

# Usage errors.
expect_status 2 "$HCL" json --strict "$TMP/c.hcl"
expect_status 2 "$HCL" json --vars "$TMP/missing.json" "$TMP/c.hcl"
printf '[1]' > "$TMP/arr.json"
expect_status 2 "$HCL" json --vars "$TMP/arr.json" "$TMP/c.hcl"
expect_contains "$TMP/err" "must be a JSON object"
expect_status 2 "$HCL" json --var novalue "$TMP/c.hcl"
printf 'a = 1\n' | "$HCL" json --vars - - >"$TMP/out" 2>"$TMP/err"; [ $? -eq 2 ] || fail "stdin used twice should be a usage error"

finish
