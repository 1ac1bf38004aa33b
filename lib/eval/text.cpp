// SPDX-License-Identifier: Apache-2.0
#include "eval/text.h"

#include <utf8proc.h>

#include <cstdlib>

#include "source/source_file.h"
#include "source/utf8.h"

namespace hcl::eval {

bool is_nfc(std::string_view s) { return utf8::is_nfc_quick(s); }

std::string normalize_nfc(std::string_view s) { return utf8::to_nfc(s); }

size_t grapheme_length(std::string_view s) { return grapheme_count(s); }

std::vector<size_t> grapheme_boundaries(std::string_view s) {
  std::vector<size_t> out;
  out.push_back(0);
  utf8proc_int32_t state = 0;
  char32_t prev = 0;
  bool have_prev = false;
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = utf8::decode(s, i, cp);
    if (n == 0) {
      if (out.back() != i) out.push_back(i);
      ++i;
      out.push_back(i);
      have_prev = false;
      state = 0;
      continue;
    }
    if (have_prev && utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                                      static_cast<utf8proc_int32_t>(cp), &state))
      out.push_back(i);
    prev = cp;
    have_prev = true;
    i += static_cast<size_t>(n);
  }
  if (out.back() != s.size()) out.push_back(s.size());
  return out;
}

bool is_valid_identifier(std::string_view s) {
  if (s.empty()) return false;
  size_t i = 0;
  bool first = true;
  while (i < s.size()) {
    char32_t cp;
    int n = utf8::decode(s, i, cp);
    if (n == 0) return false;
    if (first) {
      if (!(utf8::is_id_start(cp) || cp == '_')) return false;
    } else if (!(utf8::is_id_continue(cp) || cp == '-')) {
      return false;
    }
    first = false;
    i += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace hcl::eval
