// SPDX-License-Identifier: Apache-2.0
// One run of `hcl dec`, as the reference's hcldec performs it (cmd/hcldec/main.go): read the
// spec, the variables and the inputs, decode, and produce the output or the diagnostics. Shared
// by the command line and the test suite; files are read through a callback.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cty/budget.h"
#include "diag/diagnostic.h"
#include "source/source_file.h"

namespace hcl::dec {

struct RunRequest {
  std::string spec_path;
  std::vector<std::string> vars;    // --vars arguments in order: a JSON object, or a path
  std::vector<std::string> inputs;  // paths; none: standard input
  std::string syntax;               // "", "hcl" or "json" (default: by file name)
  bool var_refs = false;
  bool with_type = false;
  bool keep_nulls = false;
  // Expand `dynamic` blocks (ext-dynblock) before decoding, with the configuration's context for
  // their for_each and labels; the reference's hcldec does not.
  bool expand_dynamic = false;
  // One budget for every evaluation of the run (cty/budget.h).
  cty::EvalLimits limits;
  // Reads a path ("-" is standard input); nothing when it cannot be read.
  std::function<std::optional<std::string>(const std::string& path)> read;
};

struct RunResult {
  // 0 success; 2 diagnostics with errors; 1 another failure (`error`).
  int status = 0;
  std::string output;             // on success: the document, with a final newline
  diag::Diagnostics diagnostics;  // errors on status 2; warnings may come with a success
  std::string error;              // status 1
  std::vector<std::shared_ptr<const source::SourceFile>> sources;  // for snippets

  const source::SourceFile* source(const std::string& name) const;
};

RunResult run(const RunRequest& request);

}  // namespace hcl::dec
