// SPDX-License-Identifier: Apache-2.0
// JSON text as Go's encoding/json writes it (json.Marshal then json.Indent with four spaces).
#include <doctest/doctest.h>

#include "json/writer.h"

using hcl::json::append_quoted;
using hcl::json::Writer;

namespace {

std::string json_quoted(std::string_view s) {
  std::string out;
  append_quoted(out, s);
  return out;
}

}  // namespace

TEST_CASE("strings are escaped as encoding/json escapes them") {
  CHECK(json_quoted("plain") == "\"plain\"");
  CHECK(json_quoted("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(json_quoted("\n\r\t") == "\"\\n\\r\\t\"");
  // Go 1.19 has no short forms for \b and \f; other control characters are \u00XX.
  CHECK(json_quoted(std::string("\b\f\x01\x1f", 4)) == "\"\\u0008\\u000c\\u0001\\u001f\"");
  CHECK(json_quoted(std::string("a\0b", 3)) == "\"a\\u0000b\"");
  // HTML-sensitive characters are escaped (json.Marshal's default).
  CHECK(json_quoted("<a href='x'>&</a>") == "\"\\u003ca href='x'\\u003e\\u0026\\u003c/a\\u003e\"");
  // DEL and non-ASCII characters pass through, except the JavaScript line terminators.
  CHECK(json_quoted("\x7f") == "\"\x7f\"");
  CHECK(json_quoted("é☃😀") == "\"é☃😀\"");
  CHECK(json_quoted("a\u2028b\u2029c") == "\"a\\u2028b\\u2029c\"");
  // Each byte of an invalid sequence is one U+FFFD (utf8.DecodeRuneInString).
  CHECK(json_quoted("a\xff"
                    "b") == "\"a\\ufffdb\"");
  CHECK(json_quoted("\xc0\x80") == "\"\\ufffd\\ufffd\"");
  CHECK(json_quoted("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");
  CHECK(json_quoted("\xe2\x82") == "\"\\ufffd\\ufffd\"");
}

TEST_CASE("pretty layout is json.Indent's with four spaces") {
  std::string out;
  Writer w(out);
  w.begin_object();
  w.key("a");
  w.raw("1");
  w.key("b");
  w.begin_array();
  w.string("x");
  w.begin_object();
  w.end_object();
  w.begin_array();
  w.end_array();
  w.end_array();
  w.key("c");
  w.begin_object();
  w.key("d");
  w.raw("null");
  w.end_object();
  w.end_object();
  CHECK(w.buffer() ==
        "{\n"
        "    \"a\": 1,\n"
        "    \"b\": [\n"
        "        \"x\",\n"
        "        {},\n"
        "        []\n"
        "    ],\n"
        "    \"c\": {\n"
        "        \"d\": null\n"
        "    }\n"
        "}");
}

TEST_CASE("compact layout has no whitespace") {
  std::string out;
  Writer w(out, false);
  w.begin_object();
  w.key("a");
  w.begin_array();
  w.raw("1");
  w.string_wrapped("${", "x<y", "}");
  w.end_array();
  w.key("b");
  w.begin_object();
  w.end_object();
  w.end_object();
  CHECK(w.buffer() == "{\"a\":[1,\"${x\\u003cy}\"],\"b\":{}}");
}

TEST_CASE("a name is escaped when it holds a byte from 0x80 up") {
  // The reference's scanner takes "\xC4" and any byte after it as a letter, so a name may hold a
  // newline or a quote; ASCII names are written as they are.
  std::string out;
  Writer w(out, false);
  w.begin_object();
  w.plain_key("a-b_1");
  w.raw("1");
  w.plain_key(std::string("c\xc4\n\xc4\"", 5));
  w.raw("2");
  w.end_object();
  CHECK(w.buffer() == "{\"a-b_1\":1,\"c\\ufffd\\n\\ufffd\\\"\":2}");
}

TEST_CASE("a document can start deeper, to be placed inside another") {
  std::string out;
  Writer w(out, true, 4, 1);
  w.begin_object();
  w.key("a");
  w.raw("1");
  w.end_object();
  CHECK(w.buffer() == "{\n        \"a\": 1\n    }");
}

TEST_CASE("the writer's copy with escaping fused in escapes as append_quoted does, at every offset") {
  // Each special character (and each kind of UTF-8 sequence) at every position of strings that
  // end on either side of the sixteen-byte blocks the copy works in, and of strings shorter than
  // one block (read in pieces of eight, four and single bytes).
  const std::vector<std::string> specials = {"\"", "\\",   "\n",     "\x01", "<",        "&", "\x7f",
                                             "é",  "\xff", "\u2028", "😀",    "\xe2\x82", "$"};
  for (size_t len = 0; len <= 33; ++len) {
    for (const std::string& special : specials) {
      for (size_t at = 0; at <= len; ++at) {
        std::string s = std::string(at, 'a') + special + std::string(len - at, 'b');
        CAPTURE(s);
        std::string out;
        {
          Writer w(out, false);
          w.begin_array();
          w.string(s);
          w.key(s);  // not valid JSON in an array, but a key is escaped the same way
          w.string_wrapped("${", s, "}");
          w.end_array();
        }
        std::string q = json_quoted(s);
        std::string wrapped = json_quoted("${" + s + "}");
        CHECK(out == "[" + q + "," + q + ":" + wrapped + "]");
      }
    }
  }
}

TEST_CASE("text that lies in a buffer the writer may read past is written the same, wherever it ends") {
  // Short text in the buffer named by read_within is read as one block of sixteen bytes, which may
  // reach past its end, into plain bytes and then bytes that would need escaping; near the
  // buffer's end it is not.
  const std::vector<std::string> specials = {"", "\"", "\\", "\n", "<", "\xc3\xa9", "\xff", "\u2028"};
  for (size_t len = 0; len <= 20; ++len) {
    for (const std::string& special : specials) {
      for (size_t at = 0; at <= len; ++at) {
        for (size_t after : {0, 1, 5, 15, 16, 20}) {
          std::string s = std::string(at, 'a') + special + std::string(len - at, 'b');
          std::string buffer = "<\"" + s + std::string(after / 2, 'x') + std::string(after - after / 2, '&');
          std::string_view view = std::string_view(buffer).substr(2, s.size());
          CAPTURE(s);
          CAPTURE(after);
          std::string out;
          {
            Writer w(out, false);
            w.read_within(buffer);
            w.begin_array();
            w.string(view);
            w.key(view);
            w.string_wrapped("${", view, "}");
            w.plain_string(view);  // the caller vouches for it; copied as it is
            w.raw(view);
            w.verbatim(view, true);
            w.verbatim(view, false);
            w.end_array();
          }
          std::string q = json_quoted(s);
          CHECK(out == "[" + q + "," + q + ":" + json_quoted("${" + s + "}") + ",\"" + s + "\"," + s + ",\"" + s +
                           "\"," + s + "]");
        }
      }
    }
  }
}

TEST_CASE("a long document grows the buffer and streams in pieces") {
  std::string whole, streamed, buffer;
  {
    Writer w(whole, false);
    Writer s(buffer, false);
    s.stream_to([&](std::string_view piece) { streamed.append(piece); }, 100);
    for (Writer* x : {&w, &s}) {
      x->begin_array();
      for (int i = 0; i < 5000; ++i) x->string(std::string(static_cast<size_t>(i % 40), 'x') + "<" + std::to_string(i));
      x->raw(std::string(300, '1'));
      x->end_array();
    }
    streamed.append(s.buffer());
  }
  CHECK(whole.size() > 100000);
  CHECK(streamed == whole);
}

namespace {

// A value with what the layout must get right: empty and nested containers, strings holding
// brackets, commas, escaped newlines and other escapes, a string longer than the writer's steps,
// and nesting deep enough for indentation past any fixed block.
void sample(Writer& w) {
  w.begin_object();
  w.key("empty");
  w.begin_object();
  w.end_object();
  w.key("nested empties");
  w.begin_array();
  w.begin_array();
  w.end_array();
  w.begin_array();
  w.begin_object();
  w.end_object();
  w.end_array();
  w.begin_object();
  w.key("a");
  w.begin_array();
  w.end_array();
  w.end_object();
  w.end_array();
  w.key("{[,\n]}");
  w.string("}\n],{\"x\": [\\\n");
  w.key("unicode");
  w.string("é\u2028\xff😀<&>");
  w.key("long");
  w.string(std::string(10000, 'l') + "\n" + std::string(5000, ','));
  w.key("deep");
  for (int i = 0; i < 40; ++i) w.begin_array();
  w.raw("1");
  w.raw("2");
  for (int i = 0; i < 40; ++i) w.end_array();
  w.end_object();
}

// An object holding v at the top and inside arrays, as a document `base` levels in.
template <class Value>
std::string placed(size_t base, Value v, size_t chunk = 0) {
  std::string out, streamed;
  Writer w(out, true, 4, base);
  if (chunk) w.stream_to([&](std::string_view piece) { streamed.append(piece); }, chunk);
  w.begin_object();
  w.key("v");
  v(w);
  w.key("w");
  w.begin_array();
  w.raw("0");
  v(w);
  w.begin_array();
  v(w);
  w.end_array();
  w.end_array();
  w.end_object();
  return streamed + w.buffer();
}

}  // namespace

TEST_CASE("a value a Marked writer wrote is indented where it is placed, as if written there") {
  std::string marked, compact;
  {
    Writer w(marked, Writer::Marked{});
    sample(w);
    Writer c(compact, false);
    sample(c);
  }
  // The compact text with a mark in place of each separator a line break goes with.
  CHECK(marked.size() == compact.size());
  std::string unmarked = marked;
  for (char& c : unmarked) {
    if (c == Writer::kNext) c = ',';
    if (c == Writer::kObjectIn || c == Writer::kObjectOut) c = c == Writer::kObjectIn ? '{' : '}';
    if (c == Writer::kArrayIn || c == Writer::kArrayOut) c = c == Writer::kArrayIn ? '[' : ']';
    if (c == Writer::kColon) c = ':';
  }
  CHECK(unmarked == compact);
  CHECK(marked.find("\"nested empties\"\x06\x03[]\x01\x03{}\x05\x01\x02\"a\"\x06[]\x04\x05\x01") != std::string::npos);
  for (size_t base : {0, 1, 3}) {
    CAPTURE(base);
    std::string direct = placed(base, sample);
    CHECK(direct.find(std::string(4 * (base + 42), ' ') + "1,\n") != std::string::npos);
    auto relaid = [&](Writer& w) { w.indented(marked); };
    CHECK(placed(base, relaid) == direct);
    for (size_t chunk : {1, 64, 5000}) {
      CAPTURE(chunk);
      CHECK(placed(base, relaid, chunk) == direct);
    }
  }
}

namespace {

// json.Indent's layout (four spaces, `base` levels in) of compact JSON text, a byte at a time.
std::string indent(std::string_view compact, size_t base) {
  std::string out;
  size_t depth = base;
  auto line = [&] { out += "\n" + std::string(4 * depth, ' '); };
  for (size_t i = 0; i < compact.size(); ++i) {
    char c = compact[i];
    out += c;
    switch (c) {
      case '"':
        for (++i; compact[i] != '"'; ++i) {
          out += compact[i];
          if (compact[i] == '\\') out += compact[++i];
        }
        out += '"';
        break;
      case '{':
      case '[':
        if (compact[i + 1] == '}' || compact[i + 1] == ']') {
          out += compact[++i];
          break;
        }
        ++depth;
        line();
        break;
      case '}':
      case ']':
        out.pop_back();
        --depth;
        line();
        out += c;
        break;
      case ',': line(); break;
      case ':': out += ' '; break;
      default: break;
    }
  }
  return out;
}

// A document drawn from `seed`, with nesting deep enough for indentation of hundreds of spaces,
// strings of every length up to a few blocks with and without escapes, and values copied from
// `source` (which the writer may be allowed to read past).
void random_document(Writer& w, uint32_t seed, std::string_view source) {
  uint32_t state = seed * 2654435761u + 1;
  auto next = [&](uint32_t n) {
    state = state * 1103515245u + 12345u;
    return (state >> 8) % n;
  };
  const std::vector<std::string> specials = {"", "\"", "\\", "\n", "<", "é", "\xff", "\u2028", "\x01", ",", "{"};
  auto text = [&] {
    std::string s(next(40), static_cast<char>('a' + next(26)));
    s.insert(next(static_cast<uint32_t>(s.size()) + 1), specials[next(static_cast<uint32_t>(specials.size()))]);
    return s;
  };
  auto scalar = [&] {
    switch (next(6)) {
      case 0: w.raw(std::to_string(next(100000))); break;
      case 1: w.string(text()); break;
      case 2: w.raw("null"); break;
      default: {
        size_t at = next(static_cast<uint32_t>(source.size()) - 30);
        std::string_view piece = source.substr(at, 1 + next(29));  // not empty: a value without quotes
        w.verbatim(piece, next(2) == 0);
      }
    }
  };
  auto value = [&](auto& self, size_t depth) -> void {
    uint32_t pick = depth > 60 ? 0 : next(depth < 8 ? 3 : 4);
    if (pick == 0) return scalar();
    bool object = pick == 1;
    object ? w.begin_object() : w.begin_array();
    for (uint32_t i = 0, n = next(depth < 8 ? 5 : 3); i < n; ++i) {
      if (object) next(2) ? w.key(text()) : w.plain_key("k" + std::to_string(i));
      self(self, depth + 1);
    }
    object ? w.end_object() : w.end_array();
  };
  value(value, 0);
}

}  // namespace

TEST_CASE("pretty output, written directly or laid out from marked text, is json.Indent's layout of the compact") {
  // The source's plain text holds no byte a JSON string would escape.
  std::string source;
  for (int i = 0; i < 3000; ++i) source += std::to_string(i * 7919) + (i % 3 ? "abc" : "x-y_z");
  for (uint32_t seed = 0; seed < 300; ++seed) {
    CAPTURE(seed);
    bool readable = seed % 2 == 0;
    std::string compact, marked;
    {
      Writer c(compact, false);
      Writer m(marked, Writer::Marked{});
      if (readable) c.read_within(source), m.read_within(source);
      random_document(c, seed, source);
      random_document(m, seed, source);
    }
    for (size_t base : {0, 1, 3}) {
      CAPTURE(base);
      std::string want = indent(compact, base);
      for (size_t chunk : {0, 1, 37, 4096}) {
        CAPTURE(chunk);
        for (bool relaid : {false, true}) {
          std::string out, streamed;
          Writer w(out, true, 4, base);
          if (readable) w.read_within(source);
          if (chunk) w.stream_to([&](std::string_view piece) { streamed.append(piece); }, chunk);
          if (relaid) w.indented(marked);
          else random_document(w, seed, source);
          CHECK(streamed + w.buffer() == want);
        }
      }
    }
  }
}

TEST_CASE("pretty output taken back and written again is as if written once") {
  std::string out, once;
  {
    Writer w(out);
    w.begin_object();
    w.key("a");
    w.string(std::string(100, 'x'));
    w.end_object();
    size_t mark = w.size();
    w.string(std::string(300, 'y'));  // where the indentation below goes
    w.rewind(mark);
    for (int i = 0; i < 8; ++i) w.begin_array();  // indented past one block of spaces
    w.string("2");
    for (int i = 0; i < 8; ++i) w.end_array();
    Writer o(once);
    o.begin_object();
    o.key("a");
    o.string(std::string(100, 'x'));
    o.end_object();
    for (int i = 0; i < 8; ++i) o.begin_array();
    o.string("2");
    for (int i = 0; i < 8; ++i) o.end_array();
  }
  CHECK(out == once);
}
