// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>

#include "cty/convert.h"
#include "cty/json_encoding.h"
#include "short_values.h"

using hcl::cty::Type;
using hcl::cty::Value;

namespace {

using hcl::cty::testing::n;
using hcl::cty::testing::s;
const Type S = Type::string();
const Type N = Type::number();
const Type B = Type::boolean();
const Type D = Type::dynamic();

// "json : type" of a successful conversion, or "error: message".
std::string conv(const Value& v, const Type& t) {
  auto r = hcl::cty::convert(v, t);
  if (!r) return "error: " + r.error();
  auto j = hcl::cty::value_to_json(*r);
  return (j ? *j : "?") + " : " + hcl::cty::type_to_json(r->type());
}

std::string unified(std::vector<Type> ts, bool unsafe = true) {
  auto u = hcl::cty::unify(ts, unsafe);
  return u.type ? hcl::cty::type_to_json(*u.type) : "none";
}

}  // namespace

TEST_CASE("primitive conversions: which exist and which fail") {
  CHECK(conv(n(5), S) == R"("5" : "string")");
  CHECK(conv(Value::boolean(true), S) == R"("true" : "string")");
  CHECK(conv(s("5"), N) == R"(5 : "number")");
  CHECK(conv(s("x"), N) == "error: a number is required");
  CHECK(conv(s("1"), B) == R"(true : "bool")");
  CHECK(conv(s("0"), B) == R"(false : "bool")");
  CHECK(conv(s("True"), B) == "error: a bool is required; to convert from string, use lowercase \"true\"");
  CHECK(conv(s("FALSE"), B) == "error: a bool is required; to convert from string, use lowercase \"false\"");
  CHECK(conv(s("yes"), B) == "error: a bool is required");
  CHECK(conv(n(1), B) == "error: bool required, but have number");
  CHECK(conv(Value::boolean(true), N) == "error: number required, but have bool");
  CHECK(conv(Value::null(), S) == R"(null : "string")");
  CHECK(conv(Value::unknown(), S) == "? : \"string\"");
  CHECK(!hcl::cty::can_convert(S, S, true));  // as cty: no conversion to the same primitive type
  CHECK(hcl::cty::can_convert(N, S, false));
  CHECK(!hcl::cty::can_convert(S, N, false));
  CHECK(hcl::cty::can_convert(S, N, true));
}

TEST_CASE("structural and collection conversions") {
  Value tup = Value::tuple({n(1), s("a")});
  CHECK(conv(tup, Type::list(S)) == R"(["1","a"] : ["list","string"])");
  CHECK(conv(tup, Type::list(D)) == R"(["1","a"] : ["list","string"])");
  CHECK(conv(tup, Type::list(N)) == "error: a number is required");
  CHECK(conv(tup, Type::set(S)) == R"(["1","a"] : ["set","string"])");
  CHECK(conv(tup, Type::tuple({S, S})) == R"(["1","a"] : ["tuple",["string","string"]])");
  CHECK(conv(tup, Type::tuple({S})) == "error: tuple required");
  CHECK(conv(Value::tuple({n(1), Value::tuple({})}), Type::list(D)) ==
        "error: all list elements must have the same type");
  Value obj = Value::object({{"a", n(1)}, {"b", s("x")}});
  CHECK(conv(obj, Type::map(S)) == R"({"a":"1","b":"x"} : ["map","string"])");
  CHECK(conv(obj, Type::object({{"a", S}})) == R"({"a":"1"} : ["object",{"a":"string"}])");
  CHECK(conv(obj, Type::object({{"c", S}})) == "error: attribute \"c\" is required");
  CHECK(conv(obj, Type::object({{"c", S}, {"d", S}})) == "error: attributes \"c\" and \"d\" are required");
  CHECK(conv(obj, Type::object({{"c", S}, {"d", S}, {"e", S}})) ==
        "error: attributes \"c\", \"d\", and \"e\" are required");
  CHECK(conv(obj, Type::object({{"a", S}, {"c", N}}, {"c"})) ==
        R"({"a":"1","c":null} : ["object",{"a":"string","c":"number"}])");
  CHECK(conv(obj, Type::object({{"a", Type::list(S)}})) ==
        "error: attribute \"a\": list of string required, but have number");
  CHECK(conv(Value::map({{"a", s("1")}}), Type::object({{"a", N}})) == R"({"a":1} : ["object",{"a":"number"}])");
  CHECK(conv(Value::map({{"a", s("1")}}), Type::object({{"a", N}, {"b", N}})) ==
        "error: map has no element for required attribute \"b\"");
  CHECK(conv(Value::list({s("b"), s("a")}), Type::set(S)) == R"(["a","b"] : ["set","string"])");
  CHECK(conv(Value::empty_list(S), Type::list(N)) == R"([] : ["list","number"])");
  CHECK(conv(n(1), Type::list(S)) == "error: list of string required, but have number");
  CHECK(conv(Value::list({n(1)}), Type::map(N)) == "error: map of number required");
  CHECK(conv(Value::list({s("x")}), Type::list(N)) == "error: a number is required");
  CHECK(conv(Value::list({n(1)}), Type::set(B)) == "error: incorrect set element type: bool required, but have number");
  CHECK(conv(Value::tuple({n(1), Value::list({n(1)})}), Type::list(S)) ==
        "error: element 1: string required, but have list of number");
}

