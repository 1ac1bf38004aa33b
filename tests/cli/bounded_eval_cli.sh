# Evaluation on hostile input stays bounded (docs/limits.md): no signal, memory within a small
# multiple of the budget, cost linear in the size of the input. Inputs are generated here; each
# command runs under a time and memory ceiling (run_bounded in lib.sh).
. "$(dirname "$0")/lib.sh"
B=$TMP/bounded
mkdir -p "$B"

BOUNDED_MEMORY_MB=2048

python3 - "$B" <<'PY'
import os, sys
d = sys.argv[1]
def w(name, text):
    open(os.path.join(d, name), 'w').write(text)
# Template directives nest like brackets: too deep is a syntax error for every subcommand.
w('deep_for.hcl', 'a = "' + '%{for x in [1]}' * 5000 + 'x' + '%{endfor}' * 5000 + '"\n')
w('deep_if.hcl', 'a = "' + '%{if true}' * 40000 + 'x' + '%{endif}' * 40000 + '"\n')
w('deep_if.tpl', '%{if true}' * 100000 + 'x' + '%{endif}' * 100000)
w('ok_for.hcl', 'a = "' + '%{for x in [1]}' * 990 + 'x' + '%{endfor}' * 990 + '"\n')
# --vars decodes JSON like jsondecode: nesting is limited, numbers of any size are numbers.
w('deep_vars.json', '{"a":' + '[' * 200000 + ']' * 200000 + '}')
w('ok_vars.json', '{"a":' + '[' * 999 + ']' * 999 + '}')
w('huge_number.json', '{"a": 1e400, "b": [-1E+400]}')
w('ok_if.tpl', '%{if true}' * 995 + 'x' + '%{endif}' * 995)
# Many attributes: collecting a body is linear (it was quadratic: 80,000 took 7 s).
w('many.hcl', ''.join('a%d = %d\n' % (i, i) for i in range(300000)))
w('many_dec.hcl', ''.join('a%d = %d\n' % (i, i) for i in range(150000)))
w('many.hcldec', 'object {\n' + ''.join('  attr "a%d" {\n    type = number\n  }\n' % i for i in range(150000)) + '}\n')
PY

# ---- Nesting ---------------------------------------------------------------------------------
for f in deep_for deep_if; do
  run_bounded 1 "$TMP/err" "$HCL" validate -q "$B/$f.hcl"
  expect_contains "$TMP/err" "Nesting too deep"
  run_bounded 1 "$TMP/err" "$HCL" eval --file "$B/$f.hcl"
  expect_contains "$TMP/err" "Nesting too deep"
  run_bounded 1 "$TMP/err" "$HCL" json "$B/$f.hcl"
  run_bounded 1 "$TMP/err" "$HCL" json --simplify "$B/$f.hcl"
done
run_bounded 1 "$TMP/err" "$HCL" eval --template --file "$B/deep_if.tpl"
expect_contains "$TMP/err" "Nesting too deep"
# Just inside the limit, every subcommand that accepts it also processes it.
run_bounded 0 "$TMP/err" "$HCL" validate -q "$B/ok_for.hcl"
run_bounded 0 "$TMP/err" "$HCL" eval --file "$B/ok_for.hcl"
expect_contains "$TMP/out" '{"a":"x"}'
run_bounded 0 "$TMP/err" "$HCL" json "$B/ok_for.hcl"
run_bounded 0 "$TMP/err" "$HCL" json --simplify "$B/ok_for.hcl"
expect_contains "$TMP/out" '"a": "x"'
run_bounded 0 "$TMP/err" "$HCL" eval --template --file "$B/ok_if.tpl"
expect_contains "$TMP/out" 'x'

run_bounded 2 "$TMP/err" "$HCL" eval --vars "$B/deep_vars.json" 'length(a)'
expect_contains "$TMP/err" "deep_vars.json: JSON nesting is deeper than 1000 levels"
run_bounded 0 "$TMP/err" "$HCL" eval --vars "$B/ok_vars.json" 'length(a)'
expect_contains "$TMP/out" '1'
run_bounded 1 "$TMP/err" "$HCL" eval --vars "$B/ok_vars.json" 'jsondecode(jsonencode([[a]]))'
expect_contains "$TMP/err" "JSON nesting is deeper than 1000 levels"
# cty reads 1e400 as a number (hcl-oracle eval --var a=1e400 a), and so do --vars and --var.
run_bounded 0 "$TMP/err" "$HCL" eval --vars "$B/huge_number.json" 'a == 1e400 && b[0] == -1e400'
expect_contains "$TMP/out" 'true'
run_bounded 0 "$TMP/err" "$HCL" eval --var a=1e400 'a'
expect_contains "$TMP/out" '10000000000000000000000000000000000000000'
expect_not_contains "$TMP/out" '"'

# ---- Linear cost -----------------------------------------------------------------------------
# 300,000 attributes take about a second, and a 150,000-attribute spec a few; the quadratic
# collection took minutes.
run_bounded 0 "$TMP/err" "$HCL" eval --file "$B/many.hcl" a299999
expect_contains "$TMP/out" '299999'
run_bounded 0 "$TMP/err" "$HCL" dec --spec "$B/many.hcldec" "$B/many_dec.hcl"
expect_contains "$TMP/out" '"a149999":149999'

finish
