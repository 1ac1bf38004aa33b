// SPDX-License-Identifier: Apache-2.0
// hcl-toolchain as an ES module: import { toJSON } from 'hcl-toolchain'. One implementation, the
// CommonJS one, so that both kinds of import share one WebAssembly instance.
import hcl from './index.cjs';

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
  wrapTerraformExpression,
  HclError,
} = hcl;
export default hcl;
