// SPDX-License-Identifier: Apache-2.0
#include "cty/number.h"

#include "cty/budget.h"
#include "cty/decimal.h"

#include <gmp.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstring>

namespace hcl::cty {

// ---- Storage ------------------------------------------------------------------------------------

struct Number::Big : SharedNode {
  mpfr_t f;
  explicit Big(uint32_t prec) : SharedNode(0) { mpfr_init2(f, static_cast<mpfr_prec_t>(std::max<uint32_t>(prec, 1))); }
  ~Big() { mpfr_clear(f); }
};

// One reference to a Big, for the length of an operation.
class Number::BigRef {
 public:
  explicit BigRef(const Big* p) : p_(p) {}  // takes a reference
  BigRef(BigRef&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  BigRef(const BigRef&) = delete;
  BigRef& operator=(const BigRef&) = delete;
  ~BigRef() {
    if (p_ && release_last(p_)) delete p_;
  }
  const Big* operator->() const { return p_; }

 private:
  const Big* p_;
};

Number& Number::operator=(const Number& o) noexcept {
  if (this != &o) *this = Number(o);
  return *this;
}

Number& Number::operator=(Number&& o) noexcept {
  if (this == &o) return *this;
  this->~Number();
  new (this) Number(std::move(o));
  return *this;
}

const Number::Big* Number::big_value() const { return static_cast<const Big*>(big_); }

void Number::destroy_big(const SharedNode* n) { delete static_cast<const Big*>(n); }

void Number::set_big(std::unique_ptr<Big> big) {
  if (this->big() && release_last(big_)) destroy_big(big_);
  rep_ = Rep::Big;
  big_ = big.release();
}

namespace {

// Go's big.Float exponents are int32 (MinExp, MaxExp) with the same 0.5 <= mantissa < 1
// convention as MPFR; MPFR's default range is narrower. The range is per thread in MPFR.
void ensure_exponent_range() {
  thread_local bool done = false;
  if (done) return;
  mpfr_set_emin(std::max<mpfr_exp_t>(mpfr_get_emin_min(), INT32_MIN));
  mpfr_set_emax(std::min<mpfr_exp_t>(mpfr_get_emax_max(), INT32_MAX));
  done = true;
}

// Bits needed to hold an integer exactly (big.Float.MinPrec of it).
uint32_t int_min_prec(int64_t v) {
  if (v == 0) return 0;
  uint64_t u = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  return static_cast<uint32_t>(std::bit_width(u) - std::countr_zero(u));
}

bool fits_small(int64_t v, uint32_t prec) { return prec >= 64 || int_min_prec(v) <= prec; }

// 64-bit integers into and out of MPFR. The _si and _ui functions take a long, which is 32 bits on
// WebAssembly, so there the wider values go through an mpz (the intmax_t functions are declared
// only when <stdint.h> precedes <mpfr.h>, which number.h cannot promise).
constexpr bool kLong64 = sizeof(long) >= sizeof(int64_t);

void set_u64(mpfr_ptr f, uint64_t v) {
  if constexpr (kLong64) {
    mpfr_set_ui(f, static_cast<unsigned long>(v), MPFR_RNDN);
  } else {
    mpz_t z;
    mpz_init(z);
    mpz_import(z, 1, -1, sizeof v, 0, 0, &v);
    mpfr_set_z(f, z, MPFR_RNDN);
    mpz_clear(z);
  }
}

void set_i64(mpfr_ptr f, int64_t v) {
  if constexpr (kLong64) {
    mpfr_set_si(f, static_cast<long>(v), MPFR_RNDN);
  } else {
    set_u64(f, v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v));
    if (v < 0) mpfr_neg(f, f, MPFR_RNDN);
  }
}

// An integral MPFR value as int64, when it fits.
std::optional<int64_t> get_i64(mpfr_srcptr f) {
  if constexpr (kLong64) {
    if (!mpfr_fits_slong_p(f, MPFR_RNDZ)) return std::nullopt;
    return static_cast<int64_t>(mpfr_get_si(f, MPFR_RNDZ));
  } else {
    if (mpfr_zero_p(f)) return 0;
    if (!mpfr_number_p(f) || mpfr_get_exp(f) > 64) return std::nullopt;  // |f| >= 2^64
    mpz_t z;
    mpz_init(z);
    mpfr_get_z(z, f, MPFR_RNDZ);
    uint64_t magnitude = 0;
    mpz_export(&magnitude, nullptr, -1, sizeof magnitude, 0, 0, z);
    bool negative = mpz_sgn(z) < 0;
    mpz_clear(z);
    if (!negative && magnitude <= static_cast<uint64_t>(INT64_MAX)) return static_cast<int64_t>(magnitude);
    if (negative && magnitude <= static_cast<uint64_t>(INT64_MAX) + 1) return static_cast<int64_t>(0 - magnitude);
    return std::nullopt;
  }
}

}  // namespace

Number Number::make(std::unique_ptr<Big> big) {
  Number n;
  n.prec_ = static_cast<uint32_t>(mpfr_get_prec(big->f));
  // Keep exact integers that fit inline inline: cheaper to copy and to print.
  if (mpfr_number_p(big->f) && mpfr_integer_p(big->f) && !(mpfr_zero_p(big->f) && mpfr_signbit(big->f))) {
    std::optional<int64_t> v = get_i64(big->f);
    if (v && *v != INT64_MIN) {
      n.small_ = *v;
      return n;
    }
  }
  n.set_big(std::move(big));
  return n;
}

template <class Set>
Number Number::held_big(uint32_t precision, Set set) {
  ensure_exponent_range();
  auto b = std::make_unique<Big>(precision);
  set(b->f);
  Number n;
  n.prec_ = precision;
  n.set_big(std::move(b));
  return n;
}

Number::BigRef Number::as_big() const {
  if (big()) {
    retain(big_);
    return BigRef(big_value());
  }
  ensure_exponent_range();
  if (rep_ == Rep::Decimal) {
    // What parsing the decimal's text gave before it was kept inline (see parse).
    std::optional<Number> n = parse_mpfr(decimal_text(), prec_);
    if (n && n->big()) {
      const Big* b = n->big_value();
      n->rep_ = Rep::Int;
      return BigRef(b);
    }
  }
  auto b = std::make_unique<Big>(prec_);
  set_i64(b->f, small_);
  return BigRef(b.release());
}

// The decimal of an inline Decimal: digits, a point, scale_ fraction digits.
std::string Number::decimal_text() const {
  uint64_t m = small_ < 0 ? 0 - static_cast<uint64_t>(small_) : static_cast<uint64_t>(small_);
  char digits[20];
  size_t len = static_cast<size_t>(std::to_chars(digits, digits + sizeof digits, m).ptr - digits);
  size_t scale = static_cast<size_t>(scale_);
  std::string out;
  if (small_ < 0) out += '-';
  if (len <= scale) {
    out += "0.";
    out.append(scale - len, '0');
    out.append(digits, len);
  } else {
    out.append(digits, len - scale);
    out += '.';
    out.append(digits + len - scale, scale);
  }
  return out;
}

// ---- Construction -------------------------------------------------------------------------------

Number Number::from_int_narrow(int64_t v, uint32_t precision) {
  if (v != INT64_MIN && fits_small(v, precision)) {
    Number n;
    n.small_ = v;
    n.prec_ = precision;
    return n;
  }
  return held_big(precision, [v](mpfr_ptr f) { set_i64(f, v); });
}

Number Number::from_uint(uint64_t v) {
  if (v <= static_cast<uint64_t>(INT64_MAX)) return from_int(static_cast<int64_t>(v), kIntPrecision);
  return held_big(kIntPrecision, [v](mpfr_ptr f) { set_u64(f, v); });
}

Number Number::from_double(double v) {
  if (v == v && v >= -9.2e18 && v <= 9.2e18 && v == static_cast<double>(static_cast<int64_t>(v)) &&
      !(v == 0 && std::signbit(v))) {
    return from_int(static_cast<int64_t>(v), kFloat64Precision);
  }
  return held_big(kFloat64Precision, [v](mpfr_ptr f) { mpfr_set_d(f, v, MPFR_RNDN); });
}

std::optional<Number> Number::from_integer_text(std::string_view digits) {
  std::string s(digits);
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  for (size_t k = i; k < s.size(); ++k)
    if (s[k] < '0' || s[k] > '9') return std::nullopt;
  if (s[0] == '+') s.erase(0, 1);
  Mpz z;
  if (mpz_set_str(z.z, s.c_str(), 10) != 0) return std::nullopt;
  size_t bits = mpz_sizeinbase(z.z, 2);
  uint32_t prec = static_cast<uint32_t>(std::max<size_t>(bits, 64));
  ensure_exponent_range();
  auto b = std::make_unique<Big>(prec);
  mpfr_set_z(b->f, z.z, MPFR_RNDN);
  return make(std::move(b));
}

Number Number::infinity(bool negative) {
  return held_big(kLiteralPrecision, [negative](mpfr_ptr f) { mpfr_set_inf(f, negative ? -1 : 1); });
}

Number Number::from_mpfr(mpfr_srcptr value) {
  ensure_exponent_range();
  auto b = std::make_unique<Big>(static_cast<uint32_t>(mpfr_get_prec(value)));
  mpfr_set(b->f, value, MPFR_RNDN);
  return make(std::move(b));
}

// Go's big.Float.Parse for base 10 (what cty.ParseNumberVal calls): sign, decimal mantissa
// with an optional point, optional exponent ('e' decimal or 'p' binary); "Inf" spellings. The
// digits are kept exactly and then scaled by a power of five computed the way Go computes it
// (at precision + 64 bits, by repeated squaring at precision + 128), so results round exactly
// as the reference's do, including where that is not the correctly rounded value.
std::optional<Number> Number::parse(std::string_view s, uint32_t precision) {
  // Numbers written with up to 18 significant digits and no exponent, by far the most common,
  // are held inline with no MPFR value: integers are exact at 64 bits and more, as make() would
  // keep them after the general path; other decimals keep their digits and scale, and become
  // what the general path gives only when an operation needs them. The text's length is bounded
  // so that the general path's powers of five are exact for them (see as_big). Negative zero
  // is left to the general path: it is not an integer make() keeps inline.
  if (precision >= kIntPrecision && !s.empty() && s.size() <= 40) {
    const size_t n = s.size();
    bool neg = s[0] == '-';
    size_t int_begin = (s[0] == '-' || s[0] == '+') ? 1 : 0, i = int_begin;
    // The significand's digits as they are read: integers (a document's counts and sizes, most
    // literals) need this one pass. Past 18 digits m wraps, but such a number is not inline.
    while (i < n && s[i] == '0') ++i;  // leading zeros are not significant
    const size_t sig_begin = i;
    uint64_t m = 0;
    for (unsigned d; i < n && (d = static_cast<unsigned char>(s[i]) - unsigned{'0'}) <= 9; ++i) m = m * 10 + d;
    size_t significant = i - sig_begin, scale = 0;
    bool plain = i > int_begin;
    if (i < n) {  // a fraction, or no plain number
      plain = plain && s[i] == '.';
      size_t frac_begin = ++i;
      while (plain && i < n && s[i] >= '0' && s[i] <= '9') ++i;
      plain = plain && i == n && i > frac_begin;
      size_t frac_end = i;
      while (frac_end > frac_begin && s[frac_end - 1] == '0') --frac_end;  // not significant
      for (size_t k = frac_begin; plain && k < frac_end; ++k) {
        unsigned d = static_cast<unsigned>(s[k] - '0');
        if (m == 0 && d == 0) continue;  // still leading zeros ("0.05")
        m = m * 10 + d;
        ++significant;
      }
      scale = frac_end - frac_begin;
    }
    if (plain && significant <= 18 && (m != 0 || !neg)) {
      int64_t v = neg ? -static_cast<int64_t>(m) : static_cast<int64_t>(m);
      if (scale == 0) return from_int(v, precision);
      Number d;
      d.small_ = v;
      d.prec_ = precision;
      d.rep_ = Rep::Decimal;
      d.scale_ = static_cast<int8_t>(scale);
      return d;
    }
  }
  return parse_mpfr(s, precision);
}

namespace {

// A decimal (or binary-exponent) literal cut into the parts strconv.ParseFloat reads.
struct LiteralParts {
  bool neg = false;
  std::string digits;  // every digit, the point left out
  int64_t count = 0;   // how many digits
  int64_t dp = -1;     // digits before the point, -1 without one
  int64_t exp = 0;     // the exponent after e/E (base 10) or p/P (base 2)
  int ebase = 10;
};

std::optional<LiteralParts> scan_literal(std::string_view s) {
  LiteralParts d;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    d.neg = s[i] == '-';
    ++i;
  }
  bool frac_ok = true;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '.' && frac_ok) {
      frac_ok = false;
      d.dp = d.count;
    } else if (c >= '0' && c <= '9') {
      d.digits += c;
      ++d.count;
    } else {
      break;
    }
  }
  if (d.count == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E' || s[i] == 'p' || s[i] == 'P')) {
    d.ebase = (s[i] == 'p' || s[i] == 'P') ? 2 : 10;
    ++i;
    bool eneg = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
      eneg = s[i] == '-';
      ++i;
    }
    size_t start = i;
    __int128 e = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      e = e * 10 + (s[i] - '0');
      if (e > static_cast<__int128>(INT64_MAX) + 1) return std::nullopt;  // strconv.ParseInt range error
    }
    if (i == start) return std::nullopt;
    if (eneg) e = -e;
    if (e > INT64_MAX || e < INT64_MIN) return std::nullopt;
    d.exp = static_cast<int64_t>(e);
  }
  if (i != s.size()) return std::nullopt;
  return d;
}

