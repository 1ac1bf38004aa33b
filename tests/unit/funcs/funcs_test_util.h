// SPDX-License-Identifier: Apache-2.0
// Evaluating expressions that call functions, for the function families' unit tests: the
// standard library, variables that may be unknown (which no JSON input can express), and the
// result or first error as one comparable line.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cty/json_encoding.h"
#include "eval/run_expression.h"
#include "funcs/library.h"

namespace hcl::funcs::testing {

using cty::FunctionTable;
using cty::Type;
using cty::Value;

// "VALUE TYPE" as JSON for a wholly known result, cty's Go syntax otherwise (cty.UnknownVal(..)),
// or "error: SUMMARY: DETAIL".
inline std::string eval_with(const std::string& expr, const std::vector<std::pair<std::string, Value>>& vars,
                             const FunctionTable& functions) {
  eval::Scope scope(&functions);
  for (const auto& [k, v] : vars) scope.set(k, v);
  eval::RunOptions options;
  options.require_json = false;
  eval::RunResult r = eval::run(expr, scope, options);
  if (!r.value) {
    if (r.diagnostics.empty()) return "error";
    return "error: " + r.diagnostics[0].summary + ": " + r.diagnostics[0].detail;
  }
  const Value& v = *r.value;
  if (!v.is_wholly_known()) return v.go_string();
  auto json = cty::value_to_json(v);
  if (!json) return v.go_string();
  return *json + " " + cty::type_to_json(v.type());
}

inline std::string eval_with(const std::string& expr, const std::vector<std::pair<std::string, Value>>& vars = {}) {
  static const FunctionTable functions = standard_functions();
  return eval_with(expr, vars, functions);
}

inline const Type kStr = Type::string();
inline const Type kNum = Type::number();

inline Value unknown_list(Type element) { return Value::unknown(Type::list(std::move(element))); }

}  // namespace hcl::funcs::testing
