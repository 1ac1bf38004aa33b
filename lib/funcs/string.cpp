// String functions (cty's stdlib string.go under Terraform's names).
#include <utf8proc.h>

#include "funcs/library.h"
#include "source/utf8.h"

namespace hcl::funcs {

namespace {

// Go's strings.ToUpper / ToLower: the simple (one-to-one) case mapping of every character.
std::string map_case(std::string_view s, bool upper) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = utf8::decode(s, i, cp);
    if (n == 0) {
      out += s[i++];
      continue;
    }
    auto c = static_cast<utf8proc_int32_t>(cp);
    utf8::append(out, static_cast<char32_t>(upper ? utf8proc_toupper(c) : utf8proc_tolower(c)));
    i += static_cast<size_t>(n);
  }
  return out;
}

Function case_function(std::string name, bool upper) {
  return Function{
      .name = std::move(name),
      .description = upper ? "Returns the given string with all Unicode letters translated to their uppercase equivalents."
                           : "Returns the given string with all Unicode letters translated to their lowercase equivalents.",
      .params = {Param{.name = "str", .type = Type::string(), .allow_dynamic = true}},
      .return_type = static_return(Type::string()),
      .impl = [upper](Args args, const Type&) -> Result<Value> {
        return Value::string(map_case(args[0].as_string(), upper));
      },
  };
}

}  // namespace

void add_string_functions(FunctionTable& table) {
  table.add(case_function("upper", true));
  table.add(case_function("lower", false));
}

}  // namespace hcl::funcs