// out = 5^n at out's precision: up to 5^27 exactly from a table, beyond it by repeated squaring
// with a wider factor, so that the factor's own rounding stays below out's.
void set_pow5(mpfr_t out, unsigned __int128 n, uint32_t precision) {
  static const uint64_t kPow5[] = {1ull,
                                   5ull,
                                   25ull,
                                   125ull,
                                   625ull,
                                   3125ull,
                                   15625ull,
                                   78125ull,
                                   390625ull,
                                   1953125ull,
                                   9765625ull,
                                   48828125ull,
                                   244140625ull,
                                   1220703125ull,
                                   6103515625ull,
                                   30517578125ull,
                                   152587890625ull,
                                   762939453125ull,
                                   3814697265625ull,
                                   19073486328125ull,
                                   95367431640625ull,
                                   476837158203125ull,
                                   2384185791015625ull,
                                   11920928955078125ull,
                                   59604644775390625ull,
                                   298023223876953125ull,
                                   1490116119384765625ull,
                                   7450580596923828125ull};
  constexpr uint64_t kMax = 27;
  if (n <= kMax) {
    set_u64(out, kPow5[static_cast<size_t>(n)]);
  } else {
    set_u64(out, kPow5[kMax]);
    n -= kMax;
    mpfr_t f;
    mpfr_init2(f, precision + 128);
    mpfr_set_ui(f, 5, MPFR_RNDN);
    while (n > 0) {
      if (n & 1) mpfr_mul(out, out, f, MPFR_RNDN);
      mpfr_mul(f, f, f, MPFR_RNDN);
      n >>= 1;
    }
    mpfr_clear(f);
  }
}

}  // namespace

