// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "../test_files.h"
#include "format/format.h"
#include "lex/lexer.h"
#include "source/source_file.h"

using hcl::test::slurp;

namespace fs = std::filesystem;
using hcl::format::format_source;

namespace {

bool same_tokens(std::string_view a, std::string_view b) {
  auto ta = hcl::lex::lex_all(a), tb = hcl::lex::lex_all(b);
  if (ta.size() != tb.size()) return false;
  for (size_t i = 0; i < ta.size(); ++i)
    if (ta[i].kind != tb[i].kind || ta[i].text(a) != tb[i].text(b)) return false;
  return true;
}

hcl::format::FormatResult format_config(const std::string& text, hcl::format::FormatOptions options = {}) {
  return hcl::format::format_config(std::make_shared<hcl::source::SourceFile>("test.hcl", text), options);
}

// format_source_to's output, and its largest chunk.
struct Streamed {
  std::string text;
  size_t largest = 0;
};
Streamed streamed(std::string_view src) {
  Streamed s;
  CHECK(hcl::format::format_source_to(src, [&](std::string_view chunk) {
    s.text += chunk;
    s.largest = std::max(s.largest, chunk.size());
    return true;
  }));
  return s;
}

// Every entry point formats `in` (a file that parses) to `want`, alone and between other lines,
// and `want` is a fixed point.
void check_formats(const std::string& in, const std::string& want) {
  CAPTURE(in);
  CHECK(format_source(in) == want);
  CHECK(streamed(in).text == want);
  auto r = format_config(in);
  REQUIRE(r.ok);
  CHECK(r.changed == (in != want));
  CHECK((r.changed ? r.output : in) == want);
  CHECK_FALSE(format_config(want).changed);
  // The same lines after a formatted one, and before one.
  std::string around = "before = 0\n\n" + in + (in.back() == '\n' ? "\nafter = 0\n" : "");
  std::string around_want = "before = 0\n\n" + want + (in.back() == '\n' ? "\nafter = 0\n" : "");
  CHECK(format_source(around) == around_want);
  auto a = format_config(around);
  REQUIRE(a.ok);
  CHECK((a.changed ? a.output : around) == around_want);
}

}  // namespace

// Expected outputs from hcl-oracle fmt.
TEST_CASE("pairwise spacing") {
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {
      {"a=-1\n", "a = -1\n"},
      {"a = [for x in[y]: x]\n", "a = [for x in [y] : x]\n"},
      {"a = x [ * ] . y\n", "a = x[*].y\n"},
      {"a = f(x ...)\n", "a = f(x...)\n"},
      {"a = {a=1}\n", "a = { a = 1 }\n"},
      {"a = \"${ {a=1} }\"\n", "a = \"${ { a = 1 } }\"\n"},
      {"a = ! x\n", "a = !x\n"},
      {"a = 1 -1\n", "a = 1 - 1\n"},
      {"a = x . y [ 0 ]\n", "a = x.y[0]\n"},
      {"a = ( 1+2 )*3\n", "a = (1 + 2) * 3\n"},
      {"a = x ? -1 : 2\n", "a = x ? -1 : 2\n"},
      {"a = [1,2,3]\n", "a = [1, 2, 3]\n"},
      {"a = { }\n", "a = {}\n"},
      {"c {d=1}\n", "c { d = 1 }\n"},
      {"a = f ( x , y )\n", "a = f(x, y)\n"},
      {"a = \"%{ if x }y%{ endif }\"\n", "a = \"%{if x}y%{endif}\"\n"},
      {"a = provider :: ns :: f ( x )\n", "a = provider::ns::f(x)\n"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.in);
    CHECK(format_source(c.in) == c.out);
  }
}

TEST_CASE("indentation follows net bracket nesting per line") {
  CHECK(format_source("a {\nb {\nc = 1\n}\n}\n") == "a {\n  b {\n    c = 1\n  }\n}\n");
  // Two brackets opened on one line make one level, closed together.
  CHECK(format_source("x = [[\n1\n]]\n") == "x = [[\n  1\n]]\n");
  // Blank lines lose their spaces.
  CHECK(format_source("a {\n   \n}\n") == "a {\n\n}\n");
}

