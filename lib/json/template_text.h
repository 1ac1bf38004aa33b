// SPDX-License-Identifier: Apache-2.0
// The JSON-syntax text of a template as hcl2json writes it, and the tests that let a literal
// be written as it is (private to json/).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "json/number_text.h"
#include "lex/scan.h"
#include "source/utf8.h"
#include "syntax/string_literal.h"
#include "util/byte_runs.h"
#include "util/json_bytes.h"

namespace hcl::json::detail {

// The text of a JSON-syntax template under construction. Literal text is held back until the
// next markup ("${...}", "%{...}") or the end, then escaped: "${" and "%{" in literal text are
// written "$${" and "%%{", and a literal "$" (or "%") just before an interpolation (or a
// directive) is written as the interpolation ${"$"} (${"%"}), since "$${" would read as an escape.
// The held-back text is already in place at the end of the text; it is rewritten only when it
// holds a "$" or "%".
class TemplateText {
 public:
  void clear() {
    size_ = 0;
    pending_ = kNone;
    sigil_ = false;
  }
  void literal(std::string_view s) {
    sigil_ = sigil_ || has_sigil(s);
    plain_literal(s);
  }
  // Literal text known to hold no "$" or "%" and to be NFC (ast::TemplateLiterals::plain).
  void plain_literal(std::string_view s) {
    if (pending_ == kNone) pending_ = size_;
    put(s);
  }
  // cty.StringVal normalizes every string to NFC; hcl2json's literal strings go through it.
  void literal_nfc(std::string_view s) {
    // ASCII, found sixteen bytes at a time, is NFC; so is text below U+0300.
    if (!lex::scan::has_non_ascii(s.data(), 0, static_cast<uint32_t>(s.size())) || source::utf8::is_nfc_quick(s))
      return literal(s);
    literal(source::utf8::to_nfc(s));
  }
  // Markup written as the concatenation of its pieces, which need no escaping.
  template <class... More>
  void markup(std::string_view m, const More&... more) {
    flush(m);
    put(m);
    (put(piece(more)), ...);
  }
  // Appends another finished template's text.
  void append(const TemplateText& other) {
    if (other.empty()) return;
    flush(other.text());
    put(other.text());
  }
  // Ends the text; `next` is what will follow it, if known.
  void finish(std::string_view next = {}) { flush(next); }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  // Takes back markup written after the first `size` bytes, and literal text after it that was
  // empty.
  void take_back(size_t size) {
    size_ = size;
    pending_ = kNone;
    sigil_ = false;
  }
  std::string_view text() const { return std::string_view(text_.data(), size_); }

 private:
  // Appends s. The string's size is the room made so far and the text its first size_ bytes, so
  // that a piece (a template is made of many short ones) is one copy: std::string's append was
  // a call, and then a call to copy, for each.
  void put(std::string_view s) {
    if (text_.size() - size_ < s.size()) [[unlikely]]
      grow(s.size());
    std::copy(s.begin(), s.end(), text_.data() + size_);
    size_ += s.size();
  }
  // A piece of markup: a string constant's length is its array's, not found by strlen.
  template <size_t N>
  static std::string_view piece(const char (&s)[N]) {
    return std::string_view(s, N - 1);
  }
  static std::string_view piece(std::string_view s) { return s; }
  [[gnu::noinline]] void grow(size_t n) { text_.resize(std::max(2 * text_.size(), size_ + n + 64)); }

  static constexpr size_t kNone = SIZE_MAX;
  static bool has_sigil(std::string_view s) { return syntax::literal_needs_decoding(s, false); }

  // Runs before every markup and append, and mostly finds nothing to rewrite: that much is
  // inline (out of line it was a call for each, a few million on the heredocs benchmark).
  void flush(std::string_view next) {
    if (pending_ == kNone) return;
    size_t from = pending_;
    pending_ = kNone;
    if (!sigil_) return;
    sigil_ = false;
    escape(from, next);
  }
  // Rewrites the text from `from` with its "$" and "%" escaped.
  [[gnu::noinline]] void escape(size_t from, std::string_view next) {
    const std::string s(text().substr(from));
    size_ = from;
    auto push = [this](char c) { put(std::string_view(&c, 1)); };
    size_t n = s.size();
    for (size_t i = 0; i < n; ++i) {
      // Up to the next "$" or "%" the text is copied as it is.
      size_t mark = s.find_first_of("$%", i);
      if (mark == std::string::npos) mark = n;
      put(std::string_view(s).substr(i, mark - i));
      if ((i = mark) == n) break;
      char c = s[i];
      if ((c == '$' || c == '%') && i + 1 < n && s[i + 1] == '{') {
        push(c);
        push(c);
        continue;
      }
      if ((c == '$' || c == '%') && i + 1 == n && !next.empty()) {
        if (next[0] == '{') {  // escaped literal text follows: together they are a literal "${"
          push(c);
          push(c);
          continue;
        }
        if (next.size() >= 2 && next[0] == c && next[1] == '{') {
          put(c == '$' ? "${\"$\"}" : "${\"%\"}");
          continue;
        }
      }
      push(c);
    }
  }

  std::string text_;        // the text, and room after it
  size_t size_ = 0;         // of the text
  size_t pending_ = kNone;  // where the literal text not yet escaped starts
  bool sigil_ = false;      // whether that text holds a "$" or "%"
};

// Printable ASCII without "$", "%" and the bytes JSON escapes (a quote, a backslash, "<", ">",
// "&"): a literal's text of these bytes is its value, its JSON-syntax template and its JSON text.
inline bool is_plain_byte(unsigned char c) { return util::is_plain_json<true>(c) && c != '$' && c != '%'; }
#if defined(__SSE2__)
inline __m128i not_plain_bytes(__m128i v) {
  return _mm_or_si128(util::not_plain_json<true>(v), _mm_or_si128(util::byte_eq(v, '$'), util::byte_eq(v, '%')));
}
#endif
// is_plain_text for a view of `within` (a source file).
[[gnu::always_inline]] inline bool is_plain_text(std::string_view s, std::string_view within) {
  return util::run_end_within<is_plain_byte, HCL_SSE2_MASK(not_plain_bytes)>(s, within.data() + within.size()) ==
         s.size();
}

// number_prints_as_written for a view of `within` (a source file): the usual short literal is
// checked as one block of sixteen bytes when they may be read.
[[gnu::always_inline]] inline bool number_prints_as_written(std::string_view s, std::string_view within) {
#if defined(__SSE2__)
  size_t n = s.size();
  if (n > 0 && n <= 16 && within.data() + within.size() - s.data() >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data()));
    __m128i digit = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8('0')), v),
                                  _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8('9')), v));
    unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(digit)) & ((1u << n) - 1);
    if (other == 0) return s[0] != '0' || n == 1;  // an integer without leading zeros
    // Otherwise digits, one ".", digits of which the last is not a zero.
    auto dot = static_cast<size_t>(__builtin_ctz(other));
    return (other & (other - 1)) == 0 && s[dot] == '.' && dot > 0 && dot + 1 < n && !(s[0] == '0' && dot > 1) &&
           s[n - 1] != '0';
  }
#endif
  return json::number_prints_as_written(s);
}

}  // namespace hcl::json::detail
