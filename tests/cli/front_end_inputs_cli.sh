#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# What every subcommand shares when it collects its inputs (app.cpp's find_inputs): an empty
# directory is no crash, and names and addresses from the command line or a directory reach the
# terminal with their control characters escaped.
. "$(dirname "$0")/lib.sh"

ESC=$(printf '\033')
mkdir -p "$TMP/empty" "$TMP/d"
printf 'a = 1\n' > "$TMP/d/x.hcl"
printf 'b = 2\n' > "$TMP/d/y.hcl"

# edit over a directory with no configuration: nothing matches, in no file.
expect_status 1 "$HCL" edit "$TMP/empty" attribute get a --require-match
expect_contains "$TMP/err" "names nothing in 0 files"
expect_contains "$TMP/err" "warning: no files ending in"

# An address holding a terminal control is quoted escaped.
expect_status 1 "$HCL" edit "$TMP/d" attribute get "zz${ESC}[31m" --require-match
expect_contains "$TMP/err" 'zz\x1b[31m'
expect_not_contains "$TMP/err" "$ESC"

# A file name holding a newline cannot forge a line of edit's output, nor of json's message.
printf 'a = 3\n' > "$TMP/d/z
# forged.hcl"
expect_status 0 "$HCL" edit "$TMP/d" attribute get a
! grep -q '^# forged.hcl' "$TMP/out" || fail "a file name forged a line: $(cat "$TMP/out")"
expect_contains "$TMP/out" 'z\n# forged.hcl'
printf 'c = 4\n' > "$TMP/d/w${ESC}]0;t.hcl"
expect_status 2 "$HCL" json --max-file-size 2 "$TMP/d"
expect_contains "$TMP/err" 'w\x1b]0;t.hcl: larger than'
expect_not_contains "$TMP/err" "$ESC"

# Usage errors quote the command line escaped: an unknown flag, an unknown subcommand.
expect_status 2 "$HCL" validate "--x${ESC}[31m"
expect_not_contains "$TMP/err" "$ESC"
expect_status 1 "$HCL" fmt "--x${ESC}[31m"
expect_not_contains "$TMP/err" "$ESC"
expect_status 2 "$HCL" "v${ESC}[31m"
expect_not_contains "$TMP/err" "$ESC"
expect_status 2 "$HCL" edit "$TMP/d/x.hcl" attribute "g${ESC}[31m"
expect_contains "$TMP/err" 'unknown operation "attribute g\x1b[31m"'

# One parser for --syntax: the same refusal from every subcommand that takes it.
expect_status 2 "$HCL" eval --syntax yaml 1
expect_contains "$TMP/err" "hcl eval: --syntax must be hcl or json"
expect_status 2 "$HCL" dec --syntax yaml --spec "$TMP/d/x.hcl"
expect_contains "$TMP/err" "hcl dec: --syntax must be hcl or json"

finish
