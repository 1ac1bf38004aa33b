// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "cty/budget.h"
#include "cty/json_encoding.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "funcs/library.h"

namespace {

std::string outcome(const std::string& expr, const hcl::cty::EvalLimits& limits = {}) {
  static const hcl::cty::FunctionTable table = hcl::funcs::standard_functions();
  hcl::eval::Scope scope(&table);
  scope.set_limits(limits);
  auto r = hcl::eval::run(expr, scope, {});
  if (r.value) return *hcl::cty::value_to_json(*r.value);
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

TEST_CASE("the budget's diagnostics name the setting that raises a limit where the program has one") {
  hcl::cty::EvalLimits limits;
  limits.max_values = 10;
  limits.max_bytes = 1 << 20;
  CHECK(outcome("[for i in range(100) : i]", limits) ==
        "Evaluation too large: This expression builds more than 10 values, the limit for one evaluation.");
  limits.settings = {.values = "--max-eval-values", .memory = "maxMemory", .seconds = ""};
  CHECK(outcome("[for i in range(100) : i]", limits) ==
        "Evaluation too large: This expression builds more than 10 values, the limit for one evaluation; "
        "--max-eval-values raises it.");
  CHECK(outcome("format(\"%2000000s\", \"x\")", limits) ==
        "Evaluation too large: This expression builds more than 1 MiB of strings and collections, the limit for one "
        "evaluation; maxMemory raises it.");
}

TEST_CASE("an evaluation that would build too much text stops with a diagnostic") {
  CHECK(
      outcome(
          "length(join(\"\", [for a in range(1024) : join(\"\", [for b in range(1024) : format(\"%1000s\", \"x\")])]))") ==
      "Evaluation too large: This expression builds more than 512 MiB of strings and collections, the limit for one "
      "evaluation.");
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
  auto n = hcl::cty::Number::parse("1e2000000");
  REQUIRE(n);
  CHECK_FALSE(n->is_printable());
  CHECK(std::string(n->json_problem()) == "the number's decimal form would have more than a million digits");
  CHECK_FALSE(hcl::cty::value_to_json(hcl::cty::Value::number(*n)));
  CHECK(n->round_trip_scientific().rfind("1.0000000000", 0) == 0);
  CHECK(hcl::cty::Number::parse(n->round_trip_scientific())->equals(*n));
}

TEST_CASE("a collection of huge numbers is charged what writing it out takes") {
  // A million digits each: 400 of them are 400 MB written out, 600 are more than the budget.
  CHECK(outcome("length([for i in range(400) : 1e999999])") == "400");
  CHECK(outcome("length([for i in range(600) : 1e999999])") ==
        "Evaluation too large: This expression builds more than 512 MiB of strings and collections, the limit for one "
        "evaluation.");
  CHECK(outcome("length([for i in range(600) : -1e-999999])") ==
        "Evaluation too large: This expression builds more than 512 MiB of strings and collections, the limit for one "
        "evaluation.");
  // Numbers within float64's range weigh what they did.
  CHECK(outcome("length([for i in range(1024) : [for j in range(1024) : 1e300]])") == "1024");
}

TEST_CASE("values built outside an evaluation are not counted, and each evaluation starts afresh") {
  std::vector<hcl::cty::Value> many(5'000'000, hcl::cty::Value::boolean(true));
  CHECK(hcl::cty::Value::tuple(std::move(many)).length() == 5'000'000);
  for (int i = 0; i < 3; ++i) CHECK(outcome("length([for a in range(1000) : [for b in range(1000) : b]])") == "1000");
}

TEST_CASE("custom limits") {
  hcl::cty::EvalLimits limits;
  limits.max_values = 10;
  hcl::cty::EvalBudget budget(limits);
  REQUIRE(budget.owner());
  CHECK_NOTHROW(hcl::cty::charge_values(10));
  // Outside an evaluation a charge counts but does not throw (the library never throws out).
  CHECK_NOTHROW(hcl::cty::charge_values(1));
  {
    hcl::cty::EvaluationInProgress evaluation;
    CHECK(evaluation.outermost());
    CHECK_THROWS_AS(hcl::cty::charge_values(1), hcl::cty::BudgetExceeded);
  }
  hcl::cty::EvalBudget nested;
  CHECK(!nested.owner());
}

TEST_CASE("a value's weight counts shared storage at every use, so sharing cannot multiply past the budget") {
  // Each level holds ten references to the one below: 10^9 strings written out, a few hundred
  // values actually stored.
  auto bomb = [](char last) {
    std::string doc = "a: &a [x,x,x,x,x,x,x,x,x,x]\\n";
    for (char c = 'b'; c <= last; ++c) {
      std::string ref = std::string("*") + char(c - 1);
      doc += std::string(1, c) + ": &" + c + " [" + ref;
      for (int i = 1; i < 10; ++i) doc += "," + ref;
      doc += "]\\n";
    }
    return "yamldecode(\"" + doc + "\")";
  };
  CHECK(outcome("length(" + bomb('i') + ".i)")
            .rfind("Evaluation too large: This expression builds more than 512 MiB", 0) == 0);
  CHECK(outcome("length(" + bomb('c') + ".c)") == "10");
  // The same through a for expression's shared element.
  CHECK(outcome("length([for a in range(1000) : [for b in range(1000) : [for c in range(100) : \"xxxxxxxx\"]]])")
            .rfind("Evaluation too large", 0) == 0);
  hcl::cty::Value s = hcl::cty::Value::string("abc");
  hcl::cty::Value t = hcl::cty::Value::tuple({s, s, s});
  CHECK(t.weight() == hcl::cty::Value::kBaseWeight + 3 * (hcl::cty::Value::kBaseWeight + 3));
}

TEST_CASE("functions whose result outgrows their arguments are charged before they build it") {
  // Under a 16 MiB budget, so that what is built before the limit stops it stays small.
  hcl::cty::EvalLimits limits;
  limits.max_bytes = uint64_t{16} << 20;
  auto within = [&](const std::string& expr) { return outcome(expr, limits); };
  const std::string memory = "Evaluation too large: This expression builds more than 16 MiB";
  CHECK(within("length(replace(format(\"%0100000d\", 0), \"0\", format(\"%0100000d\", 0)))").rfind(memory, 0) == 0);
  CHECK(within("length(replace(format(\"%0100000d\", 0), \"/0/\", format(\"%0100000d\", 0)))").rfind(memory, 0) == 0);
  CHECK(within("length(indent(1000000, join(\"\\n\", range(1000))))").rfind(memory, 0) == 0);
  CHECK(within("length(format(\"%1000000s%1000000s\", \"\", \"\"))") == "2000000");
  // A template repeating one large string.
  CHECK(
      within(
          "length([for s in [format(\"%1000000s\", \"\")] : \"${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}\"])")
          .rfind(memory, 0) == 0);
  // The number of rows saturates instead of wrapping (seven range(1024) made 2^70, read as 0).
  CHECK(
      outcome(
          "length(setproduct(range(1024), range(1024), range(1024), range(1024), range(1024), range(1024), range(1024)))")
          .rfind("Evaluation too large: This expression builds more than 4000000 values", 0) == 0);
  CHECK(outcome("length(setproduct(range(1000), range(1000), range(1000)))").rfind("Evaluation too large", 0) == 0);
  CHECK(outcome("length(setproduct(range(100), range(100)))") == "10000");
}
