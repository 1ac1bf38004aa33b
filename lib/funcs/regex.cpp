// SPDX-License-Identifier: Apache-2.0
// Regular expression functions: cty's regex and regexall, and Terraform's replace, whose substr
// is a regular expression when wrapped in slashes. The reference uses Go's regexp package (RE2
// syntax, leftmost-first matching); RE2 itself runs the patterns here, with Go's messages for
// invalid patterns and Go's rules for successive matches and "$1" replacement templates.
#include <re2/re2.h>

#include <map>
#include <memory>

#include "cty/budget.h"
#include "funcs/extras.h"
#include "funcs/gostd.h"
#include "funcs/library.h"
#include "source/utf8.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// regexp/syntax's error codes for RE2's.
const char* go_error_code(RE2::ErrorCode code) {
  switch (code) {
    case RE2::ErrorBadEscape: return "invalid escape sequence";
    case RE2::ErrorBadCharClass: return "invalid character class";
    case RE2::ErrorBadCharRange: return "invalid character class range";
    case RE2::ErrorMissingBracket: return "missing closing ]";
    case RE2::ErrorMissingParen: return "missing closing )";
    case RE2::ErrorUnexpectedParen: return "unexpected )";
    case RE2::ErrorTrailingBackslash: return "trailing backslash at end of expression";
    case RE2::ErrorRepeatArgument: return "missing argument to repetition operator";
    case RE2::ErrorRepeatSize: return "invalid repeat count";
    case RE2::ErrorRepeatOp: return "invalid nested repetition operator";
    case RE2::ErrorBadPerlOp: return "invalid or unsupported Perl syntax";
    case RE2::ErrorBadUTF8: return "invalid UTF-8";
    case RE2::ErrorBadNamedCapture: return "invalid named capture";
    case RE2::ErrorPatternTooLarge: return "expression too large";
    default: return "unexpected error";
  }
}

// A syntax error as regexp/syntax reports it: a code and the offending part of the pattern.
struct SyntaxError {
  std::string code;
  std::string expr;
};

// Escapes RE2 accepts and Go's parser rejects: \C (any byte).
std::optional<SyntaxError> go_only_errors(std::string_view p) {
  bool quoted = false;  // inside \Q...\E
  for (size_t i = 0; i + 1 < p.size(); ++i) {
    if (p[i] != '\\') continue;
    char c = p[i + 1];
    if (quoted) {
      if (c == 'E') quoted = false;
      ++i;
      continue;
    }
    if (c == 'Q') quoted = true;
    if (c == 'C') return SyntaxError{"invalid escape sequence", "\\C"};
    ++i;
  }
  return std::nullopt;
}

struct Compiled {
  std::unique_ptr<RE2> re;
  std::optional<SyntaxError> error;
};

Compiled compile(std::string_view pattern) {
  Compiled c;
  if ((c.error = go_only_errors(pattern))) return c;
  RE2::Options options;
  options.set_log_errors(false);
  options.set_max_mem(int64_t{1} << 30);
  c.re = std::make_unique<RE2>(pattern, options);
  if (!c.re->ok()) c.error = SyntaxError{go_error_code(c.re->error_code()), c.re->error_arg()};
  return c;
}

// Go's regexp.Compile error text.
std::string go_compile_error(const SyntaxError& e) { return "error parsing regexp: " + e.code + ": `" + e.expr + "`"; }

using Match = std::vector<std::optional<std::string_view>>;  // group 0 is the whole match

// The leftmost-first match at or after `pos`, with the whole string as context for ^ and \b.
bool find_at(const RE2& re, std::string_view s, size_t pos, Match& m) {
  int n = re.NumberOfCapturingGroups() + 1;
  std::vector<re2::StringPiece> groups(static_cast<size_t>(n));
  if (!re.Match(s, pos, s.size(), RE2::UNANCHORED, groups.data(), n)) return false;
  m.assign(static_cast<size_t>(n), std::nullopt);
  for (int i = 0; i < n; ++i)
    if (groups[static_cast<size_t>(i)].data() != nullptr)
      m[static_cast<size_t>(i)] =
          std::string_view(groups[static_cast<size_t>(i)].data(), groups[static_cast<size_t>(i)].size());
  return true;
}

size_t offset_in(std::string_view s, std::string_view part) { return static_cast<size_t>(part.data() - s.data()); }

// Width of the rune at `pos` for stepping past empty matches (1 at the end, as Go steps).
size_t rune_width(std::string_view s, size_t pos) {
  size_t w;
  source::utf8::decode_rune(s, pos, w);
  return w == 0 ? 1 : w;
}

