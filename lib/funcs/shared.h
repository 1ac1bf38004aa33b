// SPDX-License-Identifier: Apache-2.0
// What more than one family's file needs, written once (the families are also compiled as one
// translation unit, where two private copies of a name collide).
#pragma once

#include <vector>

#include "cty/value.h"

namespace hcl::funcs {

// English names, as Go's time package writes them.
inline constexpr const char* kMonthNames[] = {"January", "February", "March",     "April",   "May",      "June",
                                              "July",    "August",   "September", "October", "November", "December"};
inline constexpr const char* kWeekdayNames[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                "Thursday", "Friday", "Saturday"};

// A list of the elements, or the empty list of `element` when there are none.
inline cty::Value list_or_empty(std::vector<cty::Value> elements, const cty::Type& element) {
  if (elements.empty()) return cty::Value::empty_list(element);
  return cty::Value::list(std::move(elements));
}

}  // namespace hcl::funcs
