// SPDX-License-Identifier: Apache-2.0
#include "syntax/parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "lex/lexer.h"
#include "syntax/string_literal.h"
#include "util/text.h"

namespace hcl::syntax {

namespace {

using K = lex::TokenKind;
constexpr K kNil = static_cast<K>(255);

diag::Span span_of(const lex::Token& t) { return diag::Span{t.start, t.end}; }

K opposite(K k) {
  switch (k) {
    case K::OBrace: return K::CBrace;
    case K::OBrack: return K::CBrack;
    case K::OParen: return K::CParen;
    case K::OQuote: return K::CQuote;
    case K::OHeredoc: return K::CHeredoc;
    case K::CBrace: return K::OBrace;
    case K::CBrack: return K::OBrack;
    case K::CParen: return K::OParen;
    case K::CQuote: return K::OQuote;
    case K::CHeredoc: return K::OHeredoc;
    case K::TemplateControl:
    case K::TemplateInterp: return K::TemplateSeqEnd;
    // Ambiguous; recovery counts both openers as TemplateInterp.
    case K::TemplateSeqEnd: return K::TemplateInterp;
    default: return kNil;
  }
}

// Operator precedence levels, loosest first (the reference's binaryOps table).
int binary_level(K k) {
  switch (k) {
    case K::Or: return 0;
    case K::And: return 1;
    case K::EqualOp: case K::NotEqual: return 2;
    case K::GreaterThan: case K::GreaterThanEq: case K::LessThan: case K::LessThanEq: return 3;
    case K::Plus: case K::Minus: return 4;
    case K::Star: case K::Slash: case K::Percent: return 5;
    default: return -1;
  }
}

// Whether the reference (big.Float parsing at 512 bits) accepts a number token: digits with at
// most one fraction point, then at most one exponent, which must be whole.
bool valid_number_literal(std::string_view s) {
  bool seen_dot = false, seen_exp = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '.') {
      if (seen_dot || seen_exp) return false;
      seen_dot = true;
    } else if (c == 'e' || c == 'E') {
      if (seen_exp) return false;
      seen_exp = true;
    }
  }
  return true;
}

struct Expr {
  NodeId id = kNoNode;
  uint32_t start_node = 0;
  uint32_t first_tok = 0;
  uint32_t last_tok = 0;
  diag::Span span{};
};

struct Peeked {
  lex::Token tok;
  uint32_t index;
};

enum class TemplatePart : uint8_t { Literal, Interp, If, Else, EndIf, For, EndFor, End };

class Parser {
 public:
  Parser(const source::SourceFile& src, lex::LexMode mode, const ParseOptions& options, SyntaxTree* tree)
      : src_(src), text_(src.text()), lexer_(src.text(), mode), options_(options), keep_tokens_(tree != nullptr),
        nodes_(tree ? &tree->mutable_nodes() : nullptr) {
    if (tree) {
      // Configuration text averages five to six bytes a token and two tokens a node; reserving
      // close to that avoids copying and re-faulting the arrays as they grow.
      buf_.reserve(src.size() / 5 + 16);
      nodes_->reserve(src.size() / 11 + 16);
    }
  }

  void parse_config_file() {
    Expr body = parse_body(K::Eof, true);
    (void)body;
  }

  void parse_standalone_expression() {
    push_nl(false);
    Expr e = parse_expression();
    Peeked next = peek();
    if (next.tok.kind != K::Eof && !recovery_) {
      trailing_text_ = true;
      error("Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.", span_of(next.tok));
    }
    pop_nl();
    (void)e;
  }

  void parse_standalone_template() {
    uint32_t start_node = mark();
    uint32_t first = peek().index;
    parse_template_inner(K::Eof, false, start_node, first, first, 0);
  }

  bool trailing_text() const { return trailing_text_; }

  // Lexes what the parse did not reach (for lexical diagnostics and a complete token array),
  // and returns the token array and all diagnostics in the reference's order.
  diag::Diagnostics finish(std::vector<lex::Token>* tokens_out) {
    while (eof_index_ == UINT32_MAX) {
      lex_one();
      if (!keep_tokens_) trim();
    }
    if (tokens_out) *tokens_out = std::move(buf_);
    diag::Diagnostics out = std::move(lex_diags_);
    uint64_t dropped = lex_dropped_ + parse_dropped_;
    if (out.size() + parse_diags_.size() > options_.max_diagnostics) {
      size_t room = options_.max_diagnostics > out.size() ? options_.max_diagnostics - out.size() : 0;
      if (parse_diags_.size() > room) {
        dropped += parse_diags_.size() - room;
        parse_diags_.resize(room);
      }
    }
    diag::append(out, std::move(parse_diags_));
    if (dropped) {
      diag::Diagnostic d;
      d.summary = "Too many errors";
      d.detail = fmt::format("{} further diagnostics for this file were not reported.", dropped);
      out.push_back(std::move(d));
    }
    return out;
  }

  uint32_t eof_index() const { return eof_index_; }

 private:
  // ---- Tokens ----------------------------------------------------------------------------------

  void lex_one() {
    lex::Token t = lexer_.next();
    src_.add_token_start(t.start);
    if (lex_diags_.size() < options_.max_diagnostics) {
      checker_.check(t, src_, &lex_diags_);
    } else {
      lex_dropped_ += static_cast<uint64_t>(checker_.check(t, src_, nullptr));
    }
    if (t.kind == K::Eof) eof_index_ = buf_base_ + static_cast<uint32_t>(buf_.size());
    buf_.push_back(t);
  }

  const lex::Token& token_at(uint32_t abs) {
    while (abs > eof_index_ || buf_base_ + buf_.size() <= abs) {
      if (abs > eof_index_) {
        abs = eof_index_;
        continue;
      }
      lex_one();
    }
    return buf_[abs - buf_base_];
  }

  // Without a tree only the last token read must stay available.
  void trim() {
    uint32_t keep_from = next_ > 0 ? next_ - 1 : 0;
    if (keep_from > buf_base_ + 4096) {
      uint32_t drop = std::min<uint32_t>(keep_from - buf_base_, static_cast<uint32_t>(buf_.size()));
      buf_.erase(buf_.begin(), buf_.begin() + drop);
      buf_base_ += drop;
    }
  }

  // The parser peeks the same token many times; the answer only changes when a token is read or
  // newline sensitivity changes.
  Peeked peek() {
    if (peek_valid_) return peeked_;
    peeked_ = peek_uncached();
    peek_valid_ = !abort_;
    return peeked_;
  }

  Peeked peek_uncached() {
    if (abort_) return Peeked{lex::Token{src_.size(), src_.size(), K::Eof}, last_read_};
    uint32_t i = next_;
    for (;;) {
      if (i > eof_index_) i = eof_index_;
      const lex::Token& t = token_at(i);
      if (t.kind == K::Comment) {
        // A line comment ends its line: where newlines matter it reads as one.
        if (include_nl_.back() && t.end > t.start && text_[t.end - 1] == '\n') return Peeked{lex::Token{t.start, t.end, K::Newline}, i};
        ++i;
        continue;
      }
      if (t.kind == K::Newline && !include_nl_.back()) {
        ++i;
        continue;
      }
      return Peeked{t, i};
    }
  }

