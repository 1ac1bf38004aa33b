// SPDX-License-Identifier: Apache-2.0
// The hcl library's public interface, all of it (docs/library.md): parse a file and get its
// diagnostics, format it, convert it to JSON, evaluate expressions and files, read and build
// values. Everything is in namespace hcl; no call prints, exits or throws for bad input.
#pragma once

#include <hcl/diagnostic.h>
#include <hcl/evaluate.h>
#include <hcl/file.h>
#include <hcl/format.h>
#include <hcl/json.h>
#include <hcl/options.h>
#include <hcl/result.h>
#include <hcl/value.h>
#include <hcl/version.h>

namespace hcl {

// The library's version, "MAJOR.MINOR.PATCH": the HCL_VERSION_STRING it was built with.
[[nodiscard]] const char* version();

}  // namespace hcl
