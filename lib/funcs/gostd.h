// SPDX-License-Identifier: Apache-2.0
// Behaviours of Go's standard library that the reference's functions inherit and users can see
// in results and messages: rune quoting, Unicode classes and case mapping as Go 1.19 (Unicode 13)
// has them, encoding/json's string quoting, and gocty's integer conversion.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cty/number.h"

namespace hcl::funcs::gostd {

// strconv.QuoteRune ('x', '\n', '\x00', '\u00a0').
std::string quote_rune(char32_t r);

// The rune at byte offset `at` as utf8.DecodeRuneInString reads it: U+FFFD and width 1 for an
// invalid byte, width 0 at the end.
char32_t decode_rune(std::string_view s, size_t at, size_t& width);

// unicode.IsLetter, IsDigit, IsSpace.
bool is_letter(char32_t r);
bool is_digit(char32_t r);
bool is_space(char32_t r);

// unicode.ToUpper, ToLower, ToTitle (simple mappings; characters Unicode 13 does not map are
// kept).
char32_t to_upper(char32_t r);
char32_t to_lower(char32_t r);
char32_t to_title(char32_t r);

// encoding/json's quoting of a string (json.Marshal escapes <, > and & when `escape_html`):
// \" \\ \n \r \t, other control characters as \u00XX, U+2028 and U+2029 escaped, invalid UTF-8
// as \ufffd.
std::string json_string(std::string_view s, bool escape_html);

// gocty.FromCtyValue into a Go int: the value, or nullopt when it is not a whole number in
// int64's range (kWholeNumberMessage is the reference's message then).
std::optional<int64_t> to_int(const cty::Number& n);
inline constexpr const char* kWholeNumberMessage =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

}  // namespace hcl::funcs::gostd
