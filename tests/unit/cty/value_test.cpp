// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cty/convert.h"
#include "cty/json_encoding.h"
#include "cty/value.h"
#include "short_values.h"

using hcl::cty::Type;
using hcl::cty::Value;

namespace {

using hcl::cty::testing::n;
using hcl::cty::testing::s;

std::string js(const Value& v) {
  auto j = hcl::cty::value_to_json(v);
  return j ? *j : "ERROR: " + j.error();
}

}  // namespace

TEST_CASE("sets of primitives order by value, nulls last") {
  CHECK(js(Value::set({s("b"), s("a"), s("c"), s("a")})) == R"(["a","b","c"])");
  CHECK(js(Value::set({n(10), n(9), n(100), n(-1)})) == "[-1,9,10,100]");
  CHECK(js(Value::set({Value::boolean(true), Value::boolean(false)})) == "[false,true]");
  CHECK(js(Value::set({Value::null(Type::string()), s("a")})) == R"(["a",null])");
  CHECK(Value::set({n(1), Value::number(*hcl::cty::Number::parse("1.0"))}).length() == 1);
}

TEST_CASE("sets of structures order by their hash text") {
  auto obj = [](int64_t a) { return Value::object({{"a", n(a)}}); };
  CHECK(js(Value::set({obj(2), obj(10), obj(1)})) == R"([{"a":10},{"a":1},{"a":2}])");
  CHECK(js(Value::set({Value::list({n(2)}), Value::list({n(1)}), Value::list({n(1)})})) == "[[1],[2]]");
  CHECK(hcl::cty::set_hash_text(Value::object({{"b", s("x")}, {"a", n(1)}})) == R"(<1;"x";>)");
  CHECK(hcl::cty::set_hash_text(Value::map({{"k", n(1)}})) == R"({"k":1;})");
  CHECK(hcl::cty::set_hash_text(Value::tuple({Value::null(), Value::unknown()})) == "<~;?;>");
  CHECK(hcl::cty::set_hash_text(n(123456789012)) == "1.23456789e+11");
}

TEST_CASE("objects and maps keep keys sorted bytewise, NFC-normalised, last value wins") {
  Value o = Value::object({{"b", n(1)}, {"a", n(2)}, {"B", n(3)}, {"e\xcc\x81", n(4)}});
  CHECK(js(o) == R"({"B":3,"a":2,"b":1,"é":4})");
  CHECK(js(Value::object({{"a", n(1)}, {"a", n(2)}})) == R"({"a":2})");
  CHECK(js(Value::map({{"z", s("1")}, {"y", s("2")}})) == R"({"y":"2","z":"1"})");
  CHECK(o.get("a")->as_number().to_string() == "2");
  CHECK(o.get("c") == nullptr);
}

TEST_CASE("strings are NFC") {
  CHECK(Value::string("e\xcc\x81").as_string() == "\xc3\xa9");
  CHECK(Value::string("\xc3\xa9").equals(Value::string("e\xcc\x81")).is_true());
}

TEST_CASE("equality follows cty, with unknowns") {
  CHECK(n(1).equals(n(1)).is_true());
  CHECK(!n(1).equals(s("1")).is_true());
  CHECK(Value::null().equals(Value::null()).is_true());
  CHECK(!Value::null().equals(n(1)).is_true());
  CHECK(!n(1).equals(Value::unknown(Type::number())).is_known());
  CHECK(!n(1).equals(Value::unknown(Type::string())).as_bool());
  CHECK(!Value::dynamic().equals(n(1)).is_known());
  CHECK(Value::list({n(1)}).equals(Value::list({n(1)})).is_true());
  CHECK(!Value::list({n(1)}).equals(Value::list({n(1), n(2)})).as_bool());
  CHECK(!Value::tuple({n(1), Value::unknown(Type::number())}).equals(Value::tuple({n(1), n(2)})).is_known());
  CHECK(Value::set({n(2), n(1)}).equals(Value::set({n(1), n(2)})).is_true());
  CHECK(Value::object({{"a", n(1)}}).raw_equals(Value::object({{"a", n(1)}})));
  CHECK(!Value::unknown(Type::number()).raw_equals(n(1)));
}

