// --vars FILE.json and --var NAME=VALUE, shared by the subcommands that evaluate expressions.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "eval/eval.h"

namespace hcl::app {

struct VariableOptions {
  std::vector<std::string> files;        // --vars, in order
  std::vector<std::string> assignments;  // --var, in order
  CLI::Option* files_option = nullptr;
  CLI::Option* assignments_option = nullptr;
  bool any() const { return !files.empty() || !assignments.empty(); }
};

void add_variable_options(CLI::App* cmd, VariableOptions& v);

// Reads standard input once (for "--vars -"); returns the text or sets `error`.
using StdinReader = std::function<std::optional<std::string>(std::string& error)>;

// Sets the variables into `scope` in command-line order, so later definitions win. A --vars file
// must hold a JSON object; a --var value is read as JSON when it parses (strictly, with
// `json_only`), else as a string. Returns a usage error message, or nothing.
std::optional<std::string> load_variables(const CLI::App* cmd, const VariableOptions& v, eval::Scope& scope,
                                          const StdinReader& read_stdin, bool json_only = false);

}  // namespace hcl::app
