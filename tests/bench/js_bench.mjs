// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test) of the npm package against @cdktf/hcl2json, which it replaces:
//   node tests/bench/js_bench.mjs PACKAGE_DIR [CORPUS_DIR]
// PACKAGE_DIR is the built package (build/wasm/package); @cdktf/hcl2json is installed from npm
// into the cache as the tests install it. Each measure runs in a fresh Node.js process, so that
// start-up (import, compiling the WebAssembly, the first call) is counted:
// - the corpus: every .tf, .hcl and .nomad file under CORPUS_DIR/real parsed in turn (wall and
//   CPU time, peak resident memory);
// - one small file: process start, import and one parse (and import and the parse alone, timed
//   inside the process), then the median of 200 parses;
// - sizes: the package's files gzipped, and the packed tarball;
// and beside them the same measures of a package that does nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { filesUnder } from '../js/differential.mjs';
import { loadPeer } from '../js/peer.mjs';

const [packageDir, corpusDir] = process.argv.slice(2);
if (!packageDir) {
  console.error('usage: node tests/bench/js_bench.mjs PACKAGE_DIR [CORPUS_DIR]');
  process.exit(2);
}
if (!loadPeer()) throw new Error('@cdktf/hcl2json could not be installed from npm');
const peerDir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'hcl-wasm', 'peers',
  'cdktf-hcl2json-0.21.0', 'node_modules', '@cdktf', 'hcl2json');
// The third subject is a package whose parse returns at once: what Node.js, the harness and
// reading the files cost by themselves, under every package's figures, and so the largest ratio
// any package could reach against @cdktf/hcl2json here.
const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcl-js-bench-floor-'));
fs.writeFileSync(path.join(floorDir, 'index.cjs'), 'exports.parse = async () => ({});\n');
const subjects = {
  'hcl-toolchain': path.resolve(packageDir, 'hcl2json.cjs'),
  '@cdktf/hcl2json': peerDir,
  floor: path.join(floorDir, 'index.cjs'),
};

// A child that requires the package, parses the files named in a list file, and reports.
const child = `
const t0 = process.hrtime.bigint();
const fs = require('fs');
const m = require(process.argv[1]);
const files = fs.readFileSync(process.argv[2], 'utf8').split('\\n').filter(Boolean);
const repeat = Number(process.argv[3]);
(async () => {
  let ok = 0, first = 0;
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8');
    try { await m.parse(f, text); ok++; } catch {}
    if (!first) first = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const text = fs.readFileSync(files[0], 'utf8');
    const s = process.hrtime.bigint();
    try { await m.parse(files[0], text); } catch {}
    times.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  times.sort((a, b) => a - b);
  const u = process.resourceUsage();
  console.log(JSON.stringify({ ok, first, wall: Number(process.hrtime.bigint() - t0) / 1e6,
    cpu: (u.userCPUTime + u.systemCPUTime) / 1000, maxRSS: u.maxRSS / 1024,
    median: times.length ? times[times.length >> 1] : null }));
  process.exit(0);
})();
`;

function run(entry, files, repeat) {
  const list = path.join(os.tmpdir(), `hcl-js-bench-${process.pid}.txt`);
  fs.writeFileSync(list, files.join('\n'));
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-e', child, entry, list, String(repeat)], { encoding: 'utf8',
    maxBuffer: 1 << 26 });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  fs.rmSync(list);
  if (r.status !== 0) throw new Error(r.stderr);
  return { ...JSON.parse(r.stdout.trim().split('\n').pop()), process: elapsed };
}

const rows = [];
function ratio(peer, other) {
  return other > 0 ? `${(peer / other).toFixed(1)}x` : '-';
}
function row(measure, values, unit) {
  const { 'hcl-toolchain': ours, '@cdktf/hcl2json': peer, floor } = values;
  rows.push(`| ${measure} | ${peer.toFixed(1)} ${unit} | ${ours.toFixed(1)} ${unit} | ${ratio(peer, ours)} | ` +
    `${floor.toFixed(1)} ${unit} | ${ratio(peer, floor)} |`);
}

const small = path.join(os.tmpdir(), `hcl-js-bench-small-${process.pid}.tf`);
fs.writeFileSync(small, 'resource "aws_instance" "web" {\n  ami           = "ami-123"\n  instance_type = var.type\n' +
  '  tags = {\n    Name = "web-${count.index}"\n  }\n}\n');
// The process's time is measured in a run of its own: in the run of 200 parses it would count
// them too.
const startRuns = Object.fromEntries(Object.entries(subjects).map(([name, entry]) => [name, run(entry, [small], 0)]));
const smallRuns = Object.fromEntries(Object.entries(subjects).map(([name, entry]) => [name, run(entry, [small], 200)]));
row('one small file: process start, import and first parse (ms)', Object.fromEntries(Object.entries(startRuns)
  .map(([k, v]) => [k, v.process])), 'ms');
