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

namespace {

bool before_or_at(Position a, Position b) {
  return a.line < b.line || (a.line == b.line && a.character <= b.character);
}

}  // namespace

void Document::apply(const std::vector<TextChange>& changes, Encoding e) {
  // A change of the whole text makes the ones before it moot.
  size_t first = 0;
  for (size_t i = 0; i < changes.size(); ++i)
    if (!changes[i].range) first = i;
  if (first < changes.size() && !changes[first].range) reset(changes[first++].text);
  // Byte ranges of the remaining changes in the text as it is now, while each lies wholly before
  // the previous one's start: the text there is untouched by the changes before, so positions
  // mean the same in it. A start that was clamped or rounded (past a line's end, inside a
  // character) might not, so it ends the run.
  struct Range {
    uint32_t start, end;
  };
  std::vector<Range> ranges;
  for (size_t i = first; i < changes.size(); ++i) {
    const auto& [from, to] = *changes[i].range;
    if (!before_or_at(from, to)) break;
    if (!ranges.empty() && !before_or_at(to, changes[i - 1].range->first)) break;
    uint32_t a = lines_.offset(from, e), b = lines_.offset(to, e);
    Position back = lines_.position(a, e);
    if (back.line != from.line || back.character != from.character) break;
    ranges.push_back({a, b});
  }
  if (ranges.size() > 1) {
    std::string_view old = text();
    std::string next;
    size_t size = old.size();
    for (size_t k = 0; k < ranges.size(); ++k) size += changes[first + k].text.size();
    next.reserve(size);
    uint32_t at = 0;
    for (size_t k = ranges.size(); k-- > 0;) {
      next.append(old.substr(at, ranges[k].start - at)).append(changes[first + k].text);
      at = ranges[k].end;
    }
    next.append(old.substr(at));
    reset(std::move(next));
    first += ranges.size();
  }
  for (size_t i = first; i < changes.size(); ++i) apply(changes[i], e);
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
