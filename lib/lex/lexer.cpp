// SPDX-License-Identifier: Apache-2.0
#include "lex/lexer.h"

#include <algorithm>
#include <cstring>

#include "lex/scan.h"
#include "source/identifier.h"
#include "source/source_file.h"
#include "source/utf8.h"

namespace hcl::lex {

namespace {

constexpr bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
constexpr bool is_ascii_ident_start(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

}  // namespace

Lexer::Lexer(std::string_view src, LexMode mode) : src_(src), size_(static_cast<uint32_t>(src.size())) {
  if (size_ >= 3 && static_cast<unsigned char>(src[0]) == 0xEF && static_cast<unsigned char>(src[1]) == 0xBB &&
      static_cast<unsigned char>(src[2]) == 0xBF) {
    pos_ = 3;
  }
  if (mode == LexMode::Template) state_ = State::Bare;
}

// The reference scanner's notion of one character (AnyUTF8 in scan_tokens.rl): a lead byte and the
// right number of continuation bytes, without checking for overlong forms or surrogates. Any other
// byte is "broken" on its own.
uint32_t Lexer::any_utf8_len(uint32_t at) const {
  auto* s = reinterpret_cast<const unsigned char*>(src_.data());
  unsigned char c = s[at];
  uint32_t n;
  if (c < 0x80) return 1;
  if (c >= 0xC0 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3;
  else if (c >= 0xF0 && c <= 0xF7) n = 4;
  else return 0;
  if (at + n > size_) return 0;
  for (uint32_t i = 1; i < n; ++i)
    if ((s[at + i] & 0xC0) != 0x80) return 0;
  return n;
}

uint32_t Lexer::scan_ident(uint32_t at) const {
  auto* s = reinterpret_cast<const unsigned char*>(src_.data());
  uint32_t q = at;
  // The first character: ID_Start or underscore.
  if (q >= size_) return at;
  if (is_ascii_ident_start(s[q]) || s[q] == '_') {
    ++q;
  } else {
    if (s[q] < 0x80) return at;
    size_t n = source::id_start_length(s + q, s + size_);
    if (n == 0) return at;
    q += static_cast<uint32_t>(n);
  }
  return scan_ident_rest(q);
}

// Runs of ASCII name bytes are skipped in blocks; a byte from 0x80 up may still continue the
// name, as a letter or mark of another script (or as what the reference's scanner takes for one:
// source/identifier.h).
uint32_t Lexer::scan_ident_rest(uint32_t q) const {
  auto* s = reinterpret_cast<const unsigned char*>(src_.data());
  for (;;) {
    q = scan::ident_end(src_.data(), q, size_);
    if (q >= size_ || s[q] < 0x80) return q;
    size_t n = source::id_continue_length(s + q, s + size_);
    if (n == 0) return q;
    q += static_cast<uint32_t>(n);
  }
}

Token Lexer::fail(uint32_t start) {
  // The reference scanner stops at a byte sequence no rule matches and reports the rest of the
  // input as one token: literal text at the top of a bare template, invalid anywhere else. Every
  // state's scanner returns Eof at the end of the input, so nothing follows it.
  return emit(state_ == State::Bare ? TokenKind::StringLit : TokenKind::Invalid, start, size_);
}

// The next token from whichever state the scanner is in. Inlined (with scan_main, where most
// tokens are found) into fill's loop, so a token goes from the scanner to the array without
// a call or a copy through memory.
// `p` is pos_, which fill's loop keeps in a register (see there); `s` and `size` are the text,
// which it keeps in registers too.
[[gnu::always_inline]] inline Token Lexer::step(uint32_t p, const char* s, uint32_t size) {
  // Each state's scanner returns Eof at the end of the input (the main state's after skipping
  // blanks, so Eof sits at the very end).
  if (state_ == State::Main) [[likely]]
    return scan_main(p, s, size);
  switch (state_) {
    case State::Main: return scan_main(p, s, size);
    case State::Quoted: return scan_quoted(p, s, size);
    case State::Heredoc: return scan_heredoc(p, s, size);
    case State::Bare: return scan_bare(p, s, size);
    case State::HeredocEnd: pop(); return emit(pending_.kind, pending_.start, pending_.end);
    case State::PlainString: {
      Token t = queued_[queued_next_++];
      if (queued_next_ == queued_end_) state_ = State::Main;
      return t;
    }
  }
  return Token{size_, size_, TokenKind::Eof};
}

// The scanners below are inlined into step(), as scan_main is: a Token returned from a call
// is written to the stack in pieces and read back whole, which waits for the writes to land.
[[gnu::always_inline]] inline Token Lexer::open_sequence(TokenKind kind, uint32_t start, uint32_t len) {
  ++braces_;
  ret_braces_.push_back(braces_);
  if (!heredocs_.empty()) heredocs_.back().start_of_line = false;
  push(State::Main);
  return emit(kind, start, start + len);
}

[[gnu::always_inline]] inline Token Lexer::close_brace(uint32_t start, uint32_t len, bool tilde) {
  if (!ret_braces_.empty() && ret_braces_.back() == braces_) {
    --braces_;
    ret_braces_.pop_back();
    pop();
    return emit(TokenKind::TemplateSeqEnd, start, start + len);
  }
  // A "~}" that closes no template sequence is still reported as one, so the parser can say
  // that it does not balance an ordinary brace.
  --braces_;
  return emit(tilde ? TokenKind::TemplateSeqEnd : TokenKind::CBrace, start, start + len);
}

[[gnu::always_inline]] inline Token Lexer::scan_main(uint32_t p, const char* s, uint32_t size) {
  auto at = [&](uint32_t i) -> unsigned char { return i < size ? static_cast<unsigned char>(s[i]) : 0; };
  auto one = [&](TokenKind k) { return emit(k, p, p + 1); };
  auto two = [&](TokenKind k) { return emit(k, p, p + 2); };

  // Blanks are stepped over before the dispatch on a token's first byte, so a token after no
  // blank pays one comparison for them. Most follow no blank or a single space; only a longer
  // run (indentation after a newline, alignment before "=") is worth a block scan. Tabs, rare,
  // go through the dispatch, a tab after a single space too.
  for (;;) {
    if (p >= size) return Token{size, size, TokenKind::Eof};
    auto c = static_cast<unsigned char>(s[p]);
    if (c == ' ') {
      if (p + 1 < size && s[p + 1] != ' ') {
        c = static_cast<unsigned char>(s[++p]);
      } else {
        p = scan::blanks_end(s, p + 1, size);
        if (p >= size) continue;
        c = static_cast<unsigned char>(s[p]);
      }
    }
    switch (c) {
      case '\t': p = scan::blanks_end(s, p + 1, size); continue;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9': {
        // NumberLit: a digit, then digits, dots and exponents, never ending with a dot. The
        // leading digits, most numbers' whole text, are skipped in a block unless there is only
        // the one.
        uint32_t q = is_digit(at(p + 1)) ? scan::digits_end(s, p + 2, size) : p + 1, good = q;
        while (q < size) {
          unsigned char d = at(q);
          if (is_digit(d)) {
            good = ++q;
          } else if (d == '.') {
            ++q;
          } else if (d == 'e' || d == 'E') {
            uint32_t r = q + 1;
            if (at(r) == '+' || at(r) == '-') ++r;
            if (r < size && is_digit(at(r))) {
              q = r + 1;
              good = q;
            } else {
              break;
            }
          } else {
            break;
          }
        }
        return emit(TokenKind::NumberLit, p, good);
      }
      case '\n': return one(TokenKind::Newline);
      case '\r': return at(p + 1) == '\n' ? two(TokenKind::Newline) : one(TokenKind::Invalid);
      case '#': {
        const void* nl = std::memchr(s + p, '\n', size - p);
        uint32_t end = nl ? static_cast<uint32_t>(static_cast<const char*>(nl) - s) + 1 : size;
        return emit(TokenKind::Comment, p, end);
      }
      case '/': {
        if (at(p + 1) == '/') {
          const void* nl = std::memchr(s + p, '\n', size - p);
          uint32_t end = nl ? static_cast<uint32_t>(static_cast<const char*>(nl) - s) + 1 : size;
          return emit(TokenKind::Comment, p, end);
        }
        if (at(p + 1) == '*' && p + 2 <= size) {
          std::string_view rest = std::string_view(s + p + 2, size - p - 2);
          size_t close = rest.find("*/");
          if (close != std::string_view::npos)
            return emit(TokenKind::Comment, p, p + 2 + static_cast<uint32_t>(close) + 2);
        }
        return one(TokenKind::Slash);
      }
      case '=':
        if (at(p + 1) == '=') return two(TokenKind::EqualOp);
        if (at(p + 1) == '>') return two(TokenKind::FatArrow);
        return one(TokenKind::Equal);
      case '!': return at(p + 1) == '=' ? two(TokenKind::NotEqual) : one(TokenKind::Bang);
      case '>': return at(p + 1) == '=' ? two(TokenKind::GreaterThanEq) : one(TokenKind::GreaterThan);
      case '<': {
        if (at(p + 1) == '=') return two(TokenKind::LessThanEq);
        if (at(p + 1) == '<') {
          uint32_t q = p + 2;
          if (at(q) == '-') ++q;
          uint32_t e = scan_ident(q);
          if (e > q) {
            uint32_t end = 0;
            if (at(e) == '\n') end = e + 1;
            else if (at(e) == '\r' && at(e + 1) == '\n') end = e + 2;
            if (end) {
              heredocs_.push_back(Heredoc{q, e - q, true});
              push(State::Heredoc);
              return emit(TokenKind::OHeredoc, p, end);
            }
          }
        }
        return one(TokenKind::LessThan);
      }
      case '&': return at(p + 1) == '&' ? two(TokenKind::And) : one(TokenKind::BitwiseAnd);
      case '|': return at(p + 1) == '|' ? two(TokenKind::Or) : one(TokenKind::BitwiseOr);
      case ':': return at(p + 1) == ':' ? two(TokenKind::DoubleColon) : one(TokenKind::Colon);
      case '.':
        if (at(p + 1) == '.' && at(p + 2) == '.') return emit(TokenKind::Ellipsis, p, p + 3);
        return one(TokenKind::Dot);
      case '{': ++braces_; return one(TokenKind::OBrace);
      case '}': return close_brace(p, 1, false);
      case '~':
        if (at(p + 1) == '}') return close_brace(p, 2, true);
        return one(TokenKind::BitwiseNot);
      case '"': {
        // Most quoted strings are plain ASCII text: no escape, no sequence. Their literal and
        // closing quote are cut here too, and handed out next without the quoted state's checks.
        uint32_t q = scan::quoted_text_end(s, p + 1, size);
        if (q < size && s[q] == '"') {
          queued_next_ = 0;
          queued_end_ = 0;
          if (q > p + 1) queued_[queued_end_++] = Token{p + 1, q, TokenKind::QuotedLit};
          queued_[queued_end_++] = Token{q, q + 1, TokenKind::CQuote};
          state_ = State::PlainString;
          return one(TokenKind::OQuote);
        }
        push(State::Quoted);
        return one(TokenKind::OQuote);
      }
      case '[': return one(TokenKind::OBrack);
      case ']': return one(TokenKind::CBrack);
      case '(': return one(TokenKind::OParen);
      case ')': return one(TokenKind::CParen);
      case ',': return one(TokenKind::Comma);
      case '*': return one(TokenKind::Star);
      case '%': return one(TokenKind::Percent);
      case '+': return one(TokenKind::Plus);
      case '-': return one(TokenKind::Minus);
      case '?': return one(TokenKind::Question);
      case '^': return one(TokenKind::BitwiseXor);
      case ';': return one(TokenKind::Semicolon);
      case '`': return one(TokenKind::Backtick);
      case '\'': return one(TokenKind::Apostrophe);
      case 'A' ... 'Z':
      case 'a' ... 'z':
      case '_': {
        uint32_t e = scan::ident_end(s, p + 1, size);
        // A name goes on past ASCII only with a letter or mark of another script.
        if (e < size && static_cast<unsigned char>(s[e]) >= 0x80) e = scan_ident_rest(e);
        return emit(TokenKind::Ident, p, e);
      }
      // Every ASCII byte has a case (a space never gets here), so the dispatch is one table
      // lookup, and a name's first byte goes straight to its scan rather than through a default
      // and tests of its own.
      case 0 ... 8:
      case 0x0B ... 0x0C:
      case 0x0E ... 0x1F:
      case ' ':
      case '$':
      case '@':
      case '\\':
      case 0x7F: return one(TokenKind::Invalid);
      case 0x80 ... 0xFF: break;
    }
    // A name first: the reference's scanner takes some bytes that are not UTF-8 as letters.
    uint32_t e = scan_ident(p);
    if (e > p) return emit(TokenKind::Ident, p, e);
    uint32_t n = any_utf8_len(p);
    if (n == 0) return one(TokenKind::BadUTF8);
    return emit(TokenKind::Invalid, p, p + n);
  }
}

// After a "$" or "%" in template text: the start of a sequence, the "$${" / "%%{" escape, or the
// sigil as literal text.
[[gnu::always_inline]] inline Token Lexer::scan_after_sigil(bool heredoc_like, uint32_t p, const char* s,
                                                            uint32_t size) {
  char sig = s[p];
  auto at = [&](uint32_t i) -> char { return i < size ? s[i] : '\0'; };
  TokenKind lit = state_ == State::Quoted ? TokenKind::QuotedLit : TokenKind::StringLit;
  // Inlined at every use: a call left the closure to be built on the stack for every sigil.
  auto literal = [ this, p, lit ](uint32_t end, bool ends_line) __attribute__((always_inline)) {
    if (state_ == State::Heredoc) heredocs_.back().start_of_line = ends_line;
    return emit(lit, p, end);
  };

  if (at(p + 1) == '{') {
    uint32_t len = at(p + 2) == '~' ? 3 : 2;
    return open_sequence(sig == '$' ? TokenKind::TemplateInterp : TokenKind::TemplateControl, p, len);
  }
  if (p + 2 < size && s[p + 1] == sig && s[p + 2] == '{') {
    uint32_t end = p + 3 + (at(p + 3) == '~' ? 1 : 0);
    if (heredoc_like) {
      // In heredocs and bare templates the escape may end its line, which then ends with it.
      if (at(end) == '\n') return literal(end + 1, true);
      if (at(end) == '\r' && at(end + 1) == '\n') return literal(end + 2, true);
    }
    return literal(end, false);
  }
  if (p + 1 >= size) {
    if (state_ == State::Quoted) return emit(TokenKind::Invalid, p, p + 1);
    return fail(p);
  }
  if (!heredoc_like) return literal(p + 1, false);
  // The reference's scanner gives back the byte after the sigil unless the byte after that could
  // continue a line ending, in which case the sigil and that byte form the token.
  char d = at(p + 2);
  if (p + 2 < size && (d == '\n' || d == '\r')) return literal(p + 2, true);
  return literal(p + 1, false);
}

[[gnu::always_inline]] inline Token Lexer::scan_quoted(uint32_t p, const char* s, uint32_t size) {
  if (p >= size) return Token{size, size, TokenKind::Eof};
  char c = s[p];
  if (c == '$' || c == '%') return scan_after_sigil(false, p, s, size);
  if (c == '"') {
    pop();
    return emit(TokenKind::CQuote, p, p + 1);
  }
  if (c == '\r' || c == '\n') {
    uint32_t q = p + 1;
    while (q < size && (s[q] == '\r' || s[q] == '\n')) ++q;
    return emit(TokenKind::QuotedNewline, p, q);
  }
  // Plain text is skipped in blocks; the loop body sees only escapes, characters outside ASCII
  // and the bytes that end the literal ("$", "%", the quote, line ends).
  uint32_t q = p;
  for (;;) {
    q = scan::quoted_text_end(s, q, size);
    if (q >= size) break;
    auto b = static_cast<unsigned char>(s[q]);
    if (b == '\\') {
      if (q + 1 < size && s[q + 1] != '\r' && s[q + 1] != '\n') {
        uint32_t n = any_utf8_len(q + 1);
        if (n) {
          q += 1 + n;
          continue;
        }
      }
      break;
    }
    if (b < 0x80) break;
    uint32_t n = any_utf8_len(q);
    if (!n) break;
    q += n;
  }
  if (q > p) return emit(TokenKind::QuotedLit, p, q);
  if (c == '\\') return emit(TokenKind::Invalid, p, p + 1);
  return emit(TokenKind::BadUTF8, p, p + 1);
}

// The end of a heredoc's or bare template's literal text from p: plain text in blocks, then any
// characters outside ASCII, until a sequence, a line end or a broken character.
uint32_t Lexer::template_text_end(uint32_t p) const {
  const char* s = src_.data();
  for (;;) {
    p = scan::template_text_end(s, p, size_);
    if (p >= size_ || static_cast<unsigned char>(s[p]) < 0x80) return p;
    uint32_t n = any_utf8_len(p);
    if (!n) return p;
    p += n;
  }
}

[[gnu::always_inline]] inline Token Lexer::scan_heredoc(uint32_t p, const char* s, uint32_t size) {
  if (p >= size) return Token{size, size, TokenKind::Eof};
  char c = s[p];
  if (c == '$' || c == '%') return scan_after_sigil(true, p, s, size);
  // Plain ASCII text is scanned here; characters outside ASCII go on in template_text_end.
  uint32_t q = scan::template_text_end(s, p, size);
  if (q < size && static_cast<unsigned char>(s[q]) >= 0x80) q = template_text_end(q);
  uint32_t eol = 0;
  if (q < size && s[q] == '\n') eol = q + 1;
  else if (q + 1 < size && s[q] == '\r' && s[q + 1] == '\n') eol = q + 2;
  Heredoc& doc = heredocs_.back();
  if (eol) {
    if (doc.start_of_line) {
      std::string_view line = source::utf8::trim_space(src_.substr(p, eol - p));
      if (line == src_.substr(doc.marker_start, doc.marker_len)) {
        // The closing marker and its line ending are separate tokens, so the newline can end the
        // attribute the heredoc belongs to.
        uint32_t nl = eol - 1;
        if (nl > p && s[nl - 1] == '\r') --nl;
        heredocs_.pop_back();
        pending_ = Token{nl, eol, TokenKind::Newline};
        state_ = State::HeredocEnd;
        return emit(TokenKind::CHeredoc, p, nl);
      }
    }
    doc.start_of_line = true;
    return emit(TokenKind::StringLit, p, eol);
  }
  if (q > p) {
    doc.start_of_line = false;
    return emit(TokenKind::StringLit, p, q);
  }
  if (s[q] == '\r') return fail(p);
  return emit(TokenKind::BadUTF8, p, p + 1);
}

Token Lexer::scan_bare(uint32_t p, const char* s, uint32_t size) {
  if (p >= size) return Token{size, size, TokenKind::Eof};
  char c = s[p];
  if (c == '$' || c == '%') return scan_after_sigil(true, p, s, size);
  uint32_t q = template_text_end(p);
  if (q < size && s[q] == '\n') return emit(TokenKind::StringLit, p, q + 1);
  if (q + 1 < size && s[q] == '\r' && s[q + 1] == '\n') return emit(TokenKind::StringLit, p, q + 2);
  if (q > p) return emit(TokenKind::StringLit, p, q);
  if (s[q] == '\r') return fail(p);
  return emit(TokenKind::BadUTF8, p, p + 1);
}

Token Lexer::next() {
  Token t = step(pos_, src_.data(), size_);
  pos_ = t.end;
  return t;
}

size_t Lexer::fill(Token* out, size_t cap) {
  size_t n = 0;
  // Each token starts where the last one ended. Passing that end on in a register lets the next
  // token's first byte be read at once: read back from pos_, each token waited for the store
  // before it. pos_ is brought up to date once, at the end of the chunk.
  uint32_t p = pos_;
  // The text too: read from the lexer's members, it was read again for every token, as any call
  // on the way (to a long run's scan, a vector's growth) might have changed them.
  const char* s = src_.data();
  const uint32_t size = size_;
  while (n < cap) {
    Token t = step(p, s, size);
    p = t.end;
    // Field by field: the compiler then keeps the token in registers from the scanner's many
    // exits, where a whole-struct copy went through the stack.
    out[n].start = t.start;
    out[n].end = t.end;
    out[n].kind = t.kind;
    ++n;
    if (t.kind == TokenKind::Eof) break;
  }
  pos_ = p;
  return n;
}

std::vector<Token> lex_all(std::string_view src, LexMode mode) {
  Lexer lexer(src, mode);
  std::vector<Token> out;
  out.reserve(src.size() / 4 + 16);
  fill_all(lexer, out);
  return out;
}

void fill_all(Lexer& lexer, std::vector<Token>& out) {
  for (;;) {
    size_t have = out.size();
    // Lex into the spare capacity, a chunk at a time, so a reserved array is never reallocated
    // and never written beyond what the input needs.
    size_t chunk = out.capacity() > have ? out.capacity() - have : std::max<size_t>(have, 4096);
    chunk = std::min<size_t>(chunk, 1 << 16);
    out.resize(have + chunk);
    size_t n = lexer.fill(out.data() + have, chunk);
    out.resize(have + n);
    if (n && out.back().kind == TokenKind::Eof) return;
  }
}

int InvalidTokenChecker::check(const Token& tok, const source::SourceFile& file, diag::Diagnostics* out) {
  int count = 0;
  auto report = [&](const char* summary, std::string_view detail) {
    ++count;
    if (!out) return;
    diag::Diagnostic d;
    d.summary = summary;
    d.detail = std::string(detail);
    d.subject = file.range(tok.start, tok.end);
    out->push_back(std::move(d));
  };
  switch (tok.kind) {
    case TokenKind::BitwiseAnd:
    case TokenKind::BitwiseOr:
    case TokenKind::BitwiseXor:
    case TokenKind::BitwiseNot:
      if (told_bitwise_ < 4) {
        const char* suggestion = "";
        if (tok.kind == TokenKind::BitwiseAnd) suggestion = " Did you mean boolean AND (\"&&\")?";
        if (tok.kind == TokenKind::BitwiseOr) suggestion = " Did you mean boolean OR (\"||\")?";
        if (tok.kind == TokenKind::BitwiseNot) suggestion = " Did you mean boolean NOT (\"!\")?";
        report("Unsupported operator", std::string("Bitwise operators are not supported.") + suggestion);
        ++told_bitwise_;
      }
      break;
    case TokenKind::Backtick:
      // Only every other one, so the two ends of one backtick-quoted string are reported once.
      if (told_backtick_ % 2 == 0)
        report("Invalid character",
               "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like "
               "\"<<EOT\".");
      if (told_backtick_ <= 2) ++told_backtick_;
      break;
    case TokenKind::Apostrophe:
      if (told_apostrophe_ % 2 == 0)
        report("Invalid character", "Single quotes are not valid. Use double quotes (\") to enclose strings.");
      if (told_apostrophe_ <= 2) ++told_apostrophe_;
      break;
    case TokenKind::Semicolon:
      if (told_semicolon_ < 1) {
        report("Invalid character",
               "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to "
               "separate items in collection values.");
        ++told_semicolon_;
      }
      break;
    case TokenKind::BadUTF8:
      if (told_bad_utf8_ < 1) {
        report("Invalid character encoding",
               "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.");
        ++told_bad_utf8_;
      }
      break;
    case TokenKind::QuotedNewline:
      report("Invalid multi-line string",
             "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the "
             "\\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.");
      break;
    case TokenKind::Invalid: {
      std::string_view text = tok.text(file.text());
      if (text == "\xE2\x80\x9C" || text == "\xE2\x80\x9D") {
        report("Invalid character",
               "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing "
               "code via documents or discussion forums. It might help to replace the character with a \"straight "
               "quote\".");
      } else {
        report("Invalid character", "This character is not used within the language.");
      }
      break;
    }
    default: break;
  }
  return count;
}

}  // namespace hcl::lex
