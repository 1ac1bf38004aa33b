// SPDX-License-Identifier: Apache-2.0
// How hcl2json writes a body's blocks (their shape, body/block_shape.h): names in Go's byte
// order, the label trie as nested objects (private to json/).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "body/block_shape.h"
#include "json/writer.h"
#include "util/big_vector.h"

namespace hcl::json::detail {

// A name's first eight bytes as a number in the names' byte order (shorter ones padded with
// zeros, which sort first among names that agree up to there).
inline uint64_t name_prefix(std::string_view s) {
  uint64_t k = 0;
  if (std::endian::native == std::endian::little && s.size() >= 8) {  // one load, turned to the names' order
    std::memcpy(&k, s.data(), 8);
    return __builtin_bswap64(k);
  }
  for (size_t i = 0; i < 8; ++i) k = (k << 8) | (i < s.size() ? static_cast<unsigned char>(s[i]) : 0u);
  return k;
}

// A name's first sixteen bytes as two such numbers, which order most names without reading them
// again: sorting many labels, whose text is spread over the whole source, would otherwise miss
// the cache on every comparison of two that share their first eight bytes ("web_1234" + "5").
struct NameKey {
  uint64_t high, low;
  explicit NameKey(std::string_view s) : high(name_prefix(s)), low(s.size() > 8 ? name_prefix(s.substr(8)) : 0) {}
};

// Byte order of two names given their keys (negative, zero or positive): the numbers decide,
// unless they are equal.
inline int keyed_compare(const NameKey& ka, std::string_view a, const NameKey& kb, std::string_view b) {
  if (ka.high != kb.high) return ka.high < kb.high ? -1 : 1;
  if (ka.low != kb.low) return ka.low < kb.low ? -1 : 1;
  if (a.size() <= 16 && b.size() <= 16)  // equal but for the zeros that pad the shorter one
    return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
  return a.size() > 16 && b.size() > 16 ? a.substr(16).compare(b.substr(16)) : a.compare(b);
}

// Byte order of names (Go's string order), deciding on the first bytes without a call when they
// differ, as they mostly do.
inline bool name_less(std::string_view a, std::string_view b) {
  if (!a.empty() && !b.empty() && a[0] != b[0])
    return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]);
  return a < b;
}

// Sorts by name(element), keeping equal names in their order (of equal keys the last one wins, as
// in a Go map). Bodies and objects mostly have a few members: those are sorted in place, without
// a buffer. Many names (a map of thousands of keys, which often share a start such as "key_") are
// sorted as their first bytes as numbers, and their positions among equal names.
template <class T, class Name>
void sort_by_name(std::vector<T>& v, Name name) {
  if (v.size() <= 32) {
    auto less = [&](const T& a, const T& b) { return name_less(name(a), name(b)); };
    for (size_t i = 1; i < v.size(); ++i)
      for (size_t j = i; j > 0 && less(v[j], v[j - 1]); --j) std::swap(v[j], v[j - 1]);
    return;
  }
  struct Keyed {
    NameKey key;
    uint32_t index;
  };
  util::BigVector<Keyed> keys;
  keys.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) keys.push_back(Keyed{NameKey(name(v[i])), static_cast<uint32_t>(i)});
  std::sort(keys.begin(), keys.end(), [&](const Keyed& a, const Keyed& b) {
    if (a.key.high != b.key.high) return a.key.high < b.key.high;  // the names are not read
    if (a.key.low != b.key.low) return a.key.low < b.key.low;
    int c = keyed_compare(a.key, name(v[a.index]), b.key, name(v[b.index]));
    return c != 0 ? c < 0 : a.index < b.index;
  });
  // The order applied in place, a cycle of the permutation at a time (a sorted copy of a root
  // body of 90,000 attributes would be megabytes of fresh pages): position j takes the element
  // at keys[j].index.
  constexpr uint32_t kPlaced = UINT32_MAX;
  for (size_t i = 0; i < v.size(); ++i) {
    if (keys[i].index == kPlaced || keys[i].index == i) continue;
    T first = std::move(v[i]);
    size_t j = i;
    for (;;) {
      size_t from = keys[j].index;
      keys[j].index = kPlaced;
      if (from == i) {
        v[j] = std::move(first);
        break;
      }
      v[j] = std::move(v[from]);
      j = from;
    }
  }
}

// Writes a label trie's node: objects keyed by label, innermost an array of what leaf(item)
// writes for each block body. Stops at the first leaf that fails.
template <class Leaf>
bool write_trie(Writer& w, const body::BlockShape& trie, uint32_t id, Leaf&& leaf) {
  const body::ShapeNode& n = trie.nodes[id];
  if (n.leaf) {
    w.begin_array();
    for (uint32_t link = n.first; link != body::ShapeNode::kNone; link = trie.items[link].next)
      if (!leaf(trie.items[link].item)) return false;
    w.end_array();
    return true;
  }
  w.begin_object();
  const auto& children = trie.children(id).entries;
  if (children.size() == 1) {
    w.key(children[0].first);
    if (!write_trie(w, trie, children[0].second, leaf)) return false;
  } else {
    // Labels are unique within a node, so any sort gives Go's order of map keys. Many labels
    // (a file of thousands of resources) are sorted by their first bytes as numbers first.
    struct Label {
      NameKey key;
      std::string_view name;
      uint32_t child;
    };
    util::BigVector<Label> sorted;
    sorted.reserve(children.size());
    for (const auto& [label, child] : children) sorted.push_back(Label{NameKey(label), label, child});
    std::sort(sorted.begin(), sorted.end(),
              [](const Label& a, const Label& b) { return keyed_compare(a.key, a.name, b.key, b.name) < 0; });
    for (const Label& label : sorted) {
      w.key(label.name);
      if (!write_trie(w, trie, label.child, leaf)) return false;
    }
  }
  w.end_object();
  return true;
}

}  // namespace hcl::json::detail
