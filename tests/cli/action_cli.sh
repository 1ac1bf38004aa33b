# SPDX-License-Identifier: Apache-2.0
# The GitHub Action's steps (action.yml runs packaging/action.sh), run here as a runner would:
# installing a release checks its SHA256SUMS and puts hcl on GITHUB_PATH; the check step prints
# annotations at the lines at fault, writes SARIF on request, and fails when a check fails.
. "$(dirname "$0")/lib.sh"
ROOT=$TESTDATA/..
ACTION=$ROOT/packaging/action.sh
command -v curl >/dev/null || { fail "curl is needed for the release install"; finish; }

# action.yml runs exactly these two steps, with the environment the script reads.
for step in install check; do
  grep -qF "run: bash \"\$GITHUB_ACTION_PATH/packaging/action.sh\" $step" "$ROOT/action.yml" || fail "action.yml lacks the $step step"
done
for var in HCL_INSTALL HCL_VERSION HCL_REPOSITORY HCL_PATHS HCL_VALIDATE HCL_FMT HCL_FORMAT; do
  grep -q "^        $var: " "$ROOT/action.yml" || fail "action.yml does not pass $var"
done

# A release as release.sh lays it out, served from a file:// URL.
rel=$TMP/releases/v9.9.9 name=hcl-9.9.9-linux-x86_64
mkdir -p "$rel" "$TMP/stage/$name"
cp "$HCL" "$TMP/stage/$name/hcl"
tar -C "$TMP/stage" -czf "$rel/$name.tar.gz" "$name"
(cd "$rel" && sha256sum "$name.tar.gz" > SHA256SUMS)
export RUNNER_TEMP=$TMP/runner GITHUB_PATH=$TMP/github_path GITHUB_OUTPUT=$TMP/github_output
mkdir -p "$RUNNER_TEMP"
HCL_INSTALL=release HCL_VERSION=v9.9.9 HCL_RELEASE_URL=file://$TMP/releases expect_status 0 bash "$ACTION" install
expect_contains "$TMP/out" "targets HCL"
bin=$(cat "$GITHUB_PATH")
[ -x "$bin/hcl" ] || fail "no hcl in GITHUB_PATH ($bin)"

# A tampered tarball is refused.
echo tampered >> "$rel/$name.tar.gz"
mkdir -p "$TMP/runner2"
RUNNER_TEMP=$TMP/runner2 GITHUB_PATH=$TMP/github_path2 HCL_INSTALL=release HCL_VERSION=v9.9.9 \
  HCL_RELEASE_URL=file://$TMP/releases expect_status 1 bash "$ACTION" install
[ ! -e "$TMP/github_path2" ] || fail "a tampered release was put on GITHUB_PATH"
expect_contains "$TMP/err" "does not match the release's SHA256SUMS"

# The check step, with hcl from GITHUB_PATH.
export PATH="$bin:$PATH"
mkdir -p "$TMP/repo/infra/mod" && cd "$TMP/repo"
printf 'variable "a" {\n  type = string\n}\n\nlocals {\n  x=1\n}\n' > infra/main.tf
printf 'b = [1 2]\n' > infra/mod/broken.tf
HCL_PATHS=infra expect_status 1 bash "$ACTION" check
expect_contains "$TMP/out" "::error file=infra/mod/broken.tf,line=1,"
expect_contains "$TMP/out" "::error file=infra/main.tf,line=6,"
HCL_PATHS=infra HCL_FORMAT=sarif expect_status 1 bash "$ACTION" check
expect_contains "$GITHUB_OUTPUT" "sarif=hcl-validate.sarif hcl-fmt.sarif"
python3 -c 'import json,sys; [json.load(open(f)) for f in sys.argv[1:]]' hcl-validate.sarif hcl-fmt.sarif || fail "SARIF files"
rm infra/mod/broken.tf && hcl fmt -r infra > /dev/null
HCL_PATHS=infra expect_status 0 bash "$ACTION" check
expect_empty "$TMP/out"
# A mistyped path fails the check instead of passing on nothing.
mkdir infra2
HCL_PATHS=infra2 expect_status 1 bash "$ACTION" check

finish
