// SPDX-License-Identifier: Apache-2.0
// testdata/validate: <case>.hcl -> <case>.diag, the diagnostics the parser reports, one per line
// as "start-end: summary: detail" (positions line:column). Expected files come from the
// reference (tests/tools/make_golden.py validate).
#include <fmt/format.h>

#include <filesystem>

#include "golden.h"
#include "syntax/parser.h"

namespace {

std::string render(const hcl::diag::Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags) {
    std::string where = "-";
    if (d.subject)
      where = fmt::format("{}:{}-{}:{}", d.subject->start.line, d.subject->start.column, d.subject->end.line,
                          d.subject->end.column);
    std::string detail = d.detail;
    for (auto& c : detail)
      if (c == '\n') c = ' ';
    out += fmt::format("{}: {}: {}\n", where, d.summary, detail);
  }
  return out;
}

HCL_GOLDEN_FEATURE("validate", ".hcl", ".diag", [](const std::string& path, const std::string& content) {
  auto src = std::make_shared<hcl::source::SourceFile>(std::filesystem::path(path).filename().string(), content);
  auto result = hcl::syntax::parse_config(src);
  // The tree must hold every byte, valid input or not.
  if (result.tree && result.tree->print() != content) return std::string("ROUND TRIP FAILED\n");
  return render(result.diagnostics);
});

}  // namespace
