// SPDX-License-Identifier: Apache-2.0
// testdata/json: <case>.hcl -> <case>.json, what `hcl json` prints for the file: the pretty JSON
// document and a newline, or, when the file has no JSON form, one line per error diagnostic
// ("error start-end: summary: detail", positions line:column).
//
// Expected files outside fixes/ and errors/ come from the reference hcl2json
// (tests/tools/make_golden.py json); fixes/ holds deliberate departures from it
// (docs/COMPATIBILITY.md) and errors/ inputs the reference rejects too, both reviewed by hand.
//
// Every case also checks that compact output is the same document as the pretty one.
#include <fmt/format.h>

#include <filesystem>

#include "golden.h"
#include "json/hcl2json.h"
#include "syntax/parser.h"

namespace {

std::string render_errors(const hcl::diag::Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags) {
    std::string where = "-";
    if (d.subject)
      where = fmt::format("{}:{}-{}:{}", d.subject->start.line, d.subject->start.column, d.subject->end.line,
                          d.subject->end.column);
    std::string detail = d.detail;
    for (auto& c : detail)
      if (c == '\n') c = ' ';
    out += fmt::format("{} {}: {}: {}\n", d.severity == hcl::diag::Severity::Error ? "error" : "warning", where,
                       d.summary, detail);
  }
  return out;
}

// Pretty output with the layout whitespace removed (outside strings) must equal compact output.
std::string strip_layout(const std::string& pretty) {
  std::string out;
  bool in_string = false, escaped = false;
  for (char c : pretty) {
    if (in_string) {
      out.push_back(c);
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == ' ' || c == '\n') continue;
    if (c == '"') in_string = true;
    out.push_back(c);
  }
  return out;
}

HCL_GOLDEN_FEATURE("json", ".hcl", ".json", [](const std::string& path, const std::string& content) {
  auto src = std::make_shared<hcl::source::SourceFile>(std::filesystem::path(path).filename().string(), content);
  auto parsed = hcl::syntax::parse_config(src);
  if (hcl::diag::has_errors(parsed.diagnostics)) return "parse failed:\n" + render_errors(parsed.diagnostics);
  hcl::json::ConvertResult pretty = hcl::json::convert_file(*parsed.tree);
  if (!pretty.ok) return render_errors(pretty.diagnostics);
  hcl::json::Options compact_options;
  compact_options.pretty = false;
  hcl::json::ConvertResult compact = hcl::json::convert_file(*parsed.tree, compact_options);
  if (!compact.ok || compact.text != strip_layout(pretty.text)) return std::string("COMPACT OUTPUT DIFFERS\n");
  return pretty.text + "\n";
});

}  // namespace
