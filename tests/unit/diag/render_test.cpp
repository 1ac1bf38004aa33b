// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "diag/render.h"
#include "source/source_file.h"

namespace {

hcl::Diagnostic diag_at(const hcl::SourceFile& f, uint32_t start, uint32_t end) {
  hcl::Diagnostic d;
  d.summary = "Something wrong";
  d.detail = "Because.";
  d.subject = f.range(start, end);
  return d;
}

std::string text(const hcl::Diagnostic& d, const hcl::SourceFile& f) {
  return hcl::render_text(d, [&](const std::string&) { return &f; }, hcl::TextStyle{});
}

}  // namespace

TEST_CASE("text: summary, location, snippet with carets under the subject, detail") {
  hcl::SourceFile f("main.tf", "a = 1\nbb = [1 2]\n");
  CHECK(text(diag_at(f, 14, 15), f) ==
        "Error: Something wrong\n\n"
        "  on main.tf line 2:\n"
        "   2: bb = [1 2]\n"
        "              ^\n\n"
        "Because.\n\n");
}

TEST_CASE("text: carets line up under tabs and wide characters") {
  hcl::SourceFile f("t.hcl", "\ta = \"\xc3\xa9\xc3\xa9\" + x\n");
  std::string out = text(diag_at(f, 14, 15), f);
  CHECK(out.find("   1: \ta = \"\xc3\xa9\xc3\xa9\" + x\n      \t           ^\n") != std::string::npos);
}

TEST_CASE("text and json: a huge line is shown as a window around the subject") {
  std::string line = "a = \"" + std::string(100000, 'x') + "\" + $ + \"" + std::string(100000, 'y') + "\"";
  hcl::SourceFile f("big.hcl", line + "\n");
  uint32_t at = static_cast<uint32_t>(line.find('$'));
  auto d = diag_at(f, at, at + 1);
  std::string out = text(d, f);
  CHECK(out.size() < 1000);
  CHECK(out.find("\xe2\x80\xa6xxx") != std::string::npos);
  auto j = hcl::diagnostic_json(d, [&](const std::string&) { return &f; });
  std::string code = j["snippet"]["code"];
  CHECK(code.size() < 300);
  size_t hs = j["snippet"]["highlight_start_offset"];
  CHECK(code.substr(hs, 1) == "$");
}

TEST_CASE("github annotations escape their properties and message") {
  hcl::SourceFile f("dir,x/main:1.tf", "a = \n");
  auto d = diag_at(f, 4, 5);
  d.detail = "100% wrong\nreally";
  CHECK(hcl::render_github(d) ==
        "::error file=dir%2Cx/main%3A1.tf,line=1,col=5,endLine=2,endColumn=1,title=Something wrong::100%25 wrong%0Areally\n");
}
