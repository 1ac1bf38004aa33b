// SPDX-License-Identifier: Apache-2.0
#include "util/text.h"

#include <utf8proc.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include "source/utf8.h"
#include "util/byte_runs.h"
#include "util/json_bytes.h"

namespace hcl::util {

namespace {

std::vector<char32_t> scalars(std::string_view s) {
  std::vector<char32_t> out;
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = source::utf8::decode(s, i, cp);
    if (n == 0) {
      out.push_back(0xFFFD);
      ++i;
    } else {
      out.push_back(cp);
      i += static_cast<size_t>(n);
    }
  }
  return out;
}

}  // namespace

bool go_printable(char32_t cp) {
  if (cp < 0x20 || cp == 0x7F) return false;
  if (cp < 0x7F) return true;
  // Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_CN:
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_ZS:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP: return false;
    default: return true;
  }
}

std::string hclwrite_quote(std::string_view value) {
  std::string out = "\"";
  append_hclwrite_escaped(out, source::utf8::to_nfc(value), true);  // NFC: as cty.StringVal stores it
  out += '"';
  return out;
}

void append_hclwrite_escaped(std::string& out, std::string_view s, bool markup_literal) {
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = source::utf8::decode(s, i, cp);
    if (n == 0) {
      cp = 0xFFFD;  // Go ranges over a bad byte as U+FFFD
      n = 1;
    }
    size_t next = i + static_cast<size_t>(n);
    switch (cp) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '$':
      case '%':
        out += static_cast<char>(cp);
        if (markup_literal && next < s.size() && s[next] == '{') out += static_cast<char>(cp);  // $${ and %%{
        break;
      default:
        if (go_printable(cp)) {
          source::utf8::append(out, cp);
        } else {
          char buf[16];
          if (cp < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
          else std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(cp));
          out += buf;
        }
    }
    i = next;
  }
}

namespace {

template <bool kEscapeHtml>
void escape_json(std::string& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  size_t start = 0;
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    // Strings are mostly plain: runs of plain bytes are skipped sixteen at a time.
    i = run_end<is_plain_json<kEscapeHtml>, HCL_SSE2_MASK(not_plain_json<kEscapeHtml>)>(s.data(), i, n);
    if (i == n) break;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out.append(s.data() + start, i - start);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          // Go 1.19's encoder spells \b and \f as \u0008 and \u000c too.
          out.append("\\u00");
          out.push_back(kHex[c >> 4]);
          out.push_back(kHex[c & 0xF]);
      }
      start = ++i;
      continue;
    }
    char32_t cp;
    int len = source::utf8::decode(s, i, cp);
    if (len == 0) {
      // utf8.DecodeRuneInString: an invalid byte is one RuneError.
      out.append(s.data() + start, i - start);
      out.append("\\ufffd");
      start = ++i;
      continue;
    }
    if (cp == 0x2028 || cp == 0x2029) {
      out.append(s.data() + start, i - start);
      out.append(cp == 0x2028 ? "\\u2028" : "\\u2029");
      i += static_cast<size_t>(len);
      start = i;
      continue;
    }
    i += static_cast<size_t>(len);
  }
  out.append(s.data() + start, n - start);
}

}  // namespace

namespace {

const char* const kHex = "0123456789abcdef";

void append_hex_byte(std::string& out, unsigned char b) {
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

// Go's escape of a code point it does not print as it is (strconv.Quote).
void append_go_escape(std::string& out, char32_t cp) {
  switch (cp) {
    case '"': out += "\\\""; return;
    case '\\': out += "\\\\"; return;
    case '\a': out += "\\a"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    case '\v': out += "\\v"; return;
    default: break;
  }
  if (cp < 0x80) {
    append_hex_byte(out, static_cast<unsigned char>(cp));
  } else if (cp < 0x10000) {
    out += "\\u";
    for (int sh = 12; sh >= 0; sh -= 4) out += kHex[(cp >> sh) & 15];
  } else {
    out += "\\U";
    for (int sh = 28; sh >= 0; sh -= 4) out += kHex[(cp >> sh) & 15];
  }
}

// Appends s with the code points `escape` picks written as Go escapes, invalid bytes as \xHH.
template <class Escape>
void append_escaped(std::string& out, std::string_view s, Escape escape) {
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = source::utf8::decode(s, i, cp);
    if (n == 0) {
      append_hex_byte(out, static_cast<unsigned char>(s[i++]));
      continue;
    }
    if (escape(cp)) {
      append_go_escape(out, cp);
    } else {
      out.append(s.substr(i, static_cast<size_t>(n)));
    }
    i += static_cast<size_t>(n);
  }
}

}  // namespace

std::string go_quote(std::string_view s) {
  std::string out = "\"";
  append_escaped(out, s, [](char32_t cp) { return cp == '"' || cp == '\\' || !go_printable(cp); });
  out += '"';
  return out;
}

std::string escape_controls(std::string_view s, std::string_view keep) {
  std::string out;
  out.reserve(s.size());
  append_escaped(out, s, [keep](char32_t cp) {
    bool control = cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0);
    return control && keep.find(static_cast<char>(cp)) == std::string_view::npos;
  });
  return out;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  auto x = scalars(a), y = scalars(b);
  std::vector<size_t> prev(y.size() + 1), cur(y.size() + 1);
  for (size_t j = 0; j <= y.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= x.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= y.size(); ++j) {
      size_t cost = x[i - 1] == y[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
    }
    std::swap(prev, cur);
  }
  return prev[y.size()];
}

std::string_view name_suggestion(std::string_view given, const std::vector<std::string_view>& candidates) {
  for (auto c : candidates)
    if (edit_distance(given, c) < 3) return c;
  return {};
}

void append_json_escaped(std::string& out, std::string_view s, bool escape_html) {
  if (escape_html) {
    escape_json<true>(out, s);
  } else {
    escape_json<false>(out, s);
  }
}

std::string json_quoted(std::string_view s, bool escape_html) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  append_json_escaped(out, s, escape_html);
  out += '"';
  return out;
}

std::string uri_encode_path(std::string_view path) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
                 c == '_' || c == '~' || c == '/';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace hcl::util
