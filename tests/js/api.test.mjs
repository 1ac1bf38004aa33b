// SPDX-License-Identifier: Apache-2.0
// hcl-toolchain's own API on the suite's inputs: toJSON against `hcl json`'s goldens
// (testdata/json), validate against the parser's (testdata/validate), format against hclfmt's
// (testdata/fmt), evaluate; the package's two entry points and its files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { cases, cjs, esm, hcl2jsonEsm, packageDir, testdata } from './common.mjs';

const hcl = esm;

test('ES module and CommonJS entries are one implementation', () => {
  assert.equal(cjs.toJSON, esm.toJSON);
  assert.equal(esm.default.parse, hcl2jsonEsm.parse);
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  assert.equal(hcl.version(), pkg.version);
});

test('toJSON is hcl json', () => {
  for (const [source, expected] of cases('json', '.hcl', '.json')) {
    const r = hcl.toJSON(fs.readFileSync(source), { filename: source });
    assert.ok(r.ok, source);
    assert.equal(r.json.trimEnd(), fs.readFileSync(expected, 'utf8').trimEnd(), source);
  }
  const compact = hcl.toJSON('a = { b = "c" }\n', { pretty: false });
  assert.equal(compact.json, '{"a":{"b":"c"}}');
  assert.deepEqual(JSON.parse(hcl.toJSON('g = 1 + 2\ne = var.x\n', { simplify: true }).json), { g: 3, e: '${var.x}' });
  assert.deepEqual(JSON.parse(hcl.toJSON('e = var.x\n', { variables: { var: { x: 'eu' } }, pretty: false }).json), { e: 'eu' });
  assert.deepEqual(JSON.parse(hcl.toJSON('{"a": {"b": 1}}', { filename: 'x.tf.json' }).json), { a: { b: 1 } });
  assert.throws(() => hcl.toJSON('a = 1', { syntax: 'yaml' }), TypeError);
});

test('validate gives the parser diagnostics with ranges', () => {
  for (const [source, expected] of cases('validate', '.hcl', '.diag')) {
    const got = hcl.validate(fs.readFileSync(source), { filename: path.basename(source) }).diagnostics
      .map((d) => `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}: ` +
        `${d.summary}: ${d.detail.replaceAll('\n', ' ')}\n`).join('');
    assert.equal(got, fs.readFileSync(expected, 'utf8'), source);
  }
  assert.deepEqual(hcl.validate('a = 1\n'), { format_version: '1.0', valid: true, error_count: 0, warning_count: 0, diagnostics: [] });
  const r = hcl.validate('a = 1\na = 2\n', { filename: 'main.tf' });
  assert.equal(r.valid, false);
  assert.equal(r.error_count, 1);
  const [d] = r.diagnostics;
  assert.equal(d.severity, 'error');
  assert.equal(d.summary, 'Attribute redefined');
  assert.deepEqual(d.range, { filename: 'main.tf', start: { line: 2, column: 1, byte: 6 }, end: { line: 2, column: 2, byte: 7 } });
  assert.match(d.rendered, /on main\.tf line 2/);
});

test('format is hcl fmt, byte for byte', () => {
  for (const [source, expected] of cases('fmt', '.hcl', '.out')) {
    const text = fs.readFileSync(source);
    const r = hcl.format(text);
    if (!hcl.validate(text).valid) {
      assert.equal(r.ok, false, source);
      continue;
    }
    assert.ok(r.ok, source);
    assert.equal(r.text, fs.readFileSync(expected, 'utf8'), source);
  }
  assert.deepEqual(hcl.format('a=1\n'), { ok: true, diagnostics: [], text: 'a = 1\n', changed: true });
  assert.equal(hcl.format('a = \n').ok, false);
});

test('evaluate is hcl eval', () => {
  const r = hcl.evaluate('upper(var.region)', { variables: { var: { region: 'eu-west-1' } } });
  assert.deepEqual([r.ok, r.value, r.type], [true, 'EU-WEST-1', 'string']);
  assert.deepEqual(hcl.evaluate('[for n in [1, 2, 3] : n * 2]').value, [2, 4, 6]);
  assert.equal(hcl.evaluate('12345678901234567890123 + 1').json, '12345678901234567890124');
  assert.equal(hcl.evaluate('pow(2, 40)').value, 2 ** 40);
  assert.equal(hcl.evaluate('parseint("ffffffffff", 16)').value, 0xffffffffff);
  assert.equal(hcl.evaluate('cidrhost("10.0.0.0/8", 70000)').value, '10.1.17.112');
  assert.equal(hcl.evaluate('sha256("hcl")').value.length, 64);
  assert.equal(hcl.evaluate('abspath("x")', { dialect: 'terraform' }).ok, false); // no file system
  const bad = hcl.evaluate('var.nope + 1');
  assert.equal(bad.ok, false);
  assert.ok(bad.diagnostics.length > 0);
  assert.equal(hcl.evaluate('1', { dialect: 'cobol' }).ok, false);
  assert.deepEqual(hcl.evaluateFile('port = 8000 + 80\nb "x" { c = true }\n').value, { port: 8080, b: { x: [{ c: true }] } });
  assert.equal(hcl.evaluate('sensitive("s")').ok, false);
  assert.equal(hcl.evaluate('sensitive("s")', { showSensitive: true }).value, 's');
});

