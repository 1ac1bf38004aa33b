// SPDX-License-Identifier: Apache-2.0
// The bytes Go's encoding/json copies into a string literal as they are, for the scanners that
// skip them in runs (util::append_json_escaped, the JSON writer's fused copy).
#pragma once

#include <array>

#include "util/byte_runs.h"

namespace hcl::util {

// Bytes below 0x80 that encoding/json copies as they are.
template <bool kEscapeHtml>
constexpr bool plain_json_ascii(unsigned char c) {
  return c >= 0x20 && c != '"' && c != '\\' && (!kEscapeHtml || (c != '<' && c != '>' && c != '&'));
}

// The same as a table (one load a byte on the common path); bytes from 0x80 are not plain.
template <bool kEscapeHtml>
constexpr std::array<bool, 256> kPlainJson = [] {
  std::array<bool, 256> t{};
  for (unsigned c = 0; c < 0x80; ++c) t[c] = plain_json_ascii<kEscapeHtml>(static_cast<unsigned char>(c));
  return t;
}();

template <bool kEscapeHtml>
inline bool is_plain_json(unsigned char c) {
  return kPlainJson<kEscapeHtml>[c];
}

#if defined(__SSE2__)
template <bool kEscapeHtml>
inline __m128i not_plain_json(__m128i v) {
  // As signed bytes, controls and every byte from 0x80 up are below 0x20.
  __m128i stop = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)), _mm_or_si128(byte_eq(v, '"'), byte_eq(v, '\\')));
  if constexpr (kEscapeHtml)
    stop = _mm_or_si128(stop, _mm_or_si128(_mm_or_si128(byte_eq(v, '<'), byte_eq(v, '>')), byte_eq(v, '&')));
  return stop;
}
#endif

}  // namespace hcl::util
