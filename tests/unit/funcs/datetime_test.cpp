// SPDX-License-Identifier: Apache-2.0
// Date functions: timestamp's shape, unknowns, and arithmetic across calendar edges (known-value
// behaviour is checked against the reference in testdata/eval/functions_datetime.cases).
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("timestamp is the current UTC time in RFC 3339") {
  CHECK(eval_with("can(regex(\"^2[0-9]{3}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]Z$\", timestamp()))") ==
        "true \"bool\"");
  CHECK(eval_with("timecmp(timestamp(), timeadd(timestamp(), \"-1h\"))") == "1 \"number\"");
}

TEST_CASE("timeadd across leap days, centuries and negative years") {
  CHECK(eval_with("timeadd(\"2000-02-28T23:00:00Z\", \"2h\")") == "\"2000-02-29T01:00:00Z\" \"string\"");
  CHECK(eval_with("timeadd(\"1900-02-28T23:00:00Z\", \"2h\")") == "\"1900-03-01T01:00:00Z\" \"string\"");
  CHECK(eval_with("timeadd(\"0000-01-01T00:00:00Z\", \"-1s\")") == "\"-0001-12-31T23:59:59Z\" \"string\"");
  CHECK(eval_with("formatdate(\"EEEE\", \"2024-02-29T00:00:00Z\")") == "\"Thursday\" \"string\"");
}

TEST_CASE("date functions wait for known arguments") {
  Value us = Value::unknown(Type::string());
  CHECK(eval_with("formatdate(\"YYYY\", t)", {{"t", us}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_with("timecmp(t, t)", {{"t", us}}) == "cty.UnknownVal(cty.Number)");
}
