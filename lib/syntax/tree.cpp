// SPDX-License-Identifier: Apache-2.0
#include "syntax/tree.h"

#include <algorithm>

namespace hcl::syntax {

std::string_view node_kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::Body: return "Body";
    case NodeKind::Attribute: return "Attribute";
    case NodeKind::Block: return "Block";
    case NodeKind::BlockLabel: return "BlockLabel";
    case NodeKind::Literal: return "Literal";
    case NodeKind::Template: return "Template";
    case NodeKind::TemplateLiteral: return "TemplateLiteral";
    case NodeKind::TemplateInterp: return "TemplateInterp";
    case NodeKind::TemplateIf: return "TemplateIf";
    case NodeKind::TemplateElse: return "TemplateElse";
    case NodeKind::TemplateEndIf: return "TemplateEndIf";
    case NodeKind::TemplateFor: return "TemplateFor";
    case NodeKind::TemplateEndFor: return "TemplateEndFor";
    case NodeKind::Variable: return "Variable";
    case NodeKind::GetAttr: return "GetAttr";
    case NodeKind::Index: return "Index";
    case NodeKind::LegacyIndex: return "LegacyIndex";
    case NodeKind::Splat: return "Splat";
    case NodeKind::SplatItem: return "SplatItem";
    case NodeKind::FunctionCall: return "FunctionCall";
    case NodeKind::Tuple: return "Tuple";
    case NodeKind::Object: return "Object";
    case NodeKind::ObjectItem: return "ObjectItem";
    case NodeKind::ForExpr: return "ForExpr";
    case NodeKind::Name: return "Name";
    case NodeKind::Conditional: return "Conditional";
    case NodeKind::Binary: return "Binary";
    case NodeKind::Unary: return "Unary";
    case NodeKind::Parens: return "Parens";
    case NodeKind::Error: return "Error";
  }
  return "?";
}

std::vector<NodeId> SyntaxTree::children(NodeId id) const {
  std::vector<NodeId> out;
  each_child_last_first(id, [&](NodeId c) { out.push_back(c); });
  std::reverse(out.begin(), out.end());
  return out;
}

NodeId SyntaxTree::first_child(NodeId id) const {
  NodeId first = kNoNode;
  each_child_last_first(id, [&](NodeId c) { first = c; });
  return first;
}

size_t SyntaxTree::child_count(NodeId id) const {
  size_t count = 0;
  each_child_last_first(id, [&](NodeId) { ++count; });
  return count;
}

diag::Span SyntaxTree::span(NodeId id) const {
  const Node& n = nodes_[id];
  return diag::Span{token(n.first_token).start, token(n.last_token).end};
}

std::string_view SyntaxTree::node_text(NodeId id) const {
  diag::Span s = span(id);
  return text().substr(s.start, s.end - s.start);
}

std::string SyntaxTree::print() const {
  std::string out;
  std::string_view src = text();
  out.reserve(src.size());
  uint32_t at = 0;
  for (const lex::Token& t : tokens_) {
    // Between tokens there is only blank space (or, before the first, a byte-order mark).
    out.append(src.substr(at, t.start - at));
    out.append(src.substr(t.start, t.end - t.start));
    at = t.end;
  }
  out.append(src.substr(at));
  return out;
}

}  // namespace hcl::syntax
