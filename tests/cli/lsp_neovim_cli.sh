# SPDX-License-Identifier: Apache-2.0
# `hcl lsp` in a real editor: Neovim's built-in client (tests/lsp/neovim_client.lua) sees a
# diagnostic, formats a file into `hcl fmt`'s bytes and jumps to a variable's definition.
. "$(dirname "$0")/lib.sh"
if ! command -v nvim >/dev/null; then
  # CI installs every tool the suite uses (packaging/deps.sh), so there a missing editor fails.
  if [ "${HCL_REQUIRE_TOOLS:-}" = 1 ]; then echo "FAIL: nvim is not installed (packaging/deps.sh installs it)" >&2; exit 1; fi
  echo "skipped: nvim is not installed (packaging/deps.sh installs it)"
  exit 77
fi
cp "$TESTDATA/_lsp/broken.hcl" "$TESTDATA/_lsp/unformatted.tf" "$TESTDATA/_lsp/unit/"*.tf "$TMP/"
printf 'job "web" {\n  datacenters = ["dc1"]\n}\n' > "$TMP/job.nomad"
# The two Neovim set-ups of docs/lsp.md, verbatim, with the hcl under test first on PATH.
ROOT=$(cd "$TESTDATA/.." && pwd)
for v in 08 07; do
  python3 - "$ROOT/docs/lsp.md" "$v" > "$TMP/setup_$v.lua" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
head = r"\*\*Neovim\*\* 0\.8 or later" if sys.argv[2] == "08" else r"\*\*Neovim 0\.7\*\*"
m = re.search(head + r".*?```lua\n(.*?)```", text, flags=re.S)
sys.stdout.write(m.group(1) if m else "")
PY
  [ -s "$TMP/setup_$v.lua" ] || fail "no Neovim $v set-up in docs/lsp.md"
done
export PATH="$(dirname "$HCL"):$PATH"
client="$(cd "$(dirname "$0")/../lsp" && pwd)/neovim_client.lua"
out="$TMP/nvim.out"
(cd "$TMP" && SETUP_08="$TMP/setup_08.lua" SETUP_07="$TMP/setup_07.lua" WORKDIR="$TMP" OUT="$out" HOME="$TMP" \
  XDG_STATE_HOME="$TMP" timeout 120 nvim --headless --clean -n -c "luafile $client" \
  >"$TMP/nvim.log" 2>&1 </dev/null)
[ -f "$out" ] || fail "neovim wrote no report: $(head -c 600 "$TMP/nvim.log")"
expect_contains "$out" "client true"
expect_contains "$out" "diagnostics 1"
expect_contains "$out" "diagnostic_line 1"  # 0-based: line 2
expect_contains "$out" "diagnostic_message Invalid expression: Expected the start of an expression"
"$HCL" fmt --write=false --list=false "$TMP/unformatted.tf" >"$TMP/want.tf"
cmp -s "$TMP/want.tf" "$TMP/formatted.out" || fail "neovim's formatted buffer differs from hcl fmt: $(diff "$TMP/want.tf" "$TMP/formatted.out" | head -20)"
expect_contains "$out" "definition_file variables.tf"
expect_contains "$out" "definition_cursor 1:10"
expect_contains "$out" "nomad_filetype hcl"
expect_contains "$out" "nomad_attached true"
finish
