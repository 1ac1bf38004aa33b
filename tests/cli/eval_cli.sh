# SPDX-License-Identifier: Apache-2.0
# hcl eval: expression sources, variables, output forms and exit statuses.
# usage: bash eval_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"
VARS=$TESTDATA/eval/vars.json

# expect_out WANT CMD...: exit 0 and exactly WANT on stdout (plus its final newline).
expect_out() {
  local want=$1; shift
  expect_status 0 "$@"
  [ "$(cat "$TMP/out")" = "$want" ] || fail "$*: printed [$(cat "$TMP/out")], want [$want]"
}

# --- where the expression comes from ---------------------------------------------------------
expect_out '2' "$HCL" eval '1 + 1'
expect_out '2' "$HCL" eval -e '1 + 1'
expect_out '"web"' "$HCL" eval --vars "$VARS" name
printf 'n * 2' > "$TMP/expr.hcl"
printf 'x = n * 2\n' > "$TMP/config.hcl"
expect_out '{"x":6}' "$HCL" eval --vars "$VARS" --file "$TMP/config.hcl"
expect_out '7' "$HCL" eval --vars "$VARS" --file "$TMP/config.hcl" 'x + 1'
# A file holding one expression is that expression (no text is both a body and an expression).
expect_out '6' "$HCL" eval --vars "$VARS" --file "$TMP/expr.hcl"
expect_status 0 sh -c "'$HCL' eval --vars '$VARS' --file - < '$TMP/expr.hcl'"
[ "$(cat "$TMP/out")" = "6" ] || fail "expression file on stdin: $(cat "$TMP/out")"
expect_status 0 sh -c "printf '[1,\n 2]' | '$HCL' eval -"
[ "$(cat "$TMP/out")" = "[1,2]" ] || fail "stdin expression: $(cat "$TMP/out")"
expect_out '-1' "$HCL" eval -- '-1'
expect_status 2 "$HCL" eval
expect_contains "$TMP/err" "an expression is required"
expect_status 2 "$HCL" eval '1' -e '2'
expect_status 2 "$HCL" eval --file "$TMP/missing.hcl"
expect_contains "$TMP/err" "missing.hcl"

# --- variables -------------------------------------------------------------------------------
expect_out '3' "$HCL" eval --var a=1 --var b=2 'a + b'
expect_out '"hello"' "$HCL" eval --var 's=hello' 's'
expect_out '"{not json"' "$HCL" eval --var 's={not json' 's'
expect_out '[1,"x"]' "$HCL" eval --var 'l=[1, "x"]' 'l'
expect_out '5' "$HCL" eval --vars "$VARS" --var n=5 'n'
expect_out '3' "$HCL" eval --var n=5 --vars "$VARS" 'n'
printf '{"n": 10}' > "$TMP/more.json"
expect_out '10' "$HCL" eval --vars "$VARS" --vars "$TMP/more.json" 'n'
expect_status 0 sh -c "printf '{\"q\": [1, 2]}' | '$HCL' eval --vars - 'q[1]'"
[ "$(cat "$TMP/out")" = "2" ] || fail "vars from stdin: $(cat "$TMP/out")"
expect_out '123456789012345678901234567890' "$HCL" eval --vars "$VARS" big
printf '[1]' > "$TMP/arr.json"
expect_status 2 "$HCL" eval --vars "$TMP/arr.json" '1'
expect_contains "$TMP/err" "top level must be a JSON object"
printf '{"a": ' > "$TMP/bad.json"
expect_status 2 "$HCL" eval --vars "$TMP/bad.json" '1'
expect_contains "$TMP/err" "bad.json"
expect_status 2 "$HCL" eval --var 'novalue' '1'
expect_status 2 "$HCL" eval --var '=1' '1'

# --- output forms ----------------------------------------------------------------------------
expect_out 'web' "$HCL" eval --vars "$VARS" -r name
expect_out $'10.0.0.0/24\n10.0.1.0/24' "$HCL" eval --vars "$VARS" --raw 'subnets[*].cidr'
expect_out '3' "$HCL" eval --vars "$VARS" -r n
expect_out $'1\na' "$HCL" eval -r '[1, "a"]'
expect_out '[[1],"a"]' "$HCL" eval -r '[[1], "a"]'
expect_out $'a b\nc' "$HCL" eval -r '"a b\nc"'
expect_out $'{\n  "a": [\n    1,\n    2\n  ]\n}' "$HCL" eval --pretty '{a = [1, 2]}'
expect_out '{"value":["1","x"],"type":["list","string"]}' "$HCL" eval --with-type 'tolist([1, "x"])[*]'
expect_out '{"value":null,"type":"dynamic"}' "$HCL" eval --with-type 'null'
expect_out $'{\n  a  = 1\n  bb = "x"\n}' "$HCL" eval --format hcl '{a = 1, bb = "x"}'
expect_out '[1, "a$${b}", true, null]' "$HCL" eval --format hcl '[1, "a$${b}", true, null]'
expect_out '(1/0)' "$HCL" eval --format hcl '1/0'
# Strings as hclwrite writes them: what Go cannot print escaped, in lower case.
expect_out '"\u001b\u007f\u00ad"' "$HCL" eval --format hcl '"\u001b\u007f\u00ad"'
expect_out '{"value":["1","2"],"type":["list","string"]}' "$HCL" eval --type 'list(string)' --with-type '[1, 2]'
expect_out '{"a":1,"b":"d"}' "$HCL" eval --type 'object({a = number, b = optional(string, "d")})' '{a = 1}'
expect_status 2 "$HCL" eval --format yaml '1'

