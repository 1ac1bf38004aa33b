# SPDX-License-Identifier: Apache-2.0
# Hostile inputs: every one gets a clear answer (exit 0, 1 or 2 with a diagnostic), never a crash,
# a hang or a runaway allocation. Each command runs under a time and memory ceiling.
. "$(dirname "$0")/lib.sh"
A=$TMP/adv
mkdir -p "$A"

python3 - "$A" <<'PY'
import os, sys
d = sys.argv[1]
def w(name, data):
    open(os.path.join(d, name), 'wb').write(data)
w('bad_utf8.hcl', b'a = "\xff\xfe"\n\xc3 = 1\nb = \x80\n# \xff comment\nc = <<EOT\n\xfe\nEOT\n')
w('bom.hcl', b'\xef\xbb\xbfa = 1\n')
w('nul.hcl', b'a = "x\x00y"\nb\x00 = 1\n')
w('deep_brackets.hcl', b'a = ' + b'[' * 100000 + b']' * 100000 + b'\n')
w('deep_parens.hcl', b'a = ' + b'(' * 100000 + b'1' + b')' * 100000 + b'\n')
w('deep_blocks.hcl', b'b {\n' * 50000 + b'}\n' * 50000)
w('deep_templates.hcl', b'a = ' + b'"${' * 20000 + b'1' + b'}"' * 20000 + b'\n')
w('deep_unary.hcl', b'a = ' + b'-' * 100000 + b'1\n')
w('long_line.hcl', b'a = "' + b'x' * (10 * 1024 * 1024) + b'"\n')
w('long_invalid_line.hcl', b'a = ' + b'$' * (10 * 1024 * 1024) + b'\n')
w('million_attributes.hcl', b''.join(b'a%d = %d\n' % (i, i) for i in range(1000000)))
w('unterminated_heredoc.hcl', b'a = <<EOT\nline\nmore')
w('cr_only.hcl', b'a = 1\rb = 2\rc {\r}\r')
w('long_number.hcl', b'a = 1e999999999\nb = ' + b'9' * 100000 + b'\nc = 0.' + b'0' * 100000 + b'1\n')
w('alignment_run.hcl', b''.join(b'%s%d = %d\n' % (b'x' * (i % 200 + 1), i, i) for i in range(200000)))
w('comment_run.hcl', b''.join(b'a%d = %d # c\n' % (i, i) for i in range(200000)))
# Chains with no brackets, which the nesting limit does not count: operators associate to the
# left and traversal steps follow one another, each one a level of the tree.
w('operator_chain.hcl', b'a = ' + b' + '.join([b'1'] * 300000) + b'\n')
w('step_chain.hcl', b'a = b' + b''.join(b'.c' if i % 3 else b'[0]' for i in range(300000)) + b'\n')
w('many_labels.hcl', b'a ' + b' '.join(b'"l%d"' % i for i in range(300000)) + b' {\n}\n')
# The JSON syntax: an object of 300,000 members (a linear scan for repeated names made this
# quadratic: 200,000 took a minute).
w('many_members.tf.json', b'{"locals": {' + b','.join(b'"k%d": %d' % (i, i) for i in range(300000)) + b'}}\n')
PY

# validate: valid files pass, invalid ones fail with a diagnostic; none crash or hang.
run_bounded 0 "$TMP/err" "$HCL" validate -q "$A/bom.hcl"
run_bounded 0 "$TMP/err" "$HCL" validate -q "$A/million_attributes.hcl"
run_bounded 0 "$TMP/err" "$HCL" validate -q "$A/long_line.hcl"
run_bounded 0 "$TMP/err" "$HCL" validate -q "$A/long_number.hcl"
run_bounded 0 "$TMP/err" "$HCL" validate -q "$A/alignment_run.hcl"
for f in bad_utf8 nul deep_brackets deep_parens deep_blocks deep_templates deep_unary long_invalid_line \
         unterminated_heredoc cr_only; do
  run_bounded 1 "$TMP/err.$f" "$HCL" validate -q "$A/$f.hcl"
  expect_contains "$TMP/err.$f" "Error: "
done
expect_contains "$TMP/err.bad_utf8" "Invalid character encoding"
expect_contains "$TMP/err.nul" "Invalid character"
expect_contains "$TMP/err.deep_brackets" "Nesting too deep"
expect_contains "$TMP/err.deep_blocks" "Nesting too deep"
expect_contains "$TMP/err.deep_templates" "Nesting too deep"
expect_contains "$TMP/err.unterminated_heredoc" "Unterminated template string"
expect_contains "$TMP/err.long_invalid_line" "Too many errors"
expect_contains "$TMP/err.cr_only" "Invalid character"
# A small stack limit moves the work onto a thread with a large stack (util/stack.h): the
# nesting limit, not the stack, still stops deep input.
( ulimit -s 1024; "$HCL" validate -q "$A/deep_blocks.hcl" ) 2>"$TMP/err.small_stack"
[ $? -eq 1 ] || fail "deep blocks under ulimit -s 1024: $(head -c 300 "$TMP/err.small_stack")"
expect_contains "$TMP/err.small_stack" "Nesting too deep"

