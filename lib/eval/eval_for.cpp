// SPDX-License-Identifier: Apache-2.0
// for expressions: hclsyntax's (*ForExpr).Value (expression.go). The template for directive
// (%{ for }) runs the same steps with a template body as its value (eval_template.cpp), as the
// reference's template parser builds a ForExpr.
#include "eval/eval_internal.h"
#include "util/hash_key.h"

namespace hcl::eval::evaluator_detail {

using namespace cty;

Value Evaluator::for_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto fe = ast::for_expr(t_, n);
  ForSpec spec;
  spec.key_var = fe.key_var;
  spec.value_var = fe.value_var;
  spec.collection = fe.collection;
  spec.key_expr = fe.object ? fe.key : syntax::kNoNode;
  spec.cond = fe.condition;
  spec.group = fe.group;
  spec.src_range = span(n);
  syntax::NodeId value = fe.value;
  return for_with(
      spec, [&](const Frame* cf, diag::Diagnostics& cd) { return eval(value, cf, cd); }, f, d);
}

Value Evaluator::for_with(const ForSpec& spec, const ValueFn& value_fn, const Frame* f, diag::Diagnostics& d) {
  bool marked = false;
  std::optional<Value> coll = for_collection(spec, f, marked, d);
  if (!coll) return Value::dynamic().marked_if(marked);

  // The key and value variables live in a child context of their own (a Frame), rebound for
  // each element.
  Frame frame;
  frame.parent = f;
  frame.child_context = true;
  frame.key_name = spec.key_var;
  frame.value_name = spec.value_var;

  if (!for_condition_precheck(spec, frame, d)) return Value::dynamic();
  Value out = spec.key_expr != syntax::kNoNode ? for_object(spec, *coll, value_fn, frame, marked, d)
                                               : for_tuple(spec, *coll, value_fn, frame, marked, d);
  return std::move(out).marked_if(marked);
}

// The collection, or nothing when the result can only be unknown (cty.DynamicVal): a null or
// non-iterable collection is an error pointing at the collection, with the whole for expression
// as context; an unknown one, or one of unknown type, just makes the result unknown.
std::optional<Value> Evaluator::for_collection(const ForSpec& spec, const Frame* f, bool& marked,
                                               diag::Diagnostics& d) {
  Value coll = eval(spec.collection, f, d);
  marked = coll.is_sensitive();
  diag::Span coll_range = span(spec.collection);
  if (coll.is_null()) {
    error(d, "Iteration over null value", "A null value cannot be used as the collection in a 'for' expression.",
          coll_range, spec.src_range);
    return std::nullopt;
  }
  const Type& cty = coll.type();
  if (cty.is_dynamic()) return std::nullopt;
  if (!(cty.is_collection() || cty.is_structural())) {
    error(
        d, "Iteration over non-iterable value",
        fmt::format("A value of type {} cannot be used as the collection in a 'for' expression.", cty.friendly_name()),
        coll_range, spec.src_range);
    return std::nullopt;
  }
  // The reference checks the condition (below) before this; here an unknown collection returns
  // first, so a wrong condition over an unknown collection goes unreported.
  if (!coll.is_known()) return std::nullopt;
  return coll;
}

// The reference's early check of the 'if' clause with both variables unknown: a condition of
// the wrong type is reported once here instead of once per element. Returns false when the
// result can only be unknown.
bool Evaluator::for_condition_precheck(const ForSpec& spec, Frame& frame, diag::Diagnostics& d) {
  if (spec.cond == syntax::kNoNode) return true;
  frame.key = Value::dynamic();
  frame.value = Value::dynamic();
  size_t mark = d.size();
  Value result = eval(spec.cond, &frame, d);
  bool cond_errors = has_errors_since(d, mark);
  if (result.is_null()) {
    error(d, "Condition is null", "The value of the 'if' clause must not be null.", span(spec.cond), spec.src_range);
    return false;
  }
  auto b = convert(result, Type::boolean());
  if (!b) {
    error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + b.error() + ".", span(spec.cond),
          spec.src_range);
    return false;
  }
  return !cond_errors;
}

// One element's 'if' clause. Only the first problem of an expression is reported (report is
// false once the result is known to be unknown), though every element is still evaluated, so
// the other expressions' diagnostics are all gathered. The reference's two loops differ in one
// step, kept here by known_first: building a tuple, an unknown condition makes the result
// unknown before any conversion; building an object, the condition is converted first, so an
// unknown of a type that cannot become bool is an error there.
Evaluator::ForFilter Evaluator::for_filter(const ForSpec& spec, const Frame& frame, bool report, bool known_first,
                                           bool& marked, diag::Diagnostics& d) {
  Value raw = eval(spec.cond, &frame, d);
  marked |= raw.is_sensitive();
  if (raw.is_null()) {
    if (report)
      error(d, "Invalid 'for' condition", "The value of the 'if' clause must not be null.", span(spec.cond),
            spec.src_range);
    return ForFilter::Unknown;
  }
  if (known_first && !raw.is_known()) return ForFilter::Unknown;
  // A known bool, the usual condition, needs no conversion.
  if (raw.is_known() && raw.type().is_bool()) return raw.as_bool() ? ForFilter::Include : ForFilter::Exclude;
  auto include = convert_operand(raw, Type::boolean());
  if (!include) {
    if (report)
      error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + include.error() + ".", span(spec.cond),
            spec.src_range);
    return ForFilter::Unknown;
  }
  if (!include->is_known()) return ForFilter::Unknown;
  return include->as_bool() ? ForFilter::Include : ForFilter::Exclude;
}

