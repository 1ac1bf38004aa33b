// SPDX-License-Identifier: Apache-2.0
// A configuration as JSON in the shape tmccombs/hcl2json writes: attributes by name, blocks
// under their type and labels; expressions that need no variables written as their values,
// others as their source text in "${...}".
#pragma once

#include <string>

#include <hcl/diagnostic.h>
#include <hcl/file.h>

namespace hcl {

struct JsonOptions {
  bool pretty = true;  // four-space indentation as hcl2json; false: no whitespace at all
};

struct JsonResult {
  bool ok = false;
  std::string text;  // the JSON document (no final newline) when ok
  Diagnostics diagnostics;
};

JsonResult to_json(const File& file, const JsonOptions& options = {});

}  // namespace hcl
