// SPDX-License-Identifier: Apache-2.0
#include "source/utf8.h"

#include <utf8proc.h>

#include <cstdlib>

#include "source/byte_patterns.h"
#include "source/source_file.h"

namespace hcl::source::utf8 {

int decode(const unsigned char* p, const unsigned char* end, char32_t& out) {
  unsigned char c = p[0];
  if (c < 0x80) {
    out = c;
    return 1;
  }
  auto cont = [&](int i) { return p + i < end && (p[i] & 0xC0) == 0x80; };
  if (c >= 0xC2 && c <= 0xDF) {
    if (!cont(1)) return 0;
    out = (char32_t(c & 0x1F) << 6) | (p[1] & 0x3F);
    return 2;
  }
  if (c >= 0xE0 && c <= 0xEF) {
    if (!cont(1) || !cont(2)) return 0;
    if (c == 0xE0 && p[1] < 0xA0) return 0;   // overlong
    if (c == 0xED && p[1] >= 0xA0) return 0;  // surrogate
    out = (char32_t(c & 0x0F) << 12) | (char32_t(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xF0 && p[1] < 0x90) return 0;   // overlong
    if (c == 0xF4 && p[1] >= 0x90) return 0;  // above U+10FFFF
    out = (char32_t(c & 0x07) << 18) | (char32_t(p[1] & 0x3F) << 12) | (char32_t(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
    return 4;
  }
  return 0;
}

char32_t decode_rune(std::string_view s, size_t at, size_t& width) {
  if (at >= s.size()) {
    width = 0;
    return 0xFFFD;
  }
  char32_t cp;
  int n = decode(s, at, cp);
  if (n <= 0) {
    width = 1;
    return 0xFFFD;
  }
  width = static_cast<size_t>(n);
  return cp;
}

void append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

bool is_valid(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    char32_t cp;
    int n = decode(s, i, cp);
    if (n == 0) return false;
    i += static_cast<size_t>(n);
  }
  return true;
}

bool is_space(char32_t cp) {
  switch (cp) {
    case '\t':
    case '\n':
    case '\v':
    case '\f':
    case '\r':
    case ' ':
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000: return true;
    default: return cp >= 0x2000 && cp <= 0x200A;
  }
}

std::string_view trim_space(std::string_view s) {
  size_t b = 0;
  while (b < s.size()) {
    char32_t cp;
    int n = decode(s, b, cp);
    if (n == 0 || !is_space(cp)) break;
    b += static_cast<size_t>(n);
  }
  size_t e = s.size();
  while (e > b) {
    // Step back to the start of the last scalar value.
    size_t k = e - 1;
    while (k > b && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80 && e - k < 4) --k;
    char32_t cp;
    int n = decode(s, k, cp);
    if (n == 0 || k + static_cast<size_t>(n) != e || !is_space(cp)) break;
    e = k;
  }
  return s.substr(b, e - b);
}

bool is_nfc_quick(std::string_view s) {
  // Below U+0300 (lead bytes under 0xCC) nothing composes or reorders.
  for (unsigned char c : s)
    if (c >= 0xCC) return false;
  return true;
}

namespace {

// to_nfc of valid UTF-8.
std::string nfc_of_valid(std::string_view s) {
  if (is_nfc_quick(s)) return std::string(s);
  // The explicit length keeps NUL characters, which a C-string interface would stop at.
  utf8proc_uint8_t* out = nullptr;
  utf8proc_ssize_t n =
      utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()), &out,
                   static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (n < 0 || out == nullptr) return std::string(s);
  std::string result(reinterpret_cast<char*>(out), static_cast<size_t>(n));
  std::free(out);
  return result;
}

}  // namespace

std::string to_nfc(std::string_view s) {
  if (is_nfc_quick(s)) return std::string(s);
  // As Go's norm package does for cty.StringVal: a byte that is not UTF-8 passes through, and the
  // text between such bytes is normalized (nothing composes across one). Leaving such a string
  // whole unnormalized made `terraform fmt`'s label rewrite differ from the reference, and not
  // final: once the bad bytes became U+FFFD, the next run composed what this one had not.
  std::string out;
  size_t run = 0, i = 0;
  while (i < s.size()) {
    char32_t cp;
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
    } else if (int n = decode(s, i, cp)) {
      i += static_cast<size_t>(n);
    } else {
      out += nfc_of_valid(s.substr(run, i - run));
      out += s[i];
      run = ++i;
    }
  }
  if (run == 0) return nfc_of_valid(s);
  out += nfc_of_valid(s.substr(run));
  return out;
}

}  // namespace hcl::source::utf8

namespace hcl::source {

namespace {
size_t loose_length(const unsigned char* p, const unsigned char* end) {
  size_t n = *p >= 0xF0 && *p <= 0xF7 ? 4 : *p >= 0xE0 && *p <= 0xEF ? 3 : *p >= 0xC0 && *p <= 0xDF ? 2 : 1;
  if (static_cast<size_t>(end - p) < n) return 1;
  for (size_t i = 1; i < n; ++i)
    if ((p[i] & 0xC0) != 0x80) return 1;
  return n;
}
}  // namespace

namespace utf8 {

namespace {

enum class Seg : uint8_t {
  Other,
  CR,
  LF,
  Control,
  Extend,
  RI,
  SpacingMark,
  L,
  V,
  T,
  LV,
  LVT,
  ZWJ,
  Prepend,
  Pictographic
};

using GraphemePattern = BytePattern<Seg>;

// go-textseg's classes of the characters from 0x80 up, byte for byte as its generated machine
// takes them: some byte sequences that are not UTF-8 belong to a class too ("\xCC" and any
// byte is Extend), so a cluster can hold them.
#include "source/grapheme_table.inc"

constexpr Seg ascii_class(unsigned char c) {
  if (c == '\r') return Seg::CR;
  if (c == '\n') return Seg::LF;
  return c < 0x20 || c == 0x7F ? Seg::Control : Seg::Other;
}

// A cursor over characters and their segmentation classes. `valid` is false for a stray byte,
// which no rule of textseg's grammar matches.
struct SegReader {
  std::string_view s;
  size_t pos;
  Seg cls = Seg::Other;
  size_t len = 0;
  bool valid = false;  // of a class, or some other character
  bool utf8 = false;   // AnyUTF8: not a sequence only the class tables take

