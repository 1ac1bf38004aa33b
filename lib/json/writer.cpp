// SPDX-License-Identifier: Apache-2.0
#include "json/writer.h"

#include <cstring>

#include "util/byte_runs.h"

namespace hcl::json {

namespace {

// A string's text runs to its first quote or backslash.
bool is_string_text(unsigned char c) { return c != '"' && c != '\\'; }
#if defined(__SSE2__)
__m128i not_string_text(__m128i v) { return _mm_or_si128(util::byte_eq(v, '"'), util::byte_eq(v, '\\')); }
#endif

const char* string_stop(const char* p, const char* end) {
  return p + util::run_end<is_string_text, HCL_SSE2_MASK(not_string_text)>(p, size_t{0}, static_cast<size_t>(end - p));
}

}  // namespace

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

Indenter::Indenter(std::function<void(std::string_view)> sink, size_t base_level, int indent, size_t chunk)
    : sink_(std::move(sink)),
      base_level_(base_level),
      indent_(indent),
      buffer_(chunk + 2 * kBlock),
      pad_(2 * kBlock, ' ') {
  pad_[0] = '\n';
  at_ = buffer_.data();
  end_ = buffer_.data() + buffer_.size();
}

void Indenter::finish() {
  if (at_ > buffer_.data()) sink_(std::string_view(buffer_.data(), static_cast<size_t>(at_ - buffer_.data())));
  at_ = buffer_.data();
}

void Indenter::make_room(size_t n) {
  finish();
  if (buffer_.size() < n) {
    buffer_.resize(n);
    at_ = buffer_.data();
  }
  end_ = buffer_.data() + buffer_.size();
}

void Indenter::write(std::string_view s) {
  const char* p = s.data();
  const char* const end = p + s.size();
  while (p < end) {
    if (in_string_) {
      // Up to and including the next quote or backslash, or to the end of this piece.
      const char* from = p;
      if (escape_) {
        escape_ = false;
        ++p;
      }
      const char* stop = string_stop(p, end);
      if (stop == end) {
        put(from, end);
        break;
      }
      put(from, stop + 1);
      if (*stop == '"') in_string_ = false;
      else escape_ = true;
      p = stop + 1;
      continue;
    }
    char c = *p++;
    if (opened_) {
      opened_ = false;
      if (c == '}' || c == ']') {
        put(c);
        continue;
      }
      ++level_;
      newline();
    }
    switch (c) {
      case '"':
        in_string_ = true;
        put(c);
        break;
      case '{':
      case '[':
        opened_ = true;
        put(c);
        break;
      case ',':
        put(c);
        newline();
        break;
      case ':':
        put(':');
        put(' ');
        break;
      case '}':
      case ']':
        --level_;
        newline();
        put(c);
        break;
      default: {
        // A number, true, false or null: up to the next structural character.
        const char* from = p - 1;
        while (p < end && *p != ',' && *p != '}' && *p != ']') ++p;
        put(from, p);
        break;
      }
    }
  }
}

}  // namespace hcl::json
