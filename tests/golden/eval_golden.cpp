// SPDX-License-Identifier: Apache-2.0
// testdata/eval: <topic>.cases -> <topic>.expected. A case is one line: a JSON string (the
// expression) or {"expr": ..., "type": ..., "template": true, "vars": {...}}; "#" lines are
// comments. Each expected line is the case, a tab, and the reference oracle's document for it
// ({"value":..,"type":..} or {"diagnostics":[..]}), evaluated with the nearest vars.json.
// Expected files come from the reference (tests/tools/make_golden.py eval), except under
// departures/ and terraform/ (Terraform's functions the reference lacks), where they are reviewed
// by hand. File functions resolve relative paths against the case file's folder.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cty/json_encoding.h"
#include "eval/run_expression.h"
#include "funcs/library.h"
#include "golden.h"

namespace {

std::string run_cases(const std::string& path, const std::string& content) {
  hcl::cty::FunctionTable functions = hcl::funcs::standard_functions();
  hcl::funcs::add_filesystem_functions(functions, std::filesystem::path(path).parent_path().string());
  hcl::eval::Scope base(&functions);
  // The nearest vars.json, from the case file's folder up.
  auto dir = std::filesystem::path(path).parent_path();
  while (!std::filesystem::exists(dir / "vars.json") && dir.has_parent_path() && dir != dir.parent_path())
    dir = dir.parent_path();
  auto vars_path = dir / "vars.json";
  auto vars = hcl::cty::json_to_value(hcl::golden::read_text(vars_path));
  if (!vars) return "cannot read " + vars_path.string() + ": " + vars.error() + "\n";
  for (const auto& [k, v] : vars->attributes()) base.set(k, v);

  std::string out;
  std::istringstream lines(content);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    auto c = nlohmann::json::parse(line, nullptr, false);
    if (c.is_discarded()) {
      out += line + "\tINVALID CASE\n";
      continue;
    }
    hcl::eval::Scope scope = base;
    hcl::eval::RunOptions options;
    std::string expr;
    if (c.is_string()) {
      expr = c.get<std::string>();
    } else {
      expr = c.value("expr", "");
      options.type = c.value("type", "");
      options.template_mode = c.value("template", false);
      if (c.contains("vars")) {
        for (auto& [k, v] : c["vars"].items()) {
          // The same JSON text the generator passes to the reference with --var.
          auto value = hcl::cty::json_to_value(v.dump());
          if (value) scope.set(k, *value);
        }
      }
    }
    hcl::eval::RunResult r = hcl::eval::run(expr, scope, options);
    out += line + "\t" + hcl::eval::oracle_document(r) + "\n";
  }
  return out;
}

HCL_GOLDEN_FEATURE("eval", ".cases", ".expected", run_cases);

}  // namespace
