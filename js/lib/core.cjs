'use strict';
// SPDX-License-Identifier: Apache-2.0
// hcl-toolchain: the hcl library compiled to WebAssembly (two modules, built from
// js/src/binding.cpp) and the shapes users see. Every function takes text (a string, or a
// Uint8Array of a file's bytes) and returns a plain result object; bad input is reported in
// `diagnostics`, never thrown.
// The functions whose names end in `Path` read a file in Node.js, and only they touch the file
// system.

function isNode() {
  return typeof process !== 'undefined' && Boolean(process.versions && process.versions.node);
}

// The two WebAssembly modules beside this file (js/CMakeLists.txt): hcl_parse.wasm, the library
// without the evaluator (half the size, and quicker to start), answers every call that does not
// evaluate; hcl_eval.wasm, the whole library, answers evaluate, evaluateFile and toJSON with
// simplify or variables. Each is loaded on its first use: in Node.js read from its file and
// compiled, since Node's fetch cannot read a path (compiled here rather than handed to the
// loader as bytes, which the loader copies first: a seventh of the start-up's processor time);
// in a browser init() and initEvaluator() fetch and compile them (index.mjs gives them the
// files' URLs). Either way a module is then instantiated synchronously (the loaders are linked
// with WASM_ASYNC_COMPILATION=0), so that every function answers at once, and an instance
// dropped after a trap is replaced without compiling again. The loaders are required on first
// use too, each by its own literal name, so that bundlers find them.
const parseModule = {
  file: 'hcl_parse.wasm',
  loader: () => require('./hcl_parse.js'),
  browserHint: 'await init() once before the first call in a browser',
  source: null, // the compiled WebAssembly.Module
  native: null, // the instance's exports, as the loader gives them
};
const evalModule = {
  file: 'hcl_eval.wasm',
  loader: () => require('./hcl_eval.js'),
  browserHint: 'await initEvaluator() once before evaluating in a browser',
  source: null,
  native: null,
};

function wasm(m) {
  if (m.native === null) {
    // The module draws its random bytes (the key of its hash tables, uuid()) from the Web
    // Crypto global, which Node.js 18 has only as require('crypto').webcrypto: it is put where
    // Node.js 19 and later put it themselves, as without it the module stops at its first draw.
    if (typeof globalThis.crypto === 'undefined' && isNode()) {
      globalThis.crypto = module.require('crypto').webcrypto;
    }
    if (m.source === null) {
      if (!isNode()) throw new Error(`hcl-toolchain: ${m.browserHint}`);
      m.source = new WebAssembly.Module(
        module.require('fs').readFileSync(module.require('path').join(__dirname, m.file)));
    }
    const compiled = m.source;
    const module_ = {
      instantiateWasm(imports, receive) {
        const instance = new WebAssembly.Instance(compiled, imports);
        receive(instance, compiled);
        return instance.exports;
      },
    };
    m.loader()(module_);
    // A failed start rejects the module's `ready` promise; the calls below report it instead.
    if (module_.ready && typeof module_.ready.then === 'function') module_.ready.then(null, () => {});
    m.native = module_;
  }
  return m.native;
}

// `source`: the module's URL, a fetch Response, its bytes or a compiled WebAssembly.Module.
async function load(m, source, initName) {
  if (m.native !== null) return;
  if (isNode() && (source === undefined || typeof source === 'string' || source instanceof URL)) {
    wasm(m);
    return;
  }
  if (source === undefined) throw new TypeError(`${initName} needs the URL of ${m.file}`);
  let bytes = source;
  if (typeof bytes === 'string' || bytes instanceof URL) bytes = await fetch(bytes);
  if (typeof Response !== 'undefined' && bytes instanceof Response) bytes = await bytes.arrayBuffer();
  m.source = bytes instanceof WebAssembly.Module ? bytes : await WebAssembly.compile(bytes);
  wasm(m);
}

/** Loads the parse module (hcl_parse.wasm): needed once in a browser before the first call
 * (Node.js reads it itself). */
function init(source) {
  return load(parseModule, source, 'init');
}

/** Loads the evaluating module (hcl_eval.wasm), the whole library: needed once in a browser before
 * evaluate, evaluateFile, or toJSON with simplify or variables (Node.js reads it itself). */
function initEvaluator(source) {
  return load(evalModule, source, 'initEvaluator');
}

function internalError(error) {
  return {
    severity: 'error',
    summary: 'Internal error',
    detail: `The input could not be processed: ${error && error.message ? error.message : String(error)}`,
    range: null,
    context: null,
  };
}

