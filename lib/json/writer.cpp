// SPDX-License-Identifier: Apache-2.0
#include "json/writer.h"

#include <algorithm>
#include <cstring>

#include "source/utf8.h"
#include "util/byte_runs.h"
#include "util/json_bytes.h"

namespace hcl::json {

void Writer::key(std::string_view name) {
  element();
  put('"');
  escaped(name);
  reserve(3);
  *at_++ = '"';
  name_separator();
  place_ = Place::AfterKey;
}

void Writer::grow(size_t n) {
  size_t used = size();
  if (sink_ && used >= chunk_) {
    pass_on();  // the room it had is the room it has again (made once: resize zeroes it)
    if (static_cast<size_t>(end_ - at_) >= n) return;
    used = 0;
  }
  // Room is made a step at a time (zeroed by resize, while still in the cache), within the
  // capacity the caller reserved; past it the string grows as it would by appending.
  constexpr size_t kStep = 1 << 16;
  size_t want = used + n;
  out_.resize(std::max(want, std::min(out_.capacity(), used + kStep)), pretty_ ? ' ' : '\0');
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
    if (p < end && end - p < 16 && readable16(p)) {
      // Fewer than sixteen left, checked and stored as one block; the bytes past the end are
      // overwritten by what follows.
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
      auto left = static_cast<unsigned>(end - p);
      auto stop = static_cast<unsigned>(_mm_movemask_epi8(util::not_plain_json<true>(v))) & ((1u << left) - 1);
      unsigned k = stop ? static_cast<unsigned>(__builtin_ctz(stop)) : left;
      p += k;
      o += k;
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

namespace {
// What each mark of a Marked writer's text becomes: a byte before the new line (or none), the
// change of indentation, whether there is a new line, a byte after the indentation (or none). Read
// from a table rather than switched on: marks follow each other in no order a branch predictor
// learns (deeply nested values), and each wrong guess cost more than the line's stores.
struct MarkLayout {
  char before;
  bool has_before;
  int8_t steps;  // +1 one level in, -1 one level out
  bool new_line;
  char after;
  bool has_after;
};
constexpr MarkLayout kMarkLayout[Writer::kColon + 1] = {
    {0, false, 0, false, 0, false},    // 0: not a mark
    {',', true, 0, true, 0, false},    // kNext
    {'{', true, 1, true, 0, false},    // kObjectIn
    {'[', true, 1, true, 0, false},    // kArrayIn
    {0, false, -1, true, '}', true},   // kObjectOut
    {0, false, -1, true, ']', true},   // kArrayOut
    {':', true, 0, false, ' ', true},  // kColon
};
}  // namespace

// What mark c becomes, written at o; returns its end. `width` is the current line's indentation.
inline char* Writer::lay_out(char* o, unsigned char c, size_t& width, size_t step) {
  const MarkLayout& m = kMarkLayout[c];
  *o = m.before;
  o += m.has_before;
  auto level = static_cast<ptrdiff_t>(width) + m.steps * static_cast<ptrdiff_t>(step);
  width = static_cast<size_t>(level < 0 ? 0 : level);
  // The new line stored either way; without one, what follows overwrites it.
  char* after_line = new_line(o, width);
  o = m.new_line ? after_line : o;
  *o = m.after;
  return o + m.has_after;
}

void Writer::indented(std::string_view text) {
  element();
  const char* p = text.data();
  const char* const end = p + text.size();
  const auto step = static_cast<size_t>(indent_);
  size_t width = (base_level_ + depth_) * step;  // the current line's indentation
  char* o = at_;
  // Room for n bytes of text holding marks: each mark becomes at most two bytes and a new line
  // with its indentation, and the block of spaces that starts it.
  auto make_room = [&](size_t n) {
    size_t room = 16 + n * (3 + width + n * step + 16);
    if (static_cast<size_t>(end_ - o) < room) [[unlikely]] {
      at_ = o;
      grow(room);
      o = at_;
    }
  };
#if defined(__SSE2__)
  // A block of sixteen bytes at a time, its marks found from one load; the text between them is
  // copied as blocks of sixteen from where it starts (so sixteen more bytes must be readable). The
  // next block's load waits for no mark.
  while (end - p >= 32) {
    make_room(16);
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i mark = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(kColon)), v);  // bytes up to kColon
    auto marks = static_cast<unsigned>(_mm_movemask_epi8(mark));
    unsigned from = 0;
    while (marks) {
      unsigned k = static_cast<unsigned>(__builtin_ctz(marks));
      marks &= marks - 1;
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + from)));
      o = lay_out(o + (k - from), static_cast<unsigned char>(p[k]), width, step);
      from = k + 1;
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + from)));
    o += 16 - from;
    p += 16;
  }
#endif
  make_room(static_cast<size_t>(end - p));
  for (; p < end; ++p) {
    auto c = static_cast<unsigned char>(*p);
    if (c > kColon) *o++ = static_cast<char>(c);
    else o = lay_out(o, c, width, step);
  }
  at_ = o;
  done();
}

}  // namespace hcl::json
