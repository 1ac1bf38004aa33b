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

}  // namespace hcl::json