  lex::Token read() {
    Peeked p = peek();
    if (abort_) return p.tok;
    peek_valid_ = false;
    next_ = p.index + 1;
    last_read_ = p.index;
    if (!keep_tokens_) trim();
    return p.tok;
  }

  diag::Span prev_span() {
    if (abort_) return diag::Span{src_.size(), src_.size()};
    if (next_ == 0) return span_of(peek().tok);
    return span_of(token_at(next_ - 1));
  }
  diag::Span next_span() { return span_of(peek().tok); }

  bool is_keyword(const lex::Token& t, std::string_view kw) const {
    return t.kind == K::Ident && t.text(text_) == kw;
  }

  void push_nl(bool include) {
    if (include != include_nl_.back()) peek_valid_ = false;
    include_nl_.push_back(include);
  }
  void pop_nl() {
    bool was = include_nl_.back();
    include_nl_.pop_back();
    if (was != include_nl_.back()) peek_valid_ = false;
  }

  // ---- Diagnostics -----------------------------------------------------------------------------

  void error(std::string summary, std::string detail, diag::Span subject, std::optional<diag::Span> context = {}) {
    if (abort_ && !reporting_abort_) return;
    if (parse_diags_.size() >= options_.max_diagnostics) {
      ++parse_dropped_;
      return;
    }
    diag::Diagnostic d;
    d.summary = std::move(summary);
    d.detail = std::move(detail);
    d.subject = src_.range(subject.start, subject.end);
    if (context) d.context = src_.range(context->start, context->end);
    parse_diags_.push_back(std::move(d));
  }
  size_t diag_mark() const { return parse_diags_.size() + parse_dropped_; }
  bool errors_since(size_t mark) const { return abort_ || diag_mark() > mark; }

  std::string range_string(diag::Span s) {
    source::Range r = src_.range(s.start, s.end);
    if (r.start.line == r.end.line)
      return fmt::format("{}:{},{}-{}", r.filename, r.start.line, r.start.column, r.end.column);
    return fmt::format("{}:{},{}-{},{}", r.filename, r.start.line, r.start.column, r.end.line, r.end.column);
  }

  // ---- Nodes -----------------------------------------------------------------------------------

  uint32_t mark() const { return nodes_ ? static_cast<uint32_t>(nodes_->size()) : 0; }

  NodeId add(NodeKind kind, uint32_t main, uint32_t first, uint32_t last, uint32_t start_node, uint8_t flags = 0) {
    if (!nodes_) return 0;
    Node n;
    n.kind = kind;
    n.flags = flags;
    n.main_token = main;
    n.first_token = first;
    n.last_token = std::max(first, last);
    n.subtree_size = static_cast<uint32_t>(nodes_->size()) - start_node + 1;
    nodes_->push_back(n);
    return static_cast<NodeId>(nodes_->size() - 1);
  }

  Expr make(NodeKind kind, uint32_t main, uint32_t first, uint32_t start_node, diag::Span span, uint8_t flags = 0) {
    uint32_t last = std::max(first, last_read_);
    NodeId id = add(kind, main, first, last, start_node, flags);
    return Expr{id, start_node, first, last, span};
  }

  // Wraps everything parsed since start_node into one Error node, so a failed construct is still a
  // single well-formed subtree.
  Expr wrap_error(uint32_t start_node, uint32_t first, diag::Span span, uint32_t main) {
    return make(NodeKind::Error, main, first, start_node, span);
  }

  diag::Span span_from(diag::Span start) { return diag::span_between(start, prev_span()); }

  // ---- Nesting ---------------------------------------------------------------------------------

  struct DepthGuard {
    Parser& p;
    bool ok;
    explicit DepthGuard(Parser& parser) : p(parser), ok(parser.enter()) {}
    ~DepthGuard() { --p.depth_; }
  };
  bool enter() {
    if (++depth_ <= options_.max_depth) return true;
    if (!abort_) {
      reporting_abort_ = true;
      error("Nesting too deep",
            fmt::format("This configuration nests brackets, blocks or templates more than {} levels deep, which "
                        "hcl does not parse. Simplify the structure.",
                        options_.max_depth),
            next_span());
      reporting_abort_ = false;
      abort_ = true;
      peek_valid_ = false;
      recovery_ = true;
    }
    return false;
  }

  // ---- Recovery --------------------------------------------------------------------------------

  lex::Token recover(K end) {
    K start = opposite(end);
    recovery_ = true;
    int nest = 0;
    for (;;) {
      lex::Token tok = read();
      K ty = tok.kind;
      if (end == K::TemplateSeqEnd && ty == K::TemplateControl) ty = K::TemplateInterp;
      if (ty == start) {
        ++nest;
      } else if (ty == end) {
        if (nest < 1) return tok;
        --nest;
      } else if (ty == K::Eof) {
        return tok;
      }
    }
  }

  void recover_over(K start) {
    for (;;) {
      lex::Token tok = read();
      if (tok.kind == start || tok.kind == K::Eof) break;
    }
    recover(opposite(start));
  }

  void recover_after_body_item() {
    recovery_ = true;
    std::vector<K> open;
    for (;;) {
      lex::Token tok = read();
      switch (tok.kind) {
        case K::Newline:
          if (open.empty()) return;
          break;
        case K::Eof: return;
        case K::OBrace: case K::OBrack: case K::OParen: case K::OQuote: case K::OHeredoc:
        case K::TemplateInterp: case K::TemplateControl:
          open.push_back(tok.kind);
          break;
        case K::CBrace: case K::CBrack: case K::CParen: case K::CQuote: case K::CHeredoc: {
          K opener = opposite(tok.kind);
          while (!open.empty() && open.back() != opener) open.pop_back();
          if (!open.empty()) open.pop_back();
          break;
        }
        case K::TemplateSeqEnd:
          while (!open.empty() && open.back() != K::TemplateInterp && open.back() != K::TemplateControl) open.pop_back();
          if (!open.empty()) open.pop_back();
          break;
        default: break;
      }
    }
  }

  // ---- Structure -------------------------------------------------------------------------------

  Expr parse_body(K end, bool root) {
    DepthGuard guard(*this);
    diag::Span start_span = prev_span();
    uint32_t start_node = mark();
    uint32_t first = root ? 0 : last_read_;
    if (guard.ok) {
      std::unordered_map<std::string_view, diag::Span> attrs;
      for (;;) {
        Peeked next = peek();
        if (next.tok.kind == end) {
          read();
          break;
        }
        if (next.tok.kind == K::Newline) {
          read();
          continue;
        }
        if (next.tok.kind == K::Ident) {
          std::optional<diag::Span> attr_name = parse_body_item();
          if (attr_name) {
            std::string_view name = text_.substr(attr_name->start, attr_name->end - attr_name->start);
            auto [it, inserted] = attrs.emplace(name, *attr_name);
            if (!inserted) {
              error("Attribute redefined",
                    fmt::format("The argument {} was already set at {}. Each argument may be set only once.",
                                util::go_quote(name), range_string(it->second)),
                    *attr_name);
            }
          }
          continue;
        }
        lex::Token bad = read();
        if (!recovery_) {
          if (bad.kind == K::OQuote) {
            error("Invalid argument name", "Argument names must not be quoted.", span_of(bad));
          } else if (bad.kind == K::Eof) {
            if (end == K::CBrace) {
              error("Unclosed configuration block",
                    "There is no closing brace for this block before the end of the file. This may be caused by "
                    "incorrect brace nesting elsewhere in this file.",
                    start_span);
            } else {
              error("Unclosed configuration body", "Found end of file before the end of this configuration body.",
                    start_span);
            }
          } else {
            error("Argument or block definition required", "An argument or block definition is required here.",
                  span_of(bad));
          }
        }
        recover(end);
        break;
      }
    }
    uint32_t last = root ? eof_index_ : last_read_;
    if (root && eof_index_ == UINT32_MAX) last = last_read_;
    NodeId id = add(NodeKind::Body, first, first, last, start_node);
    return Expr{id, start_node, first, last, span_from(start_span)};
  }