std::optional<Number> Number::parse_mpfr(std::string_view s, uint32_t precision) {
  ensure_exponent_range();
  if ((s.size() == 3 && (s == "Inf" || s == "inf")) ||
      (s.size() == 4 && (s[0] == '+' || s[0] == '-') && (s.substr(1) == "Inf" || s.substr(1) == "inf"))) {
    auto b = std::make_unique<Big>(precision);
    mpfr_set_inf(b->f, s[0] == '-' ? -1 : 1);
    Number n;
    n.prec_ = precision;
    n.set_big(std::move(b));
    return n;
  }
  std::optional<LiteralParts> parts = scan_literal(s);
  if (!parts) return std::nullopt;
  const bool neg = parts->neg;
  const int64_t count = parts->count, dp = parts->dp, exp = parts->exp;

  Mpz m;
  mpz_set_str(m.z, parts->digits.c_str(), 10);
  auto result = std::make_unique<Big>(precision);
  if (mpz_sgn(m.z) == 0) {
    mpfr_set_zero(result->f, neg ? -1 : 1);
    Number n;
    n.prec_ = precision;
    if (neg) n.set_big(std::move(result));
    return n;
  }
  if (neg) mpz_neg(m.z, m.z);
  int64_t bitlen = static_cast<int64_t>(mpz_sizeinbase(m.z, 2));
  __int128 exp2 = bitlen, exp5 = 0;
  int64_t fcount = dp >= 0 ? dp - count : 0;
  if (fcount < 0) {
    exp5 = fcount;
    exp2 += fcount;
  }
  if (parts->ebase == 10) {
    exp5 += exp;
    exp2 += exp;
  } else {
    exp2 += exp;
  }
  if (exp2 < INT32_MIN || exp2 > INT32_MAX) return std::nullopt;  // "exponent overflow"

  // The exact scaled mantissa: m * 2^(exp2 - bitlen).
  mpfr_t exact;
  mpfr_init2(exact, static_cast<mpfr_prec_t>(std::max<int64_t>(bitlen, 1)));
  mpfr_set_z(exact, m.z, MPFR_RNDN);
  mpfr_mul_2si(exact, exact, static_cast<long>(exp2 - bitlen), MPFR_RNDN);
  if (exp5 == 0) {
    mpfr_set(result->f, exact, MPFR_RNDN);
  } else {
    __int128 n5 = exp5 < 0 ? -exp5 : exp5;
    mpfr_t p;
    mpfr_init2(p, precision + 64);
    set_pow5(p, static_cast<unsigned __int128>(n5), precision);
    if (exp5 < 0) {
      mpfr_div(result->f, exact, p, MPFR_RNDN);
    } else {
      mpfr_mul(result->f, exact, p, MPFR_RNDN);
    }
    mpfr_clear(p);
  }
  mpfr_clear(exact);
  return make(std::move(result));
}

