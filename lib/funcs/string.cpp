// SPDX-License-Identifier: Apache-2.0
// String functions: cty's stdlib string.go under Terraform's names, and Terraform's own
// startswith, endswith and strcontains (internal/lang/funcs/string.go). Characters are grapheme
// clusters wherever the reference counts them (substr, strrev).
#include <algorithm>

#include "cty/budget.h"
#include "cty/gocty.h"
#include "cty/unicode.h"
#include "funcs/gostd.h"
#include "funcs/library.h"
#include "source/utf8.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// Go's strings.Map over runes; invalid bytes are kept as they are.
template <class F>
std::string map_runes(std::string_view s, F&& f) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    char32_t cp;
    int n = source::utf8::decode(s, i, cp);
    if (n == 0) {
      out += s[i++];
      continue;
    }
    source::utf8::append(out, f(cp));
    i += static_cast<size_t>(n);
  }
  return out;
}

// strings.Title's word boundaries: anything but ASCII alphanumerics and "_", letters and digits,
// where only spaces count among the other non-ASCII characters.
bool title_separator(char32_t r) {
  if (r < 0x80) return !((r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r == '_');
  if (gostd::is_letter(r) || gostd::is_digit(r)) return false;
  return gostd::is_space(r);
}

std::string title(std::string_view s) {
  char32_t prev = ' ';
  return map_runes(s, [&](char32_t r) {
    char32_t out = title_separator(prev) ? gostd::to_title(r) : r;
    prev = r;
    return out;
  });
}

// strings.Trim: runes of `cutset` removed from both ends.
std::string_view trim_cutset(std::string_view s, std::string_view cutset) {
  if (s.empty() || cutset.empty()) return s;
  std::u32string cut;
  for (size_t i = 0; i < cutset.size();) {
    size_t w;
    cut.push_back(source::utf8::decode_rune(cutset, i, w));
    i += w;
  }
  auto in_cut = [&](char32_t r) { return cut.find(r) != std::u32string::npos; };
  size_t start = 0;
  while (start < s.size()) {
    size_t w;
    if (!in_cut(source::utf8::decode_rune(s, start, w))) break;
    start += w;
  }
  size_t end = s.size();
  while (end > start) {
    // Strings are valid UTF-8: the last rune starts at the last byte that is not a continuation.
    size_t b = end - 1;
    while (b > start && (static_cast<unsigned char>(s[b]) & 0xC0) == 0x80) --b;
    size_t w;
    if (!in_cut(source::utf8::decode_rune(s, b, w))) break;
    end = b;
  }
  return s.substr(start, end - start);
}

// cty's substr, step for step: a negative offset counts from the end (and may still be
// negative, which then means the start); a zero length with a non-negative offset is ""; a
// negative length takes the rest.
std::string substr(std::string_view in, int64_t offset, int64_t length) {
  std::vector<size_t> bounds = cty::grapheme_boundaries(in);  // 0, ..., in.size()
  int64_t clusters = static_cast<int64_t>(bounds.size()) - 1;
  if (offset < 0) {
    offset += clusters;
  } else if (length == 0) {
    return "";
  }
  std::string_view sub = in;
  if (offset > 0) {
    if (offset > clusters) return "";
    sub = in.substr(bounds[static_cast<size_t>(offset)]);
  }
  if (length < 0) return std::string(sub);
  size_t base = in.size() - sub.size();
  // The clusters of `sub` are the tail of `in`'s: boundaries are the same past the offset.
  auto first = std::lower_bound(bounds.begin(), bounds.end(), base);
  int64_t available = static_cast<int64_t>(bounds.end() - first) - 1;
  if (length == 0 || length >= available) return std::string(sub);  // cty never stops at length 0
  return std::string(sub.substr(0, *(first + length) - base));
}

std::string reverse_clusters(std::string_view in) {
  std::vector<size_t> bounds = cty::grapheme_boundaries(in);
  std::string out;
  out.reserve(in.size());
  for (size_t i = bounds.size() - 1; i > 0; --i) out.append(in.substr(bounds[i - 1], bounds[i] - bounds[i - 1]));
  return out;
}

// strings.Split: an empty separator splits after each UTF-8 sequence.
std::vector<Value> split(std::string_view sep, std::string_view s) {
  std::vector<Value> out;
  if (sep.empty()) {
    for (size_t i = 0; i < s.size();) {
      size_t w;
      source::utf8::decode_rune(s, i, w);
      out.push_back(Value::string(s.substr(i, w)));
      i += w;
    }
    return out;
  }
  size_t start = 0;
  while (true) {
    size_t at = s.find(sep, start);
    if (at == std::string_view::npos) break;
    out.push_back(Value::string(s.substr(start, at - start)));
    start = at + sep.size();
  }
  out.push_back(Value::string(s.substr(start)));
  return out;
}

Param str_param(std::string name = "str", bool dynamic = false) {
  return Param{.name = std::move(name), .type = Type::string(), .allow_dynamic = dynamic};
}

Function string_to_string(std::string name, std::string description, std::string (*f)(std::string_view),
                          bool dynamic = false) {
  return Function{
      .name = std::move(name),
      .description = std::move(description),
      .params = {str_param("str", dynamic)},
      .return_type = static_return(Type::string()),
      .impl = [f](Args args, const Type&) -> Result<Value> { return Value::string(f(args[0].as_string())); },
  };
}

Function string_predicate(std::string name, std::string description, std::string second,
                          bool (*f)(std::string_view, std::string_view)) {
  return Function{
      .name = std::move(name),
      .description = std::move(description),
      .params = {str_param(), str_param(std::move(second))},
      .return_type = static_return(Type::boolean()),
      .impl = [f](Args args, const Type&) -> Result<Value> {
        return Value::boolean(f(args[0].as_string(), args[1].as_string()));
      },
  };
}

}  // namespace

