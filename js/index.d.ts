// SPDX-License-Identifier: Apache-2.0
// hcl-toolchain: HCL's native and JSON syntax in WebAssembly (docs/javascript.md).

/** A place in a file: line and column from 1 (columns in grapheme clusters), byte (UTF-8) from 0. */
export interface Position {
  line: number;
  column: number;
  byte: number;
}

export interface Range {
  filename: string;
  start: Position;
  end: Position;
}

/** One diagnostic, named as in `hcl validate --format json`. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  summary: string;
  detail: string;
  /** What is wrong (null when the diagnostic is about no place in particular). */
  range: Range | null;
  /** The construct around it, when that helps. */
  context: Range | null;
  /** As `hcl validate` prints it, with the source line (validate only). */
  rendered?: string;
}

/** Every function returns its diagnostics beside its result; `ok` is false when there are errors. */
export interface Outcome {
  ok: boolean;
  diagnostics: Diagnostic[];
}

/** A file's text, or its bytes as read from disk. */
export type Input = string | Uint8Array;
export type Syntax = 'native' | 'json';
export type Dialect = 'hcl' | 'terraform' | 'opentofu' | 'packer' | 'nomad';
/** Values that cross as JSON: objects, arrays, strings, numbers, booleans and null. */
export type Variables = Record<string, unknown>;

export interface FileOptions {
  /** What diagnostics call the file (default "<input>"); a name ending in .json selects the JSON syntax. */
  filename?: string;
  /** Overrides the syntax the name implies. */
  syntax?: Syntax;
}

export interface ValidateResult {
  format_version: '1.0';
  valid: boolean;
  error_count: number;
  warning_count: number;
  diagnostics: Diagnostic[];
}

export interface FormatOptions {
  filename?: string;
  /** terraform fmt's rewrites as well (`hcl fmt --terraform`). */
  terraform?: boolean;
}

export interface FormatResult extends Outcome {
  /** The canonical layout, byte for byte as `hcl fmt` (when ok). */
  text?: string;
  /** Whether formatting changes the input (when ok). */
  changed?: boolean;
}

export interface JSONOptions extends FileOptions {
  /** Four-space indentation as hcl2json (default true); false is `hcl json --compact`. */
  pretty?: boolean;
  /** Expressions that need no unknown value become their values (`--simplify`). */
  simplify?: boolean;
  /** With evaluation, an expression that fails is an error (`--strict`). */
  strict?: boolean;
  /** The names expressions see (`{ var: { region: 'eu' } }` for var.region, as `--var`); any turns evaluation on. */
  variables?: Variables;
}

export interface JSONResult extends Outcome {
  /** The document `hcl json` prints (when ok). */
  json?: string;
}

export interface EvalOptions {
  variables?: Variables;
  /** Whose function library expressions call (default "hcl", HCL's standard library). */
  dialect?: Dialect;
  /** Keep values marked sensitive in the result instead of failing on them. */
  showSensitive?: boolean;
}

export interface EvalResult extends Outcome {
  /** The value (when ok), as JSON.parse reads cty's JSON of it. */
  value?: unknown;
  /** cty's JSON of the value, numbers with every digit. */
  json?: string;
  /** cty's JSON of the value's type ("string", ["list", "number"] ...). */
  type?: unknown;
}

export function version(): string;
/** Loads the WebAssembly module that parses (hcl_parse.wasm): once, before the first call, in a
 * browser (from beside the package's module by default, or from the URL, Response, bytes or
 * compiled module given); Node.js reads it on first use without this. */
export function init(source?: string | URL | Response | BufferSource | WebAssembly.Module): Promise<void>;
/** Loads the WebAssembly module that evaluates (hcl_eval.wasm, twice the size): once in a
 * browser before `evaluate`, `evaluateFile`, or `toJSON` with `simplify` or `variables`, as
 * `init` loads the other; Node.js reads it on first use without this. */
export function initEvaluator(source?: string | URL | Response | BufferSource | WebAssembly.Module): Promise<void>;
/** The diagnostics of parsing the input, as `hcl validate --format json` (without snippets). */
export function validate(input: Input, options?: FileOptions): ValidateResult;
/** `hcl fmt`. */
export function format(input: Input, options?: FormatOptions): FormatResult;
/** `hcl json`. */
export function toJSON(input: Input, options?: JSONOptions): JSONResult;
/** `hcl eval EXPRESSION`. */
export function evaluate(expression: string, options?: EvalOptions): EvalResult;
/** `hcl eval --file`: a whole file evaluated into one object (dynamic blocks expanded). */
export function evaluateFile(input: Input, options?: EvalOptions & FileOptions): EvalResult;

/** Node.js: the same, reading the file at `path` (named so in diagnostics). */
export function validatePath(path: string, options?: FileOptions): ValidateResult;
export function formatPath(path: string, options?: FormatOptions): FormatResult;
export function toJSONPath(path: string, options?: JSONOptions): JSONResult;
export function evaluateFilePath(path: string, options?: EvalOptions & FileOptions): EvalResult;

export {
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
} from './hcl2json';
