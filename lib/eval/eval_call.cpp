// SPDX-License-Identifier: Apache-2.0
#include "eval/eval_internal.h"
#include "eval/typeexpr.h"
#include "funcs/registry.h"

namespace hcl::eval::evaluator_detail {

Value Evaluator::function_call(NodeId n, const Frame* f, Diagnostics& d) {
  auto call = ast::function_call(t_, n);
  call.close_paren = tok(last_tok(n));
  Span call_range = span(n);
  const funcs::FunctionTable* table = scope_.functions();
  if (!table) {
    error(d, "Function calls not allowed", "Functions may not be called here.", call_range);
    return Value::dynamic();
  }
  const funcs::Function* fn = table->find(call.name);
  if (!fn) {
    bool in_child = false;
    for (const Frame* p = f; p; p = p->parent) in_child |= p->child_context;
    // The reference looks for suggestions only in the innermost context's own function table,
    // which a for expression's child context does not have.
    std::vector<std::string_view> avail;
    if (!in_child && !scope_.functions_inherited()) avail = table->names();
    std::string_view name = call.name;
    size_t sep = name.rfind("::");
    if (sep != std::string_view::npos) {
      // A namespaced name: tell a namespace with no functions from a wrong name within one.
      std::string_view ns = name.substr(0, sep + 2);
      name = name.substr(sep + 2);
      std::vector<std::string_view> in_ns;
      for (const auto& a : avail)
        if (a.starts_with(ns)) in_ns.push_back(a);
      if (in_ns.empty()) {
        error(d, "Call to unknown function", fmt::format("There are no functions in namespace {}.", go_quote(ns)),
              call.name_span, call_range);
        return Value::dynamic();
      }
      std::string suggestion = closest_name(name, in_ns);
      std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}{}?", ns, suggestion);
      error(d, "Call to unknown function",
            fmt::format("There is no function named {} in namespace {}.{}", go_quote(name), ns, hint),
            call.name_span, call_range);
      return Value::dynamic();
    }
    std::string suggestion = closest_name(call.name, avail);
    std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", go_quote(suggestion));
    error(d, "Call to unknown function", fmt::format("There is no function named {}.{}", go_quote(call.name), hint),
          call.name_span, call_range);
    return Value::dynamic();
  }

  // Arguments: expressions, or elements of an expanded final argument (literal values whose
  // range is the whole expanded expression).
  struct Arg {
    NodeId node = kNoNode;
    Value value;
    Span range{};
    Span start{};
  };
  std::vector<Arg> args;
  args.reserve(call.args.size());
  for (NodeId a : call.args) args.push_back(Arg{a, Value(), span(a), start_span(a)});
  if (call.expand_final && !args.empty()) {
    NodeId ex = call.args.back();
    size_t mark = d.size();
    Value ev = eval(ex, f, d);
    if (has_errors_since(d, mark)) return Value::dynamic();
    const Type& et = ev.type();
    if (et.is_dynamic()) {
      if (ev.is_null()) {
        error(d, "Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.",
              span(ex), call_range);
      }
      return Value::dynamic();
    }
    if (et.is_tuple() || et.is_list() || et.is_set()) {
      if (ev.is_null()) {
        error(d, "Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.",
              span(ex), call_range);
        return Value::dynamic();
      }
      if (!ev.is_known()) return Value::dynamic();
      args.pop_back();
      Span r = span(ex);
      for (const auto& e : ev.elements()) args.push_back(Arg{kNoNode, e, r, r});
    } else {
      error(d, "Invalid expanding argument value",
            "The expanding argument (indicated by ...) must be of a tuple, list, or set type.", span(ex), call_range);
      return Value::dynamic();
    }
  }

  const auto& params = fn->params;
  const funcs::Param* var = fn->variadic ? &*fn->variadic : nullptr;
  if (args.size() < params.size()) {
    error(d, "Not enough function arguments",
          fmt::format("Function {} expects{} {} argument(s). Missing value for {}.", go_quote(call.name),
                      var ? " at least" : "", params.size(), go_quote(params[args.size()].name)),
          call.close_paren, call_range);
    return Value::dynamic();
  }
  if (!var && args.size() > params.size()) {
    error(d, "Too many function arguments",
          fmt::format("Function {} expects only {} argument(s).", go_quote(call.name), params.size()),
          args[params.size()].start, call_range);
    return Value::dynamic();
  }

  size_t mark = d.size();
  std::vector<Value> vals;
  vals.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const funcs::Param& p = i < params.size() ? params[i] : *var;
    const Arg& a = args[i];
    if (p.kind == funcs::ParamKind::TypeConstraint) {
      if (a.node == kNoNode) {
        error(d, "Invalid type specification",
              "A type specification is either a primitive type keyword (bool, number, string) or a complex type "
              "constructor call, like list(string).",
              a.range);
        vals.push_back(Value::unknown(p.type));
        continue;
      }
      auto ty = type_constraint(t_, a.node);
      if (has_errors(ty.diagnostics)) {
        append(d, std::move(ty.diagnostics));
        vals.push_back(Value::unknown(p.type));
        continue;
      }
      vals.push_back(funcs::type_constraint_value(ty.type));
      continue;
    }
    if (p.kind == funcs::ParamKind::Expression) {
      auto closure = std::make_shared<funcs::ExpressionClosure>();
      if (a.node == kNoNode) {
        Value v = a.value;
        closure->evaluate = [v] { return std::pair<Value, Diagnostics>(v, {}); };
      } else {
        // Frames live on this call's stack, which outlives the function call.
        auto memo = std::make_shared<std::optional<std::pair<Value, Diagnostics>>>();
        NodeId node_id = a.node;
        closure->evaluate = [this, node_id, f, memo] {
          if (!*memo) {
            Diagnostics cd;
            Value v = eval(node_id, f, cd);
            *memo = std::make_pair(std::move(v), std::move(cd));
          }
          return **memo;
        };
      }
      vals.push_back(funcs::expression_closure_value(std::move(closure)));
      continue;
    }
    Value v = a.node == kNoNode ? a.value : eval(a.node, f, d);
    auto c = convert(v, p.type);
    if (!c) {
      error(d, "Invalid function argument",
            fmt::format("Invalid value for {} parameter: {}.", go_quote(p.name), c.error()), a.start, call_range);
      vals.push_back(std::move(v));
      continue;
    }
    vals.push_back(std::move(*c));
  }
  if (has_errors_since(d, mark)) return Value::dynamic();

  auto result = funcs::call(*fn, vals);
  if (result) return std::move(*result);
  const funcs::CallError& e = result.error();
  if (e.argument >= 0) {
    size_t i = static_cast<size_t>(e.argument);
    const funcs::Param* p = i < params.size() ? &params[i] : var;
    if (!p || i >= args.size()) {
      if (p) {
        error(d, "Invalid function argument",
              fmt::format("Invalid value for {} parameter: {}.", go_quote(p->name), e.message), call_range);
      } else {
        error(d, "Error in function call", fmt::format("Call to function {} failed: {}.", go_quote(call.name), e.message),
              span_between(call.name_span, call.open_paren), call_range);
      }
    } else {
      error(d, "Invalid function argument",
            fmt::format("Invalid value for {} parameter: {}.", go_quote(p->name), e.message), args[i].start,
            call_range);
    }
  } else {
    error(d, "Error in function call", fmt::format("Call to function {} failed: {}.", go_quote(call.name), e.message),
          span_between(call.name_span, call.open_paren), call_range);
  }
  return Value::dynamic();
}

}  // namespace hcl::eval::evaluator_detail