// ---- Queries ------------------------------------------------------------------------------------

bool Number::is_infinity() const { return big() && mpfr_inf_p(big_value()->f); }

bool Number::is_printable() const {
  if (!big() || !mpfr_regular_p(big_value()->f)) return true;
  mpfr_exp_t e = mpfr_get_exp(big_value()->f);
  // Small magnitudes print all the fraction bits of the mantissa as decimals too.
  return e <= kMaxPrintableExponent && e >= -kMaxPrintableExponent;
}

uint64_t Number::placing_zeros() const {
  if (!big() || !mpfr_regular_p(big_value()->f)) return 0;
  int64_t e = mpfr_get_exp(big_value()->f);
  uint64_t magnitude = e < 0 ? 0 - static_cast<uint64_t>(e) : static_cast<uint64_t>(e);
  return magnitude > 1024 ? magnitude * 30103 / 100000 : 0;
}

std::string Number::round_trip_scientific() const {
  auto b = as_big();
  if (!mpfr_regular_p(b->f)) return text('g', -1);
  mpfr_exp_t e = 0;
  char* raw = mpfr_get_str(nullptr, &e, 10, 0, b->f, MPFR_RNDN);  // value = 0.DIGITS x 10^e
  std::string digits(raw);
  mpfr_free_str(raw);
  std::string out;
  if (!digits.empty() && digits[0] == '-') {
    out += '-';
    digits.erase(0, 1);
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  out += digits[0];
  if (digits.size() > 1) out += '.' + digits.substr(1);
  return out + "e" + std::to_string(static_cast<int64_t>(e) - 1);
}

const char* Number::json_problem() const {
  if (is_infinity()) return "cannot serialize infinity as JSON";
  if (!is_printable()) return "the number's decimal form would have more than a million digits";
  return nullptr;
}
// An inline decimal is never zero (zero is an integer).
bool Number::is_zero() const { return !big() ? small_ == 0 : mpfr_zero_p(big_value()->f) != 0; }
bool Number::is_negative() const { return !big() ? small_ < 0 : mpfr_signbit(big_value()->f) != 0; }

int Number::sign() const {
  if (!big()) return small_ < 0 ? -1 : small_ > 0 ? 1 : 0;
  return mpfr_sgn(big_value()->f);
}

bool Number::is_integer() const { return small() || (big() && mpfr_integer_p(big_value()->f) != 0); }

std::optional<int64_t> Number::to_int64() const {
  if (small()) return small_;
  if (!big()) return std::nullopt;  // a decimal is not an integer
  if (!mpfr_integer_p(big_value()->f)) return std::nullopt;
  return get_i64(big_value()->f);
}

double Number::to_double() const {
  if (small()) return static_cast<double>(small_);
  auto b = as_big();  // held here: MPFR's macros bind their arguments in statement expressions
  return mpfr_get_d(b->f, MPFR_RNDN);
}

void Number::to_mpfr(mpfr_ptr out) const {
  if (small()) {
    set_i64(out, small_);
  } else {
    auto b = as_big();
    mpfr_set(out, b->f, MPFR_RNDN);
  }
}

std::string Number::truncated_integer_text() const {
  if (small()) return std::to_string(small_);
  auto b = as_big();
  if (!mpfr_number_p(b->f)) return "0";
  Mpz z;
  mpfr_get_z(z.z, b->f, MPFR_RNDZ);
  char* p = mpz_get_str(nullptr, 10, z.z);
  std::string out(p);
  void (*freefunc)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &freefunc);
  freefunc(p, std::strlen(p) + 1);
  return out;
}

