// SPDX-License-Identifier: Apache-2.0
// Go's float64 math as the reference runs it on amd64 (see gomath.h).
#include "funcs/gomath.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace hcl::funcs::gomath {

// Nothing here may be contracted into fused operations except where std::fma says so (the build
// uses ISO C++, where GCC does not contract a * b + c).

// Go's test (internal/cpu): the CPU has AVX and FMA, and the OS saves the AVX registers. Asked
// with CPUID on first use rather than through __builtin_cpu_supports, whose start-up constructor
// would probe every feature in every run of the executable, and CPUID is slow under a hypervisor.
bool uses_fma() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool fma = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
    bool osxsave = ecx & bit_OSXSAVE, avx = ecx & bit_AVX, fma3 = ecx & bit_FMA;
    if (!osxsave || !avx || !fma3) return false;
    unsigned lo = 0, hi = 0;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 0x6) == 0x6;  // XMM and YMM state enabled
  }();
  return fma;
#else
  return false;
#endif
}

namespace {

double from_bits(uint64_t b) { return __builtin_bit_cast(double, b); }  // std::bit_cast, where libc++ lacks it
uint64_t to_bits(double d) { return __builtin_bit_cast(uint64_t, d); }

// CVTSD2SL: round to nearest even; out of range gives the "integer indefinite" value.
int32_t cvtsd2sl(double t) {
  double r = std::nearbyint(t);
  if (!(r >= -2147483648.0 && r <= 2147483647.0)) return INT32_MIN;
  return static_cast<int32_t>(r);
}

}  // namespace

double exp(double x, bool fma) {
  constexpr double kLog2e = 1.4426950408889634073599246810018920;
  constexpr double kLn2Hi = 0.69314718055966295651160180568695068359375;
  constexpr double kLn2Lo = 0.28235290563031577122588448175013436025525412068e-12;
  constexpr double kOverflow = 7.09782712893384e+02;
  constexpr double kC[] = {2.4801587301587301587e-5,
                           1.9841269841269841270e-4,
                           1.3888888888888888889e-3,
                           8.3333333333333333333e-3,
                           4.1666666666666666667e-2,
                           1.6666666666666666667e-1,
                           0.5,
                           1.0};
  uint64_t bits = to_bits(x);
  if ((bits & ~(uint64_t{1} << 63)) >= 0x7FF0000000000000ULL) {
    if (bits == 0xFFF0000000000000ULL) return 0;  // -Inf
    return x;                                     // +Inf or NaN
  }
  if (x > kOverflow) return std::numeric_limits<double>::infinity();
  int32_t k = cvtsd2sl(kLog2e * x);
  double kd = static_cast<double>(k);
  double r = x;
  double p = kC[0];
  if (fma) {
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

double log(double x) {
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

namespace {

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

}  // namespace

double pow(double x, double y, bool fma) {
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
    if (x < 0) return pow(1 / x, -y, fma);  // Pow(-0, -y)
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
    a1 = exp(yf * log(x), fma);
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

}  // namespace hcl::funcs::gomath
