// SPDX-License-Identifier: Apache-2.0
#include "eval/eval_internal.h"

namespace hcl::eval::evaluator_detail {

Value Evaluator::for_expr(NodeId n, const Frame* f, Diagnostics& d) {
  auto fe = ast::for_expr(t_, n);
  ForSpec spec;
  spec.key_var = fe.key_var;
  spec.value_var = fe.value_var;
  spec.collection = fe.collection;
  spec.key_expr = fe.object ? fe.key : kNoNode;
  spec.cond = fe.condition;
  spec.group = fe.group;
  spec.src_range = span(n);
  NodeId value = fe.value;
  return for_with(spec, [&](const Frame* cf, Diagnostics& cd) { return eval(value, cf, cd); }, f, d);
}

Value Evaluator::for_with(const ForSpec& spec, const ValueFn& value_fn, const Frame* f, Diagnostics& d) {
  Value coll = eval(spec.collection, f, d);
  Span coll_range = span(spec.collection);
  if (coll.is_null()) {
    error(d, "Iteration over null value", "A null value cannot be used as the collection in a 'for' expression.",
          coll_range, spec.src_range);
    return Value::dynamic();
  }
  const Type& cty = coll.type();
  if (cty.is_dynamic()) return Value::dynamic();
  if (!(cty.is_collection() || cty.is_structural())) {
    error(d, "Iteration over non-iterable value",
          fmt::format("A value of type {} cannot be used as the collection in a 'for' expression.", cty.friendly_name()),
          coll_range, spec.src_range);
    return Value::dynamic();
  }
  if (!coll.is_known()) return Value::dynamic();

  Frame frame;
  frame.parent = f;
  frame.child_context = true;
  frame.key_name = spec.key_var;
  frame.value_name = spec.value_var;

  if (spec.cond != kNoNode) {
    // An early check of the condition with unknown variables.
    frame.key = Value::dynamic();
    frame.value = Value::dynamic();
    size_t mark = d.size();
    Value result = eval(spec.cond, &frame, d);
    bool cond_errors = has_errors_since(d, mark);
    if (result.is_null()) {
      error(d, "Condition is null", "The value of the 'if' clause must not be null.", span(spec.cond), spec.src_range);
      return Value::dynamic();
    }
    auto b = convert(result, Type::boolean());
    if (!b) {
      error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + b.error() + ".", span(spec.cond),
            spec.src_range);
      return Value::dynamic();
    }
    if (cond_errors) return Value::dynamic();
  }

  size_t count = coll.length();
  bool known = true;
  if (spec.key_expr != kNoNode) {
    std::vector<Value::Attribute> vals;
    std::vector<std::pair<std::string, std::vector<Value>>> groups;
    std::unordered_map<std::string, size_t> group_index;
    std::unordered_map<std::string, size_t> seen;
    for (size_t i = 0; i < count; ++i) {
      if (!spec.key_var.empty()) frame.key = coll.element_key(i);
      frame.value = coll.element_at(i);
      if (spec.cond != kNoNode) {
        Value raw = eval(spec.cond, &frame, d);
        if (raw.is_null()) {
          if (known)
            error(d, "Invalid 'for' condition", "The value of the 'if' clause must not be null.", span(spec.cond),
                  spec.src_range);
          known = false;
          continue;
        }
        auto include = convert(raw, Type::boolean());
        if (!include) {
          if (known)
            error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + include.error() + ".",
                  span(spec.cond), spec.src_range);
          known = false;
          continue;
        }
        if (!include->is_known()) {
          known = false;
          continue;
        }
        if (!include->as_bool()) continue;
      }
      Value key_raw = eval(spec.key_expr, &frame, d);
      if (key_raw.is_null()) {
        if (known)
          error(d, "Invalid object key", "Key expression in 'for' expression must not produce a null value.",
                span(spec.key_expr), spec.src_range);
        known = false;
        continue;
      }
      if (!key_raw.is_known()) {
        known = false;
        continue;
      }
      auto key = convert(key_raw, Type::string());
      if (!key) {
        if (known)
          error(d, "Invalid object key", "The key expression produced an invalid result: " + key.error() + ".",
                span(spec.key_expr), spec.src_range);
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
                            go_quote(k)),
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

  std::vector<Value> vals;
  vals.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    if (!spec.key_var.empty()) frame.key = coll.element_key(i);
    frame.value = coll.element_at(i);
    if (spec.cond != kNoNode) {
      Value raw = eval(spec.cond, &frame, d);
      if (raw.is_null()) {
        if (known)
          error(d, "Invalid 'for' condition", "The value of the 'if' clause must not be null.", span(spec.cond),
                spec.src_range);
        known = false;
        continue;
      }
      if (!raw.is_known()) {
        known = false;
        continue;
      }
      auto include = convert(raw, Type::boolean());
      if (!include) {
        if (known)
          error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + include.error() + ".",
                span(spec.cond), spec.src_range);
        known = false;
        continue;
      }
      if (!include->as_bool()) continue;
    }
    vals.push_back(value_fn(&frame, d));
  }
  if (!known) return Value::dynamic();
  return Value::tuple(std::move(vals));
}

}  // namespace hcl::eval::evaluator_detail