  // Returns the name's span when the item is an attribute.
  std::optional<diag::Span> parse_body_item() {
    lex::Token ident = read();
    uint32_t ident_index = last_read_;
    if (ident.kind != K::Ident) {
      recover_after_body_item();
      error("Argument or block definition required", "An argument or block definition is required here.",
            span_of(ident));
      return std::nullopt;
    }
    Peeked next = peek();
    switch (next.tok.kind) {
      case K::Equal:
        finish_attribute(ident, ident_index, false);
        return span_of(ident);
      case K::OQuote:
      case K::OBrace:
      case K::Ident:
        finish_block(ident, ident_index);
        return std::nullopt;
      default:
        recover_after_body_item();
        error("Argument or block definition required",
              "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to "
              "introduce the argument value.",
              span_of(ident));
        return std::nullopt;
    }
  }

  void finish_attribute(const lex::Token& ident, uint32_t ident_index, bool single_line) {
    uint32_t start_node = mark();
    read();  // the equals sign
    size_t d0 = diag_mark();
    Expr value = parse_expression();
    if (recovery_ && errors_since(d0)) {
      recover_after_body_item();
    } else if (!single_line) {
      Peeked end = peek();
      if (end.tok.kind != K::Newline && end.tok.kind != K::Eof) {
        if (!recovery_) {
          std::string summary = "Missing newline after argument";
          std::string detail = "An argument definition must end with a newline.";
          if (end.tok.kind == K::Comma) {
            summary = "Unexpected comma after argument";
            detail = "Argument definitions must be separated by newlines, not commas. " + detail;
          }
          error(summary, detail, span_of(end.tok), diag::span_between(span_of(ident), span_of(end.tok)));
        }
        recover_after_body_item();
      } else {
        read();  // the newline
      }
    }
    add(NodeKind::Attribute, ident_index, ident_index, value.last_tok, start_node);
  }

  void finish_block(const lex::Token& ident, uint32_t ident_index) {
    uint32_t start_node = mark();
    lex::Token obrace;
    for (;;) {
      Peeked tok = peek();
      if (tok.tok.kind == K::OBrace) {
        obrace = read();
        break;
      }
      if (tok.tok.kind == K::OQuote) {
        parse_quoted_label();
        continue;
      }
      if (tok.tok.kind == K::Ident) {
        read();
        add(NodeKind::BlockLabel, last_read_, last_read_, last_read_, mark());
        continue;
      }
      diag::Span ctx = diag::span_between(span_of(ident), span_of(tok.tok));
      if (tok.tok.kind == K::Equal) {
        error("Invalid block definition",
              "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
              span_of(tok.tok), ctx);
      } else if (tok.tok.kind == K::Newline) {
        error("Invalid block definition",
              "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line "
              "as the block header.",
              span_of(tok.tok), ctx);
      } else if (!recovery_) {
        error("Invalid block definition",
              "Either a quoted string block label or an opening brace (\"{\") is expected here.", span_of(tok.tok),
              ctx);
      }
      recover_after_body_item();
      add(NodeKind::Body, last_read_, last_read_, last_read_, mark());
      add(NodeKind::Block, ident_index, ident_index, last_read_, start_node);
      return;
    }

    K after = peek().tok.kind;
    if (after == K::Newline || after == K::Eof || after == K::CBrace) {
      parse_body(K::CBrace, false);
    } else {
      // A single-line block holds exactly one argument.
      uint32_t body_start = mark();
      uint32_t body_first = last_read_;
      size_t body_diags = parse_diags_.size();
      {
        DepthGuard guard(*this);
        if (guard.ok) parse_single_attr_body();
      }
      size_t after_body = parse_diags_.size();
      Peeked next = peek();
      switch (next.tok.kind) {
        case K::CBrace: read(); break;
        case K::Comma:
          error("Invalid single-argument block definition",
                "Single-line block syntax can include only one argument definition. To define multiple arguments, "
                "use the multi-line block syntax with one argument definition per line.",
                span_of(next.tok));
          recover(K::CBrace);
          break;
        case K::Newline:
          error("Invalid single-argument block definition",
                "An argument definition on the same line as its containing block creates a single-line block "
                "definition, which must also be closed on the same line. Place the block's closing brace "
                "immediately after the argument definition.",
                span_of(next.tok));
          recover(K::CBrace);
          break;
        default:
          if (!recovery_) {
            if (next.tok.kind == K::Eof) {
              error("Unclosed configuration block",
                    "There is no closing brace for this block before the end of the file. This may be caused by "
                    "incorrect brace nesting elsewhere in this file.",
                    span_of(obrace), diag::span_between(span_of(ident), span_of(obrace)));
            } else {
              error("Invalid single-argument block definition",
                    "A single-line block definition must end with a closing brace immediately after its single "
                    "argument definition.",
                    span_of(next.tok));
            }
          }
          recover(K::CBrace);
      }
      // The reference reports the argument's own problems after these.
      if (after_body <= parse_diags_.size())
        std::rotate(parse_diags_.begin() + static_cast<ptrdiff_t>(body_diags),
                    parse_diags_.begin() + static_cast<ptrdiff_t>(after_body), parse_diags_.end());
      add(NodeKind::Body, body_first, body_first, last_read_, body_start, node_flags::kOneLine);
    }
    uint32_t close_index = last_read_;
    Peeked eol = peek();
    if (eol.tok.kind == K::Newline || eol.tok.kind == K::Eof) {
      read();
    } else {
      if (!recovery_) {
        error("Missing newline after block definition", "A block definition must end with a newline.",
              span_of(eol.tok), diag::span_between(span_of(ident), span_of(eol.tok)));
      }
      recover_after_body_item();
    }
    add(NodeKind::Block, ident_index, ident_index, close_index, start_node);
  }

  void parse_single_attr_body() {
    lex::Token ident = read();
    uint32_t ident_index = last_read_;
    if (ident.kind != K::Ident) {
      recover_after_body_item();
      error("Argument or block definition required", "An argument or block definition is required here.",
            span_of(ident));
      return;
    }
    Peeked next = peek();
    switch (next.tok.kind) {
      case K::Equal:
        finish_attribute(ident, ident_index, true);
        return;
      case K::OQuote:
      case K::OBrace:
      case K::Ident:
        recover_after_body_item();
        error("Argument definition required",
              fmt::format("A single-line block definition can contain only a single argument. If you meant to "
                          "define argument {}, use an equals sign to assign it a value. To define a nested block, "
                          "place it on a line of its own within its parent block.",
                          util::go_quote(ident.text(text_))),
              diag::span_between(span_of(ident), span_of(next.tok)));
        return;
      default:
        recover_after_body_item();
        error("Argument or block definition required",
              "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to "
              "introduce the argument value.",
              span_of(ident));
    }
  }

