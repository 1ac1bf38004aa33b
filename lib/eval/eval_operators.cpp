// SPDX-License-Identifier: Apache-2.0
// Operators: hclsyntax's BinaryOpExpr and UnaryOpExpr (expression_ops.go), with cty's
// operations (stdlib's Add, Subtract ... Equal, LessThan ..., And, Or, Not, Negate) behind them.
#include "eval/eval_internal.h"

namespace hcl::eval::evaluator_detail {

using namespace cty;

namespace {

// HCL's ShortCircuit for || (is_or) and &&: the result one side decides, with that side's
// diagnostics only, or nothing when both sides are needed. A null operand counts as false, as
// cty's Value.True() says.
std::optional<std::pair<Value, diag::Diagnostics>> short_circuit(bool is_or, const Value& a, const Value& b,
                                                                 diag::Diagnostics& ld, diag::Diagnostics& rd) {
  auto is = [](const Value& v, bool want) {
    if (!v.is_known()) return false;
    return v.is_null() ? !want : v.as_bool() == want;
  };
  if (!a.is_known() && !b.is_known()) {
    if (diag::has_errors(ld)) return std::nullopt;
    return std::pair{Value::unknown(Type::boolean()), std::move(ld)};
  }
  bool decisive = is_or;  // a true decides ||, a false decides &&
  if (is(a, decisive)) return std::pair{Value::boolean(decisive), std::move(ld)};
  if (is(b, decisive)) return std::pair{Value::boolean(decisive), std::move(rd)};
  if (!a.is_known() && is(b, !decisive)) return std::pair{Value::unknown(Type::boolean()), std::move(ld)};
  if (!b.is_known() && is(a, !decisive)) return std::pair{Value::unknown(Type::boolean()), std::move(rd)};
  return std::nullopt;
}

// The primitive type (or the dynamic pseudo-type) of a kind.
Type primitive_type(cty::TypeKind k) {
  switch (k) {
    case cty::TypeKind::Bool: return Type::boolean();
    case cty::TypeKind::Number: return Type::number();
    case cty::TypeKind::String: return Type::string();
    default: return Type::dynamic();
  }
}

}  // namespace

// One operation, given its operands' values and diagnostics (taken from); its own go to `d`.
// Inlined into binary(): a for expression's condition runs it per element.
[[gnu::always_inline]] inline Value Evaluator::binary_of(syntax::NodeId n, const Value& l, diag::Diagnostics& ld,
                                                         const Value& r, diag::Diagnostics& rd, diag::Diagnostics& d) {
  auto [lhs, rhs] = ast::binary(t_, n);
  ast::Operator op = ast::operator_of(t_, n);
  // The parameter and result types by kind: a for expression's condition runs this once per
  // element, and only the slow paths below need them as types.
  cty::TypeKind param = cty::TypeKind::Number, result = cty::TypeKind::Number;
  switch (op) {
    case ast::Operator::Or:
    case ast::Operator::And:
      param = cty::TypeKind::Bool;
      result = cty::TypeKind::Bool;
      break;
    case ast::Operator::Equal:
    case ast::Operator::NotEqual:
      param = cty::TypeKind::Dynamic;
      result = cty::TypeKind::Bool;
      break;
    case ast::Operator::Less:
    case ast::Operator::LessOrEqual:
    case ast::Operator::Greater:
    case ast::Operator::GreaterOrEqual: result = cty::TypeKind::Bool; break;
    default: break;
  }
  // As in HCL 2.24: operand conversion errors come before the operands' own diagnostics, and
  // && and || may drop one operand's diagnostics when the other decides the result.
  // Operands that are known, not null, already of the parameter type and without diagnostics
  // (a for expression's arithmetic over numbers) go straight to the operation: every step
  // below would pass them through unchanged.
  auto ready = [&](const Value& v) {
    return v.is_known() && !v.is_null() && (param == cty::TypeKind::Dynamic || v.type().kind() == param);
  };
  // The operands' marks pass to the result (HCL's BinaryOpExpr); == and != also see marks inside
  // collections, as cty's Equals does.
  bool marked = param == cty::TypeKind::Dynamic ? l.has_sensitive_deep() || r.has_sensitive_deep()
                                                : l.is_sensitive() || r.is_sensitive();
  if (op != ast::Operator::Or && op != ast::Operator::And && ld.empty() && rd.empty() && ready(l) && ready(r)) {
    // Unmarked, the usual case, returns the operation's value as it is (no move through the mark).
    if (!marked) return binary_operation(n, op, l, r, primitive_type(result), d);
    return binary_operation(n, op, l, r, primitive_type(result), d).mark_sensitive();
  }
  size_t mark = d.size();
  const Type param_type = primitive_type(param);
  auto lc = convert_operand(l, param_type);
  if (!lc) error(d, "Invalid operand", "Unsuitable value for left operand: " + lc.error() + ".", span(lhs), span(n));
  auto rc = convert_operand(r, param_type);
  if (!rc) error(d, "Invalid operand", "Unsuitable value for right operand: " + rc.error() + ".", span(rhs), span(n));
  if (has_errors_since(d, mark)) {
    diag::append(d, std::move(ld));
    diag::append(d, std::move(rd));
    return Value::unknown(primitive_type(result));
  }
  const Value& a = *lc;
  const Value& b = *rc;
  if (op == ast::Operator::Or || op == ast::Operator::And) {
    if (auto decided = short_circuit(op == ast::Operator::Or, a, b, ld, rd)) {
      diag::append(d, std::move(decided->second));
      return std::move(decided->first).marked_if(marked);
    }
  }
  diag::append(d, std::move(ld));
  diag::append(d, std::move(rd));
  if (has_errors_since(d, mark)) return Value::unknown(primitive_type(result)).marked_if(marked);
  if (!marked) return binary_operation(n, op, a, b, primitive_type(result), d);
  return binary_operation(n, op, a, b, primitive_type(result), d).mark_sensitive();
}

// BinaryOpExpr.Value: both operands are converted to the operator's parameter type (number,
// bool, or anything for == and !=); a failed conversion is reported against that operand with
// the whole operation as context. A null operand fails the operation (except for ==, !=, and
// where && or || is decided without it), an unknown one makes the result unknown.
//
// Operators associate to the left, so `1 + 1 + ... + 1` is a chain down its left operands with
// no brackets for the parser's nesting limit to count: it is walked from its innermost operation
// outward instead of by recursion (200,000 operators crashed the process). Each operation's
// diagnostics become its parent's left-operand diagnostics, as a recursive call would give them.
Value Evaluator::binary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto [lhs, rhs] = ast::binary(t_, n);
  // Nearly every chain is a few operations long and recurses; a long one is walked.
  constexpr int kLongChain = 32;
  int depth = 0;
  for (syntax::NodeId op = lhs; node(op).kind == syntax::NodeKind::Binary; op = ast::binary_lhs(t_, op))
    if (++depth == kLongChain) return binary_chain(n, f, d);
  diag::Diagnostics ld, rd;
  Value l = eval(lhs, f, ld);
  Value r = eval(rhs, f, rd);
  return binary_of(n, l, ld, r, rd, d);
}

