// SPDX-License-Identifier: Apache-2.0
// How the formatter spaces tokens and counts columns: the pairwise rule of hclwrite's format.go
// as tables, and the widths of tokens (private to format/).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "lex/token.h"
#include "util/byte_runs.h"

namespace hcl::format::detail {

using K = lex::TokenKind;

// Whether text after "<digits>." continues a number literal: the scanner reads a number as a
// digit followed by digits, dots and exponents (`e5`, `E+5`), so `0.1` and `0.e5` are one token.
inline bool continues_number(std::string_view next) {
  if (next.empty()) return false;
  if (next[0] >= '0' && next[0] <= '9') return true;
  return (next[0] == 'e' || next[0] == 'E') && next.size() > 1 && next[1] >= '0' && next[1] <= '9';
}

inline uint64_t load_word(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

// Stands for "no token" (the reference's TokenNil): before the first token of a cell.
inline constexpr K kNil = static_cast<K>(255);
inline constexpr uint32_t kNone = UINT32_MAX;

inline constexpr int bracket_change(K k) {
  switch (k) {
    case K::OBrace:
    case K::OBrack:
    case K::OParen:
    case K::TemplateControl:
    case K::TemplateInterp: return 1;
    case K::CBrace:
    case K::CBrack:
    case K::CParen:
    case K::TemplateSeqEnd: return -1;
    default: return 0;
  }
}

// Whether a token ends its line: a newline, or a `#` / `//` comment, which holds its newline.
inline bool ends_line(const lex::Token& t, const char* src) {
  return t.kind == K::Newline || (t.kind == K::Comment && t.end > t.start && src[t.end - 1] == '\n');
}

// The pairwise spacing rule (format.go's spaceAfterToken), case for case and in the same order,
// since earlier cases take precedence. `subject_is_in`: the subject is the identifier "in";
// `dot_joins_number`: `after` is a dot that, written without spaces, would join the subject (a
// number) and the token after the dot into one number (see continues_number).
inline constexpr bool space_after(K subject, bool subject_is_in, K before, K after, bool dot_joins_number) {
  if (after == K::Newline || after == kNil) return false;
  // hclwrite writes a number, a dot and what follows without spaces, where they can read back as
  // one number: `0. 1` (a legacy index on 0) would become `0.1`, and `b.0 .1` or `b.0. e5` the
  // invalid `b.0.1` and `b.0.e5`. Keeping one space keeps the meaning.
  if (dot_joins_number) return true;
  if (subject == K::Ident && after == K::OParen) return false;  // a function call
  // Namespaced function names (provider::ns::fn, HCL 2.20) stay in one piece.
  if ((subject == K::Ident && after == K::DoubleColon) || (subject == K::DoubleColon && after == K::Ident))
    return false;
  if (subject == K::Dot || after == K::Dot) return false;
  if (after == K::Comma || after == K::Ellipsis) return false;
  if (subject == K::Comma) return true;
  if (subject == K::QuotedLit || subject == K::StringLit || subject == K::OQuote || subject == K::OHeredoc ||
      after == K::QuotedLit || after == K::StringLit || after == K::CQuote || after == K::CHeredoc)
    return false;                                        // template text is never re-spaced
  if (subject_is_in && before == K::Ident) return true;  // [for x in [a]: x]
  if (after == K::OBrack && (subject == K::Ident || subject == K::NumberLit || bracket_change(subject) < 0))
    return false;  // an index
  if (subject == K::Bang) return false;
  if (subject == K::Minus) {
    // Negation when what precedes cannot end an operand.
    if (before == kNil) return false;  // at the start of a cell
    switch (before) {
      case K::OParen:
      case K::OBrace:
      case K::OBrack:
      case K::Equal:
      case K::Colon:
      case K::Comma:
      case K::Question:
      case K::Plus:
      case K::Star:
      case K::Slash:
      case K::Percent:
      case K::Minus:
      case K::EqualOp:
      case K::NotEqual:
      case K::GreaterThan:
      case K::GreaterThanEq:
      case K::LessThan:
      case K::LessThanEq:
      case K::And:
      case K::Or:
      case K::Bang: return false;
      default: return true;
    }
  }
  if (subject == K::OBrace || after == K::CBrace) return !(subject == K::OBrace && after == K::CBrace);
  if ((subject == K::TemplateInterp || subject == K::TemplateControl) && after == K::OBrace) return true;
  if (subject == K::CBrace && after == K::TemplateSeqEnd) return true;
  if (subject == K::TemplateSeqEnd && (after == K::TemplateInterp || after == K::TemplateControl)) return false;
  if (bracket_change(subject) > 0) return false;
  if (bracket_change(after) < 0) return false;
  return true;
}

// space_after for every pair of kinds where nothing else can matter: the subject is not "-"
// (whose spacing depends on the token before it) or "in", and no dot joins a number. One lookup
// per token instead of the chain of cases; built from space_after, so the rule stays in one place.
inline constexpr auto kSpaceAfter = [] {
  std::array<std::array<bool, lex::kTokenKindCount>, lex::kTokenKindCount> table{};
  for (int s = 0; s < lex::kTokenKindCount; ++s)
    for (int a = 0; a < lex::kTokenKindCount; ++a)
      table[s][a] = space_after(static_cast<K>(s), false, kNil, static_cast<K>(a), false);
  return table;
}();

// What Formatter::place_run does with a token after `subject` (the first index; kNil for the
// line's first token): the bits below, or kTakeCare where the token needs more than place_run
// knows: a subject that is "-" (spaced by what precedes it), a dot after a number, Eof and
// heredocs (take_special).
inline constexpr uint8_t kSpace = 1;    // one space before it (kSpaceAfter)
inline constexpr uint8_t kEqual = 2;    // an "=": the line's assign cell if it is its first
inline constexpr uint8_t kNewline = 4;  // ends the line
inline constexpr uint8_t kFirst = 8;    // the line's first token, indented when the line ends
inline constexpr uint8_t kTakeCare = 16;
inline constexpr uint8_t kNamePair = 32;  // a name after a name: if it is "in", the next token takes care
inline constexpr uint8_t kComment = 64;   // a comment: if it ends the line, the line's comment cell
// The subject place_run gives the name "in" after a name (kNamePair), whose row takes care.
inline constexpr K kAfterNamePair = static_cast<K>(254);
inline constexpr auto kRunRule = [] {
  std::array<std::array<uint8_t, 64>, 256> table{};
  static_assert(lex::kTokenKindCount <= 64 && lex::kTokenKindCount < 254);
  for (int s = 0; s < 256; ++s)
    for (int a = 0; a < lex::kTokenKindCount; ++a) {
      K subject = static_cast<K>(s), after = static_cast<K>(a);
      bool first = subject == kNil;
      bool care = subject == K::Minus || subject == kAfterNamePair || (subject == K::NumberLit && after == K::Dot);
      for (K k : {K::Eof, K::OHeredoc}) care |= after == k;
      care |= !first && s >= lex::kTokenKindCount;
      uint8_t rule = first ? kFirst : s < lex::kTokenKindCount && kSpaceAfter[s][a] ? kSpace : 0;
      if (!first && after == K::Equal) rule |= kEqual;
      if (after == K::Newline) rule |= kNewline;
      if (after == K::Comment) rule = (first ? kFirst : 0) | kComment;
      if (subject == K::Ident && after == K::Ident) rule |= kNamePair;
      table[s][a] = care ? kTakeCare : rule;
    }
  return table;
}();
// kRunRule once the line has its assign cell: a later "=" is spaced like any token.
inline constexpr auto kRunRuleAfterEq = [] {
  auto table = kRunRule;
  for (auto& row : table)
    if (row[static_cast<int>(K::Equal)] != kTakeCare) row[static_cast<int>(K::Equal)] &= ~kEqual;
  return table;
}();

inline constexpr auto kBracketChange = [] {
  std::array<int8_t, lex::kTokenKindCount> table{};
  for (int k = 0; k < lex::kTokenKindCount; ++k) table[k] = static_cast<int8_t>(bracket_change(static_cast<K>(k)));
  return table;
}();

// Columns a token's text occupies: grapheme clusters, as the reference counts them (textseg).
inline uint32_t text_columns(const char* p, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(p[i]);
    if (c >= 0x80 || c == '\r') return source::grapheme_count(std::string_view(p, n));
  }
  return n;
}

// The first byte at or after `from` that a column count must look at: a byte of a multi-byte
// character, or a carriage return (which joins the line feed after it). Tokens that end before it
// are as wide as they are long.
inline bool is_narrow(unsigned char c) { return c < 0x80 && c != '\r'; }
#ifdef __SSE2__
// A byte from 0x80 up has its high bit set already; a carriage return gets all its bits.
inline __m128i not_narrow(__m128i v) { return _mm_or_si128(v, util::byte_eq(v, '\r')); }
#endif
inline uint32_t find_wide_byte(const char* p, uint32_t from, uint32_t size) {
  return util::run_end<is_narrow, HCL_SSE2_MASK(not_narrow)>(p, from, size);
}

}  // namespace hcl::format::detail