TEST_CASE("alignment of = and of comments across runs of lines") {
  CHECK(format_source("a = 1\nbbb = 2\n\ncc = 3\n") == "a   = 1\nbbb = 2\n\ncc = 3\n");
  CHECK(format_source("a = 1 # x\nbbb = 22 # y\n") == "a   = 1  # x\nbbb = 22 # y\n");
  // A comment run that ends before the = run it overlaps still sees the final = column.
  CHECK(format_source("a = 1 # x\nbbbbbb = 2\n") == "a      = 1 # x\nbbbbbb = 2\n");
}

TEST_CASE("blank space that ends the input is kept, a byte-order mark is not") {
  CHECK(format_source("a = 1   ") == "a = 1   ");
  CHECK(format_source("\xEF\xBB\xBF"
                      "a=1\n") == "a = 1\n");
  CHECK(format_source("") == "");
  CHECK(format_source("  \t ") == "    ");
}

TEST_CASE("long runs are aligned across the streaming window") {
  // Enough lines and tokens for the formatter to drop written lines from its buffers while runs
  // are open, with comment runs that close inside a longer = run.
  std::string in, expected;
  const int n = 6000;
  auto name = [](int i) { return std::string(1 + i % 13, 'k') + std::to_string(i); };
  size_t width = 0;
  for (int i = 0; i < n; ++i) width = std::max(width, name(i).size());
  std::vector<std::string> lead(n);
  for (int i = 0; i < n; ++i) {
    std::string nm = name(i);
    bool comment = (i / 7) % 2 == 0;
    in += nm + "=" + std::to_string(i) + (comment ? " # c\n" : "\n");
    lead[i] = nm + std::string(width - nm.size() + 1, ' ') + "= " + std::to_string(i);
  }
  // Comment runs: lines i/7 even, in groups of seven.
  for (int g = 0; g * 7 < n; ++g) {
    int start = g * 7, end = std::min(n, start + 7);
    bool comment = g % 2 == 0;
    size_t max = 0;
    for (int i = start; i < end; ++i) max = std::max(max, lead[i].size());
    for (int i = start; i < end; ++i)
      expected += comment ? lead[i] + std::string(max - lead[i].size() + 1, ' ') + "# c\n" : lead[i] + "\n";
  }
  CHECK(format_source(in) == expected);
  std::string chunks;
  size_t calls = 0;
  CHECK(hcl::format::format_source_to(in, [&](std::string_view c) {
    chunks.append(c);
    ++calls;
    return true;
  }));
  CHECK(chunks == expected);
  auto tokens = hcl::lex::lex_all(in);
  CHECK(hcl::format::format_tokens(in, tokens) == expected);
}

#ifdef __linux__
TEST_CASE("short pieces are never read past the end of the text") {
  // A short piece is copied as one 16-byte block when the text goes on that far. The text here
  // ends where the next page is unreadable, so reading past its end would end the process.
  // Expected outputs from hcl-oracle fmt --force.
  const long page = sysconf(_SC_PAGESIZE);
  void* map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(map != MAP_FAILED);
  REQUIRE(mprotect(static_cast<char*>(map) + page, page, PROT_NONE) == 0);
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"a=1", "a = 1"}, {"x {\n  a  = 1\n  bb=22}", "x {\n  a = 1\nbb = 22 }"}, {"a={b=1}", "a = { b = 1 }"}};
  for (const auto& [in, want] : cases) {
    CAPTURE(in);
    char* at = static_cast<char*>(map) + page - in.size();
    std::copy(in.begin(), in.end(), at);
    std::string_view text(at, in.size());
    CHECK(format_source(text) == want);
    CHECK(streamed(text).text == want);
  }
  munmap(map, 2 * page);
}
#endif

