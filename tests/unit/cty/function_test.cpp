// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "cty/json_encoding.h"
#include "funcs/library.h"

using hcl::cty::Args;
using hcl::cty::Function;
using hcl::cty::FunctionTable;
using hcl::cty::Param;
using hcl::cty::Result;
using hcl::cty::Type;
using hcl::cty::Value;

namespace {

Function echo_first(bool allow_null, bool allow_unknown, bool allow_dynamic) {
  return Function{
      .name = "echo",
      .params = {Param{.name = "v",
                       .type = Type::number(),
                       .allow_null = allow_null,
                       .allow_unknown = allow_unknown,
                       .allow_dynamic = allow_dynamic}},
      .return_type = hcl::cty::static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        if (args[0].is_null()) return Value::number(-1);
        if (!args[0].is_known()) return Value::number(-2);
        return args[0];
      },
  };
}

std::string try_call(const Function& f, std::vector<Value> args) {
  auto r = hcl::cty::call(f, args);
  if (!r) return "error(" + std::to_string(r.error().argument) + "): " + r.error().message;
  if (!r->is_known()) return "unknown " + hcl::cty::type_to_json(r->type());
  return *hcl::cty::value_to_json(*r);
}

}  // namespace

TEST_CASE("call checks nulls, unknowns and dynamic arguments before the implementation") {
  CHECK(try_call(echo_first(false, false, false), {Value::number(5)}) == "5");
  CHECK(try_call(echo_first(false, false, false), {Value::null(Type::number())}) ==
        "error(0): argument must not be null");
  CHECK(try_call(echo_first(true, false, false), {Value::null(Type::number())}) == "-1");
  CHECK(try_call(echo_first(false, false, false), {Value::unknown(Type::number())}) == "unknown \"number\"");
  CHECK(try_call(echo_first(false, true, false), {Value::unknown(Type::number())}) == "-2");
  CHECK(try_call(echo_first(false, false, false), {Value::dynamic()}) == "unknown \"dynamic\"");
  CHECK(try_call(echo_first(false, false, true), {Value::dynamic()}) == "unknown \"number\"");
  CHECK(try_call(echo_first(false, false, false), {}) == "error(-1): wrong number of arguments (1 required; 0 given)");
}

TEST_CASE("an implementation must return the type it promised") {
  Function f{.name = "bad",
             .return_type = hcl::cty::static_return(Type::string()),
             .impl = [](Args, const Type&) -> Result<Value> { return Value::number(1); }};
  CHECK(try_call(f, {}).rfind("error(-1): returned value does not conform", 0) == 0);
}

TEST_CASE("function table") {
  FunctionTable t;
  t.add(echo_first(false, false, false));
  t.add(Function{.name = "alpha",
                 .return_type = hcl::cty::static_return(Type::boolean()),
                 .impl = [](Args, const Type&) -> Result<Value> { return Value::boolean(true); }});
  t.add(echo_first(true, false, false));  // replaces
  CHECK(t.size() == 2);
  CHECK(t.names() == std::vector<std::string_view>{"alpha", "echo"});
  CHECK(t.find("echo")->params[0].allow_null);
  CHECK(t.find("nope") == nullptr);
  CHECK(hcl::cty::signature(*t.find("echo")) == "echo(v number) number");
}

TEST_CASE("the standard table and its signatures") {
  FunctionTable t = hcl::funcs::standard_functions();
  for (const char* name : {"try", "can", "convert", "tostring", "tonumber", "tobool", "tolist", "toset", "tomap",
                           "upper", "lower", "length", "max", "min"})
    CHECK_MESSAGE(t.find(name) != nullptr, name);
  CHECK(hcl::cty::signature(*t.find("max")) == "max(numbers... number) number");
  CHECK(hcl::cty::signature(*t.find("convert")) == "convert(value any, type type) any");
  CHECK(hcl::cty::signature(*t.find("try")) == "try(expressions... expression) any");
  CHECK(hcl::cty::signature(*t.find("tolist")) == "tolist(v any) list(any)");
  CHECK(hcl::cty::range_string(hcl::source::Range{"f", {1, 5, 4}, {1, 11, 10}}) == "f:1,5-11");
  CHECK(hcl::cty::range_string(hcl::source::Range{"f", {1, 5, 4}, {2, 1, 10}}) == "f:1,5-2,1");
}
