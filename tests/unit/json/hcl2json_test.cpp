// SPDX-License-Identifier: Apache-2.0
// The HCL -> JSON emitter: shapes, expression kinds, the evaluation hook, merging, and the
// property that the output reads back (as HCL JSON syntax) as the same configuration.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../../fuzz/properties.h"
#include "ast/ast.h"
#include "funcs/dialect.h"
#include "json/evaluator.h"
#include "json/hcl2json.h"
#include "json/number_text.h"
#include "syntax/parser.h"

using hcl::syntax::NodeId;
using hcl::syntax::NodeKind;
using hcl::syntax::SyntaxTree;
namespace json = hcl::json;

namespace {

std::unique_ptr<SyntaxTree> parse(const std::string& text, const std::string& name = "test.hcl") {
  auto r = hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>(name, text));
  REQUIRE_MESSAGE(r.diagnostics.empty(), text);
  return std::move(r.tree);
}

// The JSON of a whole file made item by item while it is parsed (json::FileDocument), as
// `hcl json` makes it; or "ERROR: " and the first diagnostic's summary and detail.
// `batch`: the nodes of a root attribute's tuple elements converted together (1: each element as
// soon as it is parsed; never with a strict evaluator, which must see a tuple whole).
// `base_level`: written that many levels in (as `hcl json` writes each of several files).
// `item_batch`: the nodes of root items handed over together (0: each item alone).
std::string by_items(const std::string& text, const json::Options& options, const std::string& name = "test.hcl",
                     uint32_t batch = 1, size_t base_level = 0, uint32_t item_batch = 0) {
  auto source = std::make_shared<hcl::source::SourceFile>(name, text);
  REQUIRE_MESSAGE(hcl::syntax::parse_config(source).diagnostics.empty(), text);
  return hcl::fuzz::json_by_items(source, options, item_batch, batch, base_level);
}
std::string by_items(const std::string& text, bool pretty, const std::string& name = "test.hcl", uint32_t batch = 1,
                     size_t base_level = 0, uint32_t item_batch = 0) {
  json::Options options;
  options.pretty = pretty;
  return by_items(text, options, name, batch, base_level, item_batch);
}

// The same from the whole file's tree (json::convert_file).
std::string whole(const std::string& text, const json::Options& options, const std::string& name = "test.hcl") {
  auto r = json::convert_file(*parse(text, name), options);
  if (!r.ok) return "ERROR: " + r.diagnostics.at(0).summary + ": " + r.diagnostics.at(0).detail;
  return r.text;
}
std::string whole(const std::string& text, bool pretty, const std::string& name = "test.hcl") {
  json::Options options;
  options.pretty = pretty;
  return whole(text, options, name);
}

// Compact JSON of a whole file, made both ways, which must agree.
std::string convert(const std::string& text, json::Options options = {}) {
  options.pretty = false;
  auto tree = parse(text);
  auto r = json::convert_file(*tree, options);
  CHECK(by_items(text, options) == whole(text, options));
  // Items handed over several at a time, as `hcl json` has them (a root attribute's tuple
  // streamed after items held back), make the same document.
  CHECK(by_items(text, options, "test.hcl", 1, 0, 8) == whole(text, options));
  if (!r.ok) return "ERROR: " + (r.diagnostics.empty() ? std::string() : r.diagnostics[0].summary);
  return r.text;
}

// Compact JSON of one attribute's value.
std::string value(const std::string& expr) {
  std::string doc = convert("a = " + expr + "\n");
  REQUIRE(doc.rfind("{\"a\":", 0) == 0);
  return doc.substr(5, doc.size() - 6);
}

}  // namespace

TEST_CASE("literals become JSON values") {
  CHECK(value("1") == "1");
  CHECK(value("1.50") == "1.5");
  CHECK(value("12345678901234567890") == "12345678901234567890");
  CHECK(value("-0") == "-0");
  CHECK(value("- 2") == "-2");
  CHECK(value("true") == "true");
  CHECK(value("!true") == "false");
  CHECK(value("null") == "null");
  CHECK(value("[]") == "[]");
  CHECK(value("{}") == "{}");
  CHECK(value("[1, [2, {}]]") == "[1,[2,{}]]");
}

TEST_CASE("other expressions keep their source text") {
  CHECK(value("var.x") == R"("${var.x}")");
  CHECK(value("f(1,\n  2)") == R"("${f(1,\n  2)}")");
  CHECK(value("a[*].b") == R"("${a[*].b}")");
  CHECK(value("a.*.b") == R"("${a.*.b}")");
  CHECK(value("(1)") == R"("${(1)}")");
  CHECK(value("-x") == R"("${-x}")");
  CHECK(value("-(1)") == R"("${-(1)}")");
  CHECK(value("[for x in y : x]") == R"("${[for x in y : x]}")");
  CHECK(value("a ? b : c") == R"("${a ? b : c}")");
  CHECK(value("a < b") == R"("${a \u003c b}")");
  CHECK(value("x # comment\n") == R"("${x}")");
  // Operands of the wrong type for their operator: hcl2json fails the file; the source is kept.
  CHECK(value("-true") == R"("${-true}")");
  CHECK(value("!null") == R"("${!null}")");
  // Literals JSON cannot hold: infinity.
  CHECK(value("1e999999999") == R"("${1e999999999}")");
}

