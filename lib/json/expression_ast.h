// SPDX-License-Identifier: Apache-2.0
// One standalone expression as the syntax tree @cdktf/hcl2json's getExpressionAst returns (its
// TFExpressionSyntaxTree types), which CDK for Terraform's converters read: hclsyntax's
// expression types as its walker visits them, each {type, range, meta, children}.
//
// - `type` names the hclsyntax type ("scopeTraversal", "function", "template", "templateWrap",
//   "templateJoin", "for", "binaryOp" ...); the types that walker does not know (parentheses, an
//   object's keys, a splat's placeholder) are "" without `meta`.
// - `range` is the expression's StartRange (a function call's name and "(", a tuple's "[", a
//   binary operation's left operand's ...), `meta.value` the source text of its whole range, and
//   the other `meta` fields name operands by their source text, as the walker does.
// - Positions count as hclsyntax.ParseExpression counts from the zero position it is given:
//   line 0, columns from 0 on the first line and from 1 on the lines after it.
// - Attribute steps and literal-key index steps are folded into one traversal, as the reference's
//   parser folds them (scopeTraversal from a variable, relativeTraversal from anything else);
//   a template's directives become its conditional and templateJoin/for nodes, with the empty
//   literals the reference supplies for empty branches and bodies.
#pragma once

#include <string>

#include "syntax/tree.h"

namespace hcl::json {

// The tree of an expression parsed without errors (syntax::parse_expression), as JSON text.
std::string expression_ast(const syntax::SyntaxTree& tree);

}  // namespace hcl::json