  void parse_quoted_label() {
    uint32_t start_node = mark();
    lex::Token oquote = read();
    uint32_t first = last_read_;
    for (;;) {
      lex::Token tok = read();
      if (tok.kind == K::CQuote) break;
      if (tok.kind == K::QuotedLit) {
        std::string_view t = tok.text(text_);
        if (literal_needs_decoding(t, true)) decode_literal(t, true, &src_, tok.start, &parse_diags_);
        continue;
      }
      if (tok.kind == K::TemplateControl || tok.kind == K::TemplateInterp) {
        const char* which = tok.kind == K::TemplateControl ? "%" : "$";
        error("Invalid string literal",
              fmt::format("Template sequences are not allowed in this string. To include a literal {}, double it "
                          "(as \"{}{}\") to escape it.",
                          util::go_quote(which), which, which),
              span_of(tok), diag::span_between(span_of(oquote), span_of(tok)));
        recover(K::TemplateSeqEnd);
        continue;
      }
      if (tok.kind == K::Eof) {
        error("Unterminated string literal", "Unable to find the closing quote mark before the end of the file.",
              span_of(tok), diag::span_between(span_of(oquote), span_of(tok)));
        break;
      }
      error("Invalid string literal", "This item is not valid in a string literal.", span_of(tok),
            diag::span_between(span_of(oquote), span_of(tok)));
      recover(K::CQuote);
      break;
    }
    add(NodeKind::BlockLabel, first, first, last_read_, start_node);
  }

  // ---- Expressions -----------------------------------------------------------------------------

  Expr parse_expression() {
    DepthGuard guard(*this);
    if (!guard.ok) return placeholder();
    return parse_ternary();
  }

  Expr placeholder() {
    Peeked p = peek();
    uint32_t start_node = mark();
    NodeId id = add(NodeKind::Error, p.index, p.index, p.index, start_node);
    return Expr{id, start_node, p.index, p.index, diag::Span{p.tok.start, p.tok.start}};
  }

  Expr parse_ternary() {
    Peeked start = peek();
    diag::Span start_span = span_of(start.tok);
    uint32_t start_node = mark();
    size_t d0 = diag_mark();
    Expr cond = parse_binary(0);
    if (recovery_ && errors_since(d0)) return cond;
    Peeked question = peek();
    if (question.tok.kind != K::Question) return cond;
    read();
    size_t d1 = diag_mark();
    Expr t = parse_expression();
    if (recovery_ && errors_since(d1)) return wrap_error(start_node, start.index, cond.span, question.index);
    Peeked colon = peek();
    if (colon.tok.kind != K::Colon) {
      error("Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
            span_of(colon.tok), diag::span_between(start_span, span_of(colon.tok)));
      return wrap_error(start_node, start.index, cond.span, question.index);
    }
    read();
    size_t d2 = diag_mark();
    Expr f = parse_expression();
    if (recovery_ && errors_since(d2)) return wrap_error(start_node, start.index, cond.span, question.index);
    (void)t;
    return make(NodeKind::Conditional, question.index, start.index, start_node, diag::span_between(start_span, f.span));
  }

  Expr parse_binary(int min_level) {
    Peeked start = peek();
    uint32_t start_node = mark();
    size_t d0 = diag_mark();
    Expr lhs = parse_operand();
    if (recovery_ && errors_since(d0)) return lhs;
    for (;;) {
      Peeked op = peek();
      int level = binary_level(op.tok.kind);
      if (level < 0 || level < min_level) break;
      read();
      size_t d1 = diag_mark();
      Expr rhs;
      {
        // Each operator nests its right operand one level deeper.
        DepthGuard guard(*this);
        if (!guard.ok) return wrap_error(start_node, start.index, lhs.span, op.index);
        rhs = parse_binary(level + 1);
      }
      if (recovery_ && errors_since(d1)) return wrap_error(start_node, start.index, lhs.span, op.index);
      lhs = make(NodeKind::Binary, op.index, start.index, start_node, diag::span_between(lhs.span, rhs.span));
    }
    return lhs;
  }

  Expr parse_operand() {
    Expr term = parse_term();
    return parse_traversals(term);
  }

  void check_number(const lex::Token& tok) {
    if (!valid_number_literal(tok.text(text_))) {
      error("Invalid number literal", "Failed to recognize the value of this number literal.", span_of(tok));
    }
  }

