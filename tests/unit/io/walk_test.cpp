// SPDX-License-Identifier: Apache-2.0
// The directory walk over trees built to trap it (tests/fuzz/walk_properties.h), and every input
// the walk's fuzz target kept (tests/fuzz/regressions/fuzz_walk/).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "../../fuzz/walk_properties.h"
#include "../test_files.h"

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
  fs::path kept = hcl::test::fuzz_regressions("fuzz_walk");
  if (fs::exists(kept))
    for (const auto& e : fs::directory_iterator(kept))
      CHECK_MESSAGE(hcl::fuzz::walk_properties(hcl::test::slurp(e.path())) == "", e.path().string());
}

TEST_CASE("a walk over many directories finds what a serial walk finds, in sorted order") {
  // Wide and deep enough that every thread of the walk reads directories: 3 levels of 5, a file
  // in each, some hidden directories and links among them.
  namespace fs = std::filesystem;
  std::string tmpl = (fs::temp_directory_path() / "hcl-walk-XXXXXX").string();
  REQUIRE(::mkdtemp(tmpl.data()));
  const fs::path tree = tmpl;
  std::vector<fs::path> level{tree};
  for (int depth = 0; depth < 3; ++depth) {
    std::vector<fs::path> next;
    for (const auto& dir : level) {
      std::ofstream(dir / "main.tf") << "a = 1\n";
      std::ofstream(dir / "notes.txt") << "not a configuration\n";
      for (int i = 0; i < 5; ++i) {
        fs::path sub = dir / (std::string(i == 4 ? ".d" : "d") += std::to_string(i));
        fs::create_directory(sub);
        next.push_back(sub);
      }
      fs::create_directory_symlink("d0", dir / "link");
    }
    level = std::move(next);
  }
  hcl::io::FindResult found = hcl::io::find_files({tree.string()}, hcl::io::default_extensions(), true);
  std::vector<std::string> got;
  for (const auto& f : found.files) got.push_back(f.path);
  std::vector<std::string> want = hcl::fuzz::expected_walk(tree);
  CHECK(found.errors.empty());
  CHECK(want.size() == 1 + 4 + 16);  // the hidden directories' subtrees are skipped
  CHECK(got == want);
  std::error_code ec;
  fs::remove_all(tree, ec);
}
