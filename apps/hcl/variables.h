// SPDX-License-Identifier: Apache-2.0
// --vars FILE.json and --var NAME=VALUE, shared by the subcommands that evaluate expressions.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cty/expected.h"
#include "eval/eval.h"

namespace hcl::app {

// One --vars FILE, --var NAME=VALUE or --var-file FILE.
struct VariableSource {
  enum class Kind : uint8_t { File, Assignment, VarFile };
  Kind kind;
  std::string text;
};

struct VariableOptions {
  std::vector<VariableSource> sources;  // in command-line order
  cty::EvalLimits limits;               // --max-eval-*: the scope's evaluation budget
  bool any() const { return !sources.empty(); }
};

// Reads standard input once (for "--vars -"): its text, or why it cannot be read.
using StdinReader = std::function<cty::Expected<std::string>()>;

// Sets the limits and the variables into `scope`, the variables in command-line order, so later
// definitions win. A --vars file
// must hold a JSON object; a --var value is read as JSON when it parses (strictly, with
// `json_only`), else as a string. Returns a usage error message, or nothing.
std::optional<std::string> load_variables(const VariableOptions& v, eval::Scope& scope, const StdinReader& read_stdin,
                                          bool json_only = false);

}  // namespace hcl::app
