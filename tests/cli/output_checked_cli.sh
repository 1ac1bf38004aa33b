#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Lost output is never success: every subcommand's writes to standard output and standard error
# are checked once at the end (app::finish_output). A full disk is exit 2 with a message; a reader
# that went away ends the run quietly, but not with 0.
. "$(dirname "$0")/lib.sh"

printf 'a = 1\n' > "$TMP/ok.hcl"
for args in "eval 1" "eval --functions" "--version" "--help" "help eval" "validate --format json $TMP/ok.hcl" \
            "validate $TMP/ok.hcl" "dec --version" "json $TMP/ok.hcl" "eval --file $TMP/ok.hcl"; do
  # shellcheck disable=SC2086
  "$HCL" $args > /dev/full 2> "$TMP/err"
  got=$?
  [ "$got" -eq 2 ] || fail "hcl $args > /dev/full: exit $got (want 2)"
  expect_contains "$TMP/err" "cannot write"
done

# Diagnostics lost on a full stderr are a failure too.
"$HCL" eval 'nope(' > /dev/null 2> /dev/full
got=$?
[ "$got" -eq 2 ] || fail "diagnostics to /dev/full: exit $got (want 2)"

# SIGPIPE ignored and the reader gone: quiet, and not 0.
(
  trap '' PIPE
  "$HCL" eval 'join("\n", [for i in range(1024) : format("%0500d", i)])' --raw 2> "$TMP/pipe_err" | true
  echo "${PIPESTATUS[0]}" > "$TMP/pipe_status"
)
[ "$(cat "$TMP/pipe_status")" != 0 ] || fail "closed pipe with SIGPIPE ignored exited 0"
expect_empty "$TMP/pipe_err"

# JSON reports of files holding invalid UTF-8 write U+FFFD (as Go does) instead of aborting.
printf 'a = "\xff"\nb = \n' > "$TMP/bad.hcl"
expect_status 1 "$HCL" validate --format json "$TMP/bad.hcl"
expect_contains "$TMP/out" '"valid": false'
printf 'a  = "\xff"\n' > "$TMP/bad2.hcl"
expect_status 2 "$HCL" fmt --check --format json "$TMP/bad2.hcl"
expect_contains "$TMP/out" "Invalid character encoding"

finish
