// SPDX-License-Identifier: Apache-2.0
// The canonical formatter: the layout hclwrite.Format produces (hclfmt, packer fmt, nomad fmt and
// the core of terraform fmt), reproduced token for token. Formatting only changes the blank space
// between tokens; the token sequence is never altered (the Terraform style below is the one
// exception, and says so).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "lex/token.h"
#include "source/source_file.h"
#include "syntax/tree.h"

namespace hcl::format {

// Re-spaces `tokens` (the whole lexed sequence of `src`, Eof last, as lex_all returns it). Works on
// any token sequence, valid or not, exactly as hclwrite.Format does: callers that must not touch
// invalid input check the syntax first (see format_config).
std::string format_tokens(std::string_view src, std::span<const lex::Token> tokens);

// Lexes and formats `src` without checking its syntax (hclwrite.Format, `hclfmt` without -check).
std::string format_source(std::string_view src);

// Receives the formatted text in order, in chunks; returning false stops the formatting.
using ChunkSink = std::function<bool(std::string_view chunk)>;

// format_source, streaming: memory stays small however large the input. Returns false when the
// sink stopped it.
bool format_source_to(std::string_view src, const ChunkSink& sink);

// What `terraform fmt` does beyond the canonical style (internal/command/fmt.go), as a rewrite of
// the source of a file that parses without errors, made from the root body's items as the parser
// hands them over (syntax::ParseOptions::root_item), so that the file's tree is never held whole;
// the result still needs formatting:
// - attribute values that are a single interpolation are unwrapped: "${var.x}" becomes var.x, in
//   parentheses when the expression spans lines;
// - `type` in top-level `variable` blocks: bare list/map/set become list(any)...; the legacy
//   quoted "string", "list", "map" become string, list(string), map(string);
// - block labels are written quoted ("name"), with escapes normalized; like terraform, comments
//   between a block's type and its last label are dropped.
class TerraformRewrite {
 public:
  struct Edit {
    uint32_t start, end;  // the source's bytes [start, end) become `text`
    std::string text;
  };

  explicit TerraformRewrite(std::string_view src) : src_(src) {}

  // The next items of the root body, in source order: a tree root_item hands over.
  void add(const syntax::SyntaxTree& items);
  // Whether a rewrite so far changes the text. Most files have none: their own tokens are then
  // what is formatted, with no second lexing.
  bool changed() const { return changed_; }
  // The rewritten text, once every item was added.
  std::string finish();

 private:
  std::string_view src_;
  std::string text_;  // the rewritten text up to copied_, once changed
  uint32_t copied_ = 0;
  bool changed_ = false;
  std::vector<syntax::NodeId> roots_;
  std::vector<Edit> edits_;
};

// The file kinds terraform fmt handles (.tf, .tfvars, .tftest.hcl, .tfmock.hcl), which get the
// Terraform style unless told otherwise.
bool terraform_file(std::string_view path);

enum class Style : uint8_t {
  Canonical,  // hclwrite.Format
  Terraform,  // terraform fmt
};

struct FormatOptions {
  Style style = Style::Canonical;
  // Without output only `changed` is wanted: formatting stops at the first difference.
  bool need_output = true;
};

struct FormatResult {
  bool ok = false;       // false when the input has syntax errors
  bool changed = false;  // whether formatting changes the file
  std::string output;    // the formatted file when it differs from the input (else empty)
  diag::Diagnostics diagnostics;
};

// Formats a configuration file, refusing (with the parser's diagnostics) one that does not parse:
// formatting broken input could rearrange it beyond what a user can easily undo.
FormatResult format_config(std::shared_ptr<const source::SourceFile> source, const FormatOptions& options = {});

}  // namespace hcl::format
