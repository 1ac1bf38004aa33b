// SPDX-License-Identifier: Apache-2.0
// Terms, the operands of operators: hclsyntax's (*parser).parseExpressionTerm and what it
// calls for literals, variables, parentheses, unary operators, function calls
// (finishParsingFunctionCall), tuple and object constructors (parseTupleCons, parseObjectCons)
// and for expressions (finishParsingForExpr), all in parser.go. Templates (quoted strings and
// heredocs) are in parser_template.cpp.
#include "syntax/parser_internal.h"

namespace hcl::syntax::parser_detail {

namespace {

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

}  // namespace

// parse_term's other terms: parentheses, heredocs, unary operators, and what starts no term.
Expr Parser::parse_other_term() {
  Peeked start = peek();
  uint32_t start_node = mark();
  switch (start.tok.kind) {
    case K::OParen: {
      read();
      bool outer_nl = push_nl(false);
      size_t d0 = diag_mark();
      // Newlines are insignificant inside parentheses, even within an object constructor's item.
      Expr inner = parse_expression();
      // Unlike most constructs, parentheses skip to their closer after any error in their content,
      // in recovery mode or not, as the reference does, so the next parser has some chance of
      // finding a valid expression. The Parens node is kept: the tree records the source's shape,
      // and its range includes both parentheses.
      if (errors_since(d0)) {
        recover(K::CParen);
        pop_nl(outer_nl);
        return make(NodeKind::Parens, start.index, start.index, start_node, span_from(span_of(start.tok)));
      }
      Peeked close = peek();
      if (close.tok.kind != K::CParen) {
        error("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression.",
              span_of(close.tok), diag::span_between(span_of(start.tok), span_of(close.tok)));
        recovery_ = true;
      }
      read();
      pop_nl(outer_nl);
      (void)inner;
      return make(NodeKind::Parens, start.index, start.index, start_node, span_from(span_of(start.tok)));
    }
    // A heredoc's "<<-" strips the common leading whitespace (the evaluator and hcl2json do it,
    // from the flag); the template ends at the heredoc's closer.
    case K::OHeredoc: {
      lex::Token open = read();
      uint8_t flags = node_flags::kHeredoc;
      if (open.text(text_).substr(0, 3) == "<<-") flags |= node_flags::kFlush;
      return parse_template_inner(K::CHeredoc, (flags & node_flags::kFlush) != 0, start_node, start.index, start.index,
                                  flags);
    }
    case K::Minus:
    // A unary operator nests like a bracket (-(-(-x)) ...), so it counts towards the depth limit.
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
    // Not the start of any expression. The error is the reference's, reported once; recovery
    // mode is set so the caller's construct reports nothing more about the same place.
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

// check_number's full check.
void Parser::check_number_text(const lex::Token& tok) {
  if (!valid_number_literal(tok.text(text_))) {
    error("Invalid number literal", "Failed to recognize the value of this number literal.", span_of(tok));
  }
}

// (*parser).finishParsingFunctionCall: the name (possibly namespaced), "(", arguments separated
// by commas (newlines are insignificant, a trailing comma is allowed), an optional "..." after
// the last argument, then ")". A bad name or a missing "(" skips over the next parenthesized
// group, which is most likely the call's arguments.
Expr Parser::finish_function_call(const lex::Token& name, uint32_t name_index) {
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
  bool outer_nl = push_nl(false);
  for (;;) {
    if (peek().tok.kind == K::CParen) {
      read();
      break;
    }
    size_t d0 = diag_mark();
    parse_item_value();
    if (recovery_ && errors_since(d0)) {
      recover(K::CParen);
      break;
    }
    lex::Token sep = read();
    if (sep.kind == K::CParen) break;
    // Only the last argument may be expanded (f(xs...)): ")" must follow at once.
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
      // At EOF the reference points at the name and "(" (where the call starts), since no
      // position inside it explains the problem better.
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
  pop_nl(outer_nl);
  return make(NodeKind::FunctionCall, name_index, name_index, start_node, span_from(span_of(name)),
              expand_final ? node_flags::kExpandFinal : 0);
}

// (*parser).parseTupleCons: "[" items separated by commas (newlines insignificant, a trailing
// comma allowed) "]", or a for expression when "for" comes first.
Expr Parser::parse_tuple() {
  uint32_t start_node = mark();
  lex::Token open = read();
  uint32_t open_index = last_read_;
  bool outer_nl = push_nl(false);
  if (is_keyword(peek().tok, "for")) {
    Expr e = finish_for(open, open_index, start_node);
    pop_nl(outer_nl);
    return e;
  }
  bool hand_over = open_index == stream_open_ && start_node == 0;  // see finish_attribute
  for (;;) {
    Peeked next = peek();
    if (next.tok.kind == K::CBrack) {
      read();
      break;
    }
    size_t d0 = diag_mark();
    parse_item_value();
    if (recovery_ && errors_since(d0)) {
      recover(K::CBrack);
      break;
    }
    if (hand_over && mark() - start_node >= options_.root_tuple_batch) hand_over_elements(start_node, open);
    next = peek();
    if (next.tok.kind == K::CBrack) {
      read();
      break;
    }
    if (next.tok.kind != K::Comma) {
      if (!recovery_) {
        // EOF: the reference points at the opening bracket, which the missing closer would match.
        if (next.tok.kind == K::Eof) {
          error("Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may be caused by "
                "incorrect bracket nesting elsewhere in this file.",
                span_of(open));
        } else {
          error("Missing item separator", "Expected a comma to mark the beginning of the next item.", span_of(next.tok),
                diag::span_between(span_of(open), span_of(next.tok)));
        }
      }
      recover(K::CBrack);
      break;
    }
    read();
  }
  pop_nl(outer_nl);
  return make(NodeKind::Tuple, open_index, open_index, start_node, span_from(span_of(open)));
}

// (*parser).parseObjectCons: "{" then key = value items separated by commas or newlines "}",
// or a for expression when "for" comes first. "for" is looked for with newlines ignored (for
// expressions are not newline-sensitive), but the items are newline-sensitive: a newline
// separates them like a comma.
Expr Parser::parse_object() {
  uint32_t start_node = mark();
  lex::Token open = read();
  uint32_t open_index = last_read_;
  // "for" is looked for with newlines ignored. Only a newline in the way needs the switch of
  // sensitivity: any other token is what an insensitive peek finds too.
  bool is_for;
  if (peek().tok.kind != K::Newline) {
    is_for = is_keyword(peek().tok, "for");
  } else {
    bool outer_nl = push_nl(false);
    is_for = is_keyword(peek().tok, "for");
    pop_nl(outer_nl);
  }
  if (is_for) {
    bool outer_nl = push_nl(false);
    Expr e = finish_for(open, open_index, start_node);
    pop_nl(outer_nl);
    return e;
  }
  bool outer_nl = push_nl(true);
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
    // A key in parentheses is always an expression (ObjectConsKeyExpr's ForceNonLiteral), even if
    // it is a bare name inside: (foo) = 1 uses the variable foo, foo = 1 the string "foo".
    bool force = next.tok.kind == K::OParen;
    size_t d0 = diag_mark();
    parse_item_value();
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
    parse_item_value();
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
  pop_nl(outer_nl);
  return make(NodeKind::Object, open_index, open_index, start_node, span_from(span_of(open)));
}

// (*parser).finishParsingForExpr: [for k, v in coll: value if cond] and
// {for k, v in coll: key => value... if cond}. The header (names, "in", the collection, ":") is
// checked step by step with the reference's messages, each pointing at the token found instead;
// whether "=>" and "..." are allowed depends on the brackets and is checked only at the end, so
// a whole for expression is parsed before those are reported, as in the reference.
Expr Parser::finish_for(const lex::Token& open, uint32_t open_index, uint32_t start_node) {
  struct PopGuard {
    Parser& p;
    bool outer;
    ~PopGuard() { p.pop_nl(outer); }
  } pop_guard{*this, push_nl(false)};
  lex::Token intro = read();
  uint32_t intro_index = last_read_;
  bool make_obj = open.kind == K::OBrace;
  K close_kind = make_obj ? K::CBrace : K::CBrack;
  // A malformed header: report at the token found, skip to the closing bracket, and wrap what
  // was parsed into an Error node spanning the brackets.
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
  if (!is_keyword(peek().tok, "in"))
    return fail("For expression requires the 'in' keyword after its name declarations.");
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
  // key => value: what was parsed as the value was the key.
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
  // Errors about the kind of for expression point at the offending part, with the whole
  // expression as context.
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

}  // namespace hcl::syntax::parser_detail
