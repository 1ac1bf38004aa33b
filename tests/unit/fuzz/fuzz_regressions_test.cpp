// SPDX-License-Identifier: Apache-2.0
// Replays every input the fuzzers ever found (tests/fuzz/regressions/<target>/) and the testdata
// inputs through the same properties the fuzz targets check.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "../../fuzz/properties.h"
#include "../test_files.h"

using hcl::test::slurp;

TEST_CASE("fuzz properties hold on kept findings and testdata") {
  namespace fs = std::filesystem;
  std::map<std::string, std::function<std::string(const std::string&)>> properties{
      {"fuzz_lexer", [](const std::string& s) { return hcl::fuzz::lexer_properties(s); }},
      {"fuzz_parser", [](const std::string& s) { return hcl::fuzz::parser_properties(s); }},
      {"fuzz_format", [](const std::string& s) { return hcl::fuzz::format_properties(s); }},
      {"fuzz_eval", [](const std::string& s) { return hcl::fuzz::eval_properties(s); }},
      {"fuzz_json", [](const std::string& s) { return hcl::fuzz::json_properties(s); }},
      {"fuzz_functions", [](const std::string& s) { return hcl::fuzz::functions_properties(s); }},
      {"fuzz_vars", [](const std::string& s) { return hcl::fuzz::vars_properties(s); }},
      {"fuzz_yaml", [](const std::string& s) { return hcl::fuzz::yaml_properties(s); }},
      {"fuzz_edit", [](const std::string& s) { return hcl::fuzz::edit_properties(s); }},
      {"fuzz_dec", [](const std::string& s) { return hcl::fuzz::dec_properties(s); }},
  };
  size_t replayed = 0;
  for (const auto& [target, check] : properties) {
    fs::path dir = hcl::test::fuzz_regressions(target);
    if (fs::exists(dir))
      for (const auto& e : fs::directory_iterator(dir)) {
        CHECK_MESSAGE(check(slurp(e.path())) == "", e.path().string());
        ++replayed;
      }
    for (const auto& e : fs::recursive_directory_iterator(HCL_TESTDATA_DIR))
      if (e.is_regular_file() && e.file_size() < (1 << 20)) {
        CHECK_MESSAGE(check(slurp(e.path())) == "", e.path().string());
        ++replayed;
      }
  }
  CHECK(replayed > 100);
}

TEST_CASE("hcldec's properties hold on testdata's specs with their configurations") {
  namespace fs = std::filesystem;
  size_t cases = 0;
  for (const auto& e : fs::directory_iterator(fs::path(HCL_TESTDATA_DIR) / "dec")) {
    if (e.path().extension() != ".hcldec") continue;
    fs::path config = fs::path(e.path()).replace_extension(".hcl");
    if (!fs::exists(config)) continue;
    CHECK_MESSAGE(hcl::fuzz::dec_properties(slurp(e.path()) + '\0' + slurp(config)) == "", e.path().string());
    ++cases;
  }
  CHECK(cases > 20);
}
