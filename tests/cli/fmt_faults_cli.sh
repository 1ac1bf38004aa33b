# SPDX-License-Identifier: Apache-2.0
# hcl fmt --write under faults: read-only directories, hard links, files changed while being
# formatted, concurrent runs on one tree. No file is ever truncated or lost; every failure names
# its path.
. "$(dirname "$0")/lib.sh"
UNF=$'a=1\nbbb = 2\n'
FMT=$'a   = 1\nbbb = 2\n'
put() { printf '%s' "$2" > "$1"; }

# A read-only directory gets no new names (not even from root): its files are rewritten in place,
# as terraform fmt rewrites every file, and no temporary file appears in it.
mkdir "$TMP/rod" && put "$TMP/rod/a.tf" "$UNF" && chmod 555 "$TMP/rod"
inode=$(stat -c %i "$TMP/rod/a.tf")
expect_status 0 "$HCL" fmt "$TMP/rod"
[ "$(cat "$TMP/rod/a.tf")" = "$(printf '%s' "$FMT")" ] || fail "file in read-only directory not formatted"
[ "$(stat -c %i "$TMP/rod/a.tf")" = "$inode" ] || fail "file in read-only directory replaced, not rewritten"
[ "$(ls -A "$TMP/rod" | wc -l)" -eq 1 ] || fail "temporary file left in read-only directory"
chmod 755 "$TMP/rod"

# Hard links: every name sees the formatted contents; the files stay one file.
mkdir "$TMP/hl" && put "$TMP/hl/a.tf" "$UNF" && ln "$TMP/hl/a.tf" "$TMP/hl/b.tf"
inode=$(stat -c %i "$TMP/hl/a.tf")
expect_status 0 "$HCL" fmt "$TMP/hl/a.tf"
[ "$(cat "$TMP/hl/b.tf")" = "$(printf '%s' "$FMT")" ] || fail "hard link not updated: $(cat "$TMP/hl/b.tf")"
[ "$(stat -c %i "$TMP/hl/a.tf")" = "$inode" ] && [ "$(stat -c %h "$TMP/hl/a.tf")" = 2 ] || fail "hard link broken"
[ "$(ls -A "$TMP/hl" | wc -l)" -eq 2 ] || fail "temporary file left beside a hard-linked file"

# Many runs at once over one tree: every file ends formatted and whole, nothing else appears.
mkdir "$TMP/tree"
for d in 1 2 3 4; do
  mkdir "$TMP/tree/d$d"
  for f in 1 2 3 4 5 6 7 8 9 10; do put "$TMP/tree/d$d/f$f.tf" "$UNF$(printf 'x%d = %d\n' "$f" "$f")"; done
done
pids=""
for r in 1 2 3 4 5 6; do "$HCL" fmt -r "$TMP/tree" >"$TMP/run$r.out" 2>"$TMP/run$r.err" & pids="$pids $!"; done
for p in $pids; do wait "$p" || true; done
for r in 1 2 3 4 5 6; do
  # A run may see a file another run has just replaced ("changed while it was being formatted").
  grep -v "changed while it was being formatted" "$TMP/run$r.err" | grep . && fail "run $r reported: $(cat "$TMP/run$r.err")"
done
for f in "$TMP"/tree/d*/f*.tf; do
  n=$(basename "$f" .tf); n=${n#f}
  want=$(printf '%s' "$UNF$(printf 'x%d = %d\n' "$n" "$n")" | "$HCL" fmt -)
  [ "$(cat "$f")" = "$want" ] || { fail "$f damaged: $(cat "$f")"; break; }
done
[ "$(find "$TMP/tree" -type f | wc -l)" -eq 40 ] || fail "stray files: $(find "$TMP/tree" -type f -name '.*')"
expect_status 0 "$HCL" fmt --check -r "$TMP/tree"

# (A file changed by another program between reading and writing is covered by the unit tests of
# io::replace_file's stamp check.)

finish
