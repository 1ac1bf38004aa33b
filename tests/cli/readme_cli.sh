# SPDX-License-Identifier: Apache-2.0
# The README's examples, run as written: each "$ command" of the everyday-use sections runs in a
# copy of that section's files (testdata/_readme/<section>), or for the Packer and Nomad examples
# in the repository, and must print what the README shows after it. docs/json.md's examples run
# the same way in testdata/_readme/docs-json, docs/eval.md's in the repository and docs/security.md's in testdata/_readme/docs-security.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTDATA/.." && pwd)
command -v jq >/dev/null || { fail "jq is needed by the README's json examples"; finish; }
mkdir -p "$TMP/bin" && ln -s "$(cd "$(dirname "$HCL")" && pwd)/$(basename "$HCL")" "$TMP/bin/hcl"
PATH="$TMP/bin:$PATH" python3 - "$ROOT" "$TMP" <<'PY' || fail "README examples differ (above)"
import os, re, shutil, subprocess, sys
root, tmp = sys.argv[1], sys.argv[2]
failures = checked = 0
# git as a fresh installation runs it: no pager, no colour, whatever the user's configuration.
GIT_ENV = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1", GIT_PAGER="cat")

def run_blocks(text, sections):
    """Runs the "$ " blocks of text; sections maps heading prefixes to fixtures ("" for all)."""
    global failures, checked
    heading = sections.get("", "skip")
    for part in re.split(r"^(### .*)$", text, flags=re.M):
        if part.startswith("### ") and "" not in sections:
            heading = next((v for k, v in sections.items() if part.startswith(k)), "skip")
            continue
        if heading == "skip":
            continue
        for block in re.findall(r"^```\n(.*?)^```", part, flags=re.S | re.M):
            if not block.startswith("$ "):
                continue
            if heading is None:
                cwd = root
            else:
                cwd = os.path.join(tmp, "readme-" + heading)
                if not os.path.exists(cwd):
                    shutil.copytree(os.path.join(root, "testdata", "_readme", heading), cwd)
                    # An example that shows `git diff` starts from its files committed.
                    if re.search(r"^\$ git ", block, flags=re.M):
                        for git in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "before"]):
                            subprocess.run(["git", "-c", "user.name=hcl", "-c", "user.email=hcl@localhost"] + git,
                                           cwd=cwd, check=True, env=GIT_ENV)
            # Commands ("$ " lines, continued by a trailing backslash) and what each prints.
            steps, lines = [], block.splitlines()
            i = 0
            while i < len(lines):
                cmd = lines[i][2:]
                while cmd.endswith("\\"):
                    i += 1
                    cmd = cmd[:-1] + lines[i].strip()
                i += 1
                out = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    out.append(lines[i]); i += 1
                steps.append((cmd, "\n".join(out)))
            status = 0
            for cmd, want in steps:
                cmd = cmd.replace("$?", str(status))
                p = subprocess.run(["bash", "-c", cmd + " 2>&1"], cwd=cwd, capture_output=True, text=True,
                                   stdin=subprocess.DEVNULL, env=GIT_ENV)
                status = p.returncode
                got = p.stdout.rstrip("\n")
                checked += 1
                if got != want.rstrip("\n"):
                    failures += 1
                    print(f"example in {heading or 'the repository'}: $ {cmd}\n--- want\n{want}\n--- got\n{got}\n")

run_blocks(open(os.path.join(root, "README.md")).read(),
           {"### 1.": "validate", "### 2.": "fmt", "### 3.": "eval", "### 4.": "json", "### 5.": "edit",
            "### Whole configurations": None})
run_blocks(open(os.path.join(root, "docs", "json.md")).read(), {"": "docs-json"})
run_blocks(open(os.path.join(root, "docs", "eval.md")).read(), {"": None})
run_blocks(open(os.path.join(root, "docs", "security.md")).read(), {"": "docs-security"})
print(f"{checked} documented commands checked")
sys.exit(1 if failures or checked < 14 else 0)
PY
finish
