# SPDX-License-Identifier: Apache-2.0
# hcl eval --chdir: the base directory of the file functions (file, fileset, templatefile ...),
# as `terraform -chdir` sets the configuration directory.
# usage: bash eval_files_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"
# Absolute paths, since some commands below run in other directories.
HCL=$(cd "$(dirname "$HCL")" && pwd)/$(basename "$HCL")
FILES=$(cd "$TESTDATA/eval/terraform" && pwd)

expect_out() {
  local want=$1; shift
  expect_status 0 "$@"
  [ "$(cat "$TMP/out")" = "$want" ] || fail "$*: printed [$(cat "$TMP/out")], want [$want]"
}

# Relative paths resolve against --chdir, and messages name them relative to it.
expect_out '"Hello World"' "$HCL" eval --chdir "$FILES" 'file("files/hello.txt")'
expect_out '["a.txt","deep/b.txt"]' "$HCL" eval --chdir "$FILES/files" 'fileset("sub", "**/?.txt")'
expect_out 'Hello, web!' "$HCL" eval --chdir "$FILES" --var name=web -r 'templatefile("files/hello.tmpl", {name = name})'
# Reads stay under the working directory and --chdir unless --allow-read widens them.
expect_out 'true' "$HCL" eval --chdir "$FILES/files/sub" --allow-read "$FILES/files" 'fileexists("../hello.txt")'
expect_status 1 "$HCL" eval --chdir "$FILES/files/sub" 'fileexists("../hello.txt")'
expect_contains "$TMP/err" 'cannot read "../hello.txt": it is outside the directories'
expect_status 1 "$HCL" eval --chdir "$FILES" 'file("files/missing.txt")'
expect_contains "$TMP/err" 'no file exists at "files/missing.txt"'
expect_out "\"$FILES/files/x\"" "$HCL" eval --chdir "$FILES" 'abspath("files/./x")'

# Without --chdir the base directory is the current one.
expect_out '"Hello World"' sh -c "cd '$FILES/files' && '$HCL' eval 'file(\"hello.txt\")'"
(cd "$TMP" && "$HCL" eval 'abspath("a/b")' >"$TMP/abs.out" 2>"$TMP/abs.err") || fail "abspath: $(cat "$TMP/abs.err")"
[ "$(cat "$TMP/abs.out")" = "\"$(cd "$TMP" && pwd -P)/a/b\"" ] || [ "$(cat "$TMP/abs.out")" = "\"$TMP/a/b\"" ] ||
  fail "abspath without --chdir: $(cat "$TMP/abs.out")"

# A base directory that does not exist is a usage error.
expect_status 2 "$HCL" eval --chdir "$TMP/nowhere" '1'
expect_contains "$TMP/err" "not a directory"

finish
