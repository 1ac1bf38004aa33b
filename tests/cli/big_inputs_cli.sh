#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Files of 1 MiB and more are mapped rather than read (io::kMapFrom): the mapped bytes must give
# what the same bytes read from a pipe give, up to a file whose size is a whole number of pages
# and whose last token ends at its last byte; and a file the run rewrites is not mapped, so a
# diff shown after rewriting it in place (a file with two hard links) still shows the old text.
source "$(dirname "$0")/lib.sh"

# 2 MiB exactly: unformatted attributes, then one that ends at the file's last byte.
python3 - "$TMP/exact.hcl" <<'PY'
import sys
size = 2 * 1024 * 1024
tail = "last=abc"
body, length, i = [], 0, 0
while length + 32 < size - len(tail):
    line = "a_%d=%d\n" % (i, i)
    body.append(line); length += len(line); i += 1
text = "".join(body)
text += "#" * (size - len(text) - len(tail) - 1) + "\n" + tail
assert len(text) == size
open(sys.argv[1], "w").write(text)
PY
cp "$TMP/exact.hcl" "$TMP/exact.orig"

for cmd in "validate --format json" "json"; do
  # shellcheck disable=SC2086
  "$HCL" $cmd "$TMP/exact.hcl" >"$TMP/mapped.out" 2>"$TMP/mapped.err"; mapped=$?
  # shellcheck disable=SC2086
  cat "$TMP/exact.hcl" | "$HCL" $cmd - >"$TMP/piped.out" 2>"$TMP/piped.err"; piped=$?
  [ "$mapped" -eq "$piped" ] || fail "$cmd: exit $mapped mapped, $piped piped"
  # Names differ (the path against <stdin>); the rest must not.
  for f in out err; do
    sed "s|$TMP/exact.hcl|FILE|g" "$TMP/mapped.$f" >"$TMP/m"; sed "s|<stdin>|FILE|g" "$TMP/piped.$f" >"$TMP/p"
    cmp -s "$TMP/m" "$TMP/p" || fail "$cmd: mapped and piped std$f differ"
  done
done
# Unformatted: --check lists the file and exits 3, as for the same bytes on a pipe.
expect_status 3 "$HCL" fmt --check "$TMP/exact.hcl"
expect_contains "$TMP/out" "$TMP/exact.hcl"
cat "$TMP/exact.hcl" | "$HCL" fmt --check - >/dev/null 2>&1
[ $? -eq 3 ] || fail "fmt --check - from a pipe did not exit 3"
# Standard input redirected from the file is a regular file too, and mapped.
"$HCL" fmt - <"$TMP/exact.hcl" >"$TMP/mapped.out" || fail "fmt - from the file failed"
cat "$TMP/exact.hcl" | "$HCL" fmt - >"$TMP/piped.out" || fail "fmt - from a pipe failed"
cmp -s "$TMP/mapped.out" "$TMP/piped.out" || fail "fmt -: mapped and piped outputs differ"
tail -c 12 "$TMP/mapped.out" | grep -qF 'last = abc' || fail "fmt lost the last token"
cmp -s "$TMP/exact.hcl" "$TMP/exact.orig" || fail "a checking run changed the file"

# A big file with a second hard link is rewritten in place; its diff still shows what it was.
# Mostly comments, which formatting keeps, so that the diff stays short (a diff of many changed
# lines is slow).
mkdir "$TMP/linked"
{
  echo "a_0=0"
  for ((i = 0; i < 20000; i++)); do echo "# a comment line long enough to fill a mapped file quickly"; done
  printf 'last=abc'
} >"$TMP/linked/a.hcl"
ln "$TMP/linked/a.hcl" "$TMP/linked/b.hcl"
expect_status 0 "$HCL" fmt --diff "$TMP/linked/a.hcl"
expect_contains "$TMP/out" "-a_0=0"
grep -qE '^\+a_0 += 0$' "$TMP/out" || fail "the diff lacks the new first line"
expect_contains "$TMP/out" "-last=abc"
cmp -s "$TMP/linked/a.hcl" "$TMP/linked/b.hcl" || fail "the hard links no longer share the file"
head -n 1 "$TMP/linked/b.hcl" | grep -qE '^a_0 += 0$' || fail "the file was not rewritten"

[ "$FAILS" -eq 0 ]