// regexp's allMatches: successive non-overlapping matches; an empty match right after the
// previous match is skipped.
std::vector<Match> find_all(const RE2& re, std::string_view s) {
  std::vector<Match> out;
  size_t pos = 0;
  std::optional<size_t> prev_end;
  Match m;
  while (pos <= s.size() && find_at(re, s, pos, m)) {
    size_t start = offset_in(s, *m[0]);
    size_t end = start + m[0]->size();
    bool accept = true;
    if (end == pos) {
      if (prev_end && start == *prev_end) accept = false;
      pos += rune_width(s, pos);
    } else {
      pos = end;
    }
    prev_end = end;
    if (accept) out.push_back(m);
  }
  return out;
}

// regexp's template expansion: $name, ${name}, $1, $$; a name is the longest run of letters,
// digits and "_", so "$1x" names group "1x".
void expand(std::string& out, std::string_view tmpl, const RE2& re, const Match& m) {
  const std::map<std::string, int>& names = re.NamedCapturingGroups();
  size_t i = 0;
  while (i < tmpl.size()) {
    size_t dollar = tmpl.find('$', i);
    if (dollar == std::string_view::npos) break;
    cty::append_charged(out, tmpl.substr(i, dollar - i));
    i = dollar + 1;
    if (i < tmpl.size() && tmpl[i] == '$') {
      out += '$';
      ++i;
      continue;
    }
    size_t j = i;
    bool brace = j < tmpl.size() && tmpl[j] == '{';
    if (brace) ++j;
    size_t name_start = j;
    while (j < tmpl.size()) {
      size_t w;
      char32_t r = source::utf8::decode_rune(tmpl, j, w);
      if (!gostd::is_letter(r) && !gostd::is_digit(r) && r != '_') break;
      j += w;
    }
    std::string_view name = tmpl.substr(name_start, j - name_start);
    if (name.empty() || (brace && (j >= tmpl.size() || tmpl[j] != '}'))) {
      out += '$';  // malformed: the "$" is literal text
      continue;
    }
    if (brace) ++j;
    i = j;
    int64_t num = 0;
    for (char c : name) {
      if (c < '0' || c > '9' || num >= 100000000) {
        num = -1;
        break;
      }
      num = num * 10 + (c - '0');
    }
    if (name[0] == '0' && name.size() > 1) num = -1;
    if (num < 0) {
      auto it = names.find(std::string(name));
      if (it != names.end()) num = it->second;
    }
    if (num >= 0 && static_cast<size_t>(num) < m.size() && m[static_cast<size_t>(num)])
      cty::append_charged(out, *m[static_cast<size_t>(num)]);
  }
  cty::append_charged(out, tmpl.substr(i));
}

// regexp's ReplaceAllString.
std::string replace_all(const RE2& re, std::string_view s, std::string_view tmpl) {
  std::string out;
  size_t last_end = 0, search = 0;
  Match m;
  while (search <= s.size() && find_at(re, s, search, m)) {
    size_t start = offset_in(s, *m[0]);
    size_t end = start + m[0]->size();
    cty::append_charged(out, s.substr(last_end, start - last_end));
    if (end > last_end || start == 0) expand(out, tmpl, re, m);
    last_end = end;
    size_t w;
    source::utf8::decode_rune(s, search, w);
    if (search + w > end) {
      search += w;
    } else if (search + 1 > end) {
      ++search;
    } else {
      search = end;
    }
  }
  cty::append_charged(out, s.substr(last_end));
  return out;
}

// cty's result type for a pattern: the whole match as a string, a tuple of the unnamed groups,
// or an object of the named groups (mixing both is an error).
Result<Type> pattern_result_type(std::string_view pattern) {
  Compiled c = compile(pattern);
  if (c.error) return fail_arg(0, "invalid regexp pattern: " + c.error->code + " in " + c.error->expr);
  int groups = c.re->NumberOfCapturingGroups();
  const std::map<int, std::string>& names = c.re->CapturingGroupNames();
  int unnamed = groups - static_cast<int>(names.size());
  if (groups == 0) return Type::string();
  if (unnamed > 0 && !names.empty())
    return fail_arg(0, "invalid regexp pattern: cannot mix both named and unnamed capture groups");
  if (unnamed > 0) return Type::tuple(std::vector<Type>(static_cast<size_t>(unnamed), Type::string()));
  std::vector<std::pair<std::string, Type>> attrs;
  for (const auto& [index, name] : names) attrs.emplace_back(name, Type::string());
  return Type::object(std::move(attrs));
}

Value group_value(const std::optional<std::string_view>& g) {
  return g ? Value::string(*g) : Value::null(Type::string());
}

Value match_value(const RE2& re, const Match& m, const Type& t) {
  if (t.is_string()) return Value::string(*m[0]);
  if (t.is_tuple()) {
    std::vector<Value> elems;
    for (size_t i = 1; i < m.size(); ++i) elems.push_back(group_value(m[i]));
    return Value::tuple(std::move(elems));
  }
  std::vector<Value::Attribute> attrs;
  for (const auto& [index, name] : re.CapturingGroupNames())
    attrs.emplace_back(name, group_value(m[static_cast<size_t>(index)]));
  return Value::object(std::move(attrs));
}

}  // namespace

