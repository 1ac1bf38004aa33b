# SPDX-License-Identifier: Apache-2.0
# hcl fromjson: every file of testdata in the JSON syntax (*.tf.json, *.pkr.json) converts to
# native text that `hcl json` reads as the same configuration (tests/tools/fromjson_same.py says
# what "the same" allows); the output is fmt-clean; hostile inputs fail with a position and print
# nothing; --write writes all or nothing.
# usage: bash fromjson_cli.sh HCL_BINARY TESTDATA_DIR
. "$(dirname "$0")/lib.sh"
SAME="$(dirname "$0")/../tools/fromjson_same.py"

# --- round trip of testdata ----------------------------------------------------------------------
# The inputs `hcl json` reads but that have no native form: a template that does not parse.
NO_NATIVE="jsonsyntax/template_error.tf.json"
count=0
while IFS= read -r f; do
  rel=${f#"$TESTDATA"/}
  "$HCL" json "$f" > "$TMP/a.json" 2>/dev/null || continue
  if [ "$rel" = "$NO_NATIVE" ]; then
    expect_status 1 "$HCL" fromjson "$f"
    expect_empty "$TMP/out"
    continue
  fi
  case "$f" in *.tf.json) native="$TMP/n.tf" ;; *) native="$TMP/n.pkr.hcl" ;; esac
  "$HCL" fromjson "$f" > "$native" 2>"$TMP/err" || { fail "fromjson $rel: $(head -c 300 "$TMP/err")"; continue; }
  "$HCL" fmt --check --no-terraform "$native" > /dev/null 2>&1 || fail "fromjson $rel is not fmt-clean"
  "$HCL" json "$native" > "$TMP/b.json" 2>"$TMP/err" || { fail "hcl json of fromjson $rel: $(head -c 300 "$TMP/err")"; continue; }
  why=$(python3 "$SAME" "$TMP/a.json" "$TMP/b.json") || fail "fromjson $rel does not read back the same: $why"
  count=$((count + 1))
done < <(find "$TESTDATA" \( -name '*.tf.json' -o -name '*.pkr.json' \) -not -path '*/hostile/*' | sort)
[ "$count" -ge 8 ] || fail "only $count files of testdata round-tripped"

