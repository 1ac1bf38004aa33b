// SPDX-License-Identifier: Apache-2.0
#include "ast/ast.h"

#include <algorithm>

#include "ast/nodes.h"
#include "source/utf8.h"
#include "syntax/string_literal.h"
#include "util/byte_runs.h"
#include "util/text.h"

namespace hcl::ast {

namespace {

diag::Span token_span(const syntax::SyntaxTree& tree, uint32_t i) {
  return diag::Span{tree.token(i).start, tree.token(i).end};
}

// Bytes of literal text that need no decoding, escaping as a template or normalising.
bool is_plain_literal_byte(unsigned char c) { return c < 0x80 && c != '\\' && c != '$' && c != '%'; }
#if defined(__SSE2__)
__m128i not_plain_literal_bytes(__m128i v) {
  __m128i marks = _mm_or_si128(util::byte_eq(v, '\\'), _mm_or_si128(util::byte_eq(v, '$'), util::byte_eq(v, '%')));
  return _mm_or_si128(marks, _mm_cmplt_epi8(v, _mm_setzero_si128()));  // and bytes from 0x80
}
#endif
// Whether s, a view of `within` (the source file), is a plain literal.
bool is_plain_literal(std::string_view s, std::string_view within) {
  return util::run_end_within<is_plain_literal_byte, HCL_SSE2_MASK(not_plain_literal_bytes)>(
             s, within.data() + within.size()) == s.size();
}

std::string_view trim_left_space(std::string_view s) {
  // ASCII blanks, the usual indentation, without decoding; the rest from the first other byte.
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) ++i;
  if (i == s.size() || static_cast<unsigned char>(s[i]) < 0x80) return s.substr(i);
  while (i < s.size()) {
    char32_t cp;
    int n = source::utf8::decode(s, i, cp);
    if (n == 0 || !source::utf8::is_space(cp)) break;
    i += static_cast<size_t>(n);
  }
  return s.substr(i);
}

std::string_view trim_right_space(std::string_view s) {
  size_t e = s.size();
  while (e > 0) {
    size_t k = e - 1;
    while (k > 0 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80 && e - k < 4) --k;
    char32_t cp;
    int n = source::utf8::decode(s, k, cp);
    if (n == 0 || k + static_cast<size_t>(n) != e || !source::utf8::is_space(cp)) break;
    e = k;
  }
  return s.substr(0, e);
}

// Blanks and the other ASCII bytes but CR are one grapheme cluster each, unless a combining
// character follows (which is not ASCII).
bool ascii_clusters(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80 || c == '\r') return false;
  return true;
}

// The grapheme clusters of a line's leading space.
size_t leading_clusters(std::string_view space) {
  return ascii_clusters(space) ? space.size() : source::grapheme_count(space);
}

// Bytes taken by the first n grapheme clusters of s.
size_t grapheme_prefix(std::string_view s, size_t n) {
  // n ASCII bytes followed by an ASCII byte (or the end) are n clusters.
  if (n < s.size() ? ascii_clusters(s.substr(0, n + 1)) : ascii_clusters(s)) return std::min(n, s.size());
  // Grow the prefix one byte at a time until it holds n clusters and the next byte starts a new
  // one; prefixes here are short runs of indentation.
  if (n == 0) return 0;
  size_t end = 0;
  while (end < s.size()) {
    ++end;
    while (end < s.size() && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) ++end;
    if (source::grapheme_count(s.substr(0, end)) == n) {
      // Extend over anything that joins the last cluster.
      size_t next = end;
      while (next < s.size()) {
        size_t step = next + 1;
        while (step < s.size() && (static_cast<unsigned char>(s[step]) & 0xC0) == 0x80) ++step;
        if (source::grapheme_count(s.substr(0, step)) != n) break;
        next = step;
      }
      return next;
    }
  }
  return s.size();
}

}  // namespace

std::vector<syntax::NodeId> body_items(const syntax::SyntaxTree& tree, syntax::NodeId body) {
  return tree.children(body);
}

void subtree_roots(const syntax::SyntaxTree& tree, std::vector<syntax::NodeId>& roots) {
  roots.clear();
  const auto& nodes = tree.nodes();
  // A subtree's root is its last node, preceded by its subtree_size - 1 descendants.
  for (auto end = static_cast<syntax::NodeId>(nodes.size()); end > 0;) {
    syntax::NodeId root = end - 1;
    roots.push_back(root);
    end = root + 1 - nodes[root].subtree_size;
  }
  std::reverse(roots.begin(), roots.end());
}

