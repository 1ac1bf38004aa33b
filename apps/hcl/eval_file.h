// SPDX-License-Identifier: Apache-2.0
// `hcl eval --file CONFIG [EXPR]`: a whole configuration file, evaluated into the shape of
// hcl2json (config/file_value.h), or the file's top level as variables for EXPR.
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

struct FileEvaluation {
  enum class Kind : uint8_t {
    Document,    // `result.value` is the file's value
    Scope,       // the file evaluated; `variables` are its top level (errors kept in `file_diagnostics`)
    Failed,      // `result.diagnostics` say why
    Expression,  // not a configuration but one expression: evaluate the file's text as EXPR
  };
  Kind kind = Kind::Failed;
  eval::RunResult result;
  std::map<std::string, cty::Value> variables;
  diag::Diagnostics file_diagnostics;
};

struct FileRequest {
  std::string name;  // as shown in diagnostics
  std::string text;
  Syntax syntax = Syntax::ByName;
  bool keep_dynamic = false;
  bool for_expression = false;      // an expression will be evaluated with the file's variables
  std::string type;                 // --type for the document
  std::string* text_out = nullptr;  // receives the text when the file holds one expression
};

FileEvaluation evaluate_config_file(const FileRequest& request, const eval::Scope& scope);

// Runs EXPR in `scope` plus the file's variables (command-line variables win). When the result
// is not wholly known because some of the file failed, the file's errors are reported too.
eval::RunResult run_with_file(std::string expression, const eval::RunOptions& options, const eval::Scope& scope,
                              const FileEvaluation& file);

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
