// SPDX-License-Identifier: Apache-2.0
// UTF-8 decoding and the Unicode character classes the lexer needs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hcl::source::utf8 {

// Decodes one scalar value at p (p < end). Returns its length in bytes, or 0 when the bytes there
// are not valid UTF-8 (overlong forms, surrogates and values above U+10FFFF are invalid).
int decode(const unsigned char* p, const unsigned char* end, char32_t& out);

inline int decode(std::string_view s, size_t at, char32_t& out) {
  auto* b = reinterpret_cast<const unsigned char*>(s.data());
  return decode(b + at, b + s.size(), out);
}

// Go's utf8.DecodeRuneInString at byte offset `at`: U+FFFD and width 1 for an invalid byte,
// U+FFFD and width 0 at the end. Go's functions that step over strings rune by rune (regexp,
// path.Match) see text this way.
char32_t decode_rune(std::string_view s, size_t at, size_t& width);

void append(std::string& out, char32_t cp);

bool is_valid(std::string_view s);

// Unicode White_Space, as Go's unicode.IsSpace.
bool is_space(char32_t cp);

// Trim Unicode white space from both ends (Go's bytes.TrimSpace).
std::string_view trim_space(std::string_view s);

// Length in bytes of the grapheme cluster starting at `at` (< s.size()), as go-textseg v15 (the
// reference's segmenter, Unicode 15.0 tables) splits text. Its grammar is looser than UAX #29 in
// two places that show: U+FFFD breaks like a control character, and a ZWJ followed by an
// emoji extends any cluster that may take extending characters, not only an emoji. A malformed
// sequence shaped like UTF-8 is an ordinary character; a stray byte is a cluster alone.
size_t grapheme_cluster_length(std::string_view s, size_t at);

// True when `s` is certainly NFC already (nothing at or above U+0300, which covers ASCII).
bool is_nfc_quick(std::string_view s);
// NFC form of UTF-8 text (what cty.StringVal stores); invalid UTF-8 is returned unchanged.
std::string to_nfc(std::string_view s);

}  // namespace hcl::source::utf8
