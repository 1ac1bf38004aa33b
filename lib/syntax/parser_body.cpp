// SPDX-License-Identifier: Apache-2.0
// Bodies, blocks and attributes: hclsyntax's (*parser).ParseBody, ParseBodyItem,
// finishParsingBodyAttribute, finishParsingBodyBlock, parseSingleAttrBody and
// parseQuotedStringLiteral (parser.go). A body's node holds its items in source order; a block's
// holds its labels and then its body; an attribute's holds its value expression.
#include <string_view>
#include <vector>

#include "syntax/parser_internal.h"
#include "syntax/string_literal.h"
#include "util/name_slots.h"
#include "util/text.h"

namespace hcl::syntax::parser_detail {

namespace {

// The argument names seen so far in one body, on the parser's shared stack of names (no
// allocation per body), found through util::NameSlots.
class BodyNames {
 public:
  explicit BodyNames(std::vector<std::pair<std::string_view, diag::Span>>& stack)
      : stack_(stack), base_(stack.size()) {}
  ~BodyNames() { stack_.resize(base_); }

  // Records `name`, or returns where it was already set.
  std::optional<diag::Span> add(std::string_view name, diag::Span span) {
    auto name_of = [this](size_t i) { return stack_[base_ + i].first; };
    if (auto earlier = slots_.find(name, stack_.size() - base_, name_of)) return stack_[base_ + *earlier].second;
    stack_.emplace_back(name, span);
    slots_.added(stack_.size() - base_, name_of);
    return std::nullopt;
  }

