// SPDX-License-Identifier: Apache-2.0
// Where formatted text goes (built, streamed or compared with the input), and the lines the
// formatter holds while their alignment is open (private to format/).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "format/format.h"
#include "format/spacing.h"
#include "util/memory.h"

namespace hcl::format::detail {

using K = lex::TokenKind;

// Blank space, then a stretch of the source: the unit the formatter writes. Consecutive tokens
// that the source already spaces right share one piece, so a formatted line is a few pieces
// whatever its length.
struct Piece {
  uint32_t spaces, start, end;  // `spaces` blanks, then the source's bytes [start, end)
};

// Where the formatted text goes, as blank runs and stretches of the formatter's source.
// Build: all of it into a string. Stream: chunks of it to a sink. Compare: checked against the
// input and dropped while they agree, which costs next to nothing when a stretch is the input's
// own bytes at the same place (the usual case: `fmt --check`, or `fmt` of a formatted file). At the
// first difference the agreed prefix is copied and the rest is built (or, when only the verdict is
// wanted, the output stops).
class Output {
 public:
  enum class Mode : uint8_t { Build, Stream, Compare, Stopped };

  static Output build(size_t expected) {
    Output o(Mode::Build);
    o.reserve_text(expected);
    o.grow(0);
    return o;
  }
  static Output stream(const ChunkSink& sink) {
    Output o(Mode::Stream);
    o.sink_ = &sink;
    o.grow(kChunk + kChunk / 4);
    return o;
  }
  static Output compare(std::string_view original, bool need_output) {
    Output o(Mode::Compare);
    o.compare_ = original;
    o.need_output_ = need_output;
    return o;
  }

  // Where the text that pieces are taken from ends: piece may read up to there.
  void text_ends_at(const char* end) { text_end_ = end; }

  bool stopped() const { return mode_ == Mode::Stopped; }
  bool diverged() const { return diverged_; }
  std::string take() {
    buf_.resize(pos_ ? used() : 0);
    pos_ = end_ = nullptr;
    return std::move(buf_);
  }

  void spaces(uint32_t n) {
    if (n == 0) return;
    if (mode_ == Mode::Compare) {
      if (n <= compare_.size() - matched_ && all_spaces(compare_.data() + matched_, n)) {
        matched_ += n;
        return;
      }
      diverge();
    }
    if (mode_ == Mode::Stopped) return;
    reserve(n);
    std::memset(pos_, ' ', n);
    pos_ += n;
    if (mode_ == Mode::Stream && used() >= kChunk) send();
  }

  void text(const char* p, size_t n) {
    if (mode_ == Mode::Compare) {
      const char* at = compare_.data() + matched_;
      if (n <= compare_.size() - matched_ && (p == at || std::memcmp(at, p, n) == 0)) {
        matched_ += n;
        return;
      }
      diverge();
    }
    if (mode_ == Mode::Stopped) return;
    reserve(n);
    std::memcpy(pos_, p, n);
    pos_ += n;
    if (mode_ == Mode::Stream && used() >= kChunk) send();
  }

  // Blank space, then text: a Piece. Comparing, the usual case is the input's own bytes at the
  // place being compared, `n` spaces then the text itself. Building, the usual case is a short
  // indentation or alignment, written with one store of blanks, then the text.
  [[gnu::always_inline]] void piece(uint32_t n, const char* p, size_t len) {
    if (mode_ == Mode::Compare) {
      const char* at = compare_.data() + matched_;
      if (p == at + n && n + len <= compare_.size() - matched_ && spaces_at(at, n)) {
        matched_ += n + len;
        return;
      }
    } else if (mode_ == Mode::Build && n <= kBlanks && len + 2 * kBlanks <= static_cast<size_t>(end_ - pos_)) {
      pos_ = put(pos_, n, p, len);
      return;
    }
    write(n, p, len);  // or a difference
  }

  // The pieces [p, end) of `text`. Building, the usual piece (short blanks, short text, room
  // left) is written with the position held in a register.
  void pieces(const Piece* p, const Piece* end, const char* text) {
    if (mode_ != Mode::Build) {
      for (; p != end; ++p) piece(p->spaces, text + p->start, p->end - p->start);
      return;
    }
    char* pos = pos_;
    for (; p != end; ++p) {
      uint32_t n = p->spaces, len = p->end - p->start;
      if (n <= kBlanks && len + 2 * kBlanks <= static_cast<size_t>(end_ - pos)) {
        pos = put(pos, n, text + p->start, len);
      } else {
        pos_ = pos;
        write(n, text + p->start, len);  // which may move the buffer
        pos = pos_;
      }
    }
    pos_ = pos;
  }

  // Kept out of piece, whose fast paths are inlined where lines are written.
  [[gnu::noinline]] void write(uint32_t n, const char* p, size_t len) {
    spaces(n);
    text(p, len);
  }

  // The end of the text. Returns false when the output stopped before it.
  bool finish() {
    if (mode_ == Mode::Compare && matched_ != compare_.size()) diverge();  // a proper prefix
    if (mode_ == Mode::Stream && used() != 0) send();
    return mode_ != Mode::Stopped;
  }

