// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "body/block_shape.h"

namespace {

using hcl::body::BlockShape;
using hcl::body::ShapeNode;

// Places a block of `type` with `labels` as the next item; the node it conflicts with, or kNone.
// The shape views the names (string literals here), as `hcl json`'s views the source.
uint32_t place(BlockShape& shape, std::string_view type, const std::vector<std::string_view>& labels) {
  auto item = static_cast<uint32_t>(shape.items.size());
  return shape.place(
      type, labels.size(), [&](size_t i) { return labels[i]; }, item, nullptr, item);
}

// A node as JSON-like text: {label:...} levels, [items] leaves, in first-seen order.
std::string text(const BlockShape& shape, uint32_t node) {
  const ShapeNode& n = shape.nodes[node];
  std::string out;
  if (n.leaf) {
    out = "[";
    for (uint32_t link = n.first; link != ShapeNode::kNone; link = shape.items[link].next)
      out += (out.size() > 1 ? "," : "") + std::to_string(shape.items[link].item);
    return out + "]";
  }
  out = "{";
  for (const auto& [label, child] : shape.children(node).entries)
    out += (out.size() > 1 ? "," : "") + std::string(label) + ":" + text(shape, child);
  return out + "}";
}

}  // namespace

TEST_CASE("blocks nest under their type and labels, bodies innermost in source order") {
  BlockShape shape;
  CHECK(place(shape, "a", {"x"}) == ShapeNode::kNone);
  CHECK(place(shape, "a", {"y", "z"}) == ShapeNode::kNone);
  CHECK(place(shape, "a", {"x"}) == ShapeNode::kNone);
  CHECK(place(shape, "b", {}) == ShapeNode::kNone);
  CHECK(place(shape, "b", {}) == ShapeNode::kNone);
  REQUIRE(shape.types.entries.size() == 2);
  CHECK(text(shape, shape.types.entries[0].second) == "{x:[0,2],y:{z:[1]}}");
  CHECK(text(shape, shape.types.entries[1].second) == "[3,4]");
}

TEST_CASE("a block whose labels put a body where a level is, or a level where bodies are, conflicts") {
  BlockShape shape;
  REQUIRE(place(shape, "a", {"x"}) == ShapeNode::kNone);
  uint32_t type_a = shape.types.entries[0].second;
  CHECK(place(shape, "a", {}) == type_a);             // bodies where labels are
  uint32_t conflict = place(shape, "a", {"x", "y"});  // a level where bodies are
  REQUIRE(conflict != ShapeNode::kNone);
  CHECK(shape.nodes[conflict].leaf);
  CHECK(shape.nodes[conflict].labels == 1);
  CHECK(shape.nodes[conflict].offset == 0);  // made by item 0
  CHECK(shape.items.size() == 1);            // neither was placed
  CHECK(text(shape, type_a) == "{x:[0]}");
}

TEST_CASE("the conflict's message names both blocks' label counts and where the first one is") {
  BlockShape shape;
  REQUIRE(place(shape, "a", {"x", "y"}) == ShapeNode::kNone);
  uint32_t conflict = place(shape, "a", {"x"});
  REQUIRE(conflict != ShapeNode::kNone);
  hcl::source::Range subject;
  subject.start = {3, 1, 20};
  subject.end = {3, 6, 25};
  hcl::diag::Diagnostic d = hcl::body::inconsistent_block_labels("a", 1, subject, shape.nodes[conflict], "main.tf:1,1");
  CHECK(d.severity == hcl::diag::Severity::Error);
  CHECK(d.summary == "Inconsistent block labels");
  CHECK(d.detail ==
        "This \"a\" block has 1 label, but the one at main.tf:1,1 has 2 labels with the same first label. JSON "
        "output nests one object level per label and lists the block bodies innermost, so it cannot hold both.");
  REQUIRE(d.subject);
  CHECK(d.subject->start.line == 3);
}

TEST_CASE("names are copied when the blocks do not outlive the shape") {
  BlockShape shape;
  {
    std::string type = "resource";
    std::vector<std::string> labels{"web"};
    REQUIRE(shape.place<true>(
                type, 1, [&](size_t i) -> std::string_view { return labels[i]; }, 0, nullptr, 0) == ShapeNode::kNone);
    type.assign("xxxxxxxx");
    labels[0].assign("yyy");
  }
  REQUIRE(shape.types.entries.size() == 1);
  CHECK(shape.types.entries[0].first == "resource");
  CHECK(shape.types.find("resource") != nullptr);
  CHECK(text(shape, shape.types.entries[0].second) == "{web:[0]}");
}
