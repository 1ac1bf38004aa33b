// SPDX-License-Identifier: Apache-2.0
// Evaluation with HCL's semantics and a dialect's function library: one expression, or a whole
// file into one value. What an evaluation may do (functions, file reads, limits) is in
// EvalOptions; the defaults read no files and call only functions of their arguments.
#pragma once

#include <string>
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

// Reads and evaluates the configuration at `path` (a file or a directory) as its tool does, with
// `var`, `local` and the dialect's named values. Parts that are not known until the tool runs
// are unknown values (Value::is_known).
[[nodiscard]] Result<Value> evaluate_config(const std::string& path, const ConfigOptions& options = {});

}  // namespace hcl
