// SPDX-License-Identifier: Apache-2.0
// Digests against published test vectors (FIPS 180 "abc", RFC 1321), and uuid's shape.
#include <doctest/doctest.h>

#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("digests match the standards' test vectors") {
  CHECK(eval_with("md5(\"abc\")") == "\"900150983cd24fb0d6963f7d28e17f72\" \"string\"");
  CHECK(eval_with("sha1(\"abc\")") == "\"a9993e364706816aba3e25717850c26c9cd0d89d\" \"string\"");
  CHECK(eval_with("sha256(\"abc\")") ==
        "\"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\" \"string\"");
  CHECK(eval_with("base64sha256(\"abc\")") == "\"ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=\" \"string\"");
  CHECK(eval_with("md5(s)", {{"s", Value::unknown(Type::string())}}) == "cty.UnknownVal(cty.String)");
}

TEST_CASE("uuid gives fresh random identifiers in UUID layout") {
  CHECK(eval_with("can(regex(\"^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$\", uuid()))") == "true \"bool\"");
  CHECK(eval_with("uuid() != uuid()") == "true \"bool\"");
}
