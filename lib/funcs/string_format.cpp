// SPDX-License-Identifier: Apache-2.0
// format and formatlist (cty's stdlib format.go): printf-like verbs over cty values. The verb
// scanner follows cty's (flags, width, precision, then an optional [n] argument index, then a
// letter); numbers are printed as Go's fmt prints *big.Int and *big.Float, strings and JSON
// with cty's own padding, which counts grapheme clusters.
#include <gmp.h>

#include "cty/budget.h"
#include "cty/convert.h"
#include "cty/unicode.h"
#include "funcs/encoding.h"
#include "funcs/gostd.h"
#include "funcs/library.h"
#include "source/utf8.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// Widths beyond this are refused rather than padded (the reference would try to allocate them).
constexpr int64_t kMaxPadding = int64_t{1} << 24;

struct Verb {
  std::string_view raw;  // from "%" to the verb letter
  size_t offset = 0;
  int64_t arg_num = 0;  // 1-based
  char mode = 0;
  bool zero = false, sharp = false, plus = false, minus = false, space = false;
  bool has_prec = false;
  int64_t prec = -1;
  bool has_width = false;
  int64_t width = -1;
};

std::string quote(std::string_view s) { return util::go_quote(s); }

std::string unsupported(const Verb& v, const std::string& why) {
  return "unsupported value for " + quote(v.raw) + " at " + std::to_string(v.offset) + ": " + why;
}

// Padding is where a short format string makes a long result: it is charged before it is made.
std::string repeat(char c, int64_t n) {
  if (n <= 0) return std::string();
  cty::charge_bytes(static_cast<uint64_t>(n));
  return std::string(static_cast<size_t>(n), c);
}

// cty's formatPadWidth: pads to the width in grapheme clusters, with zeros when asked (even in
// front of a sign) and on the right with "-".
Result<std::string> pad_width(const Verb& v, std::string s) {
  if (v.width < 0) return s;
  int64_t have = static_cast<int64_t>(cty::grapheme_length(s));
  if (have >= v.width) return s;
  if (v.width > kMaxPadding) return fail_call("format width " + std::to_string(v.width) + " is too large");
  std::string pad = repeat(v.zero ? '0' : ' ', v.width - have);
  return v.minus ? s + pad : pad + s;
}

// Go's fmt reading the verb cty hands it (the raw verb without its [n] index).
struct GoSpec {
  bool sharp = false, zero = false, plus = false, minus = false, space = false;
  bool has_width = false, has_prec = false;
  int64_t width = 0, prec = 0;
  bool no_verb = false;  // a width or precision too large for fmt: "%!(NOVERB)"
};

// fmt's parsenum: stops with "overflow" once the number so far exceeds 1e6.
bool parse_go_num(std::string_view s, size_t& i, int64_t& out, bool& present) {
  out = 0;
  present = false;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    if (out > 1000000) return false;
    out = out * 10 + (s[i] - '0');
    present = true;
  }
  return true;
}

GoSpec go_spec(std::string_view raw) {
  std::string stripped(raw);
  size_t lb = stripped.find('['), rb = stripped.find(']');
  if (lb != std::string::npos && rb != std::string::npos) stripped.erase(lb, rb - lb + 1);
  GoSpec g;
  size_t i = 1;
  for (; i < stripped.size(); ++i) {
    char c = stripped[i];
    if (c == '#') {
      g.sharp = true;
    } else if (c == '0') {
      g.zero = !g.minus;
    } else if (c == '+') {
      g.plus = true;
    } else if (c == '-') {
      g.minus = true;
      g.zero = false;
    } else if (c == ' ') {
      g.space = true;
    } else {
      break;
    }
  }
  if (!parse_go_num(stripped, i, g.width, g.has_width)) {
    g.no_verb = true;
    return g;
  }
  if (i + 1 < stripped.size() && stripped[i] == '.') {
    ++i;
    bool present;
    if (!parse_go_num(stripped, i, g.prec, present)) {
      g.no_verb = true;
      return g;
    }
    g.has_prec = true;
  }
  return g;
}

