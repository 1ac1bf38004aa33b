// SPDX-License-Identifier: Apache-2.0
// Character classes as the reference's Ragel machines match them: byte patterns generated from
// Unicode data files the way its generator builds them, which take some byte sequences that are
// not UTF-8 as characters too (tools/ragel_byte_patterns.mjs). Tables: identifier_table.inc
// (names) and grapheme_table.inc (grapheme clusters).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace hcl::source {

// A byte sequence of `length` bytes from a lead byte (the table's index), each byte after the
// lead within [range[2k], range[2k+1]], and the class it belongs to.
template <class Value>
struct BytePattern {
  uint8_t length;
  Value value;
  uint8_t range[6];
};

// The pattern matching the bytes at p (p < end, *p >= 0x80), or null. `by_lead` holds where each
// lead byte's patterns start (lead 0x80 first) and the end. The table promises (its generator
// checks) that the patterns of one lead byte all have that byte's UTF-8 length, are sorted by
// their second byte's range, and that two such ranges are the same or apart; so a binary search
// on the second byte finds the only run of patterns that can match, and the first that fits is
// the machine's match. (Indic letters share lead 0xE0 with 150 patterns.)
template <class Value>
const BytePattern<Value>* match_byte_pattern(const BytePattern<Value>* patterns, const uint16_t* by_lead,
                                             const unsigned char* p, const unsigned char* end) {
  unsigned lead = *p - 0x80u;
  const BytePattern<Value>* begin = patterns + by_lead[lead];
  const BytePattern<Value>* it = patterns + by_lead[lead + 1];
  if (begin == it || end - p < begin->length) return nullptr;
  unsigned char second = p[1];
  it = std::upper_bound(begin, it, second,
                        [](unsigned char v, const BytePattern<Value>& pat) { return v < pat.range[0]; });
  // Back over the run of patterns whose second byte's range holds `second`.
  while (it != begin) {
    const BytePattern<Value>& pat = *--it;
    if (second > pat.range[1]) return nullptr;
    bool ok = true;
    for (int k = 2; k < pat.length && ok; ++k) ok = p[k] >= pat.range[2 * k - 2] && p[k] <= pat.range[2 * k - 1];
    if (ok) return &pat;
  }
  return nullptr;
}

}  // namespace hcl::source
