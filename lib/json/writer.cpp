#include "json/writer.h"

#include "source/utf8.h"

namespace hcl::json {

namespace {

// Bytes below 0x80 that encoding/json (with HTML escaping, as json.Marshal does) copies as
// they are.
constexpr bool plain_ascii(unsigned char c) {
  return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&';
}

}  // namespace

void append_escaped(std::string& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  size_t start = 0;
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (plain_ascii(c)) {
        ++i;
        continue;
      }
      out.append(s.data() + start, i - start);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          // Go 1.19's encoder spells \b and \f as \u0008 and \u000c too.
          out.append("\\u00");
          out.push_back(kHex[c >> 4]);
          out.push_back(kHex[c & 0xF]);
      }
      start = ++i;
      continue;
    }
    char32_t cp;
    int len = utf8::decode(s, i, cp);
    if (len == 0) {
      // utf8.DecodeRuneInString: an invalid byte is one RuneError.
      out.append(s.data() + start, i - start);
      out.append("\\ufffd");
      start = ++i;
      continue;
    }
    if (cp == 0x2028 || cp == 0x2029) {
      out.append(s.data() + start, i - start);
      out.append(cp == 0x2028 ? "\\u2028" : "\\u2029");
      i += static_cast<size_t>(len);
      start = i;
      continue;
    }
    i += static_cast<size_t>(len);
  }
  out.append(s.data() + start, n - start);
}

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
