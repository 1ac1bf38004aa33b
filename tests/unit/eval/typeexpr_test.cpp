// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "cty/json_encoding.h"
#include "eval/typeexpr.h"
#include "syntax/parser.h"

namespace {

std::string type_of(const std::string& text, bool defaults = true) {
  auto src = std::make_shared<hcl::source::SourceFile>("<type>", text);
  auto p = hcl::syntax::parse_expression(src);
  if (hcl::diag::has_errors(p.diagnostics)) return "parse error";
  auto r = defaults ? hcl::eval::type_constraint_with_defaults(*p.tree, p.tree->root())
                    : hcl::eval::exact_type(*p.tree, p.tree->root());
  if (hcl::diag::has_errors(r.diagnostics)) return "error: " + r.diagnostics[0].detail;
  return r.type.type_string();
}

hcl::cty::Value apply(const std::string& type, const std::string& json) {
  auto src = std::make_shared<hcl::source::SourceFile>("<type>", type);
  auto p = hcl::syntax::parse_expression(src);
  auto r = hcl::eval::type_constraint_with_defaults(*p.tree, p.tree->root());
  auto v = *hcl::cty::json_to_value(json);
  return r.defaults ? r.defaults->apply(v) : v;
}

}  // namespace

TEST_CASE("type expressions") {
  CHECK(type_of("string") == "string");
  CHECK(type_of("any") == "any");
  CHECK(type_of("list(map(number))") == "list(map(number))");
  CHECK(type_of("object({b = bool, a = optional(string, \"x\")})") == "object({a=optional(string),b=bool})");
  CHECK(type_of("tuple([string, any])") == "tuple([string,any])");
  CHECK(type_of("nope") == "error: The keyword \"nope\" is not a valid type specification.");
  CHECK(type_of("list") == "error: The list type constructor requires one argument specifying the element type.");
  CHECK(type_of("string(1)") == "error: Primitive type keyword \"string\" does not expect arguments.");
  CHECK(type_of("optional(string)") ==
        "error: Keyword \"optional\" is valid only as a modifier for object type attributes.");
  CHECK(type_of("object({a = optional(string, 1, 2)})") ==
        "error: Optional attribute modifier expects at most two arguments: the attribute type, and a default value.");
  CHECK(type_of("any", false) ==
        "error: The keyword \"any\" cannot be used in this type specification: an exact type is required.");
  CHECK(type_of("object({a = optional(string)})", false) ==
        "error: Optional attribute modifier is only for type constraints, not for exact types.");
  CHECK(type_of("object({a = optional(number, \"x\")})") ==
        "error: This default value is not compatible with the attribute's type constraint: a number is required.");
}

TEST_CASE("defaults fill absent and null attributes, all the way down") {
  auto j = [](const hcl::cty::Value& v) { return *hcl::cty::value_to_json(v); };
  CHECK(j(apply("object({a = optional(string, \"d\")})", "{}")) == R"({"a":"d"})");
  CHECK(j(apply("object({a = optional(string, \"d\")})", R"({"a": null})")) == R"({"a":"d"})");
  CHECK(j(apply("object({a = optional(string, \"d\")})", R"({"a": "x"})")) == R"({"a":"x"})");
  CHECK(j(apply("list(object({b = optional(number, 7)}))", R"([{}, {"b": 1}])")) == R"([{"b":7},{"b":1}])");
  CHECK(j(apply("map(object({b = optional(number, 7)}))", R"({"x": {}})")) == R"({"x":{"b":7}})");
  CHECK(j(apply("tuple([object({b = optional(number, 1)}), object({c = optional(string, \"z\")})])", "[{}, {}]")) ==
        R"([{"b":1},{"c":"z"}])");
}
