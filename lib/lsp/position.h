// SPDX-License-Identifier: Apache-2.0
// Positions as the protocol counts them (a line and a character offset within it, in UTF-16 code
// units unless the client chose UTF-8) against byte offsets, as everything below counts them. This
// is the one place that converts between the two.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace hcl::lsp {

enum class Encoding : uint8_t { Utf16, Utf8 };

struct Position {
  uint32_t line = 0;
  uint32_t character = 0;
};

class LineIndex {
 public:
  LineIndex() = default;
  explicit LineIndex(std::string_view text);

  // The byte offset of a position. Positions beyond a line's end mean its end, and lines beyond
  // the last mean the end of the text (LSP 3.17, "Position"); a position inside a character's
  // UTF-8 sequence or UTF-16 surrogate pair means the start of that character.
  uint32_t offset(Position p, Encoding e) const;
  // Cheap for offsets asked in increasing order on one line (a cursor is kept), so the tokens of
  // a single very long line cost linear time, not quadratic.
  Position position(uint32_t offset, Encoding e) const;
  // The 0-based line holding a byte offset (the same in every encoding).
  uint32_t line_of(uint32_t offset) const;

  uint32_t line_count() const { return static_cast<uint32_t>(starts_.size()); }
  uint32_t line_start(uint32_t line) const { return starts_[line]; }
  // Where a line's text ends: before its line ending ("\n", "\r\n" or "\r").
  uint32_t line_end(uint32_t line) const;

 private:
  std::string_view text_;
  std::vector<uint32_t> starts_{0};
  // The last position computed: a character boundary on `line`, `units` into it.
  struct Cursor {
    Encoding encoding = Encoding::Utf16;
    uint32_t line = UINT32_MAX, offset = 0, units = 0;
  };
  mutable Cursor cursor_;
  // The line last found, tried before searching: answers ask for offsets in document order,
  // mostly on the line of the one before.
  mutable uint32_t last_line_ = 0;
};

// The length of one character starting at text[i] in bytes (1 for a byte that does not start a
// well-formed UTF-8 sequence) and in the units of `e`.
struct CharWidth {
  uint32_t bytes;
  uint32_t units;
};
CharWidth char_width(std::string_view text, size_t i, Encoding e);

// How many units of `e` the bytes [from, to) of text take.
uint32_t unit_count(std::string_view text, uint32_t from, uint32_t to, Encoding e);

}  // namespace hcl::lsp
