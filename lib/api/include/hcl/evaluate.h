// SPDX-License-Identifier: Apache-2.0
// Evaluation with HCL's semantics and a dialect's function library: one expression, or a whole
// file into one value. What an evaluation may do (functions, file reads, limits) is in
// EvalOptions; the defaults read no files and call only functions of their arguments.
#pragma once

#include <string_view>

#include <hcl/file.h>
#include <hcl/options.h>
#include <hcl/result.h>
#include <hcl/value.h>

namespace hcl {

// Evaluates `expression` (HCL native syntax). Diagnostics name the expression "<expr>"; their
// positions are within `expression`.
[[nodiscard]] Result<Value> evaluate(std::string_view expression, const EvalOptions& options = {});

// Evaluates a whole file into one object in the shape of hcl2json (attributes by name, blocks
// under their type and labels), expanding `dynamic` blocks; the file's variables are its
// attributes, as `hcl eval --file` sees them.
[[nodiscard]] Result<Value> evaluate(const File& file, const EvalOptions& options = {});

}  // namespace hcl
