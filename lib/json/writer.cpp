// SPDX-License-Identifier: Apache-2.0
#include "json/writer.h"

namespace hcl::json {

void Writer::key(std::string_view name) {
  element();
  append_quoted(out_, name);
  out_.push_back(':');
  if (pretty_) out_.push_back(' ');
  after_key_ = true;
}

void Writer::close(char c) {
  uint32_t n = counts_.back();
  counts_.pop_back();
  if (n > 0) newline(counts_.size());
  out_.push_back(c);
}

void Indenter::write(std::string_view s) {
  size_t n = s.size();
  for (size_t i = 0; i < n;) {
    if (out_.size() >= chunk_) finish();
    if (in_string_) {
      // Up to and including the next quote or backslash, or to the end of this piece.
      size_t j = i;
      if (escape_) {
        escape_ = false;
        ++j;
      }
      while (j < n && s[j] != '"' && s[j] != '\\') ++j;
      if (j == n) {
        out_.append(s.substr(i));
        break;
      }
      out_.append(s.substr(i, j + 1 - i));
      if (s[j] == '"') in_string_ = false;
      else escape_ = true;
      i = j + 1;
      continue;
    }
    char c = s[i++];
    if (opened_) {
      opened_ = false;
      if (c == '}' || c == ']') {
        out_.push_back(c);
        continue;
      }
      ++level_;
      newline();
    }
    switch (c) {
      case '"':
        in_string_ = true;
        out_.push_back(c);
        break;
      case '{':
      case '[':
        opened_ = true;
        out_.push_back(c);
        break;
      case ',':
        out_.push_back(c);
        newline();
        break;
      case ':': out_.append(": "); break;
      case '}':
      case ']':
        --level_;
        newline();
        out_.push_back(c);
        break;
      default: out_.push_back(c); break;
    }
  }
}

}  // namespace hcl::json
