// SPDX-License-Identifier: Apache-2.0
// An open document: its text as the editor last sent it, and what the stages below make of it,
// computed once per version when first asked for.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "jsonsyntax/reader.h"
#include "lsp/position.h"
#include "source/source_file.h"
#include "syntax/tree.h"

namespace hcl::lsp {

struct Analysis {
  std::unique_ptr<syntax::SyntaxTree> tree;          // native syntax (partial when it has errors)
  std::shared_ptr<const jsonsyntax::Document> json;  // JSON syntax
  diag::Diagnostics diagnostics;                     // exactly what `hcl validate` reports
};

// One edit of a didChange notification: a range (absent: the whole text) and its new text.
struct TextChange {
  std::optional<std::pair<Position, Position>> range;
  std::string text;
};

class Document {
 public:
  // `path` names the file in diagnostics and decides the syntax (".json": JSON) and the
  // formatting style, as `hcl validate` and `hcl fmt` decide them for that file.
  Document(std::string path, std::string text, int64_t version);

  const std::string& path() const { return source_->name(); }
  std::string_view text() const { return source_->text(); }
  std::shared_ptr<const source::SourceFile> source() const { return source_; }
  int64_t version() const { return version_; }
  bool json() const { return json_; }
  const LineIndex& lines() const { return lines_; }

  void apply(const TextChange& change, Encoding e);
  // The changes of one didChange, in order, each against the text the ones before it left. A
  // batch whose every edit lies before the one before it (the reverse document order editors send
  // the edits of several cursors in) is applied in one pass over the text; any other batch edit
  // by edit, each a pass.
  void apply(const std::vector<TextChange>& changes, Encoding e);
  void set_version(int64_t v) { version_ = v; }
  // The editor's languageId: "terraform" (and "terraform-vars") buffers get terraform fmt's
  // style whatever their name, as an unsaved buffer has none.
  void set_language(std::string_view id) { terraform_language_ = id == "terraform" || id == "terraform-vars"; }
  bool terraform_language() const { return terraform_language_; }

  const Analysis& analysis() const;

 private:
  void reset(std::string text);

  std::shared_ptr<const source::SourceFile> source_;
  int64_t version_;
  bool json_;
  bool terraform_language_ = false;
  LineIndex lines_;
  mutable std::unique_ptr<Analysis> analysis_;
};

// Parses a file the way `hcl validate` does, keeping the tree.
std::unique_ptr<Analysis> analyse(std::shared_ptr<const source::SourceFile> source, bool json);

}  // namespace hcl::lsp
