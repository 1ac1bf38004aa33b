// SPDX-License-Identifier: Apache-2.0
// The shortest decimal of a long expansion is found from its leading digits alone; these hold it
// to the definition (the full expansion, rounded as big's roundShortest rounds it).
#include <doctest/doctest.h>
#include <gmp.h>

#include <cstdint>
#include <random>
#include <string>

#include "cty/decimal.h"

using hcl::cty::Decimal;

namespace {

struct Mantissa : hcl::cty::Mpz {
  // Scales z to exactly `prec` bits, its top bit set, as the printers hand mantissas over.
  void normalise(unsigned prec) {
    size_t bits = mpz_sizeinbase(z, 2);
    if (bits < prec) mpz_mul_2exp(z, z, prec - bits);
    else if (bits > prec) mpz_fdiv_q_2exp(z, z, bits - prec);
  }
};

std::string text(const Decimal& d) { return d.mant + "e" + std::to_string(d.exp); }

void check_same(const Mantissa& m, int64_t exp) {
  std::string fast = text(hcl::cty::shortest_decimal(m.z, exp));
  std::string exact = text(hcl::cty::shortest_decimal_exactly(m.z, exp));
  char* digits = mpz_get_str(nullptr, 16, m.z);
  INFO("mantissa 0x" << digits << " exponent " << exp);
  free(digits);
  CHECK(fast == exact);
}

}  // namespace

TEST_CASE("shortest decimal from leading digits matches the full expansion") {
  std::mt19937_64 rng(20261126);
  const unsigned precisions[] = {24, 53, 64, 512, 700};
  std::uniform_int_distribution<int64_t> exps(-40000, 40000);
  for (unsigned prec : precisions) {
    for (int i = 0; i < 120; ++i) {
      Mantissa m;
      // Random bits; every fourth one a power of two (the neighbours are then lopsided), every
      // fourth a multiple of a high power of five (the expansion ends in zeros).
      switch (i % 4) {
        case 0: mpz_set_ui(m.z, 1); break;
        case 1: {
          mpz_ui_pow_ui(m.z, 5, std::uniform_int_distribution<unsigned>(1, prec * 43 / 100)(rng));
          mpz_mul_ui(m.z, m.z, rng() | 1);
          break;
        }
        default:
          mpz_set_ui(m.z, 1);
          for (unsigned bits = 0; bits < prec; bits += 64) {
            mpz_mul_2exp(m.z, m.z, 64);
            mpz_add_ui(m.z, m.z, rng());
          }
      }
      m.normalise(prec);
      int64_t exp = exps(rng);
      check_same(m, exp);
      // Just past the length at which expansions stop being made in full.
      check_same(m, 2049 + static_cast<int64_t>(rng() % 8));
      check_same(m, -2049 - static_cast<int64_t>(rng() % 8) - prec);
    }
  }
}
