// SPDX-License-Identifier: Apache-2.0
// hcl-toolchain as an ES module: import { toJSON } from 'hcl-toolchain'. One implementation, the
// CommonJS one, so that both kinds of import share one WebAssembly instance.
import hcl from './index.cjs';

// In a browser, init() fetches the module from beside this file (a bundler that knows
// `new URL(..., import.meta.url)` copies it along); Node.js reads it itself.
export function init(source = new URL('./lib/hcl_wasm.wasm', import.meta.url)) {
  return hcl.init(source);
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
