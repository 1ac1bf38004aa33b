// SPDX-License-Identifier: Apache-2.0
// Evaluation with HCL's semantics and the standard function library, less the functions that read
// files or change from run to run (timestamp, uuid): a call depends on its arguments alone. One
// expression, or a whole file into one value.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <hcl/diagnostic.h>
#include <hcl/file.h>
#include <hcl/value.h>

namespace hcl {

// The variables an expression sees (`var` in `var.region` names one of them).
using Variables = std::map<std::string, Value, std::less<>>;

struct EvalResult {
  std::optional<Value> value;  // set when evaluation succeeded (warnings may come with it)
  Diagnostics diagnostics;
};

// Evaluates `expression` (HCL native syntax) with `variables`. Diagnostics name the expression
// "<expr>"; their positions are within `expression`.
EvalResult evaluate(std::string_view expression, const Variables& variables = {});

// Evaluates a whole file into one object in the shape of hcl2json (attributes by name, blocks
// under their type and labels), expanding `dynamic` blocks.
EvalResult evaluate(const File& file, const Variables& variables = {});

}  // namespace hcl
