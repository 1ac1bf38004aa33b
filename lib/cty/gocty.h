// SPDX-License-Identifier: Apache-2.0
// gocty's conversions of numbers to Go's int and float64, which several cty functions and hcldec's
// spec attributes apply to numbers (indexes, sizes, bases, pow's operands) and whose messages
// users see. The one copy of those messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cty/number.h"

namespace hcl::cty {

// gocty's message for a number that is no whole number in int64's range.
inline constexpr const char* kGoIntMessage =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

// A whole number in int64's range, or gocty's message (kGoIntMessage).
std::optional<std::string> to_go_int(const Number& n, int64_t& out);
// The nearest float64; infinities stay infinite, but a finite number too large for float64 is
// gocty's error ("value must be between ... inclusive").
std::optional<std::string> to_go_float64(const Number& n, double& out);

}  // namespace hcl::cty
