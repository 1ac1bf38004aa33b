// SPDX-License-Identifier: Apache-2.0
// Functions that are part of the language machinery rather than a library: try and can
// (ext-tryfunc) take unevaluated expressions; convert (ext-typeexpr) takes a type expression.
#include "funcs/library.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// tryfunc.try: the first expression that evaluates without errors.
Result<Value> try_expressions(Args args) {
  if (args.empty()) return fail_call("at least one argument is required");
  diag::Diagnostics all;
  for (const auto& a : args) {
    const ExpressionClosure& c = expression_closure_of(a);
    auto [v, diags] = c.evaluate();
    if (diag::has_errors(diags)) {
      diag::append(all, std::move(diags));
      continue;
    }
    // Since HCL 2.17.1 an expression is tried even when it reads unknowns; a result that is not
    // wholly known could still fail or change type later, so try() cannot commit to it.
    if (!v.is_wholly_known()) return Value::dynamic();
    return v;
  }
  std::string msg = "no expression succeeded:\n";
  for (const auto& d : all) {
    if (d.subject) {
      msg += "- " + d.summary + " (at " + range_string(*d.subject) + ")\n  " + d.detail + "\n";
    } else {
      msg += "- " + d.summary + "\n  " + d.detail + "\n";
    }
  }
  msg += "\nAt least one expression must produce a successful result";
  return fail_call(msg);
}

}  // namespace

void add_lang_functions(FunctionTable& table) {
  table.add({
      .name = "try",
      .description = "Returns the result of the first of the given expressions that evaluates without errors.",
      .params = {},
      .variadic = Param{.name = "expressions", .kind = ParamKind::Expression},
      .return_type = [](Args args) -> Result<Type> {
        auto v = try_expressions(args);
        if (!v) return fail(v.error());
        return v->type();
      },
      .impl = [](Args args, const Type&) { return try_expressions(args); },
  });

  table.add({
      .name = "can",
      .description = "Returns true if the given expression evaluates without errors, false otherwise.",
      .params = {Param{.name = "expression", .kind = ParamKind::Expression}},
      .return_type = static_return(Type::boolean()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const ExpressionClosure& c = expression_closure_of(args[0]);
        auto [v, diags] = c.evaluate();
        if (diag::has_errors(diags)) return Value::boolean(false);
        if (!v.is_wholly_known()) return Value::unknown(Type::boolean());
        return Value::boolean(true);
      },
  });

  table.add({
      .name = "convert",
      .description = "Converts a value to the given type constraint, or raises an error if that is impossible.",
      .params = {Param{.name = "value", .allow_null = true, .allow_dynamic = true},
                 Param{.name = "type", .kind = ParamKind::TypeConstraint}},
      .return_type = [](Args args) -> Result<Type> {
        auto v = cty::convert(args[0], type_constraint_of(args[1]));
        if (!v) return fail_arg(0, v.error());
        return v->type();
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        auto v = cty::convert(args[0], ret);
        if (!v) return fail_arg(0, v.error());
        return *v;
      },
  });
}

}  // namespace hcl::funcs
