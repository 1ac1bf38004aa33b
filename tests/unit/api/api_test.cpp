// SPDX-License-Identifier: Apache-2.0
// The public interface (<hcl/hcl.h>) as a caller sees it: results carry diagnostics with
// positions, files own their bytes, values outlive what made them, options bound what an
// evaluation may do. The example in docs/library.md covers the ordinary path
// (tests/package/consumer_test.sh).
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
  // every operation on a broken file fails with its parse diagnostics
  for (const hcl::Diagnostics& diags :
       {hcl::format_file(file).diagnostics(), hcl::to_json(file).diagnostics(), hcl::evaluate(file).diagnostics()}) {
    REQUIRE(diags.size() == file.diagnostics().size());
    CHECK(diags.front().summary == "Invalid expression");
  }
  CHECK_FALSE(hcl::format_file(file).ok());
  CHECK_FALSE(hcl::to_json(file).ok());
  CHECK_FALSE(hcl::evaluate(file).ok());
}

TEST_CASE("api: the JSON syntax converts and evaluates; it is not formatted") {
  hcl::File file = hcl::File::parse("vars.json", R"({"n": 2, "s": "x${1 + 1}"})", hcl::syntax_for("vars.json"));
  REQUIRE(file.ok());
  CHECK(file.syntax() == hcl::Syntax::Json);
  CHECK(hcl::to_json(file, {.pretty = false}).value() == R"({"n":2,"s":"x${1 + 1}"})");
  CHECK(hcl::to_json(file, {.pretty = false, .simplify = true}).value() == R"({"n":2,"s":"x2"})");
  hcl::Result<hcl::Value> r = hcl::evaluate(file);
  REQUIRE(r.ok());
  CHECK(r->to_json().value() == R"({"n":2,"s":"x2"})");
  hcl::Result<hcl::Formatted> f = hcl::format_file(file);
  CHECK_FALSE(f.ok());
  CHECK(f.diagnostics().at(0).summary == "Cannot format JSON");
}

TEST_CASE("api: formatting, with and without terraform fmt's rewrites") {
  hcl::File file = hcl::File::parse("main.tf", "a=1\nb = \"${x}\"\n");
  hcl::Result<hcl::Formatted> canonical = hcl::format_file(file);
  REQUIRE(canonical.ok());
  CHECK(canonical->changed);
  CHECK(canonical->text == "a = 1\nb = \"${x}\"\n");
  hcl::Result<hcl::Formatted> terraform = hcl::format_file(file, {.terraform = true});
  REQUIRE(terraform.ok());
  CHECK(terraform->text == "a = 1\nb = x\n");
  hcl::Result<hcl::Formatted> again = hcl::format_file(hcl::File::parse("main.tf", canonical->text));
  REQUIRE(again.ok());
  CHECK_FALSE(again->changed);
  CHECK(again->text == canonical->text);
}

TEST_CASE("api: to_json mirrors hcl json: --simplify, variables, --strict") {
  hcl::File file = hcl::File::parse("main.hcl", "a = 1 + 2\nb = var.name\nc = upper(\"x\")\n");
  CHECK(hcl::to_json(file, {.pretty = false}).value() == R"({"a":"${1 + 2}","b":"${var.name}","c":"${upper(\"x\")}"})");
  CHECK(hcl::to_json(file, {.pretty = false, .simplify = true}).value() == R"({"a":3,"b":"${var.name}","c":"X"})");
  hcl::Variables vars{{"var", hcl::Value::object({{"name", hcl::Value::string("n").value()}}).value()}};
  CHECK(hcl::to_json(file, {.pretty = false, .variables = vars}).value() == R"({"a":3,"b":"n","c":"X"})");
  hcl::Result<std::string> strict = hcl::to_json(file, {.simplify = true, .strict = true});
  REQUIRE_FALSE(strict.ok());
  CHECK(strict.diagnostics().at(0).summary == "Unknown variable");
  CHECK(hcl::to_json(file).value().find("\n    \"a\": ") != std::string::npos);  // pretty by default
}

TEST_CASE("api: to_python_hcl2_json gives python-hcl2's values, and fails where it has none") {
  hcl::File file = hcl::File::parse("main.tf", "# c\nb \"l\" {\n  n = 1.0\n  e = var.x\n}\n");
  CHECK(hcl::to_python_hcl2_json(file).value() ==
        R"({"b":[{"\"l\"":{"n":1.0,"e":"${var.x}","__is_block__":true}}],"__comments__":[{"value":"c"}]})");
  CHECK(hcl::to_python_hcl2_json(file, {.with_comments = false, .explicit_blocks = false, .strip_string_quotes = true})
            .value() == R"({"b":[{"l":{"n":1.0,"e":"${var.x}"}}]})");
  hcl::Result<std::string> broken = hcl::to_python_hcl2_json(hcl::File::parse("main.tf", "a = \"x\n"));
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.diagnostics().at(0).subject.has_value());
  hcl::Result<std::string> clash = hcl::to_python_hcl2_json(hcl::File::parse("main.tf", "a = 1\na {}\n"));
  REQUIRE_FALSE(clash.ok());
  CHECK(clash.diagnostics().at(0).summary == "Attribute a is already defined.");
  CHECK_FALSE(hcl::to_python_hcl2_json(hcl::File::parse("x.json", "{}", hcl::Syntax::Json)).ok());
}

