# SPDX-License-Identifier: Apache-2.0
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
# The budget: each of these is a ~100-byte file that used to take gigabytes (or abort).
w('replace.tf', 'a = length(replace(format("%0100000d",0),"0",format("%0100000d",0)))\n')
w('setproduct.tf', 'a = length(setproduct(range(1000),range(1000),range(1000)))\n')
w('setproduct7.tf', 'a = length(setproduct(' + ','.join(['range(1024)'] * 7) + '))\n')
w('indent.tf', 'a = length(indent(1000000, join("\\n", range(1000))))\n')
bomb = 'a: &a [x,x,x,x,x,x,x,x,x,x]\\n' + ''.join(
    '%s: &%s [%s]\\n' % (c, c, ','.join(['*' + chr(ord(c) - 1)] * 10)) for c in 'bcdefghi')
w('yaml.expr', 'yamldecode("%s")' % bomb)
w('yaml.tf', 'a = yamldecode("%s")\n' % bomb)
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

# ---- Budget ----------------------------------------------------------------------------------
# Each stops with a diagnostic that names the limit and its flag, within the memory ceiling.
for f in replace setproduct setproduct7 indent yaml; do
  run_bounded 1 "$TMP/err" "$HCL" json --simplify --strict "$B/$f.tf"
  expect_contains "$TMP/err" "Evaluation too large"
  expect_contains "$TMP/err" "raises it"
done
run_bounded 1 "$TMP/err" "$HCL" eval --format hcl "$(cat "$B/yaml.expr")"
expect_contains "$TMP/err" "--max-eval-memory raises it"
run_bounded 1 "$TMP/err" "$HCL" eval --file "$B/yaml.tf"
expect_contains "$TMP/err" "Evaluation too large"
# The flags move the limits.
run_bounded 1 "$TMP/err" "$HCL" eval --max-eval-memory 1 'length(format("%2000000s", ""))'
expect_contains "$TMP/err" "more than 1 MiB of strings and collections"
run_bounded 0 "$TMP/err" "$HCL" eval --max-eval-memory 1 'length(format("%200000s", ""))'
run_bounded 1 "$TMP/err" "$HCL" eval --max-eval-values 10 'range(11)'
expect_contains "$TMP/err" "more than 10 values"
expect_contains "$TMP/err" "--max-eval-values raises it"
# A billion values with the other limits lifted: the clock stops it after a second.
run_bounded 1 "$TMP/err" "$HCL" eval --max-eval-seconds 1 --max-eval-values 100000000000 --max-eval-memory 100000000 \
  'length([for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]])'
expect_contains "$TMP/err" "ran for more than 1 seconds"
expect_contains "$TMP/err" "--max-eval-seconds raises it"
printf 'a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]\n' > "$B/range.hcl"
printf 'attr {\n  name = "a"\n}\n' > "$B/range.hcldec"
run_bounded 2 "$TMP/err" "$HCL" dec --max-eval-values 10 --spec "$B/range.hcldec" "$B/range.hcl"
expect_contains "$TMP/err" "more than 10 values"
run_bounded 1 "$TMP/err" "$HCL" json --simplify --strict --max-eval-values 10 "$B/range.hcl"
expect_contains "$TMP/err" "more than 10 values"
# A file's budget is for what its expressions build, not for the blocks that hold their values:
# 3,000 one-element lists fit 4,000 values, though the blocks around them hold about 15,000.
python3 -c "print(''.join('a \"n%d\" {\n  b {\n    x = [1]\n  }\n}\n' % i for i in range(3000)))" > "$B/nested_values.hcl"
run_bounded 0 "$TMP/err" "$HCL" eval --max-eval-values 4000 --file "$B/nested_values.hcl"
expect_contains "$TMP/out" '"n2999":[{"b":[{"x":[1]}]}]'
run_bounded 1 "$TMP/err" "$HCL" eval --max-eval-values 2000 --file "$B/nested_values.hcl"
expect_contains "$TMP/err" "more than 2000 values"

# ---- Linear cost -----------------------------------------------------------------------------
# 300,000 attributes take about a second, and a 150,000-attribute spec a few; the quadratic
# collection took minutes.
run_bounded 0 "$TMP/err" "$HCL" eval --file "$B/many.hcl" a299999
expect_contains "$TMP/out" '299999'
run_bounded 0 "$TMP/err" "$HCL" dec --spec "$B/many.hcldec" "$B/many_dec.hcl"
expect_contains "$TMP/out" '"a149999":149999'

finish
