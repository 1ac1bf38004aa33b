# SPDX-License-Identifier: Apache-2.0
# The spellings users bring from terraform, Go's flag package and jq, and the diagnostics as the
# reference's text writer (hclfmt, terraform) prints them.
. "$(dirname "$0")/lib.sh"
cd "$TMP"
printf 'x=1\n' > u.tf
printf 'x = 1\n' > ok.tf

# terraform validate -json.
expect_status 0 "$HCL" validate -json ok.tf
expect_contains "$TMP/out" '"valid": true'
expect_status 0 "$HCL" validate --json ok.tf
expect_contains "$TMP/out" '"format_version": "1.0"'

# Go's -flag=bool, short flags included.
expect_status 0 "$HCL" fmt -w=false u.tf
expect_contains "$TMP/out" "u.tf"
[ "$(cat u.tf)" = "x=1" ] || fail "-w=false wrote u.tf"
expect_status 0 "$HCL" fmt -w=false -list=false u.tf
[ "$(cat "$TMP/out")" = "x = 1" ] || fail "-w=false -list=false printed: $(cat "$TMP/out")"
expect_status 3 "$HCL" fmt -check=true u.tf
expect_status 0 "$HCL" fmt -check=false -write=false -diff=false u.tf
expect_status 0 "$HCL" validate -q=true ok.tf
expect_empty "$TMP/out"
expect_status 0 "$HCL" validate -r=false .

# jq's -c, --compact, --raw-output, -r on any list of scalars; eval - reads the expression.
expect_status 0 "$HCL" eval -c '{a = [1, 2]}'
[ "$(cat "$TMP/out")" = '{"a":[1,2]}' ] || fail "eval -c: $(cat "$TMP/out")"
expect_status 0 "$HCL" eval --compact '{a = 1}'
expect_status 0 "$HCL" eval --raw-output '"web"'
[ "$(cat "$TMP/out")" = "web" ] || fail "--raw-output: $(cat "$TMP/out")"
expect_status 0 "$HCL" eval -r '[443, 22]'
[ "$(cat "$TMP/out")" = "$(printf '443\n22')" ] || fail "-r on numbers: $(cat "$TMP/out")"
expect_status 0 "$HCL" eval -r '["a", 1, true]'
[ "$(cat "$TMP/out")" = "$(printf 'a\n1\ntrue')" ] || fail "-r on mixed scalars: $(cat "$TMP/out")"
expect_status 0 "$HCL" eval -r '[[1]]'
[ "$(cat "$TMP/out")" = "[[1]]" ] || fail "-r on a nested list: $(cat "$TMP/out")"
echo '1+1' | "$HCL" eval - > "$TMP/out" 2> "$TMP/err" || fail "eval -: $(cat "$TMP/err")"
[ "$(cat "$TMP/out")" = "2" ] || fail "eval -: $(cat "$TMP/out")"
expect_status 0 "$HCL" json -c ok.tf
[ "$(cat "$TMP/out")" = '{"x":1}' ] || fail "json -c: $(cat "$TMP/out")"
# -r on json is the walk's --recursive, not a misspelt --var.
expect_status 0 "$HCL" json -r --compact .
expect_not_contains "$TMP/err" "--var"

# --help shows flags as they are typed, not the parser's internals.
expect_status 0 "$HCL" fmt --help
expect_not_contains "$TMP/out" "{false}"
expect_not_contains "$TMP/out" "=1"
expect_status 0 "$HCL" --help
expect_contains "$TMP/out" "version"

