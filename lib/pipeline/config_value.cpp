// SPDX-License-Identifier: Apache-2.0
#include "pipeline/config_value.h"

#include <filesystem>

#include "config/loader.h"

namespace hcl::pipeline {

namespace {

std::optional<std::string> missing(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return std::nullopt;
  return path + ": no such file or directory";
}

config::EvaluatorOptions evaluator_options(const ConfigRequest& request, const config::Configuration& c) {
  config::EvaluatorOptions eo;
  eo.inputs = request.inputs;
  eo.environment = request.environment;
  eo.limits = request.limits;
  eo.cwd = request.cwd;
  eo.access.base = request.base.empty() ? c.directory : request.base;
  eo.access.roots = {c.directory};
  if (request.read_working_directory) eo.access.roots.insert(eo.access.roots.begin(), ".");
  for (const auto& root : request.read_roots) eo.access.roots.push_back(root);
  return eo;
}

}  // namespace

LoadedConfig load_config(const ConfigRequest& request) {
  LoadedConfig out;
  if ((out.usage = missing(request.path))) return out;
  funcs::Dialect dialect = request.dialect ? *request.dialect : config::detect_dialect(request.path);
  out.configuration = std::make_shared<const config::Configuration>(config::load(request.path, dialect, request.files));
  return out;
}

ConfigResult config_value(const ConfigRequest& request, const LoadedConfig& loaded) {
  ConfigResult run;
  if ((run.usage = loaded.usage)) return run;
  const config::Configuration& configuration = *loaded.configuration;
  if (diag::has_errors(configuration.diagnostics)) {
    run.result.diagnostics = configuration.diagnostics;
    run.result.sources = configuration.sources;
    return run;
  }
  config::Evaluator evaluator(configuration, evaluator_options(request, configuration));
  run.result = request.expression ? evaluator.expression(*request.expression) : evaluator.everything();
  // Warnings of the configuration itself come first.
  diag::Diagnostics all = configuration.diagnostics;
  diag::append(all, std::move(run.result.diagnostics));
  run.result.diagnostics = std::move(all);
  return run;
}

ConfigResult config_value(const ConfigRequest& request) { return config_value(request, load_config(request)); }

ConfigScope config_scope(const ConfigRequest& request) {
  ConfigScope out;
  if ((out.usage = missing(request.path))) return out;
  funcs::Dialect dialect = request.dialect ? *request.dialect : config::detect_dialect(request.path);
  if (dialect == funcs::Dialect::Hcl) {
    out.usage = request.path + ": no Terraform, OpenTofu, Packer or Nomad configuration files there";
    return out;
  }
  config::Configuration configuration = config::load(request.path, dialect, request.files);
  out.sources = configuration.sources;
  out.diagnostics = std::move(configuration.diagnostics);
  if (diag::has_errors(out.diagnostics)) return out;
  config::Evaluator evaluator(configuration, evaluator_options(request, configuration));
  eval::Scope scope = evaluator.scope(out.diagnostics);
  out.sources = configuration.sources;
  out.variables = scope.variables();
  return out;
}

}  // namespace hcl::pipeline
