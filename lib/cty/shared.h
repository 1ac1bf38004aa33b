// SPDX-License-Identifier: Apache-2.0
// The reference count at the head of every node that types and values share (a compound type's
// node, a string's text, a collection's elements, a big number). An intrusive count keeps a
// handle one pointer wide and a shared node one allocation, where std::shared_ptr takes two
// pointers and, for a node built apart from its count, two allocations. Each owner knows its
// nodes' kinds (`tag`) and destroys them when the last reference goes.
//
// Nodes that live for the whole program (the primitive types) are immortal: their count is
// never changed, so they can be constant and shared between threads without traffic.
#pragma once

#include <atomic>
#include <cstdint>

namespace hcl::cty {

struct SharedNode {
  static constexpr uint32_t kImmortal = UINT32_MAX;
  constexpr explicit SharedNode(uint8_t t, uint32_t initial = 1) : refs(initial), tag(t) {}
  SharedNode(const SharedNode&) = delete;
  SharedNode& operator=(const SharedNode&) = delete;

  mutable std::atomic<uint32_t> refs;
  uint8_t tag;  // the owner's kind of node
};

inline void retain(const SharedNode* n) {
  if (n->refs.load(std::memory_order_relaxed) != SharedNode::kImmortal) n->refs.fetch_add(1, std::memory_order_relaxed);
}

// True when this was the last reference: the caller destroys the node.
inline bool release_last(const SharedNode* n) {
  if (n->refs.load(std::memory_order_relaxed) == SharedNode::kImmortal) return false;
  return n->refs.fetch_sub(1, std::memory_order_acq_rel) == 1;
}

}  // namespace hcl::cty
