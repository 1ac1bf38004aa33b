// SPDX-License-Identifier: Apache-2.0
// The language server's properties (tests/fuzz/lsp_properties.h) on every testdata document under
// a script of edits and requests, and on every input the server's fuzz target kept
// (tests/fuzz/regressions/fuzz_lsp/).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "../../fuzz/lsp_properties.h"
#include "../test_files.h"

using hcl::test::slurp;

TEST_CASE("lsp server: answers, positions, edits and published diagnostics hold on testdata documents") {
  namespace fs = std::filesystem;
  std::vector<fs::path> docs;
  for (const auto& e : fs::recursive_directory_iterator(HCL_TESTDATA_DIR)) {
    auto ext = e.path().extension();
    if (e.is_regular_file() && e.file_size() < 8192 && (ext == ".tf" || ext == ".hcl" || ext == ".json"))
      docs.push_back(e.path());
  }
  std::sort(docs.begin(), docs.end());
  std::mt19937 rng(1);
  for (size_t i = 0; i < docs.size(); ++i) {
    std::string text = slurp(docs[i]);
    std::erase(text, '\0');  // the NUL ends the document in the input
    // Alternately in UTF-16 and in UTF-8 with nested symbols; ".json" files in the JSON syntax.
    char flags = static_cast<char>((i % 2 ? 5 : 0) | (docs[i].extension() == ".json" ? 2 : 0));
    std::string script(96, '\0');
    for (char& c : script) c = static_cast<char>(rng() & 0xFF);
    CHECK_MESSAGE(hcl::fuzz::lsp_properties(flags + text + '\0' + script) == "", docs[i].string());
  }
  CHECK(docs.size() > 100);

  fs::path kept = hcl::test::fuzz_regressions("fuzz_lsp");
  size_t replayed = 0;
  for (const auto& e : fs::directory_iterator(kept)) {
    CHECK_MESSAGE(hcl::fuzz::lsp_properties(slurp(e.path())) == "", e.path().string());
    ++replayed;
  }
  CHECK(replayed >= 2);
}
