// SPDX-License-Identifier: Apache-2.0
// The evaluator's entry points, its scope, and the constructs too small for a file of their own:
// literals and variables (hclsyntax's LiteralValueExpr and ScopeTraversalExpr's root), ranges
// (each expression type's StartRange), and the dispatch by node kind. Every other construct is
// in an eval_*.cpp file; eval_internal.h lists which.
#include "eval/eval.h"

#include <mutex>

#include "cty/function.h"
#include "eval/eval_internal.h"

namespace hcl::eval {

using namespace cty;

struct Scope::LazyFunctions {
  std::once_flag once;
  std::function<cty::FunctionTable()> make;
  std::unique_ptr<cty::FunctionTable> table;
};

void Scope::set_functions(std::function<cty::FunctionTable()> make) {
  lazy_functions_ = std::make_shared<LazyFunctions>();
  lazy_functions_->make = std::move(make);
  functions_ = nullptr;
}

const cty::FunctionTable* Scope::functions() const {
  if (functions_ || !lazy_functions_) return functions_;
  LazyFunctions& lazy = *lazy_functions_;
  std::call_once(lazy.once, [&lazy] { lazy.table = std::make_unique<cty::FunctionTable>(lazy.make()); });
  return lazy.table.get();
}

// hclsyntax's nameSuggestion (didyoumean.go): Levenshtein distance under 3.
std::string closest_name(std::string_view given, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  size_t best_dist = 3;
  for (auto c : candidates) {
    size_t d = util::edit_distance(given, c);
    if (d >= 3) continue;
    if (d < best_dist || (d == best_dist && c < best)) {
      best = c;
      best_dist = d;
    }
  }
  return std::string(best);
}

bool is_trivia(lex::TokenKind k) {
  return k == lex::TokenKind::Newline || k == lex::TokenKind::Comment || k == lex::TokenKind::Eof;
}

diag::Span expression_span(const syntax::SyntaxTree& tree, syntax::NodeId n) {
  const syntax::Node& nd = tree.node(n);
  uint32_t first = nd.first_token, last = nd.last_token;
  // The root of a tree spans every token, comments and newlines around the expression included;
  // the expression's own range does not.
  while (first < last && is_trivia(tree.token(first).kind)) ++first;
  while (last > first && is_trivia(tree.token(last).kind)) --last;
  if (nd.kind == syntax::NodeKind::Template && tree.token(nd.last_token).kind == lex::TokenKind::Eof)
    last = nd.last_token;
  return diag::Span{tree.token(first).start, tree.token(last).end};
}

namespace evaluator_detail {

// ---- Ranges -------------------------------------------------------------------------------------

// Each expression type's StartRange(): where a diagnostic about the expression as a whole points
// when the whole would be too much, such as an argument of a failed call. It is not always the
// first token: a conditional or binary operation starts where its first operand starts, a
// splat at its [*] or .*, an index with a literal key (a traversal step in the reference)
// covers the whole traversal.
diag::Span Evaluator::start_span(syntax::NodeId n) {
  const syntax::Node& nd = node(n);
  switch (nd.kind) {
    case syntax::NodeKind::Index:
      if (ast::is_literal_key(t_, ast::index_key(n))) return span(n);
      return tok(nd.main_token);
    case syntax::NodeKind::Splat: return span(ast::splat_item(t_, n));
    case syntax::NodeKind::FunctionCall: {
      auto call = ast::function_call(t_, n);
      return diag::span_between(call.name_span, call.open_paren);
    }
    case syntax::NodeKind::Tuple:
    case syntax::NodeKind::Object:
    case syntax::NodeKind::ForExpr: return tok(nd.first_token);
    case syntax::NodeKind::Conditional: return start_span(ast::conditional(t_, n).condition);
    case syntax::NodeKind::Binary: return start_span(ast::binary_lhs(t_, n));
    case syntax::NodeKind::Unary: return tok(nd.main_token);
    case syntax::NodeKind::Parens: return start_span(ast::parens_inner(n));
    case syntax::NodeKind::Template: {
      const TemplatePlan& plan = template_plan(n);
      if (plan.passthrough) return span(n);
      if (plan.parts.empty()) return span(n);
      return plan.parts.front().start;
    }
    default: return span(n);
  }
}

// ---- Dispatch -----------------------------------------------------------------------------------

// Frames carry the bindings made by enclosing for expressions and splats, innermost first.
Value Evaluator::eval(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  switch (node(n).kind) {
    case syntax::NodeKind::Literal: return literal(n);
    case syntax::NodeKind::Variable: return variable(n, f, d);
    case syntax::NodeKind::GetAttr:
    case syntax::NodeKind::Index:
    case syntax::NodeKind::LegacyIndex: return traversal(n, f, d);
    case syntax::NodeKind::Splat: return splat(n, f, d);
    // The element currently bound by the innermost splat whose item this is; unbound (a splat's
    // result type computed without elements), it is unknown.
    case syntax::NodeKind::SplatItem:
      for (const Frame* p = f; p; p = p->parent)
        if (p->splat_item == n) return p->value;
      return Value::dynamic();
    case syntax::NodeKind::FunctionCall: return function_call(n, f, d);
    case syntax::NodeKind::Tuple: return tuple(n, f, d);
    case syntax::NodeKind::Object: return object(n, f, d);
    case syntax::NodeKind::ForExpr: return for_expr(n, f, d);
    case syntax::NodeKind::Conditional: return conditional(n, f, d);
    case syntax::NodeKind::Binary: return binary(n, f, d);
    case syntax::NodeKind::Unary: return unary(n, f, d);
    case syntax::NodeKind::Parens: return eval(ast::parens_inner(n), f, d);
    case syntax::NodeKind::Template: return template_expr(n, f, d);
    default: return Value::dynamic();  // error nodes: the parser has reported them
  }
}

// LiteralValueExpr: the parser made these from true, false, null and number tokens. A number
// that fits in 18 decimal digits takes the integer fast path (most literals are small indexes
// and counts); others are parsed at the reference's precision. A number the parser already
// reported as invalid evaluates to an unknown number, so nothing further is reported about it.
Value Evaluator::decode_literal(syntax::NodeId n) {
  const syntax::Node& nd = node(n);
  std::string_view text = t_.token_text(nd.main_token);
  switch (ast::literal_kind(t_, n)) {
    case ast::LiteralKind::True: return Value::boolean(true);
    case ast::LiteralKind::False: return Value::boolean(false);
    case ast::LiteralKind::Null: return Value::null();
    case ast::LiteralKind::Number: break;
  }
  if (text.size() <= 18 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    int64_t v = 0;
    for (char c : text) v = v * 10 + (c - '0');
    return Value::number(Number::from_int(v, Number::kLiteralPrecision));
  }
  auto num = Number::parse(text);
  if (!num) return Value::unknown(Type::number());
  return Value::number(std::move(*num));
}

// Every name a variable reference could mean here, for the "Did you mean" hint: the for
// expressions' variables and then the scope's.
std::vector<std::string_view> Evaluator::variable_names(const Frame* f) const {
  std::vector<std::string_view> names;
  for (const Frame* p = f; p; p = p->parent) {
    if (!p->child_context) continue;
    if (!p->key_name.empty()) names.push_back(p->key_name);
    names.push_back(p->value_name);
  }
  for (const auto& [k, v] : scope_.variables()) names.push_back(k);
  return names;
}

// The root of a ScopeTraversalExpr (hcl.Traversal.TraverseAbs): the innermost binding wins, and
// within one for expression the value variable before the key variable, as the reference's
// child context assigns the value last. Without variables ("Variables not allowed") the
// reference makes no suggestions; a for expression's child context has variables of its own,
// so the question only arises outside any.
Value Evaluator::variable(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  std::string_view name = t_.token_text(node(n).main_token);
  for (const Frame* p = f; p; p = p->parent) {
    if (!p->child_context) continue;
    if (p->value_name == name) return p->value;
    if (!p->key_name.empty() && p->key_name == name) return p->key;
  }
  if (const Value* v = scope_.find(name)) return *v;
  if (!scope_.variables_allowed() && !f) {
    error(d, "Variables not allowed", "Variables may not be used here.", span(n));
    return Value::dynamic();
  }
  std::string suggestion = closest_name(name, variable_names(f));
  std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", util::go_quote(suggestion));
  if (suggestion.empty()) {
    std::string more = scope_.unknown_variable_hint(name);
    if (!more.empty()) hint = " " + more;
  }
  error(d, "Unknown variable", fmt::format("There is no variable named {}.{}", util::go_quote(name), hint), span(n));
  return Value::dynamic();
}

}  // namespace evaluator_detail

using evaluator_detail::Evaluator;

// Start ranges need no variables: an empty scope serves.
diag::Span expression_start_span(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  Scope scope;
  Evaluator e(tree, scope);
  return e.start_span(node);
}

// The budget (cty/budget.h) bounds the work and memory of one evaluation; exceeding it
// unwinds the whole evaluation by exception, which stops here (the library throws nothing to
// its callers) and becomes one diagnostic over the whole expression.
EvalResult evaluate(const syntax::SyntaxTree& tree, syntax::NodeId node, const Scope& scope) {
  EvalResult r;
  EvalBudget budget(scope.limits());
  EvaluationInProgress in_progress;
  try {
    // A budget shared by many evaluations (a file's attributes, each iteration of a dynamic
    // block) that one of them has spent ends the others before they start: its diagnostic is
    // reported once, by the evaluation that spent it.
    if (auto spent = spent_budget()) {
      if (!in_progress.outermost()) throw *spent;
      r.value = Value::dynamic();
      return r;
    }
    Evaluator ev(tree, scope);
    r.value = ev.eval(node, nullptr, r.diagnostics);
  } catch (const BudgetExceeded& e) {
    if (!in_progress.outermost()) throw;  // a nested evaluation: its caller reports it
    r.value = Value::dynamic();
    diag::Diagnostic d = budget_diagnostic(e, budget.limits());
    diag::Span s = expression_span(tree, node);
    d.subject = tree.source().range(s.start, s.end);
    r.diagnostics.push_back(std::move(d));
  }
  return r;
}

}  // namespace hcl::eval
