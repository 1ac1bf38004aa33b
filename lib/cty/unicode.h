// SPDX-License-Identifier: Apache-2.0
// Unicode text as cty keeps it: strings are normalised to NFC when they become values, and
// lengths count grapheme clusters.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hcl::cty {

// NFC form of a UTF-8 string (cty.NormalizeString). Invalid UTF-8 is returned unchanged.
std::string normalize_nfc(std::string_view s);
// True when `s` is already NFC (cheap for ASCII).
bool is_nfc(std::string_view s);

// Number of grapheme clusters (cty's Strlen).
size_t grapheme_length(std::string_view s);

// Byte offsets of the grapheme cluster boundaries of `s`: 0, ..., s.size().
std::vector<size_t> grapheme_boundaries(std::string_view s);

// hclsyntax.ValidIdentifier: the whole string is one name as the lexer draws names
// (source/identifier.h).
bool is_valid_identifier(std::string_view s);

}  // namespace hcl::cty
