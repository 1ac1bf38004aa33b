// SPDX-License-Identifier: Apache-2.0
// Unified diffs of two texts, in the form `diff -u` prints (which terraform fmt -diff shows).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hcl::format {

// The unified diff turning `before` into `after`, with `--- old_label` / `+++ new_label` headers
// and three lines of context; empty when the texts are equal. A last line without a newline is
// marked "\ No newline at end of file", as diff does.
std::string unified_diff(std::string_view before, std::string_view after, std::string_view old_label,
                         std::string_view new_label, int context = 3);

// One run of changed lines: lines [a0, a1) of `before` become lines [b0, b1) of `after` (0-based;
// a line is its text and its newline, so a missing final newline is a change too).
struct LineChange {
  size_t a0, a1, b0, b1;
};

// The changed runs of a line diff, in order; what unified_diff prints, for callers that apply
// the changes instead (the language server's formatting edits).
std::vector<LineChange> line_changes(std::string_view before, std::string_view after);

}  // namespace hcl::format
