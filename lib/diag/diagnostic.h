// SPDX-License-Identifier: Apache-2.0
// The one diagnostic type every stage reports through.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "source/source_file.h"

namespace hcl::diag {

enum class Severity : uint8_t { Error, Warning };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string summary;
  std::string detail;
  std::optional<source::Range> subject;
  std::optional<source::Range> context;
};

using Diagnostics = std::vector<Diagnostic>;

inline bool has_errors(const Diagnostics& diags) {
  for (const auto& d : diags)
    if (d.severity == Severity::Error) return true;
  return false;
}

inline void append(Diagnostics& to, Diagnostics&& from) {
  if (from.empty()) return;
  if (to.empty()) {
    to = std::move(from);
    return;
  }
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// A byte range in one source file, resolved to a Range only when a diagnostic needs it.
struct Span {
  uint32_t start = 0;
  uint32_t end = 0;
};

inline Span span_between(Span a, Span b) {
  return Span{a.start < b.start ? a.start : b.start, a.end > b.end ? a.end : b.end};
}

}  // namespace hcl::diag