  Expr parse_traversals(Expr from) {
    Expr ret = from;
    for (;;) {
      Peeked next = peek();
      if (next.tok.kind == K::Dot) {
        read();
        uint32_t dot_index = last_read_;
        Peeked attr = peek();
        if (attr.tok.kind == K::Ident) {
          read();
          ret = make(NodeKind::GetAttr, attr.index, from.first_tok, from.start_node,
                     diag::span_between(ret.span, span_of(attr.tok)));
        } else if (attr.tok.kind == K::NumberLit) {
          lex::Token num = read();
          legacy_index_step(num, attr.tok, false);
          ret = make(NodeKind::LegacyIndex, attr.index, from.first_tok, from.start_node,
                     diag::span_between(ret.span, span_of(num)));
        } else if (attr.tok.kind == K::Star) {
          ret = attribute_splat(ret, from, dot_index, attr);
        } else {
          error("Invalid attribute name", "An attribute name is required after a dot.", span_of(attr.tok));
          recovery_ = true;
        }
        continue;
      }
      if (next.tok.kind == K::OBrack) {
        lex::Token open = read();
        uint32_t open_index = last_read_;
        if (peek().tok.kind == K::Star) {
          read();
          lex::Token close = read();
          if (close.kind != K::CBrack && !recovery_) {
            // The reference points this diagnostic at the token recovery stops on (its subject
            // aliases the variable that recovery overwrites).
            close = recover(K::CBrack);
            error("Missing close bracket on splat index",
                  "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                  span_of(close));
          }
          uint32_t each_start = mark();
          NodeId item = add(NodeKind::SplatItem, open_index, open_index, last_read_, each_start);
          Expr item_expr{item, each_start, open_index, last_read_, diag::span_between(span_of(open), span_of(close))};
          Expr each;
          {
            // The rest of the traversal applies to each element.
            DepthGuard guard(*this);
            each = guard.ok ? parse_traversals(item_expr) : item_expr;
          }
          ret = make(NodeKind::Splat, open_index + 1, from.first_tok, from.start_node,
                     diag::span_between(ret.span, each.span));
          continue;
        }
        push_nl(false);
        size_t d0 = diag_mark();
        Expr key = parse_expression();
        lex::Token close;
        if (recovery_ && errors_since(d0)) {
          close = recover(K::CBrack);
        } else {
          close = read();
          if (close.kind != K::CBrack && !recovery_) {
            close = recover(K::CBrack);  // the reference's subject is where recovery stops, as above
            error("Missing close bracket on index", "The index operator must end with a closing bracket (\"]\").",
                  span_of(close));
          }
        }
        pop_nl();
        (void)key;
        ret = make(NodeKind::Index, open_index, from.first_tok, from.start_node,
                   diag::span_between(ret.span, span_of(close)));
        continue;
      }
      break;
    }
    return ret;
  }

  void legacy_index_step(const lex::Token& num, const lex::Token& subject_tok, bool in_splat) {
    std::string_view t = num.text(text_);
    size_t dot = t.find('.');
    if (dot != std::string_view::npos) {
      std::string_view first = t.substr(0, dot), second = t.substr(dot + 1);
      error("Invalid legacy index syntax",
            in_splat ? fmt::format("When using the legacy index syntax, chaining two indexes together is not "
                                   "permitted. Use the proper index syntax with a full splat expression [*] "
                                   "instead, like [{}][{}].",
                                   first, second)
                     : fmt::format("When using the legacy index syntax, chaining two indexes together is not "
                                   "permitted. Use the proper index syntax instead, like [{}][{}].",
                                   first, second),
            span_of(subject_tok));
      return;
    }
    check_number(num);
  }

  // The legacy ".*" splat: only attribute and legacy index steps apply to each element.
  Expr attribute_splat(Expr ret, Expr from, uint32_t dot_index, Peeked star) {
    read();  // the star
    uint32_t each_start = mark();
    NodeId item = add(NodeKind::SplatItem, star.index, dot_index, star.index, each_start);
    Expr each{item, each_start, dot_index, star.index, diag::Span{token_at_span(dot_index).start, star.tok.end}};
    diag::Span last_span = span_of(star.tok);
    while (peek().tok.kind == K::Dot) {
      read();
      Peeked step = peek();
      if (step.tok.kind == K::NumberLit) {
        lex::Token num = read();
        legacy_index_step(num, star.tok, true);
        each = make(NodeKind::LegacyIndex, step.index, each.first_tok, each.start_node,
                    diag::span_between(each.span, span_of(num)));
        last_span = span_of(num);
        continue;
      }
      if (step.tok.kind != K::Ident) {
        if (!recovery_) {
          if (step.tok.kind == K::Star) {
            error("Nested splat expression not allowed",
                  "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                  span_of(step.tok));
          } else {
            error("Invalid attribute name", "An attribute name is required after a dot.", span_of(star.tok));
          }
        }
        recovery_ = true;
        break;
      }
      lex::Token attr = read();
      each = make(NodeKind::GetAttr, step.index, each.first_tok, each.start_node, diag::span_between(each.span, span_of(attr)));
      last_span = span_of(attr);
    }
    return make(NodeKind::Splat, star.index, from.first_tok, from.start_node, diag::span_between(ret.span, last_span),
                node_flags::kAttrSplat);
  }

  diag::Span token_at_span(uint32_t index) {
    if (index + 1 < buf_base_) return prev_span();
    return span_of(token_at(index));
  }

  Expr parse_term() {
    Peeked start = peek();
    uint32_t start_node = mark();
    switch (start.tok.kind) {
      case K::OParen: {
        read();
        push_nl(false);
        size_t d0 = diag_mark();
        Expr inner = parse_expression();
        if (errors_since(d0)) {
          recover(K::CParen);
          pop_nl();
          return make(NodeKind::Parens, start.index, start.index, start_node, span_from(span_of(start.tok)));
        }
        Peeked close = peek();
        if (close.tok.kind != K::CParen) {
          error("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression.",
                span_of(close.tok), diag::span_between(span_of(start.tok), span_of(close.tok)));
          recovery_ = true;
        }
        read();
        pop_nl();
        (void)inner;
        return make(NodeKind::Parens, start.index, start.index, start_node, span_from(span_of(start.tok)));
      }
      case K::NumberLit: {
        lex::Token tok = read();
        check_number(tok);
        return make(NodeKind::Literal, start.index, start.index, start_node, span_of(tok));
      }
      case K::Ident: {
        lex::Token tok = read();
        K after = peek().tok.kind;
        if (after == K::OParen || after == K::DoubleColon) return finish_function_call(tok, start.index);
        std::string_view name = tok.text(text_);
        NodeKind kind = (name == "true" || name == "false" || name == "null") ? NodeKind::Literal : NodeKind::Variable;
        return make(kind, start.index, start.index, start_node, span_of(tok));
      }
      case K::OQuote:
      case K::OHeredoc: {
        lex::Token open = read();
        uint8_t flags = 0;
        if (open.kind == K::OHeredoc) {
          flags |= node_flags::kHeredoc;
          if (open.text(text_).substr(0, 3) == "<<-") flags |= node_flags::kFlush;
        }
        return parse_template_inner(opposite(open.kind), (flags & node_flags::kFlush) != 0, start_node, start.index,
                                    start.index, flags);
      }
      case K::Minus:
      case K::Bang: {
        lex::Token op = read();
        Expr operand;
        {
          DepthGuard guard(*this);
          if (!guard.ok) return wrap_error(start_node, start.index, span_of(op), start.index);
          operand = parse_operand();
        }
        return make(NodeKind::Unary, start.index, start.index, start_node, diag::span_between(span_of(op), operand.span));
      }
      case K::OBrack: return parse_tuple();
      case K::OBrace: return parse_object();
      default: {
        if (!recovery_) {
          if (start.tok.kind == K::Eof) {
            error("Missing expression", "Expected the start of an expression, but found the end of the file.",
                  span_of(start.tok));
          } else {
            error("Invalid expression", "Expected the start of an expression, but found an invalid expression token.",
                  span_of(start.tok));
          }
        }
        recovery_ = true;
        // The offending token is left for the caller; the placeholder covers no text.
        NodeId id = add(NodeKind::Error, start.index, start.index, start.index, start_node);
        return Expr{id, start_node, start.index, start.index, span_of(start.tok)};
      }
    }
  }

  Expr finish_function_call(const lex::Token& name, uint32_t name_index) {
    uint32_t start_node = mark();
    lex::Token open = read();
    // Namespaced names (provider::aws::arn_parse), HCL 2.20 and later.
    while (open.kind == K::DoubleColon) {
      lex::Token next_name = read();
      if (next_name.kind != K::Ident) {
        error("Missing function name",
              "Function scope resolution symbol :: must be followed by a function name in this scope.",
              span_of(next_name), diag::span_between(span_of(name), span_of(next_name)));
        recover_over(K::OParen);
        return wrap_error(start_node, name_index, diag::span_between(span_of(name), span_of(next_name)), name_index);
      }
      open = read();
    }
    if (open.kind != K::OParen) {
      error("Missing open parenthesis",
            "Function selector must be followed by an open parenthesis to begin the function call.", span_of(open),
            diag::span_between(span_of(name), span_of(open)));
      recover_over(K::OParen);
      return wrap_error(start_node, name_index, diag::span_between(span_of(name), span_of(open)), name_index);
    }
    bool expand_final = false;
    push_nl(false);
    for (;;) {
      if (peek().tok.kind == K::CParen) {
        read();
        break;
      }
      size_t d0 = diag_mark();
      parse_expression();
      if (recovery_ && errors_since(d0)) {
        recover(K::CParen);
        break;
      }
      lex::Token sep = read();
      if (sep.kind == K::CParen) break;
      if (sep.kind == K::Ellipsis) {
        expand_final = true;
        if (peek().tok.kind != K::CParen) {
          if (!recovery_) {
            error("Missing closing parenthesis",
                  "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                  span_of(sep), diag::span_between(span_of(name), span_of(sep)));
          }
          recover(K::CParen);
        } else {
          read();
        }
        break;
      }
      if (sep.kind != K::Comma) {
        if (sep.kind == K::Eof) {
          error("Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the file. This may be "
                "caused by incorrect parenthesis nesting elsewhere in this file.",
                diag::span_between(span_of(name), span_of(open)));
        } else {
          error("Missing argument separator", "A comma is required to separate each function argument from the next.",
                span_of(sep), diag::span_between(span_of(name), span_of(sep)));
        }
        recover(K::CParen);
        break;
      }
      if (peek().tok.kind == K::CParen) {
        read();
        break;
      }
    }
    pop_nl();
    return make(NodeKind::FunctionCall, name_index, name_index, start_node, span_from(span_of(name)),
                expand_final ? node_flags::kExpandFinal : 0);
  }

  Expr parse_tuple() {
    uint32_t start_node = mark();
    lex::Token open = read();
    uint32_t open_index = last_read_;
    push_nl(false);
    if (is_keyword(peek().tok, "for")) {
      Expr e = finish_for(open, open_index, start_node);
      pop_nl();
      return e;
    }
    for (;;) {
      Peeked next = peek();
      if (next.tok.kind == K::CBrack) {
        read();
        break;
      }
      size_t d0 = diag_mark();
      parse_expression();
      if (recovery_ && errors_since(d0)) {
        recover(K::CBrack);
        break;
      }
      next = peek();
      if (next.tok.kind == K::CBrack) {
        read();
        break;
      }
      if (next.tok.kind != K::Comma) {
        if (!recovery_) {
          if (next.tok.kind == K::Eof) {
            error("Unterminated tuple constructor expression",
                  "There is no corresponding closing bracket before the end of the file. This may be caused by "
                  "incorrect bracket nesting elsewhere in this file.",
                  span_of(open));
          } else {
            error("Missing item separator", "Expected a comma to mark the beginning of the next item.",
                  span_of(next.tok), diag::span_between(span_of(open), span_of(next.tok)));
          }
        }
        recover(K::CBrack);
        break;
      }
      read();
    }
    pop_nl();
    return make(NodeKind::Tuple, open_index, open_index, start_node, span_from(span_of(open)));
  }

  Expr parse_object() {
    uint32_t start_node = mark();
    lex::Token open = read();
    uint32_t open_index = last_read_;
    push_nl(false);
    bool is_for = is_keyword(peek().tok, "for");
    pop_nl();
    if (is_for) {
      push_nl(false);
      Expr e = finish_for(open, open_index, start_node);
      pop_nl();
      return e;
    }
    push_nl(true);
    for (;;) {
      Peeked next = peek();
      if (next.tok.kind == K::Newline) {
        read();
        continue;
      }
      if (next.tok.kind == K::CBrace) {
        read();
        break;
      }
      uint32_t item_start = mark();
      bool force = next.tok.kind == K::OParen;
      size_t d0 = diag_mark();
      parse_expression();
      if (recovery_ && errors_since(d0)) {
        recover(K::CBrace);
        wrap_error(item_start, next.index, span_of(next.tok), next.index);
        break;
      }
      Peeked sep = peek();
      if (sep.tok.kind != K::Equal && sep.tok.kind != K::Colon) {
        if (!recovery_) {
          diag::Span ctx = diag::span_between(span_of(open), span_of(sep.tok));
          switch (sep.tok.kind) {
            case K::Newline:
            case K::Comma:
              error("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\").",
                    span_of(sep.tok), ctx);
              break;
            case K::Ident:
              error("Missing key/value separator",
                    "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended "
                    "to given an attribute name containing periods or spaces, write the name in quotes to create a "
                    "string literal.",
                    span_of(sep.tok), ctx);
              break;
            case K::Eof:
              error("Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by "
                    "incorrect brace nesting elsewhere in this file.",
                    span_of(open));
              break;
            default:
              error("Missing key/value separator",
                    "Expected an equals sign (\"=\") to mark the beginning of the attribute value.", span_of(sep.tok),
                    ctx);
          }
        }
        recover(K::CBrace);
        wrap_error(item_start, next.index, span_of(next.tok), next.index);
        break;
      }
      read();
      size_t d1 = diag_mark();
      parse_expression();
      if (recovery_ && errors_since(d1)) {
        recover(K::CBrace);
        wrap_error(item_start, next.index, span_of(next.tok), next.index);
        break;
      }
      make(NodeKind::ObjectItem, sep.index, next.index, item_start, span_of(next.tok),
           force ? node_flags::kForceNonLiteral : 0);
      Peeked after = peek();
      if (after.tok.kind == K::CBrace) {
        read();
        break;
      }
      if (after.tok.kind != K::Comma && after.tok.kind != K::Newline) {
        if (!recovery_) {
          if (after.tok.kind == K::Eof) {
            error("Unterminated object constructor expression",
                  "There is no corresponding closing brace before the end of the file. This may be caused by "
                  "incorrect brace nesting elsewhere in this file.",
                  span_of(open));
          } else {
            error("Missing attribute separator",
                  "Expected a newline or comma to mark the beginning of the next attribute.", span_of(after.tok),
                  diag::span_between(span_of(open), span_of(after.tok)));
          }
        }
        recover(K::CBrace);
        break;
      }
      read();
    }
    pop_nl();
    return make(NodeKind::Object, open_index, open_index, start_node, span_from(span_of(open)));
  }

  Expr finish_for(const lex::Token& open, uint32_t open_index, uint32_t start_node) {
    push_nl(false);
    struct PopGuard {
      Parser& p;
      ~PopGuard() { p.pop_nl(); }
    } pop_guard{*this};
    lex::Token intro = read();
    uint32_t intro_index = last_read_;
    bool make_obj = open.kind == K::OBrace;
    K close_kind = make_obj ? K::CBrace : K::CBrack;
    auto fail = [&](const char* detail) {
      Peeked p = peek();
      if (!recovery_) {
        error("Invalid 'for' expression", detail, span_of(p.tok), diag::span_between(span_of(open), span_of(p.tok)));
      }
      lex::Token close = recover(close_kind);
      return wrap_error(start_node, open_index, diag::span_between(span_of(open), span_of(close)), intro_index);
    };
    (void)intro;
    uint8_t flags = make_obj ? node_flags::kForObject : 0;
    if (peek().tok.kind != K::Ident) return fail("For expression requires variable name after 'for'.");
    read();
    add(NodeKind::Name, last_read_, last_read_, last_read_, mark());
    if (peek().tok.kind == K::Comma) {
      flags |= node_flags::kHasKeyVar;
      read();
      if (peek().tok.kind != K::Ident) return fail("For expression requires value variable name after comma.");
      read();
      add(NodeKind::Name, last_read_, last_read_, last_read_, mark());
    }
    if (!is_keyword(peek().tok, "in")) return fail("For expression requires the 'in' keyword after its name declarations.");
    read();
    size_t d0 = diag_mark();
    parse_expression();
    if (recovery_ && errors_since(d0)) {
      lex::Token close = recover(close_kind);
      return wrap_error(start_node, open_index, diag::span_between(span_of(open), span_of(close)), intro_index);
    }
    if (peek().tok.kind != K::Colon) return fail("For expression requires a colon after the collection expression.");
    read();
    size_t d1 = diag_mark();
    Expr value = parse_expression();
    std::optional<Expr> key;
    if (peek().tok.kind == K::FatArrow) {
      read();
      key = value;
      flags |= node_flags::kHasKeyExpr;
      value = parse_expression();
    }
    if (recovery_ && errors_since(d1)) {
      lex::Token close = recover(close_kind);
      return wrap_error(start_node, open_index, diag::span_between(span_of(open), span_of(close)), intro_index);
    }
    std::optional<lex::Token> ellipsis;
    if (peek().tok.kind == K::Ellipsis) {
      ellipsis = read();
      flags |= node_flags::kGroup;
    }
    if (is_keyword(peek().tok, "if")) {
      read();
      flags |= node_flags::kHasCond;
      size_t d2 = diag_mark();
      parse_expression();
      if (recovery_ && errors_since(d2)) {
        lex::Token close = recover(opposite(open.kind));
        return wrap_error(start_node, open_index, diag::span_between(span_of(open), span_of(close)), intro_index);
      }
    }
    lex::Token close;
    Peeked next = peek();
    if (next.tok.kind == close_kind) {
      close = read();
    } else {
      if (!recovery_) {
        error("Invalid 'for' expression", "Extra characters after the end of the 'for' expression.", span_of(next.tok),
              diag::span_between(span_of(open), span_of(next.tok)));
      }
      close = recover(close_kind);
    }
    diag::Span whole = diag::span_between(span_of(open), span_of(close));
    if (!make_obj) {
      if (key) {
        error("Invalid 'for' expression", "Key expression is not valid when building a tuple.", key->span, whole);
      }
      if (ellipsis) {
        error("Invalid 'for' expression", "Grouping ellipsis (...) cannot be used when building a tuple.",
              span_of(*ellipsis), whole);
      }
    } else if (!key) {
      error("Invalid 'for' expression", "Key expression is required when building an object.", value.span, whole);
    }
    return make(NodeKind::ForExpr, intro_index, open_index, start_node, whole, flags);
  }

  // ---- Templates -------------------------------------------------------------------------------

  struct PartInfo {
    TemplatePart kind;
    diag::Span span;
  };

  Expr parse_template_inner(K end, bool flush, uint32_t start_node, uint32_t first, uint32_t main, uint8_t flags) {
    (void)flush;
    DepthGuard guard(*this);
    diag::Span open_span = first < buf_base_ + buf_.size() && first >= buf_base_ ? span_of(buf_[first - buf_base_]) : next_span();
    if (!guard.ok) return wrap_error(start_node, first, open_span, main);
    std::vector<PartInfo> parts = parse_template_parts(end);
    check_template_structure(parts);
    return make(NodeKind::Template, main, first, start_node, span_from(open_span), flags);
  }

  std::vector<PartInfo> parse_template_parts(K end) {
    std::vector<PartInfo> parts;
    diag::Span start_span = next_span();
    diag::Span end_span{};
    // Directives nest like brackets: the parts are flat here, but every later stage (evaluation,
    // hcl2json, the template structure itself) recurses once per open if/for, so each one counts
    // towards the same depth limit as the expressions inside it.
    uint32_t open_directives = 0;
    for (;;) {
      lex::Token next = read();
      uint32_t next_index = last_read_;
      if (next.kind == end) {
        end_span = span_of(next);
        break;
      }
      uint32_t part_start = mark();
      switch (next.kind) {
        case K::StringLit:
        case K::QuotedLit: {
          bool quoted = next.kind == K::QuotedLit;
          std::string_view t = next.text(text_);
          if (literal_needs_decoding(t, quoted)) decode_literal(t, quoted, &src_, next.start, &parse_diags_);
          add(NodeKind::TemplateLiteral, next_index, next_index, next_index, part_start);
          parts.push_back({TemplatePart::Literal, span_of(next)});
          continue;
        }
        case K::TemplateInterp: {
          push_nl(false);
          parse_expression();
          Peeked close = peek();
          if (close.tok.kind != K::TemplateSeqEnd) {
            if (!recovery_) {
              if (close.tok.kind == K::Eof) {
                error("Unclosed template interpolation sequence",
                      "There is no closing brace for this interpolation sequence before the end of the file. This "
                      "might be caused by incorrect nesting inside the given expression.",
                      start_span);
              } else if (close.tok.kind == K::Colon) {
                error("Extra characters after interpolation expression",
                      "Template interpolation doesn't expect a colon at this location. Did you intend this to be a "
                      "literal sequence to be processed as part of another language? If so, you can escape it by "
                      "starting with \"$${\" instead of just \"${\".",
                      span_of(close.tok), diag::span_between(start_span, span_of(close.tok)));
              } else if ((close.tok.kind == K::CQuote || close.tok.kind == K::OQuote) && end == K::CQuote) {
                error("Unclosed template interpolation sequence",
                      "There is no closing brace for this interpolation sequence before the end of the quoted "
                      "template. This might be caused by incorrect nesting inside the given expression.",
                      start_span);
              } else {
                error("Extra characters after interpolation expression",
                      "Expected a closing brace to end the interpolation expression, but found extra characters.\n\n"
                      "This can happen when you include interpolation syntax for another language, such as shell "
                      "scripting, but forget to escape the interpolation start token. If this is an embedded "
                      "sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                      span_of(close.tok), diag::span_between(start_span, span_of(close.tok)));
              }
            }
            recover(K::TemplateSeqEnd);
          } else {
            read();
          }
          pop_nl();
          add(NodeKind::TemplateInterp, next_index, next_index, last_read_, part_start);
          parts.push_back({TemplatePart::Interp, diag::span_between(span_of(next), prev_span())});
          continue;
        }
        case K::TemplateControl: {
          push_nl(false);
          Peeked kw = peek();
          auto abandon = [&]() {
            recover(K::TemplateSeqEnd);
            pop_nl();
            add(NodeKind::Error, next_index, next_index, last_read_, part_start);
          };
          if (kw.tok.kind != K::Ident) {
            if (!recovery_) {
              error("Invalid template directive",
                    "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ "
                    "sequence.",
                    span_of(kw.tok), diag::span_between(span_of(next), span_of(kw.tok)));
            }
            abandon();
            continue;
          }
          read();
          std::string_view word = kw.tok.text(text_);
          NodeKind node_kind;
          TemplatePart part;
          uint8_t part_flags = 0;
          if (word == "if") {
            parse_expression();
            node_kind = NodeKind::TemplateIf;
            part = TemplatePart::If;
          } else if (word == "else") {
            node_kind = NodeKind::TemplateElse;
            part = TemplatePart::Else;
          } else if (word == "endif") {
            node_kind = NodeKind::TemplateEndIf;
            part = TemplatePart::EndIf;
          } else if (word == "for") {
            if (peek().tok.kind != K::Ident) {
              if (!recovery_) error("Invalid 'for' directive", "For directive requires variable name after 'for'.", next_span());
              abandon();
              continue;
            }
            read();
            add(NodeKind::Name, last_read_, last_read_, last_read_, mark());
            if (peek().tok.kind == K::Comma) {
              part_flags |= node_flags::kHasKeyVar;
              read();
              if (peek().tok.kind != K::Ident) {
                if (!recovery_)
                  error("Invalid 'for' directive", "For directive requires value variable name after comma.",
                        next_span());
                abandon();
                continue;
              }
              read();
              add(NodeKind::Name, last_read_, last_read_, last_read_, mark());
            }
            if (!is_keyword(peek().tok, "in")) {
              if (!recovery_) error("Invalid 'for' directive", "For directive requires 'in' keyword after names.", next_span());
              abandon();
              continue;
            }
            read();
            parse_expression();
            node_kind = NodeKind::TemplateFor;
            part = TemplatePart::For;
          } else if (word == "endfor") {
            node_kind = NodeKind::TemplateEndFor;
            part = TemplatePart::EndFor;
          } else {
            if (!recovery_) {
              std::string_view suggestion = util::name_suggestion(word, {"if", "for", "else", "endif", "endfor"});
              std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", util::go_quote(suggestion));
              error("Invalid template control keyword",
                    fmt::format("{} is not a valid template control keyword.{}", util::go_quote(word), hint),
                    span_of(kw.tok), diag::span_between(span_of(next), span_of(kw.tok)));
            }
            abandon();
            continue;
          }
          diag::Span directive_span = diag::span_between(span_of(next), next_span());
          Peeked close = peek();
          if (close.tok.kind != K::TemplateSeqEnd) {
            if (!recovery_) {
              error(fmt::format("Extra characters in {} marker", word),
                    "Expected a closing brace to end the sequence, but found extra characters.", span_of(close.tok),
                    diag::span_between(start_span, span_of(close.tok)));
            }
            recover(K::TemplateSeqEnd);
          } else {
            read();
          }
          pop_nl();
          add(node_kind, next_index, next_index, last_read_, part_start, part_flags);
          parts.push_back({part, directive_span});
          if (part == TemplatePart::If || part == TemplatePart::For) {
            ++open_directives;
            enter();  // past the limit this reports "Nesting too deep" and stops the parse
          } else if ((part == TemplatePart::EndIf || part == TemplatePart::EndFor) && open_directives > 0) {
            --open_directives;
            --depth_;
          }
          continue;
        }
        default: {
          if (!recovery_) {
            error("Unterminated template string", "No closing marker was found for the string.", span_of(next),
                  diag::span_between(start_span, span_of(next)));
          }
          lex::Token final_tok = recover(end);
          end_span = span_of(final_tok);
          break;
        }
      }
      break;
    }
    parts.push_back({TemplatePart::End, end_span});
    depth_ -= open_directives;
    return parts;
  }

  // The reference's second template pass: if/else/endif and for/endfor must balance.
  void check_template_structure(const std::vector<PartInfo>& parts) {
    struct Open {
      TemplatePart kind;
      bool in_else;
      diag::Span span;
    };
    std::vector<Open> stack;
    for (const PartInfo& p : parts) {
      switch (p.kind) {
        case TemplatePart::Literal:
        case TemplatePart::Interp: break;
        case TemplatePart::If:
        case TemplatePart::For: stack.push_back({p.kind, false, p.span}); break;
        case TemplatePart::Else:
        case TemplatePart::EndIf:
        case TemplatePart::EndFor: {
          const char* name = p.kind == TemplatePart::Else ? "else" : p.kind == TemplatePart::EndIf ? "endif" : "endfor";
          if (stack.empty()) {
            error(fmt::format("Unexpected {} directive", name), "The control directives within this template are unbalanced.",
                  p.span);
            break;
          }
          Open& top = stack.back();
          if (top.kind == TemplatePart::If) {
            if (p.kind == TemplatePart::Else && !top.in_else) {
              top.in_else = true;
              break;
            }
            if (p.kind == TemplatePart::Else) {
              error("Unexpected else directive",
                    fmt::format("Already in the else clause for the if started at {}.", range_string(top.span)), p.span);
            } else if (p.kind == TemplatePart::EndFor) {
              error("Unexpected endfor directive",
                    fmt::format("Expecting an endif directive for the if started at {}.", range_string(top.span)),
                    p.span);
            }
          } else {
            if (p.kind == TemplatePart::Else) {
              error("Unexpected else directive", "An else clause is not expected for a for directive.", p.span);
            } else if (p.kind == TemplatePart::EndIf) {
              error("Unexpected endif directive",
                    fmt::format("Expecting an endfor directive corresponding to the for directive at {}.",
                                range_string(top.span)),
                    p.span);
            }
          }
          stack.pop_back();
          break;
        }
        case TemplatePart::End:
          while (!stack.empty()) {
            const Open& top = stack.back();
            error("Unexpected end of template",
                  fmt::format(fmt::runtime(top.kind == TemplatePart::If
                                               ? "The if directive at {} is missing its corresponding endif directive."
                                               : "The for directive at {} is missing its corresponding endfor directive."),
                              range_string(top.span)),
                  p.span);
            stack.pop_back();
          }
          break;
      }
    }
  }

  const source::SourceFile& src_;
  std::string_view text_;
  lex::Lexer lexer_;
  lex::InvalidTokenChecker checker_;
  const ParseOptions& options_;
  bool keep_tokens_;
  std::vector<Node>* nodes_;

  std::vector<lex::Token> buf_;
  uint32_t buf_base_ = 0;
  uint32_t next_ = 0;
  uint32_t last_read_ = 0;
  uint32_t eof_index_ = UINT32_MAX;
  std::vector<bool> include_nl_{true};
  Peeked peeked_{};
  bool peek_valid_ = false;
  bool recovery_ = false;
  bool trailing_text_ = false;
  bool abort_ = false;
  bool reporting_abort_ = false;
  uint32_t depth_ = 0;

  diag::Diagnostics lex_diags_;
  diag::Diagnostics parse_diags_;
  uint64_t lex_dropped_ = 0;
  uint64_t parse_dropped_ = 0;
};

ParseResult run(std::shared_ptr<const source::SourceFile> source, lex::LexMode mode, const ParseOptions& options,
                void (Parser::*entry)()) {
  ParseResult result;
  if (options.build_tree) result.tree = std::make_unique<SyntaxTree>(source);
  Parser parser(*source, mode, options, result.tree.get());
  (parser.*entry)();
  result.trailing_text = parser.trailing_text();
  result.diagnostics = parser.finish(result.tree ? &result.tree->mutable_tokens() : nullptr);
  if (result.tree) {
    // The root always spans every token, including any left unparsed after an error.
    auto& nodes = result.tree->mutable_nodes();
    auto& tokens = result.tree->mutable_tokens();
    if (!nodes.empty() && !tokens.empty()) {
      nodes.back().first_token = 0;
      nodes.back().last_token = static_cast<uint32_t>(tokens.size() - 1);
    }
  }
  return result;
}

}  // namespace

ParseResult parse_config(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options) {
  return run(std::move(source), lex::LexMode::Config, options, &Parser::parse_config_file);
}

ParseResult parse_expression(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options) {
  return run(std::move(source), lex::LexMode::Config, options, &Parser::parse_standalone_expression);
}

ParseResult parse_template(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options) {
  return run(std::move(source), lex::LexMode::Template, options, &Parser::parse_standalone_template);
}

}  // namespace hcl::syntax
