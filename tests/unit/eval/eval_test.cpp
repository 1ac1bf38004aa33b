// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>

#include "cty/json_encoding.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "funcs/library.h"
#include "syntax/parser.h"

using hcl::cty::Type;
using hcl::cty::Value;

namespace {

const hcl::cty::FunctionTable& functions() {
  static const hcl::cty::FunctionTable table = hcl::funcs::standard_functions();
  return table;
}

hcl::eval::Scope scope_with(const char* vars_json) {
  hcl::eval::Scope scope(&functions());
  auto v = hcl::cty::json_to_value(vars_json);
  REQUIRE(v);
  for (const auto& [k, e] : v->attributes()) scope.set(k, e);
  return scope;
}

// The oracle document of an expression.
std::string doc(const std::string& expr, const char* vars = R"({"xs": [3, 1, 2], "n": 3, "name": "web"})") {
  return hcl::eval::oracle_document(hcl::eval::run(expr, scope_with(vars), {}));
}

// "summary @ line:col-col" of each diagnostic, or the value's JSON.
std::string brief(const std::string& expr, const char* vars = R"({"xs": [3, 1, 2], "n": 3, "name": "web"})") {
  auto r = hcl::eval::run(expr, scope_with(vars), {});
  if (r.value) return *hcl::cty::value_to_json(*r.value);
  std::string out;
  for (const auto& d : r.diagnostics) {
    if (!out.empty()) out += "; ";
    out += d.summary;
    if (d.subject) out += " @ " + std::to_string(d.subject->start.column) + "-" + std::to_string(d.subject->end.column);
  }
  return out;
}

// The value (or "?type" for unknowns) with some variables unknown.
std::string with_unknowns(const std::string& expr) {
  hcl::eval::Scope scope(&functions());
  scope.set("u", Value::unknown(Type::number()));
  scope.set("us", Value::unknown(Type::string()));
  scope.set("ul", Value::unknown(Type::list(Type::string())));
  scope.set("uo", Value::unknown(Type::object({{"a", Type::number()}})));
  scope.set("ub", Value::unknown(Type::boolean()));
  scope.set("d", Value::dynamic());
  scope.set("k", Value::number(1));
  hcl::eval::RunOptions o;
  o.require_json = false;
  auto r = hcl::eval::run(expr, scope, o);
  if (!r.value) return "error: " + (r.diagnostics.empty() ? std::string() : r.diagnostics[0].summary);
  if (!r.value->is_known()) return "?" + hcl::cty::type_to_json(r.value->type());
  auto j = hcl::cty::value_to_json(*r.value);
  return j ? *j + ":" + hcl::cty::type_to_json(r.value->type())
           : "partly unknown " + hcl::cty::type_to_json(r.value->type());
}

}  // namespace

TEST_CASE("literals, tuples, objects") {
  CHECK(doc("1.50") == R"({"value":1.5,"type":"number"})");
  CHECK(doc("[1, \"a\", true, null]") ==
        R"({"value":[1,"a",true,null],"type":["tuple",["number","string","bool","dynamic"]]})");
  CHECK(brief("{b = 1, a = 2, \"c d\" = 3}") == R"({"a":2,"b":1,"c d":3})");
  CHECK(brief("{true = 1, null = 2, 1 = 3}") == R"({"1":3,"null":2,"true":1})");
  CHECK(brief("{(name) = 1}") == R"({"web":1})");
  CHECK(brief("{a = 1, a = 2}") == R"({"a":2})");
  CHECK(brief("{a.b = 1}") == "Ambiguous attribute key @ 2-5");
  CHECK(brief("{(null) = 1}") == "Null value as key @ 11-12");
  CHECK(brief("{([1]) = 1}") == "Incorrect key type @ 2-7");
}

