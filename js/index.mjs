// SPDX-License-Identifier: Apache-2.0
// hcl-toolchain as an ES module: import { toJSON } from 'hcl-toolchain'. One implementation, the
// CommonJS one, so that both kinds of import share one WebAssembly instance.
import hcl from './index.cjs';

// In a browser, init() fetches the parse module from beside this file, and initEvaluator() the
// module that evaluates (a bundler that knows `new URL(..., import.meta.url)` copies them along);
// Node.js reads them itself.
export function init(source = new URL('./lib/hcl_parse.wasm', import.meta.url)) {
  return hcl.init(source);
}

export function initEvaluator(source = new URL('./lib/hcl_eval.wasm', import.meta.url)) {
  return hcl.initEvaluator(source);
}

export const {
  version,
  validate,
  format,
  toJSON,
  evaluate,
  evaluateFile,
  validatePath,
  formatPath,
  toJSONPath,
  evaluateFilePath,
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
} = hcl;
export default hcl;
