// SPDX-License-Identifier: Apache-2.0
// Grapheme clusters as the reference's go-textseg v15 splits them, which columns and cty's string
// functions count.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "source/source_file.h"
#include "source/utf8.h"

namespace {

// The clusters of `s` as their lengths in bytes.
std::vector<size_t> clusters(const std::string& s) {
  std::vector<size_t> out;
  for (size_t i = 0; i < s.size();) {
    size_t n = hcl::source::utf8::grapheme_cluster_length(s, i);
    out.push_back(n);
    i += n;
  }
  return out;
}

}  // namespace

TEST_CASE("grapheme clusters follow go-textseg's grammar") {
  using V = std::vector<size_t>;
  CHECK(clusters("a\u0301b") == V{3, 1});
  CHECK(clusters("\r\n\n") == V{2, 1});
  // Hangul syllables: L V T, and an L before LV before a T (L+ LV ends the syllable).
  CHECK(clusters("\u1100\u1161\u11A8") == V{9});
  CHECK(clusters("\u1100\uAC00\u11A8") == V{6, 3});
  CHECK(clusters("\uAC00\u11A8") == V{6});
  // Regional indicators pair up.
  CHECK(clusters("\U0001F1E6\U0001F1E8\U0001F1E6") == V{8, 4});
  // A ZWJ and an emoji extend a flag or a syllable too (UAX #29 joins them only after an emoji),
  // but not a plain letter.
  CHECK(clusters("\U0001F1E6\u0301\u200D\U0001F467") == V{13});
  CHECK(clusters("\uAC00\u200D\U0001F467") == V{10});
  CHECK(clusters("a\u200D\U0001F467") == V{4, 4});
  CHECK(clusters("\U0001F468\u200D\U0001F469") == V{11});
  // U+FFFD breaks like a control character.
  CHECK(clusters("a\uFFFD\u0301") == V{1, 3, 2});
  // Prepend characters join what follows, but not a control character.
  CHECK(clusters("\u0600a\u0301") == V{5});
  CHECK(clusters("\u0600\n") == V{2, 1});
  // A stray byte stands alone; a malformed sequence shaped like UTF-8 takes marks.
  CHECK(clusters("\x80\u0301") == V{1, 2});
  CHECK(clusters("\xC0\x80\u0301") == V{4});
  CHECK(hcl::source::grapheme_count("ab\U0001F1E6\u0301\u200D\U0001F467c") == 4);
}

TEST_CASE("bytes that are not UTF-8 join clusters as go-textseg's generated tables take them") {
  // Its class tables come from the same generator as hclsyntax's names (tools/ragel_byte_patterns
  // .mjs): after 0xCC any byte is Extend (U+0300..U+036F, extended), after 0xCD up to 0xAF is.
  // Expected lengths are go-textseg v15's ScanGraphemeClusters.
  using V = std::vector<size_t>;
  CHECK(clusters("a\xCC\xCC") == V{3});
  CHECK(clusters("e\xCD=") == V{3});
  // Such a sequence starts no cluster of its own: textseg takes its first byte alone.
  CHECK(clusters("\xCD=") == V{1, 1});
  CHECK(clusters("\xD8\xCC\x81\xCC\xCC") == V{1, 4});
  CHECK(clusters("\xE0\xA4\xE0\xA4\xBF") == V{1, 1, 3});
  // A Control sequence of the tables (U+E0000's block, extended) is one cluster.
  CHECK(clusters("\xF3\xA0\x83=") == V{4});
  CHECK(clusters("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F") == V{7, 1, 1});
  CHECK(clusters("\xF0\xAB===") == V{1, 1, 1, 1, 1});
}

TEST_CASE("to_nfc composes the text between bytes that are not UTF-8, and passes those bytes through") {
  using hcl::source::utf8::to_nfc;
  CHECK(to_nfc("e\xCC\x81") == "\xC3\xA9");
  // As Go's norm package, which cty.StringVal and so hclwrite's labels use: the reference writes
  // this label as three U+FFFD then a composed "é".
  CHECK(to_nfc("a\xE0\x89\x9E"
               "e\xCC\x81") == "a\xE0\x89\x9E\xC3\xA9");
  // Nothing composes across such a byte.
  CHECK(to_nfc("e\xFF\xCC\x81") == "e\xFF\xCC\x81");
  CHECK(to_nfc("e\xCC\x81\xFF") == "\xC3\xA9\xFF");
  CHECK(to_nfc("\xFF") == "\xFF");
}
