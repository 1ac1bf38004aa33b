// SPDX-License-Identifier: Apache-2.0
// Writing JSON text the way hcl2json's Go program does: encoding/json's string escaping (HTML
// characters as \u003c \u003e \u0026, U+2028 and U+2029 escaped, each invalid UTF-8 byte as
// \ufffd) and json.Indent's layout with four spaces, so pretty output is byte for byte what
// hcl2json prints. Compact output has no spaces at all.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

#include "util/text.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hcl::json {

// Appends s as the inside of a JSON string literal (escaped, no quotes), HTML characters too.
inline void append_escaped(std::string& out, std::string_view s) { util::append_json_escaped(out, s, true); }

// Appends s as a JSON string literal, quotes included.
inline void append_quoted(std::string& out, std::string_view s) {
  out.push_back('"');
  append_escaped(out, s);
  out.push_back('"');
}

// Writes into `out` through a pointer into room made ahead of time, with escaping fused into the
// copy: `out` holds the text written so far once buffer() is called or the writer ends.
//
// Pretty output is mostly indentation (a file of nested blocks makes hundreds of megabytes of
// it), so a pretty writer keeps its room spaces: every byte from sixteen past the write position
// to the room's end is a space, and a new line's indentation is one block of sixteen spaces (over
// what the last value may have stored past its end) and a move of the write position. Each write
// stores only up to sixteen bytes past where it ends, which keeps that so.
class Writer {
 public:
  // `base_level`: the nesting level the document starts at, for a value that will be placed
  // inside another document's object (pretty output indents it one level further per level).
  explicit Writer(std::string& out, bool pretty = true, int indent = 4, size_t base_level = 0)
      : out_(out), pretty_(pretty), indent_(indent), base_level_(base_level) {
    at_ = end_ = out_.data() + out_.size();
  }
  // Pretty output kept small until it is laid out (indented()): compact text in which each
  // separator that pretty output follows or precedes with a new line, and each ":", is one of
  // the bytes below, which JSON text only holds escaped. The text is the compact text's size.
  struct Marked {};
  Writer(std::string& out, Marked) : Writer(out, false) { marked_ = true; }
  static constexpr char kNext = 1;       // "," and a new line
  static constexpr char kObjectIn = 2;   // "{" and a new line one level in
  static constexpr char kArrayIn = 3;    // "[" and a new line one level in
  static constexpr char kObjectOut = 4;  // a new line one level out and "}"
  static constexpr char kArrayOut = 5;   // a new line one level out and "]"
  static constexpr char kColon = 6;      // ": "
  ~Writer() { sync(); }
  Writer(const Writer&) = delete;
  // Text handed to the writer that lies in `buffer` (a source file, whose names and literals it
  // mostly writes) may be read up to the buffer's end: short text is then copied and checked as
  // one block of sixteen bytes, and only as many of them are kept, instead of a byte at a time.
  void read_within(std::string_view buffer) {
    readable_begin_ = buffer.data();
    readable_end_ = buffer.data() + buffer.size();
  }
  Writer& operator=(const Writer&) = delete;

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // An object member's name; the member's value follows.
  void key(std::string_view name);
  // An HCL name (an identifier). Most are ASCII letters, digits, "_" and "-", which need no
  // escaping. One with a byte from 0x80 up is escaped: after such a byte the reference's
  // scanner takes any byte into a name, a quote or a newline too (source/identifier.h).
  void plain_key(std::string_view name) {
    unsigned char high = 0;
    for (char c : name) high |= static_cast<unsigned char>(c);
    if (high & 0x80) return key(name);
    element();
    put_plain(name, 2);
    name_separator();
    place_ = Place::AfterKey;
  }
  void string(std::string_view s) {
    element();
    put('"');
    escaped(s);
    put('"');
    done();
  }
  // The string prefix + s + suffix, where prefix and suffix need no escaping.
  void string_wrapped(std::string_view prefix, std::string_view s, std::string_view suffix) {
    element();
    put('"');
    put(prefix);
    escaped(s);
    put(suffix);
    put('"');
    done();
  }
  // A string whose bytes need no escaping (the caller has checked): copied as it is.
  void plain_string(std::string_view s) {
    element();
    put_plain(s, 0);
    done();
  }
  // A number or string whose JSON text is s, in quotes when `quoted`: the commonest values,
  // literals of the source, for which this is the whole of the writer's work.
  [[gnu::always_inline]] void verbatim(std::string_view s, bool quoted) {
    element();
    reserve(s.size() + 2 + 16);
    char* o = at_;
    *o = '"';
    o += quoted;
    o = copy(o, s);
    *o = '"';
    at_ = o + quoted;
    done();
  }
  // Whether sixteen bytes from p may be read (read_within).
  [[gnu::always_inline]] bool readable16(const char* p) const {
    // As addresses: p may lie in another buffer (a decoded label), which pointers may not be
    // compared with.
    auto at = reinterpret_cast<uintptr_t>(p), begin = reinterpret_cast<uintptr_t>(readable_begin_),
         end = reinterpret_cast<uintptr_t>(readable_end_);
    return at >= begin && at < end && end - at >= 16;
  }
  // A number, true, false or null, already in JSON form; or any JSON value in compact form.
  void raw(std::string_view text) {
    element();
    if (sink_ && text.size() >= chunk_) [[unlikely]] {  // passed on as it is, not copied
      pass_on();
      sink_(text);
    } else {
      put(text);
    }
    done();
  }
  // Text the caller has already quoted and escaped (for strings assembled in pieces).
  void raw_string(std::string_view quoted) { raw(quoted); }
  // A value a Marked writer wrote, laid out with this writer's indentation.
  void indented(std::string_view text);