row('one small file: import and first parse, in the process (ms)', Object.fromEntries(Object.entries(startRuns)
  .map(([k, v]) => [k, v.first])), 'ms');
row('one small file: a parse once loaded, median of 200 (ms)', Object.fromEntries(Object.entries(smallRuns)
  .map(([k, v]) => [k, v.median])), 'ms');

if (corpusDir) {
  const files = filesUnder(path.join(corpusDir, 'real'), ['.tf', '.hcl', '.nomad']);
  const bytes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
  const corpus = Object.fromEntries(Object.entries(subjects).map(([name, entry]) => [name, run(entry, files, 0)]));
  rows.push(`| corpus: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB; files parsed | ` +
    `${corpus['@cdktf/hcl2json'].ok} | ${corpus['hcl-toolchain'].ok} | | ${corpus.floor.ok} | |`);
  row('corpus: wall time, process start included (s)', Object.fromEntries(Object.entries(corpus)
    .map(([k, v]) => [k, v.process / 1000])), 's');
  row('corpus: import, reading and every parse, in the process (s)', Object.fromEntries(Object.entries(corpus)
    .map(([k, v]) => [k, v.wall / 1000])), 's');
  row('corpus: CPU time (s)', Object.fromEntries(Object.entries(corpus).map(([k, v]) => [k, v.cpu / 1000])), 's');
  row('corpus: peak resident memory (MB)', Object.fromEntries(Object.entries(corpus).map(([k, v]) => [k, v.maxRSS])), 'MB');
}

// Sizes: what an install puts on disk, gzipped file by file, and the tarball npm downloads.
function gzippedSize(dir) {
  let total = 0;
  for (const f of filesUnder(dir, [''])) total += zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
  return total;
}
function tarball(dir) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'hcl-js-pack-'));
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: dir, encoding: 'utf8' }).trim();
  const size = fs.statSync(path.join(out, name.split('\n').pop())).size;
  fs.rmSync(out, { recursive: true });
  return size;
}
const ours = path.resolve(packageDir);
rows.push(`| package files, gzipped (KB) | ${(gzippedSize(peerDir) / 1024).toFixed(0)} KB | ` +
  `${(gzippedSize(ours) / 1024).toFixed(0)} KB | | | |`);
rows.push(`| npm tarball (KB) | ${(tarball(peerDir) / 1024).toFixed(0)} KB | ${(tarball(ours) / 1024).toFixed(0)} KB | | | |`);
fs.rmSync(floorDir, { recursive: true });

// Where the package's start-up goes, in a process of its own: the parse module's loader script,
// reading the module's bytes, compiling it (Node.js decodes and validates it then, and compiles each function
// on its first call), instantiating it, the loader's start (constructors, embind's
// registrations), and the first conversion of a small file (with the compiling of every
// function it reaches). Medians of five processes.
const phasesChild = `
const t0 = process.hrtime.bigint();
const at = () => Number(process.hrtime.bigint() - t0) / 1e6;
const fs = require('fs'), path = require('path');
const create = require(path.join(process.argv[1], 'lib', 'hcl_parse.js'));
const t = { script: at() };
const bytes = fs.readFileSync(path.join(process.argv[1], 'lib', 'hcl_parse.wasm'));
t.read = at();
const compiled = new WebAssembly.Module(bytes);
t.compile = at();
const m = { instantiateWasm(imports, receive) {
  const instance = new WebAssembly.Instance(compiled, imports);
  t.instantiate = at();
  receive(instance, compiled);
  return instance.exports;
} };
create(m);
t.start = at();
m.toJson(new TextEncoder().encode(fs.readFileSync(process.argv[2], 'utf8')), 'small.tf', 1, false, false, false, '');
t.convert = at();
console.log(JSON.stringify(t));
`;
const phaseRuns = [];
for (let i = 0; i < 5; i++) {
  const r = spawnSync(process.execPath, ['-e', phasesChild, path.resolve(packageDir), small], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  phaseRuns.push(JSON.parse(r.stdout));
}
fs.rmSync(small);
const phaseNames = Object.keys(phaseRuns[0]);
console.log('| hcl-toolchain start-up, in the process | ms (median of 5) |');
console.log('|---|---|');
phaseNames.forEach((name, i) => {
  const spans = phaseRuns.map((r) => r[name] - (i ? r[phaseNames[i - 1]] : 0)).sort((a, b) => a - b);
  console.log(`| ${name} | ${spans[2].toFixed(1)} |`);
});
console.log('');

console.log('| measure | @cdktf/hcl2json 0.21.0 | hcl-toolchain | ratio | a parse that does nothing | ratio |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
