// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../test_files.h"
#include "edit/edit.h"
#include "syntax/parser.h"

using hcl::test::slurp;

using namespace hcl;

namespace {

std::shared_ptr<const source::SourceFile> source_of(std::string text) {
  return std::make_shared<source::SourceFile>("test.hcl", std::move(text));
}

std::unique_ptr<edit::Document> open(const std::string& text) {
  diag::Diagnostics diags;
  auto doc = edit::Document::open(source_of(text), diags);
  REQUIRE(doc);
  return doc;
}

bool parses(const std::string& text) {
  syntax::ParseOptions po;
  po.build_tree = false;
  return !diag::has_errors(syntax::parse_config(source_of(text), po).diagnostics);
}

}  // namespace

TEST_CASE("edit: addresses split on dots, a backslash makes the next character literal") {
  using V = std::vector<std::string>;
  CHECK(*edit::parse_address("resource.aws_instance.web.ami") == V{"resource", "aws_instance", "web", "ami"});
  CHECK(*edit::parse_address(R"(a.example\.com.b)") == V{"a", "example.com", "b"});
  CHECK(*edit::parse_address(R"(a.x\\y)") == V{"a", R"(x\y)"});
  CHECK(*edit::parse_address("a") == V{"a"});
  CHECK_FALSE(edit::parse_address(""));
  CHECK(edit::block_address("resource", {"a", "b.c"}) == R"(resource.a.b\.c)");
}

TEST_CASE("edit: labels are quoted with hclwrite's escapes") {
  CHECK(edit::quote_label("plain") == "\"plain\"");
  CHECK(edit::quote_label("q\"b\\") == R"("q\"b\\")");
  CHECK(edit::quote_label("${x} %{y} $ %") == R"("$${x} %%{y} $ %")");
  CHECK(edit::quote_label("a\nb\tc\x01") == R"("a\nb\tc\u0001")");
}

TEST_CASE("edit: labels are NFC and escape what Go cannot print, as hcledit writes them") {
  // hcledit quotes a label through cty.StringVal (NFC) and hclwrite's escapeQuotedStringLit
  // (unicode.IsPrint): a decomposed e-acute is composed, a no-break space and a zero-width space
  // are escaped, a bad byte becomes U+FFFD (hcl-oracle edit ... block append).
  CHECK(edit::quote_label("e\xcc\x81") == "\"\xc3\xa9\"");
  CHECK(edit::quote_label("a\xc2\xa0"
                          "b\xe2\x80\x8b") == R"("a\u00a0b\u200b")");
  CHECK(edit::quote_label("\xff") == "\"\xef\xbf\xbd\"");
}

TEST_CASE("edit: every label is seen, also those hcledit leaves out") {
  // The scanner ends a literal before each `$` and `%`; hclwrite's Block.Labels keeps a quoted
  // label only when it is one literal token or empty, so hcledit lists this block as `thing.%.$.`
  // (hcl-oracle edit ... block list). hcl edit sees every label, decoded (docs/edit.md).
  auto src = source_of("thing \"dollar$${x}\" \"pct%%{y}\" \"plain$\" \"a$b\" \"%\" \"$\" \"\" {}\n");
  auto run = [&](edit::Operation op, std::string address) {
    edit::Request req;
    req.op = op;
    req.address = std::move(address);
    return edit::run(src, req);
  };
  CHECK(run(edit::Operation::BlockList, "").output == "thing.dollar${x}.pct%{y}.plain$.a$b.%.$.\n");
  CHECK(run(edit::Operation::BlockGet, "thing.dollar${x}.pct%{y}.plain$.a$b.%.$.").matches == 1);
  CHECK(run(edit::Operation::BlockGet, "thing.%.$.").matches == 0);
  edit::Result rm = run(edit::Operation::BlockRm, "thing.dollar${x}.pct%{y}.plain$.a$b.%.$.");
  CHECK(rm.matches == 1);
  CHECK(rm.output.empty());
}