void add_string_functions(FunctionTable& table) {
  table.add(string_to_string(
      "upper", "Returns the given string with all Unicode letters translated to their uppercase equivalents.",
      [](std::string_view s) { return map_runes(s, gostd::to_upper); }, true));
  table.add(string_to_string(
      "lower", "Returns the given string with all Unicode letters translated to their lowercase equivalents.",
      [](std::string_view s) { return map_runes(s, gostd::to_lower); }, true));
  table.add(string_to_string(
      "title", "Replaces one letter after each non-letter and non-digit character with its uppercase equivalent.",
      [](std::string_view s) { return title(s); }));
  table.add(string_to_string(
      "strrev", "Returns the given string with all of its Unicode characters in reverse order.",
      [](std::string_view s) { return reverse_clusters(s); }, true));
  table.add(string_to_string(
      "trimspace",
      "Removes any consecutive space characters (as defined by Unicode) from the start and end of the given string.",
      [](std::string_view s) { return std::string(source::utf8::trim_space(s)); }));
  // cty's chomp removes the match of (?:\r\n?|\n)*\z: every trailing CR and LF.
  table.add(string_to_string("chomp", "Removes one or more newline characters from the end of the given string.",
                             [](std::string_view s) {
                               size_t end = s.size();
                               while (end > 0 && (s[end - 1] == '\n' || s[end - 1] == '\r')) --end;
                               return std::string(s.substr(0, end));
                             }));

  table.add({
      .name = "trim",
      .description =
          "Removes consecutive sequences of characters in \"cutset\" from the start and end of the given string.",
      .params = {str_param(), str_param("cutset")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        return Value::string(trim_cutset(args[0].as_string(), args[1].as_string()));
      },
  });
  table.add({
      .name = "trimprefix",
      .description = "Removes the given prefix from the start of the given string, if present.",
      .params = {str_param(), str_param("prefix")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        std::string_view s = args[0].as_string(), p = args[1].as_string();
        if (s.starts_with(p)) s.remove_prefix(p.size());
        return Value::string(s);
      },
  });
  table.add({
      .name = "trimsuffix",
      .description = "Removes the given suffix from the start of the given string, if present.",
      .params = {str_param(), str_param("suffix")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        std::string_view s = args[0].as_string(), p = args[1].as_string();
        if (s.ends_with(p)) s.remove_suffix(p.size());
        return Value::string(s);
      },
  });

  table.add(string_predicate("startswith", "Checks whether a string starts with the given prefix.", "prefix",
                             [](std::string_view s, std::string_view p) { return s.starts_with(p); }));
  table.add(string_predicate("endswith", "Checks whether a string ends with the given suffix.", "suffix",
                             [](std::string_view s, std::string_view p) { return s.ends_with(p); }));
  table.add(
      string_predicate("strcontains", "Checks whether a string contains the given substring.", "substr",
                       [](std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }));

  table.add({
      .name = "substr",
      .description = "Extracts a substring from the given string.",
      .params = {str_param("str", true), Param{.name = "offset", .type = Type::number(), .allow_dynamic = true},
                 Param{.name = "length", .type = Type::number(), .allow_dynamic = true}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        int64_t offset = 0, length = 0;
        if (auto e = to_go_int(args[1].as_number(), offset)) return fail_call(*e);
        if (auto e = to_go_int(args[2].as_number(), length)) return fail_call(*e);
        return Value::string(substr(args[0].as_string(), offset, length));
      },
  });

  table.add({
      .name = "indent",
      .description = "Adds a given number of spaces after each newline character in the given string.",
      .params = {Param{.name = "spaces", .type = Type::number()}, str_param()},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        int64_t spaces = 0;
        if (auto e = to_go_int(args[0].as_number(), spaces)) return fail_call(*e);
        // Go's strings.Repeat panics on a negative count; the reference reports the panic.
        if (spaces < 0) return fail_call("panic in function implementation: strings: negative Repeat count");
        std::string_view s = args[1].as_string();
        size_t lines = static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
        constexpr uint64_t kMaxResult = uint64_t{1} << 30;
        if (lines > 0 && static_cast<uint64_t>(spaces) > (kMaxResult - s.size()) / lines)
          return fail_call("the result would be larger than 1 GiB");
        cty::charge_bytes(s.size() + lines * static_cast<uint64_t>(spaces));
        std::string pad(1 + static_cast<size_t>(lines > 0 ? spaces : 0), ' ');
        pad[0] = '\n';
        std::string out;
        out.reserve(s.size() + lines * (pad.size() - 1));
        for (char c : s) {
          if (c == '\n') {
            out += pad;
          } else {
            out += c;
          }
        }
        return Value::string_nfc(std::move(out));
      },
  });

  table.add({
      .name = "join",
      .description =
          "Concatenates together the elements of all given lists with a delimiter, producing a single string.",
      .params = {str_param("separator")},
      .variadic = Param{.name = "lists", .type = Type::list(Type::string())},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        if (args.size() < 2) return fail_call("at least one list is required");
        for (size_t i = 1; i < args.size(); ++i)
          if (!args[i].is_wholly_known()) return Value::unknown(Type::string());
        std::string out;
        bool first = true;
        for (size_t i = 1; i < args.size(); ++i) {
          const auto& elems = args[i].elements();
          for (size_t e = 0; e < elems.size(); ++e) {
            if (elems[e].is_null()) {
              if (args.size() > 2)
                return fail_arg(static_cast<int>(i), "element " + std::to_string(e) + " of list " + std::to_string(i) +
                                                         " is null; cannot concatenate null values");
              return fail_arg(static_cast<int>(i),
                              "element " + std::to_string(e) + " is null; cannot concatenate null values");
            }
            if (!first) out += args[0].as_string();
            first = false;
            out += elems[e].as_string();
          }
        }
        return Value::string(out);
      },
  });

  table.add({
      .name = "split",
      .description =
          "Produces a list of one or more strings by splitting the given string at all instances of a given separator substring.",
      .params = {str_param("separator"), str_param()},
      .return_type = static_return(Type::list(Type::string())),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto parts = split(args[0].as_string(), args[1].as_string());
        if (parts.empty()) return Value::empty_list(Type::string());
        return Value::list(std::move(parts));
      },
  });
}

}  // namespace hcl::funcs
