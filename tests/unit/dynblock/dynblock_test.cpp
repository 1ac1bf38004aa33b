// SPDX-License-Identifier: Apache-2.0
// dynamic blocks expanded (dynblock/dynblock.h).
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "body/native.h"
#include "cty/json_encoding.h"
#include "dynblock/dynblock.h"
#include "syntax/parser.h"

namespace {

hcl::body::BodyPtr parse(const std::string& text) {
  auto parsed = hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>("main.hcl", text));
  REQUIRE(parsed.diagnostics.empty());
  return hcl::body::native_body(std::shared_ptr<const hcl::syntax::SyntaxTree>(std::move(parsed.tree)));
}

const hcl::body::Schema kItems{{}, {{"item", {"name"}}}};
const hcl::body::Schema kSize{{{"size", true}}, {}};

}  // namespace

TEST_CASE("a dynamic block stands for one block per element, its iterator seen by labels and content") {
  auto body = parse(
      "dynamic \"item\" {\n  for_each = {a = 1, b = 2}\n  labels = [item.key]\n"
      "  content {\n    size = item.value * 10\n  }\n}\nitem \"c\" {\n  size = 3\n}\n");
  auto scope = std::make_shared<const hcl::eval::Scope>();
  hcl::diag::Diagnostics diags;
  hcl::body::BodyContent content = hcl::dynblock::expand(body, scope)->content(kItems, diags);
  REQUIRE(diags.empty());
  std::vector<std::string> seen;
  for (const auto& block : content.blocks) {
    REQUIRE(block.labels.size() == 1);
    // Through content(), whose attributes see the iteration (JustAttributes passes the original
    // body's through, as the reference's does).
    auto attrs = block.body->content(kSize, diags).attributes;
    REQUIRE(attrs.items.size() == 1);
    auto value = attrs.items[0].expr->value(scope.get(), diags);
    auto size = hcl::cty::value_to_json(value);
    std::string why = value.go_string() + (diags.empty() ? "" : ": " + diags[0].summary + ": " + diags[0].detail);
    REQUIRE_MESSAGE(size, why);
    seen.push_back(block.labels[0] + "=" + *size);
  }
  CHECK(diags.empty());
  CHECK(seen == std::vector<std::string>{"a=10", "b=20", "c=3"});
}

TEST_CASE("a dynamic block without its one label is an error") {
  auto body = parse("dynamic {\n  for_each = [1]\n  content {\n  }\n}\n");
  hcl::diag::Diagnostics diags;
  hcl::dynblock::expand(body, std::make_shared<const hcl::eval::Scope>())->content(kItems, diags);
  REQUIRE_FALSE(diags.empty());
  CHECK(diags[0].summary == "Missing type for dynamic");
}
