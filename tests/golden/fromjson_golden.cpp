// SPDX-License-Identifier: Apache-2.0
// testdata/fromjson: <case>.json -> <case>.native, what `hcl fromjson` prints for the file (its
// name picks the dialect, as the command's does), then its warnings and errors, one a line
// ("warning line:column: summary: detail"). Reviewed by hand; tests/cli/fromjson_cli.sh checks
// that each result reads back, under `hcl json`, as the same configuration as its input.
#include <fmt/format.h>

#include <filesystem>

#include "fromjson/fromjson.h"
#include "golden.h"

HCL_GOLDEN_FEATURE("fromjson", ".json", ".native", [](const std::string& path, const std::string& content) {
  std::string name = std::filesystem::path(path).filename().string();
  auto src = std::make_shared<hcl::source::SourceFile>(name, content);
  hcl::fromjson::Result r = hcl::fromjson::convert(src, hcl::fromjson::options_for_file(name));
  std::string out = r.text;
  // The first few diagnostics (the reader reports each unclosed level of a document nested too
  // deep), as `hcl fromjson` caps them per file.
  constexpr size_t kShown = 5;
  for (size_t i = 0; i < r.diagnostics.size(); ++i) {
    if (i == kShown) {
      out += fmt::format("# {} more\n", r.diagnostics.size() - kShown);
      break;
    }
    const auto& d = r.diagnostics[i];
    std::string where = d.subject ? fmt::format("{}:{}", d.subject->start.line, d.subject->start.column) : "-";
    std::string detail = d.detail;
    for (auto& c : detail)
      if (c == '\n') c = ' ';
    out += fmt::format("# {} {}: {}: {}\n", d.severity == hcl::diag::Severity::Error ? "error" : "warning", where,
                       d.summary, detail);
  }
  return out;
});
