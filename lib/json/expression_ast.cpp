// SPDX-License-Identifier: Apache-2.0
// @cdktf/hcl2json's expression tree (expression_ast.h), written from the syntax tree through
// ast/nodes.h. The reference's expression types that the tree has no node of (a template's
// if and for directives, the literal of an empty template, the bodies of directives) are made
// from the template's parts; everything else is one tree node, a run of traversal steps one
// traversal.

#include "json/expression_ast.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "ast/nodes.h"
#include "util/text.h"

namespace hcl::json {

// A namespace of its own: the stage is also compiled as one translation unit, where another
// file's private names would collide with these.
namespace expression_ast_detail {

using syntax::NodeId;
using syntax::NodeKind;
using Span = diag::Span;

// One part of a template with its directives nested: a literal (adjacent literal tokens are one,
// as the reference reads a heredoc's lines), an interpolated expression, an if or a for
// directive with the parts it holds.
struct Part {
  enum Kind : uint8_t { Literal, Expr, If, For } kind = Literal;
  Span literal;
  NodeId node = syntax::kNoNode;   // Expr: the expression; If, For: the opening directive
  NodeId close = syntax::kNoNode;  // If: %{endif}; For: %{endfor}
  std::vector<Part> then, otherwise;

  static Part of(Kind kind, NodeId node, Span literal = {}) {
    Part p;
    p.kind = kind;
    p.node = node;
    p.literal = literal;
    return p;
  }
};

// A template's parts between two directives: what the reference makes one TemplateExpr of, or
// nothing, where it makes an empty literal at `empty_at`.
struct Body {
  const std::vector<Part>* parts;
  uint32_t empty_at;
};

bool is_step(const syntax::SyntaxTree& t, NodeId n) {
  switch (t.node(n).kind) {
    case NodeKind::GetAttr:
    case NodeKind::LegacyIndex: return true;
    case NodeKind::Index: return ast::is_literal_key(t, ast::index_key(n));
    default: return false;
  }
}

bool trivia(lex::TokenKind k) {
  return k == lex::TokenKind::Newline || k == lex::TokenKind::Comment || k == lex::TokenKind::Eof;
}

// big.Float's String(): %g with ten significant digits, as the walker writes a number index.
std::string number_segment(std::string_view text) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", std::strtod(std::string(text).c_str(), nullptr));
  return buf;
}

class AstWriter {
 public:
  explicit AstWriter(const syntax::SyntaxTree& t) : t_(t), root_(t.root()) {}

  std::string run() {
    expr(root_);
    return std::move(out_);
  }

 private:
  // ---- Ranges ---------------------------------------------------------------------------------

  // The root of a standalone expression also covers the comments, newlines and end of file
  // around it; the reference's ranges do not.
  uint32_t first_token(NodeId n) const {
    uint32_t i = t_.node(n).first_token;
    if (n == root_)
      while (i < t_.node(n).last_token && trivia(t_.token(i).kind)) ++i;
    return i;
  }
  uint32_t last_token(NodeId n) const {
    uint32_t i = t_.node(n).last_token;
    if (n == root_)
      while (i > t_.node(n).first_token && trivia(t_.token(i).kind)) --i;
    return i;
  }
  Span token(uint32_t i) const { return Span{t_.token(i).start, t_.token(i).end}; }
  Span first(NodeId n) const { return token(first_token(n)); }
  Span last(NodeId n) const { return token(last_token(n)); }

  // Range(): what `meta.value` and the operands' texts are cut from.
  Span full(NodeId n) const {
    if (is_attr_splat_each(n)) return Span{step_range(outermost_attr_splat_step(n)).start, last(n).end};
    return Span{first(n).start, last(n).end};
  }