TEST_CASE("the written text grows past the output's window in every way") {
  // The formatted text is written through a pointer into a buffer sized a window (64 KiB) at a
  // time: a token longer than the window, indentation wider than the one-store blank run (16),
  // and a first difference after more than a window of agreeing text all cross its edges.
  std::string agreeing, formatted_tail, raw_tail;
  for (int i = 0; i < 8000; ++i) agreeing += "a" + std::to_string(i) + " = " + std::to_string(i) + "\n\n";
  std::string big(200000, 'x');
  raw_tail = "big=\"" + big + "\"\n";
  formatted_tail = "big = \"" + big + "\"\n";
  std::string open, close, open_raw, close_raw;
  for (int d = 0; d < 12; ++d) {
    open_raw += std::string("b") + std::to_string(d) + " {\n";
    open += std::string(2 * d, ' ') + "b" + std::to_string(d) + " {\n";
  }
  raw_tail += open_raw + "deep=1\n";
  formatted_tail += open + std::string(24, ' ') + "deep = 1\n";
  for (int d = 11; d >= 0; --d) {
    raw_tail += "}\n";
    formatted_tail += std::string(2 * d, ' ') + "}\n";
  }
  std::string in = agreeing + raw_tail, expected = agreeing + formatted_tail;
  REQUIRE(agreeing.size() > (64u << 10));

  auto r = format_config(in);
  CHECK(r.ok);
  CHECK(r.changed);
  CHECK(r.output == expected);
  CHECK(format_source(in) == expected);
  std::string chunks;
  CHECK(hcl::format::format_source_to(in, [&](std::string_view c) {
    chunks.append(c);
    return true;
  }));
  CHECK(chunks == expected);
  auto tokens = hcl::lex::lex_all(in);
  CHECK(hcl::format::format_tokens(in, tokens) == expected);
}

TEST_CASE("a sink can stop the formatting") {
  std::string in;
  for (int i = 0; i < 20000; ++i) in += "a" + std::to_string(i) + " = " + std::to_string(i) + "\n\n";
  size_t calls = 0;
  CHECK_FALSE(hcl::format::format_source_to(in, [&](std::string_view) { return ++calls < 2; }));
  CHECK(calls == 2);
}

TEST_CASE("format_config refuses input that does not parse") {
  auto r = format_config("a = \n");
  CHECK_FALSE(r.ok);
  CHECK_FALSE(r.changed);
  CHECK(r.output.empty());
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics[0].summary == "Invalid expression");
}

TEST_CASE("format_config reports whether the file changes") {
  auto same = format_config("a = 1\n");
  CHECK(same.ok);
  CHECK_FALSE(same.changed);
  CHECK(same.output.empty());

  auto changed = format_config("a=1\n");
  CHECK(changed.ok);
  CHECK(changed.changed);
  CHECK(changed.output == "a = 1\n");

  // Only the verdict: no output is built.
  hcl::format::FormatOptions verdict;
  verdict.need_output = false;
  auto v = format_config("a=1\n", verdict);
  CHECK(v.changed);
  CHECK(v.output.empty());

  // A result that is a prefix of the input (trailing bytes dropped) is a change too.
  auto bom = format_config(
      "\xEF\xBB\xBF"
      "a = 1\n");
  CHECK(bom.changed);
  CHECK(bom.output == "a = 1\n");
}

