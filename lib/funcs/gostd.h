// SPDX-License-Identifier: Apache-2.0
// Behaviours of Go's standard library that the reference's functions inherit and users can see
// in results and messages: rune quoting, Unicode classes and case mapping as Go 1.19 (Unicode 13)
// has them. The other Go behaviours have one home each, lower down: gocty's number conversions
// in cty/gocty.h, utf8.DecodeRuneInString in source/utf8.h, unicode.IsPrint, strconv.Quote,
// encoding/json's string escaping and hclwrite's string literals in util/text.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hcl::funcs::gostd {

// strconv.QuoteRune ('x', '\n', '\x00', '\u00a0').
std::string quote_rune(char32_t r);

// unicode.IsLetter, IsDigit, IsSpace.
bool is_letter(char32_t r);
bool is_digit(char32_t r);
bool is_space(char32_t r);

// unicode.ToUpper, ToLower, ToTitle (simple mappings; characters Unicode 13 does not map are
// kept).
char32_t to_upper(char32_t r);
char32_t to_lower(char32_t r);
char32_t to_title(char32_t r);

}  // namespace hcl::funcs::gostd