  // StartRange(), the node's `range`.
  Span start(NodeId n) const {
    const syntax::Node& nd = t_.node(n);
    switch (nd.kind) {
      case NodeKind::FunctionCall: {
        ast::FunctionCall f = ast::function_call(t_, n);
        return Span{f.name_span.start, f.open_paren.end};
      }
      case NodeKind::Tuple:
      case NodeKind::Object:
      case NodeKind::ForExpr: return first(n);
      case NodeKind::Index:
        if (!is_step(t_, n)) return token(nd.main_token);
        return full(n);
      case NodeKind::Splat: return full(ast::splat(t_, n).item);
      case NodeKind::Conditional: return start(ast::conditional(t_, n).condition);
      case NodeKind::Binary: return start(ast::binary_lhs(t_, n));
      case NodeKind::Unary: return token(nd.main_token);
      case NodeKind::Parens: return start(ast::parens_inner(n));
      case NodeKind::Template: {
        if (ast::template_is_passthrough(t_, n)) return full(n);
        std::vector<Part> parts = template_parts(n);
        if (parts.empty()) return Span{empty_template_at(n), empty_template_at(n)};
        return part_start(parts.front());
      }
      default: return full(n);
    }
  }

  // An empty template is one empty literal, where the token after the opening one ends.
  uint32_t empty_template_at(NodeId n) const { return t_.token(t_.node(n).main_token + 1).end; }

  // A `.*` splat's traversal starts at its first step, not at the placeholder.
  bool is_attr_splat_each(NodeId n) const {
    if (!is_step(t_, n)) return false;
    NodeId base = n;
    while (is_step(t_, base)) base = ast::step_source(t_, base);
    if (t_.node(base).kind != NodeKind::SplatItem) return false;
    // The placeholder of a `.*` splat is the dot and the star, its main token.
    return t_.token(t_.node(base).main_token).kind == lex::TokenKind::Star;
  }
  NodeId outermost_attr_splat_step(NodeId n) const {
    NodeId s = n;
    while (is_step(t_, ast::step_source(t_, s))) s = ast::step_source(t_, s);
    return s;
  }

  // A traversal step's own range: `.name` and `.0` from the dot, `[key]` the brackets.
  Span step_range(NodeId n) const {
    const syntax::Node& nd = t_.node(n);
    if (nd.kind == NodeKind::Index) return Span{t_.token(nd.main_token).start, last(n).end};
    uint32_t dot = nd.main_token;
    while (dot > 0 && t_.token(dot).kind != lex::TokenKind::Dot) --dot;
    return Span{t_.token(dot).start, t_.token(nd.main_token).end};
  }

  // ---- Writing ----------------------------------------------------------------------------------

  std::string_view text(Span s) const { return t_.text().substr(s.start, s.end - s.start); }

  void pos(uint32_t offset) {
    source::Pos p = t_.source().position(offset);
    // hclsyntax.ParseExpression is given hcl.Pos{}: its first line is 0 and counts columns from
    // 0; a newline moves to the next line's column 1.
    uint32_t line = p.line - 1, column = p.line == 1 ? p.column - 1 : p.column;
    out_ += "{\"line\":" + std::to_string(line) + ",\"column\":" + std::to_string(column) +
            ",\"byte\":" + std::to_string(p.byte) + "}";
  }
  void range(Span s) {
    out_ += "{\"start\":";
    pos(s.start);
    out_ += ",\"end\":";
    pos(s.end);
    out_ += "}";
  }
  void key(std::string_view k) {
    char c = out_.back();
    if (c != '{' && c != '[') out_ += ',';
    out_ += '"';
    out_ += k;
    out_ += "\":";
  }
  void string(std::string_view s) { out_ += util::json_quoted(s, false); }
  void field(std::string_view k, std::string_view s) {
    key(k);
    string(s);
  }
  void field(std::string_view k, Span s) {
    key(k);
    range(s);
  }
  void flag(std::string_view k, bool b) {
    key(k);
    out_ += b ? "true" : "false";
  }
  void source_of(std::string_view k, NodeId n) { field(k, text(full(n))); }

  // {"type": ..., "range": ..., "meta": {...: the caller's fields}; the caller closes meta with
  // meta_end, then writes the children between children() and end().
  void begin(std::string_view type, Span range_) {
    if (!out_.empty() && out_.back() != '[') out_ += ',';
    out_ += "{\"type\":";
    string(type);
    field("range", range_);
    key("meta");
    out_ += '{';
  }
  void meta_end(Span value) {
    field("value", text(value));
    out_ += '}';
  }
  // An expression type the walker does not know: no meta at all.
  void begin_unknown(Span range_) {
    if (!out_.empty() && out_.back() != '[') out_ += ',';
    out_ += "{\"type\":\"\"";
    field("range", range_);
  }
  void children() {
    key("children");
    out_ += '[';
  }
  void end() { out_ += "]}"; }