// Expected outputs from hclfmt. Lines whose formatted form is their own source bytes are written
// (or, comparing, passed) as those bytes, a whole stretch at a time; these are the ways a line or a
// run of "=" lines can look formatted and not be, or stop being plain halfway through a run.
TEST_CASE("lines are copied through only when they are their formatted form") {
  const std::pair<std::string, std::string> cases[] = {
      {"a  = 1\nbb = 2\n", "a  = 1\nbb = 2\n"},
      {"a   = 1\nbb  = 2\n", "a  = 1\nbb = 2\n"},
      {"x {\n   a  = 1\n   bb = 2\n}\n", "x {\n  a  = 1\n  bb = 2\n}\n"},
      {"x {\n\ta = 1\n}\na\t= 1\n", "x {\n  a = 1\n}\na = 1\n"},
      {"x {\n  a = 1\n  \n  b = 2\n}\n", "x {\n  a = 1\n\n  b = 2\n}\n"},
      {"a   = 1\nbb  = 2 # c\nccc = 3\n", "a   = 1\nbb  = 2 # c\nccc = 3\n"},
      {"a  = 1\nbb = [1,2]\nc  = 3\n", "a  = 1\nbb = [1, 2]\nc  = 3\n"},
      {"a  = 1\nbb = 2\n# c\nc = 3\n", "a  = 1\nbb = 2\n# c\nc = 3\n"},
      {"a  = 1\nbb\t= 2\n", "a  = 1\nbb = 2\n"},
      {"x {\n  a   = 1\n bb   = 2\n}\n", "x {\n  a  = 1\n  bb = 2\n}\n"},
      {"a  = 1\nbb = 2", "a  = 1\nbb = 2"},
      {"a  = 1\nbb = 2\nccc = 3\n", "a   = 1\nbb  = 2\nccc = 3\n"},
      {"x {\n  y = {\n    a  = 1\n    bb = 2\n  }\n  z = 3\n}\n",
       "x {\n  y = {\n    a  = 1\n    bb = 2\n  }\n  z = 3\n}\n"},
      {"a = 1\n\nbb = 2\n   \nc = 3\n", "a = 1\n\nbb = 2\n\nc = 3\n"},
      {"a = 1 # x\nbb = 2\n", "a  = 1 # x\nbb = 2\n"},
      {"a  = \"é\"\nbb = 2\n", "a  = \"é\"\nbb = 2\n"},
      {"é = 1\nbb = 2\n", "é  = 1\nbb = 2\n"},
      {"é = 1\nb  = 2\n", "é = 1\nb = 2\n"},
      {"x {\n  a = 1\n\n  b = 2\n  }\n", "x {\n  a = 1\n\n  b = 2\n}\n"},
      // Blank space of the right width that is not all spaces.
      {"x\t{\n \ty {\n  }\n \tb  = 1\n  cc\t= 2\n}\n", "x {\n  y {\n  }\n  b  = 1\n  cc = 2\n}\n"},
      // Lines whose pieces are made partway: a respaced token after or before the "=", tokens
      // the fast loop leaves to others ("-", a heredoc), a comment cell.
      {"a = [1,2]\nbb = 2\n", "a  = [1, 2]\nbb = 2\n"},
      {"x = {\n  ( a ) = 1\n  b = 2\n}\n", "x = {\n  (a) = 1\n  b   = 2\n}\n"},
      {"foo  \"bar\" {\n}\n", "foo \"bar\" {\n}\n"},
      {"a = -1\nbb = 2\nc = <<EOT\nx\nEOT\nddd = 4\n", "a   = -1\nbb  = 2\nc   = <<EOT\nx\nEOT\nddd = 4\n"},
      {"a = 1\nbb = 2 // c\nccc = 3\n", "a   = 1\nbb  = 2 // c\nccc = 3\n"},
      {"a = { b = 1, cc = 2 }\nbb = 2\n", "a  = { b = 1, cc = 2 }\nbb = 2\n"},
      {"a = 1\nbb = 2\n  # c\nc = 3\n", "a  = 1\nbb = 2\n# c\nc = 3\n"},
      // A "=" that starts no assign cell (its brackets stay open) is spaced as usual.
      {"x  = {\n  a = 1\n}\ny\t= [\n  1,\n]\n", "x = {\n  a = 1\n}\ny = [\n  1,\n]\n"},
      // Two names in a row: only "in" as the second changes the spacing after it.
      {"a = [for x in xs: x]\nb = [for  x  in  [1]: -x]\nc = \"%{ if d }e%{ endif }\"\nf = { for k, v in m : k => v }\n"
       "g = [for x in -1: x]\nh = [for in in in: in]\n",
       "a = [for x in xs : x]\nb = [for x in [1] : -x]\nc = \"%{if d}e%{endif}\"\nf = { for k, v in m : k => v }\n"
       "g = [for x in - 1 : x]\nh = [for in in in : in]\n"},
  };
  for (const auto& [in, want] : cases) check_formats(in, want);
  // A formatted file streams in chunks, however long the stretch copied through.
  std::string formatted;
  for (int i = 0; formatted.size() < (1u << 20); ++i)
    formatted.append("r \"n").append(std::to_string(i)) +=
        "\" {\n  a   = [1, 2]\n  bbb = \"x\"\n  cc  = [for x in xs : -x]\n\n  c {\n    d = 1\n  }\n}\n";
  Streamed s = streamed(formatted);
  CHECK(s.text == formatted);
  CHECK(s.largest <= (256u << 10));
  // So does one long run of "=" lines, aligned as it is.
  std::string run;
  for (int i = 0; run.size() < (1u << 20); ++i)
    run.append("a").append(std::to_string(i % 10)).append(" = ").append(std::to_string(i)) += "\n";
  s = streamed(run);
  CHECK(s.text == run);
  CHECK(s.largest <= (256u << 10));
  // Its lines reach the formatter in batches, ending anywhere in a line.
  CHECK_FALSE(format_config(formatted).changed);
  std::string in = formatted;
  in.replace(in.rfind("  a   = [1, 2]"), 14, "  a = [1,2]");
  CHECK(format_config(in).output == formatted);
}

