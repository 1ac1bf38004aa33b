// SPDX-License-Identifier: Apache-2.0
// The type conversion functions (cty's stdlib.MakeToFunc): tostring, tonumber, tobool, tolist,
// toset, tomap, with their messages for impossible conversions.
#include "funcs/library.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

Function make_to(std::string name, Type want) {
  Function f;
  f.name = std::move(name);
  f.description =
      "Converts the given value to " + want.friendly_name() + ", or raises an error if that conversion is impossible.";
  // Of unknown type allowed since cty 1.14.4, so that tostring(null) is a null string.
  f.params = {Param{.name = "v", .allow_null = true, .allow_dynamic = true, .marks = ParamMarks::Shallow}};
  f.return_type = [want](Args args) -> Result<Type> {
    const Type& got = args[0].type();
    if (got == want) return want;
    if (!cty::can_convert(got, want, true)) {
      if (got.is_tuple() && want.is_tuple())
        return fail_arg(0, "incompatible tuple type for conversion: " + cty::mismatch_message(got, want));
      if (got.is_object() && want.is_object())
        return fail_arg(0, "incompatible object type for conversion: " + cty::mismatch_message(got, want));
      return fail_arg(0, "cannot convert " + got.friendly_name() + " to " + want.friendly_name_for_constraint());
    }
    return want;
  };
  f.impl = [want](Args args, const Type& ret) -> Result<Value> {
    auto v = cty::convert(args[0], ret);
    if (v) return *v;
    const Value& a = args[0];
    const Type& got = a.type();
    if (got.is_string() && want.is_bool()) {
      std::string what = a.is_null() ? "string" : util::go_quote(a.as_string());
      return fail_arg(0, "cannot convert " + what + " to bool; only the strings \"true\" or \"false\" are allowed");
    }
    if (got.is_string() && want.is_number()) {
      std::string what = a.is_null() ? "string" : util::go_quote(a.as_string());
      return fail_arg(
          0, "cannot convert " + what + " to number; given string must be a decimal representation of a number");
    }
    return fail_arg(0, "cannot convert " + got.friendly_name() + " to " + want.friendly_name_for_constraint());
  };
  return f;
}

}  // namespace

void add_conversion_functions(FunctionTable& table) {
  table.add(make_to("tostring", Type::string()));
  table.add(make_to("tonumber", Type::number()));
  table.add(make_to("tobool", Type::boolean()));
  table.add(make_to("tolist", Type::list(Type::dynamic())));
  table.add(make_to("toset", Type::set(Type::dynamic())));
  table.add(make_to("tomap", Type::map(Type::dynamic())));
}

}  // namespace hcl::funcs
