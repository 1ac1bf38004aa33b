// SPDX-License-Identifier: Apache-2.0
#include "cty/function.h"

#include <algorithm>

namespace hcl::cty {

ReturnTypeFn static_return(Type type) {
  return [type = std::move(type)](Args) -> Result<Type> { return type; };
}

Result<Type> return_type_for(const Function& f, Args args) {
  size_t n = f.params.size();
  if (!f.variadic && args.size() != n)
    return fail_call("wrong number of arguments (" + std::to_string(n) + " required; " + std::to_string(args.size()) +
                     " given)");
  if (f.variadic && args.size() < n)
    return fail_call("wrong number of arguments (at least " + std::to_string(n) + " required; " +
                     std::to_string(args.size()) + " given)");
  for (size_t i = 0; i < args.size(); ++i) {
    const Param& p = i < n ? f.params[i] : *f.variadic;
    const Value& v = args[i];
    if (v.is_null() && !p.allow_null) return fail_arg(static_cast<int>(i), "argument must not be null");
    if (v.type().is_dynamic()) {
      if (!p.allow_dynamic) return Type::dynamic();
    } else if (auto e = v.type().conformance_error(p.type)) {
      // cty numbers a variadic argument's conformance error from the first variadic argument.
      int index = i < n ? static_cast<int>(i) : static_cast<int>(i - n);
      return fail_arg(index, *e);
    }
  }
  return f.return_type(args);
}

// cty's function.Call removes the marks of arguments whose parameters do not take them and puts
// them on the result: `upper(sensitive("a"))` is sensitive, and a function never sees a mark
// it did not ask for. The arguments are copied only when one holds a mark.
Result<Value> call(const Function& f, Args args) {
  size_t n = f.params.size();
  std::vector<Value> unmarked;
  bool marked = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i >= n && !f.variadic) break;  // return_type_for reports the count
    const Param& p = i < n ? f.params[i] : *f.variadic;
    if (p.marks == ParamMarks::Allow) continue;
    if (p.marks == ParamMarks::Shallow ? !args[i].is_sensitive() : !args[i].has_sensitive_deep()) continue;
    if (unmarked.empty()) unmarked.assign(args.begin(), args.end());
    unmarked[i] = p.marks == ParamMarks::Shallow ? args[i].unmark() : args[i].unmark_deep();
    marked = true;
  }
  if (marked) args = unmarked;
  auto ret = return_type_for(f, args);
  if (!ret) return fail(ret.error());
  for (size_t i = 0; i < args.size(); ++i) {
    const Param& p = i < n ? f.params[i] : *f.variadic;
    // Since cty 1.13.1 an argument of unknown type that return_type did not see skips impl too,
    // even when it is a known null.
    if (args[i].type().is_dynamic() && !p.allow_dynamic) return Value::dynamic().marked_if(marked);
    if (!args[i].is_known() && !p.allow_unknown) return Value::unknown(*ret).marked_if(marked);
  }
  auto result = f.impl(args, *ret);
  if (!result) return result;
  if (auto e = result->type().conformance_error(*ret))
    return fail_call("returned value does not conform to expected return type: " + *e);
  if (marked) return std::move(*result).mark_sensitive();
  return result;
}

std::string signature(const Function& f) {
  std::string out = f.name + "(";
  bool first = true;
  for (const auto& p : f.params) {
    if (!first) out += ", ";
    first = false;
    out += p.name + " ";
    out += p.kind == ParamKind::TypeConstraint ? "type"
           : p.kind == ParamKind::Expression   ? "expression"
                                               : p.type.type_string();
  }
  if (f.variadic) {
    if (!first) out += ", ";
    const Param& p = *f.variadic;
    out += p.name + "... ";
    out += p.kind == ParamKind::TypeConstraint ? "type"
           : p.kind == ParamKind::Expression   ? "expression"
                                               : p.type.type_string();
  }
  out += ")";
  std::vector<Value> probe;
  for (const auto& p : f.params) probe.push_back(Value::unknown(p.kind == ParamKind::Value ? p.type : Type::dynamic()));
  if (f.variadic)
    probe.push_back(Value::unknown(f.variadic->kind == ParamKind::Value ? f.variadic->type : Type::dynamic()));
  bool lazy = false;
  for (const auto& p : f.params) lazy |= p.kind != ParamKind::Value;
  if (f.variadic) lazy |= f.variadic->kind != ParamKind::Value;
  std::string ret = "any";
  if (!lazy) {
    auto t = return_type_for(f, probe);
    if (t) ret = t->type_string();
  }
  return out + " " + ret;
}

void FunctionTable::add(Function f) {
  // Lazy parameters carry their capsule types whatever the author wrote.
  auto fix = [](Param& p) {
    if (p.kind == ParamKind::TypeConstraint) p.type = type_constraint_type();
    if (p.kind == ParamKind::Expression) p.type = expression_closure_type();
  };
  for (auto& p : f.params) fix(p);
  if (f.variadic) fix(*f.variadic);
  auto it = by_name_.find(f.name);
  if (it != by_name_.end()) {
    for (auto& p : functions_) {
      if (p.get() == it->second) {
        by_name_.erase(it);
        *p = std::move(f);
        by_name_[p->name] = p.get();
        return;
      }
    }
  }
  functions_.push_back(std::make_unique<Function>(std::move(f)));
  by_name_[functions_.back()->name] = functions_.back().get();
}

void FunctionTable::add_namespace(std::string prefix, Function f) {
  namespaces_.emplace_back(std::move(prefix), std::make_unique<Function>(std::move(f)));
}

const Function* FunctionTable::find(std::string_view name) const {
  auto it = by_name_.find(name);
  if (it != by_name_.end()) return it->second;
  for (const auto& [prefix, f] : namespaces_)
    if (name.starts_with(prefix)) return f.get();
  return nullptr;
}

std::vector<std::string_view> FunctionTable::names() const {
  std::vector<std::string_view> out;
  out.reserve(functions_.size());
  for (const auto& f : functions_) out.push_back(f->name);
  std::sort(out.begin(), out.end());
  return out;
}

Type type_constraint_type() { return Type::capsule("type constraint"); }
Type expression_closure_type() { return Type::capsule("expression closure"); }

Value type_constraint_value(Type t) {
  return Value::capsule(type_constraint_type(), std::make_shared<const Type>(std::move(t)));
}

const Type& type_constraint_of(const Value& v) { return v.capsule_as<Type>(); }

Value expression_closure_value(std::shared_ptr<const ExpressionClosure> closure) {
  return Value::capsule(expression_closure_type(), std::move(closure));
}

const ExpressionClosure& expression_closure_of(const Value& v) { return v.capsule_as<ExpressionClosure>(); }

std::string range_string(const source::Range& r) {
  if (r.start.line == r.end.line)
    return r.filename.str() + ":" + std::to_string(r.start.line) + "," + std::to_string(r.start.column) + "-" +
           std::to_string(r.end.column);
  return r.filename.str() + ":" + std::to_string(r.start.line) + "," + std::to_string(r.start.column) + "-" +
         std::to_string(r.end.line) + "," + std::to_string(r.end.column);
}

}  // namespace hcl::cty
