// SPDX-License-Identifier: Apache-2.0
// Fuzz target: yamldecode and yamlencode under a small budget (see properties.h).
#include <cstdlib>

#include "properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!hcl::fuzz::yaml_properties(std::string(reinterpret_cast<const char*>(data), size)).empty()) std::abort();
  return 0;
}
