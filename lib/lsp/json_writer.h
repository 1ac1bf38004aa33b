// SPDX-License-Identifier: Apache-2.0
// The server's JSON text. Answers with one entry per item of the document (semantic tokens,
// symbols, folding ranges, references) are written straight into the response text: building
// an nlohmann tree of them cost more than the request itself (a node of 16 bytes and a map per
// entry, then a walk to serialise them). Everything else stays nlohmann::json, which the writer
// serialises in place; both spell strings, numbers and objects the same way, so a response's
// text does not depend on how it was built.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace hcl::lsp {

using Json = nlohmann::json;

// nlohmann's text of a value as the server sends it: compact, bytes that are not UTF-8 replaced by
// U+FFFD instead of throwing.
std::string dump(const Json& j);

class JsonWriter {
 public:
  // An object's keys must come in the sorted order nlohmann (a std::map) writes them in, so that
  // the text matches a tree's.
  void key(std::string_view name);
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void value(uint64_t n);
  void value(int64_t n);
  void value(uint32_t n) { value(static_cast<uint64_t>(n)); }
  void value(int n) { value(static_cast<int64_t>(n)); }
  void value(std::string_view s);
  void value(const char* s) { value(std::string_view(s)); }
  void json(const Json& j);
  void null();
  // A value already written as JSON text (by another writer).
  void raw(std::string_view json);

  std::string& text() { return out_; }

 private:
  // A comma before every value but the first of its array or object, and none after a key.
  void open(char bracket) {
    separate();
    out_ += bracket;
    first_ = true;
  }
  void close(char bracket) {
    out_ += bracket;
    first_ = false;
  }
  void write_string(std::string_view s);
  void separate() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  std::string out_;
  bool first_ = true;
};

}  // namespace hcl::lsp
