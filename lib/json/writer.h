// SPDX-License-Identifier: Apache-2.0
// Writing JSON text the way hcl2json's Go program does: encoding/json's string escaping (HTML
// characters as \u003c \u003e \u0026, U+2028 and U+2029 escaped, each invalid UTF-8 byte as
// \ufffd) and json.Indent's layout with four spaces, so pretty output is byte for byte what
// hcl2json prints. Compact output has no spaces at all.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "util/text.h"

namespace hcl::json {

// Appends s as the inside of a JSON string literal (escaped, no quotes), HTML characters too.
inline void append_escaped(std::string& out, std::string_view s) { util::append_json_escaped(out, s, true); }

// Appends s as a JSON string literal, quotes included.
inline void append_quoted(std::string& out, std::string_view s) {
  out.push_back('"');
  append_escaped(out, s);
  out.push_back('"');
}

class Writer {
 public:
  // `base_level`: the nesting level the document starts at, for a value that will be placed
  // inside another document's object (pretty output indents it one level further per level).
  explicit Writer(std::string& out, bool pretty = true, int indent = 4, size_t base_level = 0)
      : out_(out), pretty_(pretty), indent_(indent), base_level_(base_level) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // An object member's name; the member's value follows.
  void key(std::string_view name);
  void string(std::string_view s) {
    element();
    append_quoted(out_, s);
  }
  // The string prefix + s + suffix, where prefix and suffix need no escaping.
  void string_wrapped(std::string_view prefix, std::string_view s, std::string_view suffix) {
    element();
    out_.push_back('"');
    out_.append(prefix);
    append_escaped(out_, s);
    out_.append(suffix);
    out_.push_back('"');
  }
  // A number, true, false or null, already in JSON form; or any JSON value in compact form.
  void raw(std::string_view text) {
    element();
    if (sink_ && text.size() >= chunk_) {  // passed on as it is, not copied
      pass_on();
      sink_(text);
      return;
    }
    out_.append(text);
  }
  // Text the caller has already quoted and escaped (for strings assembled in pieces).
  void raw_string(std::string_view quoted) { raw(quoted); }

  std::string& buffer() { return out_; }
  size_t depth() const { return counts_.size(); }

  // Hands the buffer to `sink` whenever it holds at least `chunk` bytes, and empties it, so a
  // document of any size is written out in pieces while it is produced. The caller passes on
  // what is left at the end.
  void stream_to(std::function<void(std::string_view)> sink, size_t chunk = 1 << 16) {
    sink_ = std::move(sink);
    chunk_ = chunk;
  }

 private:
  void open(char c) {
    element();
    out_.push_back(c);
    counts_.push_back(0);
  }
  void close(char c);
  void pass_on() {
    sink_(out_);
    out_.clear();
  }
  // Separators and indentation before a value (nothing after a key).
  void element() {
    if (sink_ && out_.size() >= chunk_) pass_on();
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (counts_.empty()) return;
    if (counts_.back()++ > 0) out_.push_back(',');
    newline(counts_.size());
  }
  void newline(size_t level) {
    if (!pretty_) return;
    out_.push_back('\n');
    out_.append((base_level_ + level) * static_cast<size_t>(indent_), ' ');
  }

  std::string& out_;
  bool pretty_;
  int indent_;
  size_t base_level_;
  bool after_key_ = false;
  std::vector<uint32_t> counts_;  // members written so far, per open container
  std::function<void(std::string_view)> sink_;
  size_t chunk_ = 0;
};

// Lays out compact JSON arriving in pieces as json.Indent does, which is the Writer's pretty
// layout: a document written compact and passed through here is byte for byte the one the
// Writer writes pretty. Whitespace outside strings is not expected (compact input has none).
class Indenter {
 public:
  explicit Indenter(std::function<void(std::string_view)> sink, size_t base_level = 0, int indent = 4,
                    size_t chunk = 1 << 16);

  void write(std::string_view compact);
  // Passes on what is left.
  void finish();

 private:
  // Room for n more bytes in the buffer (passing on what it holds first when it has not).
  void reserve(size_t n) {
    if (static_cast<size_t>(end_ - at_) < n) make_room(n);
  }
  void make_room(size_t n);
  void put(char c) {
    reserve(1);
    *at_++ = c;
  }
  void put(const char* from, const char* to) {
    reserve(static_cast<size_t>(to - from));
    std::memcpy(at_, from, static_cast<size_t>(to - from));
    at_ += to - from;
  }
  // A newline and the current level's indentation. Short ones, the usual, are copied as a block
  // of fixed size (which compiles to a few stores) and the write position moved by their length.
  void newline() {
    size_t n = 1 + (base_level_ + level_) * static_cast<size_t>(indent_);
    if (n > pad_.size() - kBlock) pad_.resize(n + kBlock, ' ');
    reserve(n + kBlock);
    if (n <= kBlock) std::memcpy(at_, pad_.data(), kBlock);
    else std::memcpy(at_, pad_.data(), n);
    at_ += n;
  }

  static constexpr size_t kBlock = 128;
  std::function<void(std::string_view)> sink_;
  size_t base_level_;
  int indent_;
  std::vector<char> buffer_;
  char* at_;
  char* end_;
  std::string pad_;  // "\n" and spaces
  size_t level_ = 0;
  bool in_string_ = false;
  bool escape_ = false;  // in a string, right after a backslash
  bool opened_ = false;  // right after "{" or "[": an empty one closes on the same line
};

}  // namespace hcl::json
