// SPDX-License-Identifier: Apache-2.0
// Lines and columns of byte offsets, asked for in any order (SourceFile::line_at starts from the
// last position asked for).
#include <doctest/doctest.h>

#include <memory>
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

TEST_CASE("position does not depend on the offsets asked for before it") {
  // Text whose clusters span several characters (combining marks, flags, joined emoji), cut into
  // tokens at random; the column of an offset inside a cluster must not leak into later answers.
  const std::vector<std::string> pieces = {
      "a", "e\xCC\x81", "\xCC\x81",     "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7",
      " ", "\n",        "\xE2\x80\x8D", "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB"};
  std::mt19937 rng(11);
  for (int round = 0; round < 200; ++round) {
    std::string text;
    for (int i = 0; i < 60; ++i) text += pieces[rng() % pieces.size()];
    std::vector<uint32_t> starts;
    for (uint32_t i = 1; i < text.size(); ++i)
      if (rng() % 6 == 0) starts.push_back(i);
    auto make = [&] {
      auto file = std::make_unique<hcl::source::SourceFile>("f.hcl", text);
      for (uint32_t s : starts) file->add_token_start(s);
      return file;
    };
    auto asked = make();
    for (int k = 0; k < 50; ++k) {
      uint32_t offset = static_cast<uint32_t>(rng() % (text.size() + 1));
      // Often a little further on, as a range's end follows its start.
      if (k % 2) offset = std::min<uint32_t>(static_cast<uint32_t>(text.size()), offset + rng() % 8);
      hcl::source::Pos got = asked->position(offset);
      hcl::source::Pos fresh = make()->position(offset);
      CAPTURE(round);
      CAPTURE(offset);
      CAPTURE(got.column);
      CAPTURE(fresh.column);
      CAPTURE(got.line);
      CAPTURE(fresh.line);
      REQUIRE(got == fresh);
    }
  }
}

TEST_CASE("an offset inside a cluster, then one after it") {
  // "xé" with the é decomposed: e and U+0301 are one column.
  const std::string text = "xe\xCC\x81y";
  hcl::source::SourceFile file("f.hcl", text);
  CHECK(file.position(2).column == 3);  // between e and its mark: the cut cluster counts
  CHECK(file.position(4).column == 3);  // y: after x and é
  hcl::source::SourceFile fresh("f.hcl", text);
  CHECK(fresh.position(4).column == 3);
}