// The texts @cdktf/hcl2json 0.21.0's getExpressionAst writes for these (as JSON.parse reads them;
// tests/js/hcl2json.test.mjs compares thousands of expressions with the package itself).
TEST_CASE("api: expression_ast_json is @cdktf/hcl2json's expression tree") {
  auto pos = [](int column) {
    return R"({"line":0,"column":)" + std::to_string(column) + R"(,"byte":)" + std::to_string(column) + "}";
  };
  auto range = [&](int a, int b) { return R"({"start":)" + pos(a) + R"(,"end":)" + pos(b) + "}"; };
  std::string x = R"({"type":"scopeTraversal","range":)" + range(1, 2) +
                  R"(,"meta":{"traversal":[{"type":"nameTraversal","segment":"x","range":)" + range(1, 2) +
                  R"(}],"fullAccessor":"x","value":"x"},"children":[]})";
  CHECK(hcl::expression_ast_json("main.tf", "-x").value() ==
        R"({"type":"unaryOp","range":)" + range(0, 1) +
            R"(,"meta":{"operator":"negate","valueExpression":"x","symbolRange":)" + range(0, 1) +
            R"(,"returnType":"number","value":"-x"},"children":[)" + x + "]}");
  // Steps with literal keys are one traversal; positions from line 0, column 0.
  std::string chain = hcl::expression_ast_json("main.tf", "a.b[0]").value();
  CHECK(chain.find(R"("fullAccessor":"a.b[0]")") != std::string::npos);
  CHECK(chain.find(R"({"type":"indexTraversal","segment":"0","range":)" + range(3, 6)) != std::string::npos);
  hcl::Result<std::string> bad = hcl::expression_ast_json("main.tf", "a b");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.diagnostics().at(0).summary == "Extra characters after expression");
}

TEST_CASE("api: expression errors are diagnostics within the expression") {
  hcl::Result<hcl::Value> r = hcl::evaluate("1 + var.missing");
  CHECK_FALSE(r.ok());
  REQUIRE(r.diagnostics().size() == 1);
  CHECK(r.errors().size() == 1);
  CHECK(r.warnings().empty());
  CHECK(r.diagnostics()[0].summary == "Unknown variable");
  REQUIRE(r.diagnostics()[0].subject);
  CHECK(r.diagnostics()[0].subject->start.column == 5);
  CHECK_THROWS_AS((void)r.value(), std::bad_optional_access);  // a caller's mistake, not bad input
}

TEST_CASE("api: by default functions read no files and depend on their arguments alone") {
  CHECK_FALSE(hcl::evaluate("file(\"/etc/hostname\")").ok());
  // not even in the working directory, unless it is named
  CHECK_FALSE(hcl::evaluate("fileset(\".\", \"*\")").ok());
  CHECK(hcl::evaluate("fileset(\".\", \"*\")", {.read_roots = {"."}}).ok());
  CHECK_FALSE(hcl::evaluate("uuid()").ok());
  CHECK(hcl::evaluate("uuid()", {.impure_functions = true}).ok());
  CHECK(hcl::evaluate("length(file(\"" HCL_TESTDATA_DIR "/../LICENSE\")) > 0", {.read_roots = {HCL_TESTDATA_DIR "/.."}})
            .value()
            .as_bool() == true);
  hcl::Result<hcl::Value> outside = hcl::evaluate("file(\"/etc/hostname\")", {.read_roots = {HCL_TESTDATA_DIR}});
  REQUIRE_FALSE(outside.ok());
  CHECK(outside.diagnostics()[0].detail.find("outside") != std::string::npos);
}

