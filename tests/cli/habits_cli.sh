# SPDX-License-Identifier: Apache-2.0
# What users bring from the tools hcl replaces and from CI, each a finding of issue 13: report
# lines and wording, one spelling of paths, version and "did you mean", single-dash flags,
# standard input, empty paths, --no-color everywhere.
. "$(dirname "$0")/lib.sh"
mkdir -p "$TMP/p/empty" && cd "$TMP/p"
printf 'a = 1\nb = 2\n\nblock {\n  c = 3\n  d=4\n}\n' > late.hcl  # only line 6 changes
printf 'a = [1, 2\n}\n' > broken.hcl

# CI reports name the first changed line, and only a written file "was rewritten".
expect_status 3 "$HCL" fmt --check --format github late.hcl
expect_contains "$TMP/out" "file=late.hcl,line=6,"
expect_status 3 "$HCL" fmt --check --format json late.hcl
expect_contains "$TMP/out" '"first_changed_line": 6'
expect_status 0 "$HCL" fmt --write=false --format github late.hcl
expect_not_contains "$TMP/out" "rewritten"
expect_not_contains "$TMP/out" "reformatted"
expect_contains "$TMP/out" "line=6,"
[ "$(sed -n 6p late.hcl)" = "  d=4" ] || fail "--write=false wrote late.hcl"

# One spelling of paths found in a directory: broken.hcl, as fmt and terraform print them.
expect_status 1 "$HCL" validate .
expect_contains "$TMP/err" "on broken.hcl line 2"
expect_not_contains "$TMP/err" "./broken.hcl"
expect_status 1 "$HCL" validate --format github .
expect_contains "$TMP/out" "file=broken.hcl,"

# Version and did-you-mean.
for v in --version -v version -version; do
  expect_status 0 "$HCL" $v
  expect_contains "$TMP/out" "targets HCL 2.24.0, cty 1.16.3"
  expect_contains "$TMP/out" "commit "
done
expect_status 2 "$HCL" fmr
expect_contains "$TMP/err" 'unknown subcommand "fmr"'
expect_contains "$TMP/err" 'Did you mean "fmt"?'
expect_status 1 "$HCL" fmt --chek .
expect_contains "$TMP/err" "unknown flag --chek"
expect_contains "$TMP/err" "Did you mean --check?"
expect_status 2 "$HCL" validate -require-no-change .
expect_contains "$TMP/err" "unknown flag -require-no-change"
expect_status 2 "$HCL" json --simplfy late.hcl
expect_contains "$TMP/err" "Did you mean --simplify?"
expect_empty "$TMP/out"
# A subcommand is given only the options its command line spells (apps/hcl/main.cpp, Command):
# the ones it leaves out are still suggested, never accepted under the name that stands for
# them, and never named in a message about the ones given.
expect_status 2 "$HCL" eval --max-eval-second 1 '1 + 1'
expect_contains "$TMP/err" "Did you mean --max-eval-seconds?"
expect_status 2 "$HCL" eval --option-not-given '1 + 1'
expect_contains "$TMP/err" "unknown flag --option-not-given"
expect_status 2 "$HCL" fromjson --force late.json
expect_contains "$TMP/err" "--force requires --write"
expect_status 2 "$HCL" eval --pretty -c '1 + 1'
expect_contains "$TMP/err" "--pretty excludes --compact"
expect_status 2 "$HCL" eval --max-eval-seconds=soon '1 + 1'
expect_contains "$TMP/err" "--max-eval-seconds"
expect_status 0 "$HCL" eval -rc '"a"'
[ "$(cat "$TMP/out")" = a ] || fail "eval -rc printed $(cat "$TMP/out")"

