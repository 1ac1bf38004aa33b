// SPDX-License-Identifier: Apache-2.0
// Collection functions with unknown and dynamic values, which the golden cases (JSON inputs)
// cannot express; the known-value behaviour is checked against the reference in
// testdata/eval/functions_collection.cases.
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

using hcl::funcs::testing::kNum;
using hcl::funcs::testing::kStr;
using hcl::funcs::testing::unknown_list;

namespace {

Value unknown_map(Type element) { return Value::unknown(Type::map(std::move(element))); }

}  // namespace

TEST_CASE("length of unknown values") {
  CHECK(eval_with("length(u)", {{"u", unknown_list(kStr)}}) == "cty.UnknownVal(cty.Number)");
  // The reference's length does not take unknown arguments, so even a tuple's length, which its
  // type gives, is unknown (Terraform's own would answer 2 and 1).
  CHECK(eval_with("length(u)", {{"u", Value::unknown(Type::tuple({kStr, kNum}))}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("length(u)", {{"u", Value::unknown(Type::object({{"a", kStr}}))}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("length([u, 1])", {{"u", Value::unknown(kStr)}}) == "2 \"number\"");
  CHECK(eval_with("length(u)", {{"u", Value::dynamic()}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("length(u)", {{"u", Value::unknown(kStr)}}) == "cty.UnknownVal(cty.Number)");
}

TEST_CASE("keys and values with unknowns") {
  // An object's attribute names are known even when its value is not.
  CHECK(eval_with("keys(u)", {{"u", Value::unknown(Type::object({{"b", kStr}, {"a", kNum}}))}}) ==
        R"(["a","b"] ["tuple",["string","string"]])");
  CHECK(eval_with("keys(u)", {{"u", unknown_map(kStr)}}) == "cty.UnknownVal(cty.List(cty.String))");
  CHECK(eval_with("values(u)", {{"u", unknown_map(kNum)}}) == "cty.UnknownVal(cty.List(cty.Number))");
  CHECK(eval_with("keys(u)", {{"u", Value::dynamic()}}) == "cty.DynamicVal");
  // Unknown elements are copied as they are.
  Value m = Value::map({{"a", Value::unknown(kNum)}, {"b", Value::number(1)}});
  CHECK(eval_with("values(m)", {{"m", m}}) ==
        "cty.ListVal([]cty.Value{cty.UnknownVal(cty.Number), cty.NumberIntVal(1)})");
  CHECK(eval_with("keys(m)", {{"m", m}}) == R"(["a","b"] ["list","string"])");
}

TEST_CASE("contains and index with unknown elements") {
  Value l = Value::list({Value::unknown(kNum), Value::number(1)});
  CHECK(eval_with("contains(l, 1)", {{"l", l}}) == "true \"bool\"");
  CHECK(eval_with("contains(l, 2)", {{"l", l}}) == "cty.UnknownVal(cty.Bool)");
  CHECK(eval_with("contains(u, 2)", {{"u", unknown_list(kNum)}}) == "cty.UnknownVal(cty.Bool)");
  // Terraform's index stops at the first comparison it cannot decide.
  CHECK(eval_with("index(l, 1)", {{"l", l}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("index(l, 1)", {{"l", Value::list({Value::number(1), Value::unknown(kNum)})}}) == "0 \"number\"");
}

TEST_CASE("lookup with unknowns") {
  CHECK(eval_with("lookup(m, k)", {{"m", Value::map({{"a", Value::number(1)}})}, {"k", Value::unknown(kStr)}}) ==
        "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("lookup(u, \"a\", 0)", {{"u", unknown_map(kNum)}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("lookup({a = 1}, \"b\", d)", {{"d", Value::unknown(kNum)}}) == "cty.UnknownVal(cty.Number)");
  // An object's attribute type decides the result type even before its value is known.
  CHECK(eval_with("lookup(o, \"a\")", {{"o", Value::unknown(Type::object({{"a", kStr}}))}}) ==
        "cty.UnknownVal(cty.String)");
  CHECK(eval_with("lookup({a = 1}, k)", {{"k", Value::unknown(kStr)}}) == "cty.DynamicVal");
}

TEST_CASE("merge with unknown and dynamic arguments") {
  CHECK(eval_with("merge(u, {a = 1})", {{"u", Value::dynamic()}}) == "cty.DynamicVal");
  // An unknown map among objects leaves the attribute set open.
  CHECK(eval_with("merge(u, {a = 1})", {{"u", unknown_map(kStr)}}) == "cty.DynamicVal");
  CHECK(eval_with("merge(u, u)", {{"u", unknown_map(kStr)}}) == "cty.UnknownVal(cty.Map(cty.String))");
  CHECK(eval_with("merge({a = u}, {b = 1})", {{"u", Value::unknown(kStr)}}) ==
        "cty.ObjectVal(map[string]cty.Value{\"a\":cty.UnknownVal(cty.String), \"b\":cty.NumberIntVal(1)})");
}

TEST_CASE("zipmap with unknown keys") {
  CHECK(eval_with("zipmap(k, [1, 2])", {{"k", unknown_list(kStr)}}) == "cty.DynamicVal");
  CHECK(eval_with("zipmap(k, tolist([1, 2]))", {{"k", unknown_list(kStr)}}) == "cty.UnknownVal(cty.Map(cty.Number))");
  CHECK(eval_with("zipmap([\"a\", k], tolist([1, 2]))", {{"k", Value::unknown(kStr)}}) ==
        "cty.UnknownVal(cty.Map(cty.Number))");
}

TEST_CASE("coalesce and coalescelist with unknowns") {
  CHECK(eval_with("coalesce(u, \"x\")", {{"u", Value::unknown(kStr)}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("coalescelist(u, [1])", {{"u", unknown_list(kNum)}}) == "cty.DynamicVal");
  // A known non-empty list before the unknown one decides the result.
  CHECK(eval_with("coalescelist(tolist([1]), u)", {{"u", unknown_list(kNum)}}) == R"([1] ["list","number"])");
}

TEST_CASE("one, transpose and matchkeys with unknowns") {
  CHECK(eval_with("one(u)", {{"u", unknown_list(kStr)}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("one(tolist([u]))", {{"u", Value::unknown(kStr)}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("transpose({a = [u]})", {{"u", Value::unknown(kStr)}}) ==
        "cty.UnknownVal(cty.Map(cty.List(cty.String)))");
  CHECK(eval_with("matchkeys([1, 2], [\"a\", u], [\"a\"])", {{"u", Value::unknown(kStr)}}) ==
        "cty.UnknownVal(cty.List(cty.Number))");
  // An empty search set decides the result whatever the keys are.
  CHECK(eval_with("matchkeys([1, 2], [\"a\", u], [])", {{"u", Value::unknown(kStr)}}) == R"([] ["list","number"])");
}
