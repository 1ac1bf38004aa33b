// SPDX-License-Identifier: Apache-2.0
// The JSON syntax reader: positions counted as the reference's scanner counts them, exact
// numbers, Go's string decoding, the reference's messages, recovery and limits.
#include <doctest/doctest.h>

#include "jsonsyntax/reader.h"

using hcl::jsonsyntax::Kind;
namespace js = hcl::jsonsyntax;

namespace {

js::ParseResult parse(const std::string& text, bool file = true) {
  auto source = std::make_shared<hcl::source::SourceFile>("t.json", text);
  return file ? js::parse_file(source) : js::parse_expression(source);
}

std::string where(const hcl::source::Range& r) {
  return std::to_string(r.start.line) + ":" + std::to_string(r.start.column) + "@" + std::to_string(r.start.byte) +
         "-" + std::to_string(r.end.line) + ":" + std::to_string(r.end.column) + "@" + std::to_string(r.end.byte);
}

// "summary at line:col@byte-line:col@byte" for each diagnostic.
std::vector<std::string> diags(const std::string& text, bool file = true) {
  std::vector<std::string> out;
  for (const auto& d : parse(text, file).diagnostics) out.push_back(d.summary + " at " + where(*d.subject));
  return out;
}

const js::Member& member(const js::Document& doc, js::NodeId object, size_t i) { return doc.members_begin(object)[i]; }

}  // namespace

TEST_CASE("json syntax: positions count tabs as two columns, carriage returns as none, graphemes as one") {
  auto r = parse("{\r\n\t\"e\xcc\x81\xc3\xa9\": \"\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd\", \"x\": 1}");
  REQUIRE(r.diagnostics.empty());
  const js::Document& doc = *r.document;
  const js::Member& first = member(doc, doc.root(), 0);
  CHECK(doc.name(first) == "e\xcc\x81\xc3\xa9");
  // Line 2 starts after "\r\n"; the tab takes two columns; the name has two clusters plus quotes.
  CHECK(where(doc.name_range(first)) == "2:3@4-2:7@11");
  CHECK(where(doc.range(first.value)) == "2:9@13-2:12@23");
  CHECK(where(doc.name_range(member(doc, doc.root(), 1))) == "2:14@25-2:17@28");
  CHECK(where(doc.range(doc.root())) == "1:1@0-2:21@32");
  CHECK(where(doc.open_range(doc.root())) == "1:1@0-1:2@1");
  CHECK(where(doc.close_range(doc.root())) == "2:20@31-2:21@32");
}

TEST_CASE("json syntax: positions resolve from byte offsets, a line's column shifts not carrying to the next") {
  // Line 1 shifts columns by one (a two-byte character); line 2 has no shift until its tab.
  auto r = parse("{\"\xc3\xa9\": 1,\r\n \"b\": [true,\t\"\\u00e9\"]}");
  REQUIRE(r.diagnostics.empty());
  const js::Document& doc = *r.document;
  CHECK(where(doc.name_range(member(doc, doc.root(), 0))) == "1:2@1-1:5@5");
  CHECK(where(doc.range(member(doc, doc.root(), 0).value)) == "1:7@7-1:8@8");
  CHECK(where(doc.name_range(member(doc, doc.root(), 1))) == "2:2@12-2:5@15");
  js::NodeId b = member(doc, doc.root(), 1).value;
  CHECK(where(doc.range(b)) == "2:7@17-2:24@33");
  CHECK(where(doc.range(doc.element(b, 0))) == "2:8@18-2:12@22");
  CHECK(where(doc.range(doc.element(b, 1))) == "2:15@24-2:23@32");
  CHECK(where(doc.close_range(doc.root())) == "2:24@33-2:25@34");
}

TEST_CASE("json syntax: text is the source's unless decoding changes it") {
  auto r = parse("{\"a\\u0062\": \"x\\ty\", \"\xc3\xa9\": \"\xff\", \"c\": \"d\"}");
  REQUIRE(r.diagnostics.empty());
  const js::Document& doc = *r.document;
  CHECK(doc.name(member(doc, doc.root(), 0)) == "ab");
  CHECK(doc.text(member(doc, doc.root(), 0).value) == "x\ty");
  CHECK(doc.name(member(doc, doc.root(), 1)) == "\xc3\xa9");
  CHECK(doc.text(member(doc, doc.root(), 1).value) == "\xef\xbf\xbd");
  CHECK(doc.name(member(doc, doc.root(), 2)) == "c");
  CHECK(doc.text(member(doc, doc.root(), 2).value) == "d");
  // Positions count the escapes as written.
  CHECK(where(doc.name_range(member(doc, doc.root(), 0))) == "1:2@1-1:11@10");
  CHECK(where(doc.name_range(member(doc, doc.root(), 1))) == "1:21@20-1:24@24");
}

TEST_CASE("json syntax: values keep what JSON libraries drop") {
  auto r = parse(R"({"a": 1, "a": 12345678901234567890.000000000000000001, "b": [true, false, null], "c": {}})");
  REQUIRE(r.diagnostics.empty());
  const js::Document& doc = *r.document;
  REQUIRE(doc.node(doc.root()).count == 4);
  CHECK(doc.name(member(doc, doc.root(), 0)) == "a");
  CHECK(doc.name(member(doc, doc.root(), 1)) == "a");
  CHECK(doc.text(member(doc, doc.root(), 1).value) == "12345678901234567890.000000000000000001");
  js::NodeId b = member(doc, doc.root(), 2).value;
  CHECK(doc.node(b).kind == Kind::Array);
  CHECK(doc.boolean(doc.element(b, 0)));
  CHECK_FALSE(doc.boolean(doc.element(b, 1)));
  CHECK(doc.node(doc.element(b, 2)).kind == Kind::Null);
  CHECK(doc.node(member(doc, doc.root(), 3).value).count == 0);
}

