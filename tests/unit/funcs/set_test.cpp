// SPDX-License-Identifier: Apache-2.0
// Set functions with unknown elements: a union can be built around them, the other operations
// must wait (knowing the elements could change the result's length). The known-value behaviour is
// checked against the reference in testdata/eval/functions_set.cases.
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("set operations with unknown elements") {
  Value u = Value::unknown(Type::string());
  CHECK(eval_with("setunion([\"a\"], [u])", {{"u", u}}) ==
        "cty.SetVal([]cty.Value{cty.StringVal(\"a\"), cty.UnknownVal(cty.String)})");
  CHECK(eval_with("setintersection([\"a\"], [u])", {{"u", u}}) == "cty.UnknownVal(cty.Set(cty.String))");
  CHECK(eval_with("setsubtract([\"a\"], [u])", {{"u", u}}) == "cty.UnknownVal(cty.Set(cty.String))");
  CHECK(eval_with("setsubtract([u], [\"a\"])", {{"u", u}}) == "cty.UnknownVal(cty.Set(cty.String))");
}

TEST_CASE("set operations with unknown and dynamic sets") {
  Value us = Value::unknown(Type::set(Type::string()));
  CHECK(eval_with("setunion(s, [\"a\"])", {{"s", us}}) == "cty.UnknownVal(cty.Set(cty.String))");
  // An argument of unknown type reaches the function as an unknown set of any element type,
  // which unifies with the others.
  CHECK(eval_with("setunion(s, [\"a\"])", {{"s", Value::dynamic()}}) == "cty.UnknownVal(cty.Set(cty.String))");
  CHECK(eval_with("setproduct(s, [1])", {{"s", us}}) ==
        "cty.UnknownVal(cty.Set(cty.Tuple([]cty.Type{cty.String, cty.Number})))");
}

TEST_CASE("set results use cty's element order") {
  // Strings and numbers by value, whatever the order of the arguments.
  CHECK(eval_with("setunion([\"b\", \"c\"], [\"a\"])") == R"(["a","b","c"] ["set","string"])");
  CHECK(eval_with("setunion([10, 9], [1])") == R"([1,9,10] ["set","number"])");
  CHECK(eval_with("setintersection([3, 2, 1], [1, 2])") == R"([1,2] ["set","number"])");
}
