// SPDX-License-Identifier: Apache-2.0
// Traversal steps after a term: hclsyntax's (*parser).parseExpressionTraversals (parser.go):
// .attr, .0 (the legacy index), [key], and the splats [*] and .*. (parser_traversal.go parses
// standalone traversals, which this library does not need.) Each step wraps everything before
// it: a GetAttr, Index or Splat node's first child is the expression it applies to.
#include "syntax/parser_internal.h"

namespace hcl::syntax::parser_detail {

// Every step's node starts where the term started (its start_node and first_tok, which each
// step's result keeps), so the steps nest left to right: a.b[0] is Index(GetAttr(a, b), 0).
// `ret` is the term on entry and the whole on return: changed in place, since a copy of a
// result just written field by field stalls until the writes have landed.
void Parser::parse_traversals(Expr& ret) {
  const uint32_t first_tok = ret.first_tok, start_node = ret.start_node;
  for (;;) {
    Peeked next = peek();
    if (next.tok.kind == K::Dot) {
      read();
      uint32_t dot_index = last_read_;
      Peeked attr = peek();
      if (attr.tok.kind == K::Ident) {
        read();
        ret =
            make(NodeKind::GetAttr, attr.index, first_tok, start_node, diag::span_between(ret.span, span_of(attr.tok)));
      } else if (attr.tok.kind == K::NumberLit) {
        lex::Token num = read();
        legacy_index_step(num, attr.tok, false);
        ret =
            make(NodeKind::LegacyIndex, attr.index, first_tok, start_node, diag::span_between(ret.span, span_of(num)));
      } else if (attr.tok.kind == K::Star) {
        ret = attribute_splat(ret, dot_index, attr);
      } else {
        // No step is added; recovery mode keeps the enclosing construct from reporting the token
        // after the dot again.
        error("Invalid attribute name", "An attribute name is required after a dot.", span_of(attr.tok));
        recovery_ = true;
      }
      continue;
    }
    if (next.tok.kind == K::OBrack) {
      lex::Token open = read();
      uint32_t open_index = last_read_;
      // The full splat [*]: the rest of the traversal (any kind of step) applies to each element,
      // so it is parsed as a traversal from a SplatItem node, which the evaluator binds to each
      // element in turn. The Splat node's children are the source and that per-element traversal.
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
        Expr each = item_expr;
        {
          // The rest of the traversal applies to each element.
          DepthGuard guard(*this);
          if (guard.ok) parse_traversals(each);
        }
        ret = make(NodeKind::Splat, open_index + 1, first_tok, start_node, diag::span_between(ret.span, each.span));
        continue;
      }
      // An index key is any expression; newlines inside the brackets are insignificant.
      bool outer_nl = push_nl(false);
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
      pop_nl(outer_nl);
      (void)key;
      ret = make(NodeKind::Index, open_index, first_tok, start_node, diag::span_between(ret.span, span_of(close)));
      continue;
    }
    break;
  }
}

// A number after a dot (the legacy index, foo.0). The lexer reads foo.0.1 as one number "0.1",
// which would be two chained indexes; the reference rejects that with a message that depends
// on whether the index is inside an attribute-only splat.
void Parser::legacy_index_step(const lex::Token& num, const lex::Token& subject_tok, bool in_splat) {
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

// The reference's attribute-only splat: foo.*.bar.baz applies .bar.baz to each element of foo
// but, unlike [*], stops at the first index step: foo.*.bar[0] indexes the result, not each
// element. A following star is a nested splat, which the reference forbids here.
// The legacy ".*" splat: only attribute and legacy index steps apply to each element.
Expr Parser::attribute_splat(const Expr& ret, uint32_t dot_index, Peeked star) {
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
    each = make(NodeKind::GetAttr, step.index, each.first_tok, each.start_node,
                diag::span_between(each.span, span_of(attr)));
    last_span = span_of(attr);
  }
  return make(NodeKind::Splat, star.index, ret.first_tok, ret.start_node, diag::span_between(ret.span, last_span),
              node_flags::kAttrSplat);
}

}  // namespace hcl::syntax::parser_detail
