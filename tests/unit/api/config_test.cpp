// SPDX-License-Identifier: Apache-2.0
// hcl::evaluate_config as a caller sees it: a configuration on disk read as its tool reads it,
// its variables fed only by what the caller passes (never the process's environment).
#include <doctest/doctest.h>

#include <hcl/hcl.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary directory, removed with the object.
struct Folder {
  fs::path path;
  explicit Folder(const std::string& name) : path(fs::temp_directory_path() / ("hcl_api_config_" + name)) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path / name) << text; }
};

std::string string_at(const hcl::Result<hcl::Value>& r) {
  REQUIRE(r.ok());
  return r->as_string().value_or("<not a string>");
}

}  // namespace

TEST_CASE("api: a Terraform configuration's variables, locals and variable files") {
  Folder dir("terraform");
  dir.write("main.tf",
            "variable \"region\" {\n  default = \"eu\"\n}\nvariable \"size\" {\n  type = number\n}\n"
            "locals {\n  name = \"${var.region}-${var.size}\"\n}\noutput \"name\" {\n  value = local.name\n}\n");
  dir.write("terraform.tfvars", "size = 3\n");
  dir.write("extra.tfvars", "size = 7\n");
  const std::string path = dir.path.string();
  // The process's environment is not the library's to read.
  ::setenv("TF_VAR_region", "process", 1);
  CHECK(string_at(hcl::evaluate_config(path, {.expression = "local.name"})) == "eu-3");
  // The environment only as given; assignments and files in order, later wins.
  hcl::ConfigOptions o{.environment = {"TF_VAR_region=us"}, .expression = "local.name"};
  CHECK(string_at(hcl::evaluate_config(path, o)) == "us-3");
  o.inputs = {{hcl::ConfigInput::Kind::Assignment, "size=5"}, {hcl::ConfigInput::Kind::File, path + "/extra.tfvars"}};
  CHECK(string_at(hcl::evaluate_config(path, o)) == "us-7");
  // The whole configuration: {var, local, output}.
  hcl::Result<hcl::Value> all = hcl::evaluate_config(path, {.dialect = hcl::Dialect::Terraform});
  REQUIRE(all.ok());
  CHECK(all->get("output")->get("name")->as_string() == "eu-3");
  CHECK(all->get("var")->get("size")->as_int64() == 3);
}

TEST_CASE("api: a configuration's unknown values stay unknown") {
  Folder dir("unknown");
  dir.write("main.tf",
            "resource \"aws_instance\" \"web\" {}\nlocals {\n  url = \"http://${aws_instance.web.id}\"\n}\n");
  hcl::Result<hcl::Value> r = hcl::evaluate_config(dir.path.string(), {.expression = "local.url"});
  REQUIRE(r.ok());
  CHECK(r->kind() == hcl::Kind::Unknown);
  CHECK_FALSE(r->is_known());
}

TEST_CASE("api: a Packer template's dynamic blocks are expanded") {
  Folder dir("packer");
  dir.write("build.pkr.hcl",
            "source \"null\" \"a\" {\n  dynamic \"tag\" {\n    for_each = [\"x\", \"y\"]\n"
            "    content {\n      name = tag.value\n    }\n  }\n}\n");
  hcl::Result<hcl::Value> r = hcl::evaluate_config((dir.path / "build.pkr.hcl").string());
  REQUIRE(r.ok());
  CHECK(r->to_json().value() == R"({"source":{"null":{"a":[{"tag":[{"name":"x"},{"name":"y"}]}]}}})");
}

TEST_CASE("api: a missing configuration and a cycle in locals are errors") {
  hcl::Result<hcl::Value> missing = hcl::evaluate_config("/nonexistent/hcl-config");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.diagnostics().at(0).summary == "/nonexistent/hcl-config: no such file or directory");
  Folder dir("cycle");
  dir.write("main.tf", "locals {\n  a = local.b\n  b = local.a\n}\n");
  hcl::Result<hcl::Value> cycle = hcl::evaluate_config(dir.path.string(), {.expression = "local.a"});
  REQUIRE_FALSE(cycle.ok());
  CHECK(cycle.diagnostics().at(0).summary == "Cycle in local values");
}
