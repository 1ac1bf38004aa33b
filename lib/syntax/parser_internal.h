// SPDX-License-Identifier: Apache-2.0
// The parser's private parts, shared by the files that hold its constructs (parser.cpp,
// parser_body.cpp, parser_expression.cpp, parser_term.cpp, parser_traversal.cpp,
// parser_template.cpp). Not part of the library's interface: include syntax/parser.h instead.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lex/lexer.h"
#include "lex/scan.h"
#include "syntax/parser.h"

namespace hcl::syntax::parser_detail {

// The parser mirrors hclsyntax's recursive descent (parser.go, parser_template.go): the same
// grammar, the same diagnostics in the same order, the same recovery. It differs in what it
// builds: instead of an AST of Go objects it appends nodes in post-order to one array (a node's
// children precede it; see syntax/tree.h), so a construct first notes mark() (where its subtree
// will start) and adds its own node after parsing its children.
using K = lex::TokenKind;
constexpr K kNil = static_cast<K>(255);

inline diag::Span span_of(const lex::Token& t) { return diag::Span{t.start, t.end}; }

// (*parser).oppositeBracket: the other end of a bracketing token, or kNil.
inline K opposite(K k) {
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

// What a parse step returns: the node it added and what the caller needs to place its own
// node or diagnostic (the reference's Expression and its Range()).
struct Expr {
  NodeId id = kNoNode;
  uint32_t start_node = 0;
  uint32_t first_tok = 0;
  uint32_t last_tok = 0;
  diag::Span span{};
};

// A token and its index in the token array (the tree refers to tokens by index).
struct Peeked {
  lex::Token tok;
  uint32_t index;
};

// The parts of a template that the structure check looks at: its directives and its end
// (parser_template.cpp). Literals and interpolations have no part in it.
enum class TemplatePart : uint8_t { If, Else, EndIf, For, EndFor, End };

// One parse of one source: the token window over the lexer, the node array being built, the
// diagnostics, and the reference's sticky recovery flag (recovery_). The members that every
// construct calls per token stay inline here; each construct's own members are defined in the
// file named beside its declarations below.
class Parser {
 public:
  Parser(const source::SourceFile& src, lex::LexMode mode, const ParseOptions& options, SyntaxTree* tree)
      : src_(src),
        text_(src.text()),
        lexer_(src.text(), mode),
        options_(options),
        keep_tokens_(tree != nullptr),
        whole_file_(tree != nullptr && !options.root_item),
        tree_(tree),
        nodes_(tree ? &tree->mutable_nodes() : nullptr) {
    if (tree) {
      // Dense configuration (lists of numbers, resources with short names) runs three to four
      // bytes a token and two tokens a node. Reserving that much avoids the copy that doubling
      // makes when an array outgrows its capacity, which briefly holds both arrays: capacity that
      // is never written costs address space, not memory. Where even that is refused (a ulimit
      // -v, strict overcommit, which count it), the arrays grow as they fill instead.
      try {
        buf_.reserve(src.size() / 3 + 16);
      } catch (const std::bad_alloc&) {}
      try {
        nodes_->reserve(src.size() / 6 + 16);
      } catch (const std::bad_alloc&) {}
    }
    refresh_peek();
  }

  void parse_config_file();
  void parse_standalone_expression();
  void parse_standalone_template();

  bool trailing_text() const { return trailing_text_; }

  // Lexes what the parse did not reach (for lexical diagnostics and a complete token array),
  // and returns the token array and all diagnostics in the reference's order.
  diag::Diagnostics finish(std::vector<lex::Token>* tokens_out);

  uint32_t eof_index() const { return eof_index_; }

 private:
  // ---- Tokens ----------------------------------------------------------------------------------

  // The lexer fills the token array a chunk at a time (refill); the parser walks it by index.
  // With a tree the array grows to hold every token. Without one (validation) it is a window:
  // each refill first drops the tokens before the last one read, so memory stays small however
  // large the input. The lexical diagnostics of each chunk are taken as it is lexed, so they
  // come out in source order.
  static constexpr uint32_t kChunk = 4096;
  void refill(uint32_t keep_from);

  const lex::Token& token_at(uint32_t abs) {
    uint32_t rel = abs - buf_base_;
    if (rel >= buf_len_) [[unlikely]]
      rel = fetch(abs) - buf_base_;
    return buf_[rel];
  }
  // Makes token `abs` available, lexing more (and, without a tree, dropping all but the last
  // token read), and returns its index: Eof's for any index past the end.
  uint32_t fetch(uint32_t abs) {
    for (;;) {
      if (abs > eof_index_) abs = eof_index_;
      if (abs - buf_base_ < buf_len_) return abs;
      refill(keep_tokens_ ? keep_from_ : (next_ > 0 ? next_ - 1 : 0));
    }
  }

  // Comments and newlines, adjacent kinds, are the only tokens a peek may skip.
  static bool may_skip(K kind) {
    static_assert(static_cast<int>(K::Newline) == static_cast<int>(K::Comment) + 1);
    return static_cast<unsigned>(kind) - static_cast<unsigned>(K::Comment) < 2u;
  }
  // Whether a comment token ends its line (a line comment does, but for one at the very end).
  bool ends_line(const lex::Token& comment) const {
    return comment.end > comment.start && text_[comment.end - 1] == '\n';
  }
  // Peeks a token that is not in the window as it lies (a line comment read as a newline, Eof
  // after an abort); `index` is the token array's index that stands for it.
  void peek_special(lex::Token tok, uint32_t index) {
    special_[0] = tok;
    cur_ = special_;
    peek_end_ = special_ + 1;  // read() then always takes the general search
    cur_index_ = index;
  }
  // The window's tokens moved (refill, drop_before): the peek follows them. (Today a refill is
  // always followed by a fresh search, and a hand-over's drop leaves the old copies in place until
  // then, but the peek should not rest on either.)
  void repoint_peek() {
    if (cur_ == special_) return;
    uint32_t rel = cur_index_ - buf_base_;
    if (rel >= buf_len_) {
      // Only after the parse (finish() drops every token): nothing peeks any more.
      peek_special(lex::Token{src_.size(), src_.size(), K::Eof}, cur_index_);
      return;
    }
    cur_ = buf_.data() + rel;
    peek_end_ = buf_.data() + buf_len_;
  }

  // Drops the tokens before `keep_from` from the window, handing them to ParseOptions::on_tokens
  // first (parser.cpp).
  void drop_before(uint32_t keep_from);

  // Whether any diagnostic (all are errors) has been found so far.
  bool failed() const { return !lex_diags_.empty() || lex_dropped_ || !parse_diags_.empty() || parse_dropped_; }

  // The parser peeks the same token many times, and nearly always before it reads one: the next
  // significant token is found as soon as the answer can change (a token is read, newline
  // sensitivity changes, the parse aborts), and a peek only reads it where it lies.
  Peeked peek() const { return Peeked{*cur_, cur_index_}; }

  // The next significant token (the reference's peeker): comments are skipped, and newlines too
  // while inside brackets (nl_ off), as the reference's peeker does with its
  // includeNewlines stack.
  void refresh_peek() {
    if (abort_) [[unlikely]] {
      peek_special(lex::Token{src_.size(), src_.size(), K::Eof}, last_read_);
      return;
    }
    uint32_t i = next_;
    for (;;) {
      uint32_t rel = i - buf_base_;
      if (rel >= buf_len_) [[unlikely]] {
        i = fetch(i);
        rel = i - buf_base_;
      }
      const lex::Token& t = buf_[rel];
      if (may_skip(t.kind)) [[unlikely]] {
        if (t.kind == K::Comment) {
          // A line comment ends its line: where newlines matter it reads as one.
          if (nl_ && ends_line(t)) {
            peek_special(lex::Token{t.start, t.end, K::Newline}, i);
            return;
          }
          ++i;
          continue;
        }
        if (!nl_) {
          ++i;
          continue;
        }
      }
      cur_ = &t;
      cur_index_ = i;
      peek_end_ = buf_.data() + buf_len_;
      return;
    }
  }

  // After an abort (nesting too deep) every read returns EOF, so each construct unwinds at once
  // without reading further. That needs no test here: the peek is then a special EOF standing at
  // the last token read (refresh_peek), so reading it leaves last_read_ as it was and searches
  // again, which finds the same EOF.
  // Always inline: out of line (the compiler kept a few calls so), the token came back through
  // the stack, its kind stored as a byte and read back as part of a word, which waits for the
  // store (a failed store forwarding, most of read's time in a profile of nested objects).
  [[gnu::always_inline]] lex::Token read() {
    lex::Token tok = *cur_;
    last_read_ = cur_index_;
    next_ = cur_index_ + 1;
    // Most tokens are followed by one the parser sees, already lexed: it is the next peek as it
    // lies. Anything else (the end of the window, a token a peek may skip, a peek that is not a
    // token of the window) takes the general search.
    const lex::Token* after = cur_ + 1;
    if (after < peek_end_ && !may_skip(after->kind)) [[likely]] {
      cur_ = after;
      cur_index_ = next_;
    } else {
      refresh_peek();
    }
    return tok;
  }

  // Reads the newline that is the peek, where newlines matter, and the newlines and comments
  // right after it, as that many reads would. Between a body's items these lines
  // (blank, or comments: a line comment reads as a newline) are common, and each read alone
  // would search for the next peek. The walk stops at the window's end, where the general
  // search takes over (it refills the window).
  void read_newlines() {
    uint32_t last = cur_index_;
    uint32_t i = cur_index_ + 1;
    for (; i - buf_base_ < buf_len_; ++i) {
      const lex::Token& t = buf_[i - buf_base_];
      if (t.kind == K::Newline || (t.kind == K::Comment && ends_line(t))) {
        last = i;
      } else if (t.kind != K::Comment) {
        break;
      }
    }
    last_read_ = last;
    next_ = last + 1;
    // Mostly the next item follows at once: it is the next peek as it lies, as in read().
    if (i == next_ && i - buf_base_ < buf_len_) {
      cur_ = buf_.data() + (i - buf_base_);
      cur_index_ = i;
      peek_end_ = buf_.data() + buf_len_;
    } else {
      refresh_peek();
    }
  }

  diag::Span prev_span() {
    if (abort_) return diag::Span{src_.size(), src_.size()};
    if (next_ == 0) return span_of(peek().tok);
    return span_of(token_at(next_ - 1));
  }
  diag::Span next_span() { return span_of(peek().tok); }

  bool is_keyword(const lex::Token& t, std::string_view kw) const { return t.kind == K::Ident && t.text(text_) == kw; }

  // Newline sensitivity (the reference's PushIncludeNewlines/PopIncludeNewlines): a body and an
  // object constructor's items end at newlines, brackets, parentheses and interpolations ignore
  // them. Changing it changes what the next peek returns. The constructs nest, so each keeps the
  // sensitivity it replaced (push_nl returns it) and hands it back to pop_nl: the reference's
  // stack lives on the call stack, where setting it costs no push and pop of an array of its own.
  [[nodiscard]] bool push_nl(bool include) {
    bool outer = nl_;
    set_nl(include);
    return outer;
  }
  void pop_nl(bool outer) { set_nl(outer); }
  void set_nl(bool include) {
    if (include != nl_) {
      nl_ = include;
      renew_peek();
    }
  }
  // After newline sensitivity changed, the peek changes only if newlines now matter and it
  // skipped something on its way (a newline or a line comment, which now stop it), or they no
  // longer matter and it is a newline. Brackets change sensitivity at every level, so most
  // changes need no new search. (After an abort the peek is Eof either way.)
  void renew_peek() {
    if (nl_ ? cur_index_ != next_ : cur_->kind == K::Newline) refresh_peek();
  }

  // ---- Diagnostics -----------------------------------------------------------------------------

  void error(std::string summary, std::string detail, diag::Span subject, std::optional<diag::Span> context = {});
  // "Did this sub-parse report an error?" is asked as "did the count grow since diag_mark()":
  // the reference asks its sub-result's own diagnostics. Dropped diagnostics (over the limit) are
  // counted too, so the answer does not change when the limit is reached.
  size_t diag_mark() const { return errors_; }
  bool errors_since(size_t mark) const { return abort_ || diag_mark() > mark; }

  std::string range_string(diag::Span s);

  // ---- Nodes -----------------------------------------------------------------------------------

  // Asked by nearly every construct: a count of its own, so that validation (no tree) reads one
  // member instead of testing for the tree first.
  uint32_t mark() const { return node_count_; }

  // Appends a node covering tokens first..last whose subtree is everything added since
  // start_node. Without a tree (validation only) nothing is stored and every id is 0.
  NodeId add(NodeKind kind, uint32_t main, uint32_t first, uint32_t last, uint32_t start_node, uint8_t flags = 0) {
    if (!nodes_) return 0;
    Node n;
    n.kind = kind;
    n.flags = flags;
    n.main_token = main;
    n.first_token = first;
    n.last_token = std::max(first, last);
    n.subtree_size = node_count_ - start_node + 1;
    nodes_->push_back(n);
    return node_count_++;
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

  // Every construct that can nest (bodies, brackets, operators, templates, directives) holds a
  // guard while parsing its insides. Past options_.max_depth the first guard reports "Nesting too
  // deep" and aborts the parse, so no input can exhaust the stack. The reference has no such limit;
  // this is the one place where the parse deliberately stops short of it.
  struct DepthGuard {
    Parser& p;
    bool ok;
    explicit DepthGuard(Parser& parser) : p(parser), ok(parser.enter()) {}
    ~DepthGuard() { --p.depth_; }
  };
  bool enter() {
    if (++depth_ <= max_depth_) return true;
    if (!abort_) {
      reporting_abort_ = true;
      error("Nesting too deep",
            fmt::format("This configuration nests brackets, blocks or templates more than {} levels deep, which "
                        "hcl does not parse. Simplify the structure.",
                        options_.max_depth),
            next_span());
      reporting_abort_ = false;
      abort_ = true;
      refresh_peek();
      recovery_ = true;
    }
    return false;
  }

  // ---- Recovery --------------------------------------------------------------------------------

  lex::Token recover(K end);
  void recover_over(K start);
  void recover_after_body_item();

  // ParseOptions::root_item: hands the item just parsed to the consumer, then drops its nodes and
  // the tokens before it (parser.cpp).
  void hand_over_item();
  // ParseOptions::root_tuple_elements: the same for the elements of a tuple parsed so far, whose
  // nodes start at start_node (parse_tuple), once there are root_tuple_batch nodes of them.
  void hand_over_elements(uint32_t start_node, const lex::Token& open);
  // Whether the parse has reported nothing, so that handing over is worth the consumer's work.
  bool quiet() const { return lex_diags_.empty() && parse_diags_.empty() && !abort_; }
  // Lends the token window to tree_ (whose nodes index tokens as in the whole file, hence the
  // window's base), and takes it back.
  void lend_window() {
    buf_.resize(buf_len_);  // the window's spare slots are not tokens of the file
    std::swap(buf_, tree_->mutable_tokens());
    tree_->set_token_base(buf_base_);
  }
  void take_window_back() { std::swap(buf_, tree_->mutable_tokens()); }
  // Lets the next refill drop the tokens before the last one read, as validation's window does
  // at every refill. (Dropping them here moved the tokens lexed ahead, most of a chunk, to the
  // window's start every few items, and the window, cut to its tokens for the lending, was then
  // regrown and cleared by the refill.)
  void release_read_tokens() { keep_from_ = next_ > 0 ? next_ - 1 : 0; }

  // ---- Bodies, blocks and attributes (parser_body.cpp) ------------------------------------------

  Expr parse_body(K end, bool root);
  bool parse_body_item(diag::Span& name);
  void finish_attribute(const lex::Token& ident, uint32_t ident_index, bool single_line);
  void finish_block(const lex::Token& ident, uint32_t ident_index);
  void finish_single_line_body(const lex::Token& ident, const lex::Token& obrace);
  void parse_single_attr_body();
  void argument_or_block_required(const lex::Token& ident);
  void parse_quoted_label();

  // ---- Operators (parser_expression.cpp) --------------------------------------------------------

  Expr parse_expression();
  Expr placeholder();
  void finish_ternary(Expr& cond, Peeked start, uint32_t start_node);
  Expr parse_binary(int min_level);
  void climb_binary(Expr& lhs, int min_level, Peeked start, uint32_t start_node);
  // (*parser).parseExpressionWithTraversals: a term and any attribute, index or splat steps
  // after it. Unary operators apply to this whole (-a.b negates a.b), as in the reference.
  // Inline, so that the commonest expression, one operand, is not one more call deep.
  Expr parse_operand() {
    Expr term = parse_term();
    // Most terms have no steps after them: then the traversal parser need not be entered.
    K next = peek().tok.kind;
    if (next == K::Dot || next == K::OBrack) parse_traversals(term);
    return term;
  }

  // ---- Terms: literals, variables, parentheses, calls, tuples, objects, for (parser_term.cpp) ---

  // (*parser).parseExpressionTerm: the first token decides the construct. Numbers and names are
  // most terms: they are parsed here, inline in every operand, and quoted strings, tuples and
  // objects are entered from here, so that the commonest terms cost no call of their own. The
  // other terms are in parse_other_term.
  [[gnu::always_inline]] Expr parse_term() {
    Peeked start = peek();
    switch (start.tok.kind) {
      case K::NumberLit: {
        uint32_t start_node = mark();
        lex::Token tok = read();
        check_number(tok);
        return make(NodeKind::Literal, start.index, start.index, start_node, span_of(tok));
      }
      case K::Ident: {
        uint32_t start_node = mark();
        lex::Token tok = read();
        K after = peek().tok.kind;
        if (after == K::OParen || after == K::DoubleColon) [[unlikely]]
          return finish_function_call(tok, start.index);
        return make(name_kind(tok), start.index, start.index, start_node, span_of(tok));
      }
      case K::OQuote: {
        uint32_t start_node = mark();
        read();
        return parse_template_inner(K::CQuote, false, start_node, start.index, start.index, 0);
      }
      case K::OBrack: return parse_tuple();
      case K::OBrace: return parse_object();
      default: return parse_other_term();
    }
  }
  // true, false and null are keywords only as bare terms: the lexer makes them identifiers, and
  // as an object key or attribute name they are names.
  // Without a tree no node keeps its kind, and validation need not compare every name.
  NodeKind name_kind(const lex::Token& name) const {
    if (!nodes_) return NodeKind::Variable;
    std::string_view s = name.text(text_);
    return (s == "true" || s == "false" || s == "null") ? NodeKind::Literal : NodeKind::Variable;
  }
  // An operand of one token, a number or a name, followed at once by a token that ends it (a
  // separator, a closing bracket, "=" or ":", or a newline where newlines count): most elements,
  // keys, values and arguments. It is parsed here as parse_expression parses it, one level deeper,
  // without the call; for anything else nothing is read and the answer is false. A plain quoted
  // string so placed is parsed the same way, out of line (parse_lone_string).
  bool parse_lone_operand() {
    K k = cur_->kind;
    if (k == K::OQuote) return parse_lone_string();
    if ((k != K::NumberLit && k != K::Ident) || abort_ || depth_ >= max_depth_) return false;
    uint32_t rel = cur_index_ - buf_base_;
    if (cur_ == special_ || rel + 1 >= buf_len_) return false;
    if (!ends_operand(buf_[rel + 1].kind)) return false;
    uint32_t start_node = mark();
    // Read as read() would, knowing more: the token after it ends the operand, which a peek never
    // skips (a newline ends one only where newlines count), so it is the next peek as it lies.
    lex::Token tok = *cur_;
    last_read_ = cur_index_;
    next_ = cur_index_ = cur_index_ + 1;
    ++cur_;
    if (k == K::NumberLit) check_number(tok);
    make(k == K::NumberLit ? NodeKind::Literal : name_kind(tok), last_read_, last_read_, start_node, span_of(tok));
    return true;
  }
  // Whether a token right after an operand ends the expression there (parse_lone_operand).
  bool ends_operand(K kind) const {
    switch (kind) {
      case K::Comma:
      case K::CBrack:
      case K::CBrace:
      case K::CParen:
      case K::Equal:
      case K::Colon: return true;
      case K::Newline: return nl_;
      default: return false;
    }
  }
  bool parse_lone_string();
  // An element, key, value or argument: one token by the short path when it is one, else any
  // expression.
  void parse_item_value() {
    if (!parse_lone_operand()) parse_expression();
  }
  Expr parse_other_term();
  // (*parser).numberLitValue's error: the lexer accepts any digits and dots, the reference's
  // number parser does not. Only a number with two or more of ".", "e" and "E" can be one it
  // rejects, and most have at most one: up to eight bytes are looked at in one word.
  void check_number(const lex::Token& tok) {
    if (number_needs_check(tok)) check_number_text(tok);
  }
  bool number_needs_check(const lex::Token& tok) const {
    uint32_t n = tok.size();
    if constexpr (std::endian::native != std::endian::little) return true;
    if (n > 8 || tok.start + 8 > text_.size()) return true;
    uint64_t w;
    std::memcpy(&w, text_.data() + tok.start, 8);
    if (n < 8) w &= (uint64_t{1} << (8 * n)) - 1;  // the token's bytes are the low ones
    constexpr uint64_t ones = 0x0101010101010101u;
    // A byte equal to c is zero in w ^ (ones * c); the zero bytes' high bits, exactly.
    auto zero_bytes = [](uint64_t x) {
      constexpr uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
      return ~(((x & low7) + low7) | x) & ~low7;
    };
    uint64_t marks = zero_bytes(w ^ (ones * '.')) | zero_bytes((w | (ones * 0x20)) ^ (ones * 'e'));
    return (marks & (marks - 1)) != 0;  // two or more
  }
  void check_number_text(const lex::Token& tok);
  Expr finish_function_call(const lex::Token& name, uint32_t name_index);
  Expr parse_tuple();
  Expr parse_object();
  Expr finish_for(const lex::Token& open, uint32_t open_index, uint32_t start_node);

  // ---- Traversals and splats (parser_traversal.cpp) ---------------------------------------------

  void parse_traversals(Expr& ret);
  void legacy_index_step(const lex::Token& num, const lex::Token& subject_tok, bool in_splat);
  Expr attribute_splat(const Expr& ret, uint32_t dot_index, Peeked star);
  // The span of an earlier token that may already have left the window when no tree is built;
  // then the last read token's span stands in (only used for ranges of diagnostics).
  diag::Span token_at_span(uint32_t index) {
    if (index < buf_base_) return prev_span();
    return span_of(token_at(index));
  }

  // ---- Templates (parser_template.cpp) ----------------------------------------------------------

  // One part of a template as the structure check needs it: its kind and the span that a
  // diagnostic about it points at.
  struct PartInfo {
    TemplatePart kind;
    diag::Span span;
  };

  // (*parser).parseTemplate: `first` is the opening quote or heredoc marker (or the first token
  // of a standalone template), `end` the token that closes it.
  // Most templates are one literal or none ("x", "", a one-line heredoc). When the window shows
  // that much, the literal and the end are read here, without the parts loop and its bookkeeping
  // (inside a template no token is one that a peek skips, so they lie side by side). Past the
  // depth limit, or after an abort, the general path reports and unwinds.
  Expr parse_template_inner(K end, bool flush, uint32_t start_node, uint32_t first, uint32_t main, uint8_t flags) {
    (void)flush;
    if (!abort_ && depth_ < max_depth_ && cur_ != special_) {
      uint32_t rel = cur_index_ - buf_base_;
      K k = cur_->kind;
      bool literal = k == K::QuotedLit || k == K::StringLit;
      if (k == end || (literal && rel + 1 < buf_len_ && buf_[rel + 1].kind == end)) {
        diag::Span open_span = opener_span(first);
        if (literal) {
          lex::Token lit = read();
          if (lit.kind == K::QuotedLit) check_quoted_literal(lit);
          add(NodeKind::TemplateLiteral, last_read_, last_read_, last_read_, mark());
        }
        lex::Token close = read();
        return make(NodeKind::Template, main, first, start_node, diag::span_between(open_span, span_of(close)), flags);
      }
    }
    return parse_template_general(end, start_node, first, main, flags);
  }
  // The span of a template's opener, token `first` (the first token of a standalone template).
  diag::Span opener_span(uint32_t first) {
    return first < buf_base_ + buf_len_ && first >= buf_base_ ? span_of(buf_[first - buf_base_]) : next_span();
  }
  Expr parse_template_general(K end, uint32_t start_node, uint32_t first, uint32_t main, uint8_t flags);
  diag::Span parse_template_parts(K end);  // pushes directives onto parts_; returns the end's span
  void parse_template_interp(const lex::Token& next, uint32_t next_index, uint32_t part_start, diag::Span start_span,
                             K end);
  void parse_template_directive(const lex::Token& next, uint32_t next_index, uint32_t part_start, diag::Span start_span,
                                std::vector<PartInfo>& parts, uint32_t& open_directives);
  void abandon_directive(uint32_t next_index, uint32_t part_start, bool outer_nl);
  void check_template_structure(std::span<const PartInfo> parts);
  // Reports a quoted literal's bad escapes (parser_template.cpp). Only a backslash can start a
  // bad one: "$${" and "%%{" always decode, and the literals of heredocs and bare templates have
  // no other escapes, so they need no check at all. Most quoted literals are short and hold no
  // backslash: one block of the file's bytes from the token's start shows that here.
  void check_quoted_literal(const lex::Token& tok) {
#if defined(__SSE2__)
    uint32_t n = tok.size();
    if (n <= 16 && tok.start + 16 <= text_.size()) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text_.data() + tok.start));
      if ((static_cast<unsigned>(_mm_movemask_epi8(util::byte_eq(v, '\\'))) & ((1u << n) - 1)) == 0) return;
    }
#endif
    check_quoted_literal_text(tok);
  }
  void check_quoted_literal_text(const lex::Token& tok);

