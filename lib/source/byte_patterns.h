// SPDX-License-Identifier: Apache-2.0
// Character classes as the reference's Ragel machines match them: byte patterns generated from
// Unicode data files the way its generator builds them, which take some byte sequences that are
// not UTF-8 as characters too (tools/ragel_byte_patterns.mjs). Tables: identifier_table.inc
// (names) and grapheme_table.inc (grapheme clusters).
#pragma once

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
// lead byte's patterns start (lead 0x80 first) and the end. All patterns of one lead byte have
// its UTF-8 length and no two of them overlap, so the first one that fits is the machine's match.
template <class Value>
const BytePattern<Value>* match_byte_pattern(const BytePattern<Value>* patterns, const uint16_t* by_lead,
                                             const unsigned char* p, const unsigned char* end) {
  unsigned lead = *p - 0x80u;
  for (uint16_t i = by_lead[lead]; i < by_lead[lead + 1]; ++i) {
    const BytePattern<Value>& pat = patterns[i];
    if (end - p < pat.length) return nullptr;
    bool ok = true;
    for (int k = 1; k < pat.length && ok; ++k) ok = p[k] >= pat.range[2 * k - 2] && p[k] <= pat.range[2 * k - 1];
    if (ok) return &pat;
  }
  return nullptr;
}

}  // namespace hcl::source
