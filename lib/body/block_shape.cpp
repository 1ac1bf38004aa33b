// SPDX-License-Identifier: Apache-2.0
#include "body/block_shape.h"

#include <algorithm>

#include "util/text.h"

namespace hcl::body {

std::string position_text(const source::Range& at) {
  return at.filename.str() + ":" + std::to_string(at.start.line) + "," + std::to_string(at.start.column);
}

diag::Diagnostic inconsistent_block_labels(std::string_view type, size_t labels, const source::Range& subject,
                                           const ShapeNode& existing, std::string_view existing_at) {
  auto count = [](size_t n) {
    return n == 0 ? std::string("no labels") : n == 1 ? std::string("1 label") : std::to_string(n) + " labels";
  };
  size_t shared = std::min<size_t>(labels, existing.labels);
  std::string same = shared == 0   ? ""
                     : shared == 1 ? " with the same first label"
                                   : " with the same first " + std::to_string(shared) + " labels";
  diag::Diagnostic d;
  d.severity = diag::Severity::Error;
  d.summary = "Inconsistent block labels";
  d.detail = "This " + util::go_quote(type) + " block has " + count(labels) + ", but the one at " +
             std::string(existing_at) + " has " + count(existing.labels) + same +
             ". JSON output nests one object level per label and lists the block bodies innermost, so it "
             "cannot hold both.";
  d.subject = subject;
  return d;
}

}  // namespace hcl::body
