# SPDX-License-Identifier: Apache-2.0
# hcl eval --config: configurations evaluated as Terraform, OpenTofu, Packer and Nomad evaluate
# them (variables, their precedence, locals, unknowns, dynamic blocks); json --simplify --config.
# usage: bash config_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"
CFG=$TESTDATA/_config
unset TF_VAR_environment TF_VAR_replicas PKR_VAR_region NOMAD_VAR_datacenters TF_WORKSPACE

expect_out() {
  local want=$1; shift
  expect_status 0 "$@"
  [ "$(cat "$TMP/out")" = "$want" ] || fail "$*: printed [$(cat "$TMP/out")], want [$want]"
}

# --- Terraform: variables and their precedence -------------------------------------------------
TF=$CFG/terraform
expect_out '"dev"' "$HCL" eval --config "$TF" var.environment
# terraform.tfvars < TF_VAR_ is the other way round: the environment comes first, files after.
expect_status 0 env TF_VAR_environment=prod "$HCL" eval --config "$TF" var.environment
[ "$(cat "$TMP/out")" = '"dev"' ] || fail "terraform.tfvars must win over TF_VAR_: $(cat "$TMP/out")"
expect_out '"prod"' "$HCL" eval --config "$TF" --var environment=prod var.environment
expect_out '"prod"' "$HCL" eval --config "$TF" --var-file "$CFG/prod.tfvars" var.environment
expect_out '"prod"' "$HCL" eval --config "$TF" --var-file "$CFG/prod.tfvars.json" var.environment
# Command-line order: the later of --var and --var-file wins.
expect_out '"dev"' "$HCL" eval --config "$TF" --var-file "$CFG/prod.tfvars" --var environment=dev var.environment
# optional() defaults, and the override file's default.
expect_out '{"name":"web","port":8080}' "$HCL" eval --config "$TF" var.service
expect_out '2' "$HCL" eval --config "$TF" var.replicas
expect_out '5' "$HCL" eval --config "$TF" --var-file "$CFG/prod.tfvars" var.replicas
# A primitive type takes -var text as a string: "null" is no number.
expect_status 1 "$HCL" eval --config "$TF" --var replicas=null var.replicas
expect_contains "$TMP/err" 'Invalid value for input variable'
expect_contains "$TMP/err" 'set using -var="replicas=..."'
# A complex type takes it as an expression.
expect_out '{"name":"api","port":9}' "$HCL" eval --config "$TF" --var 'service={name="api", port=9}' var.service
# Validation, with the rule's message.
expect_status 1 "$HCL" eval --config "$TF" --var environment=qa var.environment
expect_contains "$TMP/err" 'environment must be dev or prod.'
# Undeclared --var: an error, as in terraform.
expect_status 1 "$HCL" eval --config "$TF" --var nope=1 var.environment
expect_contains "$TMP/err" 'Value for undeclared variable'
# Required variables: a clear error naming the variable, only when it is needed.
mkdir -p "$TMP/req"
printf 'variable "region" {}\nvariable "other" {\n  default = 1\n}\n' > "$TMP/req/main.tf"
expect_status 1 "$HCL" eval --config "$TMP/req" var.region
expect_contains "$TMP/err" 'No value for required variable'
expect_contains "$TMP/err" '"region"'
expect_out '1' "$HCL" eval --config "$TMP/req" var.other

# --- locals, named values, unknowns ------------------------------------------------------------
expect_out '"web-dev"' "$HCL" eval --config "$TF" local.name
expect_out '{"app":"web-dev","port":8080}' "$HCL" eval --config "$TF" local.labels
expect_out '"(known after apply)"' "$HCL" eval --config "$TF" local.url
expect_out '(known after apply)' "$HCL" eval --config "$TF" -r aws_instance.web.id
expect_out '"default"' "$HCL" eval --config "$TF" terraform.workspace
expect_status 0 env TF_WORKSPACE=staging "$HCL" eval --config "$TF" terraform.workspace
[ "$(cat "$TMP/out")" = '"staging"' ] || fail "TF_WORKSPACE: $(cat "$TMP/out")"
expect_out "\"$TF\"" "$HCL" eval --config "$TF" path.module
# Only the expression's own needs are evaluated: a broken local elsewhere is not reported.
mkdir -p "$TMP/partial"
printf 'locals {\n  good = 1\n  bad  = nosuch.thing\n}\n' > "$TMP/partial/main.tf"
expect_out '1' "$HCL" eval --config "$TMP/partial" local.good
expect_empty "$TMP/err"
expect_status 1 "$HCL" eval --config "$TMP/partial" local.bad
expect_contains "$TMP/err" 'main.tf line 3'
# References to what the module does not declare, as terraform reports them.
expect_status 1 "$HCL" eval --config "$TF" aws_instance.other.id
expect_contains "$TMP/err" 'Reference to undeclared resource'
expect_status 1 "$HCL" eval --config "$TF" module.vpc.id
expect_contains "$TMP/err" 'Reference to undeclared module'
expect_status 1 "$HCL" eval --config "$TF" var.nope
expect_contains "$TMP/err" 'Reference to undeclared input variable'
# A cycle among locals.
mkdir -p "$TMP/cycle"
cp "$TF/../terraform/cycle.tf.txt" "$TMP/cycle/main.tf"
expect_status 1 "$HCL" eval --config "$TMP/cycle" local.a
expect_contains "$TMP/err" 'Cycle in local values'
# A chain of locals deeper than nesting may go is an error, not a crash.
mkdir -p "$TMP/deep"
{ echo 'locals {'; echo '  l0 = 1'; i=1; while [ $i -le 1500 ]; do echo "  l$i = local.l$((i - 1))"; i=$((i + 1)); done; echo '}'; } > "$TMP/deep/main.tf"
expect_status 1 "$HCL" eval --config "$TMP/deep" local.l1500
expect_contains "$TMP/err" 'Local values nest too deeply'
expect_out '1' "$HCL" eval --config "$TMP/deep" local.l900
# Without an expression: every variable, local and output.
expect_status 0 "$HCL" eval --config "$TF"
# The output declared sensitive is hidden, as terraform console hides it.
expect_contains "$TMP/out" '"output":{"name":"web-dev","token":"(sensitive value)"}'
expect_contains "$TMP/out" '"url":"(known after apply)"'

