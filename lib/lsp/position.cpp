// SPDX-License-Identifier: Apache-2.0
#include "lsp/position.h"

#include <algorithm>

namespace hcl::lsp {

CharWidth char_width(std::string_view text, size_t i, Encoding e) {
  auto c = static_cast<unsigned char>(text[i]);
  // A byte that does not start a well-formed sequence counts alone, so every offset of binary
  // content stays reachable in both encodings.
  uint32_t n = c < 0x80                          ? 1
               : (c & 0xE0) == 0xC0 && c >= 0xC2 ? 2
               : (c & 0xF0) == 0xE0              ? 3
               : (c & 0xF8) == 0xF0 && c <= 0xF4 ? 4
                                                 : 0;
  if (n == 0 || i + n > text.size()) return {1, 1};
  for (uint32_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return {1, 1};
  if (e == Encoding::Utf8) return {n, n};
  return {n, n == 4 ? 2u : 1u};
}

uint32_t unit_count(std::string_view text, uint32_t from, uint32_t to, Encoding e) {
  if (e == Encoding::Utf8) return to - from;
  uint32_t units = 0;
  for (size_t i = from; i < to;) {
    CharWidth w = char_width(text, i, e);
    i += w.bytes;
    units += w.units;
  }
  return units;
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  // Lines end at "\n", "\r\n" or a lone "\r", as the client splits them (LSP 3.17, "Text
  // Documents"); the last case is rare enough to search for only when the text has a "\r".
  if (text.find('\r') == std::string_view::npos) {
    for (size_t i = text.find('\n'); i != std::string_view::npos; i = text.find('\n', i + 1))
      starts_.push_back(static_cast<uint32_t>(i + 1));
    return;
  }
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n' && text[i] != '\r') continue;
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    starts_.push_back(static_cast<uint32_t>(i + 1));
  }
}

uint32_t LineIndex::line_end(uint32_t line) const {
  if (line + 1 >= starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t end = starts_[line + 1] - 1;  // the line ending's last byte
  if (text_[end] == '\n' && end > starts_[line] && text_[end - 1] == '\r') --end;
  return end;
}

uint32_t LineIndex::offset(Position p, Encoding e) const {
  if (p.line >= starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t i = starts_[p.line], end = line_end(p.line);
  uint32_t units = 0;
  while (i < end) {
    CharWidth w = char_width(text_, i, e);
    if (units + w.units > p.character) break;
    units += w.units;
    i += w.bytes;
  }
  return i;
}

uint32_t LineIndex::line_of(uint32_t offset) const {
  uint32_t line = last_line_;
  if (offset >= starts_[line] && (line + 1 == starts_.size() || offset < starts_[line + 1])) return line;
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  return last_line_ = static_cast<uint32_t>(it - starts_.begin()) - 1;
}

Position LineIndex::position(uint32_t offset, Encoding e) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  uint32_t line = line_of(offset);
  // Between a "\r" and its "\n" is no position a client can name: it is the line's end.
  offset = std::min(offset, line_end(line));
  if (e == Encoding::Utf8) {
    // An offset inside a character counts it, as in UTF-16 below: a client can name only
    // character boundaries. (A diagnostic may cover one byte of a character: JSON's scanner
    // reports the byte it stopped at.)
    for (uint32_t back = 1; back <= 3 && offset >= starts_[line] + back; ++back) {
      uint32_t bytes = char_width(text_, offset - back, e).bytes;
      if (bytes > back) offset += bytes - back;  // the character starts `back` bytes before
      if (bytes > 1) break;
    }
    return Position{line, offset - starts_[line]};
  }
  Cursor& c = cursor_;
  if (c.line != line || c.encoding != e || c.offset > offset) c = Cursor{e, line, starts_[line], 0};
  // Whole characters from the cursor on: an offset inside one counts it, as from the line's start.
  while (c.offset < offset) {
    CharWidth w = char_width(text_, c.offset, e);
    c.offset += w.bytes;
    c.units += w.units;
  }
  return Position{line, c.units};
}

}  // namespace hcl::lsp
