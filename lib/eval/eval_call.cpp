// SPDX-License-Identifier: Apache-2.0
// Function calls: hclsyntax's (*FunctionCallExpr).Value (expression.go), one step per function
// below, in the reference's order. That order decides which of several problems a call reports:
// an unknown name before anything is evaluated, then the expanded final argument, then the
// argument count, then every argument's conversion, and only then the function's own error.
#include "cty/function.h"
#include "eval/eval_internal.h"
#include "eval/typeexpr.h"

namespace hcl::eval::evaluator_detail {

using namespace cty;

Value Evaluator::function_call(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto call = ast::function_call(t_, n);
  call.close_paren = tok(last_tok(n));
  diag::Span call_range = span(n);
  const cty::FunctionTable* table = scope_.functions();
  if (!table) {
    error(d, "Function calls not allowed", "Functions may not be called here.", call_range);
    return Value::dynamic();
  }
  const cty::Function* fn = table->find(call.name);
  if (!fn) return unknown_function(call, call_range, *table, f, d);

  std::vector<CallArg> args;
  if (!call_arguments(call, call_range, f, args, d)) return Value::dynamic();
  if (!check_arity(call, call_range, *fn, args, d)) return Value::dynamic();

  // Only the arguments' own errors stop the call: the reference does not call a function with
  // arguments it has already found wrong, since the function's complaint would only confuse.
  size_t mark = d.size();
  std::vector<Value> vals = argument_values(*fn, args, call_range, f, d);
  if (has_errors_since(d, mark)) return Value::dynamic();

  auto result = cty::call(*fn, vals);
  if (result) return std::move(*result);
  report_call_error(call, call_range, *fn, args, result.error(), d);
  return Value::dynamic();
}

// "Call to unknown function", pointing at the name with the whole call as context.
Value Evaluator::unknown_function(const ast::FunctionCall& call, diag::Span call_range, const cty::FunctionTable& table,
                                  const Frame* f, diag::Diagnostics& d) {
  bool in_child = false;
  for (const Frame* p = f; p; p = p->parent) in_child |= p->child_context;
  // The reference looks for suggestions only in the innermost context's own function table,
  // which a for expression's child context does not have.
  std::vector<std::string_view> avail;
  if (!in_child && !scope_.functions_inherited()) avail = table.names();
  std::string_view name = call.name;
  size_t sep = name.rfind("::");
  if (sep != std::string_view::npos) {
    // A namespaced name: tell a namespace with no functions from a wrong name within one. The
    // parser guarantees identifiers separated by "::", so the last separator splits it.
    std::string_view ns = name.substr(0, sep + 2);
    name = name.substr(sep + 2);
    std::vector<std::string_view> in_ns;
    for (const auto& a : avail)
      if (a.starts_with(ns)) in_ns.push_back(a);
    if (in_ns.empty()) {
      error(d, "Call to unknown function", fmt::format("There are no functions in namespace {}.", util::go_quote(ns)),
            call.name_span, call_range);
      return Value::dynamic();
    }
    std::string suggestion = closest_name(name, in_ns);
    std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}{}?", ns, suggestion);
    error(d, "Call to unknown function",
          fmt::format("There is no function named {} in namespace {}.{}", util::go_quote(name), ns, hint),
          call.name_span, call_range);
    return Value::dynamic();
  }
  std::string suggestion = closest_name(call.name, avail);
  std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", util::go_quote(suggestion));
  error(d, "Call to unknown function", fmt::format("There is no function named {}.{}", util::go_quote(call.name), hint),
        call.name_span, call_range);
  return Value::dynamic();
}

