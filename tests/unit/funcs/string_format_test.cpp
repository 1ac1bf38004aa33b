// SPDX-License-Identifier: Apache-2.0
// format and formatlist with unknown arguments and huge widths; everything else is checked
// against the reference in testdata/eval/functions_format.cases.
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("format is unknown while any argument is not wholly known") {
  Value un = Value::unknown(Type::number());
  CHECK(eval_with("format(\"%d\", n)", {{"n", un}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("format(\"%v\", [1, n])", {{"n", un}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("format(f, 1)", {{"f", Value::unknown(Type::string())}}) == "cty.UnknownVal(cty.String)");
}

TEST_CASE("formatlist makes unknown elements only where an iteration is unknown") {
  Value list = Value::list({Value::string("a"), Value::unknown(Type::string())});
  CHECK(eval_with("formatlist(\"<%s>\", l)", {{"l", list}}) ==
        "cty.ListVal([]cty.Value{cty.StringVal(\"<a>\"), cty.UnknownVal(cty.String)})");
  CHECK(eval_with("formatlist(\"%s\", l)", {{"l", Value::unknown(Type::list(Type::string()))}}) ==
        "cty.UnknownVal(cty.List(cty.String))");
  // cty 1.16.1: an argument of unknown type reaches formatlist, whose result is still a list.
  CHECK(eval_with("formatlist(\"%s\", l)", {{"l", Value::dynamic()}}) == "cty.UnknownVal(cty.List(cty.String))");
  // Length mismatches are reported even when another argument is unknown.
  CHECK(eval_with("formatlist(\"%s%s%s\", l, [\"x\"], [\"y\", \"z\"])",
                  {{"l", Value::unknown(Type::list(Type::string()))}})
            .starts_with(
                "error: Invalid function argument: Invalid value for \"args\" parameter: argument 3 has length 2"));
}

TEST_CASE("format refuses padding it cannot sensibly allocate") {
  CHECK(eval_with("format(\"%999999999999s\", \"x\")").starts_with("error: Error in function call:"));
  CHECK(eval_with("format(\"%99999999999999999999999s\", \"x\")").starts_with("error: Error in function call:"));
  CHECK(eval_with("format(\"%3s|\", \"x\")") == "\"  x|\" \"string\"");
}
