# SPDX-License-Identifier: Apache-2.0
# The time limit holds for every evaluation, a spent budget ends it with one diagnostic, and the
# lower bounds of docs/security.md hold (docs/limits.md, "Time"). Every input is made here; the
# 256 MiB file is sparse. Each command runs under run_bounded's ceiling (60 s), which the
# slow cases used to exceed or finish with exit 0.
. "$(dirname "$0")/lib.sh"
B=$TMP/time
mkdir -p "$B/run" "$B/outside" "$B/tree"

python3 - "$B" <<'PY'
import os, sys
d = sys.argv[1]
def w(name, text):
    open(os.path.join(d, name), 'w').write(text)
# parseint multiplied once per digit: 2.5 million digits took 139 s.
w('digits.txt', '7' * 2500000)
w('parseint.tf', 'n = parseint(file("digits.txt"), 10) > 0\n')
# Slow work charged once: digests of a big file, a huge number printed again and again.
w('md5.tf', 'h = [for i in range(20) : filemd5("big.bin")]\n')
w('format.tf', 'f = length(join("", [for i in range(60) : format("%d", 1e1200000)]))\n')
# A spent budget inside a dynamic block reported itself once per remaining iteration (no
# function calls, so that dec, which has none, reads it too).
L = '[' + ','.join(str(i) for i in range(1000)) + ']'
w('flood.tf', 'b {\n  dynamic "c" {\n    for_each = %s\n    content {\n'
  '      x = [for k in %s : [for j in %s : k]]\n    }\n  }\n}\n' % (L, L, L))
# The same through functions: the iterations after the spent budget give unknown values, which
# were each reported again as having no JSON form.
w('flood_calls.tf', 'b {\n  dynamic "c" {\n    for_each = range(1000)\n    content {\n'
  '      x = [for k in range(1000) : [for j in range(1000) : k]]\n    }\n  }\n}\n')
w('flood.hcldec', 'object {\n  block "b" {\n    block_type = "b"\n    object {\n      block_list "c" {\n'
  '        block_type = "c"\n        object {\n          attr "x" {\n            type = any\n'
  '          }\n        }\n      }\n    }\n  }\n}\n')
# An error in each of 1,500 attributes: reported as validate reports syntax errors.
w('many_errors.tf', ''.join('a%d = 1 + "x"\n' % i for i in range(1500)))
# Several slow files: the run, not each file, gets --max-eval-seconds.
for i in range(4):
    w('run/f%d.tf' % i, 'f = length(join("", [for i in range(600) : format("%d", 1e1200000)]))\n')
PY
truncate -s 256M "$B/big.bin"

# ---- The time limit --------------------------------------------------------------------------
(cd "$B" && run_bounded 0 "$TMP/err" "$HCL" json --simplify --max-eval-seconds 30 parseint.tf)
expect_contains "$TMP/out" '"n": true'
(cd "$B" && run_bounded 1 "$TMP/err" "$HCL" eval --file md5.tf --max-eval-seconds 1)
expect_contains "$TMP/err" "ran for more than 1 seconds"
(cd "$B" && run_bounded 1 "$TMP/err" "$HCL" eval --file format.tf --max-eval-seconds 2)
expect_contains "$TMP/err" "ran for more than 2 seconds"
# json --simplify keeps what it cannot evaluate, as hcl2json does: the run ends all the same.
(cd "$B" && run_bounded 0 "$TMP/err" "$HCL" json --simplify --max-eval-seconds 3 run)
(cd "$B" && run_bounded 1 "$TMP/err" "$HCL" json --simplify --strict --max-eval-seconds 3 run)
expect_contains "$TMP/err" "The run had lasted more than 3 seconds"

# ---- One diagnostic for a spent budget -------------------------------------------------------
(cd "$B" && run_bounded 1 "$TMP/err" "$HCL" eval --file flood.tf)
n=$(grep -c "Evaluation too large" "$TMP/err")
[ "$n" -eq 1 ] || fail "eval --file: $n diagnostics for one spent budget"
(cd "$B" && run_bounded 1 "$TMP/err" "$HCL" eval --file flood_calls.tf)
n=$(grep -c "^Error" "$TMP/err")
[ "$n" -eq 1 ] || fail "eval --file: $n diagnostics for one spent budget in function calls"
(cd "$B" && run_bounded 2 "$TMP/err" "$HCL" dec --spec flood.hcldec --expand-dynamic flood.tf)
n=$(grep -c "Evaluation too large" "$TMP/err")
[ "$n" -eq 1 ] || fail "dec --expand-dynamic: $n diagnostics for one spent budget"

# At most 1,000 diagnostics per file, then one "Too many errors".
(cd "$B" && run_bounded 1 "$TMP/err" "$HCL" eval --file many_errors.tf)
n=$(grep -c "^Error: Invalid operand" "$TMP/err")
[ "$n" -eq 1000 ] || fail "eval --file: $n diagnostics for one file"
expect_contains "$TMP/err" "500 further diagnostics for this file were not reported."

# ---- Reads stay inside -----------------------------------------------------------------------
# A dangling link counts where it points: fileexists cannot probe outside through it.
ln -s "$B/outside/missing" "$B/tree/probe"
echo secret >"$B/tree/a"
(cd "$B/tree" && run_bounded 1 "$TMP/err" "$HCL" eval 'fileexists("probe")')
expect_contains "$TMP/err" "outside the directories this configuration may read"
# A NUL ends the path for the system: refused, not read as the file before it.
(cd "$B/tree" && run_bounded 1 "$TMP/err" "$HCL" eval 'file("a\u0000b")')
expect_contains "$TMP/err" "invalid argument"
expect_not_contains "$TMP/out" "secret"
(cd "$B/tree" && run_bounded 1 "$TMP/err" "$HCL" eval 'fileexists("a\u0000b")')
expect_contains "$TMP/err" "failed to stat"

# ---- Output ----------------------------------------------------------------------------------
# No raw control byte in --format github: ESC, OSC and BEL in a file name are escaped.
mkdir -p "$B/ctl"
printf 'a = \n' >"$B/ctl/$(printf 'x\033]0;t\007.tf')"
run_bounded 1 "$TMP/err" "$HCL" validate --format github "$B/ctl"
if LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037\177]')" "$TMP/out"; then
  fail "--format github wrote a raw control byte: $(od -c "$TMP/out" | head -3)"
fi
expect_contains "$TMP/out" '\x1b]0;t'
# A key named like the `for` keyword is quoted, so the output parses back.
run_bounded 0 "$TMP/err" "$HCL" eval --format hcl '{"for" = 1, b = 2}'
expect_contains "$TMP/out" '"for" = 1'
run_bounded 0 "$TMP/err" "$HCL" eval "$(cat "$TMP/out")"

# ---- edit -u: all or nothing -----------------------------------------------------------------
mkdir -p "$B/edit"
for f in a b c; do echo 'x = 1' >"$B/edit/$f.tf"; done
chmod 444 "$B/edit/b.tf"
run_bounded 2 "$TMP/err" "$HCL" edit -u -r "$B/edit" attribute set x 2
expect_contains "$TMP/err" "b.tf: file is read-only; no file was changed"
for f in a c; do grep -q 'x = 1' "$B/edit/$f.tf" || fail "edit -u rewrote $f.tf although b.tf could not be written"; done
chmod 644 "$B/edit/b.tf"
run_bounded 0 "$TMP/err" "$HCL" edit -u -r "$B/edit" attribute set x 2
for f in a b c; do grep -q 'x = 2' "$B/edit/$f.tf" || fail "edit -u left $f.tf unchanged"; done

[ "$FAILS" -eq 0 ]