# `hcl json` of native text, back through fromjson from standard input: the same JSON, for every
# source that is fmt-clean (`hcl json` writes an expression as its text, which formatting the
# result re-spaces).
for f in "$TESTDATA"/json/*.hcl; do
  "$HCL" fmt --check --no-terraform "$f" > /dev/null 2>&1 || continue
  "$HCL" json "$f" > "$TMP/a.json" 2>/dev/null || continue
  "$HCL" fromjson - < "$TMP/a.json" > "$TMP/n.hcl" 2>/dev/null || { fail "fromjson - of hcl json $f"; continue; }
  "$HCL" json "$TMP/n.hcl" > "$TMP/b.json" 2>/dev/null || { fail "hcl json of fromjson of $f"; continue; }
  "$HCL" fmt --check --no-terraform "$TMP/n.hcl" > /dev/null 2>&1 || fail "fromjson of hcl json $f is not fmt-clean"
  cmp -s "$TMP/a.json" "$TMP/b.json" || fail "hcl json $f | hcl fromjson - | hcl json differs"
done

# --- what JSON cannot say is said in a warning ---------------------------------------------------
printf '{"resource": {"a": {"b": [{"x": 1}]}}}' > "$TMP/shape.json"
expect_status 0 "$HCL" fromjson "$TMP/shape.json"
expect_contains "$TMP/err" '"resource" read as a block'
expect_contains "$TMP/err" 'shape.json line 1'
expect_contains "$TMP/out" 'resource "a" "b" {'
printf '{"resource": {"a": {"b": {"tags": {"k": "v"}, "ingress": [{"p": 1}]}}}}' > "$TMP/open.tf.json"
expect_status 0 "$HCL" fromjson "$TMP/open.tf.json"
expect_contains "$TMP/err" '"tags" read as an attribute'
expect_contains "$TMP/err" '"ingress" read as a block'
expect_not_contains "$TMP/err" '"resource" read'
# --block names a provider's nested block.
printf '{"resource": {"a": {"b": {"root_block_device": {"size": 1}, "t": [{"x": 1}, {"x": 2}]}}}}' > "$TMP/block.tf.json"
expect_status 0 "$HCL" fromjson --block root_block_device,t "$TMP/block.tf.json"
expect_contains "$TMP/out" 'root_block_device {'
[ "$(grep -c '^  t {' "$TMP/out")" -eq 2 ] || fail "--block with an array: $(cat "$TMP/out")"
expect_empty "$TMP/err"
# A dialect named on the command line knows its blocks.
expect_status 0 sh -c "'$HCL' fromjson --dialect packer - < '$TESTDATA/fromjson/packer.pkr.json'"
expect_contains "$TMP/out" 'source "amazon-ebs" "ubuntu" {'
expect_not_contains "$TMP/err" '"source" read'
# An hcldec spec says which names are blocks.
printf 'object {\n  block_list "thing" {\n    block_type = "thing"\n    object {\n      attr "n" { type = number }\n    }\n  }\n}\n' > "$TMP/spec.hcldec"
printf '{"thing": {"n": 1}, "other": {"n": 2}}' > "$TMP/spec.json"
expect_status 0 "$HCL" fromjson --spec "$TMP/spec.hcldec" "$TMP/spec.json"
expect_contains "$TMP/out" 'thing {'
expect_contains "$TMP/out" 'other = {'
# Plain values: strings are literal.
expect_status 0 sh -c "printf '{\"a\": \"\${x}\"}' | '$HCL' fromjson --values -"
[ "$(cat "$TMP/out")" = 'a = "$${x}"' ] || fail "--values: $(cat "$TMP/out")"

# --- hostile inputs: a position, exit 1, nothing printed -----------------------------------------
for f in "$TESTDATA"/fromjson/hostile/*.json; do
  expect_status 1 "$HCL" fromjson "$f"
  expect_empty "$TMP/out"
  grep -q 'line [0-9]' "$TMP/err" || fail "no position for $(basename "$f"): $(head -c 300 "$TMP/err")"
done
# A big document converts within bounded memory.
python3 -c '
import json
print(json.dumps({"resource": {"null_resource": {f"r{i}": {"triggers": {"k": f"v${{var.x}}{i}", "n": i}} for i in range(200000)}}}))' > "$TMP/big.tf.json"
run_bounded 0 "$TMP/err" "$HCL" fromjson "$TMP/big.tf.json"
[ "$(grep -c '^resource ' "$TMP/out")" -eq 200000 ] || fail "big document: $(grep -c '^resource ' "$TMP/out") resources"

# --- --write: beside each input, all or nothing --------------------------------------------------
mkdir -p "$TMP/dir/sub"
printf '{"locals": {"a": 1}}' > "$TMP/dir/main.tf.json"
printf '{"a": "x"}' > "$TMP/dir/sub/terraform.tfvars.json"
expect_status 2 "$HCL" fromjson "$TMP/dir/main.tf.json" "$TMP/dir/sub/terraform.tfvars.json"
expect_contains "$TMP/err" 'give --write'
expect_status 0 "$HCL" fromjson --write -r "$TMP/dir"
[ "$(cat "$TMP/dir/main.tf")" = "$(printf 'locals {\n  a = 1\n}')" ] || fail "--write main.tf: $(cat "$TMP/dir/main.tf")"
[ "$(cat "$TMP/dir/sub/terraform.tfvars")" = 'a = "x"' ] || fail "--write tfvars: $(cat "$TMP/dir/sub/terraform.tfvars")"
expect_status 2 "$HCL" fromjson --write "$TMP/dir/main.tf.json"
expect_contains "$TMP/err" 'exists; --force replaces it'
printf '{"locals": {"a": 2}}' > "$TMP/dir/main.tf.json"
printf '{"a": [1,]}' > "$TMP/dir/bad.tf.json"
expect_status 1 "$HCL" fromjson --write --force -r "$TMP/dir"
grep -q 'a = 1' "$TMP/dir/main.tf" || fail "a failed --write still wrote main.tf"
[ ! -e "$TMP/dir/bad.tf" ] || fail "a failed --write wrote bad.tf"
expect_status 2 "$HCL" fromjson --dialect cobol "$TMP/dir/main.tf.json"
expect_contains "$TMP/err" 'unknown dialect'

finish