 private:
  static constexpr size_t kChunk = 64u << 10;
  static constexpr uint32_t kBlanks = 16;
  static constexpr size_t kWindow = 64u << 10;
  explicit Output(Mode mode) : mode_(mode) {}

  // The text is written through pos_ into buf_, whose size is its capacity (end_) until take.
  size_t used() const { return static_cast<size_t>(pos_ - buf_.data()); }
  void reserve(size_t n) {
    if (static_cast<size_t>(end_ - pos_) < n) grow(n);
  }
  // Room for the whole text, expected to be written to its end.
  void reserve_text(size_t n) {
    buf_.reserve(n);
    util::prefer_huge_pages(buf_.data(), buf_.capacity());
  }

  // The string is sized (and so zero-filled) a window at a time, so the bytes are in the cache
  // when they are written; its capacity grows by doubling.
  [[gnu::noinline]] void grow(size_t n) {
    size_t at = pos_ ? used() : 0;
    if (at + n + kBlanks > buf_.capacity()) buf_.reserve(std::max(at + n + kBlanks, 2 * buf_.capacity()));
    buf_.resize(std::min(buf_.capacity(), std::max(at + n + kBlanks, at + kWindow)));
    pos_ = buf_.data() + at;
    end_ = buf_.data() + buf_.size();
  }

  // Writes `n` <= kBlanks blanks and the `len` bytes at `p` at `at`, where there is room for
  // `len` + 2 * kBlanks bytes: the blanks as one block of kBlanks, and a short text as one block
  // of kBlanks bytes too (when the text it is taken from goes on that far); what the blocks write
  // past the piece's end is overwritten next (or dropped by take). Returns the piece's end.
  char* put(char* at, uint32_t n, const char* p, size_t len) const {
    static constexpr char kSpaceRun[kBlanks + 1] = "                ";
    std::memcpy(at, kSpaceRun, kBlanks);
    if (len <= kBlanks && p + kBlanks <= text_end_) std::memcpy(at + n, p, kBlanks);
    else std::memcpy(at + n, p, len);
    return at + n + len;
  }

  // all_spaces for the `n` bytes at `at` in compare_: a short run (indentation, alignment) is
  // one word read, ending at the run's end.
  bool spaces_at(const char* at, uint32_t n) const {
    if constexpr (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {  // std::endian, where libc++ lacks it
      if (n == 0) return true;
      if (n <= 8 && at + n >= compare_.data() + 8) {
        uint64_t w;
        std::memcpy(&w, at + n - 8, 8);
        return ((w ^ 0x2020202020202020ULL) >> (64 - 8 * n)) == 0;
      }
    }
    return all_spaces(at, n);
  }

  static bool all_spaces(const char* p, uint32_t n) {
    constexpr uint64_t kSpaces = 0x2020202020202020ULL;
    for (; n >= 8; n -= 8, p += 8) {
      uint64_t w;
      std::memcpy(&w, p, 8);
      if (w != kSpaces) return false;
    }
    for (uint32_t i = 0; i < n; ++i)
      if (p[i] != ' ') return false;
    return true;
  }

  void diverge() {
    diverged_ = true;
    if (!need_output_) {
      mode_ = Mode::Stopped;
      return;
    }
    reserve_text(compare_.size() + compare_.size() / 8 + 64);
    grow(matched_);
    std::memcpy(pos_, compare_.data(), matched_);
    pos_ += matched_;
    mode_ = Mode::Build;
  }

  void send() {
    if (!(*sink_)(std::string_view(buf_.data(), used()))) mode_ = Mode::Stopped;
    pos_ = buf_.data();
  }

  Mode mode_;
  std::string buf_;
  char* pos_ = nullptr;  // where the next byte goes in buf_
  char* end_ = nullptr;  // buf_'s end
  const ChunkSink* sink_ = nullptr;
  const char* text_end_ = nullptr;
  std::string_view compare_;
  size_t matched_ = 0;
  bool need_output_ = true;
  bool diverged_ = false;
};

// A finished line whose alignment may still be open: its pieces (absolute numbers) and the two
// that alignment spaces, with the widths alignment needs.
struct Line {
  uint32_t piece_begin, piece_end;
  uint32_t assign;        // the piece starting at the assign cell's "=", or kNone
  uint32_t comment;       // the piece of the comment cell, or kNone
  uint32_t lead_columns;  // width of the lead cell, indentation included
  uint32_t assign_rest;   // width of the assign cell without the space before its "=" (with a comment)
};

// A line of a run of "=" lines whose cells are one piece each (see Formatter::add_plain): where
// it starts (its indentation included), its lead cell [begin, lead_end), its assign cell
// [eq_start, end), where its comment cell starts or kNone, its indentation and lead cell's
// columns. A line with a comment cell was a lazy line, whose tokens are as wide as they are long
// (its assign cell's columns are its bytes), and the comment a "#" or "//" one that holds the
// line's newline.
struct PlainLine {
  uint32_t line_start, begin, lead_end, eq_start, end, comment, indent, lead;
};

// A run of lines ending in comments, [start, end) in line numbers, whose alignment waits for the
// assign cells of those lines to be aligned first.
struct CommentRun {
  uint32_t start, end;
};

}  // namespace hcl::format::detail
