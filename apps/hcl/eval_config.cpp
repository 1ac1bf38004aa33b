// SPDX-License-Identifier: Apache-2.0
#include <filesystem>

#include "eval_file.h"
#include "pipeline/config_value.h"

extern char** environ;

namespace hcl::app {

namespace {

// The pipeline's request from the command line: the values given in command-line order, the
// process's environment, the working directory, the budget.
std::optional<std::string> config_request(const std::string& path, const VariableOptions& variables,
                                          pipeline::ConfigRequest& request) {
  request.path = path;
  for (const VariableSource& s : variables.sources) {
    if (s.text == "-" && s.kind != VariableSource::Kind::Assignment)
      return "--config reads variable files by name, not from standard input";
    request.inputs.push_back(config::InputValue{s.kind == VariableSource::Kind::Assignment
                                                    ? config::InputValue::Kind::Assignment
                                                    : config::InputValue::Kind::File,
                                                s.text});
  }
  for (char** e = environ; e && *e; ++e) request.environment.emplace_back(*e);
  request.limits = variables.limits;
  std::error_code ec;
  request.cwd = std::filesystem::current_path(ec).string();
  return std::nullopt;
}

}  // namespace

ConfigRun evaluate_config(const EvalOptions& opt, funcs::Dialect dialect, const std::string* expression) {
  ConfigRun run;
  pipeline::ConfigRequest request;
  request.dialect = dialect;
  if (expression) request.expression = *expression;
  if (!opt.chdir.empty()) {
    request.base = opt.chdir;
    request.read_roots.push_back(opt.chdir);
  }
  for (const auto& dir : opt.allow_read) request.read_roots.push_back(dir);
  if ((run.usage = config_request(opt.config, opt.variables, request))) return run;
  pipeline::ConfigResult r = pipeline::config_value(request);
  if (r.usage) run.usage = "--config " + *r.usage;
  run.result = std::move(r.result);
  return run;
}

std::optional<std::string> config_scope(const std::string& path, const VariableOptions& variables, eval::Scope& into,
                                        diag::Diagnostics& diags,
                                        std::vector<std::shared_ptr<const source::SourceFile>>& sources) {
  pipeline::ConfigRequest request;
  if (auto usage = config_request(path, variables, request)) return usage;
  pipeline::ConfigScope scope = pipeline::config_scope(request);
  if (scope.usage) return "--config " + *scope.usage;
  diags = std::move(scope.diagnostics);
  sources = std::move(scope.sources);
  for (const auto& [name, value] : scope.variables)
    if (!into.find(name)) into.set(name, value);
  return std::nullopt;
}

}  // namespace hcl::app
