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
import { compare, filesUnder } from './differential.mjs';
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
