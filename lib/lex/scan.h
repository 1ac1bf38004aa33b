// SPDX-License-Identifier: Apache-2.0
// The lexer's inner loops: the end of a run of bytes of one class (blanks, identifier bytes,
// literal text in a quoted string or a heredoc), found sixteen bytes at a time with SSE2 (part of
// every x86-64 CPU) and a byte at a time elsewhere and in the last fifteen bytes of the input, so
// no load ever reads past its end. Each run stops at the first byte outside its class; bytes from
// 0x80 up are outside the lexer's classes (the caller decodes those as UTF-8 on its own).
// scan_detail::plain_* are the byte loops the fast versions must agree with (tests/unit/lex).
#pragma once

#include <cstdint>

#include "util/byte_runs.h"

namespace hcl::lex::scan {

namespace scan_detail {

constexpr bool is_blank(unsigned char c) { return c == ' ' || c == '\t'; }
constexpr bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
constexpr bool is_ident_byte(unsigned char c) {
  return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}
// Literal text of a heredoc or a bare template stops at a sequence or a line end.
constexpr bool is_template_text(unsigned char c) { return c < 0x80 && c != '$' && c != '%' && c != '\r' && c != '\n'; }
// Literal text of a quoted string also stops at an escape and at the closing quote.
constexpr bool is_quoted_text(unsigned char c) { return is_template_text(c) && c != '"' && c != '\\'; }

// Text without a sigil ("$", "%") has no template escape ("$${", "%%{"); quoted text also needs
// no backslash to have no escape at all. Any other byte, from 0x80 up too, belongs to these runs.
constexpr bool is_sigil_free(unsigned char c) { return c != '$' && c != '%'; }
constexpr bool is_escape_free(unsigned char c) { return is_sigil_free(c) && c != '\\'; }

template <bool (*In)(unsigned char)>
inline uint32_t plain_run(const char* s, uint32_t p, uint32_t size) {
  while (p < size && In(static_cast<unsigned char>(s[p]))) ++p;
  return p;
}
inline uint32_t plain_blanks(const char* s, uint32_t p, uint32_t size) { return plain_run<is_blank>(s, p, size); }
inline uint32_t plain_ident(const char* s, uint32_t p, uint32_t size) { return plain_run<is_ident_byte>(s, p, size); }
inline uint32_t plain_digits(const char* s, uint32_t p, uint32_t size) { return plain_run<is_digit>(s, p, size); }
inline uint32_t plain_quoted(const char* s, uint32_t p, uint32_t size) { return plain_run<is_quoted_text>(s, p, size); }
inline uint32_t plain_template(const char* s, uint32_t p, uint32_t size) {
  return plain_run<is_template_text>(s, p, size);
}
inline uint32_t plain_sigil_free(const char* s, uint32_t p, uint32_t size) {
  return plain_run<is_sigil_free>(s, p, size);
}
inline uint32_t plain_escape_free(const char* s, uint32_t p, uint32_t size) {
  return plain_run<is_escape_free>(s, p, size);
}

#if defined(__SSE2__)
using util::byte_eq;

// A sixteen-byte mask of `v`'s bytes in [lo, lo + n), with n < 128. SSE2 compares bytes only as
// signed numbers: shifting by 128 - lo moves the range to the bottom of the signed order, where
// one comparison bounds it and every other byte lands above it.
inline __m128i in_range(__m128i v, unsigned char lo, unsigned char n) {
  __m128i shifted = _mm_add_epi8(v, _mm_set1_epi8(static_cast<char>(0x80 - lo)));
  return _mm_cmplt_epi8(shifted, _mm_set1_epi8(static_cast<char>(-128 + n)));
}

// Masks of the bytes that end each kind of run.
inline __m128i not_blank(__m128i v) {
  return _mm_andnot_si128(_mm_or_si128(byte_eq(v, ' '), byte_eq(v, '\t')), _mm_set1_epi8(-1));
}
inline __m128i not_ident(__m128i v) {
  // Setting bit 5 folds upper-case letters onto lower-case ones.
  __m128i letter = in_range(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 26);
  __m128i name =
      _mm_or_si128(_mm_or_si128(letter, in_range(v, '0', 10)), _mm_or_si128(byte_eq(v, '_'), byte_eq(v, '-')));
  return _mm_andnot_si128(name, _mm_set1_epi8(-1));
}
inline __m128i not_digit(__m128i v) { return _mm_andnot_si128(in_range(v, '0', 10), _mm_set1_epi8(-1)); }
inline __m128i not_template_text(__m128i v) {
  __m128i stop =
      _mm_or_si128(_mm_or_si128(byte_eq(v, '$'), byte_eq(v, '%')), _mm_or_si128(byte_eq(v, '\r'), byte_eq(v, '\n')));
  // Bytes from 0x80 up are negative as signed bytes.
  return _mm_or_si128(stop, _mm_cmplt_epi8(v, _mm_setzero_si128()));
}
inline __m128i not_quoted_text(__m128i v) {
  return _mm_or_si128(not_template_text(v), _mm_or_si128(byte_eq(v, '"'), byte_eq(v, '\\')));
}
inline __m128i not_sigil_free(__m128i v) { return _mm_or_si128(byte_eq(v, '$'), byte_eq(v, '%')); }
inline __m128i not_escape_free(__m128i v) { return _mm_or_si128(not_sigil_free(v), byte_eq(v, '\\')); }
#endif

// The end of a run that fills its first sixteen bytes, from there on (util/byte_runs.h).
template <bool (*In)(unsigned char), auto Outside>
[[gnu::noinline]] uint32_t long_run_end(const char* s, uint32_t p, uint32_t size) {
  return util::run_end<In, Outside>(s, p, size);
}

// The end of the run of bytes in class In from p.
template <bool (*In)(unsigned char), auto Outside>
inline uint32_t run_end(const char* s, uint32_t p, uint32_t size) {
#if defined(__SSE2__)
  // Most of the lexer's runs (names, a few words of text) end within sixteen bytes. One block
  // inline, without a loop around it, lets the compiler take the class's constants straight from
  // memory: in a loop it keeps them in registers, which the lexer's many scans outnumber, so
  // every run reloaded them all first. Longer runs go on out of line.
  if (p + 16 <= size) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + p));
    if (unsigned stop = static_cast<unsigned>(_mm_movemask_epi8(Outside(v)))) [[likely]]
      return p + static_cast<uint32_t>(__builtin_ctz(stop));
    return long_run_end<In, Outside>(s, p + 16, size);
  }
