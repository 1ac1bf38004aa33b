// SPDX-License-Identifier: Apache-2.0
// Decoding literals: which texts need it (the check skips plain text sixteen bytes at a time), and
// where an escape's diagnostic lands.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "source/source_file.h"
#include "syntax/parser.h"
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

TEST_CASE("an escape's diagnostic counts columns slice by slice, as the reference does") {
  // The reference walks a literal in slices (escapes, "$"/"%" runs, the text between), counting
  // each slice's grapheme clusters on its own: a combining mark (U+0301) right after an escape is
  // a column of its own. Columns from hcl-oracle validate. Each source is parsed twice, since the
  // file's position cursor must not change the answer.
  struct Case {
    std::string text;
    std::vector<std::pair<uint32_t, uint32_t>> columns;  // start and end of each diagnostic
  };
  const std::string mark = "\xCC\x81";
  for (const Case& c : std::vector<Case>{
           {"a = \"\\n" + mark + "\\q\"\n", {{9, 11}}},
           {"a = \"\\u00e9" + mark + "\\q\"\n", {{13, 15}}},
           {"a = \"\\u12" + mark + " \\q\"\n", {{6, 10}, {12, 14}}},
           {"a = \"a" + mark + "\\u12" + mark + mark + "\\q x\\U1" + mark + "\\z\"\n",
            {{7, 11}, {12, 14}, {16, 19}, {20, 22}}},
       }) {
    CAPTURE(c.text);
    auto src = std::make_shared<hcl::source::SourceFile>("t.hcl", c.text);
    for (int round = 0; round < 2; ++round) {
      auto r = hcl::syntax::parse_config(src);
      REQUIRE(r.diagnostics.size() == c.columns.size());
      for (size_t i = 0; i < c.columns.size(); ++i) {
        CHECK(r.diagnostics[i].subject->start.column == c.columns[i].first);
        CHECK(r.diagnostics[i].subject->end.column == c.columns[i].second);
      }
    }
  }
}