// The call's arguments, with an expanded final argument (f(xs...)) replaced by its elements.
// Like the reference, which substitutes LiteralValueExprs ranging over the whole expanded
// expression, each element's range (and so any later diagnostic about it) is that expression's.
// The expanded argument is evaluated here, before the others, so its problems come first.
bool Evaluator::call_arguments(const ast::FunctionCall& call, diag::Span call_range, const Frame* f,
                               std::vector<CallArg>& args, diag::Diagnostics& d) {
  args.reserve(call.args.size());
  for (syntax::NodeId a : call.args) args.push_back(CallArg{a, Value(), span(a), start_span(a)});
  if (!call.expand_final || args.empty()) return true;
  syntax::NodeId ex = call.args.back();
  size_t mark = d.size();
  Value ev = eval(ex, f, d);
  if (has_errors_since(d, mark)) return false;
  const Type& et = ev.type();
  if (et.is_dynamic()) {
    // An unknown of unknown type may expand to any number of arguments, so the call's result
    // is unknown; only a null is an error.
    if (ev.is_null()) {
      error(d, "Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.",
            span(ex), call_range);
    }
    return false;
  }
  if (et.is_tuple() || et.is_list() || et.is_set()) {
    if (ev.is_null()) {
      error(d, "Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.",
            span(ex), call_range);
      return false;
    }
    if (!ev.is_known()) return false;
    args.pop_back();
    diag::Span r = span(ex);
    // Each element carries the expanded value's marks (HCL's expandable arguments).
    for (const auto& e : ev.elements())
      args.push_back(CallArg{syntax::kNoNode, Value(e).marked_if(ev.is_sensitive()), r, r});
    return true;
  }
  error(d, "Invalid expanding argument value",
        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.", span(ex), call_range);
  return false;
}

// Too few arguments point at the closing parenthesis (where the missing one would go), too many
// at the first one beyond the last parameter.
bool Evaluator::check_arity(const ast::FunctionCall& call, diag::Span call_range, const cty::Function& fn,
                            const std::vector<CallArg>& args, diag::Diagnostics& d) {
  const auto& params = fn.params;
  const cty::Param* var = fn.variadic ? &*fn.variadic : nullptr;
  if (args.size() < params.size()) {
    error(d, "Not enough function arguments",
          fmt::format("Function {} expects{} {} argument(s). Missing value for {}.", util::go_quote(call.name),
                      var ? " at least" : "", params.size(), util::go_quote(params[args.size()].name)),
          call.close_paren, call_range);
    return false;
  }
  if (!var && args.size() > params.size()) {
    error(d, "Too many function arguments",
          fmt::format("Function {} expects only {} argument(s).", util::go_quote(call.name), params.size()),
          args[params.size()].start, call_range);
    return false;
  }
  return true;
}

// Each argument as its parameter takes it. Every argument is evaluated and converted even after
// one fails, so a call reports all its bad arguments at once, as the reference does. Two kinds
// of parameter stand for cty's custom expression decoders: a type constraint reads the argument
// as a type expression (convert's type arguments), an expression parameter receives the
// argument unevaluated (try, can).
std::vector<Value> Evaluator::argument_values(const cty::Function& fn, const std::vector<CallArg>& args,
                                              diag::Span call_range, const Frame* f, diag::Diagnostics& d) {
  const auto& params = fn.params;
  const cty::Param* var = fn.variadic ? &*fn.variadic : nullptr;
  std::vector<Value> vals;
  vals.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const cty::Param& p = i < params.size() ? params[i] : *var;
    const CallArg& a = args[i];
    if (p.kind == cty::ParamKind::TypeConstraint) {
      if (a.node == syntax::kNoNode) {
        // An expanded element is a value, and no value is a type expression.
        error(d, "Invalid type specification",
              "A type specification is either a primitive type keyword (bool, number, string) or a complex type "
              "constructor call, like list(string).",
              a.range);
        vals.push_back(Value::unknown(p.type));
        continue;
      }
      auto ty = type_constraint(t_, a.node);
      if (diag::has_errors(ty.diagnostics)) {
        diag::append(d, std::move(ty.diagnostics));
        vals.push_back(Value::unknown(p.type));
        continue;
      }
      vals.push_back(cty::type_constraint_value(ty.type));
      continue;
    }
    if (p.kind == cty::ParamKind::Expression) {
      vals.push_back(cty::expression_closure_value(argument_closure(a, f)));
      continue;
    }
    Value v = a.node == syntax::kNoNode ? a.value : eval(a.node, f, d);
    auto c = convert(v, p.type);
    if (!c) {
      error(d, "Invalid function argument",
            fmt::format("Invalid value for {} parameter: {}.", util::go_quote(p.name), c.error()), a.start, call_range);
      vals.push_back(std::move(v));
      continue;
    }
    vals.push_back(std::move(*c));
  }
  return vals;
}

