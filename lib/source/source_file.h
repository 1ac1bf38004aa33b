// SPDX-License-Identifier: Apache-2.0
// A source file: the bytes, the name used in diagnostics, and the mapping from byte offsets to
// line/column positions as HCL reports them.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "source/file_name.h"

namespace hcl::source {

// A position as HCL reports it: lines and columns count from 1, bytes from 0. Columns count
// grapheme clusters (a tab is one column), as hcl.Pos does.
struct Pos {
  uint32_t line = 1;
  uint32_t column = 1;
  uint32_t byte = 0;
  friend bool operator==(const Pos&, const Pos&) = default;
};

// A resolved source range, the form diagnostics carry.
struct Range {
  FileName filename;
  Pos start;
  Pos end;
  friend bool operator==(const Range&, const Range&) = default;
};

class SourceFile {
 public:
  SourceFile(FileName name, std::string text);
  // Bytes held elsewhere (a mapped file): `owner` keeps `text` alive as long as the file lives.
  SourceFile(FileName name, std::shared_ptr<const void> owner, std::string_view text);

  const std::string& name() const { return name_.str(); }
  FileName file_name() const { return name_; }
  std::string_view text() const { return text_; }
  uint32_t size() const { return static_cast<uint32_t>(text_.size()); }

  // Length of a leading UTF-8 byte-order mark (0 or 3). The reference skips it silently and keeps
  // counting columns from 1 after it, although the specification forbids it.
  uint32_t bom_length() const { return bom_; }

  // Resolve a byte offset. Cheap for offsets requested in increasing order (a cursor is kept), so
  // diagnostics for many tokens on one very long line stay linear.
  Pos position(uint32_t offset) const;

  // Records a boundary between tokens (offsets in increasing order; others are ignored). The
  // reference counts the columns of each token on its own, and the blanks between tokens one by
  // one, so no grapheme cluster spans a token's start or end: a combining mark right after a
  // quote is a column of its own. Only boundaries with a byte outside ASCII at or up to three
  // bytes before them are kept: a cluster can cross no other (go-textseg's tables take ASCII
  // bytes into a cluster only after a lead byte, "\xEB  " being one), so most files keep none.
  void add_token_start(uint32_t offset) const {
    if (offset >= text_.size()) return;
    auto byte = [&](uint32_t i) { return static_cast<unsigned char>(text_[i]); };
    bool near = byte(offset) >= 0x80;
    for (uint32_t k = 1; k <= 3 && k <= offset && !near; ++k) near = byte(offset - k) >= 0x80;
    if (near) keep_token_start(offset);
  }
  // Records a token (tokens in increasing order): its start, as add_token_start, and any newline
  // inside it that the reference does not count. It counts a token's lines by its grapheme
  // clusters, and a newline is a line break only as a cluster of its own; after a byte that is
  // not UTF-8, go-textseg's tables can take it into a cluster ("x\xCD\n": 0xCD and any byte up
  // to 0xAF is a mark), and then the line goes on.
  void add_token(uint32_t start, uint32_t end) const {
    add_token_start(start);
    add_token_start(end);
    for (uint32_t i = start + 1; i < end; ++i) {
      const void* nl = std::memchr(text_.data() + i, '\n', end - i);
      if (!nl) break;
      i = static_cast<uint32_t>(static_cast<const char*>(nl) - text_.data());
      if (static_cast<unsigned char>(text_[i - 1]) >= 0x80) return join_newlines(start, end);
    }
  }
  Range range(uint32_t start, uint32_t end) const;

  // Byte offset where a 1-based line starts (after the byte-order mark on line 1).
  uint32_t line_offset(uint32_t line) const;

  // The 1-based line holding a byte offset, and the offset where that line starts (after its
  // "\n"; line 1 at 0, a byte-order mark included).
  std::pair<uint32_t, uint32_t> line_at(uint32_t offset) const;

  // The text of a 1-based line, without its line terminator.
  std::string_view line_text(uint32_t line) const;
  uint32_t line_count() const;

 private:
  void build_lines() const;

  FileName name_;
  std::shared_ptr<const void> owner_;  // what holds the bytes
  std::string_view text_;
  uint32_t bom_ = 0;
  mutable std::vector<uint32_t> line_starts_;
  mutable std::vector<uint32_t> token_starts_;
  void keep_token_start(uint32_t offset) const;
  void join_newlines(uint32_t start, uint32_t end) const;
  mutable std::vector<uint32_t> joined_newlines_;  // newlines that are no line break, in order
  mutable Pos cursor_{};
  mutable bool lines_built_ = false;
};

// Number of grapheme clusters in a UTF-8 string; each invalid byte counts as one. With
// `last_start`, also where the last cluster starts (0 for an empty string): the last boundary
// the text alone decides, since a cut through a cluster ends the text early.
uint32_t grapheme_count(std::string_view text, size_t* last_start = nullptr);

}  // namespace hcl::source
