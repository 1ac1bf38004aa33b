// SPDX-License-Identifier: Apache-2.0
#include "syntax/string_literal.h"

#include <fmt/format.h>

#include <algorithm>

#include "source/source_file.h"
#include "source/utf8.h"
#include "util/text.h"

namespace hcl::syntax {

namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The reference's notion of one character after a backslash (AnyUTF8 of its scanner).
size_t loose_char_len(std::string_view s, size_t at) {
  auto c = static_cast<unsigned char>(s[at]);
  size_t n = c < 0x80                   ? 1
             : (c >= 0xC0 && c <= 0xDF) ? 2
             : (c >= 0xE0 && c <= 0xEF) ? 3
             : (c >= 0xF0 && c <= 0xF7) ? 4
                                        : 0;
  if (n == 0 || at + n > s.size()) return 0;
  for (size_t i = 1; i < n; ++i)
    if ((static_cast<unsigned char>(s[at + i]) & 0xC0) != 0x80) return 0;
  return n;
}

// The end of the \u or \U escape at `at`: its hex digits, up to four or eight.
size_t unicode_escape_end(std::string_view s, size_t at) {
  size_t end = at + 2, limit = at + 2 + (s[at + 1] == 'u' ? 4 : 8);
  while (end < limit && end < s.size() && is_hex(s[end])) ++end;
  return end;
}

// Where the slice of a string literal that starts at `at` ends, as the reference's scanner
// (scan_string_lit.rl) cuts a literal: an escape sequence, a "$" or "%" with what may follow it
// ("$$", "$${"), a line ending, or a run of other bytes.
size_t slice_end(std::string_view s, size_t at, bool quoted) {
  char c = s[at];
  if (quoted && c == '\\') {
    if (at + 1 >= s.size()) return at + 1;
    char sel = s[at + 1];
    if (sel == 'u' || sel == 'U') return unicode_escape_end(s, at);
    return at + 1 + loose_char_len(s, at + 1);
  }
  if (c == '$' || c == '%') {
    size_t end = at + 1;
    if (end < s.size() && s[end] == c) {
      ++end;
      if (end < s.size() && s[end] == '{') ++end;
    }
    return end;
  }
  if (c == '\r') return at + 1 < s.size() && s[at + 1] == '\n' ? at + 2 : at + 1;
  if (c == '\n') return at + 1;
  size_t end = at + 1;
  while (end < s.size() && s[end] != '$' && s[end] != '%' && s[end] != '\r' && s[end] != '\n' &&
         !(quoted && s[end] == '\\'))
    ++end;
  return end;
}

}  // namespace

std::string decode_literal(std::string_view text, bool quoted, const source::SourceFile* file, uint32_t offset,
                           diag::Diagnostics* diags) {
  std::string out;
  out.reserve(text.size());
  // The reference places an escape's diagnostic by walking the literal slice by slice from the
  // token's start, counting each slice's grapheme clusters on their own: a combining mark after
  // an escape is a column of its own there, where positions elsewhere (SourceFile::position)
  // count clusters token by token. Walked only as far as a diagnostic needs, once.
  size_t walked = 0;
  source::Pos at{};
  bool walking = false;
  auto walk_to = [&](size_t to) {
    if (!walking) {
      at = file->position(offset);
      walking = true;
    }
    while (walked < to) {
      size_t end = std::min(slice_end(text, walked, quoted), to);
      std::string_view slice = text.substr(walked, end - walked);
      if (slice[0] == '\r' || slice[0] == '\n') {
        ++at.line;
        at.column = 1;
      } else {
        at.column += source::grapheme_count(slice);
      }
      at.byte += static_cast<uint32_t>(slice.size());
      walked = end;
    }
    return at;
  };
  auto report = [&](size_t from, size_t to, std::string detail) {
    if (!diags || !file) return;
    diag::Diagnostic d;
    d.summary = "Invalid escape sequence";
    d.detail = std::move(detail);
    source::Range r;
    r.filename = file->file_name();
    r.start = walk_to(from);
    r.end = walk_to(to);
    d.subject = r;
    diags->push_back(std::move(d));
  };
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (quoted && c == '\\') {
      if (i + 1 >= text.size() || (text[i + 1] != 'u' && text[i + 1] != 'U' && loose_char_len(text, i + 1) == 0)) {
        report(i, i + 1, "Backslash must be followed by an escape sequence selector character.");
        out += '\\';
        ++i;
        continue;
      }
      char sel = text[i + 1];
      if (sel == 'u' || sel == 'U') {
        size_t end = unicode_escape_end(text, i), k = end - i - 2;
        if (k != (sel == 'u' ? 4u : 8u)) {
          report(i, end,
                 sel == 'u' ? "The \\u escape sequence must be followed by four hexadecimal digits."
                            : "The \\U escape sequence must be followed by eight hexadecimal digits.");
          out.append(text.substr(i, end - i));
          i = end;
          continue;
        }
        uint32_t cp = static_cast<uint32_t>(std::stoul(std::string(text.substr(i + 2, k)), nullptr, 16));
        if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
          report(i, end, fmt::format("Cannot encode character U+{:04x} in UTF-8.", cp));
          out.append(text.substr(i, end - i));
          i = end;
          continue;
        }
        source::utf8::append(out, cp);
        i = end;
        continue;
      }
      size_t n = loose_char_len(text, i + 1);
      switch (sel) {
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        default: {
          std::string_view symbol = text.substr(i + 1, n);
          report(i, i + 1 + n,
                 fmt::format("The symbol {} is not a valid escape sequence selector.", util::go_quote(symbol)));
          out.append(symbol);
        }
      }
      i += 1 + n;
      continue;
    }
    if ((c == '$' || c == '%') && i + 2 < text.size() && text[i + 1] == c && text[i + 2] == '{') {
      out += c;
      out += '{';
      i += 3;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

}  // namespace hcl::syntax