  const source::SourceFile& src_;
  std::string_view text_;
  lex::Lexer lexer_;
  lex::InvalidTokenChecker checker_;
  const ParseOptions& options_;
  // Without a tree the token array is a window: tokens before the last one read are dropped.
  bool keep_tokens_;
  // With a tree, the first token it may still refer to: 0 for a whole file's; handing items
  // over, the last token read before the item being parsed (release_read_tokens).
  uint32_t keep_from_ = 0;
  // The token array grows to hold the whole file (a tree not handed over item by item), so it is
  // lexed into in large chunks; items handed over take the window's chunks, lexing little ahead.
  bool whole_file_;
  SyntaxTree* tree_;
  std::vector<Node>* nodes_;
  uint32_t node_count_ = 0;  // nodes_->size(), or 0 without a tree

  std::vector<lex::Token> buf_;  // tokens buf_base_ .. buf_base_ + buf_len_ (the rest are spare)
  uint32_t buf_len_ = 0;
  uint32_t buf_base_ = 0;
  uint32_t next_ = 0;
  uint32_t last_read_ = 0;
  uint32_t eof_index_ = UINT32_MAX;
  // Newline sensitivity (push_nl); the outermost level (a body) sees newlines.
  bool nl_ = true;
  // What peek() returns: the token at cur_ (in buf_, or special_[0]), whose index is cur_index_.
  // peek_end_ is where the lexed tokens after cur_ end (special_ + 1 for a special peek).
  lex::Token special_[2]{};
  const lex::Token* cur_ = special_;
  const lex::Token* peek_end_ = special_ + 1;
  uint32_t cur_index_ = 0;
  // The reference's parser.recovery: set by the first syntax error (and by recover()), after
  // which most further errors are suppressed, since they would mostly be consequences of the
  // first. Lexical errors are still all reported.
  bool recovery_ = false;
  bool trailing_text_ = false;
  bool abort_ = false;
  // abort_: nesting went too deep; every read returns EOF and no further error is reported,
  // except the "Nesting too deep" one itself (while reporting_abort_ is set).
  bool reporting_abort_ = false;
  uint32_t depth_ = 0;
  // The "[" whose tuple starts a root attribute's value (hand_over_elements), and that attribute's name.
  uint32_t stream_open_ = UINT32_MAX;
  std::string_view stream_name_;
  uint32_t max_depth_ = options_.max_depth;  // options_.max_depth, read by every guard: a member saves the indirection

  // The parts of the templates being parsed, innermost last (parse_template_parts).
  std::vector<PartInfo> parts_;
  // check_template_structure's stack of the if and for directives open at a part, kept from one
  // template to the next so that a check allocates nothing.
  struct OpenDirective {
    TemplatePart kind;
    bool in_else;
    diag::Span span;
  };
  std::vector<OpenDirective> open_directives_;
  uint64_t directives_seen_ = 0;  // directive parts pushed onto parts_ so far
  // The attribute names of the bodies being parsed, innermost last (parse_body's check for a
  // redefined argument).
  std::vector<std::pair<std::string_view, diag::Span>> attr_names_;

  diag::Diagnostics lex_diags_;
  diag::Diagnostics parse_diags_;
  uint64_t lex_dropped_ = 0;
  uint64_t parse_dropped_ = 0;
  uint64_t errors_ = 0;  // parse_diags_.size() + parse_dropped_, kept as a count for diag_mark()
};

}  // namespace hcl::syntax::parser_detail
