// SPDX-License-Identifier: Apache-2.0
// Which literal texts need decoding: the check skips plain text sixteen bytes at a time.
#include <doctest/doctest.h>

#include <string>

#include "syntax/string_literal.h"

using hcl::syntax::literal_needs_decoding;

TEST_CASE("a literal needs decoding when it holds $, % or (quoted) a backslash, at any offset") {
  for (size_t len : {size_t(0), size_t(1), size_t(15), size_t(16), size_t(17), size_t(32), size_t(40)}) {
    std::string plain(len, 'a');
    CHECK_FALSE(literal_needs_decoding(plain, true));
    CHECK_FALSE(literal_needs_decoding(plain, false));
    for (size_t at = 0; at < len; ++at) {
      for (char c : {'$', '%', '\\'}) {
        std::string s = plain;
        s[at] = c;
        CAPTURE(s);
        CHECK(literal_needs_decoding(s, true));
        CHECK(literal_needs_decoding(s, false) == (c != '\\'));
      }
    }
  }
}
