// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>

#include "lsp/document.h"
#include "lsp/position.h"

using hcl::lsp::Encoding;
using hcl::lsp::LineIndex;
using hcl::lsp::Position;

TEST_CASE("lsp positions: UTF-16 units and UTF-8 bytes against byte offsets") {
  // "é" is 2 bytes and 1 UTF-16 unit; the emoji is 4 bytes and 2 units (a surrogate pair).
  std::string text = "a\xC3\xA9\xF0\x9F\x98\x80z\r\nsecond\n";
  LineIndex li(text);
  CHECK(li.line_count() == 3);
  struct Case {
    uint32_t line, character;
    Encoding e;
    uint32_t offset;
  };
  const Case cases[] = {
      {0, 0, Encoding::Utf16, 0},  {0, 1, Encoding::Utf16, 1},
      {0, 2, Encoding::Utf16, 3},  {0, 3, Encoding::Utf16, 3},  // inside the surrogate pair: the start of the character
      {0, 4, Encoding::Utf16, 7},  {0, 5, Encoding::Utf16, 8},
      {0, 6, Encoding::Utf16, 8},  // past the line's end (before "\r\n"): its end
      {0, 7, Encoding::Utf8, 7},   {0, 99, Encoding::Utf8, 8},
      {1, 3, Encoding::Utf16, 13}, {2, 0, Encoding::Utf16, 17},
      {7, 3, Encoding::Utf16, 17},
  };
  for (const Case& c : cases) {
    CAPTURE(c.line);
    CAPTURE(c.character);
    CHECK(li.offset(Position{c.line, c.character}, c.e) == c.offset);
  }
  CHECK(li.position(7, Encoding::Utf16).character == 4);
  CHECK(li.position(7, Encoding::Utf8).character == 7);
  CHECK(li.position(13, Encoding::Utf16).line == 1);
  CHECK(li.position(13, Encoding::Utf16).character == 3);
  CHECK(li.position(1000, Encoding::Utf16).line == 2);
}

TEST_CASE("lsp positions: bytes that are not UTF-8 count one unit each") {
  std::string text = "\xFF\xC3(\xF0\x9F";
  LineIndex li(text);
  for (uint32_t i = 0; i <= text.size(); ++i) {
    CAPTURE(i);
    Position p = li.position(i, Encoding::Utf16);
    CHECK(p.character == i);
    CHECK(li.offset(p, Encoding::Utf16) == i);
  }
}

TEST_CASE("lsp positions: lines end at \"\\n\", \"\\r\\n\" and a lone \"\\r\", as the client splits them") {
  // LSP 3.17, "Text Documents": both sides must split a text into the same lines.
  std::string text = "a\rbc\r\nd\n\r";
  LineIndex li(text);
  CHECK(li.line_count() == 5);
  CHECK(li.offset(Position{1, 0}, Encoding::Utf16) == 2);
  CHECK(li.offset(Position{1, 9}, Encoding::Utf16) == 4);  // the line's end, before "\r\n"
  CHECK(li.offset(Position{2, 0}, Encoding::Utf16) == 6);
  CHECK(li.offset(Position{4, 0}, Encoding::Utf16) == 9);
  CHECK(li.line_end(0) == 1);
  CHECK(li.line_end(3) == 8);
  Position p = li.position(2, Encoding::Utf8);
  CHECK((p.line == 1 && p.character == 0));
  // Between "\r" and "\n" is no position: it is the line's end.
  p = li.position(5, Encoding::Utf16);
  CHECK((p.line == 1 && p.character == 2));
  p = li.position(5, Encoding::Utf8);
  CHECK((p.line == 1 && p.character == 2));
}

TEST_CASE("lsp positions: an offset inside a character counts the character in UTF-8 too") {
  // A JSON diagnostic can cover one byte of "é" (2 bytes) or of an emoji (4 bytes).
  std::string text = "\xC3\xA9\xF0\x9F\x98\x80\xC3(";
  LineIndex li(text);
  const uint32_t want[] = {0, 2, 2, 6, 6, 6, 6, 7, 8};
  for (uint32_t i = 0; i <= text.size(); ++i) {
    CAPTURE(i);
    CHECK(li.position(i, Encoding::Utf8).character == want[i]);
  }
}

TEST_CASE("lsp documents: incremental changes apply in the client's encoding") {
  hcl::lsp::Document doc("/x/a.hcl", "x = \"\xF0\x9F\x98\x80\" y\n", 1);
  hcl::lsp::TextChange change;
  change.range = {Position{0, 8}, Position{0, 10}};  // " y" after the emoji, in UTF-16 units
  doc.apply(change, Encoding::Utf16);
  CHECK(doc.text() == "x = \"\xF0\x9F\x98\x80\"\n");
  CHECK(doc.analysis().diagnostics.empty());
  change.range = {Position{5, 0}, Position{9, 0}};
  change.text = "z = 1\n";
  doc.apply(change, Encoding::Utf16);
  CHECK(doc.text() == "x = \"\xF0\x9F\x98\x80\"\nz = 1\n");
  change = hcl::lsp::TextChange{std::nullopt, std::string(1, '{')};
  doc.apply(change, Encoding::Utf16);
  CHECK(doc.text() == "{");
  CHECK(!doc.analysis().diagnostics.empty());
}
