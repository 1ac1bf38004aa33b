// SPDX-License-Identifier: Apache-2.0
// The directory walk's properties (io::find_files), for the fuzz target fuzz_walk and the unit
// test that replays its findings. An input is a script that builds a tree of directories, files,
// FIFOs, hard links and symbolic links (to anywhere: `.`, ancestors, outside the tree, devices,
// each other) in a fresh temporary directory; the walk over it must end, stay inside the tree,
// find only regular files, and find each name at most once.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "io/files.h"

namespace hcl::fuzz {

inline std::string walk_properties(std::string_view script) {
  namespace fs = std::filesystem;
  std::string tmpl = (fs::temp_directory_path() / "hcl-walk-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) return "";  // no place to build a tree: nothing to check
  const fs::path top = tmpl, tree = top / "tree", outside = top / "outside";
  std::error_code ec;
  fs::create_directories(tree, ec);
  fs::create_directories(outside, ec);
  std::ofstream(outside / "secret.hcl") << "a = 1\n";

  static const char* const names[] = {"a", "b.hcl", "c.tf", ".hidden", "d.tfvars", "e"};
  static const char* const targets[] = {".", "..", "../..", "../../..", "/", "/dev/zero", "a", "b.hcl",
                                        "../outside", "../../outside/secret.hcl", "a/b.hcl", "missing"};
  std::vector<fs::path> dirs{tree};
  size_t budget = 48;  // operations, so that one input stays quick
  for (size_t i = 0; i + 2 < script.size() && budget > 0; i += 3, --budget) {
    auto op = static_cast<unsigned char>(script[i]) % 5;
    const fs::path& parent = dirs[static_cast<unsigned char>(script[i + 1]) % dirs.size()];
    unsigned char arg = static_cast<unsigned char>(script[i + 2]);
    fs::path p = parent / names[arg % std::size(names)];
    switch (op) {
      case 0:
        if (fs::create_directory(p, ec)) dirs.push_back(p);
        break;
      case 1: std::ofstream(p) << "x = 1\n"; break;
      case 2: fs::create_symlink(targets[(arg / std::size(names)) % std::size(targets)], p, ec); break;
      case 3: ::mkfifo(p.c_str(), 0600); break;
      case 4: fs::create_hard_link(outside / "secret.hcl", p, ec); break;
    }
  }

  std::string problem;
  io::FindResult found = io::find_files({tree.string()}, io::default_extensions(), true);
  const fs::path real_tree = fs::canonical(tree, ec);
  std::set<std::string> seen;
  for (const auto& f : found.files) {
    if (!seen.insert(f.path).second) problem = "found twice: " + f.path;
    struct stat st {};
    if (::stat(f.path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) problem = "not a regular file: " + f.path;
    fs::path real = fs::canonical(f.path, ec);
    auto [r, _] = std::mismatch(real_tree.begin(), real_tree.end(), real.begin(), real.end());
    if (ec || r != real_tree.end()) problem = "left the tree: " + f.path;
    if (!problem.empty()) break;
  }
  // A hard link to a file outside is a file inside the tree (the same file by two names):
  // nothing tells them apart, and nothing needs to.
  fs::remove_all(top, ec);
  return problem;
}

}  // namespace hcl::fuzz
