// SPDX-License-Identifier: Apache-2.0
// python-hcl2's shape (json/python_hcl2.h). The expected values are python-hcl2 8.1.2's answers
// for the same files (testdata/_python_hcl2 holds recorded ones for whole files), written as
// compact JSON with Python's int/float distinction.
#include <doctest/doctest.h>

#include <string>

#include "json/python_hcl2.h"
#include "syntax/parser.h"

namespace json = hcl::json;

namespace {

std::string shape(const std::string& text, const json::PythonHcl2Options& options = {}) {
  auto r = hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>("test.tf", text));
  REQUIRE_MESSAGE(r.diagnostics.empty(), text);
  json::PythonHcl2Result out = json::python_hcl2(*r.tree, options);
  if (!out.diagnostics.empty()) return "ERROR: " + out.diagnostics.front().summary;
  return out.json;
}

}  // namespace

TEST_CASE("python_hcl2: blocks are lists under their type and quoted labels, bodies marked") {
  CHECK(shape("resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  count = 2\n}\n") ==
        R"({"resource":[{"\"aws_instance\"":{"\"web\"":{"ami":"\"ami-1\"","count":2,"__is_block__":true}}}]})");
  CHECK(
      shape("blk \"l1\" l2 {\n}\nblk {\n  inner { v = 1 }\n}\n") ==
      R"({"blk":[{"\"l1\"":{"l2":{"__is_block__":true}}},{"inner":[{"v":1,"__is_block__":true}],"__is_block__":true}]})");
}

TEST_CASE("python_hcl2: numbers keep int or float as written; an exponent or -1 stays an expression") {
  CHECK(shape("a = 1\nb = 1.50\nc = 007\nd = 1e5\ne = -2.5\nf = -12\ng = -1\nh = true\ni = null\nj = foo\n") ==
        R"({"a":1,"b":1.5,"c":7,"d":"${1e5}","e":-2.5,"f":-12,"g":"${-1}","h":true,"i":null,"j":"foo"})");
  CHECK(shape("a = 0.00001\nb = f(0.10, 1.0e2, 12345678901234567.0)\n") ==
        R"({"a":1e-05,"b":"${f(0.1, 1.0e2, 1.2345678901234568e+16)}"})");
}

TEST_CASE("python_hcl2: expressions re-printed on one line") {
  CHECK(shape("x = var.a + 1 * (b - c)\ny = [1, 2,]\nz = { a = 1, \"b\" = 2 }\n") ==
        R"({"x":"${var.a + 1 * (b - c)}","y":[1,2],"z":{"a":1,"\"b\"":2}})");
  CHECK(
      shape("a = [for s in var.l : upper(s) if s != \"\"]\nb = {for k, v in var.m : k => v...}\nc = cond ? 1 : "
            "2\nd = a.b[0].c[*].d\n") ==
      R"({"a":"${[for s in var.l : upper(s) if s != \"\"]}","b":"${{for k, v in var.m : k => v...}}","c":"${cond ? 1 : 2}","d":"${a.b[0].c[*].d}"})");
  CHECK(shape("a = f(x...)\nb = provider::p::f(1)\nc = !x\nd = -x\n") ==
        R"({"a":"${f(x ...)}","b":"${provider::p::f(1)}","c":"${!x}","d":"${-x}"})");
  CHECK(shape("a = { \"k\" = 1\n  1 = 2\n  (x) = 3\n  1.5 = 4\n}\n") ==
        R"({"a":{"\"k\"":1,"1":2,"${(x)}":3,"1.5":4}})");
}

