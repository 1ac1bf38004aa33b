// SPDX-License-Identifier: Apache-2.0
// Lines and columns of byte offsets, asked for in any order (SourceFile::line_at starts from the
// last position asked for).
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "source/source_file.h"

namespace {

// Line and column of each offset, counted the plain way (the text is ASCII: one column a byte).
struct Expected {
  uint32_t line, column, line_start;
};

std::vector<Expected> count(const std::string& text) {
  std::vector<Expected> out;
  uint32_t line = 1, start = 0;
  for (uint32_t i = 0; i <= text.size(); ++i) {
    out.push_back(Expected{line, i - start + 1, start});
    if (i < text.size() && text[i] == '\n') {
      ++line;
      start = i + 1;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("line_at and position agree with counting, in order, backwards and at random") {
  std::mt19937 rng(7);
  std::string text;
  // Lines of every length from empty to long, and runs of empty lines.
  for (int i = 0; i < 400; ++i) text += std::string(rng() % 5 == 0 ? 0 : rng() % 90, 'x') + "\n";
  text += "last line without a newline";
  const std::vector<Expected> want = count(text);
  hcl::source::SourceFile file("f.hcl", text);
  auto check = [&](uint32_t offset) {
    auto [line, start] = file.line_at(offset);
    REQUIRE(line == want[offset].line);
    REQUIRE(start == want[offset].line_start);
    hcl::source::Pos p = file.position(offset);
    REQUIRE(p.line == want[offset].line);
    REQUIRE(p.column == want[offset].column);
  };
  for (uint32_t i = 0; i <= text.size(); ++i) check(i);
  for (uint32_t i = static_cast<uint32_t>(text.size()) + 1; i-- > 0;) check(i);
  for (int k = 0; k < 20000; ++k) {
    uint32_t i = rng() % (text.size() + 1);
    check(i);
    // and a little further on, as a range's end follows its start
    check(std::min<uint32_t>(static_cast<uint32_t>(text.size()), i + rng() % 200));
  }
}
