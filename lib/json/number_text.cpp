// SPDX-License-Identifier: Apache-2.0
#include "json/number_text.h"

#include "cty/decimal.h"
#include "cty/number.h"

#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <climits>
#include <cstdint>

namespace hcl::json {

namespace {

// big.Float's exponent range (MinExp, MaxExp) and cty's literal precision.
constexpr int64_t kMinExp = INT32_MIN;
constexpr int64_t kMaxExp = INT32_MAX;
constexpr mpfr_prec_t kLiteralPrec = 512;
// Beyond this binary exponent the decimal form has over a million digits; refuse rather than
// write megabytes for a literal of a few bytes (the reference would print it, slowly). The
// evaluator's bound.
constexpr int64_t kMaxPrintShift = cty::Number::kMaxPrintableExponent;

struct Literal {
  std::string digits;  // every mantissa digit, integer and fraction, without leading zeros
  int64_t exp5 = 0;    // value = digits * 10^exp5
  bool zero = false;
};

// The token grammar of a number literal; the exponent must fit an int64 (strconv.ParseInt in
// big's scanExponent).
bool parse_literal(std::string_view s, Literal& out) {
  size_t i = 0;
  int64_t frac = 0;
  bool any = false, dot = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      any = true;
      if (!(out.digits.empty() && c == '0')) out.digits.push_back(c);
      if (dot) ++frac;
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (!any) return false;
  __int128 exp = 0;
  if (i < s.size()) {
    if (s[i] != 'e' && s[i] != 'E') return false;
    ++i;
    bool neg = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    if (i == s.size()) return false;
    for (; i < s.size(); ++i) {
      if (s[i] < '0' || s[i] > '9') return false;
      exp = exp * 10 + (s[i] - '0');
      if (exp > (__int128{1} << 64)) return false;
    }
    if (neg) exp = -exp;
    if (exp > INT64_MAX || exp < INT64_MIN) return false;
  }
  out.zero = out.digits.empty();
  // Beyond +-2^40 the binary exponent is out of big.Float's int32 range whatever the digits, so
  // clamping keeps the arithmetic in range without changing any outcome.
  __int128 exp5 = exp - frac;
  constexpr __int128 kClamp = __int128{1} << 40;
  out.exp5 = static_cast<int64_t>(exp5 > kClamp ? kClamp : exp5 < -kClamp ? -kClamp : exp5);
  return true;
}

// A binary float as big.Float holds it: a mantissa in [0.5, 1) (an MPFR value whose exponent
// is kept at 0) times 2^e, or zero, or infinity. Keeping the exponent outside MPFR gives
// big.Float's int32 exponent range whatever MPFR's own range is set to.
struct XFloat {
  mpfr_t m;
  int64_t e = 0;
  enum Form { Zero, Finite, Inf } form = Finite;
  explicit XFloat(mpfr_prec_t prec) { mpfr_init2(m, prec); }
  ~XFloat() { mpfr_clear(m); }
  XFloat(const XFloat&) = delete;
  XFloat& operator=(const XFloat&) = delete;

  void set_ui(unsigned long v) {
    mpfr_set_ui(m, v, MPFR_RNDN);
    e = mpfr_get_exp(m);
    mpfr_set_exp(m, 0);
    form = Finite;
  }