TEST_CASE("comment cells of runs of \"=\" lines") {
  // Lines whose comment cell ends a run of "=" lines are held as the run's parts; the runs of
  // comments within it align once its "=" do, and a line the parts cannot hold (a comment run
  // that goes on past the "=" run, a respaced token, brackets left open, a wide character, a
  // heredoc) takes the runs over as held lines. Expected outputs from hcl-oracle fmt.
  const std::pair<std::string, std::string> cases[] = {
      {"a = 1 # x\nbb = 2 # y\n", "a  = 1 # x\nbb = 2 # y\n"},
      {"a  = 1 # x\nbb = 2 # y\n", "a  = 1 # x\nbb = 2 # y\n"},
      {"a = 1 # x\nbbb = 2\ncc = 3 // y\nd = 4444 # z\ne = 5\n",
       "a   = 1 # x\nbbb = 2\ncc  = 3    // y\nd   = 4444 # z\ne   = 5\n"},
      {"x {\n  a = 1 # x\n  bb = 22 # y\n} # z\n", "x {\n  a  = 1  # x\n  bb = 22 # y\n}         # z\n"},
      {"x {\n  a = 1 # x\n  bb = 22\n} # z\n", "x {\n  a  = 1 # x\n  bb = 22\n} # z\n"},
      {"a = 1 # x\nbb = [1,2] # y\nc = 3\n", "a  = 1      # x\nbb = [1, 2] # y\nc  = 3\n"},
      {"a = 1 # x\nbb = [1,2]\nc = 333 # z\n", "a  = 1 # x\nbb = [1, 2]\nc  = 333 # z\n"},
      {"a = 1 # x\nbb = [ # y\n  1,\n] # z\nc = 3 # w\n", "a = 1  # x\nbb = [ # y\n  1,\n]     # z\nc = 3 # w\n"},
      {"a = 1\t# x\nbb = 2  # y\nccc =  3   # z\n", "a   = 1 # x\nbb  = 2 # y\nccc = 3 # z\n"},
      {"a = 1 # x\n\nbb = 2 # y\nc = 3\n# d\ne = 5 # e\n", "a = 1 # x\n\nbb = 2 # y\nc  = 3\n# d\ne = 5 # e\n"},
      {"a = \"\u00e9\" # x\nbb = 2 # y\n", "a  = \"\u00e9\" # x\nbb = 2   # y\n"},
      {"a = 1 # \u00e9\nbb = 22 # y\n", "a  = 1  # \u00e9\nbb = 22 # y\n"},
      {"a = 1 # x\r\nbb = 2 # y\r\n", "a  = 1 # x\r\nbb = 2 # y\r\n"},
      {"a = 1 # x\nbb = 2 /* y */\nc = 3 # z\n", "a  = 1 # x\nbb = 2 /* y */\nc  = 3 # z\n"},
      {"a = 1 # x\nb {\n  c = 2 # y\n  dd = 3 # z\n}\n", "a = 1 # x\nb {\n  c  = 2 # y\n  dd = 3 # z\n}\n"},
      {"a = 1 # x\nbb = <<EOT\ntext\nEOT\nc = 3 # z\n", "a  = 1 # x\nbb = <<EOT\ntext\nEOT\nc  = 3 # z\n"},
      {"a = 1 # x\nbb = 2\nccc = [1,2]\nd = 4 # y\n", "a   = 1 # x\nbb  = 2\nccc = [1, 2]\nd   = 4 # y\n"},
      {"a = 1 # x\nbb = 2 # y\nc = 3\ndd = [1,2] # z\ne = 5 # w\n",
       "a  = 1 # x\nbb = 2 # y\nc  = 3\ndd = [1, 2] # z\ne  = 5      # w\n"},
      {"a = -1 # x\nbb = 2 # y\n", "a  = -1 # x\nbb = 2  # y\n"},
      {"a = 1 # x\nbb = 2 # y\n  c  =  3 # z\n", "a  = 1 # x\nbb = 2 # y\nc  = 3 # z\n"},
  };
  for (const auto& [in, want] : cases) check_formats(in, want);
}

