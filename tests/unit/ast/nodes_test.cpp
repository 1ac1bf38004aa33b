// SPDX-License-Identifier: Apache-2.0
// Where each expression node keeps its operands (ast/nodes.h).
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>

#include "ast/ast.h"
#include "ast/nodes.h"
#include "syntax/parser.h"

namespace {

using hcl::syntax::NodeId;
using hcl::syntax::NodeKind;

struct Parsed {
  hcl::syntax::ParseResult result;
  const hcl::syntax::SyntaxTree& tree() const { return *result.tree; }
  NodeId root() const { return result.tree->root(); }
  std::string_view text(NodeId n) const { return result.tree->node_text(n); }
  NodeKind kind(NodeId n) const { return result.tree->node(n).kind; }
};

Parsed parsed(const std::string& text) {
  Parsed p{hcl::syntax::parse_expression(std::make_shared<hcl::source::SourceFile>("<expr>", text))};
  REQUIRE(p.result.diagnostics.empty());
  return p;
}

}  // namespace

TEST_CASE("conditional, binary, unary and parens views name their operands") {
  auto c = parsed("a.b ? [1, 2] : f(x)");
  REQUIRE(c.kind(c.root()) == NodeKind::Conditional);
  hcl::ast::Conditional cv = hcl::ast::conditional(c.tree(), c.root());
  CHECK(c.text(cv.condition) == "a.b");
  CHECK(c.text(cv.if_true) == "[1, 2]");
  CHECK(c.text(cv.if_false) == "f(x)");

  auto b = parsed("x * (y + 1) - z[0]");
  REQUIRE(b.kind(b.root()) == NodeKind::Binary);
  hcl::ast::Binary bv = hcl::ast::binary(b.tree(), b.root());
  CHECK(b.text(bv.lhs) == "x * (y + 1)");
  CHECK(b.text(bv.rhs) == "z[0]");
  CHECK(hcl::ast::binary_lhs(b.tree(), b.root()) == bv.lhs);
  CHECK(hcl::ast::binary_rhs(b.root()) == bv.rhs);
  NodeId parens = hcl::ast::binary_rhs(bv.lhs);
  REQUIRE(b.kind(parens) == NodeKind::Parens);
  CHECK(b.text(hcl::ast::parens_inner(parens)) == "y + 1");

  auto u = parsed("!(a && b)");
  REQUIRE(u.kind(u.root()) == NodeKind::Unary);
  CHECK(u.text(hcl::ast::unary_operand(u.root())) == "(a && b)");
}

TEST_CASE("index, traversal step and splat views") {
  auto i = parsed("m[k.x][\"lit\"]");
  NodeId outer = i.root();
  REQUIRE(i.kind(outer) == NodeKind::Index);
  CHECK(i.text(hcl::ast::index_key(outer)) == "\"lit\"");
  CHECK(hcl::ast::is_literal_key(i.tree(), hcl::ast::index_key(outer)));
  NodeId inner = hcl::ast::index_collection(i.tree(), outer);
  CHECK(i.text(inner) == "m[k.x]");
  CHECK(hcl::ast::step_source(i.tree(), outer) == inner);
  CHECK(i.text(hcl::ast::index_key(inner)) == "k.x");
  CHECK_FALSE(hcl::ast::is_literal_key(i.tree(), hcl::ast::index_key(inner)));
  NodeId get = hcl::ast::index_key(inner);
  REQUIRE(i.kind(get) == NodeKind::GetAttr);
  CHECK(i.text(hcl::ast::step_source(i.tree(), get)) == "k");

  // Literal keys: a number, an empty string, one literal part; not an interpolation.
  for (const char* key : {"a[0]", "a[\"\"]", "a[\"s\"]", "a[true]"}) {
    auto k = parsed(key);
    CHECK_MESSAGE(hcl::ast::is_literal_key(k.tree(), hcl::ast::index_key(k.root())), key);
  }
  for (const char* key : {"a[\"${b}\"]", "a[\"x${b}\"]", "a[b]"}) {
    auto k = parsed(key);
    CHECK_FALSE_MESSAGE(hcl::ast::is_literal_key(k.tree(), hcl::ast::index_key(k.root())), key);
  }

  auto s = parsed("list[*].id.name");
  REQUIRE(s.kind(s.root()) == NodeKind::Splat);
  hcl::ast::Splat sv = hcl::ast::splat(s.tree(), s.root());
  CHECK(s.text(sv.source) == "list");
  CHECK(s.kind(sv.item) == NodeKind::SplatItem);
  CHECK(s.kind(sv.each) == NodeKind::GetAttr);
  CHECK(hcl::ast::splat_item(s.tree(), s.root()) == sv.item);
  // The per-element traversal starts at the item: .name over .id over the item.
  NodeId id = hcl::ast::step_source(s.tree(), sv.each);
  CHECK(hcl::ast::step_source(s.tree(), id) == sv.item);
}

TEST_CASE("object items, interpolations, template if and attributes") {
  auto o = parsed("{ a = 1, (b) = [2], \"c\" = x ? 1 : 2 }");
  std::string seen;
  for (NodeId item : o.tree().children(o.root())) {
    REQUIRE(o.kind(item) == NodeKind::ObjectItem);
    hcl::ast::ObjectItem oi = hcl::ast::object_item(o.tree(), item);
    CHECK(oi.key == hcl::ast::item_key(o.tree(), item));
    CHECK(oi.value == hcl::ast::item_value(item));
    seen += std::string(o.text(oi.key)) + "=" + std::string(o.text(oi.value)) + ";";
  }
  CHECK(seen == "a=1;(b)=[2];\"c\"=x ? 1 : 2;");

  auto t = parsed("\"x${a + b}%{if c}y%{endif}\"");
  auto parts = t.tree().children(t.root());
  REQUIRE(parts.size() == 5);
  REQUIRE(t.kind(parts[1]) == NodeKind::TemplateInterp);
  CHECK(t.text(hcl::ast::interp_expr(parts[1])) == "a + b");
  REQUIRE(t.kind(parts[2]) == NodeKind::TemplateIf);
  CHECK(t.text(hcl::ast::template_if_condition(parts[2])) == "c");

  auto file = hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>("t.hcl", "a = b.c\n"));
  REQUIRE(file.diagnostics.empty());
  NodeId attr = hcl::ast::body_items(*file.tree, file.tree->root()).at(0);
  CHECK(file.tree->node_text(hcl::ast::attribute_expr(attr)) == "b.c");
  CHECK(hcl::ast::attribute_expr(attr) == hcl::ast::attribute(*file.tree, attr).expr);
}

TEST_CASE("a for directive's view names its variables and its collection") {
  auto t = parsed("\"%{for k, v in m.x}${k}%{endfor}%{for e in [1, 2]}${e}%{endfor}\"");
  std::string seen;
  for (NodeId part : t.tree().children(t.root())) {
    if (t.kind(part) != NodeKind::TemplateFor) continue;
    hcl::ast::TemplateFor f = hcl::ast::template_for(t.tree(), part);
    seen +=
        "[" + std::string(f.key_var) + "|" + std::string(f.value_var) + "|" + std::string(t.text(f.collection)) + "]";
  }
  CHECK(seen == "[k|v|m.x][|e|[1, 2]]");
}
