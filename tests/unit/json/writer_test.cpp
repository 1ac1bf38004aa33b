// SPDX-License-Identifier: Apache-2.0
// JSON text as Go's encoding/json writes it (json.Marshal then json.Indent with four spaces).
#include <doctest/doctest.h>

#include "json/writer.h"

using hcl::json::append_quoted;
using hcl::json::Writer;

namespace {

std::string quoted(std::string_view s) {
  std::string out;
  append_quoted(out, s);
  return out;
}

}  // namespace

TEST_CASE("strings are escaped as encoding/json escapes them") {
  CHECK(quoted("plain") == "\"plain\"");
  CHECK(quoted("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(quoted("\n\r\t") == "\"\\n\\r\\t\"");
  // Go 1.19 has no short forms for \b and \f; other control characters are \u00XX.
  CHECK(quoted(std::string("\b\f\x01\x1f", 4)) == "\"\\u0008\\u000c\\u0001\\u001f\"");
  CHECK(quoted(std::string("a\0b", 3)) == "\"a\\u0000b\"");
  // HTML-sensitive characters are escaped (json.Marshal's default).
  CHECK(quoted("<a href='x'>&</a>") == "\"\\u003ca href='x'\\u003e\\u0026\\u003c/a\\u003e\"");
  // DEL and non-ASCII characters pass through, except the JavaScript line terminators.
  CHECK(quoted("\x7f") == "\"\x7f\"");
  CHECK(quoted("é☃😀") == "\"é☃😀\"");
  CHECK(quoted("a\u2028b\u2029c") == "\"a\\u2028b\\u2029c\"");
  // Each byte of an invalid sequence is one U+FFFD (utf8.DecodeRuneInString).
  CHECK(quoted("a\xff"
               "b") == "\"a\\ufffdb\"");
  CHECK(quoted("\xc0\x80") == "\"\\ufffd\\ufffd\"");
  CHECK(quoted("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");
  CHECK(quoted("\xe2\x82") == "\"\\ufffd\\ufffd\"");
}

TEST_CASE("pretty layout is json.Indent's with four spaces") {
  std::string out;
  Writer w(out);
  w.begin_object();
  w.key("a");
  w.raw("1");
  w.key("b");
  w.begin_array();
  w.string("x");
  w.begin_object();
  w.end_object();
  w.begin_array();
  w.end_array();
  w.end_array();
  w.key("c");
  w.begin_object();
  w.key("d");
  w.raw("null");
  w.end_object();
  w.end_object();
  CHECK(out ==
        "{\n"
        "    \"a\": 1,\n"
        "    \"b\": [\n"
        "        \"x\",\n"
        "        {},\n"
        "        []\n"
        "    ],\n"
        "    \"c\": {\n"
        "        \"d\": null\n"
        "    }\n"
        "}");
}

TEST_CASE("compact layout has no whitespace") {
  std::string out;
  Writer w(out, false);
  w.begin_object();
  w.key("a");
  w.begin_array();
  w.raw("1");
  w.string_wrapped("${", "x<y", "}");
  w.end_array();
  w.key("b");
  w.begin_object();
  w.end_object();
  w.end_object();
  CHECK(out == "{\"a\":[1,\"${x\\u003cy}\"],\"b\":{}}");
}

TEST_CASE("a document can start deeper, to be placed inside another") {
  std::string out;
  Writer w(out, true, 4, 1);
  w.begin_object();
  w.key("a");
  w.raw("1");
  w.end_object();
  CHECK(out == "{\n        \"a\": 1\n    }");
}
