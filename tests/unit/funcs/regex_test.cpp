// SPDX-License-Identifier: Apache-2.0
// regex, regexall and replace with unknown patterns, and Go's rules for successive empty matches;
// error messages are checked against the reference in testdata/eval/functions_regex.cases.
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("an unknown pattern leaves the result type unknown") {
  Value us = Value::unknown(Type::string());
  CHECK(eval_with("regex(p, \"a\")", {{"p", us}}) == "cty.DynamicVal");
  CHECK(eval_with("regexall(p, \"a\")", {{"p", us}}) == "cty.UnknownVal(cty.List(cty.DynamicPseudoType))");
  CHECK(eval_with("regex(\"(a)(b)\", s)", {{"s", us}}) ==
        "cty.UnknownVal(cty.Tuple([]cty.Type{cty.String, cty.String}))");
  CHECK(eval_with("regex(\"(?P<x>a)\", s)", {{"s", us}}) ==
        "cty.UnknownVal(cty.Object(map[string]cty.Type{\"x\":cty.String}))");
}

TEST_CASE("empty matches follow Go's regexp") {
  CHECK(eval_with("regexall(\"a*\", \"baaac\")") == "[\"\",\"aaa\",\"\"] [\"list\",\"string\"]");
  CHECK(eval_with("replace(\"abc\", \"/x*/\", \"-\")") == "\"-a-b-c-\" \"string\"");
  CHECK(eval_with("replace(\"héllo\", \"/\", \"\")") == "\"héllo\" \"string\"");
  CHECK(eval_with("replace(\"ab\", \"/(a)(b)/\", \"$2$1$$\")") == "\"ba$\" \"string\"");
}
