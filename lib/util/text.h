// Small text helpers shared by several stages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hcl {

// Go's %q / strconv.Quote: the reference quotes names this way inside its messages.
std::string go_quote(std::string_view s);

// Levenshtein distance counted in Unicode scalar values.
size_t edit_distance(std::string_view a, std::string_view b);

// The first candidate within edit distance 2 of `given` (the reference's "did you mean"), or "".
std::string_view name_suggestion(std::string_view given, const std::vector<std::string_view>& candidates);

}  // namespace hcl
