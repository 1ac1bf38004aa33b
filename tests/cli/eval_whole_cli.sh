# SPDX-License-Identifier: Apache-2.0
# hcl eval --file: whole configurations (native and JSON syntax), dynamic blocks, the file's top
# level as variables for an expression, exit statuses.
# usage: bash eval_whole_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"

expect_out() {
  local want=$1; shift
  expect_status 0 "$@"
  [ "$(cat "$TMP/out")" = "$want" ] || fail "$*: printed [$(cat "$TMP/out")], want [$want]"
}

cat > "$TMP/app.hcl" <<'HCL'
locals {
  name = "web-${env}"
}
locals {
  size = 2
}
variable "region" {
  default = "eu-west-1"
}
service "web" {
  port = 80
  dynamic "check" {
    for_each = ["/health", "/ready"]
    content {
      path = check.value
      n    = check.key
    }
  }
}
HCL

# --- the whole file ------------------------------------------------------------------------------
expect_out '{"locals":[{"name":"web-prod"},{"size":2}],"service":{"web":[{"check":[{"n":0,"path":"/health"},{"n":1,"path":"/ready"}],"port":80}]},"variable":{"region":[{"default":"eu-west-1"}]}}' \
  "$HCL" eval --file "$TMP/app.hcl" --var env=prod
# As the reference oracle's body command (and hcl2json): dynamic blocks are ordinary blocks.
expect_status 1 "$HCL" eval --file "$TMP/app.hcl" --var env=prod --keep-dynamic
expect_contains "$TMP/err" 'There is no variable named "check"'
expect_status 0 "$HCL" eval --file "$TMP/app.hcl" --var env=prod --pretty
expect_contains "$TMP/out" '  "locals": ['
expect_status 0 "$HCL" eval --file "$TMP/app.hcl" --var env=prod --format hcl
expect_contains "$TMP/out" 'locals = [{'
expect_status 0 "$HCL" eval --file "$TMP/app.hcl" --var env=prod --with-type
expect_contains "$TMP/out" '"type":["object",'
expect_status 0 sh -c "'$HCL' eval --file - --var env=x < '$TMP/app.hcl'"
expect_contains "$TMP/out" '"web-x"'

# Missing variables: every error, in source order, and nothing on stdout.
expect_status 1 "$HCL" eval --file "$TMP/app.hcl"
expect_empty "$TMP/out"
expect_contains "$TMP/err" 'There is no variable named "env"'
expect_contains "$TMP/err" 'on '"$TMP"'/app.hcl line 2'

# --- an expression with the file's top level as variables ---------------------------------------
expect_out '"web-prod"' "$HCL" eval --file "$TMP/app.hcl" --var env=prod 'locals.name'
expect_out '2' "$HCL" eval --file "$TMP/app.hcl" --var env=prod 'locals.size'
expect_out '"eu-west-1"' "$HCL" eval --file "$TMP/app.hcl" --var env=prod 'variable.region.default'
expect_out '["/health","/ready"]' "$HCL" eval --file "$TMP/app.hcl" --var env=prod 'service.web.check[*].path'
expect_out '/health' "$HCL" eval --file "$TMP/app.hcl" --var env=prod -r -e 'service.web.check[0].path'
# One nested block is a list of one, as hcl json writes it: the expression written for several
# blocks holds for one.
printf 'service "web" {\n  check {\n    path = "/only"\n  }\n}\n' > "$TMP/one_check.hcl"
expect_out '"/only"' "$HCL" eval --file "$TMP/one_check.hcl" 'service.web.check[0].path'
expect_out '1' "$HCL" eval --file "$TMP/one_check.hcl" 'length(service.web.check)'
# The part of the file the expression needs evaluates; errors elsewhere do not matter ...
expect_out '80' "$HCL" eval --file "$TMP/app.hcl" 'service.web.port'
# ... and are reported when the result depends on them.
expect_status 1 "$HCL" eval --file "$TMP/app.hcl" 'locals.name'
expect_contains "$TMP/err" 'There is no variable named "env"'
# Command-line variables win over the file's.
expect_out '"cli"' "$HCL" eval --file "$TMP/app.hcl" --var env=prod --var 'locals={"name": "cli"}' 'locals.name'

# --- syntax and usage -----------------------------------------------------------------------------
printf 'a = \n' > "$TMP/broken.hcl"
expect_status 1 "$HCL" eval --file "$TMP/broken.hcl"
expect_contains "$TMP/err" 'broken.hcl line'
printf 'n * 2' > "$TMP/expr.hcl"
expect_out '4' "$HCL" eval --file "$TMP/expr.hcl" --var n=2
printf 'a = 1\nn * 2' > "$TMP/expr.hcl"
expect_status 1 "$HCL" eval --file "$TMP/expr.hcl"
expect_contains "$TMP/err" 'Argument or block definition required'
expect_status 2 "$HCL" eval --file "$TMP/nope.hcl"
expect_status 2 "$HCL" eval --file "$TMP/app.hcl" --syntax yaml
printf '{"a": "${1 + 1}", "b": {"c": [true]}}' > "$TMP/app.json"
expect_out '{"a":2,"b":{"c":[true]}}' "$HCL" eval --file "$TMP/app.json"
expect_out '{"a":2,"b":{"c":[true]}}' "$HCL" eval --syntax json --file - < "$TMP/app.json"
expect_out '[true]' "$HCL" eval --file "$TMP/app.json" 'b.c'
printf '{"a": 1,}' > "$TMP/bad.json"
expect_status 1 "$HCL" eval --file "$TMP/bad.json"
expect_contains "$TMP/err" 'Trailing comma in object'

# A template file is still read with --template.
printf 'Hi ${name}!' > "$TMP/t.tmpl"
expect_out 'Hi x!' "$HCL" eval --template --file "$TMP/t.tmpl" --var name=x -r

finish
