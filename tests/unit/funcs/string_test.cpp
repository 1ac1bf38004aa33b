// SPDX-License-Identifier: Apache-2.0
// String functions with unknown and dynamic arguments (which no JSON input can express), and
// Go-specific text rules; known-value behaviour is checked against the reference in
// testdata/eval/functions_string.cases.
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("string functions return unknowns for unknown arguments") {
  Value us = Value::unknown(Type::string());
  CHECK(eval_with("upper(s)", {{"s", us}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("substr(s, 0, 1)", {{"s", us}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("trimspace(s)", {{"s", us}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("split(\",\", s)", {{"s", us}}) == "cty.UnknownVal(cty.List(cty.String))");
  CHECK(eval_with("startswith(s, \"a\")", {{"s", us}}) == "cty.UnknownVal(cty.Bool)");
  CHECK(eval_with("upper(s)", {{"s", Value::dynamic()}}) == "cty.UnknownVal(cty.String)");
}

TEST_CASE("join waits for every element of its lists") {
  Value list = Value::list({Value::string("a"), Value::unknown(Type::string())});
  CHECK(eval_with("join(\",\", l)", {{"l", list}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("join(\",\", [\"x\"], l)", {{"l", Value::unknown(Type::list(Type::string()))}}) ==
        "cty.UnknownVal(cty.String)");
}

TEST_CASE("title and case mapping follow Go 1.19's Unicode tables") {
  CHECK(eval_with("title(\"ǆemal éa\")") == "\"ǅemal Éa\" \"string\"");
  CHECK(eval_with("upper(\"ß\")") == "\"ß\" \"string\"");  // Go maps no uppercase for U+00DF
  // A combining mark is neither a letter nor a space: it separates no words.
  CHECK(eval_with("title(\"x\\u0301y z\")") == "\"X\u0301y Z\" \"string\"");
}

TEST_CASE("substr and strrev count grapheme clusters") {
  CHECK(eval_with("substr(\"👍🏽ab\", 1, 1)") == "\"a\" \"string\"");
  CHECK(eval_with("strrev(\"a👍🏽e\\u0301\")") == "\"é👍🏽a\" \"string\"");
  CHECK(eval_with("substr(\"abc\", -1, 0)") == "\"c\" \"string\"");  // cty never stops at a zero length here
}

TEST_CASE("indent refuses results beyond a gigabyte instead of allocating them") {
  CHECK(eval_with("indent(2000000000, \"a\\nb\")").starts_with("error: Error in function call:"));
  CHECK(eval_with("indent(3, \"a\")") == "\"a\" \"string\"");
}