TEST_CASE("python_hcl2: templates keep their text, sequences re-printed; heredocs whole") {
  CHECK(shape("a = \"x${var.y}z%{ if c }t%{ else }f%{ endif }\"\nb = \"${~ x ~}\"\n") ==
        R"({"a":"\"x${var.y}z%{ if c }t%{ else }f%{ endif }\"","b":"\"${~x~}\""})");
  CHECK(shape("a = <<EOT\nline ${x}\nEOT\nb = 2\n") == R"({"a":"\"<<EOT\nline ${x}\nEOT\"","b":2})");
  // Line ends as CRLF: the heredoc still ends at its marker.
  CHECK(shape("a = <<EOT\r\nx\r\nEOT\r\nb = 2\r\n") == R"({"a":"\"<<EOT\r\nx\r\nEOT\"","b":2})");
}

TEST_CASE("python_hcl2: comments between items and inside expressions") {
  CHECK(
      shape("# head\n// two\nb = 1 # inline\n/* block\n   comment */\nc = [\n  1, # one\n  2,\n]\nd = x + y # "
            "after\ne = (x +\n  y) # paren\n") ==
      R"({"b":1,"c":[1,2],"d":"${x + y}","e":"${(x + y)}","__comments__":[{"value":"head"},{"value":"two"},{"value":"inline"},{"value":"/* block"},{"value":"comment */"},{"value":"paren"}],"__inline_comments__":[{"value":"one"},{"value":"after"}]})");
  CHECK(shape("/* one */\n/* two */\na = 1\n") == R"({"a":1,"__comments__":[{"value":"one */\n/* two"}]})");
  // Python's strip() takes Unicode spaces and U+001C..U+001F too.
  CHECK(shape("/*\x1c x\u00a0*/\na = 1 # \u3000note\u3000\n") ==
        R"({"a":1,"__comments__":[{"value":"x"},{"value":"note"}]})");
}

TEST_CASE("python_hcl2: options") {
  std::string text = "# c\nb \"l\" {\n  s = \"x\"\n  h = <<EOT\nt\nEOT\n}\n";
  CHECK(
      shape(text) ==
      R"({"b":[{"\"l\"":{"s":"\"x\"","h":"\"<<EOT\nt\nEOT\"","__is_block__":true}}],"__comments__":[{"value":"c"}]})");
  CHECK(shape(text, {.with_comments = false, .explicit_blocks = false}) ==
        R"({"b":[{"\"l\"":{"s":"\"x\"","h":"\"<<EOT\nt\nEOT\""}}]})");
  CHECK(shape(text, {.strip_string_quotes = true}) ==
        R"({"b":[{"l":{"s":"x","h":"<<EOT\nt\nEOT","__is_block__":true}}],"__comments__":[{"value":"c"}]})");
}

TEST_CASE("python_hcl2: names used twice, as python-hcl2's dicts take them") {
  // An attribute replaces a block list where it stood.
  CHECK(shape("a {}\nb = 2\na = 3\n") == R"({"a":3,"b":2})");
  CHECK(shape("a = 1\na {}\n") == "ERROR: Attribute a is already defined.");
}

TEST_CASE("python_hcl2: nesting past the limit is refused") {
  int deep = json::kPythonHcl2MaxDepth;
  CHECK(shape("a = " + std::string(deep - 10, '[') + std::string(deep - 10, ']') + "\n").starts_with("{\"a\":[["));
  CHECK(shape("a = " + std::string(deep + 10, '[') + std::string(deep + 10, ']') + "\n") == "ERROR: Nesting too deep");
}

TEST_CASE("python_float_repr: Python's repr of a float") {
  CHECK(json::python_float_repr(1.0) == "1.0");
  CHECK(json::python_float_repr(-2.5) == "-2.5");
  CHECK(json::python_float_repr(0.1) == "0.1");
  CHECK(json::python_float_repr(0.0001) == "0.0001");
  CHECK(json::python_float_repr(0.00001) == "1e-05");
  CHECK(json::python_float_repr(1e15) == "1000000000000000.0");
  CHECK(json::python_float_repr(1e16) == "1e+16");
  CHECK(json::python_float_repr(1.5e300) == "1.5e+300");
  CHECK(json::python_float_repr(1e308 * 10) == "inf");
}
