// SPDX-License-Identifier: Apache-2.0
#include "json/evaluator.h"

#include "funcs/dialect.h"
#include "funcs/library.h"

namespace hcl::json {

std::optional<Value> from_eval(const cty::Value& v, std::string& why) {
  if (!v.is_known()) {
    why = "the value is not known";
    return std::nullopt;
  }
  Value out;
  if (v.is_null()) return out;
  const cty::Type& t = v.type();
  if (t.kind() == cty::TypeKind::Bool) {
    out.kind = Value::Kind::Bool;
    out.boolean = v.as_bool();
  } else if (t.kind() == cty::TypeKind::Number) {
    if (v.as_number().is_infinity()) {
      why = "infinity has no JSON form";
      return std::nullopt;
    }
    if (!v.as_number().is_printable()) {
      why = "its decimal form would have more than a million digits";
      return std::nullopt;
    }
    out.kind = Value::Kind::Number;
    out.text = v.as_number().to_string();
  } else if (t.kind() == cty::TypeKind::String) {
    out.kind = Value::Kind::String;
    out.text = v.as_string();
  } else if (t.is_list() || t.is_set() || t.is_tuple()) {
    out.kind = Value::Kind::Array;
    for (const auto& e : v.elements()) {
      auto item = from_eval(e, why);
      if (!item) return std::nullopt;
      out.items.push_back(std::move(*item));
    }
  } else if (t.is_map() || t.is_object()) {
    out.kind = Value::Kind::Object;
    for (const auto& [k, e] : v.attributes()) {
      auto item = from_eval(e, why);
      if (!item) return std::nullopt;
      out.members.push_back(Member{k, std::move(*item)});
    }
  } else {
    why = "a value of this type has no JSON form";
    return std::nullopt;
  }
  return out;
}

Evaluator make_evaluator(std::shared_ptr<const eval::Scope> scope) {
  return [scope](const syntax::SyntaxTree& tree, syntax::NodeId expr) {
    EvalResult r;
    eval::EvalResult e = eval::evaluate(tree, expr, *scope);
    if (diag::has_errors(e.diagnostics)) {
      r.status = EvalStatus::Error;
      r.diagnostics = std::move(e.diagnostics);
      return r;
    }
    // A sensitive value is never folded into the output: the expression stays as written.
    if (e.value.has_sensitive_deep()) return r;
    std::string why;
    if (auto v = from_eval(e.value, why)) {
      r.status = EvalStatus::Value;
      r.value = std::move(*v);
      return r;
    }
    r.status = EvalStatus::Error;
    diag::Diagnostic d;
    d.summary = "Result has no JSON form";
    d.detail = "The expression's value cannot be written as JSON: " + why + ".";
    diag::Span s = eval::expression_span(tree, expr);
    d.subject = tree.source().range(s.start, s.end);
    r.diagnostics.push_back(std::move(d));
    return r;
  };
}

}  // namespace hcl::json
