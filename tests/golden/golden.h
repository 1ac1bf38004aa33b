// SPDX-License-Identifier: Apache-2.0
// The golden-file runner: each feature turns an input file into output text, which must equal
// the committed expected file. Features register themselves with HCL_GOLDEN_FEATURE.
#pragma once

#include <functional>
#include <map>
#include <string>

namespace hcl::golden {

struct Feature {
  std::string input_suffix;     // e.g. ".hcl"
  std::string expected_suffix;  // e.g. ".out"
  // Produces the output for one input file (its path and bytes).
  std::function<std::string(const std::string& path, const std::string& content)> run;
};

std::map<std::string, Feature>& registry();

struct Registrar {
  Registrar(const std::string& name, Feature f) { registry()[name] = std::move(f); }
};

}  // namespace hcl::golden

#define HCL_GOLDEN_CONCAT2(a, b) a##b
#define HCL_GOLDEN_CONCAT(a, b) HCL_GOLDEN_CONCAT2(a, b)
#define HCL_GOLDEN_FEATURE(name, ...)                                                  \
  static ::hcl::golden::Registrar HCL_GOLDEN_CONCAT(golden_registrar_, __LINE__)(name, \
                                                                                 ::hcl::golden::Feature{__VA_ARGS__})
