// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "diag/render.h"
#include "source/source_file.h"
#include "util/text.h"

namespace {

hcl::diag::Diagnostic diag_at(const hcl::source::SourceFile& f, uint32_t start, uint32_t end) {
  hcl::diag::Diagnostic d;
  d.summary = "Something wrong";
  d.detail = "Because.";
  d.subject = f.range(start, end);
  return d;
}

std::string text(const hcl::diag::Diagnostic& d, const hcl::source::SourceFile& f) {
  return hcl::diag::render_text(
      d, [&](const std::string&) { return &f; }, hcl::diag::TextStyle{});
}

}  // namespace

TEST_CASE("text: summary, location, snippet with carets under the subject, detail") {
  hcl::source::SourceFile f("main.tf", "a = 1\nbb = [1 2]\n");
  CHECK(text(diag_at(f, 14, 15), f) ==
        "Error: Something wrong\n\n"
        "  on main.tf line 2:\n"
        "   2: bb = [1 2]\n"
        "              ^\n\n"
        "Because.\n\n");
}

TEST_CASE("text: carets line up under tabs and wide characters") {
  hcl::source::SourceFile f("t.hcl", "\ta = \"\xc3\xa9\xc3\xa9\" + x\n");
  std::string out = text(diag_at(f, 14, 15), f);
  CHECK(out.find("   1: \ta = \"\xc3\xa9\xc3\xa9\" + x\n      \t           ^\n") != std::string::npos);
}

TEST_CASE("text and json: a huge line is shown as a window around the subject") {
  std::string line = "a = \"" + std::string(100000, 'x') + "\" + $ + \"" + std::string(100000, 'y') + "\"";
  hcl::source::SourceFile f("big.hcl", line + "\n");
  uint32_t at = static_cast<uint32_t>(line.find('$'));
  auto d = diag_at(f, at, at + 1);
  std::string out = text(d, f);
  CHECK(out.size() < 1000);
  CHECK(out.find("\xe2\x80\xa6xxx") != std::string::npos);
  auto j = hcl::diag::diagnostic_json(d, [&](const std::string&) { return &f; });
  std::string code = j["snippet"]["code"];
  CHECK(code.size() < 300);
  size_t hs = j["snippet"]["highlight_start_offset"];
  CHECK(code.substr(hs, 1) == "$");
}

TEST_CASE("github annotations escape their properties and message") {
  hcl::source::SourceFile f("dir,x/main:1.tf", "a = \n");
  auto d = diag_at(f, 4, 5);
  d.detail = "100% wrong\nreally";
  CHECK(
      hcl::diag::render_github(d) ==
      "::error file=dir%2Cx/main%3A1.tf,line=1,col=5,endLine=2,endColumn=1,title=Something wrong::100%25 wrong%0Areally\n");
}

TEST_CASE("text diagnostics escape what a file could send to the terminal, as Go's %q shows it") {
  // An escape sequence and a bell in the source line, a C1 control (CSI), an invalid byte.
  hcl::source::SourceFile f("evil\n::error file=x::forged.hcl", "a = \"\x1b[31mred\x07\" \xc2\x9b \xff\n");
  hcl::diag::Diagnostic d = diag_at(f, 4, 15);
  d.summary = "Bad \x1b]0;title\x07";
  d.detail = "Line one\nline \x1b[2Jtwo\tend";
  std::string out = text(d, f);
  CHECK(out.find('\x1b') == std::string::npos);
  CHECK(out.find('\x07') == std::string::npos);
  CHECK(out.find("\xc2\x9b") == std::string::npos);
  CHECK(out.find("\n::error") == std::string::npos);
  CHECK(out.find("Error: Bad \\x1b]0;title\\a\n") != std::string::npos);
  CHECK(out.find("  on evil\\n::error file=x::forged.hcl line 1:\n") != std::string::npos);
  CHECK(out.find("   1: a = \"\\x1b[31mred\\a\" \\u009b \\xff\n") != std::string::npos);
  // The carets still cover the subject, now as wide as its escaped form.
  CHECK(out.find("\n          ^^^^^^^^^^^^^^^\n") != std::string::npos);
  // The detail keeps its own line breaks and tabs.
  CHECK(out.find("Line one\nline \\x1b[2Jtwo\tend") != std::string::npos);
}

TEST_CASE("escape_controls keeps what it is told to and everything printable") {
  CHECK(hcl::util::escape_controls("a\tb\nc\"\\é") == "a\\tb\\nc\"\\é");
  CHECK(hcl::util::escape_controls("a\tb\nc", "\t\n") == "a\tb\nc");
  CHECK(hcl::util::escape_controls("\x7f\x1b\xc2\x85") == "\\x7f\\x1b\\u0085");
}
