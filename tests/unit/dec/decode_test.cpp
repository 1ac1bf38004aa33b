// SPDX-License-Identifier: Apache-2.0
// hcldec: a body decoded by a spec file (dec/decode.h).
#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "dec/decode.h"

namespace {

hcl::dec::RunResult decode(const std::string& spec, const std::string& input) {
  std::map<std::string, std::string> files{{"spec.hcldec", spec}, {"in.hcl", input}};
  hcl::dec::RunRequest request;
  request.spec_path = "spec.hcldec";
  request.inputs = {"in.hcl"};
  request.read = [files](const std::string& path) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
  return hcl::dec::run(request);
}

const char* kSpec =
    "object {\n"
    "  attr \"name\" {\n    type = string\n    required = true\n  }\n"
    "  attr \"count\" {\n    type = number\n  }\n"
    "  block_list \"disk\" {\n    attr {\n      name = \"size\"\n      type = number\n    }\n  }\n"
    "}\n";

}  // namespace

TEST_CASE("a body decodes into the spec's object, converting to the spec's types") {
  auto r = decode(kSpec, "name = \"web\"\ncount = \"2\"\ndisk {\n  size = 10\n}\ndisk {\n  size = 20\n}\n");
  REQUIRE(r.status == 0);
  CHECK(nlohmann::json::parse(r.output) == nlohmann::json::parse(R"({"name":"web","count":2,"disk":[10,20]})"));
}

TEST_CASE("a required attribute that is missing fails with the reference's diagnostic") {
  auto r = decode(kSpec, "count = 1\n");
  CHECK(r.status == 2);
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics[0].summary == "Missing required argument");
  CHECK(r.diagnostics[0].detail == "The argument \"name\" is required, but no definition was found.");
}