// ---- Arithmetic ---------------------------------------------------------------------------------

std::optional<Number> add(const Number& a, const Number& b) {
  uint32_t prec = std::max(a.prec_, b.prec_);
  if (a.small() && b.small()) {
    int64_t r;
    if (!__builtin_add_overflow(a.small_, b.small_, &r) && r != INT64_MIN && fits_small(r, prec))
      return Number::from_int(r, prec);
  }
  ensure_exponent_range();
  auto x = a.as_big(), y = b.as_big();
  if (mpfr_inf_p(x->f) && mpfr_inf_p(y->f) && mpfr_signbit(x->f) != mpfr_signbit(y->f)) return std::nullopt;
  auto r = std::make_unique<Number::Big>(prec);
  mpfr_add(r->f, x->f, y->f, MPFR_RNDN);
  return Number::make(std::move(r));
}

std::optional<Number> subtract(const Number& a, const Number& b) { return add(a, b.negate()); }

std::optional<Number> multiply(const Number& a, const Number& b) {
  uint32_t prec = std::max(a.prec_, b.prec_);
  if (a.small() && b.small()) {
    int64_t r;
    bool negative_zero = (a.small_ == 0 || b.small_ == 0) && ((a.small_ < 0) != (b.small_ < 0));
    if (!negative_zero && !__builtin_mul_overflow(a.small_, b.small_, &r) && r != INT64_MIN)
      return Number::from_int(r, std::max(prec, int_min_prec(r)));
  }
  ensure_exponent_range();
  auto x = a.as_big(), y = b.as_big();
  auto r = std::make_unique<Number::Big>(Number::kLiteralPrecision);
  mpfr_mul(r->f, x->f, y->f, MPFR_RNDN);
  if (mpfr_nan_p(r->f)) return std::nullopt;
  uint32_t min_prec = mpfr_zero_p(r->f) || mpfr_inf_p(r->f) ? 0 : static_cast<uint32_t>(mpfr_min_prec(r->f));
  mpfr_prec_round(r->f, static_cast<mpfr_prec_t>(std::max(prec, min_prec)), MPFR_RNDN);
  return Number::make(std::move(r));
}

