// SPDX-License-Identifier: Apache-2.0
// The in-place guarantees `hcl fmt` relies on (io::replace_file).
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../test_files.h"
#include "io/files.h"

using hcl::test::slurp;

namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "hcl-replace-XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
};

void put(const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }

size_t entries(const fs::path& dir) {
  size_t n = 0;
  for (auto it = fs::directory_iterator(dir); it != fs::directory_iterator(); ++it) ++n;
  return n;
}

}  // namespace

TEST_CASE("replace_file keeps permission bits and replaces the target of a symbolic link") {
  TempDir dir;
  fs::path file = dir.path / "a.hcl", link = dir.path / "link.hcl";
  put(file, "old");
  ::chmod(file.c_str(), 0640);
  fs::create_symlink("a.hcl", link);
  CHECK_FALSE(hcl::io::replace_file(link.string(), "new").has_value());
  CHECK(fs::is_symlink(link));
  CHECK(slurp(file) == "new");
  struct stat st {};
  REQUIRE(::stat(file.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0640);
  CHECK(entries(dir.path) == 2);  // no temporary file left behind
}

TEST_CASE("replace_file refuses read-only files") {
  TempDir dir;
  fs::path file = dir.path / "a.hcl";
  put(file, "old");
  ::chmod(file.c_str(), 0444);
  auto err = hcl::io::replace_file(file.string(), "new");
  REQUIRE(err.has_value());
  CHECK(*err == "file is read-only");
  CHECK(slurp(file) == "old");
  CHECK(entries(dir.path) == 1);
}

TEST_CASE("replace_file leaves a file that changed since it was read") {
  TempDir dir;
  fs::path file = dir.path / "a.hcl";
  put(file, "first");
  auto stamp = hcl::io::file_stamp(file.string());
  REQUIRE(stamp.has_value());
  put(file, "second, written by someone else");
  auto err = hcl::io::replace_file(file.string(), "formatted", &*stamp);
  REQUIRE(err.has_value());
  CHECK(err->find("changed") != std::string::npos);
  CHECK(slurp(file) == "second, written by someone else");
  CHECK(entries(dir.path) == 1);

  auto fresh = hcl::io::file_stamp(file.string());
  CHECK_FALSE(hcl::io::replace_file(file.string(), "formatted", &*fresh).has_value());
  CHECK(slurp(file) == "formatted");
}