TEST_CASE("format_config formats the syntax check's tokens, batch by batch") {
  // format_config formats the tokens the parser hands out in batches of thousands; the answer
  // must not depend on where a batch ends. Lines change near the start, the middle and the end.
  std::string formatted;
  for (int i = 0; i < 3000; ++i)
    formatted += "r \"n" + std::to_string(i) + "\" {\n  a   = [1, 2]\n  bbb = 2.5 # c\n  c   = x.0 # d\n}\n";
  auto same = format_config(formatted);
  REQUIRE(same.ok);
  CHECK_FALSE(same.changed);
  const std::string_view a_line = "  a   =";
  for (size_t line : {formatted.find(a_line), formatted.find(a_line, formatted.size() / 2), formatted.rfind(a_line)}) {
    std::string in = formatted;
    in.replace(line, 7, "a=");
    auto r = format_config(in);
    REQUIRE(r.ok);
    CHECK(r.changed);
    CHECK(r.output == formatted);
    CHECK(r.output == format_source(in));
    hcl::format::FormatOptions verdict;
    verdict.need_output = false;
    auto v = format_config(in, verdict);
    CHECK(v.changed);
    CHECK(v.output.empty());
  }
  // A file that does not parse is refused however far it formats.
  auto bad = format_config(formatted + "a = \n");
  CHECK_FALSE(bad.ok);
  CHECK(bad.output.empty());
}

TEST_CASE("the tokens that leave the fast loop, wherever a batch ends") {
  // Each block holds what the formatter's per-token loop hands to its slower path: "-" after an
  // operand or not, "in" after a name, a number and a dot, a wide character (columns are not
  // bytes), empty lines, a heredoc and a tab before "=". Thousands of blocks put every one of
  // them at some batch boundary of the lexer (format_source), of the parser (format_config) and
  // of none (format_tokens). Expected: hcl-oracle fmt of one block (blocks format independently).
  auto block = [](int i, bool formatted) {
    std::string n = std::to_string(i);
    if (!formatted)
      return "b \"n" + n + "\" {\n  x=-1\n  y = a - -b\n  z=[for k in ks: k*2 if k!=0]\n  w = q.0 . a\n" +
             "  v = \"\u00e9${v}\" # wide\n  long_name=true // c\n\n\n  h = <<EOT\n  text\nEOT\n  t\t= " + n + "\n}\n";
    return "b \"n" + n +
           "\" {\n  x         = -1\n  y         = a - -b\n  z         = [for k in ks : k * 2 if k != 0]\n" +
           "  w         = q.0.a\n  v         = \"\u00e9${v}\" # wide\n  long_name = true    // c\n\n\n" +
           "  h = <<EOT\n  text\nEOT\n  t = " + n + "\n}\n";
  };
  std::string in, expected;
  for (int i = 0; i < 4000; ++i) {
    in += block(i, false);
    expected += block(i, true);
  }
  CHECK(format_source(in) == expected);
  CHECK(hcl::format::format_tokens(in, hcl::lex::lex_all(in)) == expected);
  auto r = format_config(in);
  REQUIRE(r.ok);
  CHECK(r.changed);
  CHECK(r.output == expected);
  auto again = format_config(expected);
  REQUIRE(again.ok);
  CHECK_FALSE(again.changed);
}

