// SPDX-License-Identifier: Apache-2.0
// Name characters as the reference's scanner takes them (source/identifier.h).
#include <doctest/doctest.h>

#include <string>

#include "source/identifier.h"
#include "source/utf8.h"

namespace {

size_t start_length(std::string_view s) {
  auto* p = reinterpret_cast<const unsigned char*>(s.data());
  return hcl::source::id_start_length(p, p + s.size());
}
size_t continue_length(std::string_view s) {
  auto* p = reinterpret_cast<const unsigned char*>(s.data());
  return hcl::source::id_continue_length(p, p + s.size());
}

}  // namespace

TEST_CASE("letters, marks and digits of Unicode 9.0") {
  CHECK(start_length("\xc3\xa9") == 2);          // é
  CHECK(start_length("\xe4\xb8\xad") == 3);      // 中
  CHECK(start_length("\xf0\x9e\xa4\x80") == 4);  // U+1E900 ADLAM CAPITAL LETTER ALIF (9.0)
  CHECK(start_length("\xcc\x81") == 0);          // a combining mark continues a name only
  CHECK(continue_length("\xcc\x81") == 2);
  CHECK(start_length("\xd9\xa0") == 0);  // ARABIC-INDIC DIGIT ZERO
  CHECK(continue_length("\xd9\xa0") == 2);
  CHECK(start_length("\xc3\x97") == 0);  // ×
  CHECK(continue_length("\xc3\x97") == 0);
  CHECK(start_length("\xe0\xa1\xa0") == 0);      // U+0860 SYRIAC LETTER MALAYALAM NGA (10.0)
  CHECK(start_length("\xf0\x9f\x98\x80") == 0);  // an emoji
}

TEST_CASE("byte sequences that are not UTF-8 but that the reference's machine takes") {
  CHECK(start_length("\xc4=") == 2);
  CHECK(start_length("\xc4\n") == 2);
  CHECK(start_length("\xc3\xff") == 2);
  CHECK(start_length("\xc3\x41") == 0);
  CHECK(start_length(std::string("\xe5\x00\x00", 3)) == 3);
  CHECK(start_length(std::string("\xe5\x00", 2)) == 0);  // cut off by the end
  CHECK(start_length("\xf0\xab\x01\x20") == 4);
  CHECK(start_length("\xf0\xaf\xa8\x9d") == 4);  // U+2FA1D, the last CJK compatibility ideograph
  CHECK(start_length("\xf0\xaf\xa8\x9e") == 0);  // U+2FA1E, unassigned
}

TEST_CASE("is_identifier is hclsyntax.ValidIdentifier") {
  CHECK(hcl::source::is_identifier("foo"));
  CHECK(hcl::source::is_identifier("_a-b_1"));
  CHECK(hcl::source::is_identifier("caf\xc3\xa9"));
  CHECK(hcl::source::is_identifier("a\xc4 "));
  CHECK_FALSE(hcl::source::is_identifier(""));
  CHECK_FALSE(hcl::source::is_identifier("1a"));
  CHECK_FALSE(hcl::source::is_identifier("-a"));
  CHECK_FALSE(hcl::source::is_identifier("a b"));
  CHECK_FALSE(hcl::source::is_identifier("a\xe0\xa1\xa0"));
  CHECK(hcl::source::identifier_end("ab cd", 3) == 5);
  CHECK(hcl::source::identifier_end("ab cd", 2) == 2);
}

TEST_CASE("every lead byte's patterns have its UTF-8 length") {
  // match() takes the first pattern that fits, which is the longest match only if all of one
  // lead byte's patterns are as long; a lead byte fixes the length of what it encodes.
  for (int lead = 0x80; lead <= 0xFF; ++lead) {
    size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    std::string s(4, '\0');
    s[0] = static_cast<char>(lead);
    for (int b = 0; b < 256; ++b) {
      s[1] = static_cast<char>(b);
      for (int c : {0x00, 0x80, 0xBF, 0xFF}) {
        s[2] = static_cast<char>(c);
        for (int d : {0x00, 0x80, 0xBF, 0xFF}) {
          s[3] = static_cast<char>(d);
          size_t n = start_length(s), m = continue_length(s);
          CAPTURE(lead);
          CAPTURE(b);
          REQUIRE((n == 0 || n == want));
          REQUIRE((m == 0 || m == want));
        }
      }
    }
  }
}
