// SPDX-License-Identifier: Apache-2.0
// Collection constructors: hclsyntax's TupleConsExpr, ObjectConsExpr and ObjectConsKeyExpr
// (expression.go).
#include "eval/eval_internal.h"

namespace hcl::eval::evaluator_detail {

using namespace cty;

// TupleConsExpr: every element is evaluated, whatever the others gave, so all their problems
// are reported together.
Value Evaluator::tuple(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto kids = t_.children(n);
  std::vector<Value> vals;
  vals.reserve(kids.size());
  for (syntax::NodeId k : kids) vals.push_back(eval(k, f, d));
  return Value::tuple(std::move(vals));
}

// ObjectConsExpr: keys and values in source order, each value evaluated even when its key
// failed (its diagnostics are still wanted). Any key that is unknown or failed makes the whole
// object unknown (cty.DynamicVal), since its set of attributes, and so its type, is unknown.
// A repeated key keeps the last value, as the reference's map assignment does.
Value Evaluator::object(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  std::vector<Value::Attribute> vals;
  bool known = true;
  bool marked = false;
  for (syntax::NodeId item : t_.children(n)) {
    if (node(item).kind != syntax::NodeKind::ObjectItem) continue;
    auto oi = ast::object_item(t_, item);
    // ObjectConsKeyExpr: a bare name (or true/false/null) is the key itself; a longer
    // traversal is ambiguous.
    Value key;
    diag::Diagnostics key_diags;
    bool literal_key = false;
    if (!oi.force_non_literal) {
      const syntax::Node& kn = node(oi.key);
      if (kn.kind != syntax::NodeKind::Variable && is_scope_traversal(oi.key)) {
        key_diags.push_back(
            diag::Diagnostic{diag::Severity::Error, "Ambiguous attribute key",
                             "If this expression is intended to be a reference, wrap it in parentheses. If "
                             "it's instead intended as a literal name containing periods, wrap it in quotes "
                             "to create a string literal.",
                             range(span(oi.key)), std::nullopt});
        key = Value::dynamic();
        literal_key = true;
      } else if (kn.kind == syntax::NodeKind::Variable) {
        key = Value::string(t_.token_text(kn.main_token));
        literal_key = true;
      } else if (kn.kind == syntax::NodeKind::Literal && ast::literal_kind(t_, oi.key) != ast::LiteralKind::Number) {
        key = Value::string(t_.token_text(kn.main_token));
        literal_key = true;
      }
    }
    if (!literal_key) key = eval(oi.key, f, key_diags);
    bool key_errors = diag::has_errors(key_diags);
    diag::append(d, std::move(key_diags));
    Value val = eval(oi.value, f, d);
    if (key_errors) {
      known = false;
      continue;
    }
    if (key.is_null()) {
      error(d, "Null value as key", "Can't use a null value as a key.", span(oi.value));
      known = false;
      continue;
    }
    auto ks = convert(key, Type::string());
    if (!ks) {
      error(d, "Incorrect key type", "Can't use this value as a key: " + ks.error() + ".", span(oi.key));
      known = false;
      continue;
    }
    marked |= ks->is_sensitive();  // a marked key marks the whole object (HCL's ObjectConsExpr)
    if (!ks->is_known()) {
      known = false;
      continue;
    }
    vals.emplace_back(ks->as_string(), std::move(val));
  }
  if (!known) return Value::dynamic().marked_if(marked);
  return Value::object(std::move(vals)).marked_if(marked);
}

}  // namespace hcl::eval::evaluator_detail
