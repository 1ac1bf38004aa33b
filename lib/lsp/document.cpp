// SPDX-License-Identifier: Apache-2.0
#include "lsp/document.h"

#include "syntax/parser.h"

namespace hcl::lsp {

Document::Document(std::string path, std::string text, int64_t version)
    : source_(std::make_shared<source::SourceFile>(std::move(path), std::move(text))),
      version_(version),
      json_(jsonsyntax::is_json_filename(source_->name())),
      lines_(source_->text()) {}

void Document::reset(std::string text) {
  analysis_.reset();
  source_ = std::make_shared<source::SourceFile>(source_->file_name(), std::move(text));
  lines_ = LineIndex(source_->text());
}

void Document::apply(const TextChange& change, Encoding e) {
  if (!change.range) {
    reset(change.text);
    return;
  }
  uint32_t a = lines_.offset(change.range->first, e), b = lines_.offset(change.range->second, e);
  if (b < a) std::swap(a, b);
  std::string next;
  std::string_view old = text();
  next.reserve(old.size() - (b - a) + change.text.size());
  next.append(old.substr(0, a)).append(change.text).append(old.substr(b));
  reset(std::move(next));
}

std::unique_ptr<Analysis> analyse(std::shared_ptr<const source::SourceFile> source, bool json) {
  auto a = std::make_unique<Analysis>();
  if (json) {
    jsonsyntax::ParseResult r = jsonsyntax::parse_file(std::move(source));
    a->json = std::move(r.document);
    a->diagnostics = std::move(r.diagnostics);
  } else {
    syntax::ParseResult r = syntax::parse_config(std::move(source));
    a->tree = std::move(r.tree);
    a->diagnostics = std::move(r.diagnostics);
  }
  return a;
}

const Analysis& Document::analysis() const {
  if (!analysis_) analysis_ = analyse(source_, json_);
  return *analysis_;
}

}  // namespace hcl::lsp