TEST_CASE("templates") {
  CHECK(brief(R"("n=${n}, ${name}!")") == R"("n=3, web!")");
  CHECK(doc(R"("${n}")") == R"({"value":3,"type":"number"})");
  CHECK(brief(R"("a ${~ "b" ~} c")") == R"("abc")");
  CHECK(brief(R"("%{ if n > 2 }many%{ else }few%{ endif }")") == R"("many")");
  CHECK(brief(R"("%{ for i, x in xs }${i}${x},%{ endfor }")") == R"("03,11,22,")");
  CHECK(brief("<<-EOT\n    a\n      b\n    EOT\n") == R"("a\n  b\n")");
  CHECK(brief(R"("a${null}")") == "Invalid template interpolation value @ 5-9");
  CHECK(brief(R"("%{ for x in [null] }${x}%{ endfor }")") == "Invalid template interpolation value @ 24-25");
  CHECK(brief(R"("%{ if 1 }a%{ endif }")") == "Incorrect condition type @ 8-9");
}

TEST_CASE("for expressions") {
  CHECK(brief("[for i, x in xs : i * x]") == "[0,1,4]");
  CHECK(brief("{for x in xs : x => x if x > 1}") == R"({"2":2,"3":3})");
  CHECK(brief("{for x in [\"a\", \"b\", \"a\"] : x => x...}") == R"({"a":["a","a"],"b":["b"]})");
  CHECK(brief("{for x in [\"a\", \"a\"] : x => 1}") == "Duplicate object key @ 24-25");
  CHECK(brief("[for x in 5 : x]") == "Iteration over non-iterable value @ 11-12");
  CHECK(brief("[for x in xs : x if x]") == "Invalid 'for' condition @ 21-22");
  CHECK(brief("[for x in null : x]") == "Iteration over null value @ 11-15");
  CHECK(brief("[for x in xs : x if null]") == "Condition is null @ 21-25");
  CHECK(brief("{for x in xs : null => x}") == "Invalid object key @ 16-20");
  CHECK(brief("[for k, v in {b = 1, a = 2} : k]") == R"(["a","b"])");
}

TEST_CASE("literals read once per evaluation keep their own values, more of them than are remembered") {
  CHECK(brief("[for x in xs : x * 2 if x % 3 != 0]") == "[2,4]");
  // More literals than the evaluator remembers (16): ones that share a slot are read again.
  CHECK(brief("[for x in [1, 2] : [x, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17.5, true, false, "
              "null, 18446744073709551616]]") ==
        "[[1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17.5,true,false,null,18446744073709551616],"
        "[2,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17.5,true,false,null,18446744073709551616]]");
  CHECK(brief("[for x in [1, 2, 3] : 0.1 + x]") == "[1.1,2.1,3.1]");
}

TEST_CASE("splats") {
  const char* vars = R"({"s": [{"a": 1}, {"a": 2}], "m": null, "o": {"a": 5}})";
  CHECK(brief("s[*].a", vars) == "[1,2]");
  CHECK(brief("s.*.a", vars) == "[1,2]");
  CHECK(brief("m[*]", vars) == "[]");
  CHECK(brief("o[*].a", vars) == "[5]");
  CHECK(brief("s[*].b", vars) == "Unsupported attribute @ 5-7; Unsupported attribute @ 5-7");
  CHECK(doc("tolist([])[*]") == R"({"value":[],"type":["list","dynamic"]})");
}

TEST_CASE("index and attribute access, with their ranges") {
  CHECK(brief("xs[3]") == "Invalid index @ 3-6");
  CHECK(brief("xs[-1]") == "Invalid index @ 3-7");
  CHECK(brief("xs.1") == "1");
  CHECK(brief("name.x") == "Unsupported attribute @ 5-7");
  CHECK(brief("nosuch.a.b") == "Unknown variable @ 1-7");
  CHECK(brief("(1 + \"a\").x") == "Invalid operand @ 6-9; Unsupported attribute @ 10-12");
  CHECK(brief("xs[\"a\"]") == "Invalid index @ 3-8");
  CHECK(brief("{a = 1}[\"b\"]") == "Invalid index @ 8-13");
  CHECK(brief("toset(xs)[0]") == "Invalid index @ 10-13");
  CHECK(brief("xs[3] ") == "Invalid index @ 3-6");
}

