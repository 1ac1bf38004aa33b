// SPDX-License-Identifier: Apache-2.0
// Sequence functions with unknown values and the number precisions the reference gives their
// results; the known-value behaviour is checked against the reference in
// testdata/eval/functions_sequence.cases.
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

using hcl::funcs::testing::kNum;
using hcl::funcs::testing::kStr;
using hcl::funcs::testing::unknown_list;

namespace {

const Type kBool = Type::boolean();

}  // namespace

TEST_CASE("concat with unknown lists") {
  // Counting an unknown list's elements is needed for a tuple result.
  CHECK(eval_with("concat([1], u)", {{"u", unknown_list(kNum)}}) == "cty.DynamicVal");
  CHECK(eval_with("concat(tolist([1]), u)", {{"u", unknown_list(kNum)}}) == "cty.UnknownVal(cty.List(cty.Number))");
  CHECK(eval_with("concat([1], [u])", {{"u", Value::unknown(kStr)}}) ==
        "cty.TupleVal([]cty.Value{cty.NumberIntVal(1), cty.UnknownVal(cty.String)})");
  CHECK(eval_with("concat(u)", {{"u", Value::dynamic()}}) == "cty.DynamicVal");
}

TEST_CASE("flatten with unknowns") {
  CHECK(eval_with("flatten([u, [1]])", {{"u", unknown_list(kNum)}}) == "cty.DynamicVal");
  // Unknown leaves do not hide the shape, so the tuple is built (its type was left dynamic).
  CHECK(eval_with("flatten([[u], [1]])", {{"u", Value::unknown(kNum)}}) ==
        "cty.TupleVal([]cty.Value{cty.UnknownVal(cty.Number), cty.NumberIntVal(1)})");
  CHECK(eval_with("flatten(u)", {{"u", unknown_list(Type::list(kNum))}}) == "cty.DynamicVal");
}

TEST_CASE("element, slice, reverse and chunklist with unknowns") {
  CHECK(eval_with("element([1, \"a\"], i)", {{"i", Value::unknown(kNum)}}) == "cty.DynamicVal");
  CHECK(eval_with("element(tolist([1, 2]), i)", {{"i", Value::unknown(kNum)}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("element(u, 0)", {{"u", unknown_list(kStr)}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("slice([1, \"a\"], i, 1)", {{"i", Value::unknown(kNum)}}) == "cty.DynamicVal");
  CHECK(eval_with("slice(tolist([1, 2]), i, 1)", {{"i", Value::unknown(kNum)}}) ==
        "cty.UnknownVal(cty.List(cty.Number))");
  // An unknown list's length is unknown, so only negative indexes can be refused.
  CHECK(eval_with("slice(u, 0, 5)", {{"u", unknown_list(kNum)}}) == "cty.UnknownVal(cty.List(cty.Number))");
  CHECK(eval_with("slice(u, -1, 5)", {{"u", unknown_list(kNum)}}) ==
        "error: Invalid function argument: Invalid value for \"start_index\" parameter: start index must not be less "
        "than zero.");
  CHECK(eval_with("reverse(u)", {{"u", unknown_list(kNum)}}) == "cty.UnknownVal(cty.List(cty.Number))");
  CHECK(eval_with("chunklist(tolist([u, 1]), 1)", {{"u", Value::unknown(kNum)}}) ==
        "cty.ListVal([]cty.Value{cty.ListVal([]cty.Value{cty.UnknownVal(cty.Number)}), "
        "cty.ListVal([]cty.Value{cty.NumberIntVal(1)})})");
}

TEST_CASE("distinct, sort and compact wait for every element") {
  CHECK(eval_with("distinct([1, u])", {{"u", Value::unknown(kNum)}}) == "cty.UnknownVal(cty.List(cty.Number))");
  CHECK(eval_with("sort([\"a\", u])", {{"u", Value::unknown(kStr)}}) == "cty.UnknownVal(cty.List(cty.String))");
  CHECK(eval_with("compact([\"a\", u])", {{"u", Value::unknown(kStr)}}) == "cty.UnknownVal(cty.List(cty.String))");
  CHECK(eval_with("sort(u)", {{"u", unknown_list(kStr)}}) == "cty.UnknownVal(cty.List(cty.String))");
}

TEST_CASE("alltrue, anytrue and sum with unknowns") {
  // alltrue gives up at the first unknown; anytrue looks on for a true.
  CHECK(eval_with("alltrue([u, false])", {{"u", Value::unknown(kBool)}}) == "cty.UnknownVal(cty.Bool)");
  CHECK(eval_with("alltrue([false, u])", {{"u", Value::unknown(kBool)}}) == "false \"bool\"");
  CHECK(eval_with("anytrue([u, true])", {{"u", Value::unknown(kBool)}}) == "true \"bool\"");
  CHECK(eval_with("anytrue([u, false])", {{"u", Value::unknown(kBool)}}) == "cty.UnknownVal(cty.Bool)");
  CHECK(eval_with("sum([1, u])", {{"u", Value::unknown(kNum)}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("sum(u)", {{"u", unknown_list(kNum)}}) == "cty.UnknownVal(cty.Number)");
}

TEST_CASE("range steps by repeated addition") {
  CHECK(eval_with("range(2)") == R"([0,1] ["list","number"])");
  CHECK(eval_with("range(0, 0.3, 0.1)[2] == 0.2") == "true \"bool\"");
  CHECK(eval_with("length(range(0, 1, 1/3))") == "3 \"number\"");
}

TEST_CASE("sum adds in order at the operands' precision") {
  CHECK(eval_with("sum([0.1, 0.2]) == 0.3") == "true \"bool\"");
  CHECK(eval_with("sum([pow(2, 64), 1])") == "18446744073709551617 \"number\"");
}
