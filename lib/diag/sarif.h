// SPDX-License-Identifier: Apache-2.0
// Diagnostics as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), the form
// GitHub code scanning and GitLab read. One log holds one run of one tool.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"

namespace hcl::diag {

struct SarifTool {
  std::string name = "hcl";
  std::string version;
  std::string information_uri;
};

// A result's rule: diagnostics with the same summary share one, named after it
// ("Missing item separator" is rule "missing-item-separator"), unless `rule_id` is given.
struct SarifResult {
  Diagnostic diagnostic;
  std::string rule_id;
};

// The whole log. Columns count Unicode code points, as the diagnostics do; file names become
// relative URI references (percent-encoded).
nlohmann::ordered_json sarif_log(const SarifTool& tool, const std::vector<SarifResult>& results);

}  // namespace hcl::diag
