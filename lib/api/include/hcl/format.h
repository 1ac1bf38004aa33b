// SPDX-License-Identifier: Apache-2.0
// Canonical formatting, byte for byte as hclfmt (hclwrite.Format) lays a file out.
#pragma once

#include <string>

#include <hcl/file.h>
#include <hcl/options.h>
#include <hcl/result.h>

namespace hcl {

struct Formatted {
  std::string text;      // the whole formatted file
  bool changed = false;  // whether formatting changes the file
};

// Formats a file in the native syntax. Fails for a file with syntax errors (broken input is never
// reformatted) and for a JSON-syntax file. (Not `format`: namespace hcl::format is the library's
// formatter stage.)
[[nodiscard]] Result<Formatted> format_file(const File& file, const FormatOptions& options = {});

}  // namespace hcl
