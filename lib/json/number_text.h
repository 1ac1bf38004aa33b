// SPDX-License-Identifier: Apache-2.0
// How the reference prints a number literal: hclsyntax parses it with cty.ParseNumberVal (Go's
// big.ParseFloat at 512 bits, rounding to nearest even) and hcl2json prints it through cty's JSON
// encoding, big.Float.Text('f', -1): the shortest decimal that reads back to the same 512-bit
// float, never in exponent form. So `12345678901234567890` and `0.1` print as written, `1.50`
// prints `1.5`, `1e3` prints `1000`, and a literal with more digits than 512 bits hold prints
// the shortest decimal that identifies its rounded value.
//
// This is a small routine for literals only (the JSON emitter prints literals without evaluating
// anything); arithmetic lives in the evaluator's Number.
#pragma once

#include <string>
#include <string_view>

namespace hcl::json {

enum class NumberStatus : uint8_t {
  Ok,
  Invalid,   // not a number literal, or its exponent is out of big.Float's range
  Infinite,  // overflows to infinity (1e999999999), which JSON cannot hold
  TooLong,   // finite, but its decimal form would run to millions of digits
};

struct NumberText {
  NumberStatus status = NumberStatus::Ok;
  std::string text;
};

// `literal` is a number token as the lexer produces it: digits, an optional fraction, an
// optional exponent. With `negate` the result is that of the reference's unary minus applied to
// the literal (big.Float.Neg, so `-0` prints as "-0").
NumberText number_literal_text(std::string_view literal, bool negate = false);

// Whether number_literal_text gives the literal itself (digits without a leading zero, and a
// fraction without a trailing one: most literals), which callers can then use as it is.
bool number_prints_as_written(std::string_view literal);

}  // namespace hcl::json
