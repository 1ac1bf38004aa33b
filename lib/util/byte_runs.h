// SPDX-License-Identifier: Apache-2.0
// The end of a run of bytes of one class: sixteen bytes at a time with SSE2 (part of every x86-64
// CPU) while sixteen remain, then a byte at a time (and throughout elsewhere), so no load reads
// past the end. The lexer's runs (lex/scan.h), JSON escaping and the
// formatter's column scan are built on it.
#pragma once

#include <cstddef>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hcl::util {

#if defined(__SSE2__)
// A sixteen-byte mask of v's bytes equal to c.
inline __m128i byte_eq(__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); }
// What a run_end caller passes as Outside: the mask function with SSE2, nothing without.
#define HCL_SSE2_MASK(f) f
#else
#define HCL_SSE2_MASK(f) 0
#endif

// The position of the first byte of s[p, size) outside the class In, or size. With SSE2,
// Outside(v) gives the mask of a sixteen-byte block's bytes outside the class (it must agree with
// In). Positions are of the caller's index type (the lexer's are 32-bit).
template <bool (*In)(unsigned char), auto Outside, class Index>
inline Index run_end(const char* s, Index p, Index size) {
#if defined(__SSE2__)
  while (p + 16 <= size) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + p));
    if (unsigned stop = static_cast<unsigned>(_mm_movemask_epi8(Outside(v))))
      return p + static_cast<Index>(__builtin_ctz(stop));
    p += 16;
  }
#endif
  while (p < size && In(static_cast<unsigned char>(s[p]))) ++p;
  return p;
}

// run_end over s, which lies in a buffer readable up to `readable_end` (a view of a source file):
// when sixteen bytes from s's start may be read, a short s is checked as one block of them.
template <bool (*In)(unsigned char), auto Outside>
inline size_t run_end_within(std::string_view s, const char* readable_end) {
#if defined(__SSE2__)
  if (s.size() <= 16 && readable_end - s.data() >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data()));
    auto stop = static_cast<unsigned>(_mm_movemask_epi8(Outside(v))) | (1u << s.size());
    return static_cast<size_t>(__builtin_ctz(stop));
  }
#endif
  return run_end<In, Outside>(s.data(), size_t{0}, s.size());
}

}  // namespace hcl::util