#endif
  return util::run_end<In, Outside>(s, p, size);
}

}  // namespace scan_detail

// The end of the run from p of: spaces and tabs; ASCII identifier bytes (letters, digits, "_" and
// "-"); decimal digits; plain ASCII text of a quoted string; plain ASCII text of a heredoc or bare
// template; bytes other than "$" and "%"; bytes other than "$", "%" and backslash.
using RunEnd = uint32_t (*)(const char* s, uint32_t p, uint32_t size);
inline constexpr RunEnd blanks_end = scan_detail::run_end<scan_detail::is_blank, HCL_SSE2_MASK(scan_detail::not_blank)>;
inline constexpr RunEnd ident_end =
    scan_detail::run_end<scan_detail::is_ident_byte, HCL_SSE2_MASK(scan_detail::not_ident)>;
inline constexpr RunEnd digits_end = scan_detail::run_end<scan_detail::is_digit, HCL_SSE2_MASK(scan_detail::not_digit)>;
inline constexpr RunEnd quoted_text_end =
    scan_detail::run_end<scan_detail::is_quoted_text, HCL_SSE2_MASK(scan_detail::not_quoted_text)>;
inline constexpr RunEnd template_text_end =
    scan_detail::run_end<scan_detail::is_template_text, HCL_SSE2_MASK(scan_detail::not_template_text)>;
inline constexpr RunEnd sigil_free_end =
    scan_detail::run_end<scan_detail::is_sigil_free, HCL_SSE2_MASK(scan_detail::not_sigil_free)>;
inline constexpr RunEnd escape_free_end =
    scan_detail::run_end<scan_detail::is_escape_free, HCL_SSE2_MASK(scan_detail::not_escape_free)>;

// Whether any byte of s[p, end) is 0x80 or above.
inline bool has_non_ascii(const char* s, uint32_t p, uint32_t end) {
#if defined(__SSE2__)
  __m128i any = _mm_setzero_si128();
  for (; p + 16 <= end; p += 16) any = _mm_or_si128(any, _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + p)));
  if (_mm_movemask_epi8(any)) return true;
#endif
  for (; p < end; ++p)
    if (static_cast<unsigned char>(s[p]) >= 0x80) return true;
  return false;
}

}  // namespace hcl::lex::scan