# --- OpenTofu: a .tofu file replaces the .tf file of the same name ------------------------------
expect_out '"tofu"' "$HCL" eval --config "$CFG/tofu" var.v
expect_out '"tf"' "$HCL" eval --config "$CFG/tofu" --dialect terraform var.v

# --- Packer: the guide's dynamic "tag" example --------------------------------------------------
PK=$CFG/packer
expect_out '{"name":"pkr-test-name","tag":[{"key":"Name","value":"example-asg-name"},{"key":"Component","value":"user-service"},{"key":"Environment","value":"production"}]}' \
  "$HCL" eval --config "$PK" source.amazon-ebs.example
expect_out '"app-eu-west-1"' "$HCL" eval --config "$PK" local.ami_name
expect_status 0 env PKR_VAR_region=x "$HCL" eval --config "$PK" var.region
[ "$(cat "$TMP/out")" = '"eu-west-1"' ] || fail "auto.pkrvars.hcl must win over PKR_VAR_: $(cat "$TMP/out")"
expect_out '"app-sa-east-1"' "$HCL" eval --config "$PK" --var region=sa-east-1 local.ami_name
expect_status 0 "$HCL" eval --config "$PK"
expect_contains "$TMP/out" '"build":[{"name":"app-eu-west-1","sources":["source.amazon-ebs.example"]}]'
expect_contains "$TMP/out" '{"key":"Component","value":"user-service"}'

# --- Nomad: the guide's dynamic "port" example ---------------------------------------------------
NJ=$CFG/nomad/example.nomad.hcl
expect_out '{"job":{"example":[{"datacenters":["dc1"],"group":{"cache":[{"network":[{"mode":"host","port":{"api":[{"to":80}],"ui":[{"to":8080}]}}]}]}}]}}' \
  "$HCL" eval --config "$NJ"
expect_status 0 env NOMAD_VAR_datacenters='["dc2"]' "$HCL" eval --config "$NJ" 'job.example.datacenters'
[ "$(cat "$TMP/out")" = '["dc2"]' ] || fail "NOMAD_VAR_: $(cat "$TMP/out")"
# A dynamic block over a collection that cannot be known is an error, not an empty result.
printf 'variable "ports" {}\njob "j" {\n  dynamic "port" {\n    for_each = nosuch.value\n    content {}\n  }\n}\n' > "$TMP/bad.nomad"
expect_status 1 "$HCL" eval --config "$TMP/bad.nomad" --var 'ports=[1]'
expect_contains "$TMP/err" 'bad.nomad line 4'

# --- the generic dialect and usage ---------------------------------------------------------------
printf 'a = 1\n' > "$TMP/plain.hcl"
expect_out '{"a":1}' "$HCL" eval --config "$TMP/plain.hcl"
expect_status 2 "$HCL" eval --config "$TMP/nowhere"
expect_status 2 "$HCL" eval --config "$TF" --dialect nope

# --- --var-file and --vars without --config -------------------------------------------------------
expect_out '"prod"' "$HCL" eval --var-file "$CFG/prod.tfvars" environment
expect_status 2 "$HCL" eval --vars "$CFG/prod.tfvars" environment
expect_contains "$TMP/err" 'use --var-file'

# --- json --simplify --config --------------------------------------------------------------------
expect_status 0 "$HCL" json --simplify --config "$CFG/simplify.tf" --compact "$CFG/simplify.tf"
expect_contains "$TMP/out" '"bucket":"logs-dev"'
expect_contains "$TMP/out" '"tags":{"env":"dev"}'
expect_status 0 "$HCL" json --simplify --config "$CFG/simplify.tf" --var environment=production --compact "$CFG/simplify.tf"
expect_contains "$TMP/out" '"bucket":"logs-production"'

