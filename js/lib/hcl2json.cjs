'use strict';
// SPDX-License-Identifier: Apache-2.0
// The exports of @cdktf/hcl2json with its results, over the same conversion as `hcl json` (which
// is byte for byte tmccombs/hcl2json's): a program switches by changing its import. Each
// Promise-returning function has a synchronous twin (parseSync, convertFilesSync). A rejection
// is an Error whose message is the first error as HCL writes it (file:line,column-column:
// summary; detail), as the old package's is, with every diagnostic in `diagnostics`.

const core = require('./core.cjs');

function rangeText(r) {
  const end = r.start.line === r.end.line ? `${r.end.column}` : `${r.end.line},${r.end.column}`;
  return `${r.filename}:${r.start.line},${r.start.column}-${end}`;
}

class HclError extends Error {
  constructor(diagnostics) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0] || diagnostics[0];
    let message = first.range ? `${rangeText(first.range)}: ${first.summary}` : first.summary;
    if (first.detail) message += `; ${first.detail}`;
    if (errors.length > 1) message += `, and ${errors.length - 1} other diagnostic(s)`;
    super(message);
    this.name = 'HclError';
    this.diagnostics = diagnostics;
  }
}

function parseSync(filename, contents) {
  const r = core.toJSON(contents, { filename, pretty: false, syntax: 'native' });
  if (!r.ok) throw new HclError(r.diagnostics);
  return JSON.parse(r.json);
}

async function parse(filename, contents) {
  return parseSync(filename, contents);
}

// Merges `sources` into `target` as @cdktf/hcl2json does for .tf.json files: objects merge key by
// key, arrays concatenate onto arrays, anything else replaces, and `undefined` deletes.
function merge(target, ...sources) {
  for (const source of sources) {
    if (typeof source !== 'object' || typeof target !== 'object' || source === null || target === null) {
      throw new Error('Invalid usage. Both source and target must be objects');
    }
    for (const [key, value] of Object.entries(source)) {
      if (value === undefined) {
        delete target[key];
      } else if (Array.isArray(value)) {
        target[key] = Array.isArray(target[key]) ? [...target[key], ...value] : value;
      } else if (typeof value === 'object' && value !== null) {
        if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
        merge(target[key], value);
        if (Object.keys(target[key]).length === 0) delete target[key];
      } else {
        target[key] = value;
      }
    }
  }
  return target;
}

// The directory's *.tf files (not its subdirectories') read as one file, named hcl2json.tf, in
// the order the directory lists them, and its *.tf.json files merged over the result.
function convertFilesSync(workingDirectory) {
  const fs = core.nodeFs();
  const path = module.require('path');
  let tf = '';
  const jsonFiles = [];
  for (const name of fs.readdirSync(workingDirectory)) {
    const file = path.resolve(workingDirectory, name);
    if (fs.lstatSync(file).isDirectory()) continue;
    if (/\.tf$/.test(name)) {
      tf += fs.readFileSync(file, 'utf-8') + '\n';
    } else if (/\.tf\.json$/.test(name)) {
      jsonFiles.push(JSON.parse(fs.readFileSync(file, 'utf-8')));
    }
  }
  if (tf === '' && jsonFiles.length === 0) {
    console.error(`No '.tf' or '.tf.json' files found in ${workingDirectory}`);
    return {};
  }
  return merge(parseSync('hcl2json.tf', tf), ...jsonFiles);
}

async function convertFiles(workingDirectory) {
  return convertFilesSync(workingDirectory);
}

// A string as an HCL expression, as @cdktf/hcl2json wraps one before parsing it: numbers,
// booleans, lists, objects and heredocs as they are, a quoted string with its inner quotes
// escaped (or as a heredoc when it spans lines), anything else quoted. wrapOffset is where the
// input starts in the result.
function wrapTerraformExpression(input) {
  const quoted = /^(\s*")(.*)("\s*)$/.exec(input);
  if (quoted && !/(?<!\$)\$\{/.test(input)) input = quoted[1] + quoted[2].split('"').join('\\"') + quoted[3];
  const asIs = { wrap: input, wrapOffset: 0 };
  if (!Number.isNaN(Number(input)) || input === 'true' || input === 'false') return asIs;
  if (input.startsWith('"')) {
    if (input.includes('\n')) return { wrap: `<<EOE\n${input.slice(1, -1)}\nEOE\n`, wrapOffset: 5 };
    return asIs;
  }
  if (input.startsWith('[') || input.startsWith('{')) return asIs;
  if (input.startsWith('<<')) return input.endsWith('\n') ? asIs : { wrap: `${input}\n`, wrapOffset: 0 };
  return { wrap: `"${input}"`, wrapOffset: 1 };
}

module.exports = { parse, parseSync, convertFiles, convertFilesSync, wrapTerraformExpression, HclError };
