// SPDX-License-Identifier: Apache-2.0
// Go's float64 math as the reference runs it on amd64, bit for bit: cty's pow and log compute
// in float64 and print the shortest digits of the result, so a last-bit difference from the
// C library's correctly rounded functions shows.
//
// math.Exp and math.Log are amd64 assembly in Go: Exp is a reduced-argument Taylor series whose
// operation order depends on whether the processor has FMA (Go checks AVX and FMA at startup),
// and Log is FreeBSD's algorithm with an unnormalised frexp. math.Pow is pure Go on top of them.
// Each step is one rounding of the original, in the original order.
#pragma once

namespace hcl::funcs::gomath {

// Whether Go would take its FMA paths on this processor.
bool uses_fma();

double exp(double x, bool fma);
double log(double x);
double pow(double x, double y, bool fma);

inline double exp(double x) { return exp(x, uses_fma()); }
inline double pow(double x, double y) { return pow(x, y, uses_fma()); }

}  // namespace hcl::funcs::gomath
