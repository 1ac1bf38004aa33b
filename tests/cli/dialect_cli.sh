# SPDX-License-Identifier: Apache-2.0
# hcl eval --dialect: each tool's function set, exactly, and the functions only some tools have.
# usage: bash dialect_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"

expect_out() {
  local want=$1; shift
  expect_status 0 "$@"
  [ "$(cat "$TMP/out")" = "$want" ] || fail "$*: printed [$(cat "$TMP/out")], want [$want]"
}
names() { "$HCL" eval --functions "$@" | sed 's/(.*//' | sort; }

# --- the sets ---------------------------------------------------------------------------------
# Terraform: exactly `terraform metadata functions` (recorded in testdata), each also as core::.
# The sensitivity family may come from elsewhere: compared without it.
python3 - "$TESTDATA/_terraform_console/function_signatures.json" > "$TMP/tf_names" <<'PY'
import json, sys
names = sorted(json.load(open(sys.argv[1])))
print("\n".join(sorted(names + ["core::" + n for n in names])))
PY
sensitivity='^\(core::\)\?\(sensitive\|nonsensitive\|issensitive\)$'
names --dialect terraform | grep -v "$sensitivity" > "$TMP/ours"
grep -v "$sensitivity" "$TMP/tf_names" | diff - "$TMP/ours" > "$TMP/diff" || fail "terraform set differs: $(cat "$TMP/diff")"
names --dialect opentofu | grep -v "$sensitivity" > "$TMP/tofu"
for f in base64gunzip cidrcontains urldecode core::urldecode; do
  grep -qx "$f" "$TMP/tofu" || fail "opentofu lacks $f"
done
[ "$(comm -23 "$TMP/ours" "$TMP/tofu" | wc -l)" -eq 0 ] || fail "opentofu lacks some of Terraform's: $(comm -23 "$TMP/ours" "$TMP/tofu")"
names > "$TMP/hcl_names"
names --dialect hcl | diff - "$TMP/hcl_names" > /dev/null || fail "--dialect hcl is not the default set"
for f in convert timestamp uuid templatefile; do grep -qx "$f" "$TMP/hcl_names" || fail "default set lacks $f"; done
for f in bcrypt base64gzip core::upper regex_replace vault; do
  ! grep -qx "$f" "$TMP/hcl_names" || fail "default set has $f"
done
names --dialect terraform | grep -qx convert && fail "terraform has no convert"
names --dialect packer > "$TMP/packer"
for f in regex_replace legacy_isotime legacy_strftime uuidv4 vault consul_key aws_secretsmanager aws_secretsmanager_raw convert; do
  grep -qx "$f" "$TMP/packer" || fail "packer lacks $f"
done
for f in setsubtract one timecmp core::upper uuid; do ! grep -qx "$f" "$TMP/packer" || fail "packer has $f"; done
names --dialect nomad > "$TMP/nomad"
for f in regex_replace strlen uuidv4 convert; do grep -qx "$f" "$TMP/nomad" || fail "nomad lacks $f"; done
for f in templatefile timestamp legacy_isotime; do ! grep -qx "$f" "$TMP/nomad" || fail "nomad has $f"; done
expect_status 2 "$HCL" eval --dialect cobol '1'

# --- core:: and provider:: ----------------------------------------------------------------------
expect_out '"A"' "$HCL" eval --dialect terraform 'core::upper("a")'
expect_status 1 "$HCL" eval 'core::upper("a")'
expect_contains "$TMP/err" 'no functions in namespace'
expect_status 1 "$HCL" eval --dialect terraform 'provider::aws::arn_parse("x")'
expect_contains "$TMP/err" 'no functions in namespace'
expect_out '(unknown)' "$HCL" eval --dialect opentofu --format hcl 'provider::aws::arn_parse("x")'
expect_out '2' "$HCL" eval --dialect opentofu 'length([provider::aws::arn_parse("x", 1), null])'

