// SPDX-License-Identifier: Apache-2.0
// Values written as HCL expressions (`hcl eval --format hcl`), shaped the way hclwrite's
// TokensForValue and hclfmt lay them out: lists on one line, objects one attribute per line
// with aligned equals signs, keys bare when they are identifiers.
#pragma once

#include <string>
#include <vector>

#include "cty/value.h"

namespace hcl::cty {

// An HCL literal expression for a known value. Unknown parts print as `(unknown)`, sensitive
// ones as `(sensitive value)` (terraform console's words) unless `show_sensitive`.
std::string value_to_hcl(const Value& v, bool show_sensitive = false);

// A path of element keys (as Value::unmark_deep gives them) as an HCL traversal after a name:
// `.name`, `["not a name"]`, `[0]`.
std::string path_to_hcl(const std::vector<Value>& path);

}  // namespace hcl::cty