# Chains are walked, not recursed through: 300,000 operators add up, 300,000 steps fail at their
# root; labels count toward the nesting limit (json and evaluation nest one level per label).
run_bounded 0 "$TMP/err" "$HCL" validate -q "$A/operator_chain.hcl"
run_bounded 0 "$TMP/err" "$HCL" eval --file "$A/operator_chain.hcl" a
[ "$(cat "$TMP/out")" = 300000 ] || fail "operator chain: $(head -c 100 "$TMP/out")"
printf 'object {\n  attr "a" {\n    type = number\n  }\n}\n' >"$TMP/number.hcldec"
run_bounded 0 "$TMP/err" "$HCL" dec --spec "$TMP/number.hcldec" "$A/operator_chain.hcl"
expect_contains "$TMP/out" 300000
run_bounded 1 "$TMP/err" "$HCL" eval --file "$A/step_chain.hcl" a
expect_contains "$TMP/err" "Unknown variable"
run_bounded 1 "$TMP/err" "$HCL" eval --var 'b={"c":1}' --file "$A/step_chain.hcl" a
expect_contains "$TMP/err" "Error: "
for job in validate json; do
  run_bounded 1 "$TMP/err" "$HCL" $job "$A/many_labels.hcl"
  expect_contains "$TMP/err" "Nesting too deep"
done

run_bounded 0 "$TMP/err" "$HCL" json "$A/many_members.tf.json"
expect_contains "$TMP/out" '"k299999": 299999'

# fmt: valid inputs format (and a second pass changes nothing); invalid ones are never written.
for f in bom million_attributes long_line alignment_run comment_run long_number; do
  run_bounded 0 "$TMP/err" "$HCL" fmt - < "$A/$f.hcl"
  cp "$TMP/out" "$TMP/once"
  run_bounded 0 "$TMP/err" "$HCL" fmt - < "$TMP/once"
  cmp -s "$TMP/out" "$TMP/once" || fail "fmt not idempotent on $f"
done
for f in bad_utf8 nul deep_brackets deep_blocks unterminated_heredoc cr_only; do
  cp "$A/$f.hcl" "$TMP/copy.hcl"
  run_bounded 2 "$TMP/err" "$HCL" fmt "$TMP/copy.hcl"
  cmp -s "$A/$f.hcl" "$TMP/copy.hcl" || fail "fmt rewrote invalid $f"
done

# Memory refused (ulimit -v, strict overcommit): a clear message and exit 2, not an abort from an
# uncaught std::bad_alloc; on a worker thread of a directory run too; a file being rewritten is
# left as it was, with no temporary file beside it. A sanitizer build cannot run under an address
# space limit (its shadow memory), so only the plain build checks this.
if ! grep -q __asan_init "$HCL" 2>/dev/null; then
  mkdir -p "$TMP/oom/dir"
  cp "$A/million_attributes.hcl" "$TMP/oom/dir/one.hcl"
  cp "$A/million_attributes.hcl" "$TMP/oom/dir/two.hcl"
  sed 's/ = / =  /' "$A/million_attributes.hcl" >"$TMP/oom/unformatted.hcl"
  cp "$TMP/oom/unformatted.hcl" "$TMP/oom/before.hcl"
  for cmd in "eval --file $TMP/oom/dir/one.hcl a5" "json $TMP/oom/dir" "fmt --terraform $TMP/oom/unformatted.hcl"; do
    (ulimit -v 65536; $HCL $cmd) >"$TMP/out" 2>"$TMP/err"
    st=$?
    [ $st -eq 2 ] || fail "out of memory: exit $st (want 2): $cmd: $(head -c 300 "$TMP/err")"
    expect_contains "$TMP/err" "hcl: out of memory"
    expect_not_contains "$TMP/err" "terminate called"
  done
  cmp -s "$TMP/oom/before.hcl" "$TMP/oom/unformatted.hcl" || fail "out of memory: fmt changed the file"
  [ "$(ls -A "$TMP/oom" | tr '\n' ' ')" = "before.hcl dir unformatted.hcl " ] || fail "out of memory: left $(ls -A "$TMP/oom")"
fi

finish
