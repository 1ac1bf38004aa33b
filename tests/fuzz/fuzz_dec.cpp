// SPDX-License-Identifier: Apache-2.0
// Fuzz target: hcldec specs and configurations (see properties.h).
#include <cstdlib>

#include "properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!hcl::fuzz::dec_properties(std::string(reinterpret_cast<const char*>(data), size)).empty()) std::abort();
  return 0;
}
