#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Text output escapes what files could send to a terminal (as Go's %q shows it), and no file name
# can forge a line: a name holding a newline and "::error" stays on its own line.
. "$(dirname "$0")/lib.sh"

name=$'x\n::error file=main.tf,line=1::forged.hcl'
mkdir "$TMP/d"
printf 'a = 1\nb =\n' > "$TMP/d/$name"
printf 'c = "\x1b]0;pwned\x07\x1b[2J" d\n' > "$TMP/d/esc.hcl"

expect_status 1 "$HCL" validate "$TMP/d"
grep -q '^::error' "$TMP/err" && fail "validate: a file name started a ::error line: $(cat "$TMP/err")"
expect_contains "$TMP/err" 'x\n::error file=main.tf,line=1::forged.hcl line 2:'
grep -q $'\x1b' "$TMP/err" && fail "validate: an escape sequence from a file reached the output"
expect_contains "$TMP/err" '\x1b]0;pwned\a\x1b[2J'

mkdir "$TMP/f"
printf 'a=1\n' > "$TMP/f/$name"
expect_status 0 "$HCL" fmt --write=false --list "$TMP/f"
grep -q '^::error' "$TMP/out" && fail "fmt: a file name started a ::error line: $(cat "$TMP/out")"
[ "$(wc -l < "$TMP/out")" -eq 1 ] || fail "fmt listed a name on several lines: $(cat "$TMP/out")"
expect_status 0 "$HCL" fmt --write=false --list=false --diff "$TMP/f"
grep -q '^::error' "$TMP/out" && fail "fmt --diff: a file name started a ::error line: $(cat "$TMP/out")"
expect_contains "$TMP/out" 'x\n::error file=main.tf,line=1::forged.hcl'

finish
