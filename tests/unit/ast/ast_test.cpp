// SPDX-License-Identifier: Apache-2.0
// The typed views over the syntax tree (ast/ast.h).
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "syntax/parser.h"

namespace {

hcl::syntax::ParseResult config(const std::string& text) {
  return hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>("test.hcl", text));
}
hcl::syntax::ParseResult expr(const std::string& text) {
  return hcl::syntax::parse_expression(std::make_shared<hcl::source::SourceFile>("<expr>", text));
}

}  // namespace

TEST_CASE("template literals apply escapes, strip markers and heredoc trimming") {
  auto lits = [](const std::string& text) {
    auto r = expr(text);
    REQUIRE(r.diagnostics.empty());
    std::string out;
    for (auto& s : hcl::ast::template_literals(*r.tree, r.tree->root())) out += "[" + s + "]";
    return out;
  };
  CHECK(lits("\"a\\n\\u00e9$${x}\"") == "[a\n\xc3\xa9][${][x}]");
  CHECK(lits("\"a  ${~ b ~}  c\"") == "[a][][c]");
  // Literals with escapes are trimmed once decoded, on either side.
  CHECK(lits("\"\\t a\\n ${~ b ~} \\t c\\u00e9 ${~ d}\"") == "[\t a][][c\xc3\xa9][]");
  CHECK(lits("<<-EOT\n    a\n      b\n    EOT\n") == "[a\n][  b\n]");
  CHECK(lits("<<-EOT\n  a\n\n  b\n  EOT\n") == "[a\n][\n][b\n]");
  CHECK(lits("<<EOT\n  a\n  EOT\n") == "[  a\n]");
}

TEST_CASE("template literals as views agree with the decoded strings, reusing one buffer") {
  // Views into the source, or into the decoded text for parts with escapes; "<<-" trims by
  // grapheme clusters, which ASCII indentation counts byte for byte and the rest does not.
  hcl::ast::TemplateLiterals reused;
  const char* texts[] = {
      "\"a\\n\\u00e9$${x}${y}b\"",
      "\"a  ${~ b ~}  c$${d}\"",
      "<<-EOT\n    a $${b}\n      ${c} d\n\n    e\n    EOT\n",
      "<<-EOT\n  \xcc\x81"
      "a\n   b\n  EOT\n",  // a combining mark joins the indentation's last space
      "<<-EOT\n\t\ta\n\t b %{if x}\n\tc%{endif}\n  EOT\n",
      "<<-EOT\n    a\n  \xe3\x80\x80"
      "b\n    EOT\n",  // an ideographic space: one cluster of three bytes
  };
  for (std::string text : texts) {
    CAPTURE(text);
    auto r = expr(text);
    REQUIRE_MESSAGE(r.diagnostics.empty(), r.diagnostics.at(0).summary);
    std::vector<std::string> strings = hcl::ast::template_literals(*r.tree, r.tree->root());
    hcl::ast::template_literals(*r.tree, r.tree->root(), reused);
    REQUIRE(reused.values.size() == strings.size());
    CHECK(reused.parts == r.tree->children(r.tree->root()));
    for (size_t i = 0; i < strings.size(); ++i) CHECK(reused.values[i] == strings[i]);
    // Given the parts found already, the same.
    hcl::ast::TemplateLiterals given;
    std::vector<hcl::syntax::NodeId> parts = r.tree->children(r.tree->root());
    hcl::ast::template_literals(*r.tree, r.tree->root(), parts, given);
    CHECK(given.values == reused.values);
    CHECK(given.plain == reused.plain);
  }
  auto r = expr(
      "<<-EOT\n  \xcc\x81"
      "a\n   b\n  EOT\n");
  hcl::ast::template_literals(*r.tree, r.tree->root(), reused);
  CHECK(reused.values.at(0) == "a\n");  // two clusters, " " and " \u0301", both trimmed
  CHECK(reused.values.at(1) == " b\n");
  // Plain literals (no "\\", "$", "%" or byte outside ASCII) need no decoding or normalising.
  auto plain = [&](const std::string& text) {
    auto t = expr(text);
    REQUIRE(t.diagnostics.empty());
    hcl::ast::template_literals(*t.tree, t.tree->root(), reused);
    std::string out;
    for (uint8_t p : reused.plain) out += p ? '1' : '0';
    return out;
  };
  CHECK(plain("\"a ${b} c$${d}\"") == "10101");  // "$${" is a literal of its own
  CHECK(plain("\"a ${b} \\u00e9\"") == "100");
  CHECK(plain("\"a ${b} \xc3\xa9\"") == "100");
  CHECK(plain("\"a ${b} 1%\"") == "1010");
  CHECK(plain("<<EOT\nx ${b}\ny\nEOT\n") == "1011");
}

TEST_CASE("block labels are decoded") {
  auto r = config("resource \"aws_instance\" web \"\\u00e9\" {\n}\n");
  REQUIRE(r.diagnostics.empty());
  auto items = hcl::ast::body_items(*r.tree, r.tree->root());
  REQUIRE(items.size() == 1);
  auto b = hcl::ast::block(*r.tree, items[0]);
  CHECK(b.type == "resource");
  CHECK(b.labels == std::vector<std::string>{"aws_instance", "web", "\xc3\xa9"});
}

TEST_CASE("an attribute's view names it and points at its expression") {
  auto r = config("  region = \"eu\" # comment\n");
  REQUIRE(r.diagnostics.empty());
  auto items = hcl::ast::body_items(*r.tree, r.tree->root());
  REQUIRE(items.size() == 1);
  auto a = hcl::ast::attribute(*r.tree, items[0]);
  CHECK(a.name == "region");
  CHECK(a.name_span.start == 2);
  CHECK(a.name_span.end == 8);
  CHECK(hcl::ast::template_as_string(*r.tree, a.expr) == std::optional<std::string>("eu"));
}

TEST_CASE("a call's view keeps a namespaced name, its arguments and an expanded final argument") {
  auto r = expr("provider::aws::f(a, b...)");
  REQUIRE(r.diagnostics.empty());
  auto call = hcl::ast::function_call(*r.tree, r.tree->root());
  CHECK(call.name == "provider::aws::f");
  CHECK(call.args.size() == 2);
  CHECK(call.expand_final);
  CHECK(hcl::ast::keyword(*r.tree, call.args[0]) == std::optional<std::string_view>("a"));
}