TEST_CASE("wholly known and go strings") {
  CHECK(Value::list({n(1)}).is_wholly_known());
  CHECK(!Value::tuple({Value::unknown()}).is_wholly_known());
  CHECK(Value::null().is_wholly_known());
  CHECK(Value::dynamic().go_string() == "cty.DynamicVal");
  CHECK(Value::null(Type::string()).go_string() == "cty.NullVal(cty.String)");
  CHECK(Value::number(hcl::cty::Number::infinity(false)).go_string() == "cty.NumberFloatVal(+Inf)");
  CHECK(n(5).go_string() == "cty.NumberIntVal(5)");
  CHECK(Value::tuple({s("a")}).go_string() == R"(cty.TupleVal([]cty.Value{cty.StringVal("a")}))");
  CHECK(Value::object({{"a", n(1)}}).go_string() == R"(cty.ObjectVal(map[string]cty.Value{"a":cty.NumberIntVal(1)}))");
  CHECK(Value::empty_list(Type::string()).go_string() == "cty.ListValEmpty(cty.String)");
}

TEST_CASE("types: names, equality, JSON") {
  Type obj = Type::object({{"b", Type::string()}, {"a", Type::list(Type::number())}}, {"b"});
  CHECK(obj.attributes()[0].name == "a");
  CHECK(obj.attribute("b")->optional);
  CHECK(obj != obj.without_optional_attributes_deep());
  CHECK(Type::list(Type::dynamic()).friendly_name() == "list of dynamic");
  CHECK(Type::list(Type::dynamic()).friendly_name_for_constraint() == "list of any single type");
  CHECK(Type::dynamic().friendly_name_for_constraint() == "any type");
  CHECK(obj.type_string() == "object({a=list(number),b=optional(string)})");
  CHECK(Type::tuple({Type::boolean()}).type_string() == "tuple([bool])");
  CHECK(hcl::cty::type_to_json(Type::map(Type::tuple({}))) == R"(["map",["tuple",[]]])");
  CHECK(hcl::cty::type_to_json(obj) == R"(["object",{"a":["list","number"],"b":"string"},["b"]])");
  CHECK(Type::set(Type::string()).go_string() == "cty.Set(cty.String)");
  CHECK(Type::tuple({Type::string(), Type::number()}).conformance_error(Type::tuple({Type::string()})) ==
        std::optional<std::string>("1 elements are required, but got 2"));
}

TEST_CASE("JSON in and out") {
  auto v = hcl::cty::json_to_value(R"({"b": [1, "x", true, null], "a": 123456789012345678901234567890.5})");
  REQUIRE(v);
  CHECK(js(*v) == R"({"a":123456789012345678901234567890.5,"b":[1,"x",true,null]})");
  CHECK(hcl::cty::type_to_json(v->type()) ==
        R"(["object",{"a":"number","b":["tuple",["number","string","bool","dynamic"]]}])");
  CHECK(!hcl::cty::json_to_value("{"));
  CHECK(!hcl::cty::json_to_value("[1] 2"));
  CHECK(hcl::cty::json_quote("a\"\\\n\t\x01<>&\xe2\x80\xa8") == R"("a\"\\\n\t\u0001<>&\u2028")");
  CHECK(hcl::cty::json_indent(R"({"a":[1,{}],"b":[]})") == "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}");
  CHECK(js(Value::number(hcl::cty::Number::infinity(true))) == "ERROR: cannot serialize infinity as JSON");
  CHECK(js(Value::tuple({Value::unknown()})) == "ERROR: value is not known");
}

TEST_CASE("a value is three words: a type pointer and an inline payload") {
  // Big JSON documents hold millions of values: each byte here is megabytes there.
  CHECK(sizeof(Type) == sizeof(void*));
  CHECK(sizeof(hcl::cty::Number) == 16);
  CHECK(sizeof(Value) == 24);
  // Copies share the payload and keep the inline parts.
  Value a = Value::number(*hcl::cty::Number::parse("2.75"));
  Value b = a;
  CHECK(b.as_number().to_string() == "2.75");
  Value big = Value::number(*hcl::cty::Number::parse("123456789012345678901234.5"));  // an MPFR value
  Value big2 = big;
  big = Value();
  CHECK(big2.as_number().to_string() == "123456789012345678901234.5");
  Value str = s("text");
  Value moved = std::move(str);
  CHECK(moved.as_string() == "text");
  CHECK(str.is_known() == false);  // a moved-from value is cty.DynamicVal
  CHECK(js(Value::tuple({moved, b, big2, Value::empty_list(Type::string())})) ==
        R"(["text",2.75,123456789012345678901234.5,[]])");
}