std::optional<Number> divide(const Number& a, const Number& b) {
  uint32_t prec = std::max(a.prec_, b.prec_);
  if (a.small() && b.small() && b.small_ != 0 && !(a.small_ == INT64_MIN && b.small_ == -1) &&
      a.small_ % b.small_ == 0 && !(a.small_ == 0 && b.small_ < 0)) {
    int64_t q = a.small_ / b.small_;
    if (fits_small(q, prec)) return Number::from_int(q, prec);
  }
  ensure_exponent_range();
  auto x = a.as_big(), y = b.as_big();
  auto r = std::make_unique<Number::Big>(prec);
  mpfr_div(r->f, x->f, y->f, MPFR_RNDN);
  if (mpfr_nan_p(r->f)) return std::nullopt;
  return Number::make(std::move(r));
}

// cty's Modulo: x - y * trunc(x / y), where the quotient is rounded at the operands' precision
// before truncation and the product and difference are rounded at x's precision; x % 0 is x.
std::optional<Number> modulo(const Number& a, const Number& b) {
  if (b.is_zero()) return a;
  if (a.small() && b.small() && a.prec_ >= 64 && b.prec_ >= 64 && !(a.small_ == INT64_MIN && b.small_ == -1))
    return Number::from_int(a.small_ % b.small_, a.prec_);
  // Infinities: the reference either fails with ErrNaN (0 * Inf) or crashes on the
  // truncation of an infinite quotient; both are failures here.
  if (a.is_infinity() || b.is_infinity()) return std::nullopt;
  auto rat = divide(a, b);
  if (!rat) return std::nullopt;
  ensure_exponent_range();
  Mpz q;
  {
    auto rb = rat->as_big();
    mpfr_get_z(q.z, rb->f, MPFR_RNDZ);
  }
  auto x = a.as_big(), y = b.as_big();
  auto work = std::make_unique<Number::Big>(a.prec_);
  mpfr_set_z(work->f, q.z, MPFR_RNDN);
  mpfr_mul(work->f, y->f, work->f, MPFR_RNDN);
  if (mpfr_nan_p(work->f)) return std::nullopt;
  mpfr_sub(work->f, x->f, work->f, MPFR_RNDN);
  if (mpfr_nan_p(work->f)) return std::nullopt;
  return Number::make(std::move(work));
}