  bool peek() {
    if (pos >= s.size()) return false;
    auto* b = reinterpret_cast<const unsigned char*>(s.data()) + pos;
    auto* end = reinterpret_cast<const unsigned char*>(s.data()) + s.size();
    valid = true;
    if (*b < 0x80) {
      len = 1;
      cls = ascii_class(*b);
      utf8 = true;
    } else if (const GraphemePattern* m = match_byte_pattern(kGraphemePatterns, kGraphemeByLead, b, end)) {
      len = m->length;
      cls = m->value;
      utf8 = loose_length(b, end) == len;
    } else {
      // Any other character (AnyUTF8: a lead byte and continuation bytes, overlong forms
      // included) is of no class; U+FFFD is textseg's ReplacementChar, which breaks as a
      // control does. A stray byte matches no rule.
      len = loose_length(b, end);
      cls = len == 3 && b[1] == 0xBF && b[2] == 0xBD && b[0] == 0xEF ? Seg::Control : Seg::Other;
      valid = utf8 = len > 1;
    }
    return true;
  }
  bool next_is(std::initializer_list<Seg> classes) {
    if (!peek() || !valid) return false;
    for (Seg c : classes)
      if (cls == c) return true;
    return false;
  }
  void take() { pos += len; }
  void take_all(std::initializer_list<Seg> classes) {
    while (next_is(classes)) take();
  }
  // textseg's Extension: (Extend | ZWJ (Extended_Pictographic Extend*)? | SpacingMark)*.
  void extension() {
    for (;;) {
      if (next_is({Seg::Extend, Seg::SpacingMark})) {
        take();
      } else if (next_is({Seg::ZWJ})) {
        take();
        if (next_is({Seg::Pictographic})) take();
      } else {
        return;
      }
    }
  }
  // HangulSeq: the longest of L+ (LV? V+ T* | LVT T* | LV)?, LV V* T*, V+ T*, LVT T*, T+.
  void hangul() {
    Seg first = cls;
    take();
    if (first == Seg::L) {
      take_all({Seg::L});
      if (next_is({Seg::LV})) {
        take();
        if (!next_is({Seg::V})) return extension();
        take_all({Seg::V});
      } else if (next_is({Seg::LVT})) {
        take();
      } else if (next_is({Seg::V})) {
        take_all({Seg::V});
      } else {
        return extension();
      }
    } else if (first == Seg::LV || first == Seg::V) {
      take_all({Seg::V});
    }
    take_all({Seg::T});
    extension();
  }
};

}  // namespace

size_t grapheme_cluster_length(std::string_view s, size_t at) {
  SegReader r{s, at};
  r.peek();
  if (!r.valid) return r.len;
  // Longest match among textseg's alternatives, which its first character selects.
  auto body = [&r](bool after_prepend) {
    switch (r.cls) {
      case Seg::L:
      case Seg::V:
      case Seg::T:
      case Seg::LV:
      case Seg::LVT: r.hangul(); return;
      case Seg::Pictographic:
        r.take();
        r.extension();
        return;
      case Seg::ZWJ:
        r.take();
        r.take_all({Seg::ZWJ, Seg::Extend, Seg::SpacingMark});
        return;
      case Seg::RI:
        r.take();
        if (r.next_is({Seg::RI})) r.take();
        r.extension();
        return;
      case Seg::CR:
      case Seg::LF:
      case Seg::Control:
      case Seg::Prepend:
        if (!after_prepend) r.take();  // only CR LF and Prepend+ go further; handled by the caller
        return;
      default:
        // OtherSeq starts with any character (AnyUTF8) of no other rule's class. An Extend or
        // SpacingMark sequence that is not UTF-8 starts none: textseg then takes one byte.
        if (!r.utf8) {
          if (!after_prepend) ++r.pos;
          return;
        }
        r.take();
        r.take_all({Seg::Extend, Seg::ZWJ, Seg::SpacingMark});
        return;
    }
  };
  if (r.cls == Seg::CR) {
    r.take();
    if (r.next_is({Seg::LF})) r.take();
  } else if (r.cls == Seg::Prepend) {
    r.take_all({Seg::Prepend});
    if (r.peek() && r.valid) body(true);
  } else {
    body(false);
  }
  return r.pos - at;
}

}  // namespace utf8

uint32_t grapheme_count(std::string_view text, size_t* last_start) {
  uint32_t count = 0;
  size_t i = 0, last = 0;
  while (i < text.size()) {
    last = i;
    auto c = static_cast<unsigned char>(text[i]);
    // ASCII before ASCII is always a cluster of its own (CR LF is the only ASCII pair that joins).
    if (c < 0x80 && c != '\r' && (i + 1 == text.size() || static_cast<unsigned char>(text[i + 1]) < 0x80)) {
      ++count;
      ++i;
      continue;
    }
    i += utf8::grapheme_cluster_length(text, i);
    ++count;
  }
  if (last_start) *last_start = last;
  return count;
}

}  // namespace hcl::source
