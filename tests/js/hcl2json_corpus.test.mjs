// SPDX-License-Identifier: Apache-2.0
// The differential on the conformance corpus (HCL_CORPUS, the corpus's real/ folder): counts of
// files with the same JSON, different JSON and each verdict, printed; any file both accept whose
// JSON differs, or that only hcl-toolchain refuses, fails the test.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { hcl2jsonEsm as hcl2json } from './common.mjs';
import { compare, filesUnder } from './differential.mjs';
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
