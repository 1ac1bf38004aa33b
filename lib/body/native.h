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
// A body of the items a tree holds one after the other: the root items syntax::ParseOptions::
// root_item hands over (one, or a batch), so that a file can be read a piece at a time. The tree
// holds at least one item. The body borrows the tree, as root_item lends it: use it only within the
// call that lent it.
BodyPtr native_items(const syntax::SyntaxTree& tree);
ExprPtr native_expr(std::shared_ptr<const syntax::SyntaxTree> tree, syntax::NodeId node);

// hclsyntax.Variables: the root variable references in an expression, in source order, without
// the names a for expression or template directive binds.
std::vector<Traversal> native_variables(const std::shared_ptr<const syntax::SyntaxTree>& tree, syntax::NodeId node);

// AsTraversal of a native expression: a variable with attribute and constant-key index steps
// (`true`, `false` and `null` read as names), or nothing.
std::optional<Traversal> native_traversal(const std::shared_ptr<const syntax::SyntaxTree>& tree, syntax::NodeId node);

}  // namespace hcl::body
