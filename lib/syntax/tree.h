// SPDX-License-Identifier: Apache-2.0
// The lossless concrete syntax tree: the token array of a file plus a post-order array of nodes
// that cover token ranges. Every byte of the source belongs to a token or to the blank space
// between two tokens, so printing the tree is printing the source.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "lex/token.h"
#include "source/source_file.h"

namespace hcl::syntax {

enum class NodeKind : uint8_t {
  // Structure.
  Body,        // children: Attribute | Block
  Attribute,   // main: name; children: expression
  Block,       // main: type name; children: BlockLabel..., Body
  BlockLabel,  // main: identifier or opening quote; tokens: the whole label
  // Expressions.
  Literal,          // main: number, true, false or null
  Template,         // main: opening quote or heredoc; children: template parts in source order
  TemplateLiteral,  // main: the literal token
  TemplateInterp,   // main: "${"; children: expression
  TemplateIf,       // main: "%{"; children: condition
  TemplateElse,     // main: "%{"
  TemplateEndIf,    // main: "%{"
  TemplateFor,      // main: "%{"; children: [key Name], value Name, collection
  TemplateEndFor,   // main: "%{"
  Variable,         // main: the name
  GetAttr,          // main: the attribute name; children: source
  Index,            // main: "["; children: collection, key
  LegacyIndex,      // main: the number after the dot; children: source
  Splat,            // main: "*"; children: source, each (built on a SplatItem)
  SplatItem,        // the placeholder each element is bound to
  FunctionCall,     // main: first name token; children: arguments
  Tuple,            // main: "["; children: elements
  Object,           // main: "{"; children: ObjectItem...
  ObjectItem,       // main: "=" or ":"; children: key, value
  ForExpr,          // main: "for"; children: [key Name], value Name, collection, [key], value, [condition]
  Name,             // main: an identifier bound by a for expression or directive
  Conditional,      // main: "?"; children: condition, true result, false result
  Binary,           // main: the operator; children: left, right
  Unary,            // main: the operator; children: operand
  Parens,           // main: "("; children: expression
  Error,            // an expression that failed to parse; main: the offending token
};

std::string_view node_kind_name(NodeKind kind);

// Node flags, by kind.
namespace node_flags {
inline constexpr uint8_t kHeredoc = 1;          // Template: opened by << or <<-
inline constexpr uint8_t kFlush = 2;            // Template: opened by <<-
inline constexpr uint8_t kAttrSplat = 1;        // Splat: the legacy attribute-only form .*
inline constexpr uint8_t kExpandFinal = 1;      // FunctionCall: last argument expanded with ...
inline constexpr uint8_t kForceNonLiteral = 1;  // ObjectItem: key written in parentheses
inline constexpr uint8_t kForObject = 1;        // ForExpr: builds an object
inline constexpr uint8_t kHasKeyVar = 2;        // ForExpr, TemplateFor: binds a key variable
inline constexpr uint8_t kHasKeyExpr = 4;       // ForExpr: has a key expression (=>)
inline constexpr uint8_t kHasCond = 8;          // ForExpr: has an if clause
inline constexpr uint8_t kGroup = 16;           // ForExpr: grouping ellipsis
inline constexpr uint8_t kOneLine = 1;          // Body: a single-line block's body
}  // namespace node_flags

using NodeId = uint32_t;
inline constexpr NodeId kNoNode = UINT32_MAX;

struct Node {
  NodeKind kind;
  uint8_t flags = 0;
  uint32_t main_token = 0;
  uint32_t first_token = 0;   // first token of the node's source text
  uint32_t last_token = 0;    // last token, inclusive
  uint32_t subtree_size = 1;  // nodes in the subtree, this one included
};

class SyntaxTree {
 public:
  explicit SyntaxTree(std::shared_ptr<const source::SourceFile> source) : source_(std::move(source)) {}

  const source::SourceFile& source() const { return *source_; }
  std::shared_ptr<const source::SourceFile> source_ptr() const { return source_; }
  std::string_view text() const { return source_->text(); }

  const std::vector<lex::Token>& tokens() const { return tokens_; }
  const lex::Token& token(uint32_t i) const { return tokens_[i - token_base_]; }
  std::string_view token_text(uint32_t i) const { return token(i).text(text()); }

  const std::vector<Node>& nodes() const { return nodes_; }
  const Node& node(NodeId id) const { return nodes_[id]; }
  NodeId root() const { return nodes_.empty() ? kNoNode : static_cast<NodeId>(nodes_.size() - 1); }

  // Children in source order. Nodes are stored in post-order, so a node's children precede it and
  // the last child sits right before it.
  std::vector<NodeId> children(NodeId id) const;
  NodeId first_child(NodeId id) const;
  size_t child_count(NodeId id) const;
  // Calls f(child) for each child, last first (the order post-order storage gives them in),
  // without building a list.
  template <class F>
  void each_child_last_first(NodeId id, F&& f) const {
    for (NodeId c = id, stop = id + 1 - nodes_[id].subtree_size; c > stop;) {
      NodeId child = c - 1;
      f(child);
      c = child + 1 - nodes_[child].subtree_size;
    }
  }

  // The source text a node covers (from its first token to its last).
  diag::Span span(NodeId id) const;
  std::string_view node_text(NodeId id) const;
  source::Range range(NodeId id) const {
    auto s = span(id);
    return source_->range(s.start, s.end);
  }
  source::Range token_range(uint32_t i) const { return source_->range(token(i).start, token(i).end); }

  // The whole source, rebuilt from tokens and the blank space between them.
  std::string print() const;

  // Builder interface for the parser.
  std::vector<lex::Token>& mutable_tokens() { return tokens_; }
  std::vector<Node>& mutable_nodes() { return nodes_; }
  // The index of tokens()[0]. Only a tree holding one item of a file (ParseOptions::root_item)
  // starts past 0: it holds a window of the file's tokens, which nodes index as in the whole file.
  void set_token_base(uint32_t base) { token_base_ = base; }

 private:
  std::shared_ptr<const source::SourceFile> source_;
  std::vector<lex::Token> tokens_;
  std::vector<Node> nodes_;
  uint32_t token_base_ = 0;
};

}  // namespace hcl::syntax
