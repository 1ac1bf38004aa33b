// SPDX-License-Identifier: Apache-2.0
// `hcl eval --config PATH [EXPR]` and `hcl json --simplify --config PATH`: a configuration read
// and evaluated as its tool does (pipeline/config_value.h; `hcl eval --file` is pipeline::file_value).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app.h"
#include "commands.h"
#include "diag/diagnostic.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "funcs/dialect.h"
#include "source/source_file.h"

namespace hcl::app {

// `hcl eval --config PATH [EXPR]`: the configuration evaluated in `dialect` (not Hcl), with the
// command line's values for its variables; `expression` null for the whole configuration.
struct ConfigRun {
  std::optional<std::string> usage;  // a usage error
  eval::RunResult result;
};
ConfigRun evaluate_config(const EvalOptions& options, funcs::Dialect dialect, const std::string* expression);

// `hcl json --simplify --config PATH`: the configuration's named values (`var`, `local` ...) set
// into `into`. Returns a usage error; the configuration's own errors go to `diags`.
std::optional<std::string> config_scope(const std::string& path, const VariableOptions& variables, eval::Scope& into,
                                        diag::Diagnostics& diags,
                                        std::vector<std::shared_ptr<const source::SourceFile>>& sources);

}  // namespace hcl::app
