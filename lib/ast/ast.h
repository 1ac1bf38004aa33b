// SPDX-License-Identifier: Apache-2.0
// Typed views over the syntax tree: what a body, block, attribute or expression node holds,
// without copying source text (names are views into it).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/tree.h"

namespace hcl::ast {

// ---- Structure ----------------------------------------------------------------------------------

struct Attribute {
  NodeId node = kNoNode;
  std::string_view name;
  Span name_span;
  NodeId expr = kNoNode;
};

struct Block {
  NodeId node = kNoNode;
  std::string_view type;
  Span type_span;
  std::vector<std::string> labels;  // decoded (quoted labels have their escapes processed)
  std::vector<Span> label_spans;
  NodeId body = kNoNode;
};

// Items of a body (Attribute and Block nodes) in source order.
std::vector<NodeId> body_items(const SyntaxTree& tree, NodeId body);
Attribute attribute(const SyntaxTree& tree, NodeId node);
Block block(const SyntaxTree& tree, NodeId node);

// ---- Expressions --------------------------------------------------------------------------------

enum class LiteralKind : uint8_t { Number, True, False, Null };
LiteralKind literal_kind(const SyntaxTree& tree, NodeId node);

struct FunctionCall {
  std::string name;  // namespaced names keep their "::" separators
  Span name_span;
  std::vector<NodeId> args;
  bool expand_final = false;
  Span open_paren, close_paren;
};
FunctionCall function_call(const SyntaxTree& tree, NodeId node);

struct ForExpr {
  std::string_view key_var;  // empty when there is none
  std::string_view value_var;
  NodeId collection = kNoNode;
  NodeId key = kNoNode;  // object for: the key expression
  NodeId value = kNoNode;
  NodeId condition = kNoNode;
  bool object = false;
  bool group = false;
};
ForExpr for_expr(const SyntaxTree& tree, NodeId node);

struct TemplateFor {
  std::string_view key_var;
  std::string_view value_var;
  NodeId collection = kNoNode;
};
TemplateFor template_for(const SyntaxTree& tree, NodeId node);

struct ObjectItem {
  NodeId key = kNoNode;
  NodeId value = kNoNode;
  bool force_non_literal = false;
};
ObjectItem object_item(const SyntaxTree& tree, NodeId node);

// A bare identifier used as an object key names the key literally; returns that name.
std::optional<std::string_view> keyword(const SyntaxTree& tree, NodeId expr);

// Binary and unary operators.
enum class Operator : uint8_t {
  Or, And, Equal, NotEqual, Less, LessOrEqual, Greater, GreaterOrEqual, Add, Subtract, Multiply, Divide, Modulo,
  Negate, Not,
};
Operator operator_of(const SyntaxTree& tree, NodeId node);

// Skips Parens wrappers.
NodeId unwrap_parens(const SyntaxTree& tree, NodeId node);

// ---- Templates ----------------------------------------------------------------------------------

// The literal text of each part of a template, after escapes, strip markers (~) and heredoc
// indentation trimming (<<-); parts that are not literals get an empty string. Indexed like
// SyntaxTree::children(template).
std::vector<std::string> template_literals(const SyntaxTree& tree, NodeId template_node);

// A template that is exactly one interpolation ("${x}") yields the interpolated value itself.
bool template_is_passthrough(const SyntaxTree& tree, NodeId template_node);

// A quoted template with no interpolations or directives: its string value.
std::optional<std::string> template_as_string(const SyntaxTree& tree, NodeId template_node);

}  // namespace hcl::ast
