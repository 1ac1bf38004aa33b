// SPDX-License-Identifier: Apache-2.0
// Decimal forms of binary floats as Go's math/big writes them (ftoa.go, decimal.go): the exact
// decimal of a mantissa times a power of two, and the shortest decimal that reads back to the
// same float (big.Float.Text with precision -1). The evaluator's numbers (cty/number.h) and the
// JSON emitter's literals (json/number_text.h) both print through here.
//
// The exact decimal of m * 2^e has about |e| * 0.3 digits, and making them all costs more than
// linear time (a million digits: a third of a second). The shortest decimal needs only its
// leading digits, at most about prec * 0.3 (the half-ulp neighbours differ from the value there),
// so for a long expansion it takes them from MPFR, correctly truncated, and counts the rest
// without making them: a number of a million digits prints as fast as writing its zeros.
#pragma once

#include <gmp.h>

#include <cstdint>
#include <string>

namespace hcl::cty {

// An mpz_t that clears itself.
struct Mpz {
  mpz_t z;
  Mpz() { mpz_init(z); }
  ~Mpz() { mpz_clear(z); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
};

// Go's big decimal: value = 0.mant * 10^exp; mant has no leading or trailing zeros and is empty
// for zero.
struct Decimal {
  std::string mant;
  int64_t exp = 0;

  char at(int64_t i) const { return i >= 0 && i < static_cast<int64_t>(mant.size()) ? mant[i] : '0'; }
  void trim();
  // Rounding to n digits, as decimal.round, roundUp and roundDown (nothing when n is out of range).
  void round(int64_t n);
  void round_up(int64_t n);
  void round_down(int64_t n);
};

// Appends d in %f form with `fraction` digits after the point (none and no point when 0),
// rounded already: big's fmtF.
void append_fixed(std::string& out, const Decimal& d, int64_t fraction);

// The exact decimal of |m| * 2^shift (big's decimal.init): every digit.
Decimal exact_decimal(const mpz_t m, int64_t shift);

// The shortest decimal that identifies |mant| * 2^exp among floats of `mant`'s bit length
// (big's roundShortest applied to the exact decimal): mant must be normalised to exactly the
// precision, its top bit set.
Decimal shortest_decimal(const mpz_t mant, int64_t exp);

// shortest_decimal through the exact expansion always, whatever its length: for tests that hold
// the fast path to the definition.
Decimal shortest_decimal_exactly(const mpz_t mant, int64_t exp);

}  // namespace hcl::cty
