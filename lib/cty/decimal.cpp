// SPDX-License-Identifier: Apache-2.0
#include "cty/decimal.h"

#include <mpfr.h>

#include <algorithm>
#include <cstring>
#include <optional>

namespace hcl::cty {

void Decimal::trim() {
  size_t i = mant.size();
  while (i > 0 && mant[i - 1] == '0') --i;
  mant.resize(i);
  if (i == 0) exp = 0;
}

void Decimal::round(int64_t n) {
  if (n < 0 || n >= static_cast<int64_t>(mant.size())) return;
  bool up;
  if (mant[n] == '5' && n + 1 == static_cast<int64_t>(mant.size()))
    up = n > 0 && ((mant[n - 1] - '0') & 1) != 0;  // exactly halfway: to even
  else up = mant[n] >= '5';
  if (up) round_up(n);
  else round_down(n);
}

void Decimal::round_up(int64_t n) {
  if (n < 0 || n >= static_cast<int64_t>(mant.size())) return;
  while (n > 0 && mant[n - 1] >= '9') --n;
  if (n == 0) {
    mant = "1";
    ++exp;
    return;
  }
  mant[n - 1]++;
  mant.resize(static_cast<size_t>(n));
}

void Decimal::round_down(int64_t n) {
  if (n < 0 || n >= static_cast<int64_t>(mant.size())) return;
  mant.resize(static_cast<size_t>(n));
  trim();
}

void append_fixed(std::string& out, const Decimal& d, int64_t fraction) {
  if (d.exp > 0) {
    int64_t m = std::min<int64_t>(static_cast<int64_t>(d.mant.size()), d.exp);
    out.append(d.mant, 0, static_cast<size_t>(m));
    if (m < d.exp) out.append(static_cast<size_t>(d.exp - m), '0');
  } else {
    out += '0';
  }
  if (fraction > 0) {
    out += '.';
    for (int64_t i = 0; i < fraction; ++i) out += d.at(d.exp + i);
  }
}

namespace {

// Expansions of a shift up to this size are made in full (a few hundred digits beyond the
// mantissa's); past it only the leading digits are.
constexpr int64_t kExactShift = 2048;

// A decimal of which the leading digits are held: `digits` are the first digits of the exact
// expansion (all of them when there are at most that many), `size` its whole length.
struct Leading {
  std::string digits;
  int64_t exp = 0;
  int64_t size = 0;

