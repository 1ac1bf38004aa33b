// SPDX-License-Identifier: Apache-2.0
// A whole file evaluated into one value (config/file_value.h).
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "body/native.h"
#include "config/file_value.h"
#include "cty/json_encoding.h"
#include "syntax/parser.h"

namespace {

hcl::config::FileValue evaluate(const std::string& text) {
  auto parsed = hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>("main.hcl", text));
  REQUIRE(parsed.diagnostics.empty());
  auto body = hcl::body::native_body(std::shared_ptr<const hcl::syntax::SyntaxTree>(std::move(parsed.tree)));
  return hcl::config::evaluate_file(body, nullptr);
}

std::string json(const hcl::cty::Value& v) {
  auto text = hcl::cty::value_to_json(v);
  REQUIRE(text);
  return *text;
}

}  // namespace

TEST_CASE("the document nests blocks under their type and labels, bodies innermost in source order") {
  auto r = evaluate("a \"x\" {\n  v = 1\n}\na \"y\" \"z\" {\n  v = 2\n}\na \"x\" {\n  v = 3\n}\nb = 4\n");
  REQUIRE(r.diagnostics.empty());
  REQUIRE(r.document);
  CHECK(json(*r.document) == R"({"a":{"x":[{"v":1},{"v":3}],"y":{"z":[{"v":2}]}},"b":4})");
}

TEST_CASE("as variables, top-level blocks of one type and labels merge; nested ones make a tuple") {
  auto r = evaluate(
      "locals {\n  a = 1\n}\nlocals {\n  b = 2\n}\n"
      "r \"x\" {\n  in {\n    p = 1\n  }\n  in {\n    p = 2\n  }\n}\n");
  REQUIRE(r.diagnostics.empty());
  CHECK(json(r.variables.at("locals")) == R"({"a":1,"b":2})");
  CHECK(json(r.variables.at("r")) == R"({"x":{"in":[{"p":1},{"p":2}]}})");
}

TEST_CASE("every block that does not fit the shape is reported, in source order, naming the earlier one") {
  auto r = evaluate("a \"x\" {}\na {}\nb {}\nb \"y\" {}\n");
  CHECK_FALSE(r.document);
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].summary == "Inconsistent block labels");
  REQUIRE(r.diagnostics[0].subject);
  CHECK(r.diagnostics[0].subject->start.line == 2);
  CHECK(
      r.diagnostics[0].detail.starts_with("This \"a\" block has no labels, but the one at main.hcl:1,1 has 1 label."));
  CHECK(
      r.diagnostics[1].detail.starts_with("This \"b\" block has 1 label, but the one at main.hcl:3,1 has no labels."));
}
