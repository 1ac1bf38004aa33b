// Numeric functions (cty's stdlib number.go under Terraform's names): abs, ceil, floor, log,
// max, min, pow, signum, parseint.
//
// pow and log compute in float64 as the reference does, and reproduce Go's float64 routines
// bit for bit (see go_math below): a result that differs in its last bit prints differently,
// because numbers print with the shortest digits that read back to the same float.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "funcs/library.h"
#include "funcs/gocty.h"
#include "util/text.h"

namespace hcl::funcs {

namespace {

// ---- Go's float64 math on amd64 -----------------------------------------------------------------
//
// math.Exp and math.Log have amd64 assembly versions, which the reference runs: Exp is a
// reduced-argument Taylor series whose operation order depends on whether the processor has
// FMA (Go checks AVX and FMA at startup), and Log is FreeBSD's algorithm with an unnormalised
// frexp. math.Pow is pure Go on top of them. Each step below is one rounding of the original,
// in the original order; nothing here may be contracted into fused operations except where
// std::fma says so (the build uses ISO C++, where GCC does not contract).

bool go_uses_fma() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool fma = __builtin_cpu_supports("avx") && __builtin_cpu_supports("fma");
  return fma;
#else
  return false;
#endif
}

double from_bits(uint64_t b) { return std::bit_cast<double>(b); }
uint64_t to_bits(double d) { return std::bit_cast<uint64_t>(d); }

// CVTSD2SL: round to nearest even; out of range gives the "integer indefinite" value.
int32_t cvtsd2sl(double t) {
  double r = std::nearbyint(t);
  if (!(r >= -2147483648.0 && r <= 2147483647.0)) return INT32_MIN;
  return static_cast<int32_t>(r);
}

double go_exp(double x) {
  constexpr double kLog2e = 1.4426950408889634073599246810018920;
  constexpr double kLn2Hi = 0.69314718055966295651160180568695068359375;
  constexpr double kLn2Lo = 0.28235290563031577122588448175013436025525412068e-12;
  constexpr double kOverflow = 7.09782712893384e+02;
  constexpr double kC[] = {2.4801587301587301587e-5, 1.9841269841269841270e-4, 1.3888888888888888889e-3,
                           8.3333333333333333333e-3, 4.1666666666666666667e-2, 1.6666666666666666667e-1,
                           0.5,                      1.0};
  uint64_t bits = to_bits(x);
  if ((bits & ~(uint64_t{1} << 63)) >= 0x7FF0000000000000ULL) {
    if (bits == 0xFFF0000000000000ULL) return 0;  // -Inf
    return x;                                      // +Inf or NaN
  }
  if (x > kOverflow) return std::numeric_limits<double>::infinity();
  int32_t k = cvtsd2sl(kLog2e * x);
  double kd = static_cast<double>(k);
  double r = x;
  double p = kC[0];
  if (go_uses_fma()) {
    r = std::fma(-kd, kLn2Hi, r);
    r = std::fma(-kd, kLn2Lo, r);
    r *= 0.0625;
    for (int i = 1; i < 8; ++i) p = std::fma(p, r, kC[i]);
    r *= p;
    for (int i = 0; i < 3; ++i) r *= r + 2.0;
    r = std::fma(r, r + 2.0, 1.0);
  } else {
    r -= kd * kLn2Hi;
    r -= kd * kLn2Lo;
    r *= 0.0625;
    for (int i = 1; i < 8; ++i) {
      p *= r;
      p += kC[i];
    }
    r *= p;
    for (int i = 0; i < 4; ++i) r *= r + 2.0;
    r += 1.0;
  }
  int64_t e = static_cast<int64_t>(k) + 0x3FF;
  if (e <= 0) {
    if (e < -52) return 0;
    r *= from_bits(static_cast<uint64_t>(e + 0x3FE) << 52);
    return r * from_bits(uint64_t{1} << 52);
  }
  if (e >= 0x7FF) return std::numeric_limits<double>::infinity();
  return r * from_bits(static_cast<uint64_t>(e) << 52);
}

double go_log(double x) {
  constexpr double kHalfSqrt2 = 7.07106781186547524401e-01;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kL1 = 6.666666666666735130e-01, kL2 = 3.999999999940941908e-01, kL3 = 2.857142874366239149e-01,
                   kL4 = 2.222219843214978396e-01, kL5 = 1.818357216161805012e-01, kL6 = 1.531383769920937332e-01,
                   kL7 = 1.479819860511658591e-01;
  uint64_t bits = to_bits(x);
  if ((bits & ~(uint64_t{1} << 63)) == 0) return -std::numeric_limits<double>::infinity();
  if (static_cast<int64_t>(bits) < 0) return std::numeric_limits<double>::quiet_NaN();
  if (bits >= 0x7FF0000000000000ULL) return x;
  // The assembly's frexp takes the exponent field as it is, even for subnormals.
  double f1 = from_bits((bits & 0x000FFFFFFFFFFFFFULL) | 0x3FE0000000000000ULL);
  double k = static_cast<double>(static_cast<int32_t>((bits >> 52) & 0x7FF) - 0x3FE);
  if (f1 <= kHalfSqrt2) {
    k -= 1.0;
    f1 *= 2.0;
  }
  double f = f1 - 1.0;
  double s = f / (2.0 + f);
  double s2 = s * s;
  double s4 = s2 * s2;
  double t1 = s2 * (((kL7 * s4 + kL5) * s4 + kL3) * s4 + kL1);
  double t2 = s4 * ((kL6 * s4 + kL4) * s4 + kL2);
  double r = t1 + t2;
  double hfsq = 0.5 * f * f;
  double inner = s * (hfsq + r) + k * kLn2Lo;
  return k * kLn2Hi - ((hfsq - inner) - f);
}

// Go's math.Ldexp: one rounding, through a multiplication by 2**-53 for subnormal results.
double go_ldexp(double frac, int64_t exp) {
  if (frac == 0 || std::isinf(frac) || std::isnan(frac)) return frac;
  if (std::fabs(frac) < std::numeric_limits<double>::min()) {
    frac *= 4503599627370496.0;  // 2**52
    exp -= 52;
  }
  uint64_t x = to_bits(frac);
  exp += static_cast<int64_t>((x >> 52) & 0x7FF) - 1023;
  if (exp < -1075) return std::copysign(0.0, frac);
  if (exp > 1023) return frac < 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  double m = 1;
  if (exp < -1022) {
    exp += 53;
    m = 1.0 / 9007199254740992.0;  // 2**-53
  }
  x &= ~(uint64_t{0x7FF} << 52);
  x |= static_cast<uint64_t>(exp + 1023) << 52;
  return m * from_bits(x);
}

bool is_odd_int(double x) {
  if (std::fabs(x) >= 9007199254740992.0) return false;
  double xi;
  double xf = std::modf(x, &xi);
  return xf == 0 && (static_cast<int64_t>(xi) & 1) == 1;
}

// Go's math.Pow.
double go_pow(double x, double y) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (y == 0 || x == 1) return 1;
  if (y == 1) return x;
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0) {
    if (y < 0) return is_odd_int(y) ? std::copysign(kInf, x) : kInf;
    if (y > 0) return is_odd_int(y) ? x : 0;
  }
  if (std::isinf(y)) {
    if (x == -1) return 1;
    if ((std::fabs(x) < 1) == (y > 0)) return 0;
    return kInf;
  }
  if (std::isinf(x)) {
    if (x < 0) return go_pow(1 / x, -y);  // Pow(-0, -y)
    if (y < 0) return 0;
    if (y > 0) return kInf;
  }
  if (y == 0.5) return std::sqrt(x);
  if (y == -0.5) return 1 / std::sqrt(x);

  double yi;
  double yf = std::modf(std::fabs(y), &yi);
  if (yf != 0 && x < 0) return std::numeric_limits<double>::quiet_NaN();
  if (yi >= 9223372036854775808.0) {
    if (x == -1) return 1;
    if ((std::fabs(x) < 1) == (y > 0)) return 0;
    return kInf;
  }
  double a1 = 1.0;
  int64_t ae = 0;
  if (yf != 0) {
    if (yf > 0.5) {
      yf--;
      yi++;
    }
    a1 = go_exp(yf * go_log(x));
  }
  int xe_int;
  double x1 = std::frexp(x, &xe_int);
  int64_t xe = xe_int;
  for (int64_t i = static_cast<int64_t>(yi); i != 0; i >>= 1) {
    if (xe < -(1 << 12) || (1 << 12) < xe) {
      ae += xe;
      break;
    }
    if ((i & 1) == 1) {
      a1 *= x1;
      ae += xe;
    }
    x1 *= x1;
    xe <<= 1;
    if (x1 < .5) {
      x1 += x1;
      xe--;
    }
  }
  if (y < 0) {
    a1 = 1 / a1;
    ae = -ae;
  }
  return go_ldexp(a1, ae);
}

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
// uppercase 36-61. No prefixes or underscores.
std::optional<Number> parse_integer(std::string_view s, int base) {
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (i == s.size()) return std::nullopt;
  mpz_t z;
  mpz_init(z);
  for (; i < s.size(); ++i) {
    char c = s[i];
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'z') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'Z') {
      d = c - 'A' + (base <= 36 ? 10 : 36);
    } else {
      d = 99;
    }
    if (d >= base) {
      mpz_clear(z);
      return std::nullopt;
    }
    mpz_mul_ui(z, z, static_cast<unsigned long>(base));
    mpz_add_ui(z, z, static_cast<unsigned long>(d));
  }
  if (negative) mpz_neg(z, z);
  char* text = mpz_get_str(nullptr, 10, z);
  std::string digits(text);
  void (*free_fn)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &free_fn);
  free_fn(text, digits.size() + 1);
  mpz_clear(z);
  return Number::from_integer_text(digits);
}

}  // namespace

std::optional<std::string> to_go_float64(const Number& n, double& out) {
  out = n.to_double();
  if (std::isinf(out) && !n.is_infinity()) {
    // gocty refuses to turn a finite number into an infinity.
    static const std::string max = Number::from_double(std::numeric_limits<double>::max()).text('f', 6);
    return "value must be between -" + max + " and " + max + " inclusive";
  }
  return std::nullopt;
}

std::optional<std::string> to_go_int(const Number& n, int64_t& out) {
  auto v = n.to_int64();
  if (!v) return std::string("value must be a whole number, between -9223372036854775808 and 9223372036854775807");
  out = *v;
  return std::nullopt;
}

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
        return float_result(go_log(num) / go_log(base));
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
        return float_result(go_pow(num, power));
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
        if (!n) return fail_arg(0, "cannot parse " + go_quote(text) + " as a base " + std::to_string(base) + " integer");
        return Value::number(*n);
      },
  });
}

}  // namespace hcl::funcs
