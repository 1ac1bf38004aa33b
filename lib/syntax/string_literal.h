// SPDX-License-Identifier: Apache-2.0
// Decoding the text of template literal tokens: backslash escapes in quoted templates and the
// "$${" / "%%{" escapes everywhere (the reference's scanStringLit and ParseStringLiteralToken).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"
#include "lex/scan.h"
#include "source/source_file.h"

namespace hcl::syntax {

// Decodes `text`, which starts at byte `offset` of `file`. Invalid escapes are reported to
// `diags` when given, and kept in the result as the reference keeps them.
std::string decode_literal(std::string_view text, bool quoted, const source::SourceFile* file = nullptr,
                           uint32_t offset = 0, diag::Diagnostics* diags = nullptr);

// Whether decoding could change the text (so callers can skip the work): sixteen bytes at a time,
// since heredocs make long literals.
inline bool literal_needs_decoding(std::string_view text, bool quoted) {
  // The lexer's scanners of runs free of escapes or of sigils (positions fit 32 bits: a source
  // file's do).
  const auto size = static_cast<uint32_t>(text.size());
  return (quoted ? lex::scan::escape_free_end(text.data(), 0, size)
                 : lex::scan::sigil_free_end(text.data(), 0, size)) != size;
}

}  // namespace hcl::syntax