TEST_CASE("templates") {
  CHECK(value(R"("plain")") == R"("plain")");
  CHECK(value(R"("")") == R"("")");
  CHECK(value(R"("${x}")") == R"("${x}")");
  CHECK(value(R"("${1}")") == "1");
  CHECK(value(R"("${[x]}")") == R"(["${x}"])");
  CHECK(value(R"("a${x}b")") == R"("a${x}b")");
  CHECK(value(R"("a ${~ x ~} b")") == R"("a${x}b")");
  CHECK(value(R"("${1.50}-${true}")") == R"("1.5-true")");
  CHECK(value(R"("x${c ? "y" : ""}")") == R"("x%{if c}y%{endif}")");
  CHECK(value(R"("x${c ? 1 : 2}")") == R"("x%{if c}1%{else}2%{endif}")");
  CHECK(value(R"("%{ if c }y%{ else }n%{ endif }")") == R"("%{if c}y%{else}n%{endif}")");
  CHECK(value(R"("%{ for k, v in m ~} ${k} %{~ endfor }")") == R"("%{for k, v in m}${k}%{endfor}")");
  CHECK(value(R"("a${"b${c}"}")") == R"("ab${c}")");
  CHECK(value(R"("e\u0301")") == "\"\xc3\xa9\"");  // NFC, as cty.StringVal
  CHECK(value("<<EOT\n  a\n    b\nEOT") == R"("  a\n    b\n")");
  CHECK(value("<<-EOT\n  a\n    b\n  EOT") == R"("a\n  b\n")");
}

