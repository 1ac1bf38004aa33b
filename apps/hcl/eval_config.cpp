// SPDX-License-Identifier: Apache-2.0
#include <filesystem>

#include "config/evaluator.h"
#include "eval_file.h"

extern char** environ;

namespace hcl::app {

namespace {

// The evaluator's options from the command line: the values given in command-line order, the
// environment, the budget; file functions read the configuration's directory too.
std::optional<std::string> evaluator_options(const VariableOptions& variables, const config::Configuration& c,
                                             config::EvaluatorOptions& eo) {
  for (const VariableSource& s : variables.sources) {
    if (s.text == "-" && s.kind != VariableSource::Kind::Assignment)
      return "--config reads variable files by name, not from standard input";
    eo.inputs.push_back(config::InputValue{s.kind == VariableSource::Kind::Assignment
                                               ? config::InputValue::Kind::Assignment
                                               : config::InputValue::Kind::File,
                                           s.text});
  }
  for (char** e = environ; e && *e; ++e) eo.environment.emplace_back(*e);
  eo.limits = variables.limits;
  std::error_code ec;
  eo.cwd = std::filesystem::current_path(ec).string();
  eo.access.base = c.directory;
  eo.access.roots = {".", c.directory};
  return std::nullopt;
}

}  // namespace

ConfigRun evaluate_config(const EvalOptions& opt, funcs::Dialect dialect, const std::string* expression) {
  ConfigRun run;
  std::error_code ec;
  if (!std::filesystem::exists(opt.config, ec)) {
    run.usage = "--config " + opt.config + ": no such file or directory";
    return run;
  }
  config::Configuration configuration = config::load(opt.config, dialect);
  if (diag::has_errors(configuration.diagnostics)) {
    run.result.diagnostics = std::move(configuration.diagnostics);
    run.result.sources = configuration.sources;
    return run;
  }
  config::EvaluatorOptions eo;
  if ((run.usage = evaluator_options(opt.variables, configuration, eo))) return run;
  if (!opt.chdir.empty()) {
    eo.access.base = opt.chdir;
    eo.access.roots.push_back(opt.chdir);
  }
  for (const auto& dir : opt.allow_read) eo.access.roots.push_back(dir);
  config::Evaluator evaluator(configuration, std::move(eo));
  run.result = expression ? evaluator.expression(*expression) : evaluator.everything();
  // Warnings of the configuration itself come first.
  diag::Diagnostics all = std::move(configuration.diagnostics);
  diag::append(all, std::move(run.result.diagnostics));
  run.result.diagnostics = std::move(all);
  return run;
}

std::optional<std::string> config_scope(const std::string& path, const VariableOptions& variables, eval::Scope& into,
                                        diag::Diagnostics& diags,
                                        std::vector<std::shared_ptr<const source::SourceFile>>& sources) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return "--config " + path + ": no such file or directory";
  funcs::Dialect dialect = config::detect_dialect(path);
  if (dialect == funcs::Dialect::Hcl)
    return "--config " + path + ": no Terraform, OpenTofu, Packer or Nomad configuration files there";
  config::Configuration configuration = config::load(path, dialect);
  sources = configuration.sources;
  diags = std::move(configuration.diagnostics);
  if (diag::has_errors(diags)) return std::nullopt;
  config::EvaluatorOptions eo;
  if (auto usage = evaluator_options(variables, configuration, eo)) return usage;
  config::Evaluator evaluator(configuration, std::move(eo));
  eval::Scope scope = evaluator.scope(diags);
  sources = configuration.sources;
  for (const auto& [name, value] : scope.variables())
    if (!into.find(name)) into.set(name, value);
  return std::nullopt;
}

}  // namespace hcl::app
