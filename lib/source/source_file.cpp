// SPDX-License-Identifier: Apache-2.0
#include "source/source_file.h"

#include <algorithm>
#include <cstring>

#include "source/utf8.h"

namespace hcl::source {

namespace {

uint32_t bom_length_of(std::string_view text) {
  return text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
                 static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF
             ? 3
             : 0;
}

}  // namespace

SourceFile::SourceFile(FileName name, std::string text) : SourceFile(name, nullptr, std::string_view()) {
  auto held = std::make_shared<const std::string>(std::move(text));
  text_ = *held;
  owner_ = std::move(held);
  bom_ = bom_length_of(text_);
}

SourceFile::SourceFile(FileName name, std::shared_ptr<const void> owner, std::string_view text)
    : name_(name), owner_(std::move(owner)), text_(text), bom_(bom_length_of(text)) {}

void SourceFile::build_lines() const {
  if (lines_built_) return;
  line_starts_.clear();
  line_starts_.push_back(0);
  const char* base = text_.data();
  const char* p = base;
  const char* end = base + text_.size();
  auto joined = joined_newlines_.begin();
  while (p < end) {
    const void* nl = std::memchr(p, '\n', static_cast<size_t>(end - p));
    if (!nl) break;
    auto at = static_cast<uint32_t>(static_cast<const char*>(nl) - base);
    p = static_cast<const char*>(nl) + 1;
    while (joined != joined_newlines_.end() && *joined < at) ++joined;
    if (joined != joined_newlines_.end() && *joined == at) continue;
    line_starts_.push_back(at + 1);
  }
  lines_built_ = true;
}

void SourceFile::join_newlines(uint32_t start, uint32_t end) const {
  std::string_view token = text_.substr(start, end - start);
  for (size_t i = 0; i < token.size();) {
    size_t n = utf8::grapheme_cluster_length(token, i);
    std::string_view cluster = token.substr(i, n);
    if (cluster != "\n" && cluster != "\r\n") {
      for (size_t k = cluster.find('\n'); k != std::string_view::npos; k = cluster.find('\n', k + 1)) {
        auto at = static_cast<uint32_t>(start + i + k);
        if (!joined_newlines_.empty() && at <= joined_newlines_.back()) continue;
        joined_newlines_.push_back(at);
        if (lines_built_) {
          // Rare (bytes that are not UTF-8 before a newline): the line that started after it goes.
          auto it = std::lower_bound(line_starts_.begin(), line_starts_.end(), at + 1);
          if (it != line_starts_.end() && *it == at + 1) line_starts_.erase(it);
          cursor_ = Pos{};
        }
      }
    }
    i += n;
  }
}

uint32_t SourceFile::line_count() const {
  build_lines();
  return static_cast<uint32_t>(line_starts_.size());
}

uint32_t SourceFile::line_offset(uint32_t line) const {
  build_lines();
  if (line == 0) return 0;
  if (line > line_starts_.size()) return size();
  if (line == 1) return std::min(bom_, size());
  return line_starts_[line - 1];
}

std::string_view SourceFile::line_text(uint32_t line) const {
  build_lines();
  if (line == 0 || line > line_starts_.size()) return {};
  uint32_t start = line_starts_[line - 1];
  uint32_t end = line < line_starts_.size() ? line_starts_[line] : size();
  std::string_view s(text_.data() + start, end - start);
  if (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  if (line == 1 && bom_ && s.size() >= bom_) s.remove_prefix(bom_);
  return s;
}

std::pair<uint32_t, uint32_t> SourceFile::line_at(uint32_t offset) const {
  build_lines();
  // Positions are mostly asked for in source order (a body's items, one range after another), so
  // the answer is the cursor's line or one shortly after it, found without searching every line:
  // the search was 8% of evaluating a file of small blocks.
  const auto lines = static_cast<uint32_t>(line_starts_.size());
  uint32_t line = cursor_.line;
  if (line >= 1 && line <= lines && line_starts_[line - 1] <= offset) {
    for (const uint32_t last = std::min(lines, line + 4); line <= last; ++line)
      if (line == lines || offset < line_starts_[line]) return {line, line_starts_[line - 1]};
  }
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  return {static_cast<uint32_t>(it - line_starts_.begin()), *(it - 1)};
}

Pos SourceFile::position(uint32_t offset) const {
  offset = std::min(offset, size());
  auto [line, line_start] = line_at(offset);
  if (line == 1) line_start = std::min(bom_, size());
  if (offset < line_start) offset = line_start;
  // Continue from the cursor when the request is further along the same line.
  uint32_t from = line_start;
  uint32_t column = 1;
  if (cursor_.line == line && cursor_.byte <= offset && cursor_.byte >= line_start) {
    from = cursor_.byte;
    column = cursor_.column;
  }
  // Clusters are counted token by token: a token start between `from` and `offset` restarts them.
  auto t = std::upper_bound(token_starts_.begin(), token_starts_.end(), from);
  for (; t != token_starts_.end() && *t < offset; ++t) {
    column += grapheme_count(std::string_view(text_.data() + from, *t - from));
    from = *t;
  }
  // The cursor stays where a count can go on from, so that an answer never depends on the
  // offsets asked for before it. An offset inside a cluster (within a token) is no boundary:
  // counting on from it would split the cluster. The last cluster counted starts on one, unless
  // the offset cuts a character, which makes its bytes (and what they follow) look like clusters
  // of their own; then the cursor stays where the count began.
  size_t last = 0;
  uint32_t clusters = grapheme_count(std::string_view(text_.data() + from, offset - from), &last);
  bool cuts_character = offset < size() && (static_cast<unsigned char>(text_[offset]) & 0xC0) == 0x80;
  if (clusters && !cuts_character) cursor_ = Pos{line, column + clusters - 1, from + static_cast<uint32_t>(last)};
  else cursor_ = Pos{line, column, from};
  return Pos{line, column + clusters, offset};
}

void SourceFile::keep_token_start(uint32_t offset) const {
  if (token_starts_.empty() || offset > token_starts_.back()) token_starts_.push_back(offset);
}

Range SourceFile::range(uint32_t start, uint32_t end) const {
  Range r;
  r.filename = name_;
  r.start = position(start);
  r.end = position(end);
  return r;
}

}  // namespace hcl::source
