// SPDX-License-Identifier: Apache-2.0
// Expressions and their operators: hclsyntax's (*parser).ParseExpression,
// parseTernaryConditional and parseBinaryOps (parser.go); parseExpressionWithTraversals is
// parse_operand, inline in parser_internal.h. The operands (terms) are in parser_term.cpp, the
// traversals after them in parser_traversal.cpp.
#include "syntax/parser_internal.h"

namespace hcl::syntax::parser_detail {

namespace {

// Operator precedence levels, loosest first (the reference's binaryOps table).
constexpr int binary_level(K k) {
  switch (k) {
    case K::Or: return 0;
    case K::And: return 1;
    case K::EqualOp:
    case K::NotEqual: return 2;
    case K::GreaterThan:
    case K::GreaterThanEq:
    case K::LessThan:
    case K::LessThanEq: return 3;
    case K::Plus:
    case K::Minus: return 4;
    case K::Star:
    case K::Slash:
    case K::Percent: return 5;
    default: return -1;
  }
}

// The tokens that can go on from an operand: a traversal step ("." or "["), a binary operator or
// the "?" of a conditional. Most operands are followed by none of them, and are the whole
// expression.
constexpr uint64_t kGoesOn = [] {
  static_assert(lex::kTokenKindCount <= 64);
  uint64_t bits = uint64_t{1} << static_cast<int>(K::Dot) | uint64_t{1} << static_cast<int>(K::OBrack) |
                  uint64_t{1} << static_cast<int>(K::Question);
  for (int k = 0; k < lex::kTokenKindCount; ++k)
    if (binary_level(static_cast<K>(k)) >= 0) bits |= uint64_t{1} << k;
  return bits;
}();
bool goes_on(K k) { return (kGoesOn >> static_cast<unsigned>(k)) & 1; }

}  // namespace

// Every nested expression goes through here, so this is where nesting depth is counted. Past
// the limit an empty Error node stands in, and the parse is already aborted.
// This is the reference's parseTernaryConditional over parseBinaryOps, with the first operand
// parsed here: most expressions are that operand alone, and an operand followed by neither an
// operator nor "?" is returned without entering the operator levels.
Expr Parser::parse_expression() {
  DepthGuard guard(*this);
  Peeked start = peek();
  uint32_t start_node = mark();
  size_t d0 = diag_mark();
  // Every path returns `e`, built in the caller's slot: a copy of a result just written field
  // by field is read back whole, which stalls until the writes have landed.
  Expr e = guard.ok ? parse_term() : placeholder();
  K next = peek().tok.kind;
  if (!guard.ok || !goes_on(next)) [[likely]]
    return e;
  // parse_operand's traversals, then the operators.
  if (next == K::Dot || next == K::OBrack) {
    parse_traversals(e);
    next = peek().tok.kind;
  }
  if (recovery_ && errors_since(d0)) return e;
  if (binary_level(next) >= 0) {
    climb_binary(e, 0, start, start_node);
    if (recovery_ && errors_since(d0)) return e;
    next = peek().tok.kind;
  }
  if (next == K::Question) finish_ternary(e, start, start_node);
  return e;
}

// An Error node covering no text, at the next token.
Expr Parser::placeholder() {
  Peeked p = peek();
  uint32_t start_node = mark();
  NodeId id = add(NodeKind::Error, p.index, p.index, p.index, start_node);
  return Expr{id, start_node, p.index, p.index, diag::Span{p.tok.start, p.tok.start}};
}

// (*parser).parseTernaryConditional after its condition: ? true : false, the loosest construct.
// When a part fails in recovery mode the whole becomes an Error node spanning what was parsed,
// as the reference returns an ExprSyntaxError ranging over the condition: the caller then skips
// to the end of its own construct. Only a missing colon is reported here; the parts report
// their own errors.
void Parser::finish_ternary(Expr& cond, Peeked start, uint32_t start_node) {
  diag::Span start_span = span_of(start.tok);
  Peeked question = peek();
  read();
  size_t d1 = diag_mark();
  Expr t = parse_expression();
  if (recovery_ && errors_since(d1)) {
    cond = wrap_error(start_node, start.index, cond.span, question.index);
    return;
  }
  Peeked colon = peek();
  if (colon.tok.kind != K::Colon) {
    error("Missing false expression in conditional",
          "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
          span_of(colon.tok), diag::span_between(start_span, span_of(colon.tok)));
    cond = wrap_error(start_node, start.index, cond.span, question.index);
    return;
  }
  read();
  size_t d2 = diag_mark();
  Expr f = parse_expression();
  if (recovery_ && errors_since(d2)) {
    cond = wrap_error(start_node, start.index, cond.span, question.index);
    return;
  }
  (void)t;
  cond = make(NodeKind::Conditional, question.index, start.index, start_node, diag::span_between(start_span, f.span));
}

// (*parser).parseBinaryOps: the reference recurses once per precedence level; climbing by
// level gives the same left-associative tree with one call per operand instead of six. A
// Binary node's children are its two operands, and its main token is the operator.
// Here and in the functions around it every path returns the one named result, so the
// compiler builds it in the caller's slot instead of copying it out at each level.
Expr Parser::parse_binary(int min_level) {
  Peeked start = peek();
  uint32_t start_node = mark();
  size_t d0 = diag_mark();
  Expr lhs = parse_operand();
  if (recovery_ && errors_since(d0)) return lhs;
  climb_binary(lhs, min_level, start, start_node);
  return lhs;
}

// The operators after a first operand `lhs` (which started at `start`), at `min_level` or
// tighter; `lhs` becomes the whole.
void Parser::climb_binary(Expr& lhs, int min_level, Peeked start, uint32_t start_node) {
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
      if (!guard.ok) {
        lhs = wrap_error(start_node, start.index, lhs.span, op.index);
        return;
      }
      rhs = parse_binary(level + 1);
    }
    if (recovery_ && errors_since(d1)) {
      lhs = wrap_error(start_node, start.index, lhs.span, op.index);
      return;
    }
    lhs = make(NodeKind::Binary, op.index, start.index, start_node, diag::span_between(lhs.span, rhs.span));
  }
}

}  // namespace hcl::syntax::parser_detail
