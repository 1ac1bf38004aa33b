// SPDX-License-Identifier: Apache-2.0
// Canonical formatting, byte for byte as hclfmt (hclwrite.Format) lays a file out.
#pragma once

#include <string>

#include <hcl/diagnostic.h>
#include <hcl/file.h>

namespace hcl {

struct FormatResult {
  bool ok = false;       // false when the file has syntax errors: broken input is never reformatted
  bool changed = false;  // whether formatting changes the file
  std::string output;    // the whole formatted file when ok
  Diagnostics diagnostics;
};

// Formats a file in the native syntax (a JSON-syntax file is refused with a diagnostic).
// (Not `format`: namespace hcl::format is the library's formatter stage.)
FormatResult format_file(const File& file);

}  // namespace hcl
