// SPDX-License-Identifier: Apache-2.0
// A configuration evaluated as its tool evaluates it (config/loader.h reads it): input variables
// from their declarations and the values given in the tool's order of precedence, local values in
// the order they need each other, and the named values the tool defines (`path.module`,
// `terraform.workspace`, `packer.version` ...). Only what is asked for is evaluated: an
// expression's references decide which variables and locals are needed. What only a run of the
// tool can know (a resource's attributes, `data.`, `module.` outputs) is unknown.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/loader.h"
#include "cty/budget.h"
#include "eval/run_expression.h"

namespace hcl::config {

// How terraform console prints a value that is not yet known; unknown parts of a printed value
// become this string.
inline constexpr const char* kUnknownText = "(known after apply)";

// One value given on the command line, in command-line order (later wins): `NAME=VALUE`
// (--var), or a variable definitions file (--var-file, --vars).
struct InputValue {
  enum class Kind : uint8_t { Assignment, File };
  Kind kind = Kind::Assignment;
  std::string text;
};

struct EvaluatorOptions {
  std::vector<InputValue> inputs;
  std::vector<std::string> environment;  // NAME=VALUE, as environ holds them
  funcs::FileAccess access;
  cty::EvalLimits limits;
  std::string cwd;  // path.cwd
};

// How terraform console prints a sensitive value; with --config, sensitive parts of a printed
// value become this string unless they are asked for (--show-sensitive).
inline constexpr const char* kSensitiveText = "(sensitive value)";

// The value of `v` as a configuration's result is printed: each unknown part replaced by
// kUnknownText and, unless `show_sensitive`, each sensitive part by kSensitiveText (lists, sets
// and maps that hold one become tuples and objects). The result holds no unknown and no mark.
cty::Value mark_unknowns(const cty::Value& v, bool show_sensitive = false);

class Evaluator {
 public:
  Evaluator(const Configuration& config, EvaluatorOptions options);
  ~Evaluator();
  Evaluator(const Evaluator&) = delete;
  Evaluator& operator=(const Evaluator&) = delete;

  // EXPR in the configuration: its value (possibly unknown in parts), or the errors of what it
  // needed and of itself.
  eval::RunResult expression(std::string text);
  // Everything: Terraform's and OpenTofu's variables, locals and outputs as
  // {"var": {...}, "local": {...}, "output": {...}}; Packer's and Nomad's blocks with `dynamic`
  // blocks expanded (config/file_value.h's shape, nested blocks always lists).
  eval::RunResult everything();
  // The known values of every variable and local, for folding references (`json --simplify`):
  // a scope with `var`, `local` and the dialect's named values.
  eval::Scope scope(diag::Diagnostics& diags);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace hcl::config
