// SPDX-License-Identifier: Apache-2.0
#include "source/identifier.h"

#include <cstdint>

#include "source/byte_patterns.h"

namespace hcl::source {

namespace {

using IdentifierPattern = BytePattern<uint8_t>;

#include "source/identifier_table.inc"

constexpr bool ascii_letter(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
constexpr bool ascii_continue(unsigned char c) {
  return ascii_letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

}  // namespace

size_t id_start_length(const unsigned char* p, const unsigned char* end) {
  const IdentifierPattern* m = match_byte_pattern(kIdStartPatterns, kIdStartByLead, p, end);
  return m ? m->length : 0;
}

size_t id_continue_length(const unsigned char* p, const unsigned char* end) {
  const IdentifierPattern* m = match_byte_pattern(kIdContinuePatterns, kIdContinueByLead, p, end);
  return m ? m->length : 0;
}

size_t identifier_end(std::string_view s, size_t at) {
  auto* p = reinterpret_cast<const unsigned char*>(s.data()) + at;
  auto* end = reinterpret_cast<const unsigned char*>(s.data()) + s.size();
  if (p >= end) return at;
  if (ascii_letter(*p) || *p == '_') ++p;
  else if (*p < 0x80) return at;
  else if (size_t n = id_start_length(p, end)) p += n;
  else return at;
  while (p < end) {
    if (*p < 0x80) {
      if (!ascii_continue(*p)) break;
      ++p;
    } else if (size_t n = id_continue_length(p, end)) {
      p += n;
    } else {
      break;
    }
  }
  return static_cast<size_t>(p - reinterpret_cast<const unsigned char*>(s.data()));
}

}  // namespace hcl::source