# --- templates -------------------------------------------------------------------------------
expect_out '"Hello web!"' "$HCL" eval --vars "$VARS" --template 'Hello ${name}!'
printf '%%{ for x in xs ~}\n- ${x}\n%%{ endfor ~}\n' > "$TMP/t.tpl"
expect_out $'- 3\n- 1\n- 2' "$HCL" eval --vars "$VARS" --template --file "$TMP/t.tpl" -r

# --- errors ----------------------------------------------------------------------------------
expect_status 1 "$HCL" eval --vars "$VARS" 'xs[3]'
expect_empty "$TMP/out"
expect_contains "$TMP/err" "Invalid index"
expect_contains "$TMP/err" "xs[3]"
expect_contains "$TMP/err" "on <expr> line 1"
expect_status 1 "$HCL" eval '1 +'
expect_contains "$TMP/err" "Missing expression"
expect_status 1 "$HCL" eval '1/0'
expect_contains "$TMP/err" "Result has no JSON form"
expect_status 1 "$HCL" eval --type 'list(number)' '["x"]'
expect_contains "$TMP/err" "Unsuitable value: a number is required"
expect_status 1 "$HCL" eval --type 'nosuchtype' '1'
expect_contains "$TMP/err" "on <type> line 1"
expect_status 1 "$HCL" eval --file "$TMP/expr.hcl"
expect_contains "$TMP/err" "on $TMP/expr.hcl line 1"
expect_contains "$TMP/err" 'There is no variable named "n"'
# Neither a configuration nor an expression: the expression's diagnostic when the text never
# looked like a configuration, the configuration's otherwise.
printf 'n *\n' > "$TMP/bad_expr.hcl"
expect_status 1 "$HCL" eval --file "$TMP/bad_expr.hcl"
expect_contains "$TMP/err" "Missing expression"
printf 'a = 1\nn * 2\n' > "$TMP/bad_config.hcl"
expect_status 1 "$HCL" eval --file "$TMP/bad_config.hcl"
expect_contains "$TMP/err" "Argument or block definition required"
# A complete expression with text after it is a configuration whose first item is wrong, and an
# invalid first character is no sign either way.
printf '"name" = 1\n' > "$TMP/quoted_name.hcl"
expect_status 1 "$HCL" eval --file "$TMP/quoted_name.hcl"
expect_contains "$TMP/err" "Invalid argument name"
printf '\x01 = 1\n' > "$TMP/bad_char.hcl"
expect_status 1 "$HCL" eval --file "$TMP/bad_char.hcl"
expect_contains "$TMP/err" "Argument or block definition required"

# --- the reference's document ----------------------------------------------------------------
expect_out '{"value":[3,1,2],"type":["tuple",["number","number","number"]]}' "$HCL" eval --vars "$VARS" --format oracle xs
expect_status 1 "$HCL" eval --format oracle 'nosuch'
expect_contains "$TMP/out" '{"diagnostics":[{"severity":"error","summary":"Unknown variable"'

# --- the function table ----------------------------------------------------------------------
expect_status 0 "$HCL" eval --functions
expect_contains "$TMP/out" "upper(str string) string"
expect_contains "$TMP/out" "try(expressions... expression) any"
expect_contains "$TMP/out" "cidrsubnets(prefix string, newbits... number) list(string)"
expect_out '"10.0.2.0/24"' "$HCL" eval 'cidrsubnet("10.0.0.0/16", 8, 2)'

# --vars decodes as jsondecode does (cty 1.16.2): a repeated property whose values differ in type
# refuses the file; the same type takes the last value.
printf '{"a":1,"a":"x"}' >"$TMP/dup_types.json"
printf '{"a":1,"a":2}' >"$TMP/dup_same.json"
expect_status 2 "$HCL" eval --vars "$TMP/dup_types.json" a
expect_contains "$TMP/err" 'duplicate "a" property in JSON object'
expect_status 0 "$HCL" eval --vars "$TMP/dup_same.json" a
expect_contains "$TMP/out" '2'
finish