  bool holds(int64_t i) const { return i < static_cast<int64_t>(digits.size()) || i >= size; }
  char at(int64_t i) const { return i < static_cast<int64_t>(digits.size()) ? digits[i] : '0'; }
};

Leading leading_of_exact(const mpz_t m, int64_t shift) {
  Decimal d = exact_decimal(m, shift);
  int64_t size = static_cast<int64_t>(d.mant.size());
  return {std::move(d.mant), d.exp, size};
}

// The first `want` digits of |m| * 2^shift, m nonzero, and the length of its expansion. The
// digits are MPFR's, correctly truncated; the length follows from the factors of two and five:
// n * 2^t with n odd ends in min(t, v5(n)) zeros when t >= 0, and has exactly -t fraction digits
// when t < 0 (n * 5^-t is odd, so its last digit is not zero).
Leading leading_of(const mpz_t m, int64_t shift, size_t want) {
  Mpz n;
  mpz_abs(n.z, m);
  mp_bitcnt_t twos = mpz_scan1(n.z, 0);
  mpz_fdiv_q_2exp(n.z, n.z, twos);
  int64_t t = shift + static_cast<int64_t>(twos);
  mpfr_t x;
  mpfr_init2(x, std::max<mpfr_prec_t>(static_cast<mpfr_prec_t>(mpz_sizeinbase(n.z, 2)), MPFR_PREC_MIN));
  mpfr_set_z_2exp(x, n.z, static_cast<mpfr_exp_t>(t), MPFR_RNDN);  // exact: the precision holds n
  mpfr_exp_t e = 0;
  char* raw = mpfr_get_str(nullptr, &e, 10, want, x, MPFR_RNDZ);  // value = 0.raw * 10^e
  mpfr_clear(x);
  Leading l;
  l.exp = static_cast<int64_t>(e);
  if (t >= 0) {
    int64_t fives = 0;  // n has at most a few hundred bits
    for (; mpz_divisible_ui_p(n.z, 5); ++fives) mpz_divexact_ui(n.z, n.z, 5);
    l.size = l.exp - std::min(t, fives);
  } else {
    l.size = l.exp - t;
  }
  l.digits.assign(raw, std::min<size_t>(want, static_cast<size_t>(l.size)));
  mpfr_free_str(raw);
  return l;
}

// big's roundShortest on d, the value mant * 2^exp, between its neighbours half an ulp away,
// (2 mant -/+ 1) * 2^(exp-1). Go walks the digits of the three by index until d differs from
// them; that happens within about prec * 0.3 digits, since the neighbours are 2^(exp-1) from d,
// which is under 2^(prec+exp). Returns nothing if some digit it needs is not held.
std::optional<Decimal> round_shortest(const Leading& d, const Leading& lower, const Leading& upper, bool inclusive) {
  auto result = [&](int64_t n, int how) -> std::optional<Decimal> {
    // d rounded at n digits: `how` is -1 down, +1 up, 0 to nearest (decimal.round).
    Decimal r;
    r.exp = d.exp;
    if (static_cast<int64_t>(d.digits.size()) == d.size) {
      r.mant = d.digits;
    } else {
      if (!d.holds(n)) return std::nullopt;
      // Rounding reads digit n and whether any digit follows it; a 1 stands for those not held.
      r.mant.assign(d.digits, 0, static_cast<size_t>(n + 1));
      r.mant.push_back('1');
    }
    if (how < 0) r.round_down(n);
    else if (how > 0) r.round_up(n);
    else r.round(n);
    return r;
  };
  for (int64_t i = 0; i < d.size; ++i) {
    if (!d.holds(i) || !lower.holds(i) || !upper.holds(i)) return std::nullopt;
    char m = d.at(i), l = lower.at(i), u = upper.at(i);
    bool okdown = l != m || (inclusive && i + 1 == lower.size);
    bool okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.size);
    if (okdown && okup) return result(i + 1, 0);
    if (okdown) return result(i + 1, -1);
    if (okup) return result(i + 1, +1);
  }
  return result(d.size, 0);
}

Decimal shortest(const mpz_t mant, int64_t exp, bool fast) {
  if (mpz_sgn(mant) == 0) return {};
  Mpz m2, lo, hi;
  mpz_abs(m2.z, mant);
  bool inclusive = mpz_even_p(m2.z);
  mpz_mul_2exp(m2.z, m2.z, 1);
  mpz_sub_ui(lo.z, m2.z, 1);
  mpz_add_ui(hi.z, m2.z, 1);
  if (fast && (exp > kExactShift || exp < -kExactShift)) {
    size_t want = (mpz_sizeinbase(m2.z, 2) + 1) * 30103 / 100000 + 8;
    Leading d = leading_of(mant, exp, want), lower = leading_of(lo.z, exp - 1, want),
            upper = leading_of(hi.z, exp - 1, want);
    if (std::optional<Decimal> r = round_shortest(d, lower, upper, inclusive)) return std::move(*r);
  }
  Leading d = leading_of_exact(mant, exp), lower = leading_of_exact(lo.z, exp - 1),
          upper = leading_of_exact(hi.z, exp - 1);
  return *round_shortest(d, lower, upper, inclusive);  // every digit is held
}

}  // namespace

Decimal exact_decimal(const mpz_t m, int64_t shift) {
  Decimal d;
  if (mpz_sgn(m) == 0) return d;
  Mpz v;
  mpz_abs(v.z, m);
  if (shift < 0) {
    int64_t s = std::min(static_cast<int64_t>(mpz_scan1(v.z, 0)), -shift);
    mpz_fdiv_q_2exp(v.z, v.z, static_cast<mp_bitcnt_t>(s));
    shift += s;
  }
  if (shift > 0) {
    mpz_mul_2exp(v.z, v.z, static_cast<mp_bitcnt_t>(shift));
    shift = 0;
  }
  if (shift < 0) {
    // |m| / 2^k == |m| * 5^k / 10^k: exact.
    Mpz p;
    mpz_ui_pow_ui(p.z, 5, static_cast<unsigned long>(-shift));
    mpz_mul(v.z, v.z, p.z);
  }
  d.mant.resize(mpz_sizeinbase(v.z, 10) + 2);
  mpz_get_str(d.mant.data(), 10, v.z);
  d.mant.resize(std::strlen(d.mant.c_str()));
  d.exp = static_cast<int64_t>(d.mant.size()) + shift;
  d.trim();
  return d;
}

Decimal shortest_decimal(const mpz_t mant, int64_t exp) { return shortest(mant, exp, true); }

Decimal shortest_decimal_exactly(const mpz_t mant, int64_t exp) { return shortest(mant, exp, false); }

}  // namespace hcl::cty