void add_regex_functions(FunctionTable& table) {
  table.add({
      .name = "regex",
      .description = "Applies the given regular expression pattern to the given string and returns information about a "
                     "single match, or raises an error if there is no match.",
      .params = {Param{.name = "pattern", .type = Type::string()}, Param{.name = "string", .type = Type::string()}},
      .return_type = [](Args args) -> Result<Type> {
        if (!args[0].is_known()) return Type::dynamic();
        return pattern_result_type(args[0].as_string());
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        if (ret.is_dynamic()) return Value::dynamic();
        Compiled c = compile(args[0].as_string());
        if (c.error) return fail_arg(0, "error parsing pattern: " + go_compile_error(*c.error));
        Match m;
        if (!find_at(*c.re, args[1].as_string(), 0, m))
          return fail_call("pattern did not match any part of the given string");
        return match_value(*c.re, m, ret);
      },
  });

  table.add({
      .name = "regexall",
      .description =
          "Applies the given regular expression pattern to the given string and returns a list of information "
          "about all non-overlapping matches, or an empty list if there are no matches.",
      .params = {Param{.name = "pattern", .type = Type::string()}, Param{.name = "string", .type = Type::string()}},
      .return_type = [](Args args) -> Result<Type> {
        if (!args[0].is_known()) return Type::list(Type::dynamic());
        auto t = pattern_result_type(args[0].as_string());
        if (!t) return fail(t.error());
        return Type::list(*t);
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Type& element = ret.element();
        if (element.is_dynamic()) return Value::dynamic();
        Compiled c = compile(args[0].as_string());
        if (c.error) return fail_arg(0, "error parsing pattern: " + go_compile_error(*c.error));
        auto matches = find_all(*c.re, args[1].as_string());
        if (matches.empty()) return Value::empty_list(element);
        std::vector<Value> elems;
        elems.reserve(matches.size());
        for (const auto& m : matches) elems.push_back(match_value(*c.re, m, element));
        return Value::list(std::move(elems));
      },
  });

  table.add({
      .name = "replace",
      .description =
          "Replaces every occurrence of a substring; a substring wrapped in slashes is a regular expression, "
          "and the replacement may then refer to its capture groups as $1 or ${name}.",
      .params = {Param{.name = "str", .type = Type::string()}, Param{.name = "substr", .type = Type::string()},
                 Param{.name = "replace", .type = Type::string()}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        std::string_view s = args[0].as_string(), sub = args[1].as_string(), repl = args[2].as_string();
        if (sub.size() > 1 && sub.front() == '/' && sub.back() == '/') {
          Compiled c = compile(sub.substr(1, sub.size() - 2));
          if (c.error) return fail_call(go_compile_error(*c.error));
          return Value::string(replace_all(*c.re, s, repl));
        }
        // strings.ReplaceAll: an empty substr matches before every rune and at the end.
        std::string out;
        if (sub.empty()) {
          for (size_t i = 0; i < s.size();) {
            cty::append_charged(out, repl);
            size_t w;
            source::utf8::decode_rune(s, i, w);
            cty::append_charged(out, s.substr(i, w));
            i += w;
          }
          cty::append_charged(out, repl);
          return Value::string(out);
        }
        // The result's size is known from the count of matches: charged whole before it is built,
        // so that a result past the budget stops before its first byte instead of at the limit
        // (10^10 bytes asked for once built 512 MiB, in 7 s and 800 MB, before it stopped).
        uint64_t matches = 0;
        for (size_t at = s.find(sub); at != std::string_view::npos; at = s.find(sub, at + sub.size())) ++matches;
        cty::charge_bytes(
            cty::saturating_add(s.size() - matches * sub.size(), cty::saturating_multiply(matches, repl.size())));
        size_t i = 0;
        for (size_t at = s.find(sub); at != std::string_view::npos; at = s.find(sub, i)) {
          out.append(s.substr(i, at - i));
          out.append(repl);
          i = at + sub.size();
        }
        out.append(s.substr(i));
        return Value::string(out);
      },
  });
}

// cty's stdlib.RegexReplaceFunc (Packer's and Nomad's regex_replace): the pattern is always a
// regular expression, and the replacement may refer to its groups as $1 or ${name}.
void add_regex_replace_function(FunctionTable& table) {
  table.add({
      .name = "regex_replace",
      .description = "Replaces every match of a regular expression; the replacement may refer to capture groups.",
      .params = {Param{.name = "str", .type = Type::string()}, Param{.name = "substr", .type = Type::string()},
                 Param{.name = "replace", .type = Type::string()}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        Compiled c = compile(args[1].as_string());
        if (c.error) return fail_call(go_compile_error(*c.error));
        return Value::string(replace_all(*c.re, args[0].as_string(), args[2].as_string()));
      },
  });
}

}  // namespace hcl::funcs
