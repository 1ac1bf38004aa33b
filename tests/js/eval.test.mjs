// SPDX-License-Identifier: Apache-2.0
// evaluate on the reference's answers (testdata/eval/*.cases -> *.expected, with the nearest
// vars.json): the same value and type, or the same error summaries. WebAssembly is a 32-bit
// target, so these check the library's numbers and functions where `long` is 32 bits too. Cases
// of file functions are left out (the package reads no files), and so are those with a type
// constraint or in template mode, which the package's API does not take.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { esm as hcl, testdata } from './common.mjs';

const fileFunctions = /\b(file|fileexists|fileset|filebase64|filebase64sha256|filebase64sha512|filemd5|filesha1|filesha256|filesha512|templatefile|abspath|pathexpand)\s*\(/;

// Whether JSON.stringify gives back the values as written (no -0, no integer past 2^53).
function exact(v) {
  if (typeof v === 'number') return !Object.is(v, -0) && (!Number.isInteger(v) || Number.isSafeInteger(v));
  if (v && typeof v === 'object') return Object.values(v).every(exact);
  return true;
}

test('evaluate gives the reference answers of testdata/eval', (t) => {
  const dir = path.join(testdata, 'eval');
  const vars = JSON.parse(fs.readFileSync(path.join(dir, 'vars.json'), 'utf8'));
  // Variables whose numbers JavaScript cannot hold exactly (vars.json's `big`) would reach the
  // library rounded: their cases are left out.
  const inexact = Object.entries(vars).filter(([, v]) => typeof v === 'number' && !Number.isSafeInteger(v) &&
    Number.isInteger(v)).map(([k]) => new RegExp(`\\b${k}\\b`));
  let checked = 0;
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.expected')).sort()) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line.trim() || line.startsWith('#')) continue;
      const tab = line.indexOf('\t');
      const c = JSON.parse(line.slice(0, tab));
      const expected = JSON.parse(line.slice(tab + 1));
      const kase = typeof c === 'string' ? { expr: c } : c;
      if (kase.vars && !exact(kase.vars)) continue;
      if (kase.type || kase.template || fileFunctions.test(kase.expr) || inexact.some((re) => re.test(kase.expr))) continue;
      const r = hcl.evaluate(kase.expr, { variables: { ...vars, ...(kase.vars || {}) } });
      const where = `${name}: ${kase.expr}`;
      if (expected.diagnostics) {
        assert.equal(r.ok, false, where);
        // `hcl eval` names a result without JSON form as the result; the API names the value.
        const summaries = expected.diagnostics.map((d) => d.summary.replace('Result has no JSON form', 'Value has no JSON form'));
        assert.deepEqual(r.diagnostics.map((d) => d.summary), summaries, where);
      } else {
        assert.ok(r.ok, `${where}: ${JSON.stringify(r.diagnostics)}`);
        assert.deepEqual(JSON.parse(r.json), expected.value, where);
        assert.deepEqual(r.type, expected.type, where);
      }
      checked += 1;
    }
  }
  t.diagnostic(`${checked} cases`);
  assert.ok(checked > 500, `only ${checked} cases`);
});
