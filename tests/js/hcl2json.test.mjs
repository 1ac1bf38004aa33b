// SPDX-License-Identifier: Apache-2.0
// The drop-in for @cdktf/hcl2json, against the package itself (installed from npm): the same
// JSON from parse on the suite's inputs that both accept, the same verdicts except where the old
// package is known wrong, convertFiles on a folder, wrapTerraformExpression, rejections.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { hcl2jsonEsm as hcl2json, testdata } from './common.mjs';
import { compare, compareCalls, expressionsIn, filesUnder, generatedExpressions } from './differential.mjs';
import { requirePeer } from './peer.mjs';

test('parse gives the JSON @cdktf/hcl2json gives, on testdata/', async (t) => {
  const peer = requirePeer(t);
  if (!peer) return;
  const files = ['json', 'fmt', 'validate', 'eval', 'body'].flatMap((d) => filesUnder(path.join(testdata, d), ['.hcl', '.tf']));
  const { counts, lists } = await compare(files, hcl2json, peer);
  t.diagnostic(JSON.stringify(counts));
  // testdata/json/fixes holds what `hcl json` writes where hcl2json is wrong; nothing else differs.
  assert.deepEqual(lists.different.filter((f) => !f.includes('/json/fixes/')), [], 'files both accept whose JSON differs');
  assert.deepEqual(lists.onlyNewRefuses, [], 'files only hcl-toolchain refuses');
  for (const f of lists.onlyOldRefuses) t.diagnostic(`only @cdktf/hcl2json refuses: ${path.relative(testdata, f)}`);
  assert.ok(counts.same > 50, JSON.stringify(counts));
});