// The key of one element of an object for expression, as a string, or nothing when it makes
// the result unknown (reported only when report is true, as for_filter's problems are).
std::optional<Value> Evaluator::for_key(const ForSpec& spec, const Frame& frame, bool report, bool& marked,
                                        diag::Diagnostics& d) {
  Value key_raw = eval(spec.key_expr, &frame, d);
  marked |= key_raw.is_sensitive();
  if (key_raw.is_null()) {
    if (report)
      error(d, "Invalid object key", "Key expression in 'for' expression must not produce a null value.",
            span(spec.key_expr), spec.src_range);
    return std::nullopt;
  }
  if (!key_raw.is_known()) return std::nullopt;
  auto key = convert(key_raw, Type::string());
  if (!key) {
    if (report)
      error(d, "Invalid object key", "The key expression produced an invalid result: " + key.error() + ".",
            span(spec.key_expr), spec.src_range);
    return std::nullopt;
  }
  return std::move(*key);
}

// {for k, v in coll: key => value} and its grouping form (value...). The value is evaluated only
// for elements whose condition and key are good, after the key, as in the reference. A duplicate
// key without grouping is reported for each repeat, and the first element's value is kept.
Value Evaluator::for_object(const ForSpec& spec, const Value& coll, const ValueFn& value_fn, Frame& frame, bool& marked,
                            diag::Diagnostics& d) {
  size_t count = coll.length();
  bool known = true;
  std::vector<Value::Attribute> vals;
  std::vector<std::pair<std::string, std::vector<Value>>> groups;
  // Keyed (util/hash_key.h): the keys may come from a file or a --vars document.
  std::unordered_map<std::string, size_t, util::KeyedHash, std::equal_to<>> group_index;
  std::unordered_map<std::string, size_t, util::KeyedHash, std::equal_to<>> seen;
  for (size_t i = 0; i < count; ++i) {
    if (!spec.key_var.empty()) frame.key = coll.element_key(i);
    frame.value = coll.member(i);  // by value: a --vars document builds none to keep (Value::member)
    if (spec.cond != syntax::kNoNode) {
      ForFilter filter = for_filter(spec, frame, known, false, marked, d);
      if (filter == ForFilter::Unknown) known = false;
      if (filter != ForFilter::Include) continue;
    }
    std::optional<Value> key = for_key(spec, frame, known, marked, d);
    if (!key) {
      known = false;
      continue;
    }
    Value val = value_fn(&frame, d);
    const std::string& k = key->as_string();
    if (spec.group) {
      auto it = group_index.find(k);
      if (it == group_index.end()) {
        group_index.emplace(k, groups.size());
        groups.emplace_back(k, std::vector<Value>{std::move(val)});
      } else {
        groups[it->second].second.push_back(std::move(val));
      }
    } else {
      if (seen.count(k)) {
        error(d, "Duplicate object key",
              fmt::format("Two different items produced the key {} in this 'for' expression. If duplicates are "
                          "expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                          util::go_quote(k)),
              span(spec.key_expr), spec.src_range);
      } else {
        seen.emplace(k, vals.size());
        vals.emplace_back(k, std::move(val));
      }
    }
  }
  if (!known) return Value::dynamic();
  if (spec.group) {
    for (auto& [k, g] : groups) vals.emplace_back(k, Value::tuple(std::move(g)));
  }
  return Value::object(std::move(vals));
}

// [for k, v in coll: value].
Value Evaluator::for_tuple(const ForSpec& spec, const Value& coll, const ValueFn& value_fn, Frame& frame, bool& marked,
                           diag::Diagnostics& d) {
  size_t count = coll.length();
  bool known = true;
  std::vector<Value> vals;
  vals.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    if (!spec.key_var.empty()) frame.key = coll.element_key(i);
    frame.value = coll.member(i);  // by value: a --vars document builds none to keep (Value::member)
    if (spec.cond != syntax::kNoNode) {
      ForFilter filter = for_filter(spec, frame, known, true, marked, d);
      if (filter == ForFilter::Unknown) known = false;
      if (filter != ForFilter::Include) continue;
    }
    vals.push_back(value_fn(&frame, d));
  }
  if (!known) return Value::dynamic();
  return Value::tuple(std::move(vals));
}

}  // namespace hcl::eval::evaluator_detail
