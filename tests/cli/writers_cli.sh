#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Writers never replace what is not a regular file, keep what terraform keeps, work where only
# the file is writable, and leave a file whole, or its new contents whole beside it, however they
# are stopped (io::replace_file, io::write_output).
. "$(dirname "$0")/lib.sh"
chmod 755 "$TMP"
printf 'a = 1\n' > "$TMP/in.hcl"
printf 'object {\n  attr "a" {\n    type = number\n  }\n}\n' > "$TMP/spec.hcldec"

# dec -o into a device or a FIFO writes into it, as a shell redirection would; never replaces it.
# As root, a device node of its own: a writer that replaces devices must not take /dev/null.
dev=/dev/null
if [ "$(id -u)" = 0 ] && mknod "$TMP/null" c 1 3 2> /dev/null && echo x > "$TMP/null"; then dev=$TMP/null; fi
expect_status 0 "$HCL" dec --spec "$TMP/spec.hcldec" -o "$dev" "$TMP/in.hcl"
[ -c "$dev" ] || fail "dec -o $dev replaced the device"
mkfifo "$TMP/out.fifo"
timeout 10 cat "$TMP/out.fifo" > "$TMP/from_fifo" &
reader=$!
expect_status 0 timeout 10 "$HCL" dec --spec "$TMP/spec.hcldec" -o "$TMP/out.fifo" "$TMP/in.hcl"
wait "$reader"
[ -p "$TMP/out.fifo" ] || fail "dec -o FIFO replaced the FIFO"
expect_contains "$TMP/from_fifo" '"a":1'
# fmt of a FIFO named explicitly reads it and refuses to write it.
mkfifo "$TMP/x.hcl"
printf 'a=1\n' > "$TMP/x.hcl" &
expect_status 2 timeout 10 "$HCL" fmt "$TMP/x.hcl"
expect_contains "$TMP/err" "a named pipe, not a regular file; left as it is"
[ -p "$TMP/x.hcl" ] || fail "fmt replaced a FIFO"

# setuid and setgid bits, owner and group stay (terraform writes in place and keeps them).
printf 'a=1\n' > "$TMP/suid.hcl"
# (chown clears those bits, so it comes first)
if [ "$(id -u)" = 0 ] && getent passwd nobody > /dev/null; then chown nobody "$TMP/suid.hcl"; fi
chmod 6755 "$TMP/suid.hcl"
before=$(stat -c '%a %U %G' "$TMP/suid.hcl")
expect_status 0 "$HCL" fmt "$TMP/suid.hcl"
[ "$(stat -c '%a %U %G' "$TMP/suid.hcl")" = "$before" ] || fail "mode or owner changed: $before -> $(stat -c '%a %U %G' "$TMP/suid.hcl")"
[ "$(cat "$TMP/suid.hcl")" = "a = 1" ] || fail "suid file not formatted"

# A non-root user may format a file they can write in a directory they cannot.
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null && getent passwd nobody > /dev/null; then
  mkdir "$TMP/closed"
  printf 'a=1\n' > "$TMP/closed/f.hcl"
  chown nobody "$TMP/closed/f.hcl"
  chmod 755 "$TMP/closed"
  inode=$(stat -c %i "$TMP/closed/f.hcl")
  setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$HCL" fmt "$TMP/closed/f.hcl" > "$TMP/out" 2> "$TMP/err" ||
    fail "fmt as nobody in an unwritable directory: $(cat "$TMP/err")"
  [ "$(cat "$TMP/closed/f.hcl")" = "a = 1" ] || fail "not formatted as nobody"
  [ "$(stat -c '%i %U' "$TMP/closed/f.hcl")" = "$inode nobody" ] || fail "file replaced as nobody"
  [ "$(ls -A "$TMP/closed" | wc -l)" -eq 1 ] || fail "stray file in unwritable directory"
else
  echo "skipped: non-root user test (needs root, setpriv and user nobody)"
fi

# A big unformatted file, and what formatting makes of it.
python3 -c "
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(150000): f.write('a%d=\"%s\"\n' % (i, 'x' * 60))
" "$TMP/big.orig"
"$HCL" fmt - < "$TMP/big.orig" > "$TMP/big.new"
tmpfiles() { find "$1" -name '.*.tmp' | wc -l; }

# SIGTERM while the temporary file is being written: it is removed, the file stays old.
mkdir "$TMP/term"
cp "$TMP/big.orig" "$TMP/term/big.hcl"
"$HCL" fmt "$TMP/term/big.hcl" > /dev/null 2>&1 &
pid=$!
while kill -0 "$pid" 2> /dev/null && [ "$(tmpfiles "$TMP/term")" -eq 0 ]; do :; done
kill -TERM "$pid" 2> /dev/null
wait "$pid"
[ "$(tmpfiles "$TMP/term")" -eq 0 ] || fail "SIGTERM left a temporary file: $(ls -A "$TMP/term")"
cmp -s "$TMP/term/big.hcl" "$TMP/big.orig" || cmp -s "$TMP/term/big.hcl" "$TMP/big.new" || fail "SIGTERM damaged the file"

# A file with two hard links is rewritten in place. SIGTERM during that waits for the rewrite to
# end: the file is wholly new and the copy beside it gone.
rewrite_started() { [ "$(head -c 8 "$1")" != "$(head -c 8 "$TMP/big.orig")" ]; }
# fmt_linked_then SIGNAL: formats the linked file and sends SIGNAL once the rewrite has begun.
fmt_linked_then() {
  "$HCL" fmt "$TMP/linked/big.hcl" > /dev/null 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2> /dev/null && ! rewrite_started "$TMP/linked/big.hcl"; do :; done
  kill "-$1" "$pid" 2> /dev/null
  wait "$pid"
}
mkdir "$TMP/linked"
cp "$TMP/big.orig" "$TMP/linked/big.hcl"
ln "$TMP/linked/big.hcl" "$TMP/linked/other.hcl"
fmt_linked_then TERM
cmp -s "$TMP/linked/other.hcl" "$TMP/big.new" || fail "SIGTERM during an in-place rewrite left the file torn"
[ "$(tmpfiles "$TMP/linked")" -eq 0 ] || fail "SIGTERM left the copy beside a linked file"

# SIGKILL during that rewrite cannot be waited for: the file is old or new, or the complete new
# contents are beside it.
cp "$TMP/big.orig" "$TMP/linked/big.hcl"
fmt_linked_then KILL
recoverable=0
cmp -s "$TMP/linked/big.hcl" "$TMP/big.orig" && recoverable=1
cmp -s "$TMP/linked/big.hcl" "$TMP/big.new" && recoverable=1
for t in "$TMP"/linked/.*.tmp; do [ -f "$t" ] && cmp -s "$t" "$TMP/big.new" && recoverable=1; done
[ "$recoverable" = 1 ] || fail "SIGKILL left neither the old nor the new contents"

finish
