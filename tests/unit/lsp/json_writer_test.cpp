// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>

#include "lsp/json_writer.h"

using hcl::lsp::Json;
using hcl::lsp::JsonWriter;

namespace {

std::string written(std::string_view s) {
  JsonWriter w;
  w.value(s);
  return w.text();
}

}  // namespace

TEST_CASE("lsp json writer: strings spelled as nlohmann spells them") {
  CHECK(written("plain name") == "\"plain name\"");
  CHECK(written("") == "\"\"");
  CHECK(written("a\"b\\c/d") == "\"a\\\"b\\\\c/d\"");
  CHECK(written(std::string("\b\f\n\r\t\x01\x1f\x7f", 8)) == "\"\\b\\f\\n\\r\\t\\u0001\\u001f\x7f\"");
  CHECK(written(std::string("nul\0x", 5)) == "\"nul\\u0000x\"");
  // Non-ASCII text goes out as UTF-8, not as \u escapes.
  CHECK(written("\xC3\xA9 \xF0\x9D\x84\x9E") == "\"\xC3\xA9 \xF0\x9D\x84\x9E\"");
  // Bytes that are not UTF-8 become U+FFFD instead of failing the answer.
  CHECK(written("a\xFF"
                "b") ==
        "\"a\xEF\xBF\xBD"
        "b\"");
  const std::string samples[] = {
      "\x80",         "\xC3",         "\xC3(",        "\xE2\x82",         "\xE2\x82(",
      "\xF0\x9D\x84", "\xC0\xAF",     "\xED\xA0\x80", "\xF4\x90\x80\x80", "x\xC3\xA9\xFFy\"\\",
      "\xEF\xBB\xBF", "\x7F\x80\x1B",
  };
  for (const std::string& s : samples) {
    CAPTURE(s);
    CHECK(written(s) == hcl::lsp::dump(Json(s)));
  }
  // Keys are escaped the same way.
  JsonWriter w;
  w.begin_object();
  w.key("file:///a \"b\"\xFF");
  w.null();
  w.end_object();
  CHECK(w.text() == hcl::lsp::dump(Json{{"file:///a \"b\"\xFF", nullptr}}));
}

TEST_CASE("lsp json writer: the text of the tree it stands for") {
  JsonWriter w;
  w.begin_object();
  w.key("a");
  w.begin_array();
  w.value(uint64_t{0});
  w.value(uint32_t{4294967295u});
  w.value(int64_t{-7});
  w.begin_object();
  w.end_object();
  w.begin_array();
  w.end_array();
  w.json(Json{{"y", 1}, {"x", {true, nullptr, "s"}}});
  w.raw("[1,2]");
  w.end_array();
  w.key("b");
  w.value("c");
  w.key("d");
  w.null();
  w.end_object();
  Json tree{{"a", {0, 4294967295u, -7, Json::object(), Json::array(), {{"y", 1}, {"x", {true, nullptr, "s"}}}, {1, 2}}},
            {"b", "c"},
            {"d", nullptr}};
  CHECK(w.text() == hcl::lsp::dump(tree));
  CHECK(w.text() == R"({"a":[0,4294967295,-7,{},[],{"x":[true,null,"s"],"y":1},[1,2]],"b":"c","d":null})");
}
