// SPDX-License-Identifier: Apache-2.0
// Short makers of the values the cty tests spell out again and again.
#pragma once

#include <cstdint>

#include "cty/value.h"

namespace hcl::cty::testing {

inline Value s(const char* x) { return Value::string(x); }
inline Value n(int64_t x) { return Value::number(x); }

}  // namespace hcl::cty::testing
