#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Walks never leave the tree and never hang, and every input is read with a size cap
# (io::find_files, io::read_file).
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/repo/sub" "$TMP/outside"
printf 'a   = 1\n' > "$TMP/outside/o.hcl"
printf 'b   = 1\n' > "$TMP/repo/r.hcl"
printf 'c   = 1\n' > "$TMP/repo/sub/s.hcl"
ln -s ../outside "$TMP/repo/vendor"          # a linked directory that leads out
ln -s . "$TMP/repo/l1"; ln -s . "$TMP/repo/l2"  # two links to . (2^n paths if followed)
ln -s ../outside/o.hcl "$TMP/repo/out.hcl"    # a linked file that leads out
ln -s sub/s.hcl "$TMP/repo/in.hcl"            # a linked file that stays inside
mkfifo "$TMP/repo/x.hcl"                      # would block a reader forever
ln -s /dev/zero "$TMP/repo/zero.tf"           # would never end

# fmt -r rewrites only inside the tree, and finishes; sub/s.hcl, reached twice, is formatted once.
(cd "$TMP/repo" && timeout 20 "$HCL" fmt -r . > "$TMP/out" 2> "$TMP/err")
got=$?
[ "$got" -eq 0 ] || fail "fmt -r: exit $got: $(cat "$TMP/err")"
[ "$(cat "$TMP/outside/o.hcl")" = 'a   = 1' ] || fail "fmt -r rewrote a file outside the tree"
[ "$(cat "$TMP/repo/r.hcl")" = 'b = 1' ] || fail "fmt -r left r.hcl"
[ "$(cat "$TMP/repo/sub/s.hcl")" = 'c = 1' ] || fail "fmt -r left sub/s.hcl"
expect_not_contains "$TMP/out" "vendor"
expect_not_contains "$TMP/out" "l1/"
[ "$(grep -cE 'in.hcl|s.hcl' "$TMP/out")" -eq 1 ] || fail "fmt -r listed sub/s.hcl twice: $(cat "$TMP/out")"

# validate walks the same files, once each, and does not hang.
(cd "$TMP/repo" && timeout 20 "$HCL" validate -r . > "$TMP/out" 2> "$TMP/err")
got=$?
[ "$got" -eq 0 ] || fail "validate: exit $got: $(cat "$TMP/err")"
expect_contains "$TMP/out" "Success! 3 files are valid."
(cd "$TMP/repo" && timeout 20 "$HCL" json . > "$TMP/out" 2> "$TMP/err") || fail "json: $(cat "$TMP/err")"
expect_not_contains "$TMP/out" "o.hcl"
expect_contains "$TMP/out" "in.hcl"

# A stream named explicitly is read up to the input limit, which the message names.
expect_status 2 timeout 20 "$HCL" validate /dev/zero
expect_contains "$TMP/err" "larger than 256 MiB, the input size limit (--max-file-size raises it)"
expect_status 2 timeout 20 "$HCL" validate --max-file-size 64K /dev/urandom
expect_contains "$TMP/err" "larger than 64 KiB"
expect_status 2 timeout 20 "$HCL" eval 1 --vars /dev/zero
expect_contains "$TMP/err" "--max-file-size"
expect_status 2 timeout 20 "$HCL" json --max-file-size 1M "$TMP/repo/zero.tf"
expect_contains "$TMP/err" "larger than 1 MiB"
# A regular file over the limit is refused before it is read; one within it is read.
head -c 3000 /dev/zero | tr '\0' '\n' > "$TMP/big.hcl"
expect_status 2 "$HCL" validate --max-file-size 2K "$TMP/big.hcl"
expect_contains "$TMP/err" "big.hcl: larger than 2 KiB"
expect_status 0 "$HCL" validate --max-file-size 3K "$TMP/big.hcl"
expect_status 2 "$HCL" validate --max-file-size 12X "$TMP/big.hcl"
expect_contains "$TMP/err" "expected a size"

finish
