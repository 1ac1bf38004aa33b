# SPDX-License-Identifier: Apache-2.0
# Every example of the man pages runs as written: each command line of a page's EXAMPLES runs in
# a fresh copy of testdata/_man/<subcommand> and must succeed without a word on standard error.
# render-config, the pages' stand-in for a program that prints a configuration, is
# testdata/_man/bin/render-config.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTDATA/.." && pwd)
command -v jq >/dev/null || { fail "jq is needed by the man pages' examples"; finish; }
mkdir -p "$TMP/bin" && ln -s "$(cd "$(dirname "$HCL")" && pwd)/$(basename "$HCL")" "$TMP/bin/hcl"
checked=0
for page in "$ROOT"/man/hcl-*.1.scd; do
  sub=$(basename "$page" .1.scd)
  sub=${sub#hcl-}
  # The examples are the tab-indented lines of the EXAMPLES section; scdoc's \* is a plain *.
  awk '/^# EXAMPLES/ {on=1; next} /^# / {on=0} on && /^\t/ {sub(/^\t/, ""); gsub(/\\\*/, "*"); print}' "$page" \
    > "$TMP/examples"
  while IFS= read -r cmd; do
    case $cmd in
      # The spec suite's own run of `hcl dec` is the ctest spec/hclspecsuite.
      hclspecsuite*) continue ;;
    esac
    [ -d "$ROOT/testdata/_man/$sub" ] || { fail "hcl-$sub(1) has examples but testdata/_man/$sub does not exist"; break; }
    rm -rf "$TMP/run" && cp -r "$ROOT/testdata/_man/$sub" "$TMP/run"
    checked=$((checked + 1))
    if ! (cd "$TMP/run" && PATH="$TMP/bin:$ROOT/testdata/_man/bin:$PATH" bash -o pipefail -c "$cmd" \
      > "$TMP/out" 2> "$TMP/err" < /dev/null); then
      fail "hcl-$sub(1): \`$cmd\` failed: $(head -c 600 "$TMP/err")"
    elif [ -s "$TMP/err" ]; then
      fail "hcl-$sub(1): \`$cmd\` wrote to standard error: $(head -c 600 "$TMP/err")"
    fi
  done < "$TMP/examples"
done
[ "$checked" -ge 25 ] || fail "only $checked man page examples found"
echo "$checked man page examples run"
finish
