// SPDX-License-Identifier: Apache-2.0
// Fuzz target: hcledit's operations (see properties.h).
#include <cstdlib>

#include "properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!hcl::fuzz::edit_properties(std::string(reinterpret_cast<const char*>(data), size)).empty()) std::abort();
  return 0;
}