  // The text written so far, in `out`.
  std::string& buffer() {
    sync();
    return out_;
  }
  // The length `out` has once brought up to date.
  size_t size() const { return static_cast<size_t>(at_ - out_.data()); }
  // Takes back what was written after the first `size` bytes (not with stream_to), at the top level.
  void rewind(size_t size) {
    char* to = out_.data() + size;
    if (pretty_) std::memset(to, ' ', std::min(at_ + 16, end_) - to);  // spaces again
    at_ = to;
    place_ = Place::Top;
    depth_ = 0;
  }

  // Hands the buffer to `sink` whenever it holds at least `chunk` bytes, and empties it, so a
  // document of any size is written out in pieces while it is produced. The caller passes on
  // what is left at the end (buffer()).
  void stream_to(std::function<void(std::string_view)> sink, size_t chunk = 1 << 16) {
    sink_ = std::move(sink);
    chunk_ = chunk;
  }

 private:
  // Where the next value goes: at the top level, after a key (neither needs a separator), or in
  // a container, first or after another element.
  enum class Place : uint8_t { Top, AfterKey, First, Next };

  // Room for n more bytes at at_.
  void reserve(size_t n) {
    if (static_cast<size_t>(end_ - at_) < n) [[unlikely]]
      grow(n);
  }
  void grow(size_t n);
  // `out` cut to what was written, with no room ahead.
  void sync() {
    out_.resize(size());
    at_ = end_ = out_.data() + out_.size();
  }
  void put(char c) {
    reserve(1);
    *at_++ = c;
  }
  void put(std::string_view s) {
    reserve(s.size() + 16);
    at_ = copy(at_, s);
  }
  // s copied to o, which has room for sixteen bytes more; returns its end.
  [[gnu::always_inline]] char* copy(char* o, std::string_view s) const {
#if defined(__SSE2__)
    if (s.size() <= 16 && readable16(s.data())) {
      // Where s is a constant ("null"), the compiler cannot see that readable16 rules this out.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data())));
#pragma GCC diagnostic pop
      return o + s.size();
    }
#endif
    std::memcpy(o, s.data(), s.size());
    return o + s.size();
  }
  // s in quotes as it is, with room for `more` bytes after it.
  void put_plain(std::string_view s, size_t more) {
    reserve(s.size() + 2 + more + 16);
    char* o = at_;
    *o++ = '"';
    o = copy(o, s);
    *o++ = '"';
    at_ = o;
  }
  // s as encoding/json escapes a string's inside, HTML characters too.
  void escaped(std::string_view s);
  const char* escape_special(const char* p, const char* end);
  // open, close and element run for nearly every value (1.8 million brackets of each kind on a
  // 20 MB file of nested blocks): inline, as the compiler left them out of line.
  [[gnu::always_inline]] void open(char c) {
    element();
    put(c);
    ++depth_;
    place_ = Place::First;
  }
  [[gnu::always_inline]] void close(char c) {
    --depth_;
    if (place_ != Place::First) {
      if (marked_) c = c == '}' ? kObjectOut : kArrayOut;
      else if (pretty_) newline(depth_);
    }
    put(c);
    done();
  }
  void name_separator() {
    if (marked_) {
      *at_++ = kColon;
      return;
    }
    *at_++ = ':';
    if (pretty_) *at_++ = ' ';
  }
  void pass_on() {
    sink_(std::string_view(out_.data(), size()));
    if (pretty_) std::memset(out_.data(), ' ', std::min(at_ + 16, end_) - out_.data());  // spaces again
    at_ = out_.data();
  }
  // Separators and indentation before a value (nothing after a key).
  [[gnu::always_inline]] void element() {
    if (place_ < Place::First) return;
    if (marked_) {
      if (place_ == Place::Next) put(kNext);
      else at_[-1] = at_[-1] == '{' ? kObjectIn : kArrayIn;  // the bracket just opened
      return;
    }
    if (place_ == Place::Next) put(',');
    if (pretty_) newline(depth_);
  }
  // A value has ended.
  void done() { place_ = depth_ > 0 ? Place::Next : Place::Top; }
  // A newline and the indentation, in room that is spaces but for its first sixteen bytes.
  void newline(size_t level) {
    size_t n = (base_level_ + level) * static_cast<size_t>(indent_);
    reserve(1 + n + 16);
    at_ = new_line(at_, n);
  }
  static char* lay_out(char* o, unsigned char c, size_t& width, size_t step);
  static char* new_line(char* o, size_t width) {
    *o++ = '\n';
    std::memcpy(o, kSpaces.data(), kSpaces.size());
    return o + width;
  }
  static constexpr std::array<char, 16> kSpaces = [] {
    std::array<char, 16> spaces;
    spaces.fill(' ');
    return spaces;
  }();

  std::string& out_;
  char* at_;  // the write position in out_, whose size runs to end_
  char* end_;
  bool pretty_;
  bool marked_ = false;
  int indent_;
  size_t base_level_;
  Place place_ = Place::Top;
  size_t depth_ = 0;  // containers open
  std::function<void(std::string_view)> sink_;
  size_t chunk_ = 0;
  const char* readable_begin_ = nullptr;  // read_within
  const char* readable_end_ = nullptr;
};

}  // namespace hcl::json
