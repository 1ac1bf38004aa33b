# SPDX-License-Identifier: Apache-2.0
# hcl fmt in place: atomic replacement, permissions, symbolic links, read-only files, failed
# writes, and files that must never be written.
# usage: bash fmt_inplace.sh HCL_BINARY TESTDATA_DIR
set -u
HCL=$(realpath "$1")
T=$(mktemp -d)
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
status() { if [ "$3" -eq "$2" ]; then ok; else fail "$1: exit status $3, expected $2"; fi; }
same() { if [ "$2" = "$3" ]; then ok; else fail "$1: expected [$2] got [$3]"; fi; }
# Only the file itself may be in the directory afterwards: no temporary file left behind.
alone() { local n; n=$(ls -A "$2" | wc -l); if [ "$n" -eq "$3" ]; then ok; else fail "$1: $(ls -A "$2")"; fi; }

UNFORMATTED=$'a=1\nbbb = 2\n'
FORMATTED=$'a   = 1\nbbb = 2\n'

# Permission bits are kept.
mkdir "$T/perm"; printf '%s' "$UNFORMATTED" > "$T/perm/a.hcl"; chmod 640 "$T/perm/a.hcl"
"$HCL" fmt "$T/perm/a.hcl" >/dev/null; st=$?
status "rewrite" 0 $st
same "rewritten" "$FORMATTED" "$(cat "$T/perm/a.hcl")"$'\n'
same "permissions kept" "640" "$(stat -c %a "$T/perm/a.hcl")"
alone "no temporary file" "$T/perm" 1

# The file is replaced by a rename (never truncated and rewritten in place).
printf '%s' "$UNFORMATTED" > "$T/perm/b.hcl"
inode=$(stat -c %i "$T/perm/b.hcl")
"$HCL" fmt "$T/perm/b.hcl" >/dev/null
[ "$(stat -c %i "$T/perm/b.hcl")" != "$inode" ] && ok || fail "file was not replaced atomically (same inode)"

# Symbolic links: the link stays, its target is rewritten.
mkdir "$T/link"; printf '%s' "$UNFORMATTED" > "$T/link/target.hcl"; ln -s target.hcl "$T/link/link.hcl"
out=$("$HCL" fmt "$T/link/link.hcl"); st=$?
status "symlink" 0 $st
same "symlink listed by its name" "$T/link/link.hcl" "$out"
[ -L "$T/link/link.hcl" ] && ok || fail "symlink replaced by a file"
same "symlink target rewritten" "$FORMATTED" "$(cat "$T/link/target.hcl")"$'\n'
alone "no temporary file beside the target" "$T/link" 2

# Already formatted files are not touched at all.
mkdir "$T/same"; printf '%s' "$FORMATTED" > "$T/same/a.hcl"; touch -d '2001-02-03 04:05:06' "$T/same/a.hcl"
before=$(stat -c '%i %Y' "$T/same/a.hcl")
out=$("$HCL" fmt "$T/same"); st=$?
status "formatted file" 0 $st; same "formatted file not listed" "" "$out"
same "formatted file untouched (inode, mtime)" "$before" "$(stat -c '%i %Y' "$T/same/a.hcl")"

# Read-only files are reported, not replaced (even for root, who could rename over them).
mkdir "$T/ro"; printf '%s' "$UNFORMATTED" > "$T/ro/a.hcl"; printf '%s' "$UNFORMATTED" > "$T/ro/b.hcl"
chmod 444 "$T/ro/a.hcl"
"$HCL" fmt "$T/ro" >/dev/null 2>"$T/err"; st=$?
status "read-only file" 2 $st
same "read-only file unchanged" "$UNFORMATTED" "$(cat "$T/ro/a.hcl")"$'\n'
grep -q "a.hcl.*read-only" "$T/err" && ok || fail "read-only reported: $(cat "$T/err")"
same "other file still written" "$FORMATTED" "$(cat "$T/ro/b.hcl")"$'\n'
alone "no temporary file" "$T/ro" 2

# A write that fails part-way (file size limit, as a full disk would) leaves the original whole.
mkdir "$T/full"
{ printf 'block {\n'; for i in $(seq 1 400); do printf 'attribute_%d="value"\n' "$i"; done; printf '}\n'; } > "$T/full/big.hcl"
cp "$T/full/big.hcl" "$T/big.orig"
(trap '' XFSZ; ulimit -f 4; "$HCL" fmt "$T/full/big.hcl") >/dev/null 2>"$T/err"; st=$?
status "failed write" 2 $st
cmp -s "$T/full/big.hcl" "$T/big.orig" && ok || fail "original damaged by a failed write"
grep -q "cannot write" "$T/err" && ok || fail "failed write reported: $(cat "$T/err")"
alone "no temporary file after a failed write" "$T/full" 1

# A real full disk, where a small file system can be mounted (root, outside restricted containers).
mkdir "$T/tmpfs"
if mount -t tmpfs -o size=16k tmpfs "$T/tmpfs" 2>/dev/null; then
  cp "$T/big.orig" "$T/tmpfs/big.hcl" 2>/dev/null
  head -c 4096 /dev/zero > "$T/tmpfs/filler" 2>/dev/null
  cp "$T/tmpfs/big.hcl" "$T/tmpfs.orig"
  "$HCL" fmt "$T/tmpfs/big.hcl" >/dev/null 2>"$T/err"; st=$?
  status "full disk" 2 $st
  cmp -s "$T/tmpfs/big.hcl" "$T/tmpfs.orig" && ok || fail "original damaged on a full disk"
  alone "no temporary file on a full disk" "$T/tmpfs" 2
  umount "$T/tmpfs"
fi

# Invalid input is never written.
mkdir "$T/bad"; printf 'a=1\nb = \n' > "$T/bad/a.hcl"; touch -d '2001-02-03 04:05:06' "$T/bad/a.hcl"
before=$(stat -c '%i %Y %s' "$T/bad/a.hcl")
"$HCL" fmt "$T/bad/a.hcl" >/dev/null 2>&1; st=$?
status "invalid input" 2 $st
same "invalid input untouched" "$before" "$(stat -c '%i %Y %s' "$T/bad/a.hcl")"

# --check and standard input never write.
mkdir "$T/check"; printf '%s' "$UNFORMATTED" > "$T/check/a.hcl"; touch -d '2001-02-03 04:05:06' "$T/check/a.hcl"
before=$(stat -c '%i %Y %s' "$T/check/a.hcl")
"$HCL" fmt --check "$T/check" >/dev/null; st=$?
status "--check" 3 $st
same "--check wrote nothing" "$before" "$(stat -c '%i %Y %s' "$T/check/a.hcl")"
(cd "$T/check" && "$HCL" fmt - < a.hcl >/dev/null); st=$?
status "stdin" 0 $st
same "stdin touched no file" "$before" "$(stat -c '%i %Y %s' "$T/check/a.hcl")"
alone "nothing created by --check or stdin" "$T/check" 1

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