  // ---- Expressions ------------------------------------------------------------------------------

  void expr(NodeId n) {
    const syntax::Node& nd = t_.node(n);
    switch (nd.kind) {
      case NodeKind::Literal: {
        begin("literalValue", full(n));
        ast::LiteralKind k = ast::literal_kind(t_, n);
        field("type", k == ast::LiteralKind::Number ? "number" : k == ast::LiteralKind::Null ? "dynamic" : "bool");
        meta_end(full(n));
        children();
        end();
        return;
      }
      case NodeKind::Variable:
      case NodeKind::GetAttr:
      case NodeKind::LegacyIndex: traversal(n); return;
      case NodeKind::Index:
        if (is_step(t_, n)) {
          traversal(n);
        } else {
          index(n);
        }
        return;
      case NodeKind::Template: template_(n); return;
      case NodeKind::FunctionCall: call(n); return;
      case NodeKind::Tuple: {
        begin("tuple", start(n));
        meta_end(full(n));
        children();
        for (NodeId e : t_.children(n)) expr(e);
        end();
        return;
      }
      case NodeKind::Object: object(n); return;
      case NodeKind::ForExpr: for_(n); return;
      case NodeKind::Splat: splat(n); return;
      case NodeKind::Conditional: {
        ast::Conditional c = ast::conditional(t_, n);
        begin("conditional", start(n));
        source_of("conditionExpression", c.condition);
        source_of("trueExpression", c.if_true);
        source_of("falseExpression", c.if_false);
        meta_end(full(n));
        children();
        expr(c.condition);
        expr(c.if_true);
        expr(c.if_false);
        end();
        return;
      }
      case NodeKind::Binary: binary(n); return;
      case NodeKind::Unary: {
        bool negate = ast::operator_of(t_, n) == ast::Operator::Negate;
        begin("unaryOp", start(n));
        field("operator", negate ? "negate" : "logicalNot");
        source_of("valueExpression", ast::unary_operand(n));
        field("symbolRange", token(nd.main_token));
        field("returnType", negate ? "number" : "bool");
        meta_end(full(n));
        children();
        expr(ast::unary_operand(n));
        end();
        return;
      }
      case NodeKind::Parens:
        begin_unknown(start(n));
        children();
        expr(ast::parens_inner(n));
        end();
        return;
      default:  // SplatItem: the reference's AnonSymbolExpr
        begin_unknown(full(n));
        children();
        end();
        return;
    }
  }

  // A run of steps from a variable (scopeTraversal) or from any other expression
  // (relativeTraversal, whose source is its one child).
  void traversal(NodeId n) {
    std::vector<NodeId> steps;
    NodeId base = n;
    for (; is_step(t_, base); base = ast::step_source(t_, base)) steps.push_back(base);
    bool scope = t_.node(base).kind == NodeKind::Variable;
    begin(scope ? "scopeTraversal" : "relativeTraversal", full(n));
    std::string accessor;
    key("traversal");
    out_ += '[';
    if (scope) {
      std::string_view name = t_.token_text(t_.node(base).main_token);
      step_entry("nameTraversal", name, full(base));
      accessor = name;
    }
    for (size_t i = steps.size(); i-- > 0;) {
      NodeId s = steps[i];
      const syntax::Node& sd = t_.node(s);
      std::optional<std::string> segment;
      bool name = sd.kind == NodeKind::GetAttr;
      if (name) {
        segment = std::string(t_.token_text(sd.main_token));
      } else if (sd.kind == NodeKind::LegacyIndex) {
        segment = number_segment(t_.token_text(sd.main_token));
      } else {
        segment = index_segment(ast::index_key(s));
      }
      std::string seg = segment.value_or("");
      step_entry(name ? "nameTraversal" : "indexTraversal",
                 segment ? std::optional<std::string_view>(seg) : std::nullopt, step_range(s));
      if (accessor.empty()) {
        accessor = seg;
      } else if (name) {
        accessor += "." + seg;
      } else {
        accessor += "[" + seg + "]";
      }
    }
    out_ += ']';
    field("fullAccessor", accessor);
    if (!scope) source_of("sourceExpression", base);
    meta_end(full(n));
    children();
    if (!scope) expr(base);
    end();
  }