TEST_CASE("alignment counts characters, not bytes, all through a long file") {
  // Widths look for multi-byte characters ahead of the tokens, a window at a time: pairs of lines
  // whose names differ in bytes but not in characters, spread over far more than one window.
  std::string in, expected;
  for (int i = 0; i < 4000; ++i) {
    std::string n = std::to_string(i);
    std::string wide = "\xC3\xA9" + n;  // "é" then digits: one column less than bytes
    std::string narrow = "ab" + n;
    in += wide + " = 1\n" + narrow + " = 2\n\n";
    expected += wide + "  = 1\n" + narrow + " = 2\n\n";
  }
  CHECK(format_source(in) == expected);
  auto r = format_config(in);
  REQUIRE(r.ok);
  CHECK(r.output == expected);
}

TEST_CASE("a long line is formatted with its alignment") {
  // One line of many tokens between two aligned ones: the line is held as stretches of the
  // source, and spaced where the source is not.
  std::string items, spaced;
  for (int i = 0; i < 200000; ++i) {
    items += (i ? "," : "") + std::to_string(i);
    spaced += (i ? ", " : "") + std::to_string(i);
  }
  std::string in = "a = 1 # x\nlong = [" + items + "] # y\nbb = 2\n";
  std::string lead = "long = [" + spaced + "]";
  std::string expected = "a    = 1" + std::string(lead.size() - 8 + 1, ' ') + "# x\n" + lead + " # y\nbb   = 2\n";
  CHECK(format_source(in) == expected);
  auto r = format_config(in);
  REQUIRE(r.ok);
  CHECK(r.output == expected);
}

TEST_CASE("Terraform style") {
  hcl::format::FormatOptions tf;
  tf.style = hcl::format::Style::Terraform;
  auto fmt = [&](const std::string& in) {
    auto r = format_config(in, tf);
    REQUIRE(r.ok);
    return r.changed ? r.output : in;
  };
  CHECK(fmt("a = \"${b}\"\n") == "a = b\n");
  CHECK(fmt("a = \"${b}c\"\n") == "a = \"${b}c\"\n");
  CHECK(fmt("a = \"${b ?\nc : d}\"\n") == "a = (b ?\nc : d)\n");
  CHECK(fmt("r x y {}\n") == "r \"x\" \"y\" {}\n");
  CHECK(fmt("variable \"v\" {\n  type = list\n}\n") == "variable \"v\" {\n  type = list(any)\n}\n");
  CHECK(fmt("variable \"v\" {\n  type = \"map\"\n}\n") == "variable \"v\" {\n  type = map(string)\n}\n");
  // Canonical style leaves all of that alone.
  CHECK(format_source("a = \"${b}\"\nr x y {}\n") == "a = \"${b}\"\nr x y {}\n");
}

