// SPDX-License-Identifier: Apache-2.0
// The hcl library's public interface, all of it (docs/library.md): parse a file and get its
// diagnostics, format it, convert it to JSON, evaluate expressions and files. Everything is in
// namespace hcl; no call prints, exits or throws.
#pragma once

#include <hcl/diagnostic.h>
#include <hcl/evaluate.h>
#include <hcl/file.h>
#include <hcl/format.h>
#include <hcl/json.h>
#include <hcl/value.h>

namespace hcl {

// The library's version, "MAJOR.MINOR.PATCH".
const char* version();

}  // namespace hcl
