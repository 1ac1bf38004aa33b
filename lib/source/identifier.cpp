// SPDX-License-Identifier: Apache-2.0
#include "source/identifier.h"

#include <cstdint>

namespace hcl::source {

namespace {

struct IdentifierPattern {
  uint8_t length;
  uint8_t range[6];  // lo, hi of each byte after the lead
};

#include "source/identifier_table.inc"

// Patterns of one lead byte all have the same length (the lead's UTF-8 length), so the first
// one that matches is the match.
size_t match(const IdentifierPattern* patterns, const uint16_t* by_lead, const unsigned char* p,
             const unsigned char* end) {
  unsigned lead = *p - 0x80u;
  for (uint16_t i = by_lead[lead]; i < by_lead[lead + 1]; ++i) {
    const IdentifierPattern& pat = patterns[i];
    if (end - p < pat.length) return 0;
    bool ok = true;
    for (int k = 1; k < pat.length && ok; ++k) ok = p[k] >= pat.range[2 * k - 2] && p[k] <= pat.range[2 * k - 1];
    if (ok) return pat.length;
  }
  return 0;
}

constexpr bool ascii_letter(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
constexpr bool ascii_continue(unsigned char c) {
  return ascii_letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

}  // namespace

size_t id_start_length(const unsigned char* p, const unsigned char* end) {
  return match(kIdStartPatterns, kIdStartByLead, p, end);
}

size_t id_continue_length(const unsigned char* p, const unsigned char* end) {
  return match(kIdContinuePatterns, kIdContinueByLead, p, end);
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
