// SPDX-License-Identifier: Apache-2.0
// The parser's entry points, its diagnostics and its recovery (hclsyntax's public.go and the
// recovery functions at the end of parser.go). The constructs are parsed in the other
// parser_*.cpp files; parser_internal.h lists which file holds what.
#include "syntax/parser.h"

#include "diag/render.h"
#include "lex/scan.h"
#include "syntax/parser_internal.h"

namespace hcl::syntax {

namespace parser_detail {

// hclsyntax.ParseConfig: a whole file is one body that ends at EOF.
void Parser::parse_config_file() {
  Expr body = parse_body(K::Eof, true);
  (void)body;
}

// hclsyntax.ParseExpression: newlines are insignificant in a standalone expression, and text
// after a complete one is reported unless an error already put the parser in recovery (where
// the leftover text is most likely what the error left behind).
void Parser::parse_standalone_expression() {
  bool outer_nl = push_nl(false);
  Expr e = parse_expression();
  Peeked next = peek();
  if (next.tok.kind != K::Eof && !recovery_) {
    trailing_text_ = true;
    error("Extra characters after expression",
          "An expression was successfully parsed, but extra characters were found after it.", span_of(next.tok));
  }
  pop_nl(outer_nl);
  (void)e;
}

// hclsyntax.ParseTemplate: the whole text is a template without quotes, ending at EOF.
void Parser::parse_standalone_template() {
  uint32_t start_node = mark();
  uint32_t first = peek().index;
  parse_template_inner(K::Eof, false, start_node, first, first, 0);
}

// Lexes what the parse did not reach (for lexical diagnostics and a complete token array),
// and returns the token array and all diagnostics in the reference's order.
diag::Diagnostics Parser::finish(std::vector<lex::Token>* tokens_out) {
  // Without a tree nothing is read any more: every chunk can go.
  while (eof_index_ == UINT32_MAX) refill(keep_tokens_ ? 0 : buf_base_ + buf_len_);
  if (options_.on_tokens) options_.on_tokens(std::span<const lex::Token>(buf_.data(), buf_len_), failed());
  if (tokens_out) {
    buf_.resize(buf_len_);
    *tokens_out = std::move(buf_);
  }
  diag::Diagnostics out = std::move(lex_diags_);
  uint64_t dropped = lex_dropped_ + parse_dropped_;
  // Both kinds were capped at max_diagnostics as they came; the cap applies again to the sum,
  // taking from the syntax errors, which come last and are the likelier consequences.
  if (out.size() + parse_diags_.size() > options_.max_diagnostics) {
    size_t room = options_.max_diagnostics > out.size() ? options_.max_diagnostics - out.size() : 0;
    if (parse_diags_.size() > room) {
      dropped += parse_diags_.size() - room;
      parse_diags_.resize(room);
    }
  }
  diag::append(out, std::move(parse_diags_));
  if (dropped) out.push_back(diag::too_many_errors(dropped));
  return out;
}

void Parser::drop_before(uint32_t keep_from) {
  if (keep_from <= buf_base_) return;
  uint32_t drop = std::min(keep_from - buf_base_, buf_len_);
  if (options_.on_tokens) options_.on_tokens(std::span<const lex::Token>(buf_.data(), drop), failed());
  std::copy(buf_.begin() + drop, buf_.begin() + buf_len_, buf_.begin());
  buf_len_ -= drop;
  buf_base_ += drop;
  repoint_peek();
}

void Parser::refill(uint32_t keep_from) {
  drop_before(keep_from);
  uint32_t have = buf_len_;
  // For a whole file's tree, lex into the reserved capacity (never reallocating what was reserved, never
  // writing beyond what the input needs); a window takes a fixed chunk. The array only grows:
  // a window reuses its slots without clearing them again.
  size_t chunk = kChunk;
  if (whole_file_) {
    chunk = buf_.capacity() > have ? std::min<size_t>(buf_.capacity() - have, 1 << 16) : have;
    chunk = std::max<size_t>(chunk, kChunk);
  }
  // A short text (a standalone expression such as `1 + 1`) has few tokens: slots it will not use
  // would still be written when the array grows, a dozen pages that a short run never needs.
  chunk = std::min<size_t>(chunk, text_.size() + 16);
  if (buf_.size() < have + chunk) buf_.resize(have + chunk);
  uint64_t reported_before = lexer_.reported_kinds();
  size_t n = lexer_.fill(buf_.data() + have, chunk);
  buf_len_ = have + static_cast<uint32_t>(n);
  repoint_peek();
  const lex::Token* tok = buf_.data() + have;
  const lex::Token* end = buf_.data() + buf_len_;
  if (n == 0) return;
  // Tokens matter for positions only next to characters outside ASCII (SourceFile::add_token): a
  // chunk of ASCII text, the usual case, needs no look at its tokens.
  uint32_t text_from = tok->start > 0 ? tok->start - 1 : 0;
  if (lex::scan::has_non_ascii(text_.data(), text_from, std::min<uint32_t>(end[-1].end, src_.size()))) {
    for (const lex::Token* t = tok; t != end; ++t) src_.add_token(t->start, t->end);
  }
  // Only a chunk holding kinds that exist only to be reported needs a look for them.
  if (lexer_.reported_kinds() != reported_before) {
    for (const lex::Token* t = tok; t != end; ++t) {
      if (t->kind < K::BitwiseAnd) continue;
      if (lex_diags_.size() < options_.max_diagnostics) {
        checker_.check(*t, src_, &lex_diags_);
      } else {
        lex_dropped_ += static_cast<uint64_t>(checker_.check(*t, src_, nullptr));
      }
    }
  }
  if (end[-1].kind == K::Eof) eof_index_ = buf_base_ + buf_len_ - 1;
}

// Records a syntax error unless the parse was aborted. The callers check recovery_ themselves,
// because the reference suppresses some errors in recovery and not others.
void Parser::error(std::string summary, std::string detail, diag::Span subject, std::optional<diag::Span> context) {
  if (abort_ && !reporting_abort_) return;
  ++errors_;
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

// hcl.Range.String(), as the reference writes an earlier range into a message ("file:3,1-5").
std::string Parser::range_string(diag::Span s) {
  source::Range r = src_.range(s.start, s.end);
  if (r.start.line == r.end.line)
    return fmt::format("{}:{},{}-{}", r.filename.str(), r.start.line, r.start.column, r.end.column);
  return fmt::format("{}:{},{}-{},{}", r.filename.str(), r.start.line, r.start.column, r.end.line, r.end.column);
}

// The root body's nodes hold nothing but the items already handed over, so after each item the
// node array is empty again, and the item's nodes are exactly the array: the item is the root
// of the tree, which borrows the token window for the call (the nodes index tokens as in the
// whole file, hence the window's base).
void Parser::hand_over_item() {
  if (quiet() && !nodes_->empty()) {
    lend_window();
    options_.root_item(*tree_);
    take_window_back();
  }
  nodes_->clear();
  node_count_ = 0;
  release_read_tokens();  // only the last token read must stay
}

// As hand_over_item, for the elements parsed so far of the tuple that starts a root attribute's
// value: their nodes are the array's from start_node, which is 0 (an item's nodes start the
// array), so the array holds nothing else.
void Parser::hand_over_elements(uint32_t start_node, const lex::Token& open) {
  if (quiet() && nodes_->size() > start_node) {
    lend_window();
    options_.root_tuple_elements(*tree_, stream_name_, open.start);
    take_window_back();
  }
  nodes_->resize(start_node);
  node_count_ = start_node;
  release_read_tokens();
}

// ---- Recovery ----------------------------------------------------------------------------------

// (*parser).recover: skips to the token that closes the construct being parsed (end), counting
// nested brackets of the same kind so an inner pair does not stop it, and returns that token (or
// EOF). A construct's diagnostics often point at the token returned here, because the
// reference's do.
lex::Token Parser::recover(K end) {
  K start = opposite(end);
  recovery_ = true;
  int nest = 0;
  for (;;) {
    lex::Token tok = read();
    K ty = tok.kind;
    // "${" and "%{" both close with "}": count either opener as nesting.
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

// (*parser).recoverOver: skips past the next bracketed construct opened by start, to just after
// its closing token (used when a function call's parenthesis is missing or misplaced).
void Parser::recover_over(K start) {
  for (;;) {
    lex::Token tok = read();
    if (tok.kind == start || tok.kind == K::Eof) break;
  }
  recover(opposite(start));
}

// (*parser).recoverAfterBodyItem: skips to the newline that ends the current body item, not
// counting newlines inside brackets, so parsing can resume at the next attribute or block.
// Unlike recover() it tracks each kind of bracket: a closer pops back to its own opener.
void Parser::recover_after_body_item() {
  recovery_ = true;
  std::vector<K> open;
  for (;;) {
    lex::Token tok = read();
    switch (tok.kind) {
      case K::Newline:
        if (open.empty()) return;
        break;
      case K::Eof: return;
      case K::OBrace:
      case K::OBrack:
      case K::OParen:
      case K::OQuote:
      case K::OHeredoc:
      case K::TemplateInterp:
      case K::TemplateControl: open.push_back(tok.kind); break;
      case K::CBrace:
      case K::CBrack:
      case K::CParen:
      case K::CQuote:
      case K::CHeredoc: {
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

}  // namespace parser_detail

namespace {

using parser_detail::Parser;

// Runs one entry point over a source and hands out the tree, the diagnostics and whether an
// expression had trailing text.
ParseResult run(std::shared_ptr<const source::SourceFile> source, lex::LexMode mode, const ParseOptions& options,
                void (Parser::*entry)()) {
  ParseResult result;
  if (options.build_tree) result.tree = std::make_unique<SyntaxTree>(source);
  // Handing items over, the parser still builds each item's nodes: into a tree that is not kept.
  std::unique_ptr<SyntaxTree> items;
  if (options.root_item && entry == &Parser::parse_config_file) {
    items = std::make_unique<SyntaxTree>(source);
    result.tree.reset();
  }
  Parser parser(*source, mode, options, items ? items.get() : result.tree.get());
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
