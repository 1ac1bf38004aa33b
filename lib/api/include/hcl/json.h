// SPDX-License-Identifier: Apache-2.0
// A configuration as JSON in the shape tmccombs/hcl2json writes: attributes by name, blocks
// under their type and labels; expressions that need no variables written as their values,
// others as their source text in "${...}".
#pragma once

#include <string>

#include <hcl/file.h>
#include <hcl/options.h>
#include <hcl/result.h>

namespace hcl {

// The JSON document (no final newline), as `hcl json` prints it with the same options.
[[nodiscard]] Result<std::string> to_json(const File& file, const JsonOptions& options = {});

}  // namespace hcl
