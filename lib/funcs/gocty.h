// SPDX-License-Identifier: Apache-2.0
// gocty's conversions of numbers to Go's int and float64, which several cty functions apply to
// their arguments (indexes, sizes, bases, pow's operands) and whose messages users see.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cty/number.h"

namespace hcl::funcs {

// A whole number in int64's range, or gocty's message ("value must be a whole number, ...").
std::optional<std::string> to_go_int(const cty::Number& n, int64_t& out);

// The nearest float64; infinities stay infinite, but a finite number too large for float64 is
// gocty's error ("value must be between ... inclusive").
std::optional<std::string> to_go_float64(const cty::Number& n, double& out);

}  // namespace hcl::funcs