# --- Terraform's additions ------------------------------------------------------------------
expect_out '"\"H4sIAAAAAAAA/6oAAAAA//8BAAD//4MW3IwBAAAA\""' "$HCL" eval --dialect terraform 'jsonencode(base64gzip("x"))'
expect_out '"hello hello hello"' "$HCL" eval --dialect opentofu 'base64gunzip(base64gzip("hello hello hello"))'
expect_out '[1,{"a":"b"}]' "$HCL" eval --dialect terraform 'ephemeralasnull([1, {a = "b"}])'
expect_out '"Hello x!"' "$HCL" eval --dialect terraform --var 't=Hello ${name}!' 'templatestring(t, {name = "x"})'
expect_status 1 "$HCL" eval --dialect terraform 'templatestring("Hello ${name}", {name = "x"})'
expect_contains "$TMP/err" 'must be a direct reference to a single string'
expect_status 1 "$HCL" eval --dialect terraform --var 't=${nope}' 'templatestring(t, {})'
expect_contains "$TMP/err" 'vars map does not contain key "nope"'
expect_status 0 "$HCL" eval --dialect terraform -r 'plantimestamp() == plantimestamp()'
[ "$(cat "$TMP/out")" = true ] || fail "plantimestamp differs between calls"
expect_status 0 "$HCL" eval --dialect terraform -r 'plantimestamp()'
grep -qE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$' "$TMP/out" || fail "plantimestamp: $(cat "$TMP/out")"
# bcrypt salts at random: the hash must verify against the password (libcrypt, through Python).
expect_status 0 "$HCL" eval --dialect terraform -r 'bcrypt("correct horse", 4)'
hash=$(cat "$TMP/out")
case $hash in '$2a$04$'*) ;; *) fail "bcrypt: not a cost-4 \$2a\$ hash: $hash" ;; esac
[ ${#hash} -eq 60 ] || fail "bcrypt: length ${#hash}"
python3 -W ignore -c 'import crypt, sys; sys.exit(crypt.crypt("correct horse", sys.argv[1]) != sys.argv[1])' "$hash" ||
  fail "bcrypt hash does not verify: $hash"
python3 -W ignore -c 'import crypt, sys; sys.exit(crypt.crypt("wrong horse", sys.argv[1]) == sys.argv[1])' "$hash" ||
  fail "bcrypt hash verifies a wrong password"
expect_status 0 "$HCL" eval --dialect terraform -r 'bcrypt("x", 3)'
case $(cat "$TMP/out") in '$2a$10$'*) ;; *) fail "bcrypt below cost 4 is not cost 10: $(cat "$TMP/out")" ;; esac
expect_status 1 "$HCL" eval --dialect terraform 'bcrypt("x", 4, 5)'
expect_contains "$TMP/err" 'bcrypt() takes no more than two arguments.'

# --- OpenTofu's additions -----------------------------------------------------------------
expect_out 'true' "$HCL" eval --dialect opentofu 'cidrcontains("10.0.0.0/8", "10.1.2.3")'
expect_out 'false' "$HCL" eval --dialect opentofu 'cidrcontains("10.0.0.0/16", "10.1.0.0/24")'
expect_out 'true' "$HCL" eval --dialect opentofu 'cidrcontains("fd00::/8", "fd00::1:0/112")'
expect_status 1 "$HCL" eval --dialect opentofu 'cidrcontains("10.0.0.0/8", "fd00::1")'
expect_out '"a b&c=d/é"' "$HCL" eval --dialect opentofu 'urldecode(urlencode("a b&c=d/é"))'
expect_status 1 "$HCL" eval --dialect opentofu 'urldecode("%zz")'

# --- Packer's and Nomad's ---------------------------------------------------------------------
expect_out '"a-X-c"' "$HCL" eval --dialect packer 'regex_replace("a-b-c", "[b]", "X")'
expect_out '"2-1"' "$HCL" eval --dialect nomad 'regex_replace("1-2", "(\\d)-(\\d)", "$2-$1")'
expect_status 1 "$HCL" eval --dialect packer 'vault("secret/data/x", "key")'
expect_contains "$TMP/err" 'needs network access'
expect_status 1 "$HCL" eval --dialect packer 'aws_secretsmanager_raw("name")'
expect_contains "$TMP/err" 'needs network access'
expect_status 0 "$HCL" eval --dialect packer -r 'legacy_isotime("2006-01-02 15:04:05 MST")'
grep -qE '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} UTC$' "$TMP/out" || fail "legacy_isotime: $(cat "$TMP/out")"
expect_status 0 "$HCL" eval --dialect packer -r 'legacy_strftime("%Y-%m-%d")'
grep -qE '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' "$TMP/out" || fail "legacy_strftime: $(cat "$TMP/out")"
expect_out '{"day":25,"hour":23,"iso_week":30,"iso_year":2023,"minute":43,"month":7,"month_name":"July","second":16,"unix":1690328596,"weekday":2,"weekday_name":"Tuesday","year":2023,"year_day":206}' \
  "$HCL" eval --dialect packer 'rfc3339_parse("2023-07-25T23:43:16Z")'
expect_out '{"day":1,"hour":8,"iso_week":52,"iso_year":2022,"minute":0,"month":1,"month_name":"January","second":0,"unix":1672551000,"weekday":0,"weekday_name":"Sunday","year":2023,"year_day":1}' \
  "$HCL" eval --dialect packer 'rfc3339_parse("2023-01-01 08:00:00+02:30")'
expect_out '"2009-02-13T23:31:30Z"' "$HCL" eval --dialect packer 'unix_timestamp_parse(1234567890).rfc3339'
expect_status 1 "$HCL" eval --dialect packer 'rfc3339_parse("yesterday")'
expect_contains "$TMP/err" '"yesterday" is not a valid RFC3339 timestamp'
expect_out '2' "$HCL" eval --dialect nomad 'strlen("日本")'
expect_status 0 "$HCL" eval --dialect nomad -r 'uuidv4()'
grep -qE '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' "$TMP/out" || fail "uuidv4: $(cat "$TMP/out")"

[ "$FAILS" -eq 0 ] || exit 1
echo "dialect_cli: ok"
