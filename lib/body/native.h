// SPDX-License-Identifier: Apache-2.0
// Bodies and expressions of the native syntax: views over a parsed syntax tree, with hclsyntax's
// schema diagnostics (hclsyntax/structure.go) and traversal analysis (variables.go, AsTraversal).
#pragma once

#include <memory>

#include "body/body.h"
#include "syntax/tree.h"

namespace hcl::body {

// The root body of a parsed file (the tree must hold no syntax errors).
BodyPtr native_body(std::shared_ptr<const syntax::SyntaxTree> tree);
// The body of a Body node.
BodyPtr native_body(std::shared_ptr<const syntax::SyntaxTree> tree, syntax::NodeId body);
ExprPtr native_expr(std::shared_ptr<const syntax::SyntaxTree> tree, syntax::NodeId node);

// hclsyntax.Variables: the root variable references in an expression, in source order, without
// the names a for expression or template directive binds.
std::vector<Traversal> native_variables(const std::shared_ptr<const syntax::SyntaxTree>& tree, syntax::NodeId node);

// AsTraversal of a native expression: a variable with attribute and constant-key index steps
// (`true`, `false` and `null` read as names), or nothing.
std::optional<Traversal> native_traversal(const std::shared_ptr<const syntax::SyntaxTree>& tree, syntax::NodeId node);

}  // namespace hcl::body
