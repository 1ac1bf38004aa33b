// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the language server (see lsp_properties.h).
#include <cstdio>
#include <cstdlib>

#include "lsp_properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string problem = hcl::fuzz::lsp_properties(std::string_view(reinterpret_cast<const char*>(data), size));
  if (problem.empty()) return 0;
  std::fprintf(stderr, "fuzz_lsp: %s\n", problem.c_str());
  std::abort();
}
