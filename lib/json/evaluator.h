// SPDX-License-Identifier: Apache-2.0
// The converter's evaluation hook (Options::evaluator) backed by the evaluator: `hcl json
// --simplify`, `--vars` and `--var` turn expressions that can be evaluated into their values.
#pragma once

#include <memory>

#include "cty/value.h"
#include "eval/eval.h"
#include "funcs/library.h"
#include "json/hcl2json.h"

namespace hcl::cty {
class FunctionTable;
}

namespace hcl::json {

// A wholly known value as the converter writes it (cty's JSON encoding: numbers as the reference
// prints them, keys sorted, sets in set order). Fails for unknown values and infinities, which
// have no JSON form.
std::optional<Value> from_eval(const cty::Value& v, std::string& why);

// An evaluator over `scope` (its variables and functions). An expression whose evaluation
// reports errors, or whose value has no JSON form, yields EvalStatus::Error with diagnostics.
Evaluator make_evaluator(std::shared_ptr<const eval::Scope> scope);

}  // namespace hcl::json
