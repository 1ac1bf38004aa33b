// SPDX-License-Identifier: Apache-2.0
// cty's number: an arbitrary-precision binary float that knows its own precision, with the
// reference's arithmetic, parsing and printing (go-cty over Go's math/big.Float).
//
// - Literals and parsed strings have 512 bits (cty.ParseNumberVal), rounded to nearest even.
// - Integers made by functions (NumberIntVal) have 64 bits; float64 results (NumberFloatVal)
//   have 53. An operation's result takes the larger precision of its operands (big.Float with
//   precision 0), except multiplication, which also keeps every bit of the exact product up to
//   512 (cty's Multiply).
// - Printing is big.Float.Text('f', -1): the shortest decimal that reads back to the same float
//   at the number's own precision. Equality is equality of that text (cty's rawNumberEqual), so
//   -0 == 0 and pow(2, 64) != 18446744073709551616.
// - +Inf and -Inf exist (1/0); operations that would make NaN fail instead.
// - A finite number whose binary exponent exceeds 2^22 in magnitude (`1e2000000`) has a decimal
//   form of over a million digits, megabytes from a literal of a few bytes (the reference spends
//   seconds to hours writing them): such a number is not printable. Up to that bound printing
//   is linear in the digits written (cty/decimal.h). Inside an evaluation, printing it stops the evaluation
//   ("Evaluation too large", cty/budget.h); outputs report it instead of writing it (json_problem).
//
// A Number is cheap to copy (16 bytes): exact integers that fit 64 bits, and decimals of up to 18
// significant digits such as JSON's prices and ratios, are held inline; anything else shares one
// immutable MPFR value. An inline decimal becomes an MPFR value only inside an operation that
// needs one, rounded exactly as parsing its text at its precision would have.
#pragma once

#include <mpfr.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cty/shared.h"

namespace hcl::cty {

class Value;

class Number {
 public:
  static constexpr uint32_t kLiteralPrecision = 512;  // cty.ParseNumberVal
  // The binary exponent beyond which a number's decimal form has over a million digits (2^22
  // bits are 1.26 million decimal digits): such numbers are not printable (see above).
  static constexpr int64_t kMaxPrintableExponent = int64_t{1} << 22;
  static constexpr uint32_t kIntPrecision = 64;      // cty.NumberIntVal
  static constexpr uint32_t kFloat64Precision = 53;  // cty.NumberFloatVal

  // +0 with 512 bits.
  Number() noexcept : small_(0) {}
  Number(const Number& o) noexcept : small_(0), prec_(o.prec_), rep_(o.rep_), scale_(o.scale_) {
    if (o.big()) {
      big_ = o.big_;
      retain(big_);
    } else {
      small_ = o.small_;
    }
  }
  Number(Number&& o) noexcept : small_(0), prec_(o.prec_), rep_(o.rep_), scale_(o.scale_) {
    if (o.big()) {
      big_ = o.big_;
      o.rep_ = Rep::Int;
      o.small_ = 0;
    } else {
      small_ = o.small_;
    }
  }
  Number& operator=(const Number& o) noexcept;
  Number& operator=(Number&& o) noexcept;
  ~Number() {
    if (big() && release_last(big_)) destroy_big(big_);
  }

  // cty.NumberIntVal / NumberUIntVal: exact, 64 bits.
  static Number from_int(int64_t v) { return from_int(v, kIntPrecision); }
  static Number from_uint(uint64_t v);
  // An exact integer with the given precision (which must hold it exactly). At 64 bits or more
  // it is inline, built here: arithmetic and decoding make one per result.
  static Number from_int(int64_t v, uint32_t precision) {
    if (precision < kIntPrecision || v == INT64_MIN) return from_int_narrow(v, precision);
    Number n;
    n.small_ = v;
    n.prec_ = precision;
    return n;
  }
  // cty.NumberFloatVal: 53 bits. NaN is not a number here: callers must reject it first.
  static Number from_double(double v);
  // Decimal integer text of any size (big.Float.SetInt: max(bit length, 64) bits). nullopt
  // when the text is not an optionally signed run of decimal digits.
  static std::optional<Number> from_integer_text(std::string_view digits);
  // cty.ParseNumberVal: Go's big.ParseFloat(s, 10, 512, ToNearestEven), with its exact
  // rounding steps, its "Inf" spellings and its binary exponents ("1p3"). nullopt when the
  // text is not a number (the reference's "a number is required").
  static std::optional<Number> parse(std::string_view text, uint32_t precision = kLiteralPrecision);
  static Number infinity(bool negative);
  // Copies an MPFR value, keeping its precision (raised to at least 1 bit).
  static Number from_mpfr(mpfr_srcptr value);