Number Number::negate() const {
  if (small() && small_ != 0 && small_ != INT64_MIN) return from_int(-small_, prec_);
  if (rep_ == Rep::Decimal) {  // rounding to nearest even is symmetric: -parse(x) is parse(-x)
    Number n = *this;
    n.small_ = -small_;
    return n;
  }
  ensure_exponent_range();
  auto x = as_big();
  auto r = std::make_unique<Big>(prec_);
  mpfr_neg(r->f, x->f, MPFR_RNDN);
  if (mpfr_zero_p(r->f) && !mpfr_signbit(r->f)) return from_int(0, prec_);
  Number n;
  n.prec_ = prec_;
  n.set_big(std::move(r));
  return n;
}

Number Number::absolute() const {
  if (small() && small_ != INT64_MIN) return from_int(small_ < 0 ? -small_ : small_, prec_);
  if (rep_ == Rep::Decimal) {
    Number n = *this;
    n.small_ = small_ < 0 ? -small_ : small_;
    return n;
  }
  ensure_exponent_range();
  auto x = as_big();
  auto r = std::make_unique<Big>(prec_);
  mpfr_abs(r->f, x->f, MPFR_RNDN);
  return make(std::move(r));
}

int Number::compare(const Number& other) const {
  if (small() && other.small()) return small_ < other.small_ ? -1 : small_ > other.small_ ? 1 : 0;
  auto x = as_big(), y = other.as_big();
  int c = mpfr_cmp(x->f, y->f);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

bool Number::equals(const Number& other) const {
  if (small() && other.small() && prec_ >= 64 && other.prec_ >= 64) return small_ == other.small_;
  // Inline decimals print as their digits (see text), which are kept without trailing zeros.
  if (rep_ == Rep::Decimal && other.rep_ == Rep::Decimal) return small_ == other.small_ && scale_ == other.scale_;
  if (sign() != other.sign()) return false;
  // cty 1.14.3 compares exact integers as integers (big.Float.Int's accuracy), so
  // pow(2, 64) equals the literal 18446744073709551616 although their texts differ.
  bool int_a = is_integer(), int_b = other.is_integer();
  if (int_a != int_b) return false;
  if (int_a) return compare(other) == 0;
  // Numbers of one precision have one shortest text per value, so their values can be compared
  // without writing out the (perhaps millions of) digits.
  if (prec_ == other.prec_ && (!is_printable() || !other.is_printable())) return compare(other) == 0;
  std::string x = text('f', -1), y = other.text('f', -1);
  if (x == "-0") x = "0";
  if (y == "-0") y = "0";
  return x == y;
}

// ---- Printing (Go's math/big ftoa.go) ----------------------------------------------------------

namespace {

void fmt_e(std::string& buf, char fmt, int64_t prec, const Decimal& d) {
  buf += d.mant.empty() ? '0' : d.mant[0];
  if (prec > 0) {
    buf += '.';
    int64_t i = 1;
    int64_t m = std::min<int64_t>(static_cast<int64_t>(d.mant.size()), prec + 1);
    if (i < m) {
      buf.append(d.mant, 1, static_cast<size_t>(m - 1));
      i = m;
    }
    for (; i <= prec; ++i) buf += '0';
  }
  buf += fmt;
  int64_t exp = d.mant.empty() ? 0 : d.exp - 1;
  if (exp < 0) {
    buf += '-';
    exp = -exp;
  } else {
    buf += '+';
  }
  if (exp < 10) buf += '0';
  buf += std::to_string(exp);
}

}  // namespace

std::string Number::text(char format, int prec) const {
  if (small() && format == 'f' && prec < 0 && prec_ >= 64) return std::to_string(small_);
  // With 64 bits or more, no shorter decimal than an inline decimal's own (at most 18
  // significant digits) reads back to the same number: its digits are its shortest text.
  if (rep_ == Rep::Decimal && format == 'f' && prec < 0) return decimal_text();
  if (!is_printable()) refuse_unprintable_number();
  auto b = as_big();
  std::string buf;
  if (mpfr_signbit(b->f)) buf += '-';
  if (mpfr_inf_p(b->f)) {
    if (!mpfr_signbit(b->f)) buf += '+';
    return buf + "Inf";
  }
  Decimal d;
  Mpz mant;
  int64_t exp = 0;
  if (!mpfr_zero_p(b->f)) {
    exp = static_cast<int64_t>(mpfr_get_z_2exp(mant.z, b->f));
    mpz_abs(mant.z, mant.z);  // the sign is already written
    // Normalise to exactly prec mantissa bits (the form roundShortest reasons about).
    int64_t bits = static_cast<int64_t>(mpz_sizeinbase(mant.z, 2));
    int64_t want = static_cast<int64_t>(prec_);
    if (bits < want) {
      mpz_mul_2exp(mant.z, mant.z, static_cast<mp_bitcnt_t>(want - bits));
      exp -= want - bits;
    } else if (bits > want) {
      mpz_fdiv_q_2exp(mant.z, mant.z, static_cast<mp_bitcnt_t>(bits - want));
      exp += bits - want;
    }
  }
  bool shortest = prec < 0;
  if (!mpfr_zero_p(b->f)) d = shortest ? shortest_decimal(mant.z, exp) : exact_decimal(mant.z, exp);
  int64_t p = prec;
  if (shortest) {
    switch (format) {
      case 'e': p = static_cast<int64_t>(d.mant.size()) - 1; break;
      case 'f': p = std::max<int64_t>(static_cast<int64_t>(d.mant.size()) - d.exp, 0); break;
      default: p = static_cast<int64_t>(d.mant.size()); break;
    }
  } else {
    switch (format) {
      case 'e': d.round(1 + p); break;
      case 'f': d.round(d.exp + p); break;
      default:
        if (p == 0) p = 1;
        d.round(p);
        break;
    }
  }
  switch (format) {
    case 'e': fmt_e(buf, 'e', p, d); return buf;
    case 'f': append_fixed(buf, d, p); return buf;
    default: {
      int64_t len = static_cast<int64_t>(d.mant.size());
      int64_t eprec = p;
      if (eprec > len && len >= d.exp) eprec = len;
      if (shortest) eprec = 6;
      int64_t e = d.exp - 1;
      if (e < -4 || e >= eprec) {
        if (p > len) p = len;
        fmt_e(buf, 'e', p - 1, d);
        return buf;
      }
      if (p > d.exp) p = len;
      append_fixed(buf, d, std::max<int64_t>(p - d.exp, 0));
      return buf;
    }
  }
}

}  // namespace hcl::cty
