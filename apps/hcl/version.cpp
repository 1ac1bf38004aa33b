// SPDX-License-Identifier: Apache-2.0
// `hcl --version`. The commit and its date come from the build (apps/CMakeLists.txt) so that a
// binary can be traced to its source; nothing here depends on when or where it was built, which
// keeps release builds reproducible.
#include "app.h"

#ifndef HCL_VERSION
#define HCL_VERSION "0.0.0"
#endif
#ifndef HCL_COMMIT
#define HCL_COMMIT "unknown"
#endif
#ifndef HCL_COMMIT_DATE
#define HCL_COMMIT_DATE "unknown"
#endif
#ifndef HCL_BUILD_KIND
#define HCL_BUILD_KIND ""
#endif

namespace hcl::app {

const char* version_number() { return HCL_VERSION; }

std::string version_text() {
  std::string compiler =
#if defined(__clang__)
      "clang " __clang_version__;
#elif defined(__GNUC__)
      "GCC " __VERSION__;
#else
      "an unknown compiler";
#endif
  std::string arch =
#if defined(__x86_64__)
      "x86_64";
#elif defined(__aarch64__)
      "aarch64";
#else
      "unknown architecture";
#endif
  return std::string("hcl ") + HCL_VERSION + "\n" + "commit " HCL_COMMIT " (" HCL_COMMIT_DATE ")\n" + "built with " +
         compiler + ", " HCL_BUILD_KIND + arch + "\n" +
         // The release whose behaviour hcl matches (parser, formatter, functions, cty values).
         "targets HCL 2.24.0, cty 1.16.3\n";
}

}  // namespace hcl::app
