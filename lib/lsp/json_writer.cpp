// SPDX-License-Identifier: Apache-2.0
#include "lsp/json_writer.h"

#include <charconv>

namespace hcl::lsp {

namespace {

void serialise(std::string& out, const Json& j) { out += j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

void JsonWriter::key(std::string_view name) {
  separate();
  write_string(name);
  out_ += ':';
  first_ = true;
}

void JsonWriter::value(uint64_t n) {
  separate();
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, n);
  out_.append(buf, r.ptr);
}

void JsonWriter::value(int64_t n) {
  separate();
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, n);
  out_.append(buf, r.ptr);
}

void JsonWriter::value(std::string_view s) {
  separate();
  write_string(s);
}

void JsonWriter::write_string(std::string_view s) {
  // Printable ASCII without quotes or backslashes is written as it is; anything else (escapes,
  // non-ASCII, bytes that are not UTF-8) goes through nlohmann, so it is spelled as before.
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7F || c == '"' || c == '\\') {
      serialise(out_, Json(std::string(s)));
      return;
    }
  }
  out_ += '"';
  out_ += s;
  out_ += '"';
}

void JsonWriter::json(const Json& j) {
  separate();
  serialise(out_, j);
}

void JsonWriter::raw(std::string_view json) {
  separate();
  out_ += json;
}

void JsonWriter::null() {
  separate();
  out_ += "null";
}

}  // namespace hcl::lsp