TEST_CASE("objects of one type share their member names; maps keep their own keys") {
  Type t = Type::object({{"a", Type::number()}, {"b", Type::string()}});
  Value x = Value::object_values({n(1), s("one")}, t);
  Value y = Value::object_values({n(2), s("two")}, t);
  REQUIRE(x.attributes().size() == 2);
  CHECK(&x.attributes()[0].first == &y.attributes()[0].first);
  CHECK(x.attributes()[1].first == "b");
  CHECK(y.get("b")->as_string() == "two");
  CHECK(y.get("c") == nullptr);
  CHECK(js(x) == R"({"a":1,"b":"one"})");
  CHECK(x.weight() == y.weight());  // same names, same sizes
  Value m = Value::map({{"z", n(1)}, {"k", n(2)}});
  std::vector<std::string> keys;
  for (const auto& [k, v] : m.attributes()) keys.push_back(k + "=" + v.as_number().to_string());
  CHECK(keys == std::vector<std::string>{"k=2", "z=1"});
  CHECK(m.attributes().to_vector().size() == 2);
}

TEST_CASE("JSON decoding shares repeated short strings and charges each use") {
  auto v = hcl::cty::json_to_value(R"({"a": "create", "b": ["create", "update"], "c": "create"})");
  REQUIRE(v);
  const Value& a = *v->get("a");
  const Value& c = *v->get("c");
  CHECK(&a.as_string() == &c.as_string());
  CHECK(&a.as_string() == &v->get("b")->elements()[0].as_string());
  CHECK(js(*v) == R"({"a":"create","b":["create","update"],"c":"create"})");
  CHECK(a.weight() == c.weight());
}

// Object and tuple types made one after another are shared when equal (Type::recent): a type
// handed out again must be equal in every part, whatever was made in between.
TEST_CASE("alike object and tuple types made in turn keep their own members") {
  for (int round = 0; round < 3; ++round) {
    Value a_number = Value::object({{"a", n(1)}});
    Value a_string = Value::object({{"a", s("x")}});
    Value a_b = Value::object({{"a", n(1)}, {"b", n(2)}});
    Value a_c = Value::object({{"a", n(1)}, {"c", n(2)}});
    Value b_a = Value::object({{"b", n(1)}, {"a", n(2)}});
    CHECK(a_number.type().attribute("a")->type == Type::number());
    CHECK(a_string.type().attribute("a")->type == Type::string());
    CHECK(a_number.type() != a_string.type());
    CHECK(a_b.type().attribute("b") != nullptr);
    CHECK(a_b.type().attribute("c") == nullptr);
    CHECK(a_c.type().attribute("c") != nullptr);
    CHECK(a_b.type() != a_c.type());
    CHECK(b_a.type() == a_b.type());
    CHECK(js(b_a) == R"({"a":2,"b":1})");

    Value one_number = Value::tuple({n(1)});
    Value one_string = Value::tuple({s("x")});
    Value one_object = Value::tuple({a_number});
    Value other_object = Value::tuple({a_string});
    CHECK(one_number.type().tuple_elements() == std::vector<Type>{Type::number()});
    CHECK(one_string.type().tuple_elements() == std::vector<Type>{Type::string()});
    CHECK(one_object.type().tuple_elements()[0] == a_number.type());
    CHECK(other_object.type().tuple_elements()[0] == a_string.type());
    CHECK(one_object.type() != other_object.type());
    CHECK(Value::tuple({n(1), s("x")}).type() != Value::tuple({s("x"), n(1)}).type());
  }
  // Many alike values, as a for expression makes them, and a large one that is not kept.
  std::vector<Value> rows;
  for (int i = 0; i < 1000; ++i) rows.push_back(Value::object({{"i", n(i)}, {"name", s("r")}}));
  for (const Value& r : rows) CHECK(r.type() == rows[0].type());
  std::vector<Value> many(100, n(1));
  many.push_back(s("last"));
  CHECK(Value::tuple(many).type().tuple_elements().back() == Type::string());
}
