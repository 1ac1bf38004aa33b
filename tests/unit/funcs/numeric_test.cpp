// SPDX-License-Identifier: Apache-2.0
// Numeric functions: results the golden cases cannot show (precision, unknowns), and pow/log's
// reproduction of Go's float64 routines on values whose last bit is easy to get wrong. The
// known-value behaviour is checked against the reference in testdata/eval/functions_numeric.cases.
#include <doctest/doctest.h>

#include <limits>

#include "funcs/gomath.h"
#include "funcs_test_util.h"

using hcl::funcs::testing::eval_with;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

TEST_CASE("numeric functions with unknown and dynamic arguments") {
  Value u = Value::unknown(Type::number());
  CHECK(eval_with("abs(u)", {{"u", u}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("abs(u)", {{"u", Value::dynamic()}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("ceil(u)", {{"u", u}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("pow(2, u)", {{"u", u}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("parseint(u, 10)", {{"u", Value::unknown(Type::string())}}) == "cty.UnknownVal(cty.Number)");
  CHECK(eval_with("max(1, u)", {{"u", Value::dynamic()}}) == "cty.UnknownVal(cty.Number)");
}

TEST_CASE("pow and log are float64 results") {
  // 53-bit results print with float64's shortest digits; adding a 512-bit literal widens them.
  CHECK(eval_with("pow(2, 64)") == "18446744073709550000 \"number\"");
  CHECK(eval_with("pow(2, 64) + 0") == "18446744073709551616 \"number\"");
  CHECK(eval_with("pow(3, 40)") == "12157665459056929000 \"number\"");
  CHECK(eval_with("log(8, 2)") == "3 \"number\"");
  CHECK(eval_with("log(1000, 10)") == "2.9999999999999996 \"number\"");
  // Where the C library's results differ from Go's in the last bit (glibc gives
  // 37.540507598529544 and 2.7556759606310752), and where Go's assembly Log reads a subnormal's
  // exponent field as it is (glibc: -1074).
  CHECK(eval_with("pow(3, 3.3)") == "37.54050759852954 \"number\"");
  CHECK(eval_with("pow(1.5, 2.5)") == "2.7556759606310757 \"number\"");
  CHECK(eval_with("log(5e-324, 2)") == "-1023.0000000000001 \"number\"");
  CHECK(eval_with("pow(10, -2)") == "0.01 \"number\"");
  // Subnormal results go through Go's Ldexp; multiplication keeps every bit of the product.
  CHECK(eval_with("pow(2, -1074) * pow(2, 1000) * pow(2, 74)") == "1 \"number\"");
  CHECK(eval_with("pow(2, -1075)") == "0 \"number\"");
}

TEST_CASE("ceil and floor keep the argument's precision and never give -0") {
  CHECK(eval_with("ceil(-0.5)") == "0 \"number\"");
  CHECK(eval_with("floor(-0)") == "0 \"number\"");
  // floor of a 53-bit pow result stays 53-bit: it still prints with float64's digits.
  CHECK(eval_with("floor(pow(2, 64) + 0.5)") == "18446744073709551616 \"number\"");
  CHECK(eval_with("floor(pow(2, 64))") == "18446744073709550000 \"number\"");
  CHECK(eval_with("ceil(123456789012345678901234567890.5)") == "123456789012345678901234567891 \"number\"");
}

TEST_CASE("parseint digits follow Go's big.Int") {
  // Up to base 36 letters of either case count from 10; above it lowercase is 10-35 and
  // uppercase 36-61 (the opposite of GMP's convention).
  CHECK(eval_with("parseint(\"Zz\", 36)") == "1295 \"number\"");
  CHECK(eval_with("parseint(\"a\", 62)") == "10 \"number\"");
  CHECK(eval_with("parseint(\"A\", 62)") == "36 \"number\"");
  CHECK(eval_with("parseint(\"-1000000000000000000000000000000\", 2)") == "-1073741824 \"number\"");
  CHECK(eval_with("parseint(\"1\" , 10) + parseint(\"ffffffffffffffffffffffffffffffff\", 16)") ==
        "340282366920938463463374607431768211456 \"number\"");
}

TEST_CASE("Go's Exp has two paths, with and without FMA") {
  namespace gomath = hcl::funcs::gomath;
  // The reference's results with and without FMA (GODEBUG=cpu.fma=off): the golden cases keep
  // to values where both agree, so the suite passes on either kind of processor.
  struct Case {
    double x, y, with_fma, without_fma;
  };
  for (const Case& c : {Case{10, 15.5, 3162277660168379.5, 3162277660168380.0},
                        Case{910.4666611827653, -35.25749271230926, 4.610726942589949e-105, 4.610726942589947e-105},
                        Case{1.5905623360816423, -4.3672892147175935, 0.13175582555001505, 0.13175582555001508},
                        Case{2, 0.5, 1.4142135623730951, 1.4142135623730951}}) {
    CAPTURE(c.x);
    CAPTURE(c.y);
    CHECK(gomath::pow(c.x, c.y, true) == c.with_fma);
    CHECK(gomath::pow(c.x, c.y, false) == c.without_fma);
  }
  CHECK(gomath::log(-1) != gomath::log(-1));  // NaN
  CHECK(gomath::log(0) == -std::numeric_limits<double>::infinity());
}

TEST_CASE("Go's Exp and Log at their edges") {
  namespace gomath = hcl::funcs::gomath;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  // Values printed by Go 1.19's math.Exp and math.Log on amd64 (the same with and without FMA).
  // Exp overflows from an exponent of 1024 on, before the true result does (709.7); Log reads a
  // subnormal's exponent field as it is.
  struct Case {
    double x, want;
  };
  for (bool fma : {true, false}) {
    for (const Case& c :
         {Case{-745.1, 5e-324}, Case{-745.2, 0}, Case{-744.5, 5e-324}, Case{-708.9, 1.3447506992632944e-308},
          Case{-709.5, 7.38014831401258e-309}, Case{709.7, kInf}, Case{1e-10, 1.0000000001}, Case{-1e300, 0},
          Case{0.5, 1.6487212707001282}, Case{3.3, 27.112638920657883}}) {
      CAPTURE(c.x);
      CHECK(gomath::exp(c.x, fma) == c.want);
    }
  }
  for (const Case& c : {Case{5e-324, -709.0895657128241}, Case{1e-310, -709.0850815488945},
                        Case{2.2250738585072014e-308, -708.3964185322641},
                        Case{0.7071067811865476, -0.3465735902799726}, Case{1.4142135623730951, 0.3465735902799727}}) {
    CAPTURE(c.x);
    CHECK(gomath::log(c.x) == c.want);
  }
}