Value Evaluator::binary_chain(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  NodeChain chain;  // n and the operations down its left operands
  for (syntax::NodeId op = n; node(op).kind == syntax::NodeKind::Binary; op = ast::binary_lhs(t_, op)) chain.push(op);
  diag::Diagnostics ld, rd;
  Value l = eval(ast::binary_lhs(t_, chain[chain.size() - 1]), f, ld);
  for (size_t i = chain.size(); i-- > 1;) {
    diag::Diagnostics out;
    Value r = eval(ast::binary_rhs(chain[i]), f, rd);
    l = binary_of(chain[i], l, ld, r, rd, out);
    ld = std::move(out);
    rd.clear();
  }
  Value r = eval(ast::binary_rhs(n), f, rd);
  return binary_of(n, l, ld, r, rd, d);
}

// The operation itself, on operands converted to its parameter type.
Value Evaluator::binary_operation(syntax::NodeId n, ast::Operator op, const Value& a, const Value& b,
                                  const Type& result, diag::Diagnostics& d) {
  // cty's arithmetic fails only on infinities and zeros (no result exists); the reference
  // reports the function's error message inside its own.
  auto failed = [&](const std::string& why) {
    error(d, "Operation failed", "Error during operation: " + why + ".", span(n));
    return Value::unknown(result);
  };
  if (op == ast::Operator::Equal || op == ast::Operator::NotEqual) {
    Value eq = a.equals(b);
    if (op == ast::Operator::NotEqual && eq.is_known()) return Value::boolean(!eq.as_bool());
    return eq;
  }
  if (a.is_null() || b.is_null()) return failed("argument must not be null");
  if (!a.is_known() || !b.is_known()) return Value::unknown(result);
  switch (op) {
    case ast::Operator::Or: return Value::boolean(a.as_bool() || b.as_bool());
    case ast::Operator::And: return Value::boolean(a.as_bool() && b.as_bool());
    case ast::Operator::Less: return Value::boolean(a.as_number().compare(b.as_number()) < 0);
    case ast::Operator::LessOrEqual: return Value::boolean(a.as_number().compare(b.as_number()) <= 0);
    case ast::Operator::Greater: return Value::boolean(a.as_number().compare(b.as_number()) > 0);
    case ast::Operator::GreaterOrEqual: return Value::boolean(a.as_number().compare(b.as_number()) >= 0);
    case ast::Operator::Add: {
      auto v = add(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't compute sum of opposing infinities");
    }
    case ast::Operator::Subtract: {
      auto v = subtract(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't subtract infinity from itself");
    }
    case ast::Operator::Multiply: {
      auto v = multiply(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't multiply zero by infinity");
    }
    case ast::Operator::Divide: {
      auto v = divide(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't divide zero by zero or infinity by infinity");
    }
    case ast::Operator::Modulo: {
      auto v = modulo(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't use modulo with zero and infinity");
    }
    default: return Value::unknown(result);
  }
}

// UnaryOpExpr.Value: -x (number) and !x (bool), with the binary operators' conversion and
// null rules.
Value Evaluator::unary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId operand = ast::unary_operand(n);
  bool negate = ast::operator_of(t_, n) == ast::Operator::Negate;
  Type param = negate ? Type::number() : Type::boolean();
  size_t mark = d.size();
  Value v = eval(operand, f, d);
  auto c = convert_operand(v, param);
  if (!c) error(d, "Invalid operand", "Unsuitable value for unary operand: " + c.error() + ".", span(operand), span(n));
  if (has_errors_since(d, mark)) return Value::unknown(param);
  if (c->is_null()) {
    error(d, "Operation failed", "Error during operation: argument must not be null.", span(n));
    return Value::unknown(param);
  }
  auto result = [&] {
    if (!c->is_known()) return Value::unknown(param);
    return negate ? Value::number(c->as_number().negate()) : Value::boolean(!c->as_bool());
  };
  if (!c->is_sensitive()) return result();
  return result().mark_sensitive();
}

}  // namespace hcl::eval::evaluator_detail
