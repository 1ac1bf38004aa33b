# SPDX-License-Identifier: Apache-2.0
# The documentation matches the program: every subcommand has a man page that renders cleanly and
# describes every option its --help lists; `hcl help SUB` is `hcl SUB --help`; --version works.
. "$(dirname "$0")/lib.sh"
MAN_SRC=$TESTDATA/../man
MAN_BUILT=$(dirname "$HCL")/man

"$HCL" --version | grep -Eq '^hcl [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version: $("$HCL" --version)"
[ -f "$MAN_BUILT/hcl.1" ] || fail "hcl.1 was not built"

subs=$("$HCL" --help | awk '/^Subcommands:/ {on=1; next} on && !NF {exit} on {print $1}' | grep -vx help)
[ -n "$subs" ] || fail "no subcommands listed by hcl --help"
for sub in $subs; do
  page=$MAN_SRC/hcl-$sub.1.scd
  [ -f "$page" ] || { fail "no man page for $sub ($page)"; continue; }
  grep -q "hcl-$sub" "$MAN_SRC/hcl.1.scd" || fail "hcl(1) does not mention hcl-$sub"
  "$HCL" "$sub" --help > "$TMP/help.$sub"
  "$HCL" help "$sub" > "$TMP/help2.$sub"
  cmp -s "$TMP/help.$sub" "$TMP/help2.$sub" || fail "hcl help $sub differs from hcl $sub --help"
  for opt in $(grep -oE -- '--[a-z][a-z-]*' "$TMP/help.$sub" | sort -u); do
    grep -qF -- "*$opt" "$page" || fail "hcl-$sub(1) does not describe $opt"
  done
  built=$MAN_BUILT/hcl-$sub.1
  [ -f "$built" ] || { fail "hcl-$sub.1 was not built"; continue; }
  groff -ww -man -Tutf8 "$built" > /dev/null 2> "$TMP/groff" || fail "groff failed on hcl-$sub.1"
  [ -s "$TMP/groff" ] && fail "groff warnings for hcl-$sub.1: $(head -3 "$TMP/groff")"
  MANWIDTH=80 man -l "$built" > "$TMP/page" 2>/dev/null || fail "man -l hcl-$sub.1"
  grep -q "EXIT STATUS" "$TMP/page" || fail "hcl-$sub(1) has no EXIT STATUS"
  grep -q "EXAMPLES" "$TMP/page" || fail "hcl-$sub(1) has no EXAMPLES"
done
# Every synopsis line is a command line starting with hcl (hcl(1) had a stray description and a bare
# "help").
for page in "$MAN_SRC"/*.1.scd; do
  awk '/^# SYNOPSIS/ {on=1; next} /^# / {on=0} on && NF' "$page" | grep -v '^\*hcl' > "$TMP/synopsis" &&
    fail "$(basename "$page"): synopsis lines not starting with *hcl*: $(head -3 "$TMP/synopsis")"
done
# hcl-fmt(1) says what --write=false does: list, diff or print, and write nothing.
grep -A4 -- '--write\*=_true_|_false_' "$MAN_SRC/hcl-fmt.1.scd" | grep -q "nothing is written" || fail "hcl-fmt(1) --write=false"
# docs/json.md no longer says evaluation is missing.
! grep -q "not available yet" "$TESTDATA/../docs/json.md" || fail "docs/json.md says --simplify is not available"
"$HCL" help > "$TMP/out"; grep -q "Subcommands:" "$TMP/out" || fail "hcl help"
expect_status 2 "$HCL" help nosuchcommand

finish
