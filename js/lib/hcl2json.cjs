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
  constructor(diagnostics, prefix = '') {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0] || diagnostics[0];
    let message = first.range ? `${rangeText(first.range)}: ${first.summary}` : first.summary;
    if (first.detail) message += `; ${first.detail}`;
    if (errors.length > 1) message += `, and ${errors.length - 1} other diagnostic(s)`;
    super(prefix + message);
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

// One expression's syntax tree, as @cdktf/hcl2json's getExpressionAst returns it (its
// TFExpressionSyntaxTree types). The expression is not wrapped: "a" is a template, a a traversal.
function getExpressionAstSync(filename, expression) {
  const r = core.expressionAst(expression, filename);
  if (!r.ok) throw new HclError(r.diagnostics, `getExpressionAst errors on input string '${expression}': `);
  return JSON.parse(r.json);
}

async function getExpressionAst(filename, expression) {
  return getExpressionAstSync(filename, expression);
}

// The references of a scopeTraversal as @cdktf/hcl2json finds them: its steps up to the first one
// without a segment, joined with dots; none when a step names one of the enclosing for
// expressions' variables.
function traversalReference(node, locals) {
  const parts = [];
  for (const part of node.meta.traversal) {
    if (!('segment' in part)) break;
    if (locals.includes(part.segment)) return null;
    parts.push(part);
  }
  if (parts.length === 0) return null;
  return {
    value: parts.map((p) => p.segment).join('.'),
    startPosition: parts[0].range.start.byte,
    endPosition: parts[parts.length - 1].range.end.byte,
  };
}

function childWithValue(node, value) {
  return node.children.find((child) => child.meta && child.meta.value === value);
}

// Every reference under `node`. A for expression's variables hide references of those names in
// its collection and condition; its key and value expressions are not searched (as there).
function findReferences(node, locals) {
  if (!node) return [];
  if (node.type === 'scopeTraversal') {
    const ref = traversalReference(node, locals);
    return ref ? [ref] : [];
  }
  if (node.type === 'for') {
    const inner = [node.meta.keyVar, node.meta.valVar, ...locals];
    return [
      ...findReferences(childWithValue(node, node.meta.collectionExpression), inner),
      ...findReferences(childWithValue(node, node.meta.conditionalExpression), inner),
    ];
  }
  return node.children.flatMap((child) => findReferences(child, locals));
}

// The references (var.x, aws_s3_bucket.b.arn ...) in a string that may hold "${...}" sequences,
// read as @cdktf/hcl2json reads it: quoted when it is not, wrapped by wrapTerraformExpression,
// positions counted in the string as given.
function getReferencesInExpressionSync(filename, expression) {
  let offset = 0;
  let quoted = expression;
  if (!expression.startsWith('"')) {
    quoted = `"${expression}"`;
    offset = 1;
  }
  const { wrap, wrapOffset } = wrapTerraformExpression(quoted);
  offset += wrapOffset;
  const refs = findReferences(getExpressionAstSync(filename, wrap), []);
  if (wrap === expression) return refs;
  return refs.map((ref) => ({ ...ref, startPosition: ref.startPosition - offset, endPosition: ref.endPosition - offset }));
}

async function getReferencesInExpression(filename, expression) {
  return getReferencesInExpressionSync(filename, expression);
}

// @cdktf/hcl2json's TFExpressionSyntaxTree: the node types' guards.
const guard = (type) => (node) => node.type === type;
const TFExpressionSyntaxTree = {
  isForExpression: guard('for'),
  isTemplateWrapExpression: guard('templateWrap'),
  isTemplateExpression: guard('template'),
  isFunctionCallExpression: guard('function'),
  isScopeTraversalExpression: guard('scopeTraversal'),
  isRelativeTraversalExpression: guard('relativeTraversal'),
  isLiteralValueExpression: guard('literalValue'),
  isIndexExpression: guard('index'),
  isSplatExpression: guard('splat'),
  isConditionalExpression: guard('conditional'),
  isUnaryOpExpression: guard('unaryOp'),
  isBinaryOpExpression: guard('binaryOp'),
  isTupleExpression: guard('tuple'),
  isObjectExpression: guard('object'),
  isNameTraversalPart: guard('nameTraversal'),
  isIndexTraversalPart: guard('indexTraversal'),
  getChildWithValue: (node, value) => (node.children ? childWithValue(node, value) : null),
};

module.exports = {
  parse,
  parseSync,
  convertFiles,
  convertFilesSync,
  getExpressionAst,
  getExpressionAstSync,
  getReferencesInExpression,
  getReferencesInExpressionSync,
  wrapTerraformExpression,
  TFExpressionSyntaxTree,
  HclError,
};
