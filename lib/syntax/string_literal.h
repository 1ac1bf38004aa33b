// SPDX-License-Identifier: Apache-2.0
// Decoding the text of template literal tokens: backslash escapes in quoted templates and the
// "$${" / "%%{" escapes everywhere (the reference's scanStringLit and ParseStringLiteralToken).
#pragma once

#include <string>
#include <string_view>

#include "diag/diagnostic.h"
#include "source/source_file.h"
#include "util/byte_runs.h"

namespace hcl::syntax {

// Decodes `text`, which starts at byte `offset` of `file`. Invalid escapes are reported to
// `diags` when given, and kept in the result as the reference keeps them.
std::string decode_literal(std::string_view text, bool quoted, const source::SourceFile* file = nullptr,
                           uint32_t offset = 0, diag::Diagnostics* diags = nullptr);

namespace literal_detail {
inline bool is_kept(unsigned char c) { return c != '$' && c != '%' && c != '\\'; }
inline bool is_kept_unquoted(unsigned char c) { return c != '$' && c != '%'; }
#if defined(__SSE2__)
inline __m128i sigils(__m128i v) { return _mm_or_si128(util::byte_eq(v, '$'), util::byte_eq(v, '%')); }
inline __m128i not_kept(__m128i v) { return _mm_or_si128(sigils(v), util::byte_eq(v, '\\')); }
#endif
}  // namespace literal_detail

// Whether decoding could change the text (so callers can skip the work): sixteen bytes at a time,
// since heredocs make long literals.
inline bool literal_needs_decoding(std::string_view text, bool quoted) {
  using namespace literal_detail;
  size_t end = quoted ? util::run_end<is_kept, HCL_SSE2_MASK(not_kept)>(text.data(), size_t{0}, text.size())
                      : util::run_end<is_kept_unquoted, HCL_SSE2_MASK(sigils)>(text.data(), size_t{0}, text.size());
  return end != text.size();
}

}  // namespace hcl::syntax