# hclfmt's and hcl2json's single-dash flags.
cp late.hcl w.hcl
expect_status 3 "$HCL" fmt -require-no-change w.hcl
expect_contains "$TMP/out" "w.hcl"
[ "$(sed -n 6p w.hcl)" = "  d = 4" ] || fail "-require-no-change did not write w.hcl"
expect_status 0 "$HCL" fmt -require-no-change w.hcl
cp late.hcl w.hcl
expect_status 0 "$HCL" fmt -w w.hcl
[ "$(sed -n 6p w.hcl)" = "  d = 4" ] || fail "-w did not write w.hcl"
printf 'x = 1 + 2\n' > s.hcl
expect_status 0 "$HCL" json -simplify --compact s.hcl
[ "$(cat "$TMP/out")" = '{"x":3}' ] || fail "-simplify: $(cat "$TMP/out")"

# Standard input only when named ("-"): a pipe or a redirected file is not read without it, and
# an empty pipe, which a CI runner may hand a job, does not turn a check into one of nothing.
printf 'a=1\n' | "$HCL" json --compact - > "$TMP/out" 2>"$TMP/err" || fail "json from a pipe"
[ "$(cat "$TMP/out")" = '{"a":1}' ] || fail "json from a pipe: $(cat "$TMP/out")"
"$HCL" json --compact - < s.hcl > "$TMP/out" 2>"$TMP/err" || fail "json from a file"
[ "$(cat "$TMP/out")" = '{"x":"${1 + 2}"}' ] || fail "json from a file: $(cat "$TMP/out")"
printf 'a=1\nbb = 2\n' | "$HCL" fmt - > "$TMP/out" 2>"$TMP/err" || fail "fmt from a pipe"
[ "$(cat "$TMP/out")" = "$(printf 'a  = 1\nbb = 2')" ] || fail "fmt from a pipe: $(cat "$TMP/out")"
(cd empty && printf 'c = 3\n' > c.hcl && "$HCL" json --compact < /dev/null > "$TMP/out" 2>"$TMP/err") || fail "json with /dev/null"
[ "$(cat "$TMP/out")" = '{"c.hcl":{"c":3}}' ] || fail "json with /dev/null reads the directory: $(cat "$TMP/out")"
(cd empty && : | "$HCL" json --compact > "$TMP/out" 2>"$TMP/err") || fail "json with an empty pipe"
[ "$(cat "$TMP/out")" = '{"c.hcl":{"c":3}}' ] || fail "json with an empty pipe: $(cat "$TMP/out")"
printf 'c=3\n' > empty/c.hcl
(cd empty && : | "$HCL" fmt --check > "$TMP/out" 2>"$TMP/err"); st=$?
[ $st -eq 3 ] || fail "fmt --check with an empty pipe: exit $st: $(cat "$TMP/out" "$TMP/err")"
rm empty/c.hcl

# Nothing on stdout when a command fails before producing output.
expect_status 2 "$HCL" json nosuch.tf
expect_empty "$TMP/out"
expect_contains "$TMP/err" "nosuch.tf"

# An explicit path holding no HCL file: a warning, or with --require-files an error.
for sub in validate json "fmt --check"; do
  expect_status 0 "$HCL" $sub empty
  expect_contains "$TMP/err" "empty: warning: no files ending in"
  expect_status 2 "$HCL" $sub --require-files empty
  expect_contains "$TMP/err" "empty: error: no files ending in"
done

# --no-color on every subcommand, and NO_COLOR, on a terminal (script(1) gives one).
if command -v script >/dev/null; then
  tty_run() { script -qec "$1" /dev/null > "$TMP/tty" 2>&1; }
  tty_run "'$HCL' validate broken.hcl"
  grep -q $'\x1b\[' "$TMP/tty" || fail "no colour on a terminal"
  for cmd in "validate broken.hcl" "fmt broken.hcl" "json broken.hcl" "eval 1+" "--no-color eval 1+"; do
    tty_run "'$HCL' ${cmd/ / --no-color }"
    ! grep -q $'\x1b\[' "$TMP/tty" || fail "colour with --no-color: $cmd"
    tty_run "NO_COLOR=1 '$HCL' $cmd"
    ! grep -q $'\x1b\[' "$TMP/tty" || fail "colour with NO_COLOR: $cmd"
  done
fi
expect_status 2 "$HCL" dec --no-color --spec nosuch.hcldec late.hcl
expect_not_contains "$TMP/err" "unknown flag"

finish
