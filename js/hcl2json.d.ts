// SPDX-License-Identifier: Apache-2.0
// The exports of @cdktf/hcl2json (docs/javascript.md lists where the results differ, and why).
import type { Diagnostic } from './index';

/** A rejection: the message is the first error as HCL writes it; every diagnostic is attached. */
export class HclError extends Error {
  diagnostics: Diagnostic[];
}

/** The file in hcl2json's shape. Rejects with an HclError when it does not parse. */
export function parse(filename: string, contents: string | Uint8Array): Promise<Record<string, any>>;
export function parseSync(filename: string, contents: string | Uint8Array): Record<string, any>;
/** Node.js: the directory's *.tf files read as one, with its *.tf.json files merged over them. */
export function convertFiles(workingDirectory: string): Promise<Record<string, any>>;
export function convertFilesSync(workingDirectory: string): Record<string, any>;
/** A string as an HCL expression, as @cdktf/hcl2json wraps one; wrapOffset is where it starts. */
export function wrapTerraformExpression(input: string): { wrap: string; wrapOffset: number };

/** A reference found in an expression: its steps joined by dots, and where it is (bytes). */
export type Reference = { value: string; startPosition: number; endPosition: number };
/** The references in a string that may hold "${...}" sequences (quoted first when it is not). */
export function getReferencesInExpression(filename: string, expression: string): Promise<Reference[]>;
export function getReferencesInExpressionSync(filename: string, expression: string): Reference[];
/** One expression's syntax tree. Rejects with an HclError when it is not one expression. */
export function getExpressionAst(
  filename: string,
  expression: string,
): Promise<TFExpressionSyntaxTree.ExpressionType | null>;
export function getExpressionAstSync(filename: string, expression: string): TFExpressionSyntaxTree.ExpressionType | null;

