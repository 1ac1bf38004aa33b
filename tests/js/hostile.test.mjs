// SPDX-License-Identifier: Apache-2.0
// Hostile inputs: every function answers with diagnostics, quickly, and the module keeps working
// afterwards. Nothing throws (but a TypeError for arguments of the wrong type) or ends the process.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { esm as hcl } from './common.mjs';
import { hcl2jsonEsm } from './common.mjs';

function rejectedEverywhere(text, summary) {
  const validated = hcl.validate(text);
  assert.equal(validated.valid, false);
  assert.ok(validated.diagnostics.some((d) => d.summary === summary),
    `${summary} not in ${validated.diagnostics.map((d) => d.summary)}`);
  for (const call of [hcl.toJSON, hcl.format, hcl.evaluateFile]) {
    const r = call(text);
    assert.equal(r.ok, false, call.name);
    assert.ok(r.diagnostics.length > 0, call.name);
  }
  assert.throws(() => hcl2jsonEsm.parseSync('x.tf', text), (e) => e instanceof hcl2jsonEsm.HclError && e.diagnostics.length > 0);
  // Still answering.
  assert.equal(hcl.toJSON('a = 1\n', { pretty: false }).json, '{"a":1}');
}

test('unclosed strings, templates and heredocs', () => {
  rejectedEverywhere('a = "never closed\n' + 'b = 1\n'.repeat(1000), 'Invalid multi-line string');
  rejectedEverywhere('a = "${' + 'x'.repeat(10000), 'Unclosed template interpolation sequence');
  rejectedEverywhere('a = <<EOT\n' + 'line\n'.repeat(10000), 'Unterminated template string');
});

test('nesting deeper than the limit is reported, not followed', () => {
  for (const [open, close] of [['[', ']'], ['(', ')'], ['{', '}'], ['"${', '}"']]) {
    rejectedEverywhere('a = ' + open.repeat(100000) + '1' + close.repeat(100000) + '\n', 'Nesting too deep');
  }
  rejectedEverywhere('b {\n'.repeat(50000) + '}\n'.repeat(50000), 'Nesting too deep');
  // Just under the limit still works.
  const deep = 'a = ' + '['.repeat(900) + '1' + ']'.repeat(900) + '\n';
  assert.ok(hcl.toJSON(deep).ok);
  assert.ok(hcl.format(deep).ok);
  assert.ok(hcl.evaluate('['.repeat(900) + '1' + ']'.repeat(900)).ok);
});

test('bytes that are not UTF-8, NUL, and odd arguments', () => {
  const bad = new Uint8Array([0x61, 0x20, 0x3d, 0x20, 0x22, 0xff, 0xfe, 0x22, 0x0a]);
  assert.equal(hcl.validate(bad).valid, false);
  assert.equal(hcl.validate('a = 1\0\n').valid, false);
  assert.equal(hcl.toJSON('\ud800 = 1').ok, false); // a lone surrogate
  assert.throws(() => hcl.toJSON(42), TypeError);
  assert.throws(() => hcl.evaluate('1', { variables: [1] }), TypeError);
  assert.throws(() => hcl.evaluate('x', { variables: { x: 1e400 } }), TypeError); // JSON would make it null
  assert.equal(hcl.evaluate('1').value, 1);
});

test('evaluations past their budget stop with a diagnostic', () => {
  const r = hcl.evaluate('length(range(0, 100000000))');
  assert.equal(r.ok, false);
  assert.ok(r.diagnostics.some((d) => /too large|range/i.test(d.summary + d.detail)), JSON.stringify(r.diagnostics));
  const s = hcl.evaluate('join("", [for i in range(0, 1000000) : "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"])');
  assert.ok(typeof s.ok === 'boolean');
  assert.equal(hcl.evaluate('1 + 1').value, 2);
});

test('a large file', () => {
  const big = Array.from({ length: 200000 }, (_, i) => `a${i} = ${i}\n`).join('');
  const r = hcl.toJSON(big, { pretty: false });
  assert.ok(r.ok);
  assert.equal(Object.keys(JSON.parse(r.json)).length, 200000);
});
