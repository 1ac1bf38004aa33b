// SPDX-License-Identifier: Apache-2.0
// A configuration read from files the caller holds (config::GivenFiles, the language server's)
// instead of its directory on disk, evaluated as `hcl eval --config` evaluates it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <unistd.h>

#include "config/evaluator.h"
#include "cty/json_encoding.h"
#include "pipeline/config_value.h"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

std::shared_ptr<const hcl::source::SourceFile> given(const fs::path& dir, const std::string& name,
                                                     const std::string& text) {
  return std::make_shared<const hcl::source::SourceFile>((dir / name).string(), text);
}

std::string value(const hcl::pipeline::ConfigRequest& r, const hcl::pipeline::LoadedConfig& loaded) {
  hcl::pipeline::ConfigResult run = hcl::pipeline::config_value(r, loaded);
  REQUIRE(!run.usage);
  if (!run.result.value) return "error: " + run.result.diagnostics.at(0).summary;
  auto json = hcl::cty::value_to_json(hcl::config::mark_unknowns(*run.result.value));
  REQUIRE(json);
  return *json;
}

}  // namespace

TEST_CASE("given files replace the directory on disk, variable files included") {
  fs::path dir = fs::temp_directory_path() / ("hcl_given_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  write(dir / "main.tf", "variable \"env\" {\n  default = \"disk\"\n}\n");
  write(dir / "terraform.tfvars", "env = \"disk tfvars\"\n");
  write(dir / "x.auto.tfvars", "env = \"not given\"\n");

  hcl::pipeline::ConfigRequest r;
  r.path = dir.string();
  r.expression = "[var.env, local.name, local.ip]";
  auto files = std::make_shared<hcl::config::GivenFiles>();
  files->files["main.tf"] = given(dir, "main.tf",
                                  "variable \"env\" {\n  default = \"given\"\n}\n"
                                  "locals {\n  name = \"app-${var.env}\"\n  ip = aws_instance.web.ip\n}\n"
                                  "resource \"aws_instance\" \"web\" {}\n");
  files->files["terraform.tfvars"] = given(dir, "terraform.tfvars", "env = \"given tfvars\"\n");
  r.files = files;
  hcl::pipeline::LoadedConfig loaded = hcl::pipeline::load_config(r);
  REQUIRE(loaded.configuration);
  // The given texts, and only the given files: x.auto.tfvars on disk is not read.
  CHECK(value(r, loaded) == R"j(["given tfvars","app-given tfvars","(known after apply)"])j");
  // Each evaluation against the configuration read once is config_value's.
  r.expression = "local.name";
  CHECK(value(r, loaded) == R"("app-given tfvars")");
  CHECK(value(r, loaded) == value(r, hcl::pipeline::load_config(r)));
  // Without them, the disk's files.
  r.files = nullptr;
  r.expression = "var.env";
  CHECK(value(r, hcl::pipeline::load_config(r)) == R"("not given")");
  fs::remove_all(dir);
}

TEST_CASE("without the working directory, file functions read the configuration's directory alone") {
  fs::path dir = fs::temp_directory_path() / ("hcl_given_cwd_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path outside = fs::current_path() / ("hcl_given_cwd_" + std::to_string(::getpid()) + ".txt");
  write(outside, "in the working directory");
  write(dir / "main.tf", "locals {\n  here = file(\"in.txt\")\n  cwd = fileexists(\"" + outside.string() + "\")\n}\n");
  write(dir / "in.txt", "inside");
  hcl::pipeline::ConfigRequest r;
  r.path = dir.string();
  r.read_working_directory = false;
  r.expression = "local.here";
  hcl::pipeline::LoadedConfig loaded = hcl::pipeline::load_config(r);
  CHECK(value(r, loaded) == R"("inside")");
  r.expression = "local.cwd";
  CHECK(value(r, loaded) == "error: Error in function call");
  r.read_working_directory = true;
  CHECK(value(r, hcl::pipeline::load_config(r)) == "true");
  fs::remove(outside);
  fs::remove_all(dir);
}
