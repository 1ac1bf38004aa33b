// SPDX-License-Identifier: Apache-2.0
// The scanner: turns source bytes into tokens one at a time, drawing exactly the boundaries the
// reference's scanner (hclsyntax/scan_tokens.rl) draws. Spaces and tabs between tokens are not
// tokens; every other byte belongs to exactly one token.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "lex/token.h"
#include "source/source_file.h"

namespace hcl::lex {

enum class LexMode : uint8_t {
  Config,    // a configuration file or a standalone expression
  Template,  // standalone template text (a template file)
};

class Lexer {
 public:
  // `src` is the whole file; a leading byte-order mark is skipped.
  explicit Lexer(std::string_view src, LexMode mode = LexMode::Config);

  // The next token; after the end, Eof forever.
  Token next();

  // Lexes up to `cap` tokens into `out`, stopping after Eof; returns how many. One call per
  // chunk keeps the scanner's state in registers across tokens.
  size_t fill(Token* out, size_t cap);

  // How many tokens of the kinds that exist only to be reported (BitwiseAnd and after) were
  // lexed so far: a chunk that added none needs no look for them.
  uint64_t reported_kinds() const { return reported_; }

 private:
  // HeredocEnd: a heredoc's closing marker was the last token; its line ending (pending_) comes
  // next, and then the state the heredoc was opened in. PlainString: a quoted string without
  // escapes or sequences was cut whole (scan_main); its literal and closing quote (queued_) come
  // next, and then the main state again.
  enum class State : uint8_t { Main, Quoted, Heredoc, Bare, HeredocEnd, PlainString };
  struct Heredoc {
    uint32_t marker_start;
    uint32_t marker_len;
    bool start_of_line;
  };

  Token step(uint32_t p, const char* s, uint32_t size);
  Token scan_main(uint32_t p, const char* s, uint32_t size);
  Token scan_quoted(uint32_t p, const char* s, uint32_t size);
  Token scan_heredoc(uint32_t p, const char* s, uint32_t size);
  Token scan_bare(uint32_t p, const char* s, uint32_t size);
  Token scan_after_sigil(bool heredoc_like, uint32_t p, const char* s, uint32_t size);
  // The scanners leave pos_ to their caller (fill, next), which moves it to the token's end: fill
  // only once per chunk.
  Token emit(TokenKind kind, uint32_t start, uint32_t end) {
    // Free where the kind is known at compile time, as it is at nearly every call.
    if (kind >= TokenKind::BitwiseAnd) ++reported_;
    return Token{start, end, kind};
  }
  Token fail(uint32_t start);
  void push(State next) {
    stack_.push_back(state_);
    state_ = next;
  }
  void pop() {
    if (stack_.empty()) {
      state_ = State::Main;
      return;
    }
    state_ = stack_.back();
    stack_.pop_back();
  }
  Token open_sequence(TokenKind kind, uint32_t start, uint32_t len);
  Token close_brace(uint32_t start, uint32_t len, bool tilde);
  uint32_t any_utf8_len(uint32_t at) const;
  uint32_t scan_ident(uint32_t at) const;      // end of an identifier starting at `at`, or `at`
  uint32_t scan_ident_rest(uint32_t q) const;  // the same, from inside one
  uint32_t template_text_end(uint32_t p) const;

  std::string_view src_;
  uint32_t pos_ = 0;
  uint32_t size_ = 0;
  State state_ = State::Main;
  Token pending_{};
  Token queued_[2]{};
  uint8_t queued_next_ = 0, queued_end_ = 0;
  uint64_t reported_ = 0;
  int64_t braces_ = 0;
  std::vector<State> stack_;
  std::vector<int64_t> ret_braces_;
  std::vector<Heredoc> heredocs_;
};

// Lexes a whole text into a vector, Eof included.
std::vector<Token> lex_all(std::string_view src, LexMode mode = LexMode::Config);

// Appends the lexer's remaining tokens to `out`, Eof included, using its spare capacity first.
void fill_all(Lexer& lexer, std::vector<Token>& out);

// Reports tokens that never belong in HCL source, with the reference's limits on repetition
// (LexConfig's checkInvalidTokens). Feed every token in order.
class InvalidTokenChecker {
 public:
  // Adds the token's diagnostics to `out`; with a null `out` only counts them (past a cap, where
  // building messages for millions of bad characters would be wasted work). Returns the count.
  int check(const Token& tok, const source::SourceFile& file, diag::Diagnostics* out);

 private:
  int told_bitwise_ = 0, told_backtick_ = 0, told_apostrophe_ = 0, told_semicolon_ = 0, told_bad_utf8_ = 0;
};

}  // namespace hcl::lex
