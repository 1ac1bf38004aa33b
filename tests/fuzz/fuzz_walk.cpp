// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the directory walk (see walk_properties.h).
#include <cstdlib>

#include "walk_properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!hcl::fuzz::walk_properties(std::string_view(reinterpret_cast<const char*>(data), size)).empty()) std::abort();
  return 0;
}
