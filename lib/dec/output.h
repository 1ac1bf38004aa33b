// SPDX-License-Identifier: Apache-2.0
// What `hcl dec` prints, byte for byte as the reference's hcldec: the decoded value in cty's
// JSON encoding (optionally wrapped with its type, optionally without null object properties),
// the variable references of --var-refs, and the JSON diagnostics of --diags=json. Strings are
// escaped as Go's encoding/json escapes them (HTML characters included).
#pragma once

#include <string>
#include <vector>

#include "body/body.h"
#include "cty/expected.h"
#include "cty/value.h"

namespace hcl::dec {

struct OutputOptions {
  bool with_type = false;   // {"value": ..., "type": ...}
  bool keep_nulls = false;  // else object properties whose value is null are left out
};

// The value's JSON (without a final newline), or why it has none ("value is not known").
cty::Expected<std::string> value_document(const cty::Value& v, const OutputOptions& options);

// --var-refs: the traversals, each with its value in `ctx` when it resolves there.
std::string variables_document(const std::vector<body::Traversal>& traversals, body::Context ctx);

// --diags=json: {"diagnostics": [...]} indented by two spaces.
std::string diagnostics_document(const diag::Diagnostics& diags);

}  // namespace hcl::dec