 private:
  std::vector<std::pair<std::string_view, diag::Span>>& stack_;
  size_t base_;
  util::NameSlots slots_;
};

}  // namespace

// (*parser).ParseBody: items until `end` (a closing brace, or EOF for a file). The root body
// starts at the first token and ends at EOF, so the tree covers every token; a nested one
// covers its braces.
Expr Parser::parse_body(K end, bool root) {
  DepthGuard guard(*this);
  diag::Span start_span = prev_span();
  uint32_t start_node = mark();
  uint32_t first = root ? 0 : last_read_;
  if (guard.ok) {
    // Duplicate arguments are a syntax error in the reference (reported by ParseBody itself, at
    // the second name, naming the first's range), so they are caught here and not at decoding.
    BodyNames attrs(attr_names_);
    for (;;) {
      Peeked next = peek();
      if (next.tok.kind == end) {
        read();
        break;
      }
      if (next.tok.kind == K::Newline) {
        read_newlines();
        continue;
      }
      if (next.tok.kind == K::Ident) {
        diag::Span attr_name;
        bool is_attribute = parse_body_item(attr_name);
        if (root && options_.root_item && mark() >= options_.root_item_batch) hand_over_item();
        if (is_attribute) {
          std::string_view name = text_.substr(attr_name.start, attr_name.end - attr_name.start);
          if (std::optional<diag::Span> earlier = attrs.add(name, attr_name)) {
            error("Attribute redefined",
                  fmt::format("The argument {} was already set at {}. Each argument may be set only once.",
                              util::go_quote(name), range_string(*earlier)),
                  attr_name);
          }
        }
        continue;
      }
      // Anything else cannot start an item. Only the first such error is reported; the rest of the
      // body is skipped, since after a stray token the reference cannot tell where items resume.
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
  if (root && options_.root_item) hand_over_item();  // the items held back (root_item_batch)
  uint32_t last = root ? eof_index_ : last_read_;
  if (root && eof_index_ == UINT32_MAX) last = last_read_;
  NodeId id = add(NodeKind::Body, first, first, last, start_node);
  return Expr{id, start_node, first, last, span_from(start_span)};
}

// (*parser).ParseBodyItem: an identifier followed by "=" is an attribute, by a label or "{" a
// block. Recovery comes before the error here, as in the reference: the error does not depend
// on where recovery stops, and is reported even in recovery mode.
// Returns whether the item is an attribute, and then its name's span in `name`. (Not as an
// optional: its flag, written as one byte and read back with the span, stalled every item.)
bool Parser::parse_body_item(diag::Span& name) {
  lex::Token ident = read();
  uint32_t ident_index = last_read_;
  if (ident.kind != K::Ident) {
    recover_after_body_item();
    error("Argument or block definition required", "An argument or block definition is required here.", span_of(ident));
    return false;
  }
  Peeked next = peek();
  switch (next.tok.kind) {
    case K::Equal:
      finish_attribute(ident, ident_index, false);
      name = span_of(ident);
      return true;
    case K::OQuote:
    case K::OBrace:
    case K::Ident: finish_block(ident, ident_index); return false;
    default: argument_or_block_required(ident); return false;
  }
}

// (*parser).finishParsingBodyAttribute: "=" and the value, then the newline that must end it
// (not in a single-line block, whose closing brace the caller expects instead). If the value
// had errors in recovery mode, the parser is somewhere in the middle of it, so it skips to the
// end of the item rather than complain about a missing newline.
void Parser::finish_attribute(const lex::Token& ident, uint32_t ident_index, bool single_line) {
  read();  // the equals sign
  // An attribute of the root body (the only body its guard is the first of) whose value starts
  // with a tuple hands the tuple's elements over in batches (parse_tuple).
  if (options_.root_tuple_elements && options_.root_item && depth_ == 1 && !single_line) {
    stream_open_ = peek().index;
    stream_name_ = ident.text(text_);
    // The elements must start the node array: the items held back before this one go first
    // (root_item_batch), keeping this item's tokens, from its name on, in the window.
    if (mark() > 0 && peek().tok.kind == K::OBrack) {
      hand_over_item();
      keep_from_ = ident_index;
    }
  }
  uint32_t start_node = mark();
  size_t d0 = diag_mark();
  Expr value = parse_expression();
  if (recovery_ && errors_since(d0)) {
    recover_after_body_item();
  } else if (!single_line) {
    Peeked end = peek();
    if (end.tok.kind != K::Newline && end.tok.kind != K::Eof) {
      if (!recovery_) {
        // A comma suggests the object constructor's syntax; the reference says so.
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

// (*parser).finishParsingBodyBlock: labels (quoted or bare), then "{" and either a multi-line
// body or a single-line one holding one attribute, then the newline after "}".
void Parser::finish_block(const lex::Token& ident, uint32_t ident_index) {
  uint32_t start_node = mark();
  lex::Token obrace;
  // Each label counts as a level of nesting until the block ends: `json` and evaluation nest a
  // block's content one level per label, and 200,000 labels took them past the stack.
  struct LabelLevels {
    Parser& p;
    uint32_t count = 0;
    ~LabelLevels() { p.depth_ -= count; }
  } labels{*this};
  for (;;) {
    Peeked tok = peek();
    if (tok.tok.kind == K::OBrace) {
      obrace = read();
      break;
    }
    if (tok.tok.kind == K::OQuote || tok.tok.kind == K::Ident) {
      ++labels.count;
      if (!enter()) continue;  // too deep: the parse stops, and the next peek finds the end
      if (tok.tok.kind == K::OQuote) {
        parse_quoted_label();
      } else {
        read();
        add(NodeKind::BlockLabel, last_read_, last_read_, last_read_, mark());
      }
      continue;
    }
    // Neither a label nor "{". The two likely mistakes ("=" after a block name, the brace on the
    // next line) are explained even in recovery mode, as the reference does; anything else only
    // outside it. A failed header still yields a Block node with an empty Body, so later stages
    // see a well-formed tree.
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
            "Either a quoted string block label or an opening brace (\"{\") is expected here.", span_of(tok.tok), ctx);
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
    finish_single_line_body(ident, obrace);
  }
  // The block node ends at its closing brace: the newline after it belongs to the enclosing body.
  uint32_t close_index = last_read_;
  Peeked eol = peek();
  if (eol.tok.kind == K::Newline || eol.tok.kind == K::Eof) {
    read();
  } else {
    if (!recovery_) {
      error("Missing newline after block definition", "A block definition must end with a newline.", span_of(eol.tok),
            diag::span_between(span_of(ident), span_of(eol.tok)));
    }
    recover_after_body_item();
  }
  add(NodeKind::Block, ident_index, ident_index, close_index, start_node);
}

// "{" followed by anything but a newline or "}" opens a single-line block (the reference's special
// one-line mode): exactly one argument, then "}" on the same line.
void Parser::finish_single_line_body(const lex::Token& ident, const lex::Token& obrace) {
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

// (*parser).parseSingleAttrBody: the one item of a single-line block must be an attribute; a
// nested block there gets its own message, pointing from the name to what follows it.
void Parser::parse_single_attr_body() {
  lex::Token ident = read();
  uint32_t ident_index = last_read_;
  if (ident.kind != K::Ident) {
    recover_after_body_item();
    error("Argument or block definition required", "An argument or block definition is required here.", span_of(ident));
    return;
  }
  Peeked next = peek();
  switch (next.tok.kind) {
    case K::Equal: finish_attribute(ident, ident_index, true); return;
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
    default: argument_or_block_required(ident);
  }
}

// (*parser).parseQuotedStringLiteral, for block labels: a label is a string without template
// sequences. Escapes are decoded only to report bad ones (the tree keeps the text); "${" and
// "%{" are errors that skip to their closing brace and continue, so one bad sequence does not
// hide the rest of the label.
void Parser::parse_quoted_label() {
  uint32_t start_node = mark();
  lex::Token oquote = read();
  uint32_t first = last_read_;
  for (;;) {
    lex::Token tok = read();
    if (tok.kind == K::CQuote) break;
    if (tok.kind == K::QuotedLit) {
      check_quoted_literal(tok);
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

// A body item's name followed by neither "=" nor a block's opening: the reference gives this same
// error after a name in a body and in a single-line block's body, then skips to the item's end.
void Parser::argument_or_block_required(const lex::Token& ident) {
  recover_after_body_item();
  error("Argument or block definition required",
        "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to "
        "introduce the argument value.",
        span_of(ident));
}

}  // namespace hcl::syntax::parser_detail
