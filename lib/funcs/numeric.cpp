// SPDX-License-Identifier: Apache-2.0
// Numeric functions (cty's stdlib number.go under Terraform's names): abs, ceil, floor, log,
// max, min, pow, signum, parseint.
//
// pow and log compute in float64 as the reference does, with Go's float64 routines reproduced
// bit for bit (funcs/gomath.h): a result that differs in its last bit prints differently,
// because numbers print with the shortest digits that read back to the same float.
#include <cmath>
#include <cstdint>
#include <limits>

#include "cty/budget.h"
#include "cty/gocty.h"
#include "funcs/gomath.h"
#include "funcs/library.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// cty.NumberFloatVal of a float64 result: NaN makes big.Float panic, which cty reports as a
// failed call (the reference appends a Go stack trace, left out here).
Result<Value> float_result(double d) {
  if (std::isnan(d)) return fail_call("panic in function implementation: Float.SetFloat64(NaN)");
  return Value::number(Number::from_double(d));
}

Function unary(std::string name, std::string description, std::function<Result<Value>(const Number&)> fn) {
  return Function{
      .name = std::move(name),
      .description = std::move(description),
      .params = {Param{.name = "num", .type = Type::number()}},
      .return_type = static_return(Type::number()),
      .impl = [fn = std::move(fn)](Args args, const Type&) -> Result<Value> { return fn(args[0].as_number()); },
  };
}

// big.Float.Int then SetInt at the number's own precision: floor or ceil, never -0.
Number round_to_integer(const Number& n, bool up) {
  if (n.is_infinity() || n.is_integer()) {
    if (n.is_zero()) return Number::from_int(0, n.precision());
    return n;
  }
  mpfr_t t;
  mpfr_init2(t, static_cast<mpfr_prec_t>(n.precision()));
  n.to_mpfr(t);
  if (up) {
    mpfr_ceil(t, t);
  } else {
    mpfr_floor(t, t);
  }
  if (mpfr_zero_p(t)) mpfr_set_zero(t, 1);
  Number out = Number::from_mpfr(t);
  mpfr_clear(t);
  return out;
}

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

// big.Int.SetString with a base from 2 to 62: an optional sign, then digits; letters count
// from 10 in either case up to base 36, and above that lowercase letters are 10-35 and
// uppercase 36-61. No prefixes or underscores. The digits are checked here and converted by
// GMP's mpz_set_str, subquadratic where a multiply per digit is quadratic (two million digits
// took minutes); GMP reads uppercase as 10-35 above base 36, so the case is swapped there.
std::optional<Number> parse_integer(std::string_view s, int base) {
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (i == s.size()) return std::nullopt;
  std::string digits;
  digits.reserve(s.size() - i + 1);
  for (; i < s.size(); ++i) {
    char c = s[i];
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'z') {
      d = c - 'a' + 10;
      if (base > 36) c = static_cast<char>(c - 'a' + 'A');
    } else if (c >= 'A' && c <= 'Z') {
      d = c - 'A' + (base <= 36 ? 10 : 36);
      if (base > 36) c = static_cast<char>(c - 'A' + 'a');
    } else {
      d = 99;
    }
    if (d >= base) return std::nullopt;
    digits += c;
  }
  cty::charge_bytes(digits.size());
  mpz_t z;
  mpz_init(z);
  mpz_set_str(z, digits.c_str(), base);
  if (negative) mpz_neg(z, z);
  cty::charge_time();
  char* text = mpz_get_str(nullptr, 10, z);
  std::string decimal(text);
  void (*free_fn)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &free_fn);
  free_fn(text, decimal.size() + 1);
  mpz_clear(z);
  cty::charge_time();
  return Number::from_integer_text(decimal);
}

}  // namespace

void add_numeric_functions(FunctionTable& table) {
  table.add(extreme("max", true));
  table.add(extreme("min", false));

  table.add({
      .name = "abs",
      .description = "If the given number is negative then returns its positive equivalent, or otherwise returns "
                     "the given number unchanged.",
      .params = {Param{.name = "num", .type = Type::number(), .allow_dynamic = true}},
      .return_type = static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> { return Value::number(args[0].as_number().absolute()); },
  });

  table.add(unary("ceil", "Returns the smallest whole number that is greater than or equal to the given value.",
                  [](const Number& n) -> Result<Value> { return Value::number(round_to_integer(n, true)); }));
  table.add(unary("floor", "Returns the greatest whole number that is less than or equal to the given value.",
                  [](const Number& n) -> Result<Value> { return Value::number(round_to_integer(n, false)); }));

  table.add(unary("signum",
                  "Returns 0 if the given number is zero, 1 if the given number is positive, or -1 if the given "
                  "number is negative.",
                  [](const Number& n) -> Result<Value> {
                    int64_t v;
                    if (auto e = to_go_int(n, v)) return fail_call(*e);
                    return Value::number(v < 0 ? -1 : v > 0 ? 1 : 0);
                  }));

  table.add({
      .name = "log",
      .description = "Returns the logarithm of the given number in the given base.",
      .params = {Param{.name = "num", .type = Type::number()}, Param{.name = "base", .type = Type::number()}},
      .return_type = static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        double num, base;
        if (auto e = to_go_float64(args[0].as_number(), num)) return fail_call(*e);
        if (auto e = to_go_float64(args[1].as_number(), base)) return fail_call(*e);
        return float_result(gomath::log(num) / gomath::log(base));
      },
  });

  table.add({
      .name = "pow",
      .description = "Returns the given number raised to the given power (exponentiation).",
      .params = {Param{.name = "num", .type = Type::number()}, Param{.name = "power", .type = Type::number()}},
      .return_type = static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        double num, power;
        if (auto e = to_go_float64(args[0].as_number(), num)) return fail_call(*e);
        if (auto e = to_go_float64(args[1].as_number(), power)) return fail_call(*e);
        return float_result(gomath::pow(num, power));
      },
  });

  table.add({
      .name = "parseint",
      .description = "Parses the given string as a number of the given base, or raises an error if the string "
                     "contains invalid characters.",
      .params = {Param{.name = "number"}, Param{.name = "base", .type = Type::number()}},
      .return_type = [](Args args) -> Result<Type> {
        if (!args[0].type().is_string())
          return fail_arg(0, "first argument must be a string, not " + args[0].type().friendly_name());
        return Type::number();
      },
      .impl = [](Args args, const Type&) -> Result<Value> {
        const std::string& text = args[0].as_string();
        int64_t base;
        if (auto e = to_go_int(args[1].as_number(), base)) return fail_arg(1, *e);
        if (base < 2 || base > 62) return fail_arg(1, "base must be a whole number between 2 and 62 inclusive");
        auto n = parse_integer(text, static_cast<int>(base));
        if (!n)
          return fail_arg(0,
                          "cannot parse " + util::go_quote(text) + " as a base " + std::to_string(base) + " integer");
        return Value::number(*n);
      },
  });
}

}  // namespace hcl::funcs
