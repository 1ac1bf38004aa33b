// SPDX-License-Identifier: Apache-2.0
// The public interface (<hcl/hcl.h>) as a caller sees it: results carry diagnostics with
// positions, files own their bytes, values outlive what made them. The example in
// docs/library.md covers the ordinary path (tests/package/consumer_test.sh).
#include <doctest/doctest.h>

#include <hcl/hcl.h>

#include <string>

TEST_CASE("api: a file owns its text and reports syntax errors with their position") {
  std::string text = "a = 1\nb = \n";
  hcl::File file = hcl::File::parse("main.hcl", text);
  text.assign(100, 'x');  // the caller's buffer changes; the file keeps its copy
  CHECK(file.text() == "a = 1\nb = \n");
  REQUIRE_FALSE(file.ok());
  const hcl::Diagnostic& d = file.diagnostics().front();
  CHECK(d.summary == "Invalid expression");
  REQUIRE(d.subject);
  CHECK(d.subject->filename == "main.hcl");
  CHECK(d.subject->start.line == 2);
  CHECK(file.render(d).find("on main.hcl line 2") != std::string::npos);
  // every operation on a broken file returns its parse diagnostics and no output
  CHECK_FALSE(hcl::format_file(file).ok);
  CHECK_FALSE(hcl::to_json(file).ok);
  hcl::EvalResult r = hcl::evaluate(file);
  CHECK_FALSE(r.value);
  CHECK(hcl::has_errors(r.diagnostics));
}

TEST_CASE("api: the JSON syntax converts and evaluates; it is not formatted") {
  hcl::File file = hcl::File::parse("vars.json", R"({"n": 2, "s": "x${1 + 1}"})", hcl::syntax_for("vars.json"));
  REQUIRE(file.ok());
  CHECK(file.syntax() == hcl::Syntax::Json);
  CHECK(hcl::to_json(file, {.pretty = false}).text == R"({"n":2,"s":"x2"})");
  hcl::EvalResult r = hcl::evaluate(file);
  REQUIRE(r.value);
  CHECK(r.value->to_json() == R"({"n":2,"s":"x2"})");
  hcl::FormatResult f = hcl::format_file(file);
  CHECK_FALSE(f.ok);
  CHECK(hcl::has_errors(f.diagnostics));
}

TEST_CASE("api: values from JSON, into expressions, out as JSON and HCL") {
  hcl::Diagnostics diags;
  CHECK_FALSE(hcl::Value::from_json("{\"a\": ", diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].summary == "Invalid JSON");

  std::optional<hcl::Value> list = hcl::Value::from_json("[1, 2.5, 100000000000000000000001]", diags);
  REQUIRE(list);
  CHECK(list->type_json() == R"(["tuple",["number","number","number"]])");
  hcl::EvalResult sum = hcl::evaluate("sum(xs) - 100000000000000000000000", {{"xs", *list}});
  REQUIRE(sum.value);
  CHECK(sum.value->to_json() == "4.5");
  CHECK(hcl::evaluate("{b = upper(s)}", {{"s", hcl::Value::string("q")}}).value->to_hcl() == "{\n  b = \"Q\"\n}");
  CHECK(hcl::Value().is_null());
}

TEST_CASE("api: expression errors are diagnostics within the expression") {
  hcl::EvalResult r = hcl::evaluate("1 + var.missing");
  CHECK_FALSE(r.value);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].summary == "Unknown variable");
  REQUIRE(r.diagnostics[0].subject);
  CHECK(r.diagnostics[0].subject->start.column == 5);
  // functions that read files or differ between runs are not offered
  CHECK(hcl::has_errors(hcl::evaluate("file(\"/etc/hostname\")").diagnostics));
  CHECK(hcl::has_errors(hcl::evaluate("uuid()").diagnostics));
  CHECK(std::string(hcl::version()).find('.') != std::string::npos);
}
