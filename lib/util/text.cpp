#include "util/text.h"

#include <utf8proc.h>

#include <algorithm>

#include "source/utf8.h"

namespace hcl {

namespace {

std::vector<char32_t> scalars(std::string_view s) {
  std::vector<char32_t> out;
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = utf8::decode(s, i, cp);
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
    case UTF8PROC_CATEGORY_ZP:
      return false;
    default:
      return true;
  }
}

}  // namespace

std::string go_quote(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = utf8::decode(s, i, cp);
    if (n == 0) {
      unsigned char b = static_cast<unsigned char>(s[i]);
      out += "\\x";
      out += hex[b >> 4];
      out += hex[b & 15];
      ++i;
      continue;
    }
    i += static_cast<size_t>(n);
    switch (cp) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\a': out += "\\a"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      case '\v': out += "\\v"; continue;
      default: break;
    }
    if (go_printable(cp)) {
      utf8::append(out, cp);
    } else if (cp < 0x80) {
      out += "\\x";
      out += hex[cp >> 4];
      out += hex[cp & 15];
    } else if (cp < 0x10000) {
      out += "\\u";
      for (int sh = 12; sh >= 0; sh -= 4) out += hex[(cp >> sh) & 15];
    } else {
      out += "\\U";
      for (int sh = 28; sh >= 0; sh -= 4) out += hex[(cp >> sh) & 15];
    }
  }
  out += '"';
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

}  // namespace hcl
