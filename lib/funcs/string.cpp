// String functions (cty's stdlib string.go under Terraform's names).
#include <utf8proc.h>

#include "funcs/library.h"
#include "source/utf8.h"

namespace hcl::funcs {

namespace {

// Characters the reference (Go 1.19, Unicode 13) does not case-map although utf8proc's newer
// tables do: letters added in Unicode 14 and 15, and U+00DF, whose uppercase U+1E9E Go's
// simple mapping leaves out.
bool go_has_no_case_mapping(char32_t cp) {
  static constexpr std::pair<char32_t, char32_t> kRanges[] = {
      {0xDF, 0xDF},         {0x2C2F, 0x2C2F},   {0x2C5F, 0x2C5F},   {0xA7C0, 0xA7C1},   {0xA7D0, 0xA7D1},
      {0xA7D6, 0xA7D9},     {0x10570, 0x1057A}, {0x1057C, 0x1058A}, {0x1058C, 0x10592}, {0x10594, 0x10595},
      {0x10597, 0x105A1},   {0x105A3, 0x105B1}, {0x105B3, 0x105B9}, {0x105BB, 0x105BC}};
  for (auto [lo, hi] : kRanges)
    if (cp >= lo && cp <= hi) return true;
  return false;
}

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
    if (go_has_no_case_mapping(cp)) {
      out.append(s.substr(i, static_cast<size_t>(n)));
      i += static_cast<size_t>(n);
      continue;
    }
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