// *big.Int's Format for b, d, o, x, X.
std::string format_integer(const GoSpec& g, char mode, const mpz_t value) {
  int base = mode == 'b' ? 2 : mode == 'o' ? 8 : mode == 'd' ? 10 : 16;
  bool negative = mpz_sgn(value) < 0;
  std::string sign = negative ? "-" : g.plus ? "+" : g.space ? " " : "";
  std::string prefix;
  if (g.sharp) prefix = mode == 'b' ? "0b" : mode == 'o' ? "0" : mode == 'x' ? "0x" : mode == 'X' ? "0X" : "";
  std::string digits(mpz_sizeinbase(value, base) + 2, '\0');
  mpz_get_str(digits.data(), mode == 'X' ? -16 : base, value);
  digits.resize(std::char_traits<char>::length(digits.c_str()));
  if (negative) digits.erase(0, 1);
  int64_t zeros = 0, left = 0, right = 0;
  if (g.has_prec) {
    if (static_cast<int64_t>(digits.size()) < g.prec) {
      zeros = g.prec - static_cast<int64_t>(digits.size());
    } else if (digits == "0" && g.prec == 0) {
      return "";
    }
  }
  int64_t length = static_cast<int64_t>(sign.size() + prefix.size() + digits.size()) + zeros;
  if (g.has_width && length < g.width) {
    int64_t d = g.width - length;
    if (g.minus) {
      right = d;
    } else if (g.zero && !g.has_prec) {
      zeros = d;
    } else {
      left = d;
    }
  }
  return repeat(' ', left) + sign + prefix + repeat('0', zeros) + digits + repeat(' ', right);
}

// *big.Float's Format for e, E, f, g, G.
std::string format_float(const GoSpec& g, char mode, const Number& n) {
  char lower = static_cast<char>(mode == 'E' ? 'e' : mode == 'G' ? 'g' : mode);
  int prec = g.has_prec ? static_cast<int>(g.prec) : (lower == 'g' ? -1 : 6);
  std::string buf = n.text(lower, prec);
  if (mode == 'E' || mode == 'G')
    for (char& c : buf)
      if (c == 'e') c = 'E';
  std::string sign;
  if (buf[0] == '-') {
    sign = "-";
    buf.erase(0, 1);
  } else if (buf[0] == '+') {
    sign = g.space ? " " : "+";
    buf.erase(0, 1);
  } else if (g.plus) {
    sign = "+";
  } else if (g.space) {
    sign = " ";
  }
  int64_t padding = 0;
  if (g.has_width && g.width > static_cast<int64_t>(sign.size() + buf.size()))
    padding = g.width - static_cast<int64_t>(sign.size() + buf.size());
  if (g.zero && !n.is_infinity()) return sign + repeat('0', padding) + buf;
  if (g.minus) return sign + buf + repeat(' ', padding);
  return repeat(' ', padding) + sign + buf;
}

Result<std::string> format_number(const Verb& v, const Value& arg) {
  auto c = cty::convert(arg, Type::number());
  if (!c) return fail_call(unsupported(v, c.error()));
  const Number& n = c->as_number();
  GoSpec g = go_spec(v.raw);
  bool integer = v.mode == 'b' || v.mode == 'd' || v.mode == 'o' || v.mode == 'x' || v.mode == 'X';
  if (integer && !n.is_integer()) return fail_call(unsupported(v, "an integer is required"));
  if (g.no_verb) {
    std::string shown = integer ? n.truncated_integer_text() : n.text('g', -1);
    return std::string("%!(NOVERB)%!(EXTRA ") + (integer ? "*big.Int=" : "*big.Float=") + shown + ")";
  }
  if (!integer) return format_float(g, v.mode, n);
  mpz_t z;
  mpz_init_set_str(z, n.truncated_integer_text().c_str(), 10);
  std::string out = format_integer(g, v.mode, z);
  mpz_clear(z);
  return out;
}

Result<std::string> format_as_is(const Verb& v, const Value& arg) {
  if (!v.sharp && !arg.is_null()) {
    if (arg.type().is_string()) return pad_width(v, arg.as_string());
    if (arg.type().is_number()) return pad_width(v, arg.as_number().text('g', -1));
  }
  auto json = json_encode(arg);
  if (!json) return fail_call(unsupported(v, json.error()));
  return pad_width(v, *json);
}

Result<std::string> format_string(const Verb& v, const Value& arg) {
  auto c = cty::convert(arg, Type::string());
  if (!c) return fail_call(unsupported(v, c.error()));
  std::string_view s = c->as_string();
  if (v.prec > 0) {
    std::vector<size_t> bounds = cty::grapheme_boundaries(s);
    if (static_cast<size_t>(v.prec) < bounds.size()) s = s.substr(0, bounds[static_cast<size_t>(v.prec)]);
  }
  if (v.mode == 'q') return pad_width(v, util::json_quoted(s, true));
  return pad_width(v, std::string(s));
}

