// SPDX-License-Identifier: Apache-2.0
// Token kinds of the native syntax, with the boundaries the reference scanner draws.
#pragma once

#include <cstdint>
#include <string_view>

namespace hcl::lex {

enum class TokenKind : uint8_t {
  // Brackets and template delimiters.
  OBrace,
  CBrace,
  OBrack,
  CBrack,
  OParen,
  CParen,
  OQuote,
  CQuote,
  OHeredoc,
  CHeredoc,
  TemplateInterp,
  TemplateControl,
  TemplateSeqEnd,
  // Operators and punctuation.
  Star,
  Slash,
  Plus,
  Minus,
  Percent,
  Equal,
  EqualOp,
  NotEqual,
  LessThan,
  LessThanEq,
  GreaterThan,
  GreaterThanEq,
  And,
  Or,
  Bang,
  Dot,
  Comma,
  DoubleColon,
  Ellipsis,
  FatArrow,
  Question,
  Colon,
  // Literals and names.
  QuotedLit,  // literal text in a quoted template; may hold backslash escapes
  StringLit,  // literal text in a heredoc or bare template; no escapes
  NumberLit,
  Ident,
  // Trivia that the parser sees.
  Comment,
  Newline,
  Eof,
  // Recognized only to report good errors.
  BitwiseAnd,
  BitwiseOr,
  BitwiseNot,
  BitwiseXor,
  Apostrophe,
  Backtick,
  Semicolon,
  Invalid,
  BadUTF8,
  QuotedNewline,
};

inline constexpr int kTokenKindCount = static_cast<int>(TokenKind::QuotedNewline) + 1;

// A token is a kind and a byte range of its source; its text is never copied.
struct Token {
  uint32_t start = 0;
  uint32_t end = 0;
  TokenKind kind = TokenKind::Eof;

  uint32_t size() const { return end - start; }
  std::string_view text(std::string_view src) const { return src.substr(start, end - start); }
};

// The reference's name for a kind ("TokenIdent"), as `hcl-oracle tokens` prints it.
std::string_view token_kind_name(TokenKind kind);

// How a token reads in a message ("newline", "end of file", or its text).
std::string_view describe_token(TokenKind kind);

inline bool is_opening_bracket(TokenKind k) {
  return k == TokenKind::OBrace || k == TokenKind::OBrack || k == TokenKind::OParen || k == TokenKind::OQuote ||
         k == TokenKind::OHeredoc || k == TokenKind::TemplateInterp || k == TokenKind::TemplateControl;
}

}  // namespace hcl::lex
