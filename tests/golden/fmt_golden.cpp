// SPDX-License-Identifier: Apache-2.0
// testdata/fmt: <case>.hcl -> <case>.out, hclwrite.Format's output (no syntax check, as
// `hcl-oracle fmt --force`; expected files from tests/tools/make_golden.py fmt).
// testdata/fmt_terraform: <case>.tf -> <case>.out, terraform fmt's output (expected files
// written by hand from terraform's rules; the oracle has no Terraform style).
// For inputs that parse, the properties of `hcl fmt` are checked too: formatting only changes
// blank space (the tokens of the output are those of the input) and is idempotent.
#include <filesystem>

#include "format/format.h"
#include "golden.h"
#include "lex/lexer.h"
#include "pipeline/pipeline.h"
#include "syntax/parser.h"

namespace {

bool same_tokens(std::string_view a, std::string_view b) {
  auto ta = hcl::lex::lex_all(a), tb = hcl::lex::lex_all(b);
  if (ta.size() != tb.size()) return false;
  for (size_t i = 0; i < ta.size(); ++i)
    if (ta[i].kind != tb[i].kind || ta[i].text(a) != tb[i].text(b)) return false;
  return true;
}

std::string properties(const std::string& input, const std::string& output, bool check_tokens) {
  std::string notes;
  if (check_tokens && !same_tokens(input, output)) notes += "TOKENS CHANGED\n";
  if (hcl::format::format_source(output) != output) notes += "NOT IDEMPOTENT\n";
  return notes;
}

bool parses(const std::string& path, const std::string& content) {
  auto src = std::make_shared<hcl::source::SourceFile>(std::filesystem::path(path).filename().string(), content);
  hcl::syntax::ParseOptions po;
  po.build_tree = false;
  return !hcl::diag::has_errors(hcl::syntax::parse_config(src, po).diagnostics);
}

HCL_GOLDEN_FEATURE("fmt", ".hcl", ".out", [](const std::string& path, const std::string& content) {
  std::string out = hcl::format::format_source(content);
  // The streaming and whole-array entry points must agree.
  auto tokens = hcl::lex::lex_all(content);
  if (hcl::format::format_tokens(content, tokens) != out) return out + "FORMAT_TOKENS DIFFERS\n";
  if (!parses(path, content)) return out;
  return out + properties(content, out, true);
});

HCL_GOLDEN_FEATURE("fmt_terraform", ".tf", ".out", [](const std::string& path, const std::string& content) {
  auto src = std::make_shared<hcl::source::SourceFile>(std::filesystem::path(path).filename().string(), content);
  hcl::format::FormatOptions options;
  options.style = hcl::format::Style::Terraform;
  auto result = hcl::pipeline::file_format({.source = src}, options);
  if (!result.ok) return std::string("SYNTAX ERROR\n");
  std::string out = result.changed ? result.output : content;
  // The Terraform rewrites change tokens on purpose; the result must still be a fixed point.
  auto again = hcl::pipeline::file_format({.source = std::make_shared<hcl::source::SourceFile>("again", out)}, options);
  if (!again.ok) return out + "RESULT DOES NOT PARSE\n";
  if (again.changed) return out + "NOT IDEMPOTENT\n";
  return out;
});

}  // namespace
