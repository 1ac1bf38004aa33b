// SPDX-License-Identifier: Apache-2.0
#include "cty/gocty.h"

#include <cmath>
#include <limits>

namespace hcl::cty {

std::optional<std::string> to_go_float64(const Number& n, double& out) {
  out = n.to_double();
  if (std::isinf(out) && !n.is_infinity()) {
    // gocty refuses to turn a finite number into an infinity.
    static const std::string max = Number::from_double(std::numeric_limits<double>::max()).text('f', 6);
    return "value must be between -" + max + " and " + max + " inclusive";
  }
  return std::nullopt;
}

std::optional<std::string> to_go_int(const Number& n, int64_t& out) {
  auto v = n.to_int64();
  if (!v) return std::string(kGoIntMessage);
  out = *v;
  return std::nullopt;
}

}  // namespace hcl::cty