TEST_CASE("conditionals") {
  CHECK(doc("false ? {a = 1} : {b = 2}") == R"({"value":{"b":2},"type":["map","number"]})");
  CHECK(brief("true ? 1 : [1]") == "Inconsistent conditional result types @ 8-15");
  CHECK(brief("true ? 1 : nosuch") == "1");  // only the chosen result's errors count
  CHECK(brief("false ? nosuch : 2") == "2");
  CHECK(brief("null ? 1 : 2") == "Null condition @ 1-5");
  CHECK(doc("true ? null : 1") == R"({"value":null,"type":"number"})");
}

TEST_CASE("operators and their errors") {
  CHECK(brief("(1 + 2) * 3 - 4 / 2 % 3") == "7");
  CHECK(brief("\"5\" + 1") == "6");
  CHECK(brief("1 == \"1\"") == "false");
  CHECK(brief("\"a\" + 1") == "Invalid operand @ 1-4");
  CHECK(brief("null + 1") == "Operation failed @ 1-9");
  CHECK(brief("0 / 0") == "Operation failed @ 1-6");
  CHECK(brief("1 / 0") == "Result has no JSON form @ 1-6");
  CHECK(brief("!1") == "Invalid operand @ 2-3");
  // HCL 2.24's short-circuit: the side that decides keeps its diagnostics, the other's are dropped.
  CHECK(brief("true || nosuch") == "true");
  CHECK(brief("false && nosuch") == "false");
  CHECK(brief("nosuch && false") == "false");
  CHECK(brief("true && nosuch") == "Unknown variable @ 9-15");
  CHECK(brief("true || (1 + \"a\")") == "Invalid operand @ 9-18; Invalid operand @ 14-17");
  CHECK(brief("# c\n1 +\n  2 // d\n") == "3");
}

TEST_CASE("function calls") {
  CHECK(brief("max(xs...)") == "3");
  CHECK(brief("upper()") == "Not enough function arguments @ 7-8");
  CHECK(brief("upper(1, 2)") == "Too many function arguments @ 10-11");
  CHECK(brief("length(5)") == "Error in function call @ 1-8");
  CHECK(brief("upper([1])") == "Invalid function argument @ 7-8");
  CHECK(brief("upper(null)") == "Invalid function argument @ 7-11");
  CHECK(brief("uppr(1)") == "Call to unknown function @ 1-5");
  CHECK(brief("max(5...)") == "Invalid expanding argument value @ 5-6");
  CHECK(brief("try(nosuch, 2)") == "2");
  CHECK(brief("can(xs[9])") == "false");
  CHECK(brief("convert([1], list(string))") == R"(["1"])");
  CHECK(brief("convert(1, nope)") == "Invalid type specification @ 12-16");
  CHECK(brief("tomap({a = 1, b = [1]})") == "Invalid function argument @ 7-8");
  auto r = hcl::eval::run("try(nosuch)", scope_with("{}"), {});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].detail ==
        "Call to function \"try\" failed: no expression succeeded:\n- Unknown variable (at <expr>:1,5-11)\n  There is "
        "no variable named \"nosuch\".\n\nAt least one expression must produce a successful result.");
}

TEST_CASE("no variables or functions allowed") {
  hcl::eval::Scope none = hcl::eval::Scope::no_variables();
  auto r = hcl::eval::run("a", none, {});
  REQUIRE(!r.value);
  CHECK(r.diagnostics[0].summary == "Variables not allowed");
  r = hcl::eval::run("upper(\"a\")", none, {});
  CHECK(r.diagnostics[0].summary == "Function calls not allowed");
}