Attribute attribute(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  Attribute a;
  a.node = node;
  const syntax::Node& n = tree.node(node);
  a.name = tree.token_text(n.main_token);
  a.name_span = token_span(tree, n.main_token);
  a.expr = tree.first_child(node);
  return a;
}

std::string context_string(const syntax::SyntaxTree& tree, uint32_t offset) {
  syntax::NodeId root = tree.root();
  if (root == syntax::kNoNode || tree.node(root).kind != syntax::NodeKind::Body) return "";
  for (syntax::NodeId item : tree.children(root)) {
    if (tree.node(item).kind != syntax::NodeKind::Block) continue;
    diag::Span s = tree.span(item);
    if (offset < s.start || offset >= s.end) continue;
    // A header without its "{" (`broken hcl file`) is no block to the reference: its parser
    // leaves it out of the body.
    const syntax::Node& n = tree.node(item);
    uint32_t after = n.main_token + 1;
    for (syntax::NodeId c : tree.children(item))
      if (tree.node(c).kind == syntax::NodeKind::BlockLabel) after = tree.node(c).last_token + 1;
    if (after > n.last_token || tree.token(after).kind != lex::TokenKind::OBrace) return "";
    Block b = block(tree, item);
    std::string out(b.type);
    for (const auto& label : b.labels) out += " " + util::go_quote(label);
    return out;
  }
  return "";
}

Block block(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  Block b;
  b.node = node;
  const syntax::Node& n = tree.node(node);
  b.type = tree.token_text(n.main_token);
  b.type_span = token_span(tree, n.main_token);
  for (syntax::NodeId c : tree.children(node)) {
    const syntax::Node& cn = tree.node(c);
    if (cn.kind == syntax::NodeKind::BlockLabel) {
      const lex::Token& first = tree.token(cn.first_token);
      b.label_spans.push_back(tree.span(c));
      if (first.kind == lex::TokenKind::Ident) {
        b.labels.emplace_back(tree.token_text(cn.first_token));
      } else {
        std::string value;
        for (uint32_t t = cn.first_token + 1; t <= cn.last_token; ++t) {
          if (tree.token(t).kind == lex::TokenKind::QuotedLit)
            value += syntax::decode_literal(tree.token_text(t), true);
        }
        b.labels.push_back(std::move(value));
      }
    } else if (cn.kind == syntax::NodeKind::Body) {
      b.body = c;
    }
  }
  return b;
}

LiteralKind literal_kind(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  std::string_view t = tree.token_text(tree.node(node).main_token);
  if (t == "true") return LiteralKind::True;
  if (t == "false") return LiteralKind::False;
  if (t == "null") return LiteralKind::Null;
  return LiteralKind::Number;
}

FunctionCall function_call(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  FunctionCall f;
  const syntax::Node& n = tree.node(node);
  uint32_t t = n.main_token;
  uint32_t name_end = t;
  // The name runs over identifiers and "::" up to the opening parenthesis.
  for (; t <= n.last_token; ++t) {
    lex::TokenKind k = tree.token(t).kind;
    if (k == lex::TokenKind::Ident || k == lex::TokenKind::DoubleColon) {
      f.name += tree.token_text(t);
      name_end = t;
    } else if (k == lex::TokenKind::OParen) {
      break;
    }
  }
  f.name_span = diag::Span{tree.token(n.main_token).start, tree.token(name_end).end};
  f.open_paren = t <= n.last_token ? token_span(tree, t) : f.name_span;
  // The root node of a standalone expression also covers the comments, newlines and end of file
  // around it; the closing parenthesis is the last token before those.
  uint32_t close = n.last_token;
  while (close > t) {
    lex::TokenKind k = tree.token(close).kind;
    if (k != lex::TokenKind::Newline && k != lex::TokenKind::Comment && k != lex::TokenKind::Eof) break;
    --close;
  }
  f.close_paren = token_span(tree, close);
  f.args = tree.children(node);
  f.expand_final = (n.flags & syntax::node_flags::kExpandFinal) != 0;
  return f;
}

