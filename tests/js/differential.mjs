// SPDX-License-Identifier: Apache-2.0
// The drop-in's differential: each file parsed by hcl-toolchain/hcl2json and by @cdktf/hcl2json,
// sorted into one class each: same JSON, different JSON, both refuse, only one refuses.
import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

export async function compare(files, ours, peer) {
  const counts = { same: 0, different: 0, bothRefuse: 0, onlyOldRefuses: 0, onlyNewRefuses: 0 };
  const lists = { different: [], onlyOldRefuses: [], onlyNewRefuses: [] };
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    let mine;
    let theirs;
    try {
      mine = { value: ours.parseSync(file, text) };
    } catch (error) {
      mine = { error };
    }
    try {
      theirs = { value: await peer.parse(file, text) };
    } catch (error) {
      theirs = { error };
    }
    let kind;
    if (mine.error && theirs.error) kind = 'bothRefuse';
    else if (mine.error) kind = 'onlyNewRefuses';
    else if (theirs.error) kind = 'onlyOldRefuses';
    else kind = isDeepStrictEqual(mine.value, theirs.value) ? 'same' : 'different';
    counts[kind] += 1;
    if (lists[kind]) lists[kind].push(file);
  }
  return { counts, lists };
}

// The files of a folder tree whose names end in one of `suffixes`, sorted.
export function filesUnder(dir, suffixes) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && suffixes.some((s) => entry.name.endsWith(s))) {
      out.push(`${entry.path || entry.parentPath}/${entry.name}`);
    }
  }
  return out.sort();
}

// The same classes for one function of both packages over many inputs (expressions): `call(pkg,
// input)` gives the result or throws. Differences are listed with both results.
export async function compareCalls(inputs, ours, peer, call) {
  const counts = { same: 0, different: 0, bothRefuse: 0, onlyOldRefuses: 0, onlyNewRefuses: 0 };
  const lists = { different: [], onlyOldRefuses: [], onlyNewRefuses: [] };
  for (const input of inputs) {
    const run = async (pkg) => {
      try {
        return { value: await call(pkg, input) };
      } catch (error) {
        return { error };
      }
    };
    const mine = await run(ours);
    const theirs = await run(peer);
    let kind;
    if (mine.error && theirs.error) kind = 'bothRefuse';
    else if (mine.error) kind = 'onlyNewRefuses';
    else if (theirs.error) kind = 'onlyOldRefuses';
    else kind = isDeepStrictEqual(mine.value, theirs.value) ? 'same' : 'different';
    counts[kind] += 1;
    if (lists[kind]) lists[kind].push({ input, mine: mine.value ?? mine.error.message, theirs: theirs.value ?? theirs.error.message });
  }
  return { counts, lists };
}

// The expressions in hcl2json's JSON of a file: every string that is one "${...}" holds an
// expression's source text, and every string with a "${" is a template as CDK for Terraform
// hands it to getReferencesInExpression.
export function expressionsIn(value, out = { expressions: [], strings: [] }) {
  if (typeof value === 'string') {
    if (value.includes('${')) out.strings.push(value);
    const m = /^\$\{([\s\S]*)\}$/.exec(value);
    if (m) out.expressions.push(m[1]);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) expressionsIn(v, out);
  }
  return out;
}

// Expressions made from a seeded generator over the grammar's constructs, nested a few levels:
// the same list on every run.
export function generatedExpressions(count, seed = 1) {
  let state = seed;
  const rnd = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const names = ['a', 'var.x', 'local.y', 'each.value', 'aws_s3_bucket.b.arn', 'module.m.out[0]', 'data.d.e["k"]', 'x'];
  const gen = (depth) => {
    const leaf = depth <= 0;
    switch (leaf ? rnd(4) : rnd(22)) {
      case 0: return names[rnd(names.length)];
      case 1: return String(rnd(3) === 0 ? rnd(100) / 4 : rnd(1000));
      case 2: return ['true', 'false', 'null'][rnd(3)];
      case 3: return ['"s"', '""', '"a\\"b"', '"${x}"', '"p-${var.x}-q"'][rnd(5)];
      case 4: return `${gen(depth - 1)} ${['+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', '&&', '||'][rnd(13)]} ${gen(depth - 1)}`;
      case 5: return `${['-', '!'][rnd(2)]}${gen(depth - 1)}`;
      case 6: return `(${gen(depth - 1)})`;
      case 7: return `${gen(depth - 1)} ? ${gen(depth - 1)} : ${gen(depth - 1)}`;
      case 8: return `${['f', 'upper', 'lookup', 'provider::aws::arn_parse'][rnd(4)]}(${Array.from({ length: rnd(3) }, () => gen(depth - 1)).join(', ')}${rnd(5) === 0 ? '...' : ''})`;
      case 9: return `[${Array.from({ length: rnd(3) }, () => gen(depth - 1)).join(', ')}]`;
      case 10: return `{${Array.from({ length: rnd(3) }, (_, i) => `${['k', '"q"', '(var.k)', 'k2'][rnd(4)]}${i} = ${gen(depth - 1)}`).join(', ')}}`;
      case 11: return `[for ${rnd(2) ? 'k, ' : ''}v in ${gen(depth - 1)} : ${gen(depth - 1)}${rnd(2) ? ` if ${gen(depth - 1)}` : ''}]`;
      case 12: return `{for k, v in ${gen(depth - 1)} : k => ${gen(depth - 1)}${rnd(3) === 0 ? '...' : ''}}`;
      case 13: return `${names[rnd(names.length)]}[*].${['id', 'arn', 'tags["n"]', 'x[0]'][rnd(4)]}`;
      case 14: return `${names[rnd(names.length)]}.*.${['id', 'x.y', '0'][rnd(3)]}`;
      case 15: return `${names[rnd(names.length)]}[${gen(depth - 1)}]`;
      case 16: return `f(${gen(depth - 1)}).${['a', 'b[0]', 'c["d"]'][rnd(3)]}`;
      case 17: return `"${['pre', '', 'a b'][rnd(3)]}\${${gen(depth - 1)}}${['', 'post', ' '][rnd(3)]}"`;
      case 18: return `"%{if ${gen(depth - 1)}}${['y', '', '${x}'][rnd(3)]}%{${rnd(2) ? 'else}n%{' : ''}endif}"`;
      case 19: return `"%{for ${rnd(2) ? 'i, ' : ''}v in ${gen(depth - 1)}}${['${v}', '', 'x${v}y'][rnd(3)]}%{endfor}"`;
      case 20: return `<<EOT\n${['line', '${x}', 'a ${var.y} b'][rnd(3)]}\n${rnd(2) ? 'more\n' : ''}EOT\n`;
      default: return `${names[rnd(names.length)]}${['.a.b', '[1]', '[1.5]', '.0', '["k"]', '[true]', '[null]'][rnd(7)]}`;
    }
  };
  return Array.from({ length: count }, () => gen(1 + rnd(3)));
}
