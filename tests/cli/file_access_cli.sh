#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# File functions read only under the working directory and the configuration's own directory
# (with eval, --chdir), unless --allow-read widens that; links and `..` that lead out are refused,
# fileset walks stay inside and end, and nothing that is not a regular file is read.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/repo/sub" "$TMP/outside" "$TMP/elsewhere"
printf 'data' > "$TMP/repo/data.txt"
printf 'deep' > "$TMP/repo/sub/deep.txt"
printf 'hunter2' > "$TMP/outside/secret.txt"
ln -s ../outside/secret.txt "$TMP/repo/link.txt"
ln -s ../outside "$TMP/repo/vendor"
ln -s . "$TMP/repo/sub/l1"; ln -s . "$TMP/repo/sub/l2"
mkfifo "$TMP/repo/pipe.txt"
export HCL_TEST_SECRET=hunter2-env

# The reproduction: a configuration that prints the environment of the CI job.
printf 'e = file("/proc/self/environ")\n' > "$TMP/repo/x.tf"
(cd "$TMP/repo" && "$HCL" json --simplify x.tf > "$TMP/out" 2> "$TMP/err")
expect_not_contains "$TMP/out" "hunter2-env"
(cd "$TMP/repo" && "$HCL" json --simplify --strict x.tf > "$TMP/out" 2> "$TMP/err")
expect_not_contains "$TMP/out" "hunter2-env"
expect_contains "$TMP/err" 'cannot read "/proc/self/environ": it is outside the directories this configuration may read'
expect_contains "$TMP/err" "--allow-read DIR allows more"
(cd "$TMP/repo" && "$HCL" eval --file x.tf > "$TMP/out" 2> "$TMP/err")
expect_not_contains "$TMP/out" "hunter2-env"
expect_contains "$TMP/err" "--allow-read"

in_repo() { (cd "$TMP/repo" && "$@" > "$TMP/out" 2> "$TMP/err"); echo $?; }
# Inside the working directory: allowed.
[ "$(in_repo "$HCL" eval -r 'file("data.txt")')" = 0 ] && [ "$(cat "$TMP/out")" = data ] || fail "file under cwd: $(cat "$TMP/err")"
[ "$(in_repo "$HCL" eval -r 'file("sub/../data.txt")')" = 0 ] || fail "a .. that stays inside: $(cat "$TMP/err")"
# Out by .., by an absolute path, by a link: refused, whatever the function.
for expr in 'file("../outside/secret.txt")' "file(\"$TMP/outside/secret.txt\")" 'file("link.txt")' \
            'filebase64("link.txt")' 'filesha256("link.txt")' 'fileexists("../outside/secret.txt")' \
            'fileexists("../outside/none.txt")' 'templatefile("link.txt", {})' 'fileset("/", "**")' \
            'fileset("vendor", "*")' 'file("vendor/secret.txt")'; do
  [ "$(in_repo "$HCL" eval "$expr")" = 1 ] || fail "$expr was not refused: $(cat "$TMP/out")"
  expect_contains "$TMP/err" "it is outside the directories this configuration may read"
  expect_not_contains "$TMP/out" "hunter2"
done
# --allow-read widens it.
[ "$(in_repo "$HCL" eval -r --allow-read ../outside 'file("link.txt")')" = 0 ] && [ "$(cat "$TMP/out")" = hunter2 ] ||
  fail "--allow-read: $(cat "$TMP/err")"
# fileset does not walk out through links, nor round links to its own directories, and ends.
[ "$(in_repo timeout 20 "$HCL" eval 'fileset(".", "**")')" = 0 ] || fail "fileset **: $(cat "$TMP/err")"
expect_contains "$TMP/out" '"sub/deep.txt"'
expect_not_contains "$TMP/out" "secret"
expect_not_contains "$TMP/out" "l1/"
# A named pipe is not read (it would block), a device neither.
[ "$(in_repo timeout 20 "$HCL" eval 'file("pipe.txt")')" = 1 ] || fail "file of a FIFO"
expect_contains "$TMP/err" '"pipe.txt" is not a regular file'
[ "$(in_repo timeout 20 "$HCL" eval --allow-read /dev 'file("/dev/zero")')" = 1 ] || fail "file of /dev/zero"
expect_contains "$TMP/err" '"/dev/zero" is not a regular file'

# A configuration file may read under its own directory, from wherever hcl runs.
printf 'v = file("${dir}/sub/deep.txt")\n' > "$TMP/repo/y.hcl"
(cd "$TMP/elsewhere" && "$HCL" eval --file "$TMP/repo/y.hcl" --var "dir=$TMP/repo" 'v' > "$TMP/out" 2> "$TMP/err") ||
  fail "eval --file reading its own directory: $(cat "$TMP/err")"
printf 'v = file("%s/repo/sub/deep.txt")\n' "$TMP" > "$TMP/repo/z.hcl"
(cd "$TMP/elsewhere" && "$HCL" json --simplify --strict "$TMP/repo/z.hcl" > "$TMP/out" 2> "$TMP/err") ||
  fail "json reading its own directory: $(cat "$TMP/err")"
expect_contains "$TMP/out" '"deep"'

finish
