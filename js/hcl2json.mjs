// SPDX-License-Identifier: Apache-2.0
// import { parse } from 'hcl-toolchain/hcl2json': the exports of @cdktf/hcl2json.
import hcl2json from './lib/hcl2json.cjs';

export const {
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
} = hcl2json;
export default hcl2json;
