// SPDX-License-Identifier: Apache-2.0
// From a configuration to a result, the pipeline's way for a whole configuration read and
// evaluated as its tool does (config/loader.h, config/evaluator.h): Terraform's, OpenTofu's,
// Packer's and Nomad's `var`, `local` and named values, fed by assignments, variable files and
// environment entries the caller passes in (the library reads no process environment).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/evaluator.h"
#include "cty/value.h"
#include "diag/diagnostic.h"
#include "eval/run_expression.h"
#include "funcs/dialect.h"
#include "source/source_file.h"

namespace hcl::pipeline {

struct ConfigRequest {
  std::string path{};                        // a configuration file or directory
  std::optional<funcs::Dialect> dialect{};   // detected from the files' names when not given
  std::vector<config::InputValue> inputs{};  // assignments and variable files, later wins
  std::vector<std::string> environment{};    // NAME=VALUE entries (TF_VAR_..., PKR_VAR_...)
  std::string cwd{};                         // path.cwd
  // File functions read the configuration's directory and ".", plus these; relative paths are
  // taken from `base` ("" for the configuration's directory).
  std::vector<std::string> read_roots{};
  bool read_working_directory = true;  // false: not ".", only the configuration's directory and read_roots
  std::string base{};
  cty::EvalLimits limits{};
  std::optional<std::string> expression{};  // its value instead of the whole configuration's
  // The directory's files as the caller holds them, read instead of the disk (config::load).
  std::shared_ptr<const config::GivenFiles> files{};
};

struct ConfigResult {
  std::optional<std::string> usage;  // the request cannot be run (no such path, no configuration)
  eval::RunResult result;            // the configuration's own warnings first
};

// The whole configuration's value (config::Evaluator::everything) or the request's expression's.
ConfigResult config_value(const ConfigRequest& request);

// The same in two steps, for a caller that evaluates one configuration many times (the language
// server's hover and completion): the configuration read once, then each expression evaluated
// afresh against it, as config_value evaluates it.
struct LoadedConfig {
  std::optional<std::string> usage;
  std::shared_ptr<const config::Configuration> configuration;  // null with `usage`
};
LoadedConfig load_config(const ConfigRequest& request);
ConfigResult config_value(const ConfigRequest& request, const LoadedConfig& loaded);

// The known values of the configuration's variables and locals, for folding references
// (`hcl json --simplify --config`). A configuration in the generic dialect is refused.
struct ConfigScope {
  std::optional<std::string> usage;
  std::map<std::string, cty::Value, std::less<>> variables;
  diag::Diagnostics diagnostics;
  std::vector<std::shared_ptr<const source::SourceFile>> sources;
};
ConfigScope config_scope(const ConfigRequest& request);

}  // namespace hcl::pipeline