  uint32_t precision() const { return prec_; }
  bool is_infinity() const;
  bool is_printable() const;  // see the header comment; infinities are printable ("+Inf")
  // The zeros its decimal form spends placing its digits, beyond float64's range (|exponent| >
  // 1024): about |binary exponent| * log10 2, else 0. What a value's weight adds for it, so that
  // a list of huge numbers costs the evaluation what writing it out will.
  uint64_t placing_zeros() const;
  // Why the number cannot be written as a JSON number, or nullptr when it can.
  const char* json_problem() const;
  bool is_zero() const;      // +0 or -0
  bool is_negative() const;  // sign bit (true for -0 and -Inf)
  int sign() const;          // big.Float.Sign: -1, 0 (both zeros), +1
  bool is_integer() const;   // finite with no fractional part
  // The value as int64 when it is an integer in range (fractions and infinities: nullopt).
  std::optional<int64_t> to_int64() const;
  // Go's Float64(): nearest float64, ties to even.
  double to_double() const;
  // Writes the value into `out`, which the caller has initialised (any precision; rounded to
  // nearest even when smaller than the number's own).
  void to_mpfr(mpfr_ptr out) const;
  // Truncation toward zero of a finite value (big.Float.Int), as decimal digits with sign.
  std::string truncated_integer_text() const;

  // Arithmetic as cty does it. nullopt where Go's big.Float would panic with ErrNaN
  // (opposing infinities, 0 * Inf, 0/0, Inf/Inf, Inf % x).
  friend std::optional<Number> add(const Number& a, const Number& b);
  friend std::optional<Number> subtract(const Number& a, const Number& b);
  friend std::optional<Number> multiply(const Number& a, const Number& b);
  friend std::optional<Number> divide(const Number& a, const Number& b);
  friend std::optional<Number> modulo(const Number& a, const Number& b);
  Number negate() const;
  Number absolute() const;

  // big.Float.Cmp: -1, 0, +1 (-0 == +0).
  int compare(const Number& other) const;
  // cty's equality: exact integers by value, others by text('f', -1) after folding -0 into 0.
  bool equals(const Number& other) const;

  // big.Float.Text(format, prec) for format 'f', 'e' or 'g'; prec < 0 is "shortest".
  std::string text(char format = 'f', int prec = -1) const;
  std::string to_string() const { return text('f', -1); }
  // Scientific notation with enough digits to read back to the same value at its precision
  // (not always the shortest): cheap at any exponent, for numbers that are not printable.
  std::string round_trip_scientific() const;

 private:
  friend class Value;  // keeps a number's fields inline in its own
  struct Big;
  class BigRef;
  enum class Rep : uint8_t {
    Int,      // small_ is the value: an exact integer, never -0
    Decimal,  // the value is small_ / 10^scale_ (scale_ 1..18, small_ not a multiple of 10)
    Big,      // big_
  };
  bool small() const { return rep_ == Rep::Int; }
  bool big() const { return rep_ == Rep::Big; }
  BigRef as_big() const;  // materialises inline values
  static Number make(std::unique_ptr<Big> big);
  static Number from_int_narrow(int64_t v, uint32_t precision);
  // A number held by MPFR at exactly `precision` bits, its value written by set(mpfr_ptr) (the
  // builders whose value cannot be inline).
  template <class Set>
  static Number held_big(uint32_t precision, Set set);
  static std::optional<Number> parse_mpfr(std::string_view text, uint32_t precision);
  void set_big(std::unique_ptr<Big> big);
  std::string decimal_text() const;
  static void destroy_big(const SharedNode* n);
  const Big* big_value() const;

  union {
    int64_t small_;
    const SharedNode* big_;  // a Big
  };
  uint32_t prec_ = kLiteralPrecision;
  Rep rep_ = Rep::Int;
  int8_t scale_ = 0;
};

}  // namespace hcl::cty
