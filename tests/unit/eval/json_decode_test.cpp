// SPDX-License-Identifier: Apache-2.0
// The fast paths of --vars and jsondecode against the general ones they stand in for: the one-pass
// decoder against cty's two passes (tree, ImpliedType, Unmarshal), and the inline integer parse
// against the MPFR parse.
#include <doctest/doctest.h>

#include <string>

#include "cty/budget.h"
#include "cty/json_encoding.h"
#include "cty/number.h"
#include "cty/value.h"

using hcl::cty::Number;
using hcl::cty::Value;

namespace {

hcl::cty::Expected<Value> two_passes(std::string_view text) {
  auto node = hcl::cty::parse_json_document(text);
  if (!node) return hcl::cty::unexpected(node.error());
  auto type = hcl::cty::json_implied_type(*node);
  if (!type) return hcl::cty::unexpected(type.error());
  return hcl::cty::json_unmarshal(*node, *type);
}

void check_same(std::string_view text) {
  CAPTURE(text);
  auto fast = hcl::cty::json_to_value(text);
  auto slow = two_passes(text);
  REQUIRE(static_cast<bool>(fast) == static_cast<bool>(slow));
  if (!fast) {
    CHECK(fast.error() == slow.error());
    return;
  }
  CHECK(fast->type() == slow->type());
  CHECK(fast->raw_equals(*slow));
  CHECK(fast->weight() == slow->weight());
  CHECK(fast->go_string() == slow->go_string());
}

}  // namespace

TEST_CASE("decoding JSON in one pass gives what cty's two passes give") {
  for (const char* doc : {
           R"({})",
           R"([])",
           R"(null)",
           R"(1)",
           R"("x")",
           R"(true)",
           R"({"b": 1, "a": [1, "x", true, null, {"c": []}], "c": {"z": -0, "y": 0.1, "x": 1e400}})",
           R"([{"a": 1, "b": "x"}, {"b": "y", "a": 2}, {"a": null, "b": "z"}, {"a": 1, "b": [1]}])",
           R"([[1, 2], [3, 4], [5], [], [[]], [{}]])",
           // Shapes as written are remembered: the same names in another order, or with other
           // types, or repeated after a shape was seen, still decode as the two passes do.
           R"([{"b": 1, "a": 2}, {"b": 3, "a": 4}, {"a": 5, "b": 6}, {"b": "x", "a": 7}, {"b": 8, "a": 9, "b": 10}])",
           R"([{"a": 1, "b": 2}, {"a": 1, "b": 2, "a": 3}, {"c": {"b": 1, "a": 2}}, {"c": {"b": [], "a": 2}}])",
           R"([{"e\u0301": 1}, {"e\u0301": 2}])",
           R"({"s": "caf\u00e9 e\u0301 \ud83d\ude00 \ud800 \\ \" \n", "\u00e9": 1})",
           R"({"n": [9223372036854775807, 9223372036854775808, -9223372036854775808, 999999999999999999,
                     1000000000000000000, -0, 0, -0.0, 1.5e-7, 100000000000000000000000, 1E2, 0.30000000000000004]})",
           // Where the one pass gives up and the two passes decide: repeated and non-NFC names,
           // numbers out of range, errors of every kind.
           R"({"k": 1, "k": 2})",
           R"({"k": 1, "k": "x"})",
           R"({"k": null, "k": 1})",
           R"({"e\u0301": 1, "\u00e9": 2})",
           R"({"a": 1e99999999999999999999})",
           R"({"a": [1, 2)",
           R"({"a": 1,})",
           R"([1] 2)",
           R"({"a": tru})",
           R"("\x")",
           "",
       })
    check_same(doc);
  std::string deep(2000, '[');
  check_same(deep + std::string(2000, ']'));
}

// Long arrays reserve room for the rest of the document once they pass a few thousand elements;
// what follows them (more data, or a short end) must not change what they decode to.
TEST_CASE("long arrays decode alike whatever follows them") {
  auto numbers = [](size_t n) {
    std::string a = "[";
    for (size_t i = 0; i < n; ++i) a += (i ? "," : "") + std::to_string(i * 7);
    return a + "]";
  };
  for (size_t n : {4095, 4096, 4097, 9000}) {
    check_same(numbers(n));
    check_same(R"({"a": )" + numbers(n) + R"(, "b": ")" + std::string(50000, 'x') + R"("})");
    check_same("[" + numbers(n) + "," + numbers(n / 2) + "]");
  }
  check_same("[" + std::string(5000 * 2, ' ') + numbers(5000) + "]");
  auto v = hcl::cty::json_to_value(numbers(20000));
  REQUIRE(v);
  CHECK(v->length() == 20000);
  CHECK(v->elements().back().as_number().to_string() == "139993");
}

TEST_CASE("a decoder that gives up leaves the budget as the two passes would") {
  hcl::cty::EvalBudget budget;
  auto before = hcl::cty::budget_counts();
  CHECK(hcl::cty::json_to_value(R"({"a": [1, 2, 3], "b": "xyz", "a": [4, 5, 6]})"));
  auto fallback = hcl::cty::budget_counts();
  hcl::cty::restore_budget_counts(before);
  CHECK(two_passes(R"({"a": [1, 2, 3], "b": "xyz", "a": [4, 5, 6]})"));
  auto direct = hcl::cty::budget_counts();
  CHECK(fallback.values == direct.values);
  CHECK(fallback.bytes == direct.bytes);
  CHECK(direct.values > before.values);
}

TEST_CASE("integers parsed inline equal the MPFR parse at every edge") {
  // An exponent sends the same number down the general path.
  for (const char* s : {"0", "-0", "+0", "1", "-1", "+7", "007", "999999999999999999", "-999999999999999999",
                        "1000000000000000000", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                        "123456789012345678901234567890", "18446744073709551616"}) {
    CAPTURE(s);
    for (uint32_t precision : {Number::kFloat64Precision, Number::kIntPrecision, Number::kLiteralPrecision}) {
      auto inline_parse = Number::parse(s, precision);
      auto general = Number::parse(std::string(s) + "e0", precision);
      REQUIRE(inline_parse);
      REQUIRE(general);
      CHECK(inline_parse->precision() == general->precision());
      CHECK(inline_parse->is_negative() == general->is_negative());
      CHECK(inline_parse->text('g', 40) == general->text('g', 40));
      CHECK(inline_parse->equals(*general));
      auto doubled = multiply(*inline_parse, Number::from_int(2));
      auto doubled_general = multiply(*general, Number::from_int(2));
      CHECK(doubled->to_string() == doubled_general->to_string());
      CHECK(doubled->precision() == doubled_general->precision());
    }
  }
}
