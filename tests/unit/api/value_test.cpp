// SPDX-License-Identifier: Apache-2.0
// hcl::Value's typed accessors and constructors (<hcl/value.h>), on ordinary and hostile input:
// every accessor answers for its own kind and gives nothing for another; every constructor
// refuses what HCL cannot hold with a diagnostic instead of a crash.
#include <doctest/doctest.h>

#include <hcl/hcl.h>

#include <cmath>
#include <limits>
#include <string>

namespace {

hcl::Value json(std::string_view text) {
  hcl::Result<hcl::Value> r = hcl::Value::from_json(text);
  REQUIRE_MESSAGE(r.ok(), std::string(text));
  return r.value();
}

hcl::Value eval(std::string_view expression) {
  hcl::Result<hcl::Value> r = hcl::evaluate(expression);
  REQUIRE_MESSAGE(r.ok(), std::string(expression));
  return r.value();
}

}  // namespace

TEST_CASE("api: kinds, null and unknown first") {
  CHECK(hcl::Value().kind() == hcl::Kind::Null);
  CHECK(hcl::Value().is_null());
  CHECK(json("true").kind() == hcl::Kind::Bool);
  CHECK(json("1").kind() == hcl::Kind::Number);
  CHECK(json("\"s\"").kind() == hcl::Kind::String);
  CHECK(json("[1]").kind() == hcl::Kind::Tuple);
  CHECK(json("{}").kind() == hcl::Kind::Object);
  CHECK(eval("tolist([1])").kind() == hcl::Kind::List);
  CHECK(eval("toset([1])").kind() == hcl::Kind::Set);
  CHECK(eval("tomap({a = 1})").kind() == hcl::Kind::Map);
  hcl::Value typed_null = eval("tostring(null)");
  CHECK(typed_null.kind() == hcl::Kind::Null);
  CHECK(typed_null.type_json() == "\"string\"");
  hcl::Result<hcl::Value> unknown = hcl::evaluate("{ a = 1, u = var.x }", {.variables = {{"var", json("{}")}}});
  CHECK_FALSE(unknown.ok());  // a missing attribute is an error, not an unknown
}

TEST_CASE("api: every accessor answers for its own kind only") {
  hcl::Value s = json("\"text\"");
  CHECK(s.as_string() == "text");
  CHECK_FALSE(s.as_bool());
  CHECK_FALSE(s.number_text());
  CHECK_FALSE(s.as_double());
  CHECK_FALSE(s.as_int64());
  CHECK(s.length() == 0);
  CHECK(s.elements().empty());
  CHECK(s.entries().empty());
  CHECK_FALSE(s.at(0));
  CHECK_FALSE(s.get("a"));
  CHECK(json("false").as_bool() == false);
  CHECK_FALSE(json("1").as_string());
  CHECK_FALSE(hcl::Value().as_bool());
  CHECK(hcl::Value().length() == 0);
}

TEST_CASE("api: numbers as exact text, as double and as int64 when exact") {
  hcl::Value big = json("100000000000000000000001");
  CHECK(big.number_text() == "100000000000000000000001");
  CHECK_FALSE(big.as_int64());
  CHECK(big.as_double() == 1.0000000000000001e23);  // the nearest double, above 1e23
  CHECK_FALSE(big.as_exact_double());
  hcl::Value tenth = json("0.1");
  CHECK(tenth.number_text() == "0.1");
  CHECK(tenth.as_double() == 0.1);
  CHECK_FALSE(tenth.as_exact_double());  // 0.1 is no binary fraction
  CHECK_FALSE(tenth.as_int64());
  hcl::Value half = json("-2.5");
  CHECK(half.as_exact_double() == -2.5);
  CHECK_FALSE(half.as_int64());
  CHECK(json("9223372036854775807").as_int64() == std::numeric_limits<int64_t>::max());
  CHECK_FALSE(json("9223372036854775808").as_int64());
  CHECK(json("-9223372036854775808").as_int64() == std::numeric_limits<int64_t>::min());
  CHECK(json("1e3").as_int64() == 1000);
  hcl::Value inf = eval("1/0");
  CHECK(inf.number_text() == "+Inf");
  CHECK(std::isinf(*inf.as_double()));
  CHECK_FALSE(inf.as_int64());
  CHECK_FALSE(inf.to_json().ok());
  // a number too long to write out in full keeps its value, in scientific form
  hcl::Value huge = hcl::Value::number("1e100000000").value();
  std::string text = *huge.number_text();
  CHECK(text.size() < 200);
  CHECK(text.ends_with("e99999999"));
  CHECK(hcl::Value::number(text).value() == huge);  // and reads back as the same number
  CHECK(std::isinf(*huge.as_double()));
}

