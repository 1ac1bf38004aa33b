// SPDX-License-Identifier: Apache-2.0
// Bounds every reader shares, kept in one place so that what one syntax accepts another can
// carry: a configuration, a JSON-syntax file, --vars, jsondecode and yamldecode nest alike.
#pragma once

#include <cstdint>

namespace hcl::util {

// Nesting deeper than this (brackets, blocks, templates, operators, JSON objects and arrays) is
// reported instead of read, so no input can exhaust the stack; at this depth an optimized build
// needs about 2 MiB of stack for parsing, evaluation and conversion (docs/ARCHITECTURE.md).
inline constexpr uint32_t kMaxNestingDepth = 1000;

}  // namespace hcl::util
