// Numeric functions (cty's stdlib number.go).
#include "funcs/library.h"

namespace hcl::funcs {

namespace {

Function extreme(std::string name, bool greatest) {
  return Function{
      .name = std::move(name),
      .description = greatest ? "Returns the numerically greatest of all of the given numbers."
                              : "Returns the numerically smallest of all of the given numbers.",
      .params = {},
      .variadic = Param{.name = "numbers", .type = Type::number(), .allow_dynamic = true},
      .return_type = static_return(Type::number()),
      .impl = [greatest](Args args, const Type&) -> Result<Value> {
        if (args.empty()) return fail_call("must pass at least one number");
        Value best = Value::number(Number::infinity(greatest));
        for (const auto& a : args) {
          int c = a.as_number().compare(best.as_number());
          if (greatest ? c > 0 : c < 0) best = a;
        }
        return best;
      },
  };
}

}  // namespace

void add_numeric_functions(FunctionTable& table) {
  table.add(extreme("max", true));
  table.add(extreme("min", false));
}

}  // namespace hcl::funcs
