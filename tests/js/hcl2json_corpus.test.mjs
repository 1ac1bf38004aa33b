// SPDX-License-Identifier: Apache-2.0
// The differential on the conformance corpus (HCL_CORPUS, the corpus's real/ folder): counts of
// files with the same JSON, different JSON and each verdict, printed; any file both accept whose
// JSON differs, or that only hcl-toolchain refuses, fails the test.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { hcl2jsonEsm as hcl2json } from './common.mjs';
import { compare, compareCalls, expressionsIn, filesUnder } from './differential.mjs';
import { requirePeer } from './peer.mjs';

test('parse against @cdktf/hcl2json on the corpus', async (t) => {
  const peer = requirePeer(t);
  if (!peer) return;
  const files = filesUnder(path.join(process.env.HCL_CORPUS, 'real'), ['.tf', '.hcl', '.nomad']);
  const { counts, lists } = await compare(files, hcl2json, peer);
  t.diagnostic(JSON.stringify(counts));
  for (const [kind, list] of Object.entries(lists)) {
    for (const file of list) t.diagnostic(`${kind}: ${path.relative(process.env.HCL_CORPUS, file)}`);
  }
  assert.deepEqual(lists.different, []);
  assert.deepEqual(lists.onlyNewRefuses, []);
});

// The expressions and templates of the corpus's files (their "${...}" strings in hcl2json's JSON),
// through getExpressionAst and getReferencesInExpression of both packages.
test('getExpressionAst and getReferencesInExpression against @cdktf/hcl2json on the corpus', async (t) => {
  const peer = requirePeer(t);
  if (!peer) return;
  const found = { expressions: [], strings: [] };
  for (const file of filesUnder(path.join(process.env.HCL_CORPUS, 'real'), ['.tf', '.hcl', '.nomad'])) {
    try {
      expressionsIn(hcl2json.parseSync(file, fs.readFileSync(file, 'utf8')), found);
    } catch {
      // a file the conversion refuses holds no expressions to compare
    }
  }
  const runs = [
    ['getExpressionAst', [...new Set(found.expressions)], (p, e) => p.getExpressionAst('main.tf', e)],
    ['getReferencesInExpression', [...new Set(found.strings)], (p, e) => p.getReferencesInExpression('main.tf', e)],
  ];
  for (const [name, inputs, call] of runs) {
    const { counts, lists } = await compareCalls(inputs, hcl2json, peer, call);
    t.diagnostic(`${name}: ${JSON.stringify(counts)}`);
    assert.deepEqual(lists.different, [], name);
    assert.deepEqual(lists.onlyNewRefuses.map((d) => d.input), [], name);
    assert.deepEqual(lists.onlyOldRefuses.map((d) => d.input), [], name);
  }
});