// A trap in the module (exhausted memory, or a stack deeper than the engine allows) leaves its
// state unknown: the instance is dropped, the next call makes a new one, and this call's answer
// is a diagnostic.
function call(m, name, ...args) {
  const exports = wasm(m);
  try {
    return exports[name](...args);
  } catch (error) {
    m.native = null;
    return { ok: false, diagnostics: [internalError(error)] };
  }
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// A string with a lone surrogate as its WTF-8 bytes: the library then reports the bad bytes where
// they are, where emscripten's own encoding would pair the surrogate with the next character.
function wtf8(s) {
  const out = [];
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

// Strings cross into the module as UTF-8 bytes encoded here, and text comes back as a view of the
// module's memory decoded here (js/src/binding.cpp, text_view): TextEncoder and TextDecoder are
// native, where the loader's own conversions walk the text in JavaScript.
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();
function decoded(view) {
  return view instanceof Uint8Array ? utf8Decoder.decode(view) : view;
}

function text(input, what) {
  if (typeof input === 'string') return loneSurrogate.test(input) ? wtf8(input) : utf8Encoder.encode(input);
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  throw new TypeError(`${what} must be a string or a Uint8Array`);
}

const syntaxes = { auto: 0, native: 1, hcl: 1, json: 2 };
function syntaxOf(options) {
  const s = options.syntax === undefined ? 'auto' : options.syntax;
  if (!(s in syntaxes)) throw new TypeError(`syntax must be "native" or "json", not ${JSON.stringify(s)}`);
  return syntaxes[s];
}

function variablesOf(variables) {
  if (variables === undefined || variables === null) return '';
  if (typeof variables !== 'object' || Array.isArray(variables)) throw new TypeError('variables must be an object');
  // JSON would write NaN and the infinities as null: refused instead, as HCL has no such numbers.
  return JSON.stringify(variables, (key, value) => {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`variables: ${value} is no HCL number`);
    if (typeof value === 'bigint') {
      if (JSON.rawJSON) return JSON.rawJSON(value.toString());
      if (!Number.isSafeInteger(Number(value))) throw new TypeError('variables: a BigInt past 2^53 needs Node.js 21');
      return Number(value);
    }
    return value;
  });
}

const defaultName = '<input>';

/** `hcl validate --format json`: the parse's diagnostics, each with its rendering. */
function validate(input, options = {}) {
  const r = call(parseModule, 'validate', text(input, 'input'), options.filename || defaultName, syntaxOf(options));
  const diagnostics = r.diagnostics.map((d, i) => (r.rendered ? { ...d, rendered: r.rendered[i] } : d));
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return {
    format_version: '1.0',
    valid: errors === 0,
    error_count: errors,
    warning_count: diagnostics.length - errors,
    diagnostics,
  };
}

/** `hcl fmt`: the canonical layout. */
function format(input, options = {}) {
  const r = call(parseModule, 'format', text(input, 'input'), options.filename || defaultName,
    Boolean(options.terraform));
  if (r.text !== undefined) r.text = decoded(r.text);
  return r;
}

/** `hcl json`: the document in hcl2json's shape, as text. */
function toJSON(input, options = {}) {
  const variables = variablesOf(options.variables);
  // As `hcl json`: simplify, or any variable, evaluates (lib/api/api.cpp, to_json).
  const evaluates = Boolean(options.simplify) ||
    (variables !== '' && Object.keys(options.variables).length > 0);
  const r = call(evaluates ? evalModule : parseModule, 'toJson', text(input, 'input'), options.filename || defaultName,
    syntaxOf(options), options.pretty !== false, Boolean(options.simplify), Boolean(options.strict), variables);
  // Without diagnostics the module answers with the text alone (js/src/binding.cpp).
  return r instanceof Uint8Array ? { ok: true, json: decoded(r), diagnostics: [] } : r;
}

function valueResult(r) {
  if (!r.ok) return r;
  return { ok: true, value: JSON.parse(r.json), json: r.json, type: JSON.parse(r.type), diagnostics: r.diagnostics };
}

/** `hcl eval`: one expression with variables. */
function evaluate(expression, options = {}) {
  if (typeof expression !== 'string') throw new TypeError('expression must be a string');
  return valueResult(call(evalModule, 'evaluate', expression, variablesOf(options.variables), '', 0,
    options.dialect || 'hcl', Boolean(options.showSensitive)));
}

/** `hcl eval --file`: a whole file evaluated into one object. */
function evaluateFile(input, options = {}) {
  return valueResult(call(evalModule, 'evaluate', text(input, 'input'), variablesOf(options.variables),
    options.filename || defaultName, syntaxOf(options), options.dialect || 'hcl', Boolean(options.showSensitive)));
}

// Node.js only, and only when a function that reads a path is called.
function nodeFs() {
  if (typeof process === 'undefined' || !process.versions || !process.versions.node) {
    throw new Error('reading files needs Node.js');
  }
  return module.require('fs');
}

// A file's bytes, or a failed result naming why it could not be read.
function readPath(path) {
  try {
    return { bytes: nodeFs().readFileSync(path) };
  } catch (error) {
    if (error.message === 'reading files needs Node.js') throw error;
    return {
      failed: {
        ok: false,
        diagnostics: [{ severity: 'error', summary: 'Failed to read file', detail: `${path}: ${error.message}`,
          range: null, context: null }],
      },
    };
  }
}

function pathVariant(fn, failedShape) {
  return (path, options = {}) => {
    const file = readPath(path);
    if (file.failed) return failedShape ? failedShape(file.failed) : file.failed;
    return fn(file.bytes, { filename: path, ...options });
  };
}

function failedValidation(failed) {
  return { format_version: '1.0', valid: false, error_count: 1, warning_count: 0, diagnostics: failed.diagnostics };
}

// One expression's syntax tree in @cdktf/hcl2json's shape: {ok, json, diagnostics} (hcl2json.cjs
// reads it).
function expressionAst(expression, filename) {
  return call(parseModule, 'expressionAst', filename, text(expression, 'expression'));
}

function version() {
  return wasm(parseModule).version();
}

module.exports = {
  init,
  initEvaluator,
  version,
  validate,
  format,
  toJSON,
  evaluate,
  evaluateFile,
  validatePath: pathVariant(validate, failedValidation),
  formatPath: pathVariant(format),
  toJSONPath: pathVariant(toJSON),
  evaluateFilePath: pathVariant(evaluateFile),
  expressionAst,
  nodeFs,
};
