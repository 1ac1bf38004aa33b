# SPDX-License-Identifier: Apache-2.0
# Helpers for the command-line tests (sourced). Each script gets HCL and TESTDATA as arguments.
set -u
HCL=$1
TESTDATA=$2
FAILS=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail() { echo "FAIL: $*" >&2; FAILS=$((FAILS + 1)); }

# expect_status WANT CMD... : run CMD, check its exit status; output lands in $TMP/out, $TMP/err.
expect_status() {
  local want=$1; shift
  "$@" >"$TMP/out" 2>"$TMP/err"
  local got=$?
  [ "$got" -eq "$want" ] || fail "exit $got (want $want): $* ; stderr: $(head -c 400 "$TMP/err")"
}

expect_contains() { grep -qF -- "$2" "$1" || fail "$1 lacks '$2': $(head -c 400 "$1")"; }
expect_not_contains() { ! grep -qF -- "$2" "$1" || fail "$1 contains '$2'"; }
expect_empty() { [ ! -s "$1" ] || fail "$1 not empty: $(head -c 400 "$1")"; }

# run_bounded WANT_STATUS FILE_FOR_STDERR CMD...: CMD (stdout in $TMP/out) gets 60 s and
# BOUNDED_MEMORY_MB of memory (default 4096), and must exit WANT_STATUS. A sanitizer build reserves
# terabytes of address space for its shadow memory, so there the ceiling is on resident memory
# instead (ASan's hard_rss_limit_mb), which it enforces by failing the run.
run_bounded() {
  local want=$1 err=$2; shift 2
  local mb=${BOUNDED_MEMORY_MB:-4096} ceiling
  if grep -q __asan_init "$HCL" 2>/dev/null; then
    ceiling=unlimited
  else
    ceiling=$((mb * 1024))
  fi
  ( ulimit -v $ceiling; export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=$mb
    timeout 60 "$@" ) >"$TMP/out" 2>"$err"
  local got=$?
  [ "$got" -eq "$want" ] || fail "exit $got (want $want): $* : $(head -c 300 "$err")"
}

finish() {
  if [ "$FAILS" -gt 0 ]; then echo "$FAILS failure(s)" >&2; exit 1; fi
  echo "ok"
}
