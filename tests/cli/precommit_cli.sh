# SPDX-License-Identifier: Apache-2.0
# The repository's pre-commit hooks, end to end with Debian's pre-commit in a throwaway repository:
# a commit with a badly formatted file is rejected (and the file fixed), a commit with a syntax
# error is rejected, and a clean commit goes through.
. "$(dirname "$0")/lib.sh"
command -v pre-commit >/dev/null || { fail "pre-commit is not installed (packaging/deps.sh installs it)"; finish; }
ROOT=$(cd "$TESTDATA/.." && pwd)
export PATH="$(dirname "$HCL"):$PATH"
export PRE_COMMIT_HOME="$TMP/cache" GIT_CONFIG_NOSYSTEM=1 HOME="$TMP"
git config --global user.email t@example.invalid
git config --global user.name test
git config --global init.defaultBranch main

# A repository holding just the hooks file, standing in for this project's published repository.
mkdir "$TMP/hooks-repo"
cp "$ROOT/.pre-commit-hooks.yaml" "$TMP/hooks-repo/"
git -C "$TMP/hooks-repo" init -q
git -C "$TMP/hooks-repo" add .pre-commit-hooks.yaml
git -C "$TMP/hooks-repo" commit -qm hooks
rev=$(git -C "$TMP/hooks-repo" rev-parse HEAD)

# check_hooks NAME CONFIG: in a fresh repository using CONFIG, a commit with a badly formatted
# file is rejected and the file fixed, a formatted one goes through, a syntax error is rejected.
check_hooks() {
  local name=$1
  mkdir "$TMP/$name" && cd "$TMP/$name" && git init -q
  cp "$2" .pre-commit-config.yaml
  git add .pre-commit-config.yaml && git commit -qm config
  pre-commit install >/dev/null || fail "$name: pre-commit install"

  printf 'a=1\nlonger_name = 2\n' > main.tf
  git add main.tf
  if git commit -qm unformatted >"$TMP/out" 2>&1; then fail "$name: unformatted commit was accepted"; fi
  expect_contains "$TMP/out" "files were modified by this hook"
  [ "$(cat main.tf)" = "$(printf 'a           = 1\nlonger_name = 2')" ] || fail "$name: hook did not format: $(cat main.tf)"
  git add main.tf
  git commit -qm formatted >"$TMP/out" 2>&1 || fail "$name: formatted commit rejected: $(cat "$TMP/out")"

  printf 'b = [1 2]\n' > broken.tf
  git add broken.tf
  if git commit -qm broken >"$TMP/out" 2>&1; then fail "$name: commit with a syntax error was accepted"; fi
  expect_contains "$TMP/out" "Missing item separator"
  # fmt leaves the error to validate: it is reported once.
  [ "$(grep -c "Missing item separator" "$TMP/out")" = 1 ] || fail "$name: the syntax error is reported $(grep -c "Missing item separator" "$TMP/out") times"
}

cat > "$TMP/remote-config.yaml" <<YAML
repos:
  - repo: $TMP/hooks-repo
    rev: $rev
    hooks:
      - id: hcl-fmt
      - id: hcl-validate
YAML
check_hooks remote "$TMP/remote-config.yaml"

# The snippet of docs/ci.md, as written (a local hook: no tag or clone needed).
python3 - "$ROOT/docs/ci.md" > "$TMP/readme-config.yaml" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"^pre-commit \(`\.pre-commit-config\.yaml`.*?^```yaml\n(.*?)^```", text, flags=re.S | re.M)
sys.stdout.write(m.group(1) if m else "")
PY
[ -s "$TMP/readme-config.yaml" ] || fail "no pre-commit snippet in docs/ci.md"
check_hooks readme "$TMP/readme-config.yaml"

finish
