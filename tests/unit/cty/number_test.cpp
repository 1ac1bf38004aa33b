// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>

#include "cty/number.h"

using hcl::cty::Number;

namespace {

std::string p(std::string_view s) {
  auto n = Number::parse(s);
  return n ? n->to_string() : "ERROR";
}

Number num(std::string_view s) { return *Number::parse(s); }

std::string op(char o, std::string_view a, std::string_view b) {
  std::optional<Number> r;
  switch (o) {
    case '+': r = add(num(a), num(b)); break;
    case '-': r = subtract(num(a), num(b)); break;
    case '*': r = multiply(num(a), num(b)); break;
    case '/': r = divide(num(a), num(b)); break;
    case '%': r = modulo(num(a), num(b)); break;
  }
  return r ? r->to_string() : "NaN";
}

}  // namespace

TEST_CASE("number literals print as cty prints them (512-bit, shortest decimal)") {
  CHECK(p("0") == "0");
  CHECK(p("007") == "7");
  CHECK(p("1.50") == "1.5");
  CHECK(p("1.5e-7") == "0.00000015");
  CHECK(p("0.1") == "0.1");
  CHECK(p("123456789012345678901234567890") == "123456789012345678901234567890");
  CHECK(p("9007199254740993") == "9007199254740993");
  CHECK(p("1e400") == "1" + std::string(400, '0'));
  CHECK(p("1e-400") == "0." + std::string(399, '0') + "1");
  CHECK(p("123456789e-20") == "0.00000000000123456789");
  CHECK(p("-0") == "-0");
  CHECK(p("-1.5e-10") == "-0.00000000015");
  CHECK(num("1.5e-10").negate().to_string() == "-0.00000000015");
  CHECK(p("-0.1") == "-0.1");
  CHECK(p("+5") == "5");
  CHECK(p(".5") == "0.5");
  CHECK(p("5.") == "5");
}

TEST_CASE("cty.ParseNumberVal accepts what Go's big.ParseFloat does, and nothing more") {
  CHECK(p("1p3") == "8");
  CHECK(p("1P-1") == "0.5");
  CHECK(p("Inf") == "+Inf");
  CHECK(p("-inf") == "-Inf");
  CHECK(p("+Inf") == "+Inf");
  for (const char* bad : {"", " 1", "1 ", "0x10", "1_000", "e5", "1e", "--1", "1.2.3", "abc", ".", "+", "INF", "1e+"})
    CHECK_MESSAGE(p(bad) == "ERROR", bad);
}

TEST_CASE("plain integer texts read as the general parser reads them, at their edges") {
  CHECK(p("007") == "7");
  CHECK(p("-0") == "-0");
  CHECK(p("-000") == "-0");
  CHECK(num("-000").is_negative());
  CHECK(p("999999999999999999") == "999999999999999999");
  CHECK(p("-999999999999999999") == "-999999999999999999");
  CHECK(p("9999999999999999999") == "9999999999999999999");
  CHECK(p("-9223372036854775808") == "-9223372036854775808");
  CHECK(p("12345678901234567890123") == "12345678901234567890123");
  CHECK(num("42").precision() == Number::kLiteralPrecision);
  CHECK(Number::parse("42", Number::kFloat64Precision)->precision() == Number::kFloat64Precision);
  for (const char* bad : {"-", "1-", "-1-", "12a", "1 2"}) CHECK_MESSAGE(p(bad) == "ERROR", bad);
}

TEST_CASE("division keeps 512 bits and prints the shortest text that reads back") {
  CHECK(op('/', "1", "3") ==
        "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333"
        "333333333333333333333333333333333333333333333335");
  CHECK(op('/', "10", "3") ==
        "3.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333"
        "33333333333333333333333333333333333333333333332");
  CHECK(op('*', "0.1", "3") == "0.3");
  CHECK(op('+', "0.1", "0.2") == "0.3");
  CHECK(num("0.3").equals(*add(num("0.1"), num("0.2"))));
  CHECK(op('*', "18446744073709551616", "2") == "36893488147419103232");
}

TEST_CASE("negative zero and infinities follow big.Float") {
  CHECK(op('*', "0", "-1") == "-0");
  CHECK(op('+', "-0", "0") == "0");
  CHECK(op('-', "0", "0") == "0");
  CHECK(num("0").negate().to_string() == "-0");
  CHECK(num("-0").negate().to_string() == "0");
  CHECK(op('/', "1", "0") == "+Inf");
  CHECK(op('/', "-1", "0") == "-Inf");
  CHECK(op('/', "0", "0") == "NaN");
  CHECK(num("-0").equals(num("0")));
  CHECK(num("-0").compare(num("0")) == 0);
  auto inf = Number::infinity(false);
  CHECK(!add(inf, Number::infinity(true)));
  CHECK(!multiply(num("0"), inf));
  CHECK(!divide(inf, inf));
  CHECK(add(inf, inf)->to_string() == "+Inf");
}

TEST_CASE("modulo is cty's: truncated quotient, x % 0 == x") {
  CHECK(op('%', "-7", "3") == "-1");
  CHECK(op('%', "7", "-3") == "1");
  CHECK(op('%', "-7", "-3") == "-1");
  CHECK(op('%', "5.5", "2") == "1.5");
  CHECK(op('%', "-5.5", "2") == "-1.5");
  CHECK(op('%', "1", "0") == "1");
  CHECK(op('%', "1", "-0") == "1");
  CHECK(op('%', "5", "2.5") == "0");
  CHECK(op('%', "5", "Inf") == "NaN");
}

