// SPDX-License-Identifier: Apache-2.0
// Typed views over the syntax tree: what a body, block, attribute or expression node holds,
// without copying source text (names are views into it).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/tree.h"

namespace hcl::ast {

// ---- Structure ----------------------------------------------------------------------------------

struct Attribute {
  syntax::NodeId node = syntax::kNoNode;
  std::string_view name;
  diag::Span name_span;
  syntax::NodeId expr = syntax::kNoNode;
};

struct Block {
  syntax::NodeId node = syntax::kNoNode;
  std::string_view type;
  diag::Span type_span;
  std::vector<std::string> labels;  // decoded (quoted labels have their escapes processed)
  std::vector<diag::Span> label_spans;
  syntax::NodeId body = syntax::kNoNode;
};

// Items of a body (Attribute and Block nodes) in source order.
std::vector<syntax::NodeId> body_items(const syntax::SyntaxTree& tree, syntax::NodeId body);
// The roots of the whole subtrees a tree holds one after the other, in source order, into `roots`
// (which is cleared first, so that a caller can reuse it): the items (or tuple elements)
// syntax::ParseOptions::root_item and root_tuple_elements hand over.
void subtree_roots(const syntax::SyntaxTree& tree, std::vector<syntax::NodeId>& roots);
Attribute attribute(const syntax::SyntaxTree& tree, syntax::NodeId node);
Block block(const syntax::SyntaxTree& tree, syntax::NodeId node);
// What a diagnostic's text says it is "in" (hcl.File's ContextString, which terraform and the
// reference's text writer print after the line number): the header of the top-level block whose
// source holds `offset`, its labels quoted as Go's %q (`resource "aws_instance" "web"`,
// `locals`), or "" outside every block.
std::string context_string(const syntax::SyntaxTree& tree, uint32_t offset);

// ---- Expressions --------------------------------------------------------------------------------

enum class LiteralKind : uint8_t { Number, True, False, Null };
LiteralKind literal_kind(const syntax::SyntaxTree& tree, syntax::NodeId node);

struct FunctionCall {
  std::string name;  // namespaced names keep their "::" separators
  diag::Span name_span;
  std::vector<syntax::NodeId> args;
  bool expand_final = false;
  diag::Span open_paren, close_paren;
};
FunctionCall function_call(const syntax::SyntaxTree& tree, syntax::NodeId node);

struct ForExpr {
  std::string_view key_var;  // empty when there is none
  std::string_view value_var;
  syntax::NodeId collection = syntax::kNoNode;
  syntax::NodeId key = syntax::kNoNode;  // object for: the key expression
  syntax::NodeId value = syntax::kNoNode;
  syntax::NodeId condition = syntax::kNoNode;
  bool object = false;
  bool group = false;
};
ForExpr for_expr(const syntax::SyntaxTree& tree, syntax::NodeId node);

struct TemplateFor {
  std::string_view key_var;
  std::string_view value_var;
  syntax::NodeId collection = syntax::kNoNode;
};
TemplateFor template_for(const syntax::SyntaxTree& tree, syntax::NodeId node);

struct ObjectItem {
  syntax::NodeId key = syntax::kNoNode;
  syntax::NodeId value = syntax::kNoNode;
  bool force_non_literal = false;
};
ObjectItem object_item(const syntax::SyntaxTree& tree, syntax::NodeId node);

// A bare identifier used as an object key names the key literally; returns that name.
std::optional<std::string_view> keyword(const syntax::SyntaxTree& tree, syntax::NodeId expr);

// Binary and unary operators.
enum class Operator : uint8_t {
  Or,
  And,
  Equal,
  NotEqual,
  Less,
  LessOrEqual,
  Greater,
  GreaterOrEqual,
  Add,
  Subtract,
  Multiply,
  Divide,
  Modulo,
  Negate,
  Not,
};
Operator operator_of(const syntax::SyntaxTree& tree, syntax::NodeId node);

// Skips Parens wrappers.
syntax::NodeId unwrap_parens(const syntax::SyntaxTree& tree, syntax::NodeId node);

// ---- Templates ----------------------------------------------------------------------------------

// The literal text of each part of a template, after escapes, strip markers (~) and heredoc
// indentation trimming (<<-); parts that are not literals get an empty string. Indexed like
// SyntaxTree::children(template).
std::vector<std::string> template_literals(const syntax::SyntaxTree& tree, syntax::NodeId template_node);

// The same without a string per part: each value views the source text where the literal needs
// no decoding (the usual case), and `decoded` where it does. Reusing one TemplateLiterals keeps
// its capacity, so converting many templates allocates nothing once it has grown.
struct TemplateLiterals {
  std::vector<syntax::NodeId> parts;  // SyntaxTree::children(template)
  std::vector<std::string_view> values;
  // Whether a literal's value holds no "\\", "$", "%" or byte outside ASCII: nothing to decode,
  // escape as a template or normalise (most literals; found in the scan that rules out decoding).
  std::vector<uint8_t> plain;
  std::string decoded;
  struct Decoded {
    size_t part;
    size_t offset;  // in decoded
    bool trim_left, trim_right;
  };
  std::vector<Decoded> decoded_parts;  // while filling
  std::vector<size_t> line_leading;    // "<<-": the parts whose indentation goes
};
void template_literals(const syntax::SyntaxTree& tree, syntax::NodeId template_node, TemplateLiterals& out);
// The same for a caller that has found the template's parts already (finding them follows the
// nodes one load after another).
void template_literals(const syntax::SyntaxTree& tree, syntax::NodeId template_node,
                       std::span<const syntax::NodeId> parts, TemplateLiterals& out);

// A template that is exactly one interpolation ("${x}") yields the interpolated value itself.
bool template_is_passthrough(const syntax::SyntaxTree& tree, syntax::NodeId template_node);

// A quoted template with no interpolations or directives: its string value.
std::optional<std::string> template_as_string(const syntax::SyntaxTree& tree, syntax::NodeId template_node);

}  // namespace hcl::ast