  // A literal index key as the walker writes it: a string quoted (without escaping), a number
  // as big.Float prints it, anything else (true, false, null) none.
  std::optional<std::string> index_segment(NodeId k) {
    if (t_.node(k).kind == NodeKind::Template) return "\"" + ast::template_as_string(t_, k).value_or("") + "\"";
    if (ast::literal_kind(t_, k) == ast::LiteralKind::Number)
      return number_segment(t_.token_text(t_.node(k).main_token));
    return std::nullopt;
  }

  void step_entry(std::string_view type, std::optional<std::string_view> segment, Span r) {
    if (out_.back() != '[') out_ += ',';
    out_ += "{\"type\":";
    string(type);
    if (segment) field("segment", *segment);
    field("range", r);
    out_ += '}';
  }

  void index(NodeId n) {
    begin("index", start(n));
    source_of("keyExpression", ast::index_key(n));
    source_of("collectionExpression", ast::index_collection(t_, n));
    meta_end(full(n));
    children();
    expr(ast::index_collection(t_, n));
    expr(ast::index_key(n));
    end();
  }

  void call(NodeId n) {
    ast::FunctionCall f = ast::function_call(t_, n);
    begin("function", start(n));
    field("name", f.name);
    flag("expandedFinalArgument", f.expand_final);
    field("nameRange", f.name_span);
    field("openParenRange", f.open_paren);
    field("closeParenRange", f.close_paren);
    key("argsRanges");
    out_ += '[';
    for (size_t i = 0; i < f.args.size(); ++i) {
      if (i > 0) out_ += ',';
      range(full(f.args[i]));
    }
    out_ += ']';
    meta_end(full(n));
    children();
    for (NodeId a : f.args) expr(a);
    end();
  }

  // Each item's key is an ObjectConsKeyExpr (type ""), whose expression is walked unless it is a
  // bare name taken literally.
  void object(NodeId n) {
    std::vector<NodeId> items = t_.children(n);
    begin("object", start(n));
    key("items");
    out_ += '{';
    for (NodeId item : items) {
      ast::ObjectItem o = ast::object_item(t_, item);
      // Keys are source text: quoted, they are written escaped.
      if (out_.back() != '{') out_ += ',';
      string(text(full(o.key)));
      out_ += ':';
      string(text(full(o.value)));
    }
    out_ += '}';
    meta_end(full(n));
    children();
    for (NodeId item : items) {
      ast::ObjectItem o = ast::object_item(t_, item);
      begin_unknown(start(o.key));
      children();
      if (!literal_key(o)) expr(o.key);
      end();
      expr(o.value);
    }
    end();
  }

  // A key the reference takes as its name (ObjectConsKeyExpr's literalName): a bare name or
  // keyword (true, false, null) not in parentheses.
  bool literal_key(const ast::ObjectItem& o) const {
    if (o.force_non_literal) return false;
    if (ast::keyword(t_, o.key)) return true;
    return t_.node(o.key).kind == NodeKind::Literal && ast::literal_kind(t_, o.key) != ast::LiteralKind::Number;
  }

  void for_(NodeId n) {
    ast::ForExpr f = ast::for_expr(t_, n);
    begin("for", start(n));
    field("keyVar", f.key_var);
    field("valVar", f.value_var);
    source_of("collectionExpression", f.collection);
    if (f.condition != syntax::kNoNode) source_of("conditionalExpression", f.condition);
    if (f.key != syntax::kNoNode) source_of("keyExpression", f.key);
    source_of("valueExpression", f.value);
    flag("groupedValue", f.group);
    field("openRange", first(n));
    field("openRangeValue", text(first(n)));
    field("closeRange", last(n));
    field("closeRangeValue", text(last(n)));
    meta_end(full(n));
    children();
    expr(f.collection);
    if (f.key != syntax::kNoNode) expr(f.key);
    expr(f.value);
    if (f.condition != syntax::kNoNode) expr(f.condition);
    end();
  }