// An unevaluated argument for an expression parameter. The function may evaluate it more than
// once (or not at all); the result and its diagnostics are remembered so each time agrees.
// What hclsyntax parses as a ScopeTraversalExpr: a variable followed by attribute names and
// literal keys.
static bool is_traversal(const syntax::SyntaxTree& t, syntax::NodeId n) {
  for (;;) {
    const syntax::Node& node = t.node(n);
    switch (node.kind) {
      case syntax::NodeKind::Variable: return true;
      case syntax::NodeKind::GetAttr:
      case syntax::NodeKind::LegacyIndex: n = ast::step_source(t, n); break;
      case syntax::NodeKind::Index:
        if (t.node(ast::index_key(n)).kind != syntax::NodeKind::Literal) return false;
        n = ast::index_collection(t, n);
        break;
      default: return false;
    }
  }
}

std::shared_ptr<cty::ExpressionClosure> Evaluator::argument_closure(const CallArg& a, const Frame* f) {
  auto closure = std::make_shared<cty::ExpressionClosure>();
  if (a.node == syntax::kNoNode) {
    Value v = a.value;
    closure->evaluate = [v] { return std::pair<Value, diag::Diagnostics>(v, {}); };
  } else {
    // Frames live on this call's stack, which outlives the function call.
    auto memo = std::make_shared<std::optional<std::pair<Value, diag::Diagnostics>>>();
    syntax::NodeId node_id = a.node;
    closure->direct_reference = is_traversal(t_, node_id);
    closure->evaluate = [this, node_id, f, memo] {
      if (!*memo) {
        diag::Diagnostics cd;
        Value v = eval(node_id, f, cd);
        *memo = std::make_pair(std::move(v), std::move(cd));
      }
      return **memo;
    };
  }
  return closure;
}

// The function's own failure. An error about one argument (function.ArgError) points at that
// argument; the reference degrades to the whole call when the index names no argument of this
// call (a function's bug, or a variadic parameter given no arguments), and to the name and
// parenthesis when it names no parameter either.
void Evaluator::report_call_error(const ast::FunctionCall& call, diag::Span call_range, const cty::Function& fn,
                                  const std::vector<CallArg>& args, const cty::CallError& e, diag::Diagnostics& d) {
  const auto& params = fn.params;
  const cty::Param* var = fn.variadic ? &*fn.variadic : nullptr;
  if (e.argument >= 0) {
    size_t i = static_cast<size_t>(e.argument);
    const cty::Param* p = i < params.size() ? &params[i] : var;
    if (!p || i >= args.size()) {
      if (p) {
        error(d, "Invalid function argument",
              fmt::format("Invalid value for {} parameter: {}.", util::go_quote(p->name), e.message), call_range);
      } else {
        error(d, "Error in function call",
              fmt::format("Call to function {} failed: {}.", util::go_quote(call.name), e.message),
              diag::span_between(call.name_span, call.open_paren), call_range);
      }
    } else {
      error(d, "Invalid function argument",
            fmt::format("Invalid value for {} parameter: {}.", util::go_quote(p->name), e.message), args[i].start,
            call_range);
    }
  } else {
    error(d, "Error in function call",
          fmt::format("Call to function {} failed: {}.", util::go_quote(call.name), e.message),
          diag::span_between(call.name_span, call.open_paren), call_range);
  }
}

}  // namespace hcl::eval::evaluator_detail
