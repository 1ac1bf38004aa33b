// SPDX-License-Identifier: Apache-2.0
// Encoding functions with unknown arguments and inputs JSON cannot express; known-value behaviour
// is checked against the reference in testdata/eval/functions_encoding.cases and, for the
// functions the reference lacks, in testdata/eval/terraform/.
#include <doctest/doctest.h>

#include <string>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("encoders wait for wholly known values") {
  Value list = Value::list({Value::string("a"), Value::unknown(Type::string())});
  CHECK(eval_with("jsonencode(l)", {{"l", list}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("yamlencode(l)", {{"l", list}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("jsondecode(s)", {{"s", Value::unknown(Type::string())}}) == "cty.DynamicVal");
  CHECK(eval_with("csvdecode(s)", {{"s", Value::unknown(Type::string())}}) == "cty.DynamicVal");
  CHECK(eval_with("yamldecode(s)", {{"s", Value::unknown(Type::string())}}) == "cty.DynamicVal");
  CHECK(eval_with("base64encode(s)", {{"s", Value::unknown(Type::string())}}) == "cty.UnknownVal(cty.String)");
}

TEST_CASE("jsondecode refuses nesting deeper than 1000 levels instead of exhausting the stack") {
  std::string deep(5000, '[');
  deep += std::string(5000, ']');
  CHECK(eval_with("jsondecode(s)", {{"s", Value::string(deep)}}).find("deeper than 1000") != std::string::npos);
  std::string ok(100, '[');
  ok += std::string(100, ']');
  CHECK(eval_with("length(jsondecode(s))", {{"s", Value::string(ok)}}) == "1 \"number\"");
}

TEST_CASE("yamldecode refuses nesting deeper than 1000 levels") {
  std::string deep(5000, '[');
  deep += std::string(5000, ']');
  CHECK(eval_with("yamldecode(s)", {{"s", Value::string(deep)}}).starts_with("error: Error in function call:"));
}

TEST_CASE("yamldecode counts an alias at the depth of the value it repeats") {
  // 200 anchors, each ten levels around the one before: 2,000 levels from a shallow document.
  std::string chain = "a0: &a0 [[[[[[[[[[x]]]]]]]]]]\n";
  for (int i = 1; i < 200; ++i)
    chain +=
        "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [[[[[[[[[[*a" + std::to_string(i - 1) + "]]]]]]]]]]\n";
  CHECK(eval_with("yamldecode(s)", {{"s", Value::string(chain)}}).find("deeper than 1000") != std::string::npos);
  std::string ok = "a: &a [[[[[[[[[[x]]]]]]]]]]\nb: [*a, *a]\n";
  CHECK(eval_with("length(yamldecode(s).b)", {{"s", Value::string(ok)}}) == "2 \"number\"");
}

TEST_CASE("round trips") {
  CHECK(eval_with("jsondecode(jsonencode({a = [1, \"<x>\", true, null]}))") ==
        "{\"a\":[1,\"<x>\",true,null]} [\"object\",{\"a\":[\"tuple\",[\"number\",\"string\",\"bool\",\"dynamic\"]]}]");
  CHECK(eval_with("base64decode(base64encode(\"héllo wörld\"))") == "\"héllo wörld\" \"string\"");
  CHECK(eval_with("yamldecode(yamlencode({k = \"yes\", n = \"1.0\"}))") ==
        "{\"k\":\"yes\",\"n\":\"1.0\"} [\"object\",{\"k\":\"string\",\"n\":\"string\"}]");
  CHECK(eval_with("textdecodebase64(textencodebase64(\"Grüße\", \"ISO-8859-1\"), \"latin1\")") ==
        "\"Grüße\" \"string\"");
}
