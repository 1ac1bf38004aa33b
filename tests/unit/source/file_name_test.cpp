// SPDX-License-Identifier: Apache-2.0
// File names in ranges: one shared copy per name, valid after the file is gone and across threads.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "source/file_name.h"
#include "source/source_file.h"

using hcl::source::FileName;

TEST_CASE("file names: equal names share one copy") {
  FileName a("modules/network/main.tf");
  FileName b(std::string("modules/network/") + "main.tf");
  CHECK(a == b);
  CHECK(&a.str() == &b.str());
  CHECK(a != FileName("modules/network/other.tf"));
  CHECK(a == "modules/network/main.tf");
  CHECK(a == std::string("modules/network/main.tf"));
  CHECK(FileName().empty());
  CHECK(FileName("") == FileName());
  CHECK(FileName().str().empty());
}

TEST_CASE("file names: a range keeps its name after the source file is gone") {
  std::optional<hcl::source::Range> r;
  {
    auto file = std::make_shared<hcl::source::SourceFile>(std::string("a/rather/long/name/for/a/file.tf"), "a = 1\n");
    r = file->range(0, 1);
  }
  CHECK(r->filename.str() == "a/rather/long/name/for/a/file.tf");
}

TEST_CASE("file names: threads naming the same files get the same handles") {
  std::vector<std::vector<FileName>> seen(4);
  std::vector<std::thread> threads;
  for (auto& out : seen)
    threads.emplace_back([&out] {
      for (int i = 0; i < 200; ++i) out.emplace_back("dir/file" + std::to_string(i) + ".tf");
    });
  for (auto& t : threads) t.join();
  for (auto& out : seen)
    for (int i = 0; i < 200; ++i) {
      CHECK(out[i] == seen[0][i]);
      CHECK(out[i].str() == "dir/file" + std::to_string(i) + ".tf");
    }
}