# The context line: the block a diagnostic is in, as hclfmt and terraform print it.
printf 'resource "aws_instance" "web" {\n  ami = [1 2]\n}\n' > r.tf
printf 'locals {\n  a = 1 +\n}\n' > l.hcl
printf 'variable "x" {\n  default = {a = 1 b = 2}\n}\n' > v.tf
printf 'a = [1,\n 2\n' > m.hcl
printf 'broken hcl file\n' > h.hcl
expect_status 1 "$HCL" validate r.tf
expect_contains "$TMP/err" 'on r.tf line 2, in resource "aws_instance" "web":'
expect_status 1 "$HCL" validate l.hcl
expect_contains "$TMP/err" 'on l.hcl line 2, in locals:'
expect_status 1 "$HCL" validate v.tf
expect_contains "$TMP/err" 'on v.tf line 2, in variable "x":'
expect_status 1 "$HCL" validate m.hcl
expect_contains "$TMP/err" 'on m.hcl line 1:'
expect_status 1 "$HCL" validate h.hcl
expect_contains "$TMP/err" 'on h.hcl line 1:'
expect_status 2 "$HCL" fmt r.tf
expect_contains "$TMP/err" 'on r.tf line 2, in resource "aws_instance" "web":'
expect_status 1 "$HCL" validate --format json r.tf
expect_contains "$TMP/out" '"context": "resource \"aws_instance\" \"web\""'
# Every subcommand that evaluates says where, eval --file and --config included.
printf 'resource "a" "b" {\n  v = 1 + {}\n}\n' > e.hcl
expect_status 1 "$HCL" eval --no-color --file e.hcl
expect_contains "$TMP/err" 'on e.hcl line 2, in resource "a" "b":'
expect_status 1 "$HCL" eval --no-color --config e.hcl
expect_contains "$TMP/err" 'on e.hcl line 2, in resource "a" "b":'
# A subject over several lines is marked on its first and last lines only, as the reference's
# writer highlights it.
printf 'a = {\n  b = 1\n} + 1\n' > ml.hcl
expect_status 1 "$HCL" eval --no-color --file ml.hcl
grep -A1 '^   2:   b = 1$' "$TMP/err" | tail -1 | grep -q '^   3: } + 1$' || fail "multi-line subject: the inner line is marked: $(cat "$TMP/err")"
grep -A1 '^   3: } + 1$' "$TMP/err" | tail -1 | grep -q '^      ^$' || fail "multi-line subject: the last line is not marked: $(cat "$TMP/err")"
grep -A1 '^   1: a = {$' "$TMP/err" | tail -1 | grep -q '^          ^$' || fail "multi-line subject: the first line is not marked: $(cat "$TMP/err")"

# The lines above were recorded from the reference's writer. When a reference hclfmt is at hand
# (on PATH, or where ../shared/reference/build.sh puts it), they are also checked live against it;
# packaging/deps.sh does not install it, so its absence is not a failure.
HCLFMT=$(command -v hclfmt || true)
[ -n "$HCLFMT" ] || HCLFMT="$HOME/.cache/hcl-reference/bin/hclfmt"
if [ -x "$HCLFMT" ]; then
  for f in r.tf l.hcl v.tf m.hcl h.hcl; do
    "$HCLFMT" -check "$f" 2>&1 | grep '^  on ' > "$TMP/want"
    "$HCL" validate --no-color "$f" 2>&1 | grep '^  on ' > "$TMP/got"
    [ -s "$TMP/want" ] || fail "$f: hclfmt printed no context line"
    cmp -s "$TMP/want" "$TMP/got" || fail "$f: context lines differ from hclfmt: $(diff "$TMP/want" "$TMP/got")"
  done
fi

# fmt --quiet leaves syntax errors to validate.
expect_status 2 "$HCL" fmt --quiet r.tf
expect_empty "$TMP/err"

# The smaller points: a confinement refusal names each directory once; a directory without
# matching files is not a success.
mkdir -p conf empty && printf 'e = file("/proc/self/environ")\n' > conf/s.tf
(cd conf && "$HCL" json --simplify --strict . > "$TMP/out" 2> "$TMP/err")
expect_contains "$TMP/err" 'may read (".");'
expect_status 0 "$HCL" validate empty
expect_contains "$TMP/out" "No files to validate."
expect_not_contains "$TMP/out" "Success"

finish