TEST_CASE("api: collections iterate in cty's order") {
  hcl::Value t = json(R"([1, "a", [true]])");
  REQUIRE(t.length() == 3);
  std::vector<hcl::Value> e = t.elements();
  CHECK(e[0].as_int64() == 1);
  CHECK(e[1].as_string() == "a");
  CHECK(e[2].at(0)->as_bool() == true);
  CHECK_FALSE(t.at(3));
  hcl::Value o = json(R"({"b": 1, "a": {"c": null}})");
  hcl::Entries entries = o.entries();
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].first == "a");  // keys sorted, as cty keeps them
  CHECK(entries[1].first == "b");
  CHECK(entries[0].second.get("c")->is_null());
  CHECK_FALSE(o.get("z"));
  hcl::Value set = eval("toset([\"b\", \"a\", \"b\"])");
  REQUIRE(set.length() == 2);
  CHECK(set.elements()[0].as_string() == "a");
  hcl::Value map = eval("tomap({z = 1, y = 2})");
  CHECK(map.entries()[0].first == "y");
  CHECK(map.get("z")->as_int64() == 1);
}

TEST_CASE("api: unknown values and their parts") {
  hcl::Value u = hcl::Value::unknown();
  CHECK(u.kind() == hcl::Kind::Unknown);
  CHECK_FALSE(u.is_known());
  CHECK_FALSE(u.is_null());
  CHECK(u.type_json() == "\"dynamic\"");
  CHECK_FALSE(u.as_bool());
  CHECK(u.length() == 0);
  CHECK_FALSE(u.to_json().ok());
  hcl::Result<hcl::Value> sum = hcl::evaluate("x + 1", {.variables = {{"x", u}}});
  REQUIRE(sum.ok());
  CHECK(sum->kind() == hcl::Kind::Unknown);
  CHECK(sum->type_json() == "\"number\"");  // the type is known
  hcl::Result<hcl::Value> obj = hcl::evaluate("{ a = 1, b = x }", {.variables = {{"x", u}}});
  REQUIRE(obj.ok());
  CHECK(obj->kind() == hcl::Kind::Object);  // known itself, not wholly known
  CHECK_FALSE(obj->is_known());
  CHECK(obj->get("a")->is_known());
  CHECK(obj->get("b")->kind() == hcl::Kind::Unknown);
  CHECK(hcl::Value::from_json("{\"a\": [1, {\"b\": 2}]}").value().is_known());
}

TEST_CASE("api: values built from C++ go into expressions and come back equal") {
  hcl::Value list = hcl::Value::list({hcl::Value::integer(1), hcl::Value::number(2.5).value()}).value();
  CHECK(list.kind() == hcl::Kind::List);
  CHECK(list.type_json() == R"(["list","number"])");
  hcl::Value mixed = hcl::Value::list({hcl::Value::integer(1), hcl::Value::string("a").value()}).value();
  CHECK(mixed.type_json() == R"(["list","string"])");  // converted to the common type as cty does
  CHECK(mixed.at(0)->as_string() == "1");
  hcl::Value obj =
      hcl::Value::object({{"l", list}, {"b", hcl::Value::boolean(true)}, {"t", hcl::Value::tuple({})}}).value();
  hcl::Value map = hcl::Value::map({{"k", hcl::Value::integer(1)}}).value();
  hcl::Value set = hcl::Value::set({hcl::Value::integer(2), hcl::Value::integer(2)}).value();
  CHECK(set.length() == 1);
  hcl::Result<hcl::Value> r = hcl::evaluate("[sum(o.l), o.b, length(o.t), m.k, length(s)]",
                                            {.variables = {{"o", obj}, {"m", map}, {"s", set}}});
  REQUIRE(r.ok());
  CHECK(r->to_json().value() == "[3.5,true,0,1,1]");
  CHECK(hcl::evaluate("o", {.variables = {{"o", obj}}}).value() == obj);
  CHECK_FALSE(obj == map);
  CHECK(hcl::Value::list({}).value().length() == 0);
  CHECK(hcl::Value::map({}).value().kind() == hcl::Kind::Map);
  CHECK(hcl::Value::set({}).value().kind() == hcl::Kind::Set);
  CHECK(hcl::Value::number("-12.5e3").value().as_int64() == -12500);
  CHECK(hcl::Value::number(-0.0).value().number_text() == "-0");  // as cty writes it
  CHECK(hcl::Value::number(-0.0).value() == hcl::Value::integer(0));
  CHECK(hcl::Value::number(std::numeric_limits<double>::infinity()).value().number_text() == "+Inf");
  CHECK(hcl::Value::string("e\u0301").value().as_string() == "\u00e9");  // stored NFC
}

