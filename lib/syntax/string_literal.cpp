// SPDX-License-Identifier: Apache-2.0
#include "syntax/string_literal.h"

#include <fmt/format.h>

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

}  // namespace

std::string decode_literal(std::string_view text, bool quoted, const source::SourceFile* file, uint32_t offset,
                           diag::Diagnostics* diags) {
  std::string out;
  out.reserve(text.size());
  auto report = [&](size_t from, size_t to, std::string detail) {
    if (!diags || !file) return;
    diag::Diagnostic d;
    d.summary = "Invalid escape sequence";
    d.detail = std::move(detail);
    d.subject = file->range(offset + static_cast<uint32_t>(from), offset + static_cast<uint32_t>(to));
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
        size_t want = sel == 'u' ? 4 : 8;
        size_t k = 0;
        while (k < want && i + 2 + k < text.size() && is_hex(text[i + 2 + k])) ++k;
        size_t end = i + 2 + k;
        if (k != want) {
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
