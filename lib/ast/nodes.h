// SPDX-License-Identifier: Apache-2.0
// Where each expression node keeps its operands: typed views of NodeIds, inline because the
// evaluator and the JSON conversion ask for them at every node (each is a load or two). Nodes
// are stored in post-order, so a node's last child sits right before it and each child's
// previous sibling right before that child's subtree; the layouts are syntax/tree.h's NodeKind.
#pragma once

#include "syntax/tree.h"

namespace hcl::ast {

// The last child of a node that has any (the only one of Parens, Unary, TemplateInterp,
// TemplateIf, GetAttr, LegacyIndex and Attribute).
[[gnu::always_inline]] inline syntax::NodeId last_child(syntax::NodeId node) { return node - 1; }
// The child before `child` among its parent's children (there must be one).
[[gnu::always_inline]] inline syntax::NodeId prev_sibling(const syntax::SyntaxTree& tree, syntax::NodeId child) {
  return child - tree.node(child).subtree_size;
}

// Parens: the expression inside. Unary: its operand. TemplateInterp: the interpolated
// expression. TemplateIf: its condition. Attribute: its value (an attribute left by a syntax
// error may have none: SyntaxTree::first_child tells).
[[gnu::always_inline]] inline syntax::NodeId parens_inner(syntax::NodeId node) { return last_child(node); }
[[gnu::always_inline]] inline syntax::NodeId unary_operand(syntax::NodeId node) { return last_child(node); }
[[gnu::always_inline]] inline syntax::NodeId interp_expr(syntax::NodeId node) { return last_child(node); }
[[gnu::always_inline]] inline syntax::NodeId template_if_condition(syntax::NodeId node) { return last_child(node); }
[[gnu::always_inline]] inline syntax::NodeId attribute_expr(syntax::NodeId node) { return last_child(node); }

struct Conditional {
  syntax::NodeId condition, if_true, if_false;
};
[[gnu::always_inline]] inline Conditional conditional(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  syntax::NodeId if_false = last_child(node);
  syntax::NodeId if_true = prev_sibling(tree, if_false);
  return Conditional{prev_sibling(tree, if_true), if_true, if_false};
}

// Binary: the left operand is found past the right one's subtree; the operator is
// ast::operator_of (ast.h).
[[gnu::always_inline]] inline syntax::NodeId binary_rhs(syntax::NodeId node) { return last_child(node); }
[[gnu::always_inline]] inline syntax::NodeId binary_lhs(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  return prev_sibling(tree, binary_rhs(node));
}
struct Binary {
  syntax::NodeId lhs, rhs;
};
[[gnu::always_inline]] inline Binary binary(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  return Binary{binary_lhs(tree, node), binary_rhs(node)};
}

// Index: collection[key].
[[gnu::always_inline]] inline syntax::NodeId index_key(syntax::NodeId node) { return last_child(node); }
[[gnu::always_inline]] inline syntax::NodeId index_collection(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  return prev_sibling(tree, index_key(node));
}

// The source a traversal step (GetAttr, LegacyIndex or Index) applies to.
[[gnu::always_inline]] inline syntax::NodeId step_source(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  return tree.node(node).kind == syntax::NodeKind::Index ? index_collection(tree, node) : last_child(node);
}

// Splat: the source, the traversal applied to each element (`each`), and the SplatItem that
// traversal starts from, which each element is bound to (its first node).
struct Splat {
  syntax::NodeId source, each, item;
};
[[gnu::always_inline]] inline Splat splat(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  syntax::NodeId each = last_child(node);
  syntax::NodeId size = tree.node(each).subtree_size;
  return Splat{each - size, each, each + 1 - size};
}
// The SplatItem alone (without the source).
[[gnu::always_inline]] inline syntax::NodeId splat_item(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  syntax::NodeId each = last_child(node);
  return each + 1 - tree.node(each).subtree_size;
}

// ObjectItem: key = value (ObjectItem in ast.h adds whether the key was in parentheses).
[[gnu::always_inline]] inline syntax::NodeId item_value(syntax::NodeId item) { return last_child(item); }
[[gnu::always_inline]] inline syntax::NodeId item_key(const syntax::SyntaxTree& tree, syntax::NodeId item) {
  return prev_sibling(tree, item_value(item));
}

// An index key the reference's parser folds into a traversal (a TraverseIndex): a literal, or a
// quoted string with no interpolation or directive.
inline bool is_literal_key(const syntax::SyntaxTree& tree, syntax::NodeId key) {
  const syntax::Node& k = tree.node(key);
  if (k.kind == syntax::NodeKind::Literal) return true;
  if (k.kind != syntax::NodeKind::Template) return false;
  if (k.subtree_size == 1) return true;  // no parts
  syntax::NodeId part = last_child(key);
  return tree.node(part).subtree_size + 1 == k.subtree_size &&
         tree.node(part).kind == syntax::NodeKind::TemplateLiteral;
}

}  // namespace hcl::ast