ForExpr for_expr(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  ForExpr f;
  const syntax::Node& n = tree.node(node);
  auto kids = tree.children(node);
  size_t i = 0;
  if (n.flags & syntax::node_flags::kHasKeyVar) f.key_var = tree.token_text(tree.node(kids[i++]).main_token);
  f.value_var = tree.token_text(tree.node(kids[i++]).main_token);
  f.collection = kids[i++];
  if (n.flags & syntax::node_flags::kHasKeyExpr) f.key = kids[i++];
  f.value = kids[i++];
  if (n.flags & syntax::node_flags::kHasCond) f.condition = kids[i++];
  f.object = (n.flags & syntax::node_flags::kForObject) != 0;
  f.group = (n.flags & syntax::node_flags::kGroup) != 0;
  return f;
}

TemplateFor template_for(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  // Found from the collection backwards, without listing the children: the JSON conversion
  // writes every for directive of a template again.
  TemplateFor f;
  f.collection = last_child(node);
  syntax::NodeId value = prev_sibling(tree, f.collection);
  f.value_var = tree.token_text(tree.node(value).main_token);
  if (tree.node(node).flags & syntax::node_flags::kHasKeyVar)
    f.key_var = tree.token_text(tree.node(prev_sibling(tree, value)).main_token);
  return f;
}

ObjectItem object_item(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  ObjectItem o;
  o.key = item_key(tree, node);
  o.value = item_value(node);
  o.force_non_literal = (tree.node(node).flags & syntax::node_flags::kForceNonLiteral) != 0;
  return o;
}

std::optional<std::string_view> keyword(const syntax::SyntaxTree& tree, syntax::NodeId expr) {
  const syntax::Node& n = tree.node(expr);
  if (n.kind != syntax::NodeKind::Variable) return std::nullopt;
  return tree.token_text(n.main_token);
}

Operator operator_of(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  switch (tree.token(tree.node(node).main_token).kind) {
    case lex::TokenKind::Or: return Operator::Or;
    case lex::TokenKind::And: return Operator::And;
    case lex::TokenKind::EqualOp: return Operator::Equal;
    case lex::TokenKind::NotEqual: return Operator::NotEqual;
    case lex::TokenKind::LessThan: return Operator::Less;
    case lex::TokenKind::LessThanEq: return Operator::LessOrEqual;
    case lex::TokenKind::GreaterThan: return Operator::Greater;
    case lex::TokenKind::GreaterThanEq: return Operator::GreaterOrEqual;
    case lex::TokenKind::Plus: return Operator::Add;
    case lex::TokenKind::Minus:
      return tree.node(node).kind == syntax::NodeKind::Unary ? Operator::Negate : Operator::Subtract;
    case lex::TokenKind::Star: return Operator::Multiply;
    case lex::TokenKind::Slash: return Operator::Divide;
    case lex::TokenKind::Percent: return Operator::Modulo;
    case lex::TokenKind::Bang: return Operator::Not;
    default: return Operator::Or;
  }
}

syntax::NodeId unwrap_parens(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  while (node != syntax::kNoNode && tree.node(node).kind == syntax::NodeKind::Parens) node = tree.first_child(node);
  return node;
}

std::vector<std::string> template_literals(const syntax::SyntaxTree& tree, syntax::NodeId template_node) {
  TemplateLiterals lits;
  template_literals(tree, template_node, lits);
  return std::vector<std::string>(lits.values.begin(), lits.values.end());
}

void template_literals(const syntax::SyntaxTree& tree, syntax::NodeId template_node, TemplateLiterals& out) {
  // The parts, found from the last one backwards (nodes are post-order).
  std::vector<syntax::NodeId>& parts = out.parts;
  parts.clear();
  const auto& nodes = tree.nodes();
  syntax::NodeId stop = template_node + 1 - nodes[template_node].subtree_size;
  for (syntax::NodeId c = template_node; c > stop;) {
    syntax::NodeId child = c - 1;
    parts.push_back(child);
    c = child + 1 - nodes[child].subtree_size;
  }
  std::reverse(parts.begin(), parts.end());
  template_literals(tree, template_node, parts, out);
}

