// SPDX-License-Identifier: Apache-2.0
// The golden-file runner: each feature turns an input file into output text, which must equal
// the committed expected file. Features register themselves with HCL_GOLDEN_FEATURE.
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>

namespace hcl::golden {

struct Feature {
  std::string input_suffix;     // e.g. ".hcl"
  std::string expected_suffix;  // e.g. ".out"
  // Produces the output for one input file (its path and bytes).
  std::function<std::string(const std::string& path, const std::string& content)> run;
};

std::map<std::string, Feature>& registry();

// A file's bytes, or nothing when it cannot be opened.
inline std::optional<std::string> read_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return std::nullopt;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// A file's bytes, or "" when it cannot be opened.
inline std::string read_text(const std::filesystem::path& p) { return read_file(p).value_or(""); }

struct Registrar {
  Registrar(const std::string& name, Feature f) { registry()[name] = std::move(f); }
};

}  // namespace hcl::golden

#define HCL_GOLDEN_CONCAT2(a, b) a##b
#define HCL_GOLDEN_CONCAT(a, b) HCL_GOLDEN_CONCAT2(a, b)
#define HCL_GOLDEN_FEATURE(name, ...)                                                \
  static ::hcl::golden::Registrar HCL_GOLDEN_CONCAT(golden_registrar_, __COUNTER__)( \
      name, ::hcl::golden::Feature{__VA_ARGS__})