  void splat(NodeId n) {
    ast::Splat s = ast::splat(t_, n);
    begin("splat", start(n));
    source_of("sourceExpression", s.source);
    source_of("eachExpression", s.each);
    source_of("anonSymbolExpression", s.item);
    field("markerRange", full(s.item));
    meta_end(full(n));
    children();
    expr(s.source);
    expr(s.each);
    end();
  }

  void binary(NodeId n) {
    static constexpr std::string_view names[] = {
        "logicalOr",          "logicalAnd", "equal",    "notEqual", "lessThan", "lessThanOrEqual", "greaterThan",
        "greaterThanOrEqual", "add",        "subtract", "multiply", "divide",   "modulo"};
    ast::Operator op = ast::operator_of(t_, n);
    ast::Binary b = ast::binary(t_, n);
    begin("binaryOp", start(n));
    field("operator", names[static_cast<size_t>(op)]);
    // Value(nil) fails on any variable and yields an unknown of the operation's type, which the
    // arithmetic operations have as number and the others as bool.
    field("returnType", op >= ast::Operator::Add ? "number" : "bool");
    source_of("lhsExpression", b.lhs);
    source_of("rhsExpression", b.rhs);
    meta_end(full(n));
    children();
    expr(b.lhs);
    expr(b.rhs);
    end();
  }

  // ---- Templates --------------------------------------------------------------------------------

  std::vector<Part> template_parts(NodeId n) const {
    std::vector<NodeId> kids = t_.children(n);
    std::vector<Part> out;
    size_t i = 0;
    parts(kids, i, out);
    if (t_.node(n).flags & syntax::node_flags::kFlush) flush_starts(n, out);
    return out;
  }

  // "<<-": the reference moves the start of each literal that begins a line past the indentation
  // it removes (flushHeredocTemplateParts). Where literals were joined, the first one's start is
  // the joined literal's.
  void flush_starts(NodeId n, std::vector<Part>& out) const {
    ast::TemplateLiterals lits;
    ast::template_literals(t_, n, lits);
    auto leading_space = [](std::string_view s) {
      size_t k = 0;
      while (k < s.size() && (s[k] == ' ' || s[k] == '\t')) ++k;
      return k;
    };
    std::vector<std::pair<uint32_t, uint32_t>> moved;  // (token start, bytes removed)
    for (size_t i : lits.line_leading) {
      const lex::Token& tok = t_.token(t_.node(lits.parts[i]).main_token);
      size_t removed = leading_space(tok.text(t_.text())) - leading_space(lits.values[i]);
      if (removed > 0) moved.emplace_back(tok.start, static_cast<uint32_t>(removed));
    }
    std::function<void(std::vector<Part>&)> apply = [&](std::vector<Part>& ps) {
      for (Part& p : ps) {
        if (p.kind == Part::Literal) {
          for (auto [start, removed] : moved)
            if (p.literal.start == start) p.literal.start += removed;
        }
        apply(p.then);
        apply(p.otherwise);
      }
    };
    apply(out);
  }

  // The parts from kids[i] up to the directive that closes the enclosing one (left at kids[i]).
  void parts(const std::vector<NodeId>& kids, size_t& i, std::vector<Part>& out) const {
    while (i < kids.size()) {
      NodeId k = kids[i];
      switch (t_.node(k).kind) {
        case NodeKind::TemplateLiteral:
          if (!out.empty() && out.back().kind == Part::Literal) {
            out.back().literal.end = full(k).end;
          } else {
            out.push_back(Part::of(Part::Literal, k, full(k)));
          }
          ++i;
          break;
        case NodeKind::TemplateInterp:
          out.push_back(Part::of(Part::Expr, ast::interp_expr(k)));
          ++i;
          break;
        case NodeKind::TemplateIf: {
          Part p = Part::of(Part::If, k);
          parts(kids, ++i, p.then);
          if (i < kids.size() && t_.node(kids[i]).kind == NodeKind::TemplateElse) parts(kids, ++i, p.otherwise);
          p.close = i < kids.size() ? kids[i++] : k;
          out.push_back(std::move(p));
          break;
        }
        case NodeKind::TemplateFor: {
          Part p = Part::of(Part::For, k);
          parts(kids, ++i, p.then);
          p.close = i < kids.size() ? kids[i++] : k;
          out.push_back(std::move(p));
          break;
        }
        default: return;  // else, endif, endfor
      }
    }
  }