TEST_CASE("api: the dialect chooses the function set") {
  const char* tofu_only = "urldecode(\"a%20b\")";
  CHECK_FALSE(hcl::evaluate(tofu_only).ok());
  CHECK_FALSE(hcl::evaluate(tofu_only, {.dialect = hcl::Dialect::Terraform}).ok());
  CHECK(hcl::evaluate(tofu_only, {.dialect = hcl::Dialect::OpenTofu}).value().as_string() == "a b");
  CHECK(hcl::evaluate("startswith(\"ab\", \"a\")", {.dialect = hcl::Dialect::Packer}).value().as_bool() == true);
  hcl::Result<hcl::Value> nomad = hcl::evaluate("startswith(\"ab\", \"a\")", {.dialect = hcl::Dialect::Nomad});
  REQUIRE_FALSE(nomad.ok());
  CHECK(nomad.diagnostics()[0].summary == "Call to unknown function");
}

TEST_CASE("api: limits stop an evaluation that grows too large") {
  const char* big = "length(flatten([for i in range(1000) : [for j in range(100) : j]]))";
  CHECK(hcl::evaluate(big).value().as_int64() == 100000);
  hcl::Result<hcl::Value> r = hcl::evaluate(big, {.limits = {.max_values = 1000}});
  REQUIRE_FALSE(r.ok());
  CHECK(r.diagnostics()[0].summary == "Evaluation too large");
  hcl::Result<hcl::Value> bytes =
      hcl::evaluate("length(join(\"\", flatten([for i in range(100) : [for j in range(100) : \"xxxxxxxxxx\"]])))",
                    {.limits = {.max_memory_bytes = 10000}});
  REQUIRE_FALSE(bytes.ok());
  CHECK(bytes.diagnostics()[0].summary == "Evaluation too large");
  // the same limits apply to a whole file
  hcl::File file = hcl::File::parse("big.hcl", std::string("n = ") + big + "\n");
  CHECK_FALSE(hcl::evaluate(file, {.limits = {.max_values = 1000}}).ok());
  CHECK(hcl::evaluate(file).value().get("n")->as_int64() == 100000);
}

TEST_CASE("api: sensitive values keep their mark unless show_sensitive") {
  hcl::Variables vars{{"secret", hcl::Value::string("pw").value().sensitive()}};
  hcl::Result<hcl::Value> r = hcl::evaluate("{ s = secret, n = 1 }", {.variables = vars});
  REQUIRE(r.ok());
  CHECK_FALSE(r->is_sensitive());
  CHECK(r->has_sensitive());
  CHECK(r->get("s")->is_sensitive());
  CHECK(r->get("s")->as_string() == "pw");  // the accessor reads it; printing hides it
  CHECK(r->to_hcl().find("(sensitive value)") != std::string::npos);
  CHECK(r->to_hcl(true).find("\"pw\"") != std::string::npos);
  CHECK_FALSE(r->to_json().ok());
  hcl::Result<hcl::Value> shown = hcl::evaluate("{ s = secret, n = 1 }", {.variables = vars, .show_sensitive = true});
  REQUIRE(shown.ok());
  CHECK_FALSE(shown->has_sensitive());
  CHECK(shown->to_json().value() == R"({"n":1,"s":"pw"})");
}

TEST_CASE("api: a whole file evaluates into hcl2json's shape, variables and dynamic blocks too") {
  hcl::File file =
      hcl::File::parse("main.hcl",
                       "n = var.base * 2\n"
                       "b \"x\" {\n  dynamic \"d\" {\n    for_each = [1, 2]\n    content { v = d.value }\n  }\n}\n");
  hcl::Variables vars{{"var", hcl::Value::object({{"base", hcl::Value::integer(21)}}).value()}};
  hcl::Result<hcl::Value> r = hcl::evaluate(file, {.variables = vars});
  REQUIRE(r.ok());
  CHECK(r->to_json().value() == R"({"b":{"x":[{"d":[{"v":1},{"v":2}]}]},"n":42})");
}

TEST_CASE("api: the version macros are the project's version") {
  CHECK(std::string(HCL_VERSION_STRING) == HCL_PROJECT_VERSION);
  CHECK(std::string(hcl::version()) == HCL_PROJECT_VERSION);
  CHECK(std::to_string(HCL_VERSION_MAJOR) + "." + std::to_string(HCL_VERSION_MINOR) + "." +
            std::to_string(HCL_VERSION_PATCH) ==
        HCL_PROJECT_VERSION);
  CHECK(HCL_VERSION_NUMBER >= HCL_VERSION_AT(0, 1, 0));
}