  // z = result of an operation whose rounded mantissa sits in m with MPFR exponent k, computed
  // from operand exponents summing to `base`; `ternary` is MPFR's rounding direction.
  // big.Float checks the exponent of the exact result first (below MinExp: zero; above MaxExp:
  // infinity), then rounds, and a rounding carry at MaxExp overflows to infinity.
  void settle(int64_t base, int ternary) {
    int64_t k = mpfr_get_exp(m);
    int64_t k_exact = k;
    if (ternary > 0 && mpfr_cmp_ui_2exp(m, 1, static_cast<mpfr_exp_t>(k - 1)) == 0) k_exact = k - 1;  // carried
    int64_t pre = base + k_exact, post = base + k;
    if (pre < kMinExp) {
      form = Zero;
    } else if (pre > kMaxExp || post > kMaxExp) {
      form = Inf;
    } else {
      form = Finite;
      e = post;
      mpfr_set_exp(m, 0);
    }
  }
};

// big.Float.Mul into z (z may alias x or y): inputs here are never zero.
void mul(XFloat& z, const XFloat& x, const XFloat& y) {
  if (x.form == XFloat::Inf || y.form == XFloat::Inf) {
    z.form = XFloat::Inf;
    return;
  }
  int64_t base = x.e + y.e;
  int t = mpfr_mul(z.m, x.m, y.m, MPFR_RNDN);
  z.settle(base, t);
}

// big.Float.Quo into z: x finite and nonzero, y nonzero.
void quo(XFloat& z, const XFloat& x, const XFloat& y) {
  if (y.form == XFloat::Inf) {
    z.form = XFloat::Zero;
    return;
  }
  int64_t base = x.e - y.e;
  int t = mpfr_div(z.m, x.m, y.m, MPFR_RNDN);
  z.settle(base, t);
}

// big.Float.pow5 into p (precision 576): 5^27 from a table, then square-and-multiply with a
// 640-bit running power.
void pow5(XFloat& p, uint64_t n) {
  constexpr uint64_t kTab = 27;
  if (n <= kTab) {
    uint64_t v = 1;
    for (uint64_t i = 0; i < n; ++i) v *= 5;
    mpfr_set_ui(p.m, 0, MPFR_RNDN);
    mpfr_set_uj(p.m, v, MPFR_RNDN);
    p.e = mpfr_get_exp(p.m);
    mpfr_set_exp(p.m, 0);
    p.form = XFloat::Finite;
    return;
  }
  uint64_t v = 1;
  for (uint64_t i = 0; i < kTab; ++i) v *= 5;
  mpfr_set_uj(p.m, v, MPFR_RNDN);
  p.e = mpfr_get_exp(p.m);
  mpfr_set_exp(p.m, 0);
  p.form = XFloat::Finite;
  n -= kTab;
  XFloat f(mpfr_get_prec(p.m) + 64);
  f.set_ui(5);
  while (n > 0) {
    if (n & 1) mul(p, p, f);
    if (f.form != XFloat::Inf) mul(f, f, f);
    n >>= 1;
  }
}

void format_fast(const Literal& lit, std::string& out) {
  // digits * 10^exp5 == 0.S * 10^(len(digits) + exp5), S the digits without trailing zeros.
  std::string_view s = lit.digits;
  while (!s.empty() && s.back() == '0') s.remove_suffix(1);
  int64_t exp = static_cast<int64_t>(lit.digits.size()) + lit.exp5;
  if (exp > 0) {
    size_t m = std::min<size_t>(s.size(), static_cast<size_t>(exp));
    out.append(s.substr(0, m));
    out.append(static_cast<size_t>(exp) - m, '0');
    if (s.size() > m) {
      out.push_back('.');
      out.append(s.substr(m));
    }
  } else {
    out.append("0.");
    out.append(static_cast<size_t>(-exp), '0');
    out.append(s);
  }
}

}  // namespace

// The commonest literals print as written: an integer without leading zeros, or a decimal
// fraction whose last digit is not zero, of at most 150 digits (the fast case below).
bool number_prints_as_written(std::string_view s) {
  auto digits = [&](size_t i) {
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i;
  };
  if (s.empty() || s.size() > 150) return false;
  size_t i = digits(0);
  if (i == 0 || (s[0] == '0' && i > 1)) return false;
  if (i == s.size()) return true;
  if (s[i] != '.') return false;
  size_t end = digits(i + 1);
  return end == s.size() && end > i + 1 && s.back() != '0';
}

NumberText number_literal_text(std::string_view literal, bool negate) {
  NumberText r;
  if (number_prints_as_written(literal)) {
    if (negate) r.text.push_back('-');
    r.text.append(literal);
    return r;
  }
  Literal lit;
  if (!parse_literal(literal, lit)) {
    r.status = NumberStatus::Invalid;
    return r;
  }
  if (negate) r.text.push_back('-');
  if (lit.zero) {
    r.text.push_back('0');
    return r;
  }
  // When the mantissa and 5^|exp5| are both exact in the precisions big.Float uses, the literal is
  // rounded once, correctly, and a literal of at most 150 significant digits is then the only
  // decimal that short in its rounding interval (512 bits is over 153 digits): it prints as
  // written. 5^248 < 2^576.
  if (lit.digits.size() <= 150 && lit.exp5 <= 248 && lit.exp5 >= -248) {
    format_fast(lit, r.text);
    return r;
  }

  // Emulate big.Float's scan exactly: z = mantissa * 2^exp5, exponent checked against the int32
  // range, then multiplied or divided by pow5(|exp5|) computed at 576 bits.
  mpz_t mant;
  mpz_init(mant);
  mpz_set_str(mant, lit.digits.c_str(), 10);
  int64_t bits = static_cast<int64_t>(mpz_sizeinbase(mant, 2));
  __int128 exp2 = static_cast<__int128>(bits) + lit.exp5;
  if (exp2 < kMinExp || exp2 > kMaxExp) {
    mpz_clear(mant);
    r.status = NumberStatus::Invalid;  // "exponent overflow": an invalid literal
    return r;
  }
  XFloat z(static_cast<mpfr_prec_t>(bits < kLiteralPrec ? kLiteralPrec : bits));
  mpfr_set_z(z.m, mant, MPFR_RNDN);  // exact
  mpfr_set_exp(z.m, 0);
  z.e = static_cast<int64_t>(exp2);
  XFloat x(kLiteralPrec);
  if (lit.exp5 == 0) {
    int t = mpfr_set(x.m, z.m, MPFR_RNDN);
    x.settle(z.e, t);
  } else {
    XFloat p(kLiteralPrec + 64);
    uint64_t n = lit.exp5 < 0 ? static_cast<uint64_t>(-(lit.exp5 + 1)) + 1 : static_cast<uint64_t>(lit.exp5);
    pow5(p, n);
    if (lit.exp5 < 0) quo(x, z, p);
    else mul(x, z, p);
  }
  mpz_clear(mant);
  if (x.form == XFloat::Inf) {
    r.status = NumberStatus::Infinite;
    r.text = negate ? "-Inf" : "+Inf";
    return r;
  }
  if (x.form == XFloat::Zero) {
    r.text.push_back('0');
    return r;
  }
  // As the evaluator's numbers (cty::Number::is_printable), by big.Float's exponent.
  if (x.e > kMaxPrintShift || x.e < -kMaxPrintShift) {
    r.status = NumberStatus::TooLong;
    r.text.clear();
    return r;
  }
  mpz_t m;
  mpz_init(m);
  mpfr_exp_t e = mpfr_get_z_2exp(m, x.m);  // m has exactly 512 bits
  // big.Float.Text('f', -1): the shortest decimal in %f form, every digit after the point.
  cty::Decimal d = cty::shortest_decimal(m, x.e + e);
  cty::append_fixed(r.text, d, std::max<int64_t>(static_cast<int64_t>(d.mant.size()) - d.exp, 0));
  mpz_clear(m);
  return r;
}

}  // namespace hcl::json
