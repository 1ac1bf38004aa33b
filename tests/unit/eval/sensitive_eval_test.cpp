// SPDX-License-Identifier: Apache-2.0
// How the evaluator and the sensitivity functions carry marks (Terraform 1.11's answers; the
// differential in tests/tools/sensitive_diff.py checks many more).
#include <doctest/doctest.h>

#include <string>

#include "cty/print.h"
#include "eval/run_expression.h"
#include "funcs/library.h"

using hcl::cty::Type;
using hcl::cty::Value;

namespace {

// The result printed as `hcl eval --format hcl` prints it, sensitive parts hidden; or the first
// error's summary. Variables: `secret` is a sensitive string, `unknown` an unknown bool.
std::string hidden(const std::string& expr) {
  static const hcl::cty::FunctionTable functions = hcl::funcs::standard_functions();
  hcl::eval::Scope scope(&functions);
  scope.set("secret", Value::string("hunter2").mark_sensitive());
  scope.set("unknown", Value::unknown(Type::boolean()));
  hcl::eval::RunOptions options;
  options.require_json = false;
  auto r = hcl::eval::run(expr, scope, options);
  if (!r.value) return r.diagnostics.empty() ? "error" : "error: " + r.diagnostics[0].summary;
  return hcl::cty::value_to_hcl(*r.value);
}

const std::string S = "(sensitive value)";

}  // namespace

TEST_CASE("the sensitivity functions look at the value's own mark") {
  CHECK(hidden("sensitive(1)") == S);
  CHECK(hidden("nonsensitive(sensitive(1))") == "1");
  CHECK(hidden("nonsensitive(1)") == "1");  // Terraform 1.8 and later: no error
  CHECK(hidden("nonsensitive([sensitive(1)])") == "[" + S + "]");
  CHECK(hidden("issensitive(sensitive(null))") == "true");
  CHECK(hidden("issensitive([sensitive(1)])") == "false");
  CHECK(hidden("issensitive(secret)") == "true");
  CHECK(hidden("issensitive(unknown)") == "(unknown)");
  CHECK(hidden("issensitive(sensitive(unknown))") == "true");
  CHECK(hidden("sensitive()") == "error: Not enough function arguments");
}

TEST_CASE("operators, conditionals and templates mark their results") {
  CHECK(hidden("sensitive(1) + 1") == S);
  CHECK(hidden("1 < sensitive(2)") == S);
  CHECK(hidden("true || sensitive(false)") == S);
  CHECK(hidden("-sensitive(1)") == S);
  CHECK(hidden("!sensitive(true)") == S);
  CHECK(hidden("[sensitive(1)] == [1]") == S);  // == sees marks inside collections
  CHECK(hidden("[1] == [1]") == "true");
  CHECK(hidden("sensitive(true) ? 1 : 2") == S);
  CHECK(hidden("false ? sensitive(1) : 2") == S);  // either result's mark, whichever is taken
  CHECK(hidden("true ? [sensitive(1)] : [2]") == "[" + S + "]");
  CHECK(hidden("unknown ? secret : \"b\"") == S);
  CHECK(hidden("\"user:${secret}\"") == S);
  CHECK(hidden("\"%{if sensitive(true)}y%{endif}\"") == S);
  CHECK(hidden("\"%{for x in [secret]}${x}%{endfor}\"") == S);
  CHECK(hidden("\"plain\"") == "\"plain\"");
}

TEST_CASE("for expressions, splats and indexing") {
  CHECK(hidden("[for x in sensitive([1, 2]) : x]") == S);
  CHECK(hidden("[for x in [sensitive(1), 2] : x]") == "[" + S + ", 2]");
  CHECK(hidden("[for x in [1, 2] : x if sensitive(true)]") == S);
  CHECK(hidden("{for k, v in {a = 1} : sensitive(k) => v}") == S);
  CHECK(hidden("sensitive([{a = 1}])[*].a") == S);
  CHECK(hidden("[{a = sensitive(1)}, {a = 2}][*].a") == "[" + S + ", 2]");
  CHECK(hidden("sensitive([1, 2])[0]") == S);
  CHECK(hidden("[sensitive(1), 2][1]") == "2");
  CHECK(hidden("[1, 2][sensitive(0)]") == S);
  CHECK(hidden("{a = 1}[sensitive(\"a\")]") == "1");  // an object's attribute: the key's mark is dropped
  CHECK(hidden("sensitive({a = 1}).a") == S);
  CHECK(hidden("{(sensitive(\"k\")) = 1}") == S);
  CHECK(hidden("max(sensitive([1, 2])...)") == S);
}

TEST_CASE("function calls: marks removed, the result marked, unless the function keeps them") {
  CHECK(hidden("upper(secret)") == S);
  CHECK(hidden("jsonencode({a = sensitive(1)})") == S);
  CHECK(hidden("length([sensitive(1), 2])") == "2");
  CHECK(hidden("length(sensitive([1, 2]))") == S);
  CHECK(hidden("keys({a = sensitive(1)})") == "[\"a\"]");
  CHECK(hidden("concat([sensitive(1)], [2])") == "[" + S + ", 2]");
  CHECK(hidden("slice([sensitive(1), 2, 3], 1, 3)") == "[2, 3]");
  CHECK(hidden("element([sensitive(1), 2], 1)") == "2");
  CHECK(hidden("tolist([sensitive(1), 2])") == "[" + S + ", 2]");
  CHECK(hidden("toset([sensitive(\"a\")])") == S);
  CHECK(hidden("distinct([sensitive(1), 2])") == S);
  CHECK(hidden("try(sensitive(1), 2)") == S);
  CHECK(hidden("can(sensitive(1))") == "true");
}

TEST_CASE("JSON output names where the marks are") {
  CHECK_FALSE(hcl::eval::sensitive_json_error(Value::number(1)));
  auto e = hcl::eval::sensitive_json_error(
      Value::object({{"user", Value::string("u")}, {"password", Value::string("p").mark_sensitive()}}));
  REQUIRE(e);
  CHECK(e->summary == "Sensitive value in JSON output");
  CHECK(e->detail.find("result.password") != std::string::npos);
  CHECK(e->detail.find("\"p\"") == std::string::npos);
  auto whole = hcl::eval::sensitive_json_error(Value::list({Value::number(1)}).mark_sensitive());
  REQUIRE(whole);
  CHECK(whole->detail.find("the result itself") != std::string::npos);
  CHECK(hcl::cty::path_to_hcl({Value::string("a b"), Value::number(0), Value::string("c")}) == "[\"a b\"][0].c");
}