TEST_CASE("unknown values propagate as cty propagates them") {
  CHECK(with_unknowns("u + 1") == R"(?"number")");
  CHECK(with_unknowns("u == 1") == R"(?"bool")");
  CHECK(with_unknowns("us == 1") == "false:\"bool\"");
  CHECK(with_unknowns("!ub") == R"(?"bool")");
  CHECK(with_unknowns("-u") == R"(?"number")");
  CHECK(with_unknowns("\"a${us}\"") == R"(?"string")");
  CHECK(with_unknowns("\"${us}\"") == R"(?"string")");
  CHECK(with_unknowns("[for x in ul : x]") == R"(?"dynamic")");
  CHECK(with_unknowns("ub ? 1 : 2") == R"(?"number")");
  // HCL 2.24: && and || decide around an unknown where the known side settles the result, and
  // an unknown condition between two nulls is still null.
  CHECK(with_unknowns("ub && false") == "false:\"bool\"");
  CHECK(with_unknowns("true || ub") == "true:\"bool\"");
  CHECK(with_unknowns("ub && true") == R"(?"bool")");
  CHECK(with_unknowns("ub || nosuch") == R"(?"bool")");  // both unknown: the left decides
  CHECK(with_unknowns("nosuch || ub") == "error: Unknown variable");
  CHECK(with_unknowns("ub ? null : null") == "null:\"dynamic\"");
  CHECK(with_unknowns("ub ? 1 : \"a\"") == R"(?"string")");
  CHECK(with_unknowns("ul[*]") == R"(?["list","string"])");
  CHECK(with_unknowns("ul[0]") == R"(?"string")");
  CHECK(with_unknowns("d.a.b") == R"(?"dynamic")");
  CHECK(with_unknowns("d[0]") == R"(?"dynamic")");
  CHECK(with_unknowns("upper(us)") == R"(?"string")");
  CHECK(with_unknowns("length(ul)") == R"(?"number")");
  CHECK(with_unknowns("length(d)") == R"(?"number")");
  CHECK(with_unknowns("max(u, 1)") == R"(?"number")");
  CHECK(with_unknowns("try(u, 1)") == R"(?"dynamic")");
  CHECK(with_unknowns("can(u)") == R"(?"bool")");
  CHECK(with_unknowns("can(k)") == "true:\"bool\"");
  // HCL 2.17.1: an expression over unknowns that fails anyway is a failure, not an unknown.
  CHECK(with_unknowns("can(u.x)") == "false:\"bool\"");
  CHECK(with_unknowns("try(us.x, \"d\")") == "\"d\":\"string\"");
  CHECK(with_unknowns("try(k, u)") == "1:\"number\"");
  CHECK(with_unknowns("try([k, u], 1)") == R"(?"dynamic")");
  // ... and one whose value is known although it reads unknowns is a success.
  CHECK(with_unknowns("try(ub || true, 1)") == "true:\"bool\"");
  CHECK(with_unknowns("can(ub && false)") == "true:\"bool\"");
  // HCL 2.24: indexing an unknown object checks the key against its type.
  CHECK(with_unknowns("uo[\"a\"]") == R"(?"number")");
  CHECK(with_unknowns("uo[\"b\"]") == "error: Invalid index");
  CHECK(with_unknowns("tostring(u)") == R"(?"string")");
  CHECK(with_unknowns("[u, 1]") == "partly unknown [\"tuple\",[\"number\",\"number\"]]");
  CHECK(with_unknowns("{(us) = 1}") == R"(?"dynamic")");
  CHECK(with_unknowns("{for x in [1] : us => x}") == R"(?"dynamic")");
  CHECK(with_unknowns("[for x in [1, 2] : x if ub]") == R"(?"dynamic")");
  CHECK(with_unknowns("max(d...)") == R"(?"dynamic")");
  CHECK(with_unknowns("u > 1 && true") == R"(?"bool")");
  CHECK(with_unknowns("convert(u, string)") == R"(?"string")");
}

TEST_CASE("closest_name picks deterministically") {
  CHECK(hcl::eval::closest_name("nme", {"n", "name"}) == "name");
  CHECK(hcl::eval::closest_name("abc", {"abx", "abd"}) == "abd");
  CHECK(hcl::eval::closest_name("zzzz", {"n"}) == "");
}
