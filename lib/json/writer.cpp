// SPDX-License-Identifier: Apache-2.0
#include "json/writer.h"

#include <algorithm>
#include <cstring>

#include "source/utf8.h"
#include "util/byte_runs.h"
#include "util/json_bytes.h"

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
  put('"');
  escaped(name);
  reserve(3);
  *at_++ = '"';
  *at_++ = ':';
  if (pretty_) *at_++ = ' ';
  place_ = Place::AfterKey;
}

void Writer::grow(size_t n) {
  size_t used = size();
  if (sink_ && used >= chunk_) {
    pass_on();
    used = 0;
  }
  // Room is made a step at a time (zeroed by resize, while still in the cache), within the
  // capacity the caller reserved; past it the string grows as it would by appending.
  constexpr size_t kStep = 1 << 16;
  size_t want = used + n;
  out_.resize(std::max(want, std::min(out_.capacity(), used + kStep)));
  at_ = out_.data() + used;
  end_ = out_.data() + out_.size();
}

void Writer::escaped(std::string_view s) {
  const char* p = s.data();
  const char* const end = p + s.size();
  for (;;) {
    // A run of plain bytes is copied sixteen at a time as it is checked (the room for sixteen
    // more lets the last block be stored whole).
    reserve(static_cast<size_t>(end - p) + 16);
    char* o = at_;
#if defined(__SSE2__)
    while (end - p >= 16) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
      if (unsigned stop = static_cast<unsigned>(_mm_movemask_epi8(util::not_plain_json<true>(v)))) {
        unsigned k = static_cast<unsigned>(__builtin_ctz(stop));
        p += k;
        o += k;
        break;
      }
      p += 16;
      o += 16;
    }
#endif
    while (p < end && util::is_plain_json<true>(static_cast<unsigned char>(*p))) *o++ = *p++;
    at_ = o;
    if (p == end) return;
    p = escape_special(p, end);
  }
}

// The escape of the character at p, which is not plain; returns what follows it.
const char* Writer::escape_special(const char* p, const char* end) {
  static const char kHex[] = "0123456789abcdef";
  reserve(6);
  auto c = static_cast<unsigned char>(*p);
  char* o = at_;
  if (c < 0x80) {
    *o++ = '\\';
    switch (c) {
      case '"': *o++ = '"'; break;
      case '\\': *o++ = '\\'; break;
      case '\n': *o++ = 'n'; break;
      case '\r': *o++ = 'r'; break;
      case '\t': *o++ = 't'; break;
      default:
        // Go 1.19's encoder spells \b and \f as \u0008 and \u000c too; <, > and & as \u003c ...
        std::memcpy(o, "u00", 3);
        o[3] = kHex[c >> 4];
        o[4] = kHex[c & 0xF];
        o += 5;
    }
    at_ = o;
    return p + 1;
  }
  char32_t cp;
  int len = source::utf8::decode(std::string_view(p, static_cast<size_t>(end - p)), 0, cp);
  if (len == 0) {
    // utf8.DecodeRuneInString: an invalid byte is one RuneError.
    std::memcpy(o, "\\ufffd", 6);
    at_ = o + 6;
    return p + 1;
  }
  if (cp == 0x2028 || cp == 0x2029) {
    std::memcpy(o, cp == 0x2028 ? "\\u2028" : "\\u2029", 6);
    at_ = o + 6;
  } else {
    std::memcpy(o, p, static_cast<size_t>(len));
    at_ = o + len;
  }
  return p + len;
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
  // The state lives in locals while the piece is laid out (stores through the output pointer
  // could otherwise alias the members, which would be reloaded after every byte).
  const char* p = s.data();
  const char* const end = p + s.size();
  char* o = at_;
  size_t level = level_;
  const auto indent = static_cast<size_t>(indent_);
  size_t width = (base_level_ + level) * indent;  // the indentation
  bool in_string = in_string_, escape = escape_;
  auto room = [&](size_t n) {
    if (static_cast<size_t>(end_ - o) < n) [[unlikely]] {
      at_ = o;
      make_room(n);
      o = at_;
    }
  };
  // A newline and the indentation, in room made beforehand. Short ones, the usual, are copied as
  // a block of fixed size (a few stores: two up to seven levels) and the write position moved by
  // their length.
  auto newline = [&] {
    size_t n = 1 + width;
    if (n <= 32) std::memcpy(o, pad_.data(), 32);
    else if (n <= kBlock) std::memcpy(o, pad_.data(), kBlock);
    else std::memcpy(o, pad_.data(), n);
    o += n;
  };
  // What a bracket opens: an empty pair stays on its line, anything else starts one further in.
  auto open = [&] {
    if (*p == '}' || *p == ']') {
      *o++ = *p++;
      return;
    }
    ++level;
    width += indent;
    if (width + 1 + kBlock > pad_.size()) [[unlikely]]
      pad_.resize(width + 1 + kBlock, ' ');
    newline();
  };
  if (opened_ && p < end) {  // a bracket ended the previous piece
    opened_ = false;
    room(width + indent + 1 + kBlock);
    open();
  }
  while (p < end) {
    if (in_string) {
      if (escape) {  // the byte after a backslash, whatever it is
        escape = false;
        room(1);
        *o++ = *p++;
        continue;
      }
      // Up to and including the next quote or backslash, copied sixteen bytes at a time as they
      // are checked, or to the end of this piece.
      char stop = 0;
#if defined(__SSE2__)
      while (end - p >= 16) {
        room(16);
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
        if (unsigned m = static_cast<unsigned>(_mm_movemask_epi8(not_string_text(v)))) {
          unsigned k = static_cast<unsigned>(__builtin_ctz(m)) + 1;
          p += k;
          o += k;
          stop = p[-1];
          break;
        }
        p += 16;
        o += 16;
      }
#endif
      if (!stop) {
        const char* to = string_stop(p, end);
        if (to != end) ++to;
        room(static_cast<size_t>(to - p));
        std::memcpy(o, p, static_cast<size_t>(to - p));
        o += to - p;
        p = to;
        if (!is_string_text(static_cast<unsigned char>(p[-1]))) stop = p[-1];
      }
      if (stop == '"') in_string = false;
      else if (stop == '\\') escape = true;
      continue;
    }
    // Room for anything one structural character writes: two bytes and a newline one level in.
    room(width + indent + 3 + kBlock);
    char c = *p++;
    switch (c) {
      case '"':
        in_string = true;
        *o++ = c;
        break;
      case '{':
      case '[':
        *o++ = c;
        if (p < end) open();
        else opened_ = true;
        break;
      case ',':
        *o++ = c;
        newline();
        break;
      case ':':
        *o++ = ':';
        *o++ = ' ';
        break;
      case '}':
      case ']':
        --level;
        width -= indent;
        newline();
        *o++ = c;
        break;
      default: {
        // A number, true, false or null: up to the next structural character.
        const char* from = p - 1;
        while (p < end && *p != ',' && *p != '}' && *p != ']') ++p;
        room(static_cast<size_t>(p - from));
        std::memcpy(o, from, static_cast<size_t>(p - from));
        o += p - from;
        break;
      }
    }
  }
  at_ = o;
  level_ = level;
  in_string_ = in_string;
  escape_ = escape;
}

}  // namespace hcl::json