test('the Path variants read files, and only they', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcl-js-'));
  try {
    const file = path.join(dir, 'main.tf');
    fs.writeFileSync(file, 'a=1\n');
    assert.equal(hcl.formatPath(file).text, 'a = 1\n');
    assert.equal(hcl.toJSONPath(file, { pretty: false }).json, '{"a":1}');
    assert.equal(hcl.validatePath(file).valid, true);
    assert.deepEqual(hcl.evaluateFilePath(file).value, { a: 1 });
    const missing = hcl.validatePath(path.join(dir, 'none.tf'));
    assert.equal(missing.valid, false);
    assert.equal(missing.diagnostics[0].summary, 'Failed to read file');
    // A string is text, never a path.
    assert.equal(hcl.toJSON(file).ok, false);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

// A browser has no file to read: init() and initEvaluator() are given the modules (here their
// bytes, as fetch would give them), compile them asynchronously and instantiate them. Run in a
// process of its own, whose modules no call has loaded yet.
test('init and initEvaluator load the modules from their bytes, as in a browser', async () => {
  const { execFileSync } = await import('node:child_process');
  const parseFile = path.join(packageDir, 'lib', 'hcl_parse.wasm');
  const wholeFile = path.join(packageDir, 'lib', 'hcl_eval.wasm');
  assert.ok(fs.statSync(parseFile).size > 100000, 'the parse module is a file of the package');
  assert.ok(fs.statSync(wholeFile).size > fs.statSync(parseFile).size, 'the module that evaluates is the larger');
  const script = `
    const hcl = await import(${JSON.stringify(path.join(packageDir, 'index.mjs'))});
    const fs = await import('node:fs');
    await hcl.init(fs.readFileSync(${JSON.stringify(parseFile)}));
    await hcl.init();
    await hcl.initEvaluator(await WebAssembly.compile(fs.readFileSync(${JSON.stringify(wholeFile)})));
    process.stdout.write(JSON.stringify([hcl.format('a=1\\n').text, hcl.version(), hcl.evaluate('1 + 1').value]));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  assert.deepEqual(JSON.parse(out), ['a = 1\n', pkg.version, 2]);
});

// Only evaluating needs the whole module: a copy of the package without it still parses,
// validates, formats and converts, and the drop-in with it, while evaluating fails for want of it.
test('the calls that do not evaluate never load the module that evaluates', async () => {
  const { execFileSync } = await import('node:child_process');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcl-js-parse-only-'));
  try {
    fs.cpSync(packageDir, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'lib', 'hcl_eval.wasm'));
    fs.rmSync(path.join(dir, 'lib', 'hcl_eval.js'));
    const script = `
      const hcl = require(${JSON.stringify(path.join(dir, 'index.cjs'))});
      const out = [hcl.toJSON('a = 1 + 1\\n', { pretty: false }).json, hcl.validate('a = \\n').valid,
        hcl.format('a=1\\n').text, hcl.parseSync('x.tf', 'b = "\${var.c}"\\n'),
        hcl.getExpressionAstSync('x.tf', 'var.c').type, hcl.toJSON('a = 1\\n', { variables: {} }).ok];
      let evaluated;
      try { evaluated = hcl.evaluate('1'); } catch (error) { evaluated = error.code; }
      out.push(evaluated);
      console.log(JSON.stringify(out));`;
    const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), ['{"a":"${1 + 1}"}', false, 'a = 1\n', { b: '${var.c}' }, 'scopeTraversal', true,
      'ENOENT']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('Node.js 18, which has no Web Crypto global in modules, still gives the module its random bytes', () => {
  // The global is taken away in a process of its own, as Node.js 18 runs a file. The key of the
  // converter's hash tables is drawn from it (testdata/json/expressions.hcl uses them).
  const input = path.join(testdata, 'json', 'expressions.hcl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcl-js-'));
  try {
    const script = path.join(dir, 'no-crypto.cjs');
    fs.writeFileSync(script, `delete globalThis.crypto;
const hcl = require(${JSON.stringify(path.join(packageDir, 'index.cjs'))});
const r = hcl.toJSON(require('fs').readFileSync(${JSON.stringify(input)}, 'utf8'), { pretty: false });
console.log(JSON.stringify([r.ok, r.json]));
`);
    const out = execFileSync(process.execPath, [script], { encoding: 'utf8' });
    const [ok, json] = JSON.parse(out.trim().split('\n').pop());
    const here = esm.toJSON(fs.readFileSync(input, 'utf8'), { pretty: false });
    assert.deepEqual([ok, json], [true, here.json]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
