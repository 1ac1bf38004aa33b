// SPDX-License-Identifier: Apache-2.0
// Files the unit tests read: testdata inputs and the inputs fuzz targets kept.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace hcl::test {

// A file's bytes ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Where a fuzz target's findings are kept: tests/fuzz/regressions/<target>/.
inline std::filesystem::path fuzz_regressions(std::string_view target) {
  return std::filesystem::path(HCL_TESTDATA_DIR).parent_path() / "tests" / "fuzz" / "regressions" / target;
}

}  // namespace hcl::test