TEST_CASE("unification, for conditionals and collections") {
  CHECK(unified({N, S}) == "\"string\"");
  CHECK(unified({N, B}) == "none");
  CHECK(unified({S, B}) == "\"string\"");
  CHECK(unified({N, S}, false) == "\"string\"");
  CHECK(unified({Type::object({{"a", N}}), Type::object({{"b", N}})}) == R"(["map","number"])");
  CHECK(unified({Type::object({{"a", N}}), Type::object({{"a", S}})}) == R"(["object",{"a":"string"}])");
  CHECK(unified({Type::tuple({N}), Type::tuple({S})}) == R"(["tuple",["string"]])");
  CHECK(unified({Type::tuple({N}), Type::tuple({N, N})}) == R"(["list","number"])");
  CHECK(unified({Type::list(N), Type::list(S)}) == R"(["list","string"])");
  CHECK(unified({Type::list(N), Type::tuple({S})}) == R"(["list","string"])");
  CHECK(unified({Type::object({{"a", N}}), Type::tuple({})}) == "none");
  CHECK(unified({N, D}) == "\"number\"");  // dynamic converts to anything, unsafely
  CHECK(unified({}) == "none");
}

TEST_CASE("mismatch messages") {
  using hcl::cty::mismatch_message;
  CHECK(mismatch_message(N, Type::list(S)) == "list of string required, but have number");
  CHECK(mismatch_message(Type::list(N), Type::list(B)) ==
        "incorrect list element type: bool required, but have number");
  CHECK(mismatch_message(Type::tuple({N}), Type::list(D)) == "all list elements must have the same type");
  CHECK(mismatch_message(Type::object({}), Type::map(D)) == "all map elements must have the same type");
  CHECK(mismatch_message(Type::object({{"a", N}}), Type::object({{"a", B}})) ==
        "attribute \"a\": bool required, but have number");
  CHECK(mismatch_message(Type::object({{"a", Type::tuple({})}}), Type::map(N)) ==
        "element \"a\": number required, but have tuple");
  // cty 1.16.3 names the found type except where that misleads (string to number or bool).
  CHECK(mismatch_message(S, N) == "number required");
  CHECK(mismatch_message(N, Type::set(Type::list(D))) == "set of list of dynamic required, but have number");
  CHECK(mismatch_message(Type::tuple({}), Type::object({})) == "object required, but have tuple");
  CHECK(mismatch_message(D, Type::list(D)) == "list of any single type required");
}