test('convertFiles merges a folder as @cdktf/hcl2json does', async (t) => {
  const peer = requirePeer(t);
  if (!peer) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcl-js-convert-'));
  try {
    fs.writeFileSync(path.join(dir, 'main.tf'), 'resource "a" "b" {\n  x = 1\n}\n');
    fs.writeFileSync(path.join(dir, 'vars.tf'), 'variable "v" {\n  default = "d"\n}\n');
    fs.writeFileSync(path.join(dir, 'over.tf.json'), JSON.stringify({ resource: { a: { b: [{ y: 2 }] } }, locals: { l: 1 } }));
    fs.mkdirSync(path.join(dir, 'sub.tf'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not hcl');
    const ours = await hcl2json.convertFiles(dir);
    assert.deepEqual(ours, await peer.convertFiles(dir));
    assert.deepEqual(hcl2json.convertFilesSync(dir), ours);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test('wrapTerraformExpression wraps as @cdktf/hcl2json does', async (t) => {
  const peer = requirePeer(t);
  if (!peer) return;
  for (const input of ['foo', 'foo\nbar', '22', '1e3', 'true', 'false', '[22, 10]', '{ foo = 22 }', '"quoted"',
    '"a "b" c"', '"${x} "y""', '"multi\nline"', '<<EOT\nx\nEOT', '<<EOT\nx\nEOT\n', '', ' ', '${var.x}', '-1']) {
    assert.deepEqual(hcl2json.wrapTerraformExpression(input), peer.wrapTerraformExpression(input), JSON.stringify(input));
  }
});

test('parse rejects with the diagnostics, where the old package rejects with its message', async () => {
  await assert.rejects(hcl2json.parse('main.tf', 'a = \n'), (e) => {
    assert.ok(e instanceof hcl2json.HclError);
    assert.match(e.message, /^main\.tf:1,5-2,1: Invalid expression; /);
    assert.equal(e.diagnostics[0].range.filename, 'main.tf');
    return true;
  });
  assert.throws(() => hcl2json.parseSync('main.tf', 'a = 1\na = 2\n'), /Attribute redefined/);
});

test('what the old package cannot read', async () => {
  // Provider-defined functions (Terraform 1.8).
  assert.deepEqual(await hcl2json.parse('main.tf', 'a = provider::aws::arn_parse(x)\n'),
    { a: '${provider::aws::arn_parse(x)}' });
  // A null object key is written as its source, as hcl2json writes any key it does not evaluate,
  // where the old package panics.
  assert.deepEqual(hcl2json.parseSync('main.tf', 'a = { (null) = 1 }\n'), { a: { '${(null)}': 1 } });
});

// The expressions the next tests give both packages: hand-written ones for each construct, the
// reference's cases of testdata/eval, the expressions in hcl2json's JSON of testdata's files,
// and generated ones.
const constructs = [
  'a', '(a)', '"x"', '""', 'f(1, b)', 'f(x...)', 'provider::aws::arn_parse(x)', '{a = 1, "b" = c, (d) = 2}',
  'a.b[0].c["x"]', 'a.0', 'a[1.5e3]', 'a[12345678901]', 'a[true]', 'a[null]', 'a["x\\ny"].b', 'a[b].c', 'f(x).y[0]',
  'a[*].b', 'a[*]', 'a.*.b', 'a.*', 'a[*].b[x].c', 'a.*.b[0]', '"${a}"', '"a ${~ b ~} c"', '<<EOT\nhi ${a}\nEOT\n',
  '<<EOT\na\nb\nEOT\n', '<<EOT\nEOT\n', '<<-EOT\n  x ${y}\n  EOT\n', '"%{for x in y}${x}%{endfor}"', '"%{for k, v in y}%{endfor}"',
  '"%{if a}x%{else}y%{endif}"', '"%{if a}%{endif}"', '"%{if a}x%{else}%{endif}"', '"%{if a}%{if b}c%{endif}%{endif}"',
  '[for x in y: x if x]', '{for k, v in y: k => v...}', '-a + !b', 'a ? b : c', '/*c*/ a ? b : c\n', 'a == 1 || b < 2 && !c',
  '1 + 2 * 3 - 4 / 5 % 6', 'x >= 1 ? "big" : "small"', 'null', 'true', '1.5', '[1, [2, {x = 3}]]', '{}', '[]',
  '"é ${a} ü"', 'a.b.c\n', 'f(\n  1,\n  2,\n)', '(a).b', '((a))', 'a.b["c"][0].d',
];

function evalExpressions() {
  const dir = path.join(testdata, 'eval');
  const out = [];
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.cases')).sort()) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line.trim() || line.startsWith('#')) continue;
      const c = JSON.parse(line);
      out.push(typeof c === 'string' ? c : c.expr);
    }
  }
  return out;
}

function testdataExpressions() {
  const found = { expressions: [], strings: [] };
  for (const file of ['json', 'fmt', 'validate', 'body'].flatMap((d) => filesUnder(path.join(testdata, d), ['.hcl', '.tf']))) {
    try {
      expressionsIn(hcl2json.parseSync(file, fs.readFileSync(file, 'utf8')), found);
    } catch {
      // a file the conversion refuses holds no expressions to compare
    }
  }
  return found;
}

const unique = (list) => [...new Set(list)];

test('getExpressionAst gives the tree @cdktf/hcl2json gives', async (t) => {
  const peer = requirePeer(t);
  if (!peer) return;
  const inputs = unique([...constructs, ...evalExpressions(), ...testdataExpressions().expressions,
    ...generatedExpressions(4000)]);
  const { counts, lists } = await compareCalls(inputs, hcl2json, peer, (p, e) => p.getExpressionAst('main.tf', e));
  t.diagnostic(JSON.stringify(counts));
  assert.deepEqual(lists.different, [], 'expressions whose trees differ');
  assert.deepEqual(lists.onlyNewRefuses.map((d) => d.input), [], 'expressions only hcl-toolchain refuses');
  assert.deepEqual(lists.onlyOldRefuses.map((d) => d.input), [], 'expressions only @cdktf/hcl2json refuses');
  assert.ok(counts.same > 3500, JSON.stringify(counts));
  for (const e of constructs) assert.deepEqual(hcl2json.getExpressionAstSync('main.tf', e), await hcl2json.getExpressionAst('main.tf', e));
});

test('getReferencesInExpression finds the references @cdktf/hcl2json finds', async (t) => {
  const peer = requirePeer(t);
  if (!peer) return;
  const written = ['var.x', '${var.x}', 'foo-${var.x}-${local.y[0].z}', '${[for x in var.l: x.id if x.ok]}',
    '${{for k, v in var.m: k => v if v != each.key}}', '"${var.x}"', 'multi\n${local.y}\nline', '${a.b["c"].d}',
    '${module.m.out[*].id}', '${data.d.e.*.f}', '${f(var.a, local.b)}', '"quoted "inner" ${var.q}"', '',
    '${aws_s3_bucket.b.tags[true]}', '%{if var.on}${var.a}%{endif}', '${provider::aws::arn_parse(var.arn).region}'];
  const found = testdataExpressions();
  const inputs = unique([...written, ...found.strings, ...found.expressions.map((e) => `\${${e}}`),
    ...evalExpressions().map((e) => `\${${e}}`), ...generatedExpressions(2000).map((e) => `\${${e}}`)]);
  const { counts, lists } = await compareCalls(inputs, hcl2json, peer, (p, e) => p.getReferencesInExpression('main.tf', e));
  t.diagnostic(JSON.stringify(counts));
  assert.deepEqual(lists.different, [], 'strings whose references differ');
  assert.deepEqual(lists.onlyNewRefuses.map((d) => d.input), [], 'strings only hcl-toolchain refuses');
  assert.deepEqual(lists.onlyOldRefuses.map((d) => d.input), [], 'strings only @cdktf/hcl2json refuses');
  assert.ok(counts.same > 3000, JSON.stringify(counts));
  assert.deepEqual(hcl2json.getReferencesInExpressionSync('main.tf', 'a-${var.x}'), [{ value: 'var.x', startPosition: 4, endPosition: 9 }]);
});

test('getExpressionAst rejects what is not one expression, with the diagnostics', async () => {
  await assert.rejects(hcl2json.getExpressionAst('main.tf', 'a +'), (e) => {
    assert.ok(e instanceof hcl2json.HclError);
    assert.match(e.message, /^getExpressionAst errors on input string 'a \+': main\.tf:1,4-4: Missing expression; /);
    assert.equal(e.diagnostics[0].severity, 'error');
    return true;
  });
  assert.throws(() => hcl2json.getExpressionAstSync('main.tf', 'a b'), /Extra characters after expression/);
  // Nesting past the library's limit is refused, a chain of 100,000 steps is one traversal.
  assert.throws(() => hcl2json.getExpressionAstSync('main.tf', '['.repeat(5000) + ']'.repeat(5000)), hcl2json.HclError);
  const chain = hcl2json.getExpressionAstSync('main.tf', 'a' + '.b'.repeat(100000));
  assert.equal(chain.meta.traversal.length, 100001);
  const { TFExpressionSyntaxTree: tree } = hcl2json;
  const ast = hcl2json.getExpressionAstSync('main.tf', '[for x in var.l: x if x]');
  assert.ok(tree.isForExpression(ast) && tree.isScopeTraversalExpression(tree.getChildWithValue(ast, 'var.l')));
});
