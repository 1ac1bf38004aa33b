// SPDX-License-Identifier: Apache-2.0
// A node's children and a node's main text, as the JSON conversion walks the tree (private to
// json/).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "lex/token.h"
#include "syntax/tree.h"

namespace hcl::json::detail {

// The children of a node, found from the last one backwards (nodes are post-order), held inline
// for the common case of a few so that walking the tree does not allocate at every node.
class ChildList {
 public:
  // Inline where it is made (about 170,000 lists on 2 MB of nested blocks, most of one or two
  // children): the call cost about as much as finding them.
  [[gnu::always_inline]] ChildList(const syntax::SyntaxTree& tree, syntax::NodeId id) {
    const auto& nodes = tree.nodes();
    const syntax::NodeId stop = id + 1 - nodes[id].subtree_size;
    // Placed from the back as they are found, so that the usual few need no reversing.
    syntax::NodeId* slot = inline_ + kInline;
    syntax::NodeId c = id;
    for (; c > stop && slot > inline_; c = *slot + 1 - nodes[*slot].subtree_size) *--slot = c - 1;
    first_ = slot;
    size_ = static_cast<size_t>(inline_ + kInline - slot);
    if (c != stop) [[unlikely]]
      more(nodes, c, stop);
  }
  ChildList(const ChildList&) = delete;
  ChildList& operator=(const ChildList&) = delete;
  size_t size() const { return size_; }
  syntax::NodeId operator[](size_t i) const { return first_[i]; }
  const syntax::NodeId* begin() const { return first_; }
  const syntax::NodeId* end() const { return first_ + size_; }

 private:
  // The children before the inline ones, from `c` back to `stop`, then the inline ones. Counted
  // first, so that they are placed from the back too, in one allocation (a heredoc of a few
  // hundred parts grew the list a few times, and reversed it).
  [[gnu::noinline]] void more(const std::vector<syntax::Node>& nodes, syntax::NodeId c, syntax::NodeId stop) {
    size_t count = 0;
    for (syntax::NodeId k = c; k > stop; k -= nodes[k - 1].subtree_size) ++count;
    heap_.resize(count + size_);
    std::copy(first_, first_ + size_, heap_.begin() + static_cast<ptrdiff_t>(count));
    for (syntax::NodeId* slot = heap_.data() + count; c > stop; c = *slot + 1 - nodes[*slot].subtree_size)
      *--slot = c - 1;
    first_ = heap_.data();
    size_ = heap_.size();
  }

  static constexpr size_t kInline = 16;
  syntax::NodeId inline_[kInline];
  const syntax::NodeId* first_;
  size_t size_;
  std::vector<syntax::NodeId> heap_;
};

// The text of a node's main token (an attribute's or an object key's name, a block's type),
// inline: SyntaxTree::token_text was left a call, made for every name.
[[gnu::always_inline]] inline std::string_view main_text(const syntax::SyntaxTree& t, syntax::NodeId id) {
  const lex::Token& tok = t.token(t.node(id).main_token);
  return std::string_view(t.text().data() + tok.start, tok.size());
}

}  // namespace hcl::json::detail
