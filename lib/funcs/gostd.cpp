// SPDX-License-Identifier: Apache-2.0
#include "funcs/gostd.h"

#include <utf8proc.h>

#include "source/utf8.h"
#include "util/text.h"

namespace hcl::funcs::gostd {

namespace {

constexpr const char* kHex = "0123456789abcdef";

utf8proc_category_t category(char32_t r) { return utf8proc_category(static_cast<utf8proc_int32_t>(r)); }

// Characters the reference (Go 1.19, Unicode 13) does not case-map although utf8proc's newer
// tables do: letters added in Unicode 14 and 15, and U+00DF, whose uppercase U+1E9E Go's
// simple mapping leaves out.
bool has_no_case_mapping(char32_t cp) {
  static constexpr std::pair<char32_t, char32_t> kRanges[] = {
      {0xDF, 0xDF},       {0x2C2F, 0x2C2F},   {0x2C5F, 0x2C5F},   {0xA7C0, 0xA7C1},   {0xA7D0, 0xA7D1},
      {0xA7D6, 0xA7D9},   {0x10570, 0x1057A}, {0x1057C, 0x1058A}, {0x1058C, 0x10592}, {0x10594, 0x10595},
      {0x10597, 0x105A1}, {0x105A3, 0x105B1}, {0x105B3, 0x105B9}, {0x105BB, 0x105BC}};
  for (auto [lo, hi] : kRanges)
    if (cp >= lo && cp <= hi) return true;
  return false;
}

}  // namespace

std::string quote_rune(char32_t r) {
  std::string out = "'";
  switch (r) {
    case '\'': out += "\\'"; break;
    case '\\': out += "\\\\"; break;
    case '\a': out += "\\a"; break;
    case '\b': out += "\\b"; break;
    case '\f': out += "\\f"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    case '\v': out += "\\v"; break;
    default:
      if (util::go_printable(r)) {
        source::utf8::append(out, r);
      } else if (r < 0x20 || r == 0x7F) {
        out += "\\x";
        out += kHex[r >> 4];
        out += kHex[r & 15];
      } else if (r < 0x10000) {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(r >> shift) & 15];
      } else {
        out += "\\U";
        for (int shift = 28; shift >= 0; shift -= 4) out += kHex[(r >> shift) & 15];
      }
  }
  return out + "'";
}

bool is_letter(char32_t r) {
  if (r < 0x80) return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z');
  switch (category(r)) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO: return true;
    default: return false;
  }
}

bool is_digit(char32_t r) {
  if (r < 0x80) return r >= '0' && r <= '9';
  return category(r) == UTF8PROC_CATEGORY_ND;
}

bool is_space(char32_t r) { return source::utf8::is_space(r); }

char32_t to_upper(char32_t r) {
  if (has_no_case_mapping(r)) return r;
  return static_cast<char32_t>(utf8proc_toupper(static_cast<utf8proc_int32_t>(r)));
}

char32_t to_lower(char32_t r) {
  if (has_no_case_mapping(r)) return r;
  return static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(r)));
}

char32_t to_title(char32_t r) {
  if (has_no_case_mapping(r)) return r;
  return static_cast<char32_t>(utf8proc_totitle(static_cast<utf8proc_int32_t>(r)));
}

}  // namespace hcl::funcs::gostd
