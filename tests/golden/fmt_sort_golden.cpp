// SPDX-License-Identifier: Apache-2.0
// testdata/fmt_sort: <case>.hcl -> <case>.out, `hcl fmt --sort` (cases named all_* with
// --sort=all). Beyond the expected text, every result is checked for the properties sorting
// promises: the tokens are those of the input in another order, and sorting and formatting the
// result again changes nothing.
#include <algorithm>
#include <filesystem>

#include "edit/sort.h"
#include "golden.h"
#include "lex/lexer.h"

namespace {

std::vector<std::string> token_texts(std::string_view text) {
  std::vector<std::string> out;
  for (const auto& t : hcl::lex::lex_all(text))
    if (t.kind != hcl::lex::TokenKind::Newline) out.emplace_back(t.text(text));
  std::sort(out.begin(), out.end());
  return out;
}

hcl::format::FormatResult sort_file(const std::string& name, const std::string& content, hcl::edit::SortMode mode) {
  auto src = std::make_shared<hcl::source::SourceFile>(name, content);
  hcl::format::FormatResult result;
  if (!hcl::edit::sort_and_format(src, mode, {}, result)) result = hcl::format::format_config(src);
  return result;
}

HCL_GOLDEN_FEATURE("fmt_sort", ".hcl", ".out", [](const std::string& path, const std::string& content) {
  std::string name = std::filesystem::path(path).filename().string();
  auto mode = name.starts_with("all_") ? hcl::edit::SortMode::All : hcl::edit::SortMode::Standard;
  auto result = sort_file(name, content, mode);
  if (!result.ok) return std::string("SYNTAX ERROR\n");
  std::string out = result.changed ? result.output : content;
  std::string notes;
  if (token_texts(out) != token_texts(content)) notes += "TOKENS CHANGED\n";
  auto again = sort_file(name, out, mode);
  if (!again.ok) notes += "RESULT DOES NOT PARSE\n";
  else if (again.changed) notes += "NOT IDEMPOTENT\n";
  return out + notes;
});

}  // namespace
