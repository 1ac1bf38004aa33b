// SPDX-License-Identifier: Apache-2.0
// The directory walk over trees built to trap it (tests/fuzz/walk_properties.h), and every input
// the walk's fuzz target kept (tests/fuzz/regressions/fuzz_walk/).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "../../fuzz/walk_properties.h"

TEST_CASE("walks end, stay in the tree and find only regular files") {
  // mkdir a; link a/x -> ..; link b.hcl -> /dev/zero; two links to .; a FIFO c.tf; a link to
  // the outside directory, and a file in a directory named twice.
  const std::string scripts[] = {
      std::string("\x00\x00\x00", 3),
      std::string("\x00\x00\x00\x02\x01\x06\x02\x00\x20\x03\x00\x02\x02\x00\x00\x02\x00\x05", 18),
      std::string("\x02\x00\x31\x02\x00\x24\x01\x00\x01\x02\x00\x3c\x04\x00\x04", 15),
  };
  for (const auto& s : scripts) CHECK(hcl::fuzz::walk_properties(s) == "");

  namespace fs = std::filesystem;
  fs::path kept = fs::path(HCL_TESTDATA_DIR).parent_path() / "tests" / "fuzz" / "regressions" / "fuzz_walk";
  if (fs::exists(kept))
    for (const auto& e : fs::directory_iterator(kept)) {
      std::ifstream f(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << f.rdbuf();
      CHECK_MESSAGE(hcl::fuzz::walk_properties(ss.str()) == "", e.path().string());
    }
}