# --- Sensitive variables, locals and outputs ------------------------------------------------------
SENS=$TMP/sensitive
mkdir -p "$SENS"
cat >"$SENS/main.tf" <<'TF'
variable "password" {
  type      = string
  default   = "hunter2"
  sensitive = true
}
variable "user" {
  default = "admin"
}
locals {
  dsn = "${var.user}:${var.password}@db"
}
output "dsn" {
  value     = local.dsn
  sensitive = true
}
output "user" {
  value = var.user
}
TF
# As terraform console prints them: the variable, and what is made from it, hidden.
expect_out '"(sensitive value)"' "$HCL" eval --config "$SENS" var.password
expect_out '"(sensitive value)"' "$HCL" eval --config "$SENS" local.dsn
expect_out 'true' "$HCL" eval --config "$SENS" 'issensitive(local.dsn)'
expect_out '"admin:hunter2@db"' "$HCL" eval --config "$SENS" 'nonsensitive(local.dsn)'
expect_out '"admin:hunter2@db"' "$HCL" eval --config "$SENS" --show-sensitive local.dsn
expect_out '"(sensitive value)"' "$HCL" eval --config "$SENS" 'length(var.password)'
# The whole configuration: only the sensitive parts are hidden, and never printed.
expect_status 0 "$HCL" eval --config "$SENS"
expect_contains "$TMP/out" '"password":"(sensitive value)"'
expect_contains "$TMP/out" '"dsn":"(sensitive value)"'
expect_contains "$TMP/out" '"user":"admin"'
expect_not_contains "$TMP/out" 'hunter2'
expect_status 0 "$HCL" eval --config "$SENS" --show-sensitive
expect_contains "$TMP/out" '"password":"hunter2"'

# ---- Links: the directory's files are those every walk finds ----------------------------------
# A variable file linked from outside the directory is not read (docs/security.md); a link to a
# file inside it is.
LNK=$TMP/links
mkdir -p "$LNK/mod/shared" "$LNK/outside"
printf 'variable "x" {\n  default = "inside"\n}\n' >"$LNK/mod/shared/vars.tf"
ln -s shared/vars.tf "$LNK/mod/vars.tf"
printf 'x = "outside"\n' >"$LNK/outside/v.tfvars"
ln -s ../outside/v.tfvars "$LNK/mod/z.auto.tfvars"
expect_out '"inside"' "$HCL" eval --config "$LNK/mod" var.x

# ---- Outside a configuration ---------------------------------------------------------------
# var. and local. without --config: the error says how to get them.
expect_status 1 "$HCL" eval 'var.env' --var env=prod
expect_contains "$TMP/err" 'There is no variable named "var". var.NAME is an input variable of a configuration: give it with --config PATH'
expect_status 1 "$HCL" eval 'local.name'
expect_contains "$TMP/err" 'local.NAME is a local value of a configuration'
# The reference's own words in its format.
expect_status 1 "$HCL" eval --format oracle 'var.env'
expect_not_contains "$TMP/out" '--config'
# eval --file FILE EXPR evaluates only the top-level items EXPR names: another item's error is
# not reported, and a result left unknown by its own item's error says only that error.
GEN=$TMP/generic
mkdir -p "$GEN"
printf 'region = "eu"
broken = nosuch.attr
locals {
  name = "web-${region}"
}
' >"$GEN/main.hcl"
expect_out '"eu"' "$HCL" eval --file "$GEN/main.hcl" region
expect_status 1 "$HCL" eval --file "$GEN/main.hcl" 'locals.name'
expect_contains "$TMP/err" 'There is no variable named "region"'
expect_not_contains "$TMP/err" 'nosuch'
expect_not_contains "$TMP/err" 'cty.DynamicVal'
n=$(grep -c '^Error' "$TMP/err")
[ "$n" -eq 1 ] || fail "eval --file: $n errors where one item failed"
# json --simplify with --var but no --config keeps var.NAME, and says why instead of nothing.
printf 'locals {\n  x = "${var.environment}-a"\n  y = upper(env)\n}\n' >"$GEN/main.tf"
expect_out '{"locals":[{"x":"${var.environment}-a","y":"B"}]}' "$HCL" json --simplify --compact --var environment=prod --var env=b "$GEN/main.tf"
expect_contains "$TMP/err" 'warning: var. and local. are kept as written: they belong to a configuration, given with --config PATH'
expect_out '{"locals":[{"x":"${var.environment}-a","y":"B"}]}' "$HCL" json --simplify --compact --var env=b "$GEN/main.tf"
expect_status 0 "$HCL" json --simplify --compact "$GEN/main.tf"
expect_empty "$TMP/err"
mkdir -p "$GEN/module"
printf 'variable "environment" {}\nlocals {\n  x = "${var.environment}-a"\n}\n' >"$GEN/module/main.tf"
expect_out '{"locals":[{"x":"prod-a"}],"variable":{"environment":[{}]}}' "$HCL" json --simplify --compact --config "$GEN/module" --var environment=prod "$GEN/module/main.tf"
expect_empty "$TMP/err"

finish
