// SPDX-License-Identifier: Apache-2.0
// Conditionals: hclsyntax's ConditionalExpr.Value (expression.go), also used by the template if
// directive (eval_template.cpp).
#include "eval/eval_internal.h"

namespace hcl::eval::evaluator_detail {

using namespace cty;

namespace {

// describeConditionalTypeMismatch: why the two results have no common type, looking into
// objects, tuples and collections of them for the first attribute or element that differs.
std::string describe_type_mismatch(const Type& t, const Type& f) {
  if (t.is_object() && f.is_object()) {
    for (const auto& a : t.attributes()) {
      const auto* b = f.attribute(a.name);
      if (!b)
        return fmt::format("The 'true' value includes object attribute {}, which is absent in the 'false' value",
                           util::go_quote(a.name));
      if (a.type != b->type)
        return fmt::format("Type mismatch for object attribute {}: {}", util::go_quote(a.name),
                           describe_type_mismatch(a.type, b->type));
    }
    for (const auto& b : f.attributes()) {
      if (!t.attribute(b.name))
        return fmt::format("The 'false' value includes object attribute {}, which is absent in the 'true' value",
                           util::go_quote(b.name));
    }
  } else if (t.is_tuple() && f.is_tuple()) {
    const auto& x = t.tuple_elements();
    const auto& y = f.tuple_elements();
    if (x.size() != y.size())
      return fmt::format("The 'true' tuple has length {}, but the 'false' tuple has length {}", x.size(), y.size());
    for (size_t i = 0; i < x.size(); ++i)
      if (x[i] != y[i])
        return fmt::format("Type mismatch for tuple element {}: {}", i, describe_type_mismatch(x[i], y[i]));
  } else if (t.is_collection() && f.is_collection()) {
    const Type& te = t.element();
    const Type& fe = f.element();
    if ((t.is_list() && f.is_list()) || (t.is_map() && f.is_map()) || (t.is_set() && f.is_set())) {
      if ((te.is_object() && fe.is_object()) || (te.is_tuple() && fe.is_tuple())) {
        const char* noun = t.is_list() ? "list" : t.is_set() ? "set" : "map";
        return fmt::format("Mismatched {} element types: {}", noun, describe_type_mismatch(te, fe));
      }
    }
  }
  std::string tn = t.friendly_name(), fn = f.friendly_name();
  if (tn == fn)
    return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' "
           "value";
  return fmt::format("The 'true' value is {}, but the 'false' value is {}", tn, fn);
}

}  // namespace

Value Evaluator::conditional(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  const ast::Conditional c = ast::conditional(t_, n);
  return conditional_with(
      c.condition, [&](diag::Diagnostics& td) { return eval(c.if_true, f, td); },
      [&](diag::Diagnostics& fd) { return eval(c.if_false, f, fd); }, span(c.if_true), span(c.if_false), span(n), f, d);
}

// The reference evaluates both results before the condition, to find the result type even when
// the condition is unknown; so both results' type problems are reported whatever the condition,
// but only the chosen result's own diagnostics are kept. A literal null (null of dynamic type) on
// one side takes the other side's type instead of being unified with it.
Value Evaluator::conditional_with(syntax::NodeId cond, const BranchFn& eval_true, const BranchFn& eval_false,
                                  diag::Span true_range, diag::Span false_range, diag::Span src_range, const Frame* f,
                                  diag::Diagnostics& d) {
  diag::Diagnostics true_diags, false_diags;
  Value tv = eval_true(true_diags);
  Value fv = eval_false(false_diags);
  Type result = Type::dynamic();
  Unified unified;
  bool convert_true = false, convert_false = false;
  bool null_true = tv.is_null() && tv.type().is_dynamic();
  bool null_false = fv.is_null() && fv.type().is_dynamic();
  if (null_true) {
    result = fv.type();
    unified = Unified{result};
    convert_true = true;
  } else if (null_false) {
    result = tv.type();
    unified = Unified{result};
    convert_false = true;
  } else if (tv.type().is_dynamic() || fv.type().is_dynamic()) {
    // The result type stays unknown; no conversions.
  } else {
    unified = unify({tv.type(), fv.type()}, true);
    if (!unified.type) {
      error(d, "Inconsistent conditional result types",
            fmt::format("The true and false result expressions must have consistent types. {}.",
                        describe_type_mismatch(tv.type(), fv.type())),
            diag::span_between(true_range, false_range), src_range);
      return Value::dynamic();
    }
    result = *unified.type;
    convert_true = !(tv.type() == result);
    convert_false = !(fv.type() == result);
  }

  // A bad condition still gives an unknown of the result type, not a dynamic value, so that
  // the enclosing expression can go on checking types.
  Value c = eval(cond, f, d);
  // HCL 2.24 marks the result with the condition's marks and both results' (shallow) marks,
  // whichever branch is taken, so that the sensitivity does not depend on the condition.
  bool marked = c.is_sensitive() || tv.is_sensitive() || fv.is_sensitive();
  if (c.is_null()) {
    error(d, "Null condition", "The condition value is null. Conditions must either be true or false.", span(cond),
          src_range);
    return Value::unknown(result);
  }
  if (!c.is_known()) {
    // Whichever branch is taken, two null results make a null (HCL 2.19).
    if (tv.is_null() && fv.is_null()) return Value::null(result).marked_if(marked);
    return Value::unknown(result).marked_if(marked);
  }
  auto b = convert(c, Type::boolean());
  if (!b) {
    error(d, "Incorrect condition type", "The condition expression must be of type bool.", span(cond), src_range);
    return Value::unknown(result);
  }
  if (!b->is_known()) return Value::unknown(result).marked_if(marked);
  bool chosen = b->as_bool();
  Value out = chosen ? std::move(tv) : std::move(fv);
  diag::append(d, chosen ? std::move(true_diags) : std::move(false_diags));
  if (chosen ? convert_true : convert_false) {
    auto cv = convert_unified(out, unified, true);
    if (!cv) {
      error(d, "Inconsistent conditional result types",
            fmt::format("The {} result value has the wrong type: {}.", chosen ? "true" : "false", cv.error()),
            chosen ? true_range : false_range, src_range);
      return Value::unknown(result);
    }
    return std::move(*cv).marked_if(marked);
  }
  return std::move(out).marked_if(marked);
}

}  // namespace hcl::eval::evaluator_detail
