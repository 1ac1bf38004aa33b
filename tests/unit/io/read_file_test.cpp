// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io/files.h"

namespace {

namespace fs = std::filesystem;

// A file of `size` bytes, each its position's low letter, in a fresh temporary directory.
struct LetterFile {
  fs::path dir, path;
  std::string bytes;
  explicit LetterFile(size_t size) {
    std::string tmpl = (fs::temp_directory_path() / "hcl-read-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()));
    dir = tmpl;
    path = dir / "f.hcl";
    for (size_t i = 0; i < size; ++i) bytes.push_back(static_cast<char>('a' + i % 26));
    std::ofstream(path, std::ios::binary) << bytes;
  }
  ~LetterFile() { fs::remove_all(dir); }
};

}  // namespace

TEST_CASE("read_file maps a file from map_from bytes on, and reads a smaller one") {
  for (size_t size : {size_t{1}, size_t{4095}, size_t{4096}, size_t{3 * 4096}, size_t{100000}}) {
    LetterFile f(size);
    INFO(size << " bytes");
    {
      hcl::io::ReadResult mapped = hcl::io::read_file(f.path.string(), 4096);
      CHECK(mapped.error.empty());
      CHECK(static_cast<bool>(mapped.mapping) == (size >= 4096));
      CHECK(mapped.text() == f.bytes);
      hcl::io::ReadResult read = hcl::io::read_file(f.path.string());
      CHECK(!read.mapping);
      CHECK(read.content == f.bytes);
      CHECK(read.text() == f.bytes);
    }
  }
}

TEST_CASE("a mapped file that shrinks reads as zero bytes past its new end, without a crash") {
  const size_t size = 64 * 4096;
  LetterFile f(size);
  hcl::io::ReadResult r = hcl::io::read_file(f.path.string(), 1);
  REQUIRE(r.mapping);
  REQUIRE(::truncate(f.path.c_str(), 5 * 4096 + 100) == 0);
  std::string_view text = r.text();
  // Before the new end: the file's bytes; the rest of that page: zeros, as for any file's last
  // page; the pages past it raise SIGBUS, which the handler turns into zero pages.
  CHECK(text.substr(0, 5 * 4096 + 100) == std::string_view(f.bytes).substr(0, 5 * 4096 + 100));
  size_t zeros = 0;
  for (size_t i = 5 * 4096 + 100; i < size; ++i) zeros += text[i] == '\0';
  CHECK(zeros == size - (5 * 4096 + 100));
  // The mapping ends cleanly, and a later mapping of the same file works.
  r = {};
  hcl::io::ReadResult again = hcl::io::read_file(f.path.string(), 1);
  CHECK(again.text() == std::string_view(f.bytes).substr(0, 5 * 4096 + 100));
}

TEST_CASE("an input past the size limit is refused, naming the setting that raises it only once one is named") {
  LetterFile f(5000);
  const uint64_t before = hcl::io::max_input_bytes();
  hcl::io::set_max_input_bytes(4096);
  CHECK(hcl::io::read_file(f.path.string()).error == "larger than 4 KiB, the input size limit");
  hcl::io::name_input_limit_setting("--max-file-size");
  CHECK(hcl::io::read_file(f.path.string()).error ==
        "larger than 4 KiB, the input size limit (--max-file-size raises it)");
  hcl::io::name_input_limit_setting(nullptr);
  hcl::io::set_max_input_bytes(before);
  CHECK(hcl::io::read_file(f.path.string()).text() == f.bytes);
}