TEST_CASE("Terraform style rewrites an item wherever it comes in a large file") {
  // The rewrites are made item by item as the parser hands items over (in batches), while the
  // tokens of the items before are formatted already: the item that changes is the first, one in
  // the middle, the last, or none (labels already quoted are rewritten to themselves).
  hcl::format::FormatOptions tf;
  tf.style = hcl::format::Style::Terraform;
  const int n = 3000;
  for (int changed : {-1, 0, n / 2, n - 1}) {
    std::string in, expected;
    for (int i = 0; i < n; ++i) {
      std::string name = std::to_string(i);
      if (i == changed) {
        in += "r" + name + " {\n  a   = \"${b}\"\n}\n\n";
        expected += "r" + name + " {\n  a = b\n}\n\n";
      } else {
        in += "resource \"t\" \"n" + name + "\" {\n  a   = 1\n}\n\n";
        expected += "resource \"t\" \"n" + name + "\" {\n  a = 1\n}\n\n";
      }
    }
    CAPTURE(changed);
    auto r = format_config(in, tf);
    REQUIRE(r.ok);
    CHECK(r.changed);
    CHECK(r.output == expected);
    auto again = format_config(expected, tf);
    REQUIRE(again.ok);
    CHECK_FALSE(again.changed);
    tf.need_output = false;
    CHECK(format_config(in, tf).changed);
    tf.need_output = true;
  }
}

TEST_CASE("Terraform style lets a long root tuple go in pieces and rewrites what follows it") {
  // The tuple's elements are handed over and dropped in batches as they are parsed (nothing in a
  // tuple is rewritten, not even a lone interpolation); the attribute after it still is.
  hcl::format::FormatOptions tf;
  tf.style = hcl::format::Style::Terraform;
  std::string in = "big = [", elements;
  for (int i = 0; i < 50000; ++i) elements += std::string(i ? ", " : "") + "\"${a" + std::to_string(i) + "}\"";
  in += elements + "]\nx = \"${b}\"\n";
  auto r = format_config(in, tf);
  REQUIRE(r.ok);
  CHECK(r.changed);
  CHECK(r.output == "big = [" + elements + "]\nx   = b\n");
}

// The properties `hcl fmt` promises, on every file of the conformance corpus (when it is present
// beside the checkout) and of testdata/: the output matches the reference, keeps the tokens of the
// input, and formatting it again changes nothing.
TEST_CASE("corpus and testdata: agreement, token preservation, idempotence") {
  fs::path corpus = fs::path(HCL_TESTDATA_DIR) / ".." / ".." / "shared" / "corpus";
  std::vector<std::pair<fs::path, fs::path>> files;  // input, expected output (may be empty)
  if (fs::exists(corpus / "expected" / "fmt")) {
    for (const auto& e : fs::recursive_directory_iterator(corpus / "expected" / "fmt")) {
      if (!e.is_regular_file()) continue;
      files.emplace_back(corpus / "real" / fs::relative(e.path(), corpus / "expected" / "fmt"), e.path());
    }
  }
  for (const char* dir : {"fmt", "fmt_terraform"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(HCL_TESTDATA_DIR) / dir)) {
      auto ext = e.path().extension();
      if (e.is_regular_file() && (ext == ".hcl" || ext == ".tf")) files.emplace_back(e.path(), fs::path());
    }
  }
  REQUIRE(files.size() > 40);
  size_t checked = 0, agreed = 0, with_expected = 0;
  for (const auto& [in_path, expected_path] : files) {
    std::string in = slurp(in_path);
    auto r = format_config(in);
    if (!r.ok) continue;  // hcl fmt never formats these
    ++checked;
    std::string out = r.changed ? r.output : in;
    CAPTURE(in_path.string());
    CHECK(out == format_source(in));
    CHECK(same_tokens(in, out));
    CHECK(format_source(out) == out);
    if (!expected_path.empty()) {
      ++with_expected;
      agreed += out == slurp(expected_path);
    }
    // The Terraform style changes tokens on purpose, but its result must parse and be final.
    hcl::format::FormatOptions tf;
    tf.style = hcl::format::Style::Terraform;
    auto t = format_config(in, tf);
    REQUIRE(t.ok);
    std::string tf_out = t.changed ? t.output : in;
    auto again = format_config(tf_out, tf);
    CHECK(again.ok);
    CHECK_FALSE(again.changed);
  }
  CHECK(agreed == with_expected);
  MESSAGE("checked " << checked << " files, " << agreed << "/" << with_expected << " equal to the reference");
}
