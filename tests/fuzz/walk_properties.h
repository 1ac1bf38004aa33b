// SPDX-License-Identifier: Apache-2.0
// The directory walk's properties (io::find_files), for the fuzz target fuzz_walk and the unit
// test that replays its findings. An input is a script that builds a tree of directories, files,
// FIFOs, hard links and symbolic links (to anywhere: `.`, ancestors, outside the tree, devices,
// each other) in a fresh temporary directory; the walk over it must end, stay inside the tree,
// find only regular files, find each name at most once, and find what a serial walk finds. The
// language server's files beside a document in the tree (lsp::Workspace::unit) must be among
// what the walk finds, and reading them must end (a FIFO or device behind a name blocks).
#pragma once

#include <fcntl.h>
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
#include "lsp/workspace.h"

namespace hcl::fuzz {

// What a walk of `tree` should find, by std::filesystem's own serial walk: regular files with a
// default extension, and links to regular files inside the tree, outside hidden directories and
// without following links to directories. Sorted, as find_files returns them.
inline std::vector<std::string> expected_walk(const std::filesystem::path& tree) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path real_tree = fs::canonical(tree, ec);
  std::vector<std::string> out;
  for (auto it = fs::recursive_directory_iterator(tree, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const fs::path& p = it->path();
    std::string name = p.filename().string();
    fs::file_status own = it->symlink_status(ec);
    if (fs::is_directory(own)) {
      if (name[0] == '.') it.disable_recursion_pending();
      continue;
    }
    if (!io::has_extension(name, io::default_extensions())) continue;
    if (fs::is_symlink(own)) {
      std::error_code ec2;
      if (!fs::is_regular_file(fs::status(p, ec2))) continue;
      fs::path real = fs::canonical(p, ec2);
      auto [r, _] = std::mismatch(real_tree.begin(), real_tree.end(), real.begin(), real.end());
      if (ec2 || r != real_tree.end()) continue;
    } else if (!fs::is_regular_file(own)) {
      continue;
    }
    out.push_back(p.string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

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
  static const char* const targets[] = {".",         "..",     "../..", "../../..",   "/",
                                        "/dev/zero", "a",      "b.hcl", "../outside", "../../outside/secret.hcl",
                                        "a/b.hcl",   "missing"};
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
      case 1: {
        // A file of its own: writing where a FIFO already stands would wait for a reader forever
        // (the first guided run's "timeout"), and through a link would write outside the tree.
        int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_NOFOLLOW, 0644);
        if (fd >= 0) {
          static const char text[] = "x = 1\n";
          [[maybe_unused]] ssize_t n = ::write(fd, text, sizeof text - 1);
          ::close(fd);
        }
        break;
      }
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
  // The directories are read on several threads: nothing may be lost or reordered.
  std::vector<std::string> want = expected_walk(tree), got;
  for (const auto& f : found.files) got.push_back(f.path);
  if (problem.empty() && got != want)
    problem = "found " + std::to_string(got.size()) + " files, not the " + std::to_string(want.size()) +
              " a serial walk finds, in its order";
  // The language server reads, beside a document, only files the walk finds.
  lsp::Workspace ws(nullptr);
  std::set<std::string> allowed(want.begin(), want.end());
  for (const auto& dir : dirs) {
    std::string doc = (dir / "main.tf").string();
    for (const auto& u : problem.empty() ? ws.unit(doc) : std::vector<lsp::UnitFile>{})
      if (u.path != doc && !allowed.count(u.path)) problem = "the language server read " + u.path;
  }
  // A hard link to a file outside is a file inside the tree (the same file by two names):
  // nothing tells them apart, and nothing needs to.
  fs::remove_all(top, ec);
  return problem;
}

}  // namespace hcl::fuzz