TEST_CASE("api: constructors refuse what HCL cannot hold") {
  auto refused = [](const hcl::Result<hcl::Value>& r, const char* summary) {
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.diagnostics().size() == 1);
    CHECK(r.diagnostics()[0].severity == hcl::Severity::Error);
    CHECK(r.diagnostics()[0].summary == summary);
  };
  refused(hcl::Value::number(std::nan("")), "Invalid number");
  refused(hcl::Value::number(""), "Invalid number");
  refused(hcl::Value::number("12abc"), "Invalid number");
  refused(hcl::Value::number("Inf"), "Invalid number");
  refused(hcl::Value::number("0x10"), "Invalid number");
  refused(hcl::Value::number("1p3"), "Invalid number");
  refused(hcl::Value::string("\xff\xfe"), "Invalid string");
  refused(hcl::Value::string(std::string_view("a\xc3", 2)), "Invalid string");
  refused(hcl::Value::object({{"a", hcl::Value()}, {"a", hcl::Value()}}), "Duplicate key");
  // equal once NFC-normalised, as cty stores keys
  refused(hcl::Value::object({{"\u00e9", hcl::Value()}, {"e\u0301", hcl::Value()}}), "Duplicate key");
  refused(hcl::Value::map({{"\xff", hcl::Value::integer(1)}}), "Invalid key");
  refused(hcl::Value::list({hcl::Value::integer(1), hcl::Value::tuple({})}), "Inconsistent element types");
  refused(hcl::Value::set({hcl::Value::boolean(true), json("{}")}), "Inconsistent element types");
}

TEST_CASE("api: hostile JSON: malformed, deeply nested, huge numbers, invalid UTF-8") {
  for (const char* bad : {"", "{", "{\"a\": }", "[1,]", "nul", "{\"a\" 1}", "01", "\"\\ud800\"x"}) {
    hcl::Result<hcl::Value> r = hcl::Value::from_json(bad);
    CHECK_MESSAGE(!r.ok(), bad);
    if (!r.ok()) CHECK(r.diagnostics().at(0).summary == "Invalid JSON");
  }
  // invalid UTF-8 in a JSON string becomes U+FFFD, as Go's decoder reads it
  CHECK(hcl::Value::from_json("\"a\xff\"").value().as_string() == "a\ufffd");
  std::string deep(100000, '[');
  hcl::Result<hcl::Value> nested = hcl::Value::from_json(deep + std::string(100000, ']'));
  REQUIRE_FALSE(nested.ok());
  std::string ok_depth(hcl::kMaxNestingDepth - 1, '[');
  CHECK(hcl::Value::from_json(ok_depth + "1" + std::string(hcl::kMaxNestingDepth - 1, ']')).ok());
  hcl::Value huge = json("1" + std::string(5000, '0'));
  CHECK(huge.number_text()->size() == 5001);
  CHECK_FALSE(huge.as_int64());
  CHECK(std::isinf(*huge.as_double()));
  CHECK(json("1e-400").as_double() == 0.0);
  CHECK_FALSE(json("1e-400").as_exact_double());
}

TEST_CASE("api: hostile configurations fail with a diagnostic, never a crash") {
  std::string deep = "a = " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  hcl::File file = hcl::File::parse("deep.hcl", deep);
  CHECK_FALSE(file.ok());
  CHECK_FALSE(hcl::evaluate(file).ok());
  CHECK_FALSE(hcl::evaluate(std::string(100000, '(') + "1" + std::string(100000, ')')).ok());
  hcl::File utf8 = hcl::File::parse("bad.hcl", "a = \"\xff\"\n");
  CHECK_FALSE(utf8.ok());
  CHECK_FALSE(hcl::to_json(utf8).ok());
  hcl::File json_file = hcl::File::parse("bad.json", "{\"a\": [", hcl::Syntax::Json);
  CHECK_FALSE(json_file.ok());
  CHECK_FALSE(hcl::evaluate(json_file).ok());
  CHECK_FALSE(hcl::to_json(json_file).ok());
}