  Span part_full(const Part& p) const {
    switch (p.kind) {
      case Part::Literal: return p.literal;
      case Part::Expr: return full(p.node);
      default: return Span{full(p.node).start, full(p.close).end};
    }
  }
  Span part_start(const Part& p) const {
    switch (p.kind) {
      case Part::Literal: return p.literal;
      case Part::Expr: return start(p.node);
      case Part::If: return start(ast::template_if_condition(p.node));
      default: return full(p.node);
    }
  }
  Span body_full(const Body& b) const {
    if (b.parts->empty()) return Span{b.empty_at, b.empty_at};
    return Span{part_full(b.parts->front()).start, part_full(b.parts->back()).end};
  }

  void part(const Part& p) {
    switch (p.kind) {
      case Part::Literal: literal(p.literal); return;
      case Part::Expr: expr(p.node); return;
      case Part::If: {
        NodeId cond = ast::template_if_condition(p.node);
        Body then{&p.then, full(p.node).end}, otherwise{&p.otherwise, full(p.close).start};
        begin("conditional", start(cond));
        source_of("conditionExpression", cond);
        field("trueExpression", text(body_full(then)));
        field("falseExpression", text(body_full(otherwise)));
        meta_end(part_full(p));
        children();
        expr(cond);
        body(then);
        body(otherwise);
        end();
        return;
      }
      case Part::For: {
        ast::TemplateFor f = ast::template_for(t_, p.node);
        Body content{&p.then, full(p.node).end};
        begin("templateJoin", full(p.node));
        meta_end(part_full(p));
        children();
        begin("for", full(p.node));
        field("keyVar", f.key_var);
        field("valVar", f.value_var);
        source_of("collectionExpression", f.collection);
        field("valueExpression", text(body_full(content)));
        flag("groupedValue", false);
        field("openRange", full(p.node));
        field("openRangeValue", text(full(p.node)));
        field("closeRange", full(p.close));
        field("closeRangeValue", text(full(p.close)));
        meta_end(part_full(p));
        children();
        expr(f.collection);
        body(content);
        end();
        end();
        return;
      }
    }
  }

  void literal(Span s) {
    begin("literalValue", s);
    field("type", "string");
    meta_end(s);
    children();
    end();
  }

  // The parts of a directive's branch or body as one template.
  void body(const Body& b) {
    Span whole = body_full(b);
    begin("template", b.parts->empty() ? whole : part_start(b.parts->front()));
    meta_end(whole);
    children();
    if (b.parts->empty()) literal(whole);
    for (const Part& p : *b.parts) part(p);
    end();
  }

  void template_(NodeId n) {
    if (ast::template_is_passthrough(t_, n)) {
      begin("templateWrap", full(n));
      meta_end(full(n));
      children();
      expr(ast::interp_expr(t_.first_child(n)));
      end();
      return;
    }
    std::vector<Part> ps = template_parts(n);
    Body b{&ps, empty_template_at(n)};
    begin("template", ps.empty() ? Span{b.empty_at, b.empty_at} : part_start(ps.front()));
    meta_end(full(n));
    children();
    if (ps.empty()) literal(Span{b.empty_at, b.empty_at});
    for (const Part& p : ps) part(p);
    end();
  }

  const syntax::SyntaxTree& t_;
  NodeId root_;
  std::string out_;
};

}  // namespace expression_ast_detail

std::string expression_ast(const syntax::SyntaxTree& tree) { return expression_ast_detail::AstWriter(tree).run(); }

}  // namespace hcl::json