Result<std::string> format_verb(Verb& v, Args args) {
  size_t index = static_cast<size_t>(v.arg_num - 1);
  if (v.arg_num < 1 || index >= args.size())
    return fail_call("not enough arguments for " + quote(v.raw) + " at " + std::to_string(v.offset) + ": need index " +
                     std::to_string(v.arg_num) + " but have " + std::to_string(args.size()) + " total");
  const Value& arg = args[index];
  if (v.mode != 'v' && arg.is_null())
    return fail_call("unsupported value for " + quote(v.raw) + " at " + std::to_string(v.offset) +
                     ": null value cannot be formatted");
  if (!v.has_width) v.width = -1;
  if (!v.has_prec) v.prec = -1;
  switch (v.mode) {
    case 'v': return format_as_is(v, arg);
    case 't': {
      auto c = cty::convert(arg, Type::boolean());
      if (!c) return fail_call(unsupported(v, c.error()));
      return std::string(c->as_bool() ? "true" : "false");
    }
    case 'b':
    case 'd':
    case 'o':
    case 'x':
    case 'X':
    case 'e':
    case 'E':
    case 'f':
    case 'g':
    case 'G': return format_number(v, arg);
    case 's':
    case 'q': return format_string(v, arg);
    default:
      return fail_call("unsupported format verb " + gostd::quote_rune(static_cast<unsigned char>(v.mode)) + " in " +
                       quote(v.raw) + " at offset " + std::to_string(v.offset));
  }
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Saturating decimal accumulation (cty's would wrap around; such widths are refused anyway).
int64_t accumulate(int64_t n, char digit) {
  if (n > (INT64_MAX - 9) / 10) return INT64_MAX;
  return n * 10 + (digit - '0');
}

// cty's formatFSM: the formatted text, or why it cannot be made. Errors about surplus
// arguments name the first unused one (an index into the call's arguments, format included).
Result<std::string> format_values(std::string_view f, Args args) {
  std::string out;
  int64_t next_arg = 1, highest = 0;
  size_t p = 0;
  auto bad_char = [&](size_t at) {
    size_t w;
    char32_t r = source::utf8::decode_rune(f, at, w);
    return fail_call("unrecognized format character " + gostd::quote_rune(r) + " at offset " + std::to_string(at));
  };
  auto at_end = [&]() { return fail_call("invalid format string starting at offset " + std::to_string(f.size())); };
  while (p < f.size()) {
    if (f[p] != '%') {
      out += f[p++];
      continue;
    }
    Verb v;
    v.offset = p;
    v.arg_num = next_arg;
    ++p;
    if (p >= f.size()) return at_end();
    if (f[p] == '%') {
      out += '%';
      ++p;
      continue;
    }
    for (; p < f.size(); ++p) {
      char c = f[p];
      if (c == ' ') v.space = true;
      else if (c == '#') v.sharp = true;
      else if (c == '+') v.plus = true;
      else if (c == '-') v.minus = true;
      else if (c == '0') v.zero = true;
      else break;
    }
    if (p >= f.size()) return at_end();
    if (f[p] >= '1' && f[p] <= '9') {
      v.has_width = true;
      v.width = 0;
      while (p < f.size() && is_digit(f[p])) v.width = accumulate(v.width, f[p++]);
      if (p >= f.size()) return at_end();
    }
    if (f[p] == '.') {
      v.has_prec = true;
      v.prec = 0;
      ++p;
      while (p < f.size() && is_digit(f[p])) v.prec = accumulate(v.prec, f[p++]);
      if (p >= f.size()) return at_end();
    }
    if (f[p] == '[') {
      v.arg_num = 0;
      ++p;
      if (p >= f.size()) return at_end();
      if (!(f[p] >= '1' && f[p] <= '9')) return bad_char(p);
      while (p < f.size() && is_digit(f[p])) v.arg_num = accumulate(v.arg_num, f[p++]);
      if (p >= f.size()) return at_end();
      if (f[p] != ']') return bad_char(p);
      ++p;
      if (p >= f.size()) return at_end();
    }
    if (!is_letter(f[p])) return bad_char(p);
    v.mode = f[p];
    v.raw = f.substr(v.offset, p + 1 - v.offset);
    ++p;
    if (v.arg_num > highest) highest = v.arg_num;
    auto s = format_verb(v, args);
    if (!s) return fail(s.error());
    out += *s;
    next_arg = v.arg_num + 1;
  }
  if (highest < static_cast<int64_t>(args.size())) {
    int first_bad = static_cast<int>(highest + 1);
    if (highest == 0) return fail_arg(first_bad, "too many arguments; no verbs in format string");
    return fail_arg(first_bad, "too many arguments; only " + std::to_string(highest) + " used by format string");
  }
  return out;
}

Result<Value> formatlist(Args args, const Type& ret) {
  std::string_view f = args[0].as_string();
  Args rest = args.subspan(1);
  if (rest.empty()) {
    auto s = format_values(f, rest);
    if (!s) return fail(s.error());
    return Value::list({Value::string(*s)});
  }
  int64_t iter_len = -1;
  size_t chooser = 0;
  bool any_unknown = false;
  for (size_t i = 0; i < rest.size(); ++i) {
    const Value& a = rest[i];
    const Type& t = a.type();
    if ((t.is_list() || t.is_set() || t.is_tuple()) && !a.is_null()) {
      if (!t.is_tuple() && !a.is_known()) {
        any_unknown = true;
        continue;
      }
      int64_t len = t.is_tuple() ? static_cast<int64_t>(t.tuple_elements().size()) : static_cast<int64_t>(a.length());
      if (iter_len == -1) {
        iter_len = len;
        chooser = i;
      } else if (len != iter_len) {
        return fail_arg(static_cast<int>(i + 1), "argument " + std::to_string(i + 1) + " has length " +
                                                     std::to_string(len) + ", which is inconsistent with argument " +
                                                     std::to_string(chooser + 1) + " of length " +
                                                     std::to_string(iter_len));
      }
      if (!a.is_known()) any_unknown = true;
    } else if (t.is_dynamic() && !a.is_known()) {
      any_unknown = true;
    }
  }
  if (any_unknown) return Value::unknown(ret);
  if (iter_len == 0) return Value::empty_list(Type::string());
  if (iter_len == -1) iter_len = 1;
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(iter_len));
  std::vector<Value> call(rest.size());
  for (int64_t k = 0; k < iter_len; ++k) {
    bool known = true;
    for (size_t i = 0; i < rest.size(); ++i) {
      const Value& a = rest[i];
      const Type& t = a.type();
      bool sequence = (t.is_list() || t.is_set() || t.is_tuple()) && !a.is_null();
      call[i] = sequence ? a.elements()[static_cast<size_t>(k)] : a;
      if (!call[i].is_wholly_known()) known = false;
    }
    if (!known) {
      out.push_back(Value::unknown(Type::string()));
      continue;
    }
    auto s = format_values(f, call);
    if (!s) return fail_call("error on format iteration " + std::to_string(k) + ": " + s.error().message);
    out.push_back(Value::string(*s));
  }
  return Value::list(std::move(out));
}

}  // namespace

void add_format_functions(FunctionTable& table) {
  table.add({
      .name = "format",
      .description =
          "Constructs a string by applying formatting verbs to a series of arguments, using a similar syntax "
          "to the C function \\\"printf\\\".",
      .params = {Param{.name = "format", .type = Type::string()}},
      // Arguments of unknown type reach the implementation since cty 1.16.1: a null is "null".
      .variadic = Param{.name = "args", .allow_null = true, .allow_unknown = true, .allow_dynamic = true},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        for (size_t i = 1; i < args.size(); ++i)
          if (!args[i].is_wholly_known()) return Value::unknown(Type::string());
        auto s = format_values(args[0].as_string(), args.subspan(1));
        if (!s) return fail(s.error());
        return Value::string(*s);
      },
  });
  table.add({
      .name = "formatlist",
      .description = "Constructs a list of strings by applying formatting verbs to a series of arguments, using a "
                     "similar syntax to the C function \\\"printf\\\".",
      .params = {Param{.name = "format", .type = Type::string()}},
      .variadic = Param{.name = "args", .allow_null = true, .allow_unknown = true, .allow_dynamic = true},
      .return_type = static_return(Type::list(Type::string())),
      .impl = formatlist,
  });
}

}  // namespace hcl::funcs
