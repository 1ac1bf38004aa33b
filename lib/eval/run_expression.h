// SPDX-License-Identifier: Apache-2.0
// One evaluation from text to result, as `hcl eval` performs it: parse an expression (or a
// standalone template), evaluate it, optionally convert it to a type constraint with defaults,
// and check that the result has a JSON form. Shared by the command line and the test suite.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cty/value.h"
#include "diag/diagnostic.h"
#include "eval/eval.h"
#include "source/source_file.h"

namespace hcl::eval {

// Declared here too, so that a file that also sees the public hcl::Value (lib/api) finds this one.
using cty::Value;

struct RunOptions {
  bool template_mode = false;  // parse as template text (hclsyntax.ParseTemplate)
  std::string type;            // a type constraint to convert the result to ("" for none)
  std::string filename;        // name in diagnostics ("" for <expr> or <template>)
  bool require_json = true;    // fail with "Result has no JSON form" for infinities and unknowns
};

struct RunResult {
  std::optional<Value> value;                                      // set on success
  diag::Diagnostics diagnostics;                                   // errors on failure; warnings may come with a value
  std::vector<std::shared_ptr<const source::SourceFile>> sources;  // for rendering snippets
  // The last diagnostic is "Result has no JSON form" for a value that is not wholly known.
  bool unknown_result = false;
};

RunResult run(std::string text, const Scope& scope, const RunOptions& options);

// Converts `r.value` to the type constraint `type` (with its defaults), as run() does with
// RunOptions::type: false, with diagnostics in `r` and `r.value` untouched, when the constraint
// is malformed or the value does not convert; `subject` is what a conversion error points at.
bool apply_type(RunResult& r, const std::string& type, const source::Range& subject);

// The reference oracle's document for a result, compact: {"value":V,"type":T} (with
// "warnings" when there are any) or {"diagnostics":[...]}.
std::string oracle_document(const RunResult& result);

// JSON output has no way to show a value hidden that a script could not mistake for a value, so a
// result holding a sensitive part, however deep, is an error there (docs/eval.md, "Sensitive
// values"): this one, naming where the marks are, or nothing when there are none.
std::optional<diag::Diagnostic> sensitive_json_error(const Value& value);

// Diagnostics as the oracle's JSON array.
std::string diagnostics_to_json(const diag::Diagnostics& diags);

}  // namespace hcl::eval