/** The tree getExpressionAst returns: positions count lines from 0, and columns from 0 on the first line. */
export namespace TFExpressionSyntaxTree {
  type CodeMarker = { byte: number; line: number; column: number };
  type CodeRange = { end: CodeMarker; start: CodeMarker };
  type TerraformTraversalPartCommon = { segment: string; range: CodeRange };
  type TerraformNameTraversalPart = TerraformTraversalPartCommon & { type: 'nameTraversal' };
  type TerraformIndexTraversalPart = TerraformTraversalPartCommon & { type: 'indexTraversal' };
  type TerraformTraversalPart = TerraformNameTraversalPart | TerraformIndexTraversalPart;
  type ExpressionMeta = { value: string };
  type ForExpressionMeta = ExpressionMeta & {
    keyVar: string;
    valVar: string;
    collectionExpression: string;
    conditionalExpression: string;
    valueExpression: string;
    keyExpression: string;
    groupedValue: boolean;
    openRange: CodeRange;
    openRangeValue: string;
    closeRange: CodeRange;
    closeRangeValue: string;
  };
  type FunctionCallMeta = ExpressionMeta & {
    name: string;
    expandedFinalArgument: string;
    nameRange: CodeRange;
    openParenRange: CodeRange;
    closeParenRange: CodeRange;
    argsRanges: CodeRange[];
  };
  type ScopeTraversalExpressionMeta = ExpressionMeta & { fullAccessor: string; traversal: TerraformTraversalPart[] };
  type RelativeTraversalExpressionMeta = ExpressionMeta & {
    fullAccessor: string;
    traversal: TerraformTraversalPart[];
    sourceExpression: string;
  };
  type LiteralValueExpressionMeta = ExpressionMeta & { type: string };
  type IndexExpressionMeta = ExpressionMeta & { keyExpression: string; collectionExpression: string };
  type SplatExpressionMeta = ExpressionMeta & {
    sourceExpression: string;
    eachExpression: string;
    anonSymbolExpression: string;
    markerRange: CodeRange;
  };
  type ConditionalExpressionMeta = ExpressionMeta & {
    conditionExpression: string;
    trueExpression: string;
    falseExpression: string;
  };
  type UnaryOpExpressionMeta = ExpressionMeta & {
    operator: string;
    valueExpression: string;
    symbolRange: CodeRange;
    returnType: string;
  };
  type BinaryOpExpressionMeta = ExpressionMeta & {
    operator: string;
    returnType: string;
    lhsExpression: string;
    rhsExpression: string;
  };
  type ObjectExpressionMeta = ExpressionMeta & { items: Record<string, string> };
  type MetaType =
    | ExpressionMeta
    | ScopeTraversalExpressionMeta
    | ForExpressionMeta
    | FunctionCallMeta
    | RelativeTraversalExpressionMeta
    | LiteralValueExpressionMeta
    | IndexExpressionMeta
    | SplatExpressionMeta
    | ConditionalExpressionMeta
    | UnaryOpExpressionMeta
    | BinaryOpExpressionMeta
    | ObjectExpressionMeta;
  type CommonExpressionAst = { children: ExpressionType[]; range: CodeRange };
  type ExpressionAst = CommonExpressionAst & { type: string; meta: MetaType };
  type TemplateWrapExpression = CommonExpressionAst & { type: 'templateWrap'; meta: ExpressionMeta };
  type TemplateExpression = CommonExpressionAst & { type: 'template'; meta: ExpressionMeta };
  type TupleExpression = CommonExpressionAst & { type: 'tuple'; meta: ExpressionMeta };
  type ForExpression = CommonExpressionAst & { type: 'for'; meta: ForExpressionMeta };
  type FunctionCallExpression = CommonExpressionAst & { type: 'function'; meta: FunctionCallMeta };
  type ScopeTraversalExpression = CommonExpressionAst & { type: 'scopeTraversal'; meta: ScopeTraversalExpressionMeta };
  type RelativeTraversalExpression = CommonExpressionAst & {
    type: 'relativeTraversal';
    meta: RelativeTraversalExpressionMeta;
  };
  type LiteralValueExpression = CommonExpressionAst & { type: 'literalValue'; meta: LiteralValueExpressionMeta };
  type IndexExpression = CommonExpressionAst & { type: 'index'; meta: IndexExpressionMeta };
  type SplatExpression = CommonExpressionAst & { type: 'splat'; meta: SplatExpressionMeta };
  type ConditionalExpression = CommonExpressionAst & { type: 'conditional'; meta: ConditionalExpressionMeta };
  type UnaryOpExpression = CommonExpressionAst & { type: 'unaryOp'; meta: UnaryOpExpressionMeta };
  type BinaryOpExpression = CommonExpressionAst & { type: 'binaryOp'; meta: BinaryOpExpressionMeta };
  type ObjectExpression = CommonExpressionAst & { type: 'object'; meta: ObjectExpressionMeta };
  type ExpressionType =
    | ForExpression
    | TemplateWrapExpression
    | TemplateExpression
    | FunctionCallExpression
    | TupleExpression
    | ScopeTraversalExpression
    | RelativeTraversalExpression
    | LiteralValueExpression
    | IndexExpression
    | SplatExpression
    | ConditionalExpression
    | UnaryOpExpression
    | BinaryOpExpression
    | ObjectExpression;
  function isForExpression(ast: ExpressionType): ast is ForExpression;
  function isTemplateWrapExpression(ast: ExpressionType): ast is TemplateWrapExpression;
  function isTemplateExpression(ast: ExpressionType): ast is TemplateExpression;
  function isFunctionCallExpression(ast: ExpressionType): ast is FunctionCallExpression;
  function isScopeTraversalExpression(ast: ExpressionType): ast is ScopeTraversalExpression;
  function isRelativeTraversalExpression(ast: ExpressionType): ast is RelativeTraversalExpression;
  function isLiteralValueExpression(ast: ExpressionType): ast is LiteralValueExpression;
  function isIndexExpression(ast: ExpressionType): ast is IndexExpression;
  function isSplatExpression(ast: ExpressionType): ast is SplatExpression;
  function isConditionalExpression(ast: ExpressionType): ast is ConditionalExpression;
  function isUnaryOpExpression(ast: ExpressionType): ast is UnaryOpExpression;
  function isBinaryOpExpression(ast: ExpressionType): ast is BinaryOpExpression;
  function isTupleExpression(ast: ExpressionType): ast is TupleExpression;
  function isObjectExpression(part: ExpressionType): part is ObjectExpression;
  function isNameTraversalPart(part: TerraformTraversalPart): part is TerraformNameTraversalPart;
  function isIndexTraversalPart(part: TerraformTraversalPart): part is TerraformIndexTraversalPart;
  function getChildWithValue(node: ExpressionAst, value: string): ExpressionType | null | undefined;
}