TEST_CASE("a number knows its precision: float64 results print with float64's shortest digits") {
  Number two64 = Number::from_double(18446744073709551616.0);
  CHECK(two64.precision() == 53);
  CHECK(two64.to_string() == "18446744073709550000");
  CHECK(add(two64, num("0"))->to_string() == "18446744073709551616");
  // cty 1.14.3 compares exact integers by value, not by their (different) shortest texts.
  CHECK(two64.equals(num("18446744073709551616")));
  CHECK(!two64.equals(num("18446744073709551617")));
  CHECK(Number::from_double(1.4142135623730951).to_string() == "1.4142135623730951");
  CHECK(Number::from_double(-0.0).to_string() == "-0");
  // NumberIntVal has 64 bits: 2/3 of two of them has 64-bit digits.
  CHECK(divide(Number::from_int(2), Number::from_int(3))->to_string() == "0.6666666666666666667");
  CHECK(divide(Number::from_int(1), Number::from_int(3))->precision() == 64);
  // Multiplication keeps every bit of the exact product.
  Number root2 = Number::from_double(1.4142135623730951);
  CHECK(multiply(root2, num("3"))->to_string() == "4.2426406871192854364238655762164853513240814208984375");
  CHECK(add(root2, root2)->to_string() == "2.8284271247461903");
}

TEST_CASE("text formats used for hashing and messages") {
  CHECK(num("0.5").text('g', 10) == "0.5");
  CHECK(num("1e21").text('g', 10) == "1e+21");
  CHECK(num("123456789012").text('g', 10) == "1.23456789e+11");
  CHECK(num("0.0001").text('g', 10) == "0.0001");
  CHECK(num("0.00001").text('g', 10) == "1e-05");
  CHECK(num("1000000").text('g', -1) == "1e+06");
  CHECK(num("123").text('g', -1) == "123");
  CHECK(num("2.5").text('e', 3) == "2.500e+00");
  CHECK(num("0").text('g', 10) == "0");
}

TEST_CASE("integers, doubles and comparisons") {
  CHECK(num("42").to_int64() == 42);
  CHECK(!num("1.5").to_int64());
  CHECK(!num("1e30").to_int64());
  CHECK(num("1.5").is_integer() == false);
  CHECK(num("3").compare(num("2.9999")) == 1);
  CHECK(num("-1").sign() == -1);
  CHECK(num("-0").sign() == 0);
  CHECK(num("0.1").to_double() == 0.1);
  CHECK(Number::from_integer_text("1208925819614629174706175")->to_string() == "1208925819614629174706175");
  CHECK(Number::from_int(5).equals(num("5.0")));
}

TEST_CASE("a decimal held inline behaves as the same number parsed into MPFR") {
  // "125e-3" has an exponent, so it takes the general parser; "0.125" is held as digits and a
  // scale until an operation needs more. Every answer must be the same for both spellings.
  const std::pair<const char*, const char*> pairs[] = {{"0.125", "125e-3"},
                                                       {"-2.5", "-25e-1"},
                                                       {"3.14159", "314159e-5"},
                                                       {"0.000001", "1e-6"},
                                                       {"123456789.123456789", "123456789123456789e-9"},
                                                       {"100.50", "1005e-1"},
                                                       {"0.1", "1e-1"},
                                                       {"-0.30000", "-3e-1"},
                                                       {"0.0000000000000000000001", "1e-22"}};
  for (const auto& [inline_text, general_text] : pairs) {
    CAPTURE(inline_text);
    Number a = num(inline_text), b = num(general_text);
    CHECK(a.to_string() == b.to_string());
    CHECK(a.text('g', 10) == b.text('g', 10));
    CHECK(a.text('e', -1) == b.text('e', -1));
    CHECK(a.text('f', 3) == b.text('f', 3));
    CHECK(a.compare(b) == 0);
    CHECK(a.equals(b));
    CHECK(b.equals(a));
    CHECK(a.precision() == b.precision());
    CHECK(a.sign() == b.sign());
    CHECK(a.is_integer() == b.is_integer());
    CHECK(a.to_int64() == b.to_int64());
    CHECK(a.to_double() == b.to_double());
    CHECK(a.truncated_integer_text() == b.truncated_integer_text());
    CHECK(a.negate().to_string() == b.negate().to_string());
    CHECK(a.absolute().to_string() == b.absolute().to_string());
    for (const char* other : {"3", "0.7", "1e100", "-0.125"}) {
      CAPTURE(other);
      CHECK(add(a, num(other))->to_string() == add(b, num(other))->to_string());
      CHECK(multiply(a, num(other))->to_string() == multiply(b, num(other))->to_string());
      CHECK(divide(num(other), a)->to_string() == divide(num(other), b)->to_string());
      CHECK(modulo(num(other), a)->to_string() == modulo(num(other), b)->to_string());
      CHECK(a.compare(num(other)) == b.compare(num(other)));
      CHECK(a.equals(num(other)) == b.equals(num(other)));
    }
  }
  CHECK(num("1.5").equals(num("1.50")));
  CHECK(!num("1.5").equals(num("1.05")));
  CHECK(num("-0.0").is_negative());  // negative zero is not held inline
  CHECK(num("2.000").is_integer());
}
