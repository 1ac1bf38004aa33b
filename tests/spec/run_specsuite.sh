#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs HashiCorp's implementation-agnostic HCL spec suite against `hcl dec`:
#   run_specsuite.sh HCL_BINARY WORK_DIR
# The suite's tests come with Debian's golang-github-hashicorp-hcl-v2-dev (specsuite/tests); its
# runner, hclspecsuite, is taken from PATH or built from that package's sources with `go build`
# into WORK_DIR (it needs golang-go). packaging/deps.sh installs both, so CI runs the suite.
#
# Without them the suite cannot run: this says so and exits 77, which ctest reports as skipped,
# unless HCL_REQUIRE_SPECSUITE=1 (CI sets it), which turns that into a failure.
set -uo pipefail
hcl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
work=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

unavailable() {
  echo "hclspecsuite: cannot run the HCL spec suite: $*" >&2
  if [ "${HCL_REQUIRE_SPECSUITE:-0}" = 1 ]; then
    echo "hclspecsuite: HCL_REQUIRE_SPECSUITE=1, so this is a failure (install golang-go and golang-github-hashicorp-hcl-v2-dev: packaging/deps.sh)" >&2
    exit 1
  fi
  echo "hclspecsuite: SKIPPED (install golang-go and golang-github-hashicorp-hcl-v2-dev to run it; set HCL_REQUIRE_SPECSUITE=1 to make this an error)" >&2
  exit 77
}

pkg=golang-github-hashicorp-hcl-v2-dev
tests=${HCL_SPECSUITE_TESTS:-}
if [ -z "$tests" ]; then
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || unavailable "$pkg is not installed"
  tests=$(dpkg -L "$pkg" | grep '/specsuite/tests$' | head -n 1)
fi
[ -d "$tests" ] || unavailable "no specsuite/tests folder in $pkg"

runner=${HCLSPECSUITE:-}
if [ -z "$runner" ]; then
  if command -v hclspecsuite >/dev/null; then
    runner=$(command -v hclspecsuite)
  else
    runner=$work/hclspecsuite
    if [ ! -x "$runner" ]; then
      command -v go >/dev/null || unavailable "hclspecsuite is not on PATH and go (golang-go) is not installed to build it"
      # Debian installs Go library sources as a GOPATH tree.
      gocode=$(dpkg -L "$pkg" | sed -n 's|/src/github.com/hashicorp/hcl/v2$||p' | head -n 1)
      echo "hclspecsuite: building the runner from $gocode" >&2
      GOPATH=$gocode GO111MODULE=off GOFLAGS= GOCACHE=$work/go-cache \
        go build -o "$runner.tmp" github.com/hashicorp/hcl/v2/cmd/hclspecsuite || unavailable "go build of hclspecsuite failed"
      mv "$runner.tmp" "$runner"
    fi
  fi
fi

export HCL_BINARY=$hcl
out=$("$runner" "$tests" "$here/hcldec" 2>&1)
status=$?
echo "$out"
cases=$(find "$tests" -name '*.t' | wc -l)
if [ $status -ne 0 ]; then
  echo "hclspecsuite: FAILED (exit $status) on $cases cases" >&2
  exit 1
fi
echo "hclspecsuite: all $cases cases pass (tests from $tests)"
