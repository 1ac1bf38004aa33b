// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "eval/budget.h"
#include "eval/eval.h"
#include "eval/json.h"
#include "eval/run.h"
#include "funcs/library.h"

namespace {

std::string outcome(const std::string& expr) {
  static const hcl::funcs::FunctionTable table = hcl::funcs::standard_functions();
  hcl::eval::Scope scope(&table);
  auto r = hcl::eval::run(expr, scope, {});
  if (r.value) return *hcl::eval::value_to_json(*r.value);
  return r.diagnostics.empty() ? "?" : r.diagnostics[0].summary + ": " + r.diagnostics[0].detail;
}

}  // namespace

TEST_CASE("an evaluation that would build too many values stops with a diagnostic") {
  CHECK(outcome("length([for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]])") ==
        "Evaluation too large: This expression builds more than 4000000 values, the limit for one evaluation.");
  // try cannot swallow it: the budget belongs to the whole evaluation.
  CHECK(outcome("try([for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]], 0)")
            .rfind("Evaluation too large", 0) == 0);
  CHECK(outcome("length(setproduct(range(1024), range(1024), range(8)))").rfind("Evaluation too large", 0) == 0);
  // Well within the limit.
  CHECK(outcome("length([for a in range(1000) : [for b in range(1000) : b]])") == "1000");
}

TEST_CASE("an evaluation that would build too much text stops with a diagnostic") {
  CHECK(outcome("length(join(\"\", [for a in range(1024) : join(\"\", [for b in range(1024) : format(\"%1000s\", \"x\")])]))") ==
        "Evaluation too large: This expression builds more than 256 MiB of strings, the limit for one evaluation.");
  CHECK(outcome("length(\"${join(\"\", [for a in range(1024) : format(\"%100000s\", \"x\")])}\")") == "102400000");
}

TEST_CASE("a number too long to write out in decimal stops the evaluation instead of taking minutes") {
  const std::string too_long =
      "Evaluation too large: This expression writes out a number whose decimal form would have more than a million "
      "digits.";
  CHECK(outcome("tostring(1e2000000)") == too_long);
  CHECK(outcome("try(tostring(tonumber(\"3E5242286\")), \"x\")") == too_long);
  CHECK(outcome("format(\"%g\", 1e-2000000)") == too_long);
  // A million digits still print, as the reference prints them.
  CHECK(outcome("length(tostring(1e1000000))") == "1000001");
  // Comparing and computing need no digits.
  CHECK(outcome("1e2000000 == 1e2000000") == "true");
  CHECK(outcome("1e2000000 > 1e1999999") == "true");
  CHECK(outcome("1e2000000 / 1e2000000") == "1");
  // The result itself has no JSON form, and says why.
  auto n = hcl::eval::Number::parse("1e2000000");
  REQUIRE(n);
  CHECK_FALSE(n->is_printable());
  CHECK(std::string(n->json_problem()) == "the number's decimal form would have more than a million digits");
  CHECK_FALSE(hcl::eval::value_to_json(hcl::eval::Value::number(*n)));
  CHECK(n->round_trip_scientific().rfind("1.0000000000", 0) == 0);
  CHECK(hcl::eval::Number::parse(n->round_trip_scientific())->equals(*n));
}

TEST_CASE("values built outside an evaluation are not counted, and each evaluation starts afresh") {
  std::vector<hcl::eval::Value> many(5'000'000, hcl::eval::Value::boolean(true));
  CHECK(hcl::eval::Value::tuple(std::move(many)).length() == 5'000'000);
  for (int i = 0; i < 3; ++i) CHECK(outcome("length([for a in range(1000) : [for b in range(1000) : b]])") == "1000");
}

TEST_CASE("custom limits") {
  hcl::eval::EvalLimits limits;
  limits.max_values = 10;
  hcl::eval::EvalBudget budget(limits);
  REQUIRE(budget.owner());
  CHECK_NOTHROW(hcl::eval::charge_values(10));
  CHECK_THROWS_AS(hcl::eval::charge_values(1), hcl::eval::BudgetExceeded);
  hcl::eval::EvalBudget nested;
  CHECK(!nested.owner());
}
