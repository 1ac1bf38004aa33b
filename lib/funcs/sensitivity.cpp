// SPDX-License-Identifier: Apache-2.0
// Terraform's sensitivity functions (internal/lang/funcs/sensitive.go): sensitive, nonsensitive,
// issensitive. Each takes its argument with its marks (ParamMarks::Allow) and works on the
// argument's own mark only: marks inside a collection stay where they are, as in Terraform 1.11
// (`nonsensitive([sensitive(1)])` is still a list holding a sensitive element, and
// `issensitive({a = sensitive(1)})` is false).
#include "funcs/library.h"

namespace hcl::funcs {

using namespace cty;

namespace {

Param any_value() {
  return Param{
      .name = "value", .allow_null = true, .allow_unknown = true, .allow_dynamic = true, .marks = ParamMarks::Allow};
}

ReturnTypeFn same_type() {
  return [](Args args) -> Result<Type> { return args[0].type(); };
}

}  // namespace

void add_sensitivity_functions(FunctionTable& table) {
  table.add({
      .name = "sensitive",
      .description = "Treats the given value as sensitive, hiding it in output unless --show-sensitive is given.",
      .params = {any_value()},
      .return_type = same_type(),
      .impl = [](Args args, const Type&) -> Result<Value> { return args[0].mark_sensitive(); },
  });
  // Since Terraform 1.8 a value that is not sensitive passes through unchanged (earlier versions
  // failed with "the given value is not sensitive, so this call is redundant").
  table.add({
      .name = "nonsensitive",
      .description = "Removes the sensitive marking from the given value (its elements keep theirs).",
      .params = {any_value()},
      .return_type = same_type(),
      .impl = [](Args args, const Type&) -> Result<Value> { return args[0].unmark(); },
  });
  // An unknown value that is not yet marked may still become sensitive once known (`cond ?
  // sensitive(a) : b`), so the answer is unknown then, as Terraform's.
  table.add({
      .name = "issensitive",
      .description = "Returns true if the given value is marked sensitive (its elements are not looked at).",
      .params = {any_value()},
      .return_type = static_return(Type::boolean()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        if (args[0].is_sensitive()) return Value::boolean(true);
        if (!args[0].is_known()) return Value::unknown(Type::boolean());
        return Value::boolean(false);
      },
  });
}

}  // namespace hcl::funcs
