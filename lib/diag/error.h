// SPDX-License-Identifier: Apache-2.0
// An error diagnostic in one call, for the stages that report errors they find themselves rather
// than through a parser or the evaluator.
#pragma once

#include <optional>
#include <string>

#include "diag/diagnostic.h"

namespace hcl::diag {

inline Diagnostic error(std::string summary, std::string detail, std::optional<source::Range> subject = std::nullopt) {
  return Diagnostic{Severity::Error, std::move(summary), std::move(detail), std::move(subject), std::nullopt};
}

}  // namespace hcl::diag
