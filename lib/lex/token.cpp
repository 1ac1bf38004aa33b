// SPDX-License-Identifier: Apache-2.0
#include "lex/token.h"

namespace hcl::lex {

std::string_view token_kind_name(TokenKind kind) {
  switch (kind) {
    case TokenKind::OBrace: return "TokenOBrace";
    case TokenKind::CBrace: return "TokenCBrace";
    case TokenKind::OBrack: return "TokenOBrack";
    case TokenKind::CBrack: return "TokenCBrack";
    case TokenKind::OParen: return "TokenOParen";
    case TokenKind::CParen: return "TokenCParen";
    case TokenKind::OQuote: return "TokenOQuote";
    case TokenKind::CQuote: return "TokenCQuote";
    case TokenKind::OHeredoc: return "TokenOHeredoc";
    case TokenKind::CHeredoc: return "TokenCHeredoc";
    case TokenKind::TemplateInterp: return "TokenTemplateInterp";
    case TokenKind::TemplateControl: return "TokenTemplateControl";
    case TokenKind::TemplateSeqEnd: return "TokenTemplateSeqEnd";
    case TokenKind::Star: return "TokenStar";
    case TokenKind::Slash: return "TokenSlash";
    case TokenKind::Plus: return "TokenPlus";
    case TokenKind::Minus: return "TokenMinus";
    case TokenKind::Percent: return "TokenPercent";
    case TokenKind::Equal: return "TokenEqual";
    case TokenKind::EqualOp: return "TokenEqualOp";
    case TokenKind::NotEqual: return "TokenNotEqual";
    case TokenKind::LessThan: return "TokenLessThan";
    case TokenKind::LessThanEq: return "TokenLessThanEq";
    case TokenKind::GreaterThan: return "TokenGreaterThan";
    case TokenKind::GreaterThanEq: return "TokenGreaterThanEq";
    case TokenKind::And: return "TokenAnd";
    case TokenKind::Or: return "TokenOr";
    case TokenKind::Bang: return "TokenBang";
    case TokenKind::Dot: return "TokenDot";
    case TokenKind::Comma: return "TokenComma";
    case TokenKind::DoubleColon: return "TokenDoubleColon";
    case TokenKind::Ellipsis: return "TokenEllipsis";
    case TokenKind::FatArrow: return "TokenFatArrow";
    case TokenKind::Question: return "TokenQuestion";
    case TokenKind::Colon: return "TokenColon";
    case TokenKind::QuotedLit: return "TokenQuotedLit";
    case TokenKind::StringLit: return "TokenStringLit";
    case TokenKind::NumberLit: return "TokenNumberLit";
    case TokenKind::Ident: return "TokenIdent";
    case TokenKind::Comment: return "TokenComment";
    case TokenKind::Newline: return "TokenNewline";
    case TokenKind::Eof: return "TokenEOF";
    case TokenKind::BitwiseAnd: return "TokenBitwiseAnd";
    case TokenKind::BitwiseOr: return "TokenBitwiseOr";
    case TokenKind::BitwiseNot: return "TokenBitwiseNot";
    case TokenKind::BitwiseXor: return "TokenBitwiseXor";
    case TokenKind::Apostrophe: return "TokenApostrophe";
    case TokenKind::Backtick: return "TokenBacktick";
    case TokenKind::Semicolon: return "TokenSemicolon";
    case TokenKind::Invalid: return "TokenInvalid";
    case TokenKind::BadUTF8: return "TokenBadUTF8";
    case TokenKind::QuotedNewline: return "TokenQuotedNewline";
  }
  return "TokenNil";
}

std::string_view describe_token(TokenKind kind) {
  switch (kind) {
    case TokenKind::Newline: return "newline";
    case TokenKind::Eof: return "end of file";
    case TokenKind::OQuote: return "opening quote";
    case TokenKind::CQuote: return "closing quote";
    case TokenKind::OHeredoc: return "heredoc introducer";
    case TokenKind::CHeredoc: return "heredoc terminator";
    default: return token_kind_name(kind);
  }
}

}  // namespace hcl::lex
