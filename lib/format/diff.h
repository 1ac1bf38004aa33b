// SPDX-License-Identifier: Apache-2.0
// Unified diffs of two texts, in the form `diff -u` prints (which terraform fmt -diff shows).
#pragma once

#include <string>
#include <string_view>

namespace hcl::format {

// The unified diff turning `before` into `after`, with `--- old_label` / `+++ new_label` headers
// and three lines of context; empty when the texts are equal. A last line without a newline is
// marked "\ No newline at end of file", as diff does.
std::string unified_diff(std::string_view before, std::string_view after, std::string_view old_label,
                         std::string_view new_label, int context = 3);

}  // namespace hcl::format
