// SPDX-License-Identifier: Apache-2.0
// usage: golden_tests FEATURE DIR  (UPDATE_GOLDEN=1 rewrites expected files)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "golden.h"

#include "util/stack.h"

namespace hcl::golden {
std::map<std::string, Feature>& registry() {
  static std::map<std::string, Feature> r;
  return r;
}
}  // namespace hcl::golden

namespace fs = std::filesystem;

static int run(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: golden_tests FEATURE DIR\n";
    return 2;
  }
  std::string feature = argv[1];
  auto& reg = hcl::golden::registry();
  auto it = reg.find(feature);
  if (it == reg.end()) {
    std::cerr << "golden_tests: no runner for feature '" << feature << "'\n";
    return 2;
  }
  const auto& f = it->second;
  bool update = std::getenv("UPDATE_GOLDEN") != nullptr;
  std::vector<fs::path> inputs;
  for (const auto& e : fs::recursive_directory_iterator(argv[2])) {
    std::string name = e.path().filename().string();
    if (e.is_regular_file() && name.size() > f.input_suffix.size() &&
        name.compare(name.size() - f.input_suffix.size(), f.input_suffix.size(), f.input_suffix) == 0)
      inputs.push_back(e.path());
  }
  std::sort(inputs.begin(), inputs.end());
  int failed = 0, passed = 0, missing = 0;
  for (const auto& in : inputs) {
    std::string base = in.string().substr(0, in.string().size() - f.input_suffix.size());
    fs::path expected_path = base + f.expected_suffix;
    std::string actual = f.run(in.string(), hcl::golden::read_text(in));
    if (update) {
      std::ofstream(expected_path, std::ios::binary) << actual;
      ++passed;
      continue;
    }
    if (!fs::exists(expected_path)) {
      std::cerr << "MISSING " << expected_path.string() << "\n";
      ++missing;
      continue;
    }
    std::string expected = hcl::golden::read_text(expected_path);
    if (actual == expected) {
      ++passed;
      continue;
    }
    ++failed;
    std::cerr << "FAIL " << in.string() << "\n--- expected (" << expected_path.filename().string() << ")\n"
              << expected << "\n--- actual\n"
              << actual << "\n---\n";
  }
  std::cout << feature << ": " << passed << " passed, " << failed << " failed, " << missing << " missing\n";
  if (inputs.empty()) {
    std::cerr << "golden_tests: no inputs in " << argv[2] << "\n";
    return 1;
  }
  return failed || missing ? 1 : 0;
}

// On a large stack, as the hcl executable runs (util/stack.h).
int main(int argc, char** argv) {
  return hcl::util::run_with_stack([&] { return run(argc, argv); });
}