void template_literals(const syntax::SyntaxTree& tree, syntax::NodeId template_node,
                       std::span<const syntax::NodeId> found, TemplateLiterals& out) {
  std::vector<syntax::NodeId>& parts = out.parts;
  if (found.data() != parts.data()) parts.assign(found.begin(), found.end());
  const auto& nodes = tree.nodes();
  const size_t n = parts.size();
  std::vector<std::string_view>& values = out.values;
  values.assign(n, std::string_view());
  out.plain.assign(n, 0);
  out.decoded.clear();
  out.decoded_parts.clear();
  auto literal = [&](size_t i) { return nodes[parts[i]].kind == syntax::NodeKind::TemplateLiteral; };

  // One pass over the parts for their text and the strip markers: "~}" trims the space that
  // starts the next part, "${~" / "%{~" the space that ends the previous one; each only when that
  // neighbour is literal text (parseTemplateParts). Literals with escapes are decoded into one
  // string, and viewed and trimmed once it has stopped growing.
  bool ltrim_next = false;
  for (size_t i = 0; i < n; ++i) {
    const syntax::Node& p = nodes[parts[i]];
    bool ltrim = ltrim_next;
    ltrim_next = false;
    if (p.kind == syntax::NodeKind::TemplateLiteral) {
      const lex::Token& tok = tree.token(p.main_token);
      std::string_view text = tok.text(tree.text());
      bool quoted = tok.kind == lex::TokenKind::QuotedLit;
      bool plain = is_plain_literal(text, tree.text());
      if (plain || !syntax::literal_needs_decoding(text, quoted)) {
        values[i] = ltrim ? trim_left_space(text) : text;
        out.plain[i] = plain;
      } else {
        out.decoded_parts.push_back(TemplateLiterals::Decoded{i, out.decoded.size(), ltrim, false});
        out.decoded += syntax::decode_literal(text, quoted);
      }
      continue;
    }
    if (p.kind == syntax::NodeKind::Error) continue;
    std::string_view open = tree.token_text(p.main_token);
    if (open.size() == 3 && open[2] == '~' && i > 0 && literal(i - 1)) {
      if (!out.decoded_parts.empty() && out.decoded_parts.back().part == i - 1)
        out.decoded_parts.back().trim_right = true;
      else values[i - 1] = trim_right_space(values[i - 1]);
    }
    std::string_view close = tree.token_text(p.last_token);
    if (tree.token(p.last_token).kind == lex::TokenKind::TemplateSeqEnd && close.size() == 2 && close[0] == '~')
      ltrim_next = true;
  }
  for (size_t k = 0; k < out.decoded_parts.size(); ++k) {
    const TemplateLiterals::Decoded& d = out.decoded_parts[k];
    size_t to = k + 1 < out.decoded_parts.size() ? out.decoded_parts[k + 1].offset : out.decoded.size();
    std::string_view v = std::string_view(out.decoded).substr(d.offset, to - d.offset);
    if (d.trim_left) v = trim_left_space(v);
    if (d.trim_right) v = trim_right_space(v);
    values[d.part] = v;
  }

  if (tree.node(template_node).flags & syntax::node_flags::kFlush) {
    // "<<-": find the fewest leading spaces over line-leading literals (blank lines aside) and
    // remove that many characters from each of them. Lines starting with an interpolation count
    // as having none (flushHeredocTemplateParts).
    constexpr size_t kMax = SIZE_MAX;
    size_t min_spaces = kMax;
    bool newline = true;
    std::vector<size_t>& adjust = out.line_leading;
    adjust.clear();
    for (size_t i = 0; i < parts.size(); ++i) {
      bool is_literal = literal(i);
      if (newline) {
        newline = false;
        size_t spaces = 0;
        if (is_literal) {
          std::string_view orig = values[i];
          std::string_view trimmed = trim_left_space(orig);
          if (trimmed.empty() && !orig.empty() && orig.back() == '\n') {
            spaces = kMax;
          } else {
            spaces = leading_clusters(orig.substr(0, orig.size() - trimmed.size()));
            adjust.push_back(i);
          }
        }
        if (spaces < min_spaces) min_spaces = spaces;
      }
      if (is_literal && !values[i].empty() && values[i].back() == '\n') newline = true;
    }
    if (min_spaces != kMax && min_spaces > 0)
      for (size_t i : adjust) values[i].remove_prefix(grapheme_prefix(values[i], min_spaces));
  }
}

bool template_is_passthrough(const syntax::SyntaxTree& tree, syntax::NodeId template_node) {
  auto parts = tree.children(template_node);
  return parts.size() == 1 && tree.node(parts[0]).kind == syntax::NodeKind::TemplateInterp;
}

std::optional<std::string> template_as_string(const syntax::SyntaxTree& tree, syntax::NodeId template_node) {
  auto parts = tree.children(template_node);
  for (syntax::NodeId p : parts)
    if (tree.node(p).kind != syntax::NodeKind::TemplateLiteral) return std::nullopt;
  std::string out;
  for (auto& v : template_literals(tree, template_node)) out += v;
  return out;
}

}  // namespace hcl::ast
