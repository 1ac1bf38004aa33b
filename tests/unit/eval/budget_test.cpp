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
