# SPDX-License-Identifier: Apache-2.0
# Inputs are explicit and every subcommand walks directories the same way (hcl(1), INPUTS and
# FILES): standard input only when named, no path means the current directory whatever standard
# input is, one set of files found by validate, fmt, json and edit.
. "$(dirname "$0")/lib.sh"

# A `while read` loop: each command checks its directory, not the loop's own input.
mkdir -p "$TMP/loop/a" "$TMP/loop/b"
printf 'x = 1\n' > "$TMP/loop/a/ok.tf"
printf 'y=2\n' > "$TMP/loop/b/bad.tf"
(cd "$TMP/loop" && printf 'a\nb\n' | while read -r d; do
  (cd "$d" && "$HCL" fmt --check; echo "status $d $?")
done) > "$TMP/out" 2> "$TMP/err"
expect_contains "$TMP/out" "status a 0"
expect_contains "$TMP/out" "bad.tf"
expect_contains "$TMP/out" "status b 3"
expect_not_contains "$TMP/err" "<stdin>"

# A pipe left open (ssh, docker exec -i, some CI agents) is not waited on.
cd "$TMP/loop/a"
for cmd in "fmt --check" "validate" "json" "edit attribute get x" "dec --spec nosuch.hcldec"; do
  (sleep 5 | timeout 2 "$HCL" $cmd > "$TMP/out" 2> "$TMP/err"); st=$?
  [ $st -ne 124 ] || fail "hcl $cmd waited on an open standard input"
done
# Unnamed standard input is not read: these read the current directory.
printf 'junk = [\n' | "$HCL" json --compact > "$TMP/out" 2> "$TMP/err" || fail "json read the pipe: $(cat "$TMP/err")"
[ "$(cat "$TMP/out")" = '{"ok.tf":{"x":1}}' ] || fail "json with an unnamed pipe: $(cat "$TMP/out")"
printf 'junk = [\n' | "$HCL" edit attribute get x > "$TMP/out" 2> "$TMP/err" || fail "edit read the pipe: $(cat "$TMP/err")"
[ "$(cat "$TMP/out")" = "1" ] || fail "edit with an unnamed pipe: $(cat "$TMP/out")"
expect_status 2 "$HCL" dec --spec nosuch.hcldec
expect_contains "$TMP/err" "- for standard input"

# Named standard input: "-", or --stdin-filename, which names it and picks the style.
printf 'a=1\n' | "$HCL" json --compact - > "$TMP/out" 2> "$TMP/err" || fail "json -"
[ "$(cat "$TMP/out")" = '{"a":1}' ] || fail "json -: $(cat "$TMP/out")"
printf 'variable "v" {\n  type = "string"\n}\n' | "$HCL" fmt --stdin-filename main.tf > "$TMP/out" 2> "$TMP/err" ||
  fail "fmt --stdin-filename: $(cat "$TMP/err")"
expect_contains "$TMP/out" "type = string"
printf 'variable "v" {\n  type = "string"\n}\n' | "$HCL" fmt - > "$TMP/out" 2> "$TMP/err"
expect_contains "$TMP/out" 'type = "string"'
printf 'a = [1 2]\n' > "$TMP/broken"
expect_status 1 sh -c "'$HCL' validate --stdin-filename modules/net/main.tf < '$TMP/broken'"
expect_contains "$TMP/err" "on modules/net/main.tf line 1"
expect_status 1 sh -c "'$HCL' json --stdin-filename x.tf.json < '$TMP/broken'"
expect_contains "$TMP/err" "x.tf.json"
expect_status 1 sh -c "'$HCL' fmt --stdin-filename main.tf ok.tf < '$TMP/broken'"
expect_contains "$TMP/err" "--stdin-filename takes no path"
expect_status 2 "$HCL" validate --stdin-filename main.tf ok.tf

# One walk: the same files for validate, fmt, json and edit. Hidden files and directories,
# .terraform/, a lock file and editor backups are passed over; .tofu files are found.
make_tree() {
  local d=$1 body=$2
  mkdir -p "$d/sub" "$d/.terraform/modules/m" "$d/.git"
  for f in main.tf extra.tofu terraform.tfvars sub/child.tf sub/test.tofutest.hcl .hidden.tf .terraform.lock.hcl \
    .terraform/modules/m/x.tf .git/c.hcl backup.tf~ '#main.tf#'; do
    printf '%s' "$body" > "$d/$f"
  done
}
make_tree "$TMP/w" 'x=1
'
make_tree "$TMP/wb" 'x = [1 2]
'
cd "$TMP/w"
names() { LC_ALL=C sort -u > "$TMP/$1.set"; }
for r in "" "-r"; do
  "$HCL" fmt --check $r > "$TMP/out" 2>&1; names fmt < "$TMP/out"
  "$HCL" json $r | python3 -c 'import json, sys; print("\n".join(json.load(sys.stdin)))' | names json
  "$HCL" edit $r attribute get x | sed -n 's/^# //p' | names edit
  (cd "$TMP/wb" && "$HCL" validate $r 2>&1 | sed -n 's/^  on \(.*\) line 1.*/\1/p') | names validate
  want="extra.tofu main.tf terraform.tfvars"
  [ -n "$r" ] && want="$want sub/child.tf sub/test.tofutest.hcl"
  printf '%s\n' $want | names want
  for c in fmt json edit validate; do
    cmp -s "$TMP/want.set" "$TMP/$c.set" || fail "$c ${r:-(not recursive)} found: $(tr '\n' ' ' < "$TMP/$c.set")"
  done
done
"$HCL" fmt -recursive -list=false -check > /dev/null 2>&1; [ $? -eq 3 ] || fail "fmt -recursive"
# A hidden file named on the command line is read.
expect_status 0 "$HCL" json --compact .terraform.lock.hcl
[ "$(cat "$TMP/out")" = '{"x":1}' ] || fail "a named hidden file: $(cat "$TMP/out")"

# json --merge of a Terraform root: the configuration, not the lock file nor the variable values.
mkdir -p "$TMP/root/modules/net"
cd "$TMP/root"
printf 'variable "region" {}\n' > variables.tf
printf 'region = "eu-west-1"\n' > terraform.tfvars
printf 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.0.0"\n}\n' > .terraform.lock.hcl
printf 'variable "cidr" {}\n' > modules/net/variables.tf
expect_status 0 "$HCL" json --merge --compact .
[ "$(cat "$TMP/out")" = '{"variable":{"region":[{}]}}' ] || fail "json --merge .: $(cat "$TMP/out")"

finish