TEST_CASE("literal template sequences are escaped so that the JSON reads back") {
  CHECK(value(R"("$${x}")") == R"("$${x}")");
  CHECK(value(R"("%%{x}")") == R"("%%{x}")");
  CHECK(value(R"("a$${x}${y}")") == R"("a$${x}${y}")");
  CHECK(value(R"("$ ${~x}")") == R"("${\"$\"}${x}")");
  CHECK(value(R"("${"$"}{x}")") == R"("$${x}")");
  CHECK(value(R"("${"$"}${"{x}"}")") == R"("$${x}")");
  CHECK(value(R"("%${~""}%{if c}y%{endif}")") == R"("${\"%\"}%{if c}y%{endif}")");
  CHECK(value(R"("$5 and 100%")") == R"("$5 and 100%")");
}

TEST_CASE("directives' parts are escaped as the markup after them needs, an empty else part left out") {
  // A literal "%" just before "%{else}", "%{endif}" or "%{endfor}" is an interpolation, also when
  // the else part it precedes turns out empty and is dropped.
  CHECK(value(R"("%{if c}100% %{~ else}x%{endif}")") == R"("%{if c}100${\"%\"}%{else}x%{endif}")");
  CHECK(value(R"("%{if c}100% %{~ else}%{endif}")") == R"("%{if c}100${\"%\"}%{endif}")");
  CHECK(value(R"("%{if c}y%{else}${""}%{endif}")") == R"("%{if c}y%{endif}")");
  CHECK(value(R"("%{if c}y%{else}100% %{~ endif}")") == R"("%{if c}y%{else}100${\"%\"}%{endif}")");
  CHECK(value(R"("%{for x in xs}${x}% %{~endfor}")") == R"("%{for x in xs}${x}${\"%\"}%{endfor}")");
  CHECK(value(R"("%{ for k, v in m ~}$ %{~ endfor}")") == R"("%{for k, v in m}$%{endfor}")");
  CHECK(value(R"("%{if a}%{if b}x%{else}%{endif}%{else}y%{endif}z")") ==
        R"("%{if a}%{if b}x%{endif}%{else}y%{endif}z")");
  CHECK(value(R"("a%{if a}b%{for x in y}${x}%{endfor}%{else}c%{endif}d")") ==
        R"("a%{if a}b%{for x in y}${x}%{endfor}%{else}c%{endif}d")");
}

TEST_CASE("tuples, objects and templates of many parts convert in order") {
  std::string tuple = "[", expected = "[";
  std::string object = "{", sorted = "{";
  std::string tmpl = "\"", text = "\"";
  for (int i = 0; i < 40; ++i) {
    tuple += std::to_string(i) + ",";
    expected += std::to_string(i) + (i + 1 < 40 ? "," : "]");
    tmpl += "${x" + std::to_string(i) + "}-";
    text += "${x" + std::to_string(i) + "}-";
  }
  for (int i = 29; i >= 0; --i) object += "k" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  std::map<std::string, int> keys;
  for (int i = 0; i < 30; ++i) keys["k" + std::to_string(i)] = i;
  for (const auto& [k, v] : keys) sorted += "\"" + k + "\":" + std::to_string(v) + ",";
  sorted.back() = '}';
  CHECK(value(tuple + "]") == expected);
  CHECK(value(object + "}") == sorted);
  CHECK(value(tmpl + "\"") == text + "\"");
}

TEST_CASE("object keys") {
  CHECK(value("{ b = 1, a = 2 }") == R"({"a":2,"b":1})");
  CHECK(value("{ a = 1, a = 2 }") == R"({"a":2})");
  // Names in order already are written as they come; any other key, or a name out of order,
  // has the keys sorted.
  CHECK(value("{ a = 1, ab = 2, b = { c = 3, d = 4 } }") == R"({"a":1,"ab":2,"b":{"c":3,"d":4}})");
  CHECK(value("{ ab = 1, a = 2 }") == R"({"a":2,"ab":1})");
  CHECK(value("{ a = 1, b = 2, a = 3 }") == R"({"a":3,"b":2})");
  CHECK(value(R"({ b = 1, "a" = 2, c = 3 })") == R"({"a":2,"b":1,"c":3})");
  CHECK(value(R"({ a = 1, "a" = 2 })") == R"({"a":2})");
  CHECK(value(R"({ "k" = 1, 2.0 = 2, true = 3, null = 4 })") == R"({"2":2,"k":1,"null":4,"true":3})");
  CHECK(value("{ (k) = 1 }") == R"({"${(k)}":1})");
  CHECK(value("{ a.b = 1 }") == R"({"a.b":1})");
  CHECK(value("{ a[\"x\"] = 1 }") == R"({"a[\"x\"]":1})");
  CHECK(value("{ a[x] = 1 }") == R"({"${a[x]}":1})");
  CHECK(value(R"({ "${k}" = 1 })") == R"({"${k}":1})");
  CHECK(value(R"({ "$${k}" = 1 })") == R"({"$${k}":1})");
}

TEST_CASE("blocks nest under type and labels, bodies innermost in source order") {
  CHECK(convert("b {}\nb { x = 1 }\n") == R"({"b":[{},{"x":1}]})");
  CHECK(convert("r \"t\" \"n\" { x = 1 }\nr \"t\" \"m\" {}\nr \"t\" \"n\" { x = 2 }\n") ==
        R"({"r":{"t":{"m":[{}],"n":[{"x":1},{"x":2}]}}})");
  CHECK(convert("o {\n  i {\n    j \"l\" {}\n  }\n}\n") == R"({"o":[{"i":[{"j":{"l":[{}]}}]}]})");
  CHECK(convert("a \"x\" {}\na \"y\" \"z\" {}\n") == R"({"a":{"x":[{}],"y":{"z":[{}]}}})");
  // Labels are taken as written (not NFC-normalized), and are not templates.
  CHECK(convert("b \"$${x}\" {}\n") == R"({"b":{"${x}":[{}]}})");
  // An attribute replaces a block of the same name.
  CHECK(convert("x { y = 1 }\nx = 2\n") == R"({"x":2})");
  CHECK(convert("") == "{}");
}

TEST_CASE("a body's blocks of types of their own convert as blocks of one type do") {
  // Sorted among the attributes, labels (escaped, decoded) nesting their body.
  CHECK(convert("o {\n  z {}\n  a = 1\n  m \"l\" \"\\u00e9\" {}\n  q \"a\\\"q\" { x = 2 }\n}\n") ==
        "{\"o\":[{\"a\":1,\"m\":{\"l\":{\"\xc3\xa9\":[{}]}},\"q\":{\"a\\\"q\":[{\"x\":2}]},\"z\":[{}]}]}");
  // An attribute replaces a block of its name, before or after it.
  CHECK(convert("p {\n  x = 1\n  x {}\n}\np {\n  x {}\n  x = 1\n}\n") == R"({"p":[{"x":1},{"x":1}]})");
  // Blocks of one type among others: the trie, with their bodies in source order.
  CHECK(convert("o {\n  b \"1\" {}\n  c {}\n  b \"2\" { y = 1 }\n}\n") ==
        R"({"o":[{"b":{"1":[{}],"2":[{"y":1}]},"c":[{}]}]})");
  // More blocks than are compared one by one, all of different types.
  std::string body, expected;
  for (char c = 'j'; c >= 'a'; --c) body += std::string(1, c) + " \"l\" {}\n";
  for (char c = 'a'; c <= 'j'; ++c) expected += std::string(expected.empty() ? "" : ",") + "\"" + c + "\":{\"l\":[{}]}";
  CHECK(convert("o {\n" + body + "}\n") == "{\"o\":[{" + expected + "}]}");
  // Merged bodies: types of their own across files; a repeat across files goes into the trie.
  auto a = parse("r \"t\" { n = 1 }\n", "a.tf");
  auto b = parse("s \"u\" { n = 2 }\nr = 3\n", "b.tf");
  auto c = parse("s \"v\" {}\n", "c.tf");
  std::vector<json::BodyRef> bodies{{a.get(), a->root()}, {b.get(), b->root()}};
  std::string out;
  hcl::diag::Diagnostics diags;
  {
    json::Writer w(out, false);
    REQUIRE(json::write_body(w, bodies, {}, diags));
  }
  CHECK(out == R"({"r":3,"s":{"u":[{"n":2}]}})");
  bodies.push_back({c.get(), c->root()});
  out.clear();
  {
    json::Writer w(out, false);
    REQUIRE(json::write_body(w, bodies, {}, diags));
  }
  CHECK(out == R"({"r":3,"s":{"u":[{"n":2}],"v":[{}]}})");
}

TEST_CASE("blocks whose labels collide with other blocks' bodies have no JSON form") {
  CHECK(convert("a {}\na \"x\" {}\n") == "ERROR: Inconsistent block labels");
  CHECK(convert("a \"x\" {}\na {}\n") == "ERROR: Inconsistent block labels");
  CHECK(convert("a \"x\" \"y\" {}\na \"x\" {}\n") == "ERROR: Inconsistent block labels");
  CHECK(convert("o {\n  a {}\n  a \"x\" {}\n}\n") == "ERROR: Inconsistent block labels");
  auto tree = parse("a {}\na \"x\" {}\n", "main.tf");
  auto r = json::convert_file(*tree);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.text.empty());
  CHECK(r.diagnostics[0].subject->start.line == 2);
  CHECK(r.diagnostics[0].detail.find("main.tf:1,1") != std::string::npos);
}

TEST_CASE("pretty output is hcl2json's layout") {
  auto tree = parse("b \"l\" { x = [1, {}] }\n");
  auto r = json::convert_file(*tree);
  CHECK(r.text ==
        "{\n"
        "    \"b\": {\n"
        "        \"l\": [\n"
        "            {\n"
        "                \"x\": [\n"
        "                    1,\n"
        "                    {}\n"
        "                ]\n"
        "            }\n"
        "        ]\n"
        "    }\n"
        "}");
}

TEST_CASE("a file converted item by item while it is parsed is the whole tree's conversion") {
  const char* files[] = {
      "",
      "a = 1\n",
      "# only a comment\n",
      "b \"l\" { x = [1, {}] }\nb \"k\" {\n  y = {}\n  z = []\n}\n",
      "z = \"s\"\nr \"t\" \"n\" { x = 1 }\na = [1, \"x:y,{}[]\", \"q\\\"\\\\\"]\nr \"t\" \"m\" {}\nr \"t\" \"n\" { x = 2 }\n",
      "x { y = 1 }\nx = 2\nx2 { }\n",
      "o {\n  i {\n    j \"l\" {}\n  }\n}\n/* c */ p = <<EOT\n  a {\nEOT\n",
      "t = \"${a} %{ if b }c%{ endif } [{\"\nu = f(1, [2], {a = 3})\n",
      // Tuples whose elements are converted as they are parsed: alone, or operands after all.
      "a = [1, \"s\", [2, [3]], {k = [4], \"q\" = null}, x.y, \"${z}\", -1,\n  # c\n]\nb = []\nc = [1,]\n",
      "a = [1, 2][0]\nb = /* c */ [1, 2] + [3]\nc = [x] == [y] ? [1] : [2]\nd = [1].x\ne = [[1], 2][*]\n",
      "a = [for v in w : v]\nb = [1] # [\nr \"t\" {\n  a = [1]\n}\nc = [<<EOT\n  x\nEOT\n, 2]\n",
  };
  for (const char* f : files) {
    CAPTURE(f);
    CHECK(by_items(f, true) == whole(f, true));
    CHECK(by_items(f, false) == whole(f, false));
    CHECK(by_items(f, false, "test.hcl", 3) == whole(f, false));  // batches of a few elements
    // Items held back and handed over together, a root tuple's elements streamed after them.
    CHECK(by_items(f, true, "test.hcl", 1, 0, 6) == whole(f, true));
    CHECK(by_items(f, false, "test.hcl", 3, 0, 1000) == whole(f, false));
  }
}

TEST_CASE("a file converted item by item is indented as the whole tree's conversion, one level in too") {
  // Items' JSON is kept without indentation and indented where it is placed: at the root, under
  // block types and labels, in a root tuple handed over in batches, deeper than any fixed block.
  std::string deep = "d = " + std::string(40, '[') + "1, {}, \"s\"" + std::string(40, ']') + "\n";
  const std::string files[] = {
      "a = {}\nb = []\nc = [[], {}, [{}], {x = {}, y = [[]]}]\n",
      "r \"t\" \"n\" {\n  e = {}\n  s = \"{[,\\n]}\"\n  u = \"\u00e9\\u2028<\"\n  n {\n    m {}\n  }\n}\nr \"t\" \"m\" {}\n",
      "l = [1, {k = [\"}\", \"${x}\"]}, [], \"" + std::string(9000, 'x') + "\"]\n",
      deep,
  };
  for (const std::string& f : files) {
    CAPTURE(f);
    CHECK(by_items(f, true) == whole(f, true));
    CHECK(by_items(f, true, "test.hcl", 3) == whole(f, true));
    std::string one_in;
    json::Writer w(one_in, true, 4, 1);
    auto tree = parse(f);
    json::BodyRef ref{tree.get(), tree->root()};
    hcl::diag::Diagnostics diags;
    REQUIRE(json::write_body(w, std::span<const json::BodyRef>(&ref, 1), {}, diags));
    CHECK(by_items(f, true, "test.hcl", 1, 1) == w.buffer());
  }
}

TEST_CASE("short numbers and strings, checked as one block where the file goes on, convert as when checked bytewise") {
  // A number or string of up to sixteen bytes is checked as one block of sixteen when the file
  // holds that many bytes from its start, which reaches past its end; near the file's end it is
  // checked a byte at a time. Either way numbers print as number_literal_text makes them.
  const std::vector<std::string> numbers = {"0",
                                            "7",
                                            "00",
                                            "007",
                                            "0.5",
                                            "0.50",
                                            "10.0",
                                            "1.25",
                                            "0.0",
                                            "00.5",
                                            "1e5",
                                            "2.50",
                                            "100",
                                            "1.05",
                                            "12.3400",
                                            "7.0001",
                                            "1234567890123456",
                                            "12345678901234567",
                                            "123456789012345.5",
                                            "9.5e-3"};
  const std::vector<std::string> tails = {"", "\n", "\n# a comment long enough for a block\n", "\nb = [1, 2.5, 3]\n"};
  for (const std::string& n : numbers) {
    for (const std::string& tail : tails) {
      CAPTURE(n);
      CAPTURE(tail);
      std::string expected = json::number_literal_text(n).text;
      std::string b = tail.find("b =") != std::string::npos ? ",\"b\":[1,2.5,3]" : "";
      CHECK(by_items("a = " + n + tail, false) == "{\"a\":" + expected + b + "}");
      CHECK(by_items("a = [" + n + "]" + tail, false) == "{\"a\":[" + expected + "]" + b + "}");
    }
  }
  const std::vector<std::pair<std::string, std::string>> strings = {
      {"abc", "\"abc\""},
      {"a$b", "\"a$b\""},
      {"a%b", "\"a%b\""},
      {"$${x}", "\"$${x}\""},
      {"<&>", "\"\\u003c\\u0026\\u003e\""},
      {"abcdefghijklmnop", "\"abcdefghijklmnop\""},
      {"abcdefghijklmno<", "\"abcdefghijklmno\\u003c\""},
      {"abcdefghijklmnopq", "\"abcdefghijklmnopq\""},
      {"a\\nb", "\"a\\nb\""},
      {"e\u0301", "\"\u00e9\""},   // decomposed: written composed (NFC)
      {"e\\u0301", "\"\u00e9\""},  // the same, escaped
      {"\\u0041\\t", "\"A\\t\""},  // escapes are decoded, then escaped as JSON
  };
  for (const auto& [literal, expected] : strings) {
    for (const std::string& tail : tails) {
      CAPTURE(literal);
      CAPTURE(tail);
      std::string b = tail.find("b =") != std::string::npos ? ",\"b\":[1,2.5,3]" : "";
      CHECK(by_items("a = \"" + literal + "\"" + tail, false) == "{\"a\":" + expected + b + "}");
    }
  }
}

TEST_CASE("numbers, strings and names copied from the source convert as the general path converts them") {
  // Without an evaluator a literal whose JSON text is its source text, and an object key that is a
  // name, are copied at once; an evaluator that evaluates nothing sends every value down the
  // general path, which must agree.
  json::Options general;
  general.evaluator = [](const SyntaxTree&, NodeId) { return json::EvalResult{}; };
  const std::vector<std::string> values = {"0",
                                           "7",
                                           "007",
                                           "1.50",
                                           "0.25",
                                           "1e5",
                                           "-3",
                                           "12345678901234567",
                                           "\"\"",
                                           "\"a\"",
                                           "\"a<b\"",
                                           "\"$5 100%\"",
                                           "\"tab\\tx\"",
                                           "\"\u00e9\"",
                                           "\"e\u0301\"",
                                           "\"abcdefghijklmnopq\"",
                                           "<<EOT\nx\nEOT\n",
                                           "true",
                                           "null",
                                           "x"};
  std::string text = "t = [";
  for (const std::string& v : values) text += v + ", ";
  text += "]\no = {";
  int i = 0;
  for (const std::string& v : values) {
    std::string k = std::to_string(i++);
    if (v.back() != '\n') text += " k" + k + " = " + v + ", \"q<" + k + "\" = 1, n\u00e9" + k + " = 2,";
  }
  text += " }\n";
  for (const std::string& v : values) text += "a" + std::to_string(i++) + " = " + v + "\n";
  CAPTURE(text);
  std::string fast = convert(text);
  CHECK(fast.find("\"q\\u003c1\":1") != std::string::npos);
  CHECK(fast.find("\"n\u00e91\":2") != std::string::npos);
  CHECK(fast == convert(text, general));
}

TEST_CASE("a file that is one long tuple converts element by element as the whole tree does") {
  std::string text = "data = [";
  for (int i = 0; i < 20000; ++i)
    text += "{ id = " + std::to_string(i) + ", name = \"n<" + std::to_string(i) + "\" }, \"s\", 0.5, ";
  std::string operand = text + "] + [1]\nz = 1\n";
  text += "]\nz = 1\n";
  std::string compact = whole(text, false);
  for (uint32_t batch : {1u, 7u, 1000u, 1u << 14}) CHECK(by_items(text, false, "test.hcl", batch) == compact);
  CHECK(by_items("a {}\nb = 2\n" + text, false, "test.hcl", 1000, 0, 256) == whole("a {}\nb = 2\n" + text, false));
  CHECK(by_items(text, true) == whole(text, true));
  CHECK(by_items(operand, false, "test.hcl", 1000) == whole(operand, false));
}

TEST_CASE("many blocks and object keys of every kind convert the same item by item and whole") {
  // Past sixteen labels or types a body's trie finds them by hash; labels and keys with escapes
  // are kept as decoded copies, the others as views of the source.
  std::string text;
  for (int i = 40; i > 0; --i) {
    std::string n = std::to_string(i);
    text += "r \"t\" \"l" + n + "\" { v = " + n + " }\n";
    text += "t" + n + " { a = 1 }\n";
    text += "q \"\\u00e9" + n + "\" \"x\\n\" { n = " + n + " }\n";
  }
  text += "r \"t\" \"l7\" { again = true }\n";
  text +=
      "o = {\n  a.b = 1\n  \"k\" = 2\n  \"k\\u00e9\" = 3\n  \"${x}\" = 4\n  null = 5\n  true = 6\n  1.50 = 7\n"
      "  \"$${y}\" = 8\n  (z) = 9\n  \"e\\u0301\" = 10\n  k = 11\n  \"%{if c}d%{endif}\" = 12\n}\n";
  text += "inner {\n";
  for (int i = 0; i < 20; ++i) text += "  b \"n" + std::to_string(i % 7) + "\" \"m" + std::to_string(i) + "\" {}\n";
  text += "}\n";
  CHECK(by_items(text, false) == whole(text, false));
  CHECK(by_items(text, true) == whole(text, true));
  std::string o = value("{ \"k\\u00e9\" = 3, \"${x}\" = 4, null = 5, true = 6, 1.50 = 7, \"$${y}\" = 8, k = 11 }");
  CHECK(o == "{\"$${y}\":8,\"${x}\":4,\"1.5\":7,\"k\":11,\"k\xc3\xa9\":3,\"null\":5,\"true\":6}");
  std::string both = "r \"t\" \"l1\" { v = 1 }\nr \"t\" \"l1\" { v = 2 }\n";
  CHECK(convert(both) == R"({"r":{"t":{"l1":[{"v":1},{"v":2}]}}})");
}

TEST_CASE("many labels are found by hash and written in byte order") {
  // Hundreds of labels (the hash index grows several times), sharing eight-byte prefixes or
  // shorter than eight bytes, one outside ASCII, some repeated.
  std::vector<std::string> labels;
  for (int i = 0; i < 300; ++i) labels.push_back("web_" + std::to_string(i * 7919 % 1000));
  for (const char* l : {"w", "web_", "web_1234567890", "web_12345678", "web_1234567", "\u00e9", "z"})
    labels.push_back(l);
  // Sharing sixteen bytes or more, or eight and then differing.
  for (const char* l : {"web_12345678_b", "web_12345678_a", "web_1234567812345678", "web_1234567812345678y",
                        "web_1234567812345678x", "web_12345678123456"})
    labels.push_back(l);
  for (int i = 0; i < 30; ++i) labels.push_back("web_1000" + std::to_string(i * 7 % 30));
  labels.push_back(labels[0]);
  labels.push_back(labels[150]);
  std::map<std::string, int> count;  // byte order, as Go sorts map keys
  std::string text;
  for (const std::string& l : labels) {
    text += "r \"" + l + "\" { v = " + std::to_string(count[l == "\\u00e9" ? "\xc3\xa9" : l]++) + " }\n";
  }
  std::string expected = "{\"r\":{";
  for (const auto& [label, n] : count) {
    if (expected.back() != '{') expected += ",";
    expected += "\"" + label + "\":[";
    for (int i = 0; i < n; ++i) expected += (i ? ",{\"v\":" : "{\"v\":") + std::to_string(i) + "}";
    expected += "]";
  }
  expected += "}}";
  CHECK(convert(text) == expected);
}

TEST_CASE("many object keys are written in byte order, the last of equal keys winning") {
  // Past 32 keys an object is sorted by the keys' first eight bytes as numbers: keys sharing
  // them, shorter than eight bytes, repeated.
  std::vector<std::string> keys;
  for (int i = 0; i < 200; ++i) keys.push_back("key_" + std::to_string(i * 7919 % 1000));
  for (const char* k : {"k", "key_", "key_1234567890", "key_12345678", "key_1234567", "z"}) keys.push_back(k);
  keys.push_back(keys[0]);
  keys.push_back(keys[100]);
  keys.push_back(keys[0]);
  std::map<std::string, size_t> last;  // byte order, as Go sorts map keys
  std::string expr = "{\n";
  for (size_t i = 0; i < keys.size(); ++i) {
    expr += "  \"" + keys[i] + "\" = " + std::to_string(i) + "\n";
    last[keys[i]] = i;
  }
  expr += "}";
  std::string expected = "{";
  for (const auto& [key, i] : last) expected += (expected.size() > 1 ? ",\"" : "\"") + key + "\":" + std::to_string(i);
  expected += "}";
  CHECK(value(expr) == expected);
}

TEST_CASE("item by item, a file with no JSON form reports the conflict the whole tree's conversion reports") {
  const char* files[] = {
      // Among the file's blocks: the first in source order, even after a conflict inside an earlier block.
      "a {}\na \"x\" {}\n",
      "o {\n  a {}\n  a \"x\" {}\n}\nb \"x\" {}\nb {}\n",
      // A block whose last label conflicts, while its body has a conflict of its own.
      "r \"x\" \"y\" {}\nr \"x\" {\n  a {}\n  a \"z\" {}\n}\n",
      // Inside blocks: the first in the document's order, not the source's.
      "z {\n  a {}\n  a \"x\" {}\n}\ny {\n  c \"x\" \"y\" {}\n  c \"x\" {}\n}\n",
      "r \"t\" \"b\" {\n  a {}\n  a \"x\" {}\n}\nr \"t\" \"a\" {\n  c \"x\" {}\n  c {}\n}\n",
      // Replaced by an attribute of the same name, a block's insides are never written.
      "x {\n  a {}\n  a \"x\" {}\n}\nx = 1\n",
  };
  for (const char* f : files) {
    CAPTURE(f);
    CHECK(by_items(f, false, "main.tf") == whole(f, false, "main.tf"));
    CHECK(by_items(f, false, "main.tf", 1, 0, 256) == whole(f, false, "main.tf"));
  }
  CHECK(by_items(files[2], false).find("This \"r\" block has 1 label, but the one at test.hcl:1,1 has 2 labels") !=
        std::string::npos);
  CHECK(by_items(files[3], false).find("This \"c\" block has 1 label") != std::string::npos);
  CHECK(by_items(files[5], false) == R"({"x":1})");
}

TEST_CASE("merged bodies") {
  auto a = parse("r \"t\" { n = 1 }\nx = 1\n", "a.tf");
  auto b = parse("r \"t\" { n = 2 }\ny = 2\n", "b.tf");
  std::vector<json::BodyRef> bodies{{a.get(), a->root()}, {b.get(), b->root()}};
  std::string out;
  json::Writer w(out, false);
  hcl::diag::Diagnostics diags;
  REQUIRE(json::write_body(w, bodies, {}, diags));
  CHECK(w.buffer() == R"({"r":{"t":[{"n":1},{"n":2}]},"x":1,"y":2})");

  auto c = parse("z = 0\nx = 3\n", "c.tf");
  bodies.push_back({c.get(), c->root()});
  std::string out2;
  json::Writer w2(out2, false);
  CHECK_FALSE(json::write_body(w2, bodies, {}, diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].summary == "Conflicting attribute");
  CHECK(diags[0].subject->filename == "c.tf");
  CHECK(diags[0].detail.find("a.tf:2,1") != std::string::npos);
}

TEST_CASE("the evaluation hook replaces expressions it can evaluate") {
  // A stand-in for the evaluator: knows the text "1 + 1", fails on "bad", no value otherwise.
  json::Options opt;
  opt.evaluator = [](const SyntaxTree& t, NodeId e) {
    json::EvalResult r;
    std::string_view text = t.node_text(e);
    if (text == "1 + 1") {
      r.status = json::EvalStatus::Value;
      r.value.kind = json::Value::Kind::Number;
      r.value.text = "2";
    } else if (text == "obj") {
      r.status = json::EvalStatus::Value;
      r.value.kind = json::Value::Kind::Object;
      json::Value s;
      s.kind = json::Value::Kind::String;
      s.text = "<";
      json::Value n;
      r.value.members = {{"z", s}, {"a", n}, {"z", n}};
    } else if (text == "bad") {
      r.status = json::EvalStatus::Error;
      auto line = "line " + std::to_string(t.range(e).start.line);
      r.diagnostics.push_back(hcl::diag::Diagnostic{hcl::diag::Severity::Error, "Bad", line, t.range(e), {}});
    }
    return r;
  };
  CHECK(convert("a = 1 + 1\nb = [1 + 1, x]\nc = { k = 1 + 1 }\nd = \"${1 + 1}\"\n", opt) ==
        R"({"a":2,"b":[2,"${x}"],"c":{"k":2},"d":2})");
  CHECK(convert("a = obj\n", opt) == R"({"a":{"a":null,"z":null}})");
  CHECK(convert("a = bad\n", opt) == R"({"a":"${bad}"})");
  opt.strict = true;
  CHECK(convert("a = bad\n", opt) == "ERROR: Bad");
  CHECK(convert("a = 1 + 1\n", opt) == R"({"a":2})");
  // Made item by item, the failure reported is still the first in the document's order (keys
  // sorted, a block type where its name sorts), not the first in the file.
  opt.pretty = true;
  std::string failing = "z = bad\nm { n = [bad] }\nb = 1 + 1\n";
  CHECK(by_items(failing, opt) == whole(failing, opt));
  CHECK(by_items(failing, opt, "test.hcl", 1, 0, 256) == whole(failing, opt));
  CHECK(whole(failing, opt) == "ERROR: Bad: line 2");
  CHECK(by_items("t = [1 + 1, [bad]]\n", opt) == whole("t = [1 + 1, [bad]]\n", opt));
  opt.strict = false;
  CHECK(by_items(failing, opt, "test.hcl", 1, 0, 256) == whole(failing, opt));
  CHECK(by_items(failing, opt).find("\"${bad}\"") != std::string::npos);
}

TEST_CASE("with the evaluator, made item by item, a root tuple streamed element by element is the same") {
  json::Options opt;
  opt.pretty = false;
  auto scope = std::make_shared<hcl::eval::Scope>(&hcl::funcs::pure_functions());
  scope->set("n", hcl::cty::Value::number(int64_t{3}));
  opt.evaluator = json::make_evaluator(scope);
  // The whole tuple has a value; one element has none (so the tuple has none); one fails.
  for (std::string f : {"t = [1 + 1, upper(\"a\"), [for i in range(n) : i * 2], {b = n, a = 1}]\n",
                        "t = [1 + 1, var.x, 2]\nu = 1\n", "t = [1 + 1, 1 / 0, \"${n}\"]\n",
                        // Operands: the tuple's value is not the attribute's.
                        "t = [1 + 1, 2, n][2]\n", "t = [1, 2][var.x]\n", "t = [1, 2] == [1, 2] ? n : 0\n",
                        "a = 1\nt = [1, [2, 3]][1]\nz = [n]\n"}) {
    CAPTURE(f);
    for (bool strict : {false, true}) {
      opt.strict = strict;
      std::string expected = whole(f, opt);
      CHECK(by_items(f, opt) == expected);  // each element on its own (when not strict)
      CHECK(by_items(f, opt, "test.hcl", 3, 0, 256) == expected);
    }
  }
  opt.strict = false;
  CHECK(whole("t = [1 + 1, 2, n][2]\n", opt) == R"({"t":3})");
  CHECK(whole("t = [1, 2][var.x]\n", opt) == R"({"t":"${[1, 2][var.x]}"})");
  CHECK(whole("t = [1 + 1, var.x, 2]\nu = 1\n", opt) == R"({"t":[2,"${var.x}",2],"u":1})");
}

// ---- Reading the output back as HCL JSON syntax -------------------------------------------------

namespace {

// A template's parts as comparable pieces: literal text (adjacent literals merged), interpolated
// source text, and directives.
std::vector<std::string> pieces(const SyntaxTree& t, NodeId tmpl) {
  std::vector<std::string> out;
  auto parts = t.children(tmpl);
  auto literals = hcl::ast::template_literals(t, tmpl);
  for (size_t i = 0; i < parts.size(); ++i) {
    const auto& n = t.node(parts[i]);
    switch (n.kind) {
      case NodeKind::TemplateLiteral:
        if (literals[i].empty()) break;
        if (!out.empty() && out.back().rfind("L:", 0) == 0) out.back() += literals[i];
        else out.push_back("L:" + literals[i]);
        break;
      case NodeKind::TemplateInterp: out.push_back("I:" + std::string(t.node_text(t.first_child(parts[i])))); break;
      case NodeKind::TemplateIf: out.push_back("if " + std::string(t.node_text(t.first_child(parts[i])))); break;
      case NodeKind::TemplateElse: out.push_back("else"); break;
      case NodeKind::TemplateEndIf: out.push_back("endif"); break;
      case NodeKind::TemplateFor: {
        auto f = hcl::ast::template_for(t, parts[i]);
        out.push_back("for " + std::string(f.key_var) + "," + std::string(f.value_var) + " in " +
                      std::string(t.node_text(f.collection)));
        break;
      }
      case NodeKind::TemplateEndFor: out.push_back("endfor"); break;
      default: out.push_back("?"); break;
    }
  }
  return out;
}

// The JSON string read back as HCL JSON reads strings in full-expression mode: a template.
std::unique_ptr<SyntaxTree> read_back(const std::string& s) {
  auto r = hcl::syntax::parse_template(std::make_shared<hcl::source::SourceFile>("<json>", s));
  REQUIRE_MESSAGE(r.diagnostics.empty(), s);
  return std::move(r.tree);
}

}  // namespace

TEST_CASE("converted strings read back as the same expressions") {
  const char* exprs[] = {
      "var.x",
      "f(a, \"b\")",
      "a ? \"x\" : \"y\"",
      "\"${a}\" == \"b\"",
      "[for s in l : \"${s}!\"]",
      "{ for k, v in m : k => v }",
      "jsonencode({ a = \"$${b}\" })",
      "x # trailing comment\n",
      "concat(a, # a } brace in a comment\n b)",
      "f(<<EOT\n}\nEOT\n)",
      "a.b[0].c[*].d",
      "\"%{if c}x%{endif}\" != \"\"",
  };
  for (const char* e : exprs) {
    CAPTURE(e);
    auto tree = parse(std::string("a = ") + e + "\n");
    NodeId expr = tree->first_child(tree->children(tree->root())[0]);
    auto doc = nlohmann::json::parse(json::convert_file(*tree).text);
    auto back = read_back(doc["a"].get<std::string>());
    auto parts = back->children(back->root());
    REQUIRE(parts.size() == 1);
    REQUIRE(back->node(parts[0]).kind == NodeKind::TemplateInterp);
    CHECK(back->node_text(back->first_child(parts[0])) == tree->node_text(expr));
  }

  const char* templates[] = {
      "\"plain\"",
      "\"a$${b}c\"",
      "\"%%{x}\"",
      "\"a${b}c${d}\"",
      "\"${a}${b}\"",
      "\"%{if c}x%{else}y%{endif}\"",
      "\"%{for k, v in m}${k}=${v};%{endfor}\"",
      "\"$$ and %% and $ and %\"",
      "<<EOT\n$${x} %%{y}\n  ${z}\nEOT",
      "<<-EOT\n    a ${b}\n      c\n    EOT",
      "\"tab\\tquote\\\"\"",
      "\"a ${~ b ~} c\"",
  };
  for (const char* e : templates) {
    CAPTURE(e);
    auto tree = parse(std::string("a = ") + e + "\n");
    NodeId expr = tree->first_child(tree->children(tree->root())[0]);
    REQUIRE(tree->node(expr).kind == NodeKind::Template);
    auto doc = nlohmann::json::parse(json::convert_file(*tree).text);
    auto back = read_back(doc["a"].get<std::string>());
    CHECK(pieces(*back, back->root()) == pieces(*tree, expr));
  }
}

TEST_CASE("every string value converted from the corpus reads back as a template") {
  std::filesystem::path corpus = std::filesystem::path(HCL_TESTDATA_DIR) / ".." / ".." / "shared" / "corpus";
  if (!std::filesystem::exists(corpus / "expected" / "json")) return;  // the corpus is optional
  size_t files = 0, strings = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(corpus / "expected" / "json")) {
    if (!e.is_regular_file()) continue;
    auto rel = std::filesystem::relative(e.path(), corpus / "expected" / "json").string();
    rel.resize(rel.size() - 5);  // .json
    std::ifstream in(corpus / "real" / rel, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    auto parsed = hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>(rel, ss.str()));
    REQUIRE(parsed.tree);
    json::Options compact;
    compact.pretty = false;
    auto r = json::convert_file(*parsed.tree, compact);
    REQUIRE_MESSAGE(r.ok, rel);
    ++files;
    // Attribute values (and everything inside them) are expressions; body keys are names.
    std::function<void(const nlohmann::json&, bool)> walk = [&](const nlohmann::json& v, bool in_expr) {
      if (v.is_string() && in_expr) {
        ++strings;
        auto back = hcl::syntax::parse_template(std::make_shared<hcl::source::SourceFile>(rel, v.get<std::string>()));
        CHECK_MESSAGE(back.diagnostics.empty(), rel, ": ", v.get<std::string>());
      } else if (v.is_array()) {
        for (const auto& x : v) walk(x, in_expr);
      } else if (v.is_object()) {
        for (const auto& [k, x] : v.items()) walk(x, true);
      }
    };
    walk(nlohmann::json::parse(r.text), false);
  }
  CHECK(files > 4000);
  MESSAGE(files, " files, ", strings, " strings");
}