TEST_CASE("edit: an item owns its lead comments, its line comment and its newline") {
  std::string text = "a {\n  # lead\n  x = 1 # line\n\n  # loose\n\n  y = 2\n}\n";
  auto doc = open(text);
  auto found = doc->find_attributes(*edit::parse_address("a.x"));
  REQUIRE(found.size() == 1);
  const auto& tree = doc->tree();
  CHECK(tree.token_text(found[0].first) == "# lead\n");
  CHECK(tree.token_text(found[0].last - 1) == "# line\n");
  doc->remove(found[0]);
  CHECK(doc->render(edit::Layout::Minimal) == "a {\n\n  # loose\n\n  y = 2\n}\n");
}

TEST_CASE("edit: the API edits and renders, every other byte kept in the minimal layout") {
  std::string text = "module \"vpc\" {\n  source=\"x\"   # keep\n  version = \"1.0\"\n}\n";
  auto doc = open(text);
  auto found = doc->find_attributes(*edit::parse_address("module.vpc.version"));
  REQUIRE(found.size() == 1);
  doc->replace_expression(found[0], "\"5.1.0\"");
  CHECK(doc->edited());
  CHECK(doc->render(edit::Layout::Minimal) == "module \"vpc\" {\n  source=\"x\"   # keep\n  version = \"5.1.0\"\n}\n");
  CHECK(doc->render(edit::Layout::Hclwrite) ==
        "module \"vpc\" {\n  source  = \"x\" # keep\n  version = \"5.1.0\"\n}\n");
}

TEST_CASE("edit: nothing edited renders the input itself") {
  std::string text = "a {\n  x=1\n}\n";
  auto doc = open(text);
  CHECK(doc->render(edit::Layout::Hclwrite) == text);
  CHECK(doc->render(edit::Layout::Minimal) == text);
}

TEST_CASE("edit: a file that does not parse is not opened") {
  diag::Diagnostics diags;
  CHECK_FALSE(edit::Document::open(source_of("a {\n"), diags));
  CHECK(diag::has_errors(diags));
  edit::Request req;
  req.op = edit::Operation::AttributeSet;
  req.address = "a.x";
  req.value = "1";
  auto r = edit::run(source_of("a {\n  x = \n}\n"), req);
  CHECK_FALSE(r.ok);
  CHECK(r.output.empty());
}

TEST_CASE("edit: ambiguous addresses are refused for changes and read as the first") {
  std::string text = "b {\n  x = 1\n}\nb {\n  x = 2\n}\n";
  edit::Request req;
  req.op = edit::Operation::AttributeSet;
  req.address = "b.x";
  req.value = "3";
  auto r = edit::run(source_of(text), req);
  CHECK_FALSE(r.ok);
  REQUIRE(!r.diagnostics.empty());
  CHECK(r.diagnostics[0].summary == "Ambiguous address");
  CHECK(r.diagnostics[0].detail.find("test.hcl:2, test.hcl:5") != std::string::npos);
  req.op = edit::Operation::AttributeGet;
  r = edit::run(source_of(text), req);
  CHECK(r.ok);
  CHECK(r.output == "1\n");
}

// Every attribute and top-level block of the golden inputs, removed in the minimal layout: the
// result parses and equals the input with exactly the item's bytes taken out.
TEST_CASE("edit: minimal removal takes out the item and nothing else") {
  int checked = 0;
  for (const auto& e : std::filesystem::directory_iterator(HCL_TESTDATA_DIR "/edit")) {
    if (e.path().extension() != ".hcl") continue;
    std::string text = slurp(e.path());
    auto doc = open(text);
    std::vector<edit::Item> items = doc->items(doc->root());
    for (size_t k = 0; k < items.size(); ++k) {
      auto d = open(text);
      d->remove(d->items(d->root())[k]);
      std::string out = d->render(edit::Layout::Minimal);
      CHECK_MESSAGE(parses(out), e.path().string() << " item " << k);
      CHECK(out.size() < text.size());
      // What remains is a prefix and a suffix of the input.
      size_t prefix = 0;
      while (prefix < out.size() && out[prefix] == text[prefix]) ++prefix;
      CHECK(text.compare(text.size() - (out.size() - prefix), std::string::npos, out, prefix) == 0);
      ++checked;
    }
  }
  CHECK(checked > 20);
}
