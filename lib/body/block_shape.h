// SPDX-License-Identifier: Apache-2.0
// The JSON shape of a body's blocks, as hcl2json lays them out and as a configuration's value
// holds them: an object member per block type, one object level per label below it, and
// innermost an array of the bodies of the blocks with those labels, in source order. Two blocks
// of one type whose label counts put a body where the other has a level of labels cannot both
// fit: that is the "Inconsistent block labels" error. `hcl json` (json/) and the configuration
// evaluator (config/) both place their blocks here, so the rule and its message are one.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source_file.h"
#include "util/big_vector.h"
#include "util/name_slots.h"

namespace hcl::body {

// Names (a body's block types, a shape node's labels) in first-seen order, each with a number,
// found through util::NameSlots (a node-based map allocated and freed a node per name, and
// missed the cache on every look-up).
struct NameIndex {
  util::BigVector<std::pair<std::string_view, uint32_t>> entries;
  util::NameSlots slots;

  void clear() {
    entries.clear();
    slots.clear();
  }
  const uint32_t* find(std::string_view name) const {
    auto e = slots.find(name, entries.size(), [this](size_t i) { return entries[i].first; });
    return e ? &entries[*e].second : nullptr;
  }
  void prefetch(std::string_view name) const { slots.prefetch(name); }
  void add(std::string_view name, uint32_t number) {
    entries.emplace_back(name, number);
    slots.added(entries.size(), [this](size_t i) { return entries[i].first; });
  }
};

// A node of the label trie of one body's blocks: either an object of label levels or, innermost,
// a leaf: an array of block bodies (as numbers its owner gives them: an index into the blocks of
// a body being converted, or into the converted text of a file's items). Nodes are many (one per
// block, in a file of resources) and small: a leaf's items and a level's labels live in the shape.
struct ShapeNode {
  static constexpr uint32_t kNone = UINT32_MAX;
  bool leaf = false;
  uint32_t first = kNone, last = kNone;  // a leaf's items: a chain of BlockShape::items
  uint32_t level = kNone;                // otherwise its labels: BlockShape::levels[level]
  // The block that made this node, for messages: its file and where it starts (or, when file is
  // null, a number its owner knows the block by), and how many labels it has.
  uint32_t offset = 0;
  uint32_t labels = 0;
  const source::SourceFile* file = nullptr;
};

// The blocks of one body: their types in first-seen order, each the root of its label trie.
// Cleared for the next body, it keeps its nodes, levels and their capacity.
struct BlockShape {
  util::BigVector<ShapeNode> nodes;
  std::vector<NameIndex> levels;  // labels and their nodes, in first-seen order
  size_t levels_used = 0;         // levels[0, levels_used) are this body's
  struct Item {
    uint32_t item;
    uint32_t next;  // the leaf's next item, or ShapeNode::kNone
  };
  util::BigVector<Item> items;
  NameIndex types;
  // Names the shape keeps: labels with escapes, which levels' names view, and, placed with
  // kCopyNames, every type and label (for an owner whose blocks do not outlive the shape).
  std::deque<std::string> decoded;

  void clear() {
    nodes.clear();
    levels_used = 0;
    items.clear();
    types.clear();
    decoded.clear();
  }
  uint32_t make(bool leaf, const source::SourceFile* file, uint32_t offset, size_t labels) {
    ShapeNode& n = nodes.emplace_back();
    n.leaf = leaf;
    n.file = file;
    n.offset = offset;
    n.labels = static_cast<uint32_t>(labels);
    if (!leaf) {
      if (levels_used == levels.size()) levels.emplace_back();
      levels[levels_used].clear();
      n.level = static_cast<uint32_t>(levels_used++);
    }
    return static_cast<uint32_t>(nodes.size() - 1);
  }
  const NameIndex& children(uint32_t node) const { return levels[nodes[node].level]; }
  NameIndex& children(uint32_t node) { return levels[nodes[node].level]; }
  void add_item(uint32_t leaf, uint32_t item) {
    auto link = static_cast<uint32_t>(items.size());
    items.push_back(Item{item, ShapeNode::kNone});
    ShapeNode& n = nodes[leaf];
    if (n.first == ShapeNode::kNone) n.first = link;
    else items[n.last].next = link;
    n.last = link;
  }

  // Places a block of `type` with `labels` labels (label(i) is the i-th's value) as item number
  // `item`: hcl2json walks one object level per label, creating levels as needed; a level that
  // already holds block bodies (or, innermost, one that holds labels) is a conflict, and then
  // the node it conflicts with is returned (for inconsistent_block_labels) and nothing is placed.
  // ShapeNode::kNone when placed. `file` and `offset` are kept in the nodes the block makes.
  // Inlined into its caller, as it was written there: `hcl json` places every block of a file.
  template <bool kCopyNames = false, class Label>
  [[gnu::always_inline]] uint32_t place(std::string_view type, size_t labels, Label&& label, uint32_t item,
                                        const source::SourceFile* file, uint32_t offset) {
    bool last = labels == 0;
    uint32_t cur;
    if (const uint32_t* found = types.find(type); !found) {
      cur = make(last, file, offset, labels);
      types.add(keep<kCopyNames>(type), cur);
    } else {
      cur = *found;
      if (nodes[cur].leaf != last) return cur;
    }
    for (size_t i = 0; i < labels; ++i) {
      bool leaf = i + 1 == labels;
      std::string_view name = label(i);
      if (const uint32_t* c = children(cur).find(name); !c) {
        uint32_t child = make(leaf, file, offset, labels);
        children(cur).add(keep<kCopyNames>(name), child);
        cur = child;
      } else {
        cur = *c;
        if (nodes[cur].leaf != leaf) return cur;
      }
    }
    add_item(cur, item);
    return ShapeNode::kNone;
  }

 private:
  template <bool kCopyNames>
  std::string_view keep(std::string_view name) {
    if constexpr (kCopyNames) return decoded.emplace_back(name);
    return name;
  }
};

// The error for a block that place() could not put beside `existing` (the node it returned):
// `type` and `labels` are the block's, `subject` its type and labels, `existing_at` where the
// block that made `existing` starts ("file:line,column").
diag::Diagnostic inconsistent_block_labels(std::string_view type, size_t labels, const source::Range& subject,
                                           const ShapeNode& existing, std::string_view existing_at);

// "file:line,column" of a position, as inconsistent_block_labels names the earlier block.
std::string position_text(const source::Range& at);

}  // namespace hcl::body
