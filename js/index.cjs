'use strict';
// SPDX-License-Identifier: Apache-2.0
// hcl-toolchain for CommonJS: require('hcl-toolchain').
const core = require('./lib/core.cjs');
const hcl2json = require('./lib/hcl2json.cjs');

module.exports = {
  init: core.init,
  initEvaluator: core.initEvaluator,
  version: core.version,
  validate: core.validate,
  format: core.format,
  toJSON: core.toJSON,
  evaluate: core.evaluate,
  evaluateFile: core.evaluateFile,
  validatePath: core.validatePath,
  formatPath: core.formatPath,
  toJSONPath: core.toJSONPath,
  evaluateFilePath: core.evaluateFilePath,
  parse: hcl2json.parse,
  parseSync: hcl2json.parseSync,
  convertFiles: hcl2json.convertFiles,
  convertFilesSync: hcl2json.convertFilesSync,
  getExpressionAst: hcl2json.getExpressionAst,
  getExpressionAstSync: hcl2json.getExpressionAstSync,
  getReferencesInExpression: hcl2json.getReferencesInExpression,
  getReferencesInExpressionSync: hcl2json.getReferencesInExpressionSync,
  wrapTerraformExpression: hcl2json.wrapTerraformExpression,
  TFExpressionSyntaxTree: hcl2json.TFExpressionSyntaxTree,
  HclError: hcl2json.HclError,
};