TEST_CASE("json syntax: strings decode as Go's encoding/json does") {
  auto text = [](const std::string& literal) {
    auto r = parse(literal, false);
    REQUIRE_MESSAGE(r.diagnostics.empty(), literal);
    return std::string(r.document->text(r.document->root()));
  };
  CHECK(text(R"("a\"b\\c\/d\b\f\n\r\t")") == "a\"b\\c/d\b\f\n\r\t");
  CHECK(text(R"("\u00e9\u20AC")") == "\xc3\xa9\xe2\x82\xac");
  CHECK(text(R"("\ud83d\ude00")") == "\xf0\x9f\x98\x80");          // a surrogate pair
  CHECK(text(R"("\ud83d x")") == "\xef\xbf\xbd x");                // a lone surrogate
  CHECK(text(R"("\ude00\ud83d")") == "\xef\xbf\xbd\xef\xbf\xbd");  // in the wrong order
  CHECK(text("\"a\xff\xfe\"") == "a\xef\xbf\xbd\xef\xbf\xbd");     // invalid UTF-8, byte by byte
  CHECK(text(R"("\u0000")") == std::string(1, '\0'));
}

TEST_CASE("json syntax: malformed strings, numbers and keywords") {
  // The error points one byte past the offending one, as encoding/json's offset does.
  CHECK(diags(R"({"a": "\q"})") == std::vector<std::string>{"Invalid JSON string at 1:10@9-1:11@10"});
  CHECK(diags(R"({"a": "\u12x4"})") == std::vector<std::string>{"Invalid JSON string at 1:13@12-1:14@13"});
  CHECK(diags("{\"a\": \"x\ny\"}").front().rfind("Invalid JSON string", 0) == 0);
  for (const char* bad : {"01", "1.", "-", "+1", ".5", "1e", "1e+", "--1", "1.2.3"}) {
    auto d = diags(bad, false);
    REQUIRE_MESSAGE(d.size() == 1, bad);
    CHECK_MESSAGE(d[0].rfind("Invalid JSON number", 0) == 0, bad);
  }
  auto r = parse("[tRue, nul, undefined, yes]", false);
  REQUIRE(r.diagnostics.size() >= 1);
  CHECK(r.diagnostics[0].detail == "\"tRue\" is not a valid JSON keyword. Did you mean \"true\"?");
  CHECK(parse("NaN", false).diagnostics[0].detail == "The JavaScript identifier \"NaN\" cannot be used in JSON.");
  CHECK(parse("yes", false).diagnostics[0].detail == "\"yes\" is not a valid JSON keyword.");
}

TEST_CASE("json syntax: structural errors, recovery and the root") {
  CHECK(diags(R"({"a": [1, 2,], "b": 1})") == std::vector<std::string>{"Trailing comma in array at 1:12@11-1:13@12",
                                                                       "Mismatched braces at 1:14@13-1:15@14",
                                                                       "Root value must be object at 1:1@0-1:2@1"});
  // A bad value inside an object is replaced and parsing goes on.
  CHECK(diags(R"({"a": tru, "b": [}, "c": 1})").front() == "Invalid JSON keyword at 1:7@6-1:10@9");
  CHECK(diags(R"({"a" 1})") == std::vector<std::string>{"Missing property value colon at 1:6@5-1:7@6",
                                                        "Root value must be object at 1:1@0-1:2@1"});
  CHECK(parse(R"({"a" = 1})").diagnostics[0].detail ==
        "JSON uses a colon as its name/value delimiter, not an equals sign.");
  CHECK(diags(R"({1: 2})").front() == "Invalid object property name at 1:2@1-1:3@2");
  // A malformed name is reported twice, as the reference does.
  CHECK(diags(R"({"\q": 1})") == std::vector<std::string>{"Invalid JSON string at 1:5@4-1:6@5",
                                                          "Invalid object property name at 1:2@1-1:6@5",
                                                          "Root value must be object at 1:1@0-1:2@1"});
  CHECK(diags("\"text\"") == std::vector<std::string>{"Root value must be object at 1:1@0-1:7@6"});
  CHECK(diags("{} []") == std::vector<std::string>{"Extraneous data after value at 1:4@3-1:5@4"});
  CHECK(diags("") ==
        std::vector<std::string>{"Missing value at 1:1@0-1:1@0", "Root value must be object at 1:1@0-1:1@0"});
  CHECK(diags("{\"a\": @}").front() == "Invalid start of value at 1:7@6-1:8@7");
  CHECK(diags("[1, 2").front() == "Unclosed object at 1:1@0-1:2@1");
  // The root is replaced by an empty object, so reading it reports nothing more.
  auto r = parse("[1]");
  CHECK(r.diagnostics.empty());
  auto s = parse("3");
  CHECK(s.document->node(s.document->root()).kind == Kind::Object);
}

TEST_CASE("json syntax: nesting is limited instead of exhausting the stack") {
  std::string deep(5000, '[');
  auto r = parse("{\"a\": " + deep + "}");
  REQUIRE(!r.diagnostics.empty());
  CHECK(r.diagnostics[0].summary == "Nesting too deep");
  std::string ok = std::string(900, '[') + std::string(900, ']');
  CHECK(parse(ok, false).diagnostics.empty());
}

TEST_CASE("json syntax: file names") {
  CHECK(js::is_json_filename("main.tf.json"));
  CHECK(js::is_json_filename("x.json"));
  CHECK_FALSE(js::is_json_filename("main.tf"));
  CHECK_FALSE(js::is_json_filename("json"));
  CHECK_FALSE(js::is_json_filename("x.jsonc"));
}
