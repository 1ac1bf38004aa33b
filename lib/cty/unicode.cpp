// SPDX-License-Identifier: Apache-2.0
#include "cty/unicode.h"

#include <cstdlib>

#include "source/identifier.h"
#include "source/source_file.h"
#include "source/utf8.h"

namespace hcl::cty {

bool is_nfc(std::string_view s) { return source::utf8::is_nfc_quick(s); }

std::string normalize_nfc(std::string_view s) { return source::utf8::to_nfc(s); }

size_t grapheme_length(std::string_view s) { return source::grapheme_count(s); }

std::vector<size_t> grapheme_boundaries(std::string_view s) {
  std::vector<size_t> out;
  out.push_back(0);
  for (size_t i = 0; i < s.size();) {
    i += source::utf8::grapheme_cluster_length(s, i);
    out.push_back(i);
  }
  return out;
}

bool is_valid_identifier(std::string_view s) { return source::is_identifier(s); }

}  // namespace hcl::cty
