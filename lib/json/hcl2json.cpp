// SPDX-License-Identifier: Apache-2.0
#include "json/hcl2json.h"

#include <utf8proc.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <optional>

#include "ast/ast.h"
#include "json/number_text.h"
#include "lex/scan.h"
#include "lex/token.h"
#include "source/utf8.h"
#include "syntax/parser.h"
#include "syntax/string_literal.h"
#include "util/json_bytes.h"
#include "util/memory.h"
#include "util/name_slots.h"
#include "util/text.h"

namespace hcl::json {

namespace {

// Allocates the arrays that grow with the file (a node per block, an entry per label or item):
// past 1 MiB in whole huge pages (2 MiB) that the system is asked to back as such. Each grown
// copy is fresh memory, and as ordinary 4 KiB pages these arrays took most of the page faults of
// a file of resources (about 2,500 of 3,300 on 20 MB), each fault clearing its page.
constexpr size_t kBigArray = size_t{1} << 20, kHugePage = size_t{2} << 20;
// Out of line, so that the arrays' own functions (emplace_back) stay small enough to inline.
[[gnu::noinline]] void* allocate_big(size_t bytes) {
  size_t whole = (bytes + kHugePage - 1) & ~(kHugePage - 1);
  void* p = std::aligned_alloc(kHugePage, whole);
  if (!p) throw std::bad_alloc();
  util::prefer_huge_pages(p, whole);
  return p;
}
template <class T>
struct BigArrayAllocator {
  using value_type = T;

  BigArrayAllocator() = default;
  template <class U>
  explicit BigArrayAllocator(const BigArrayAllocator<U>&) {}
  T* allocate(size_t n) {
    if (n * sizeof(T) < kBigArray) [[likely]]
      return std::allocator<T>().allocate(n);
    return static_cast<T*>(allocate_big(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < kBigArray) [[likely]]
      std::allocator<T>().deallocate(p, n);
    else std::free(p);
  }
  friend bool operator==(const BigArrayAllocator&, const BigArrayAllocator&) { return true; }
};
template <class T>
using BigVector = std::vector<T, BigArrayAllocator<T>>;

// The text of a JSON-syntax template under construction. Literal text is held back until the
// next markup ("${...}", "%{...}") or the end, then escaped: "${" and "%{" in literal text are
// written "$${" and "%%{", and a literal "$" (or "%") just before an interpolation (or a
// directive) is written as the interpolation ${"$"} (${"%"}), since "$${" would read as an escape.
// The held-back text is already in place at the end of the text; it is rewritten only when it
// holds a "$" or "%".
class TemplateText {
 public:
  void clear() {
    size_ = 0;
    pending_ = kNone;
    sigil_ = false;
  }
  void literal(std::string_view s) {
    sigil_ = sigil_ || has_sigil(s);
    plain_literal(s);
  }
  // Literal text known to hold no "$" or "%" and to be NFC (ast::TemplateLiterals::plain).
  void plain_literal(std::string_view s) {
    if (pending_ == kNone) pending_ = size_;
    put(s);
  }
  // cty.StringVal normalizes every string to NFC; hcl2json's literal strings go through it.
  void literal_nfc(std::string_view s) {
    // ASCII, found sixteen bytes at a time, is NFC; so is text below U+0300.
    if (!lex::scan::has_non_ascii(s.data(), 0, static_cast<uint32_t>(s.size())) || source::utf8::is_nfc_quick(s))
      return literal(s);
    literal(source::utf8::to_nfc(s));
  }
  // Markup written as the concatenation of its pieces, which need no escaping.
  template <class... More>
  void markup(std::string_view m, const More&... more) {
    flush(m);
    put(m);
    (put(piece(more)), ...);
  }
  // Appends another finished template's text.
  void append(const TemplateText& other) {
    if (other.empty()) return;
    flush(other.text());
    put(other.text());
  }
  // Ends the text; `next` is what will follow it, if known.
  void finish(std::string_view next = {}) { flush(next); }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  // Takes back markup written after the first `size` bytes, and literal text after it that was
  // empty.
  void take_back(size_t size) {
    size_ = size;
    pending_ = kNone;
    sigil_ = false;
  }
  std::string_view text() const { return std::string_view(text_.data(), size_); }

 private:
  // Appends s. The string's size is the room made so far and the text its first size_ bytes, so
  // that a piece (a template is made of many short ones) is one copy: std::string's append was
  // a call, and then a call to copy, for each.
  void put(std::string_view s) {
    if (text_.size() - size_ < s.size()) [[unlikely]]
      grow(s.size());
    std::copy(s.begin(), s.end(), text_.data() + size_);
    size_ += s.size();
  }
  // A piece of markup: a string constant's length is its array's, not found by strlen.
  template <size_t N>
  static std::string_view piece(const char (&s)[N]) {
    return std::string_view(s, N - 1);
  }
  static std::string_view piece(std::string_view s) { return s; }
  [[gnu::noinline]] void grow(size_t n) { text_.resize(std::max(2 * text_.size(), size_ + n + 64)); }

  static constexpr size_t kNone = SIZE_MAX;
  static bool has_sigil(std::string_view s) { return syntax::literal_needs_decoding(s, false); }

  // Runs before every markup and append, and mostly finds nothing to rewrite: that much is
  // inline (out of line it was a call for each, a few million on the heredocs benchmark).
  void flush(std::string_view next) {
    if (pending_ == kNone) return;
    size_t from = pending_;
    pending_ = kNone;
    if (!sigil_) return;
    sigil_ = false;
    escape(from, next);
  }
  // Rewrites the text from `from` with its "$" and "%" escaped.
  [[gnu::noinline]] void escape(size_t from, std::string_view next) {
    const std::string s(text().substr(from));
    size_ = from;
    auto push = [this](char c) { put(std::string_view(&c, 1)); };
    size_t n = s.size();
    for (size_t i = 0; i < n; ++i) {
      // Up to the next "$" or "%" the text is copied as it is.
      size_t mark = s.find_first_of("$%", i);
      if (mark == std::string::npos) mark = n;
      put(std::string_view(s).substr(i, mark - i));
      if ((i = mark) == n) break;
      char c = s[i];
      if ((c == '$' || c == '%') && i + 1 < n && s[i + 1] == '{') {
        push(c);
        push(c);
        continue;
      }
      if ((c == '$' || c == '%') && i + 1 == n && !next.empty()) {
        if (next[0] == '{') {  // escaped literal text follows: together they are a literal "${"
          push(c);
          push(c);
          continue;
        }
        if (next.size() >= 2 && next[0] == c && next[1] == '{') {
          put(c == '$' ? "${\"$\"}" : "${\"%\"}");
          continue;
        }
      }
      push(c);
    }
  }

  std::string text_;        // the text, and room after it
  size_t size_ = 0;         // of the text
  size_t pending_ = kNone;  // where the literal text not yet escaped starts
  bool sigil_ = false;      // whether that text holds a "$" or "%"
};

// Printable ASCII without "$", "%" and the bytes JSON escapes (a quote, a backslash, "<", ">",
// "&"): a literal's text of these bytes is its value, its JSON-syntax template and its JSON text.
bool is_plain_byte(unsigned char c) { return util::is_plain_json<true>(c) && c != '$' && c != '%'; }
#if defined(__SSE2__)
__m128i not_plain_bytes(__m128i v) {
  return _mm_or_si128(util::not_plain_json<true>(v), _mm_or_si128(util::byte_eq(v, '$'), util::byte_eq(v, '%')));
}
#endif
// is_plain_text for a view of `within` (a source file).
[[gnu::always_inline]] inline bool is_plain_text(std::string_view s, std::string_view within) {
  return util::run_end_within<is_plain_byte, HCL_SSE2_MASK(not_plain_bytes)>(s, within.data() + within.size()) ==
         s.size();
}

// number_prints_as_written for a view of `within` (a source file): the usual short literal is
// checked as one block of sixteen bytes when they may be read.
[[gnu::always_inline]] inline bool number_prints_as_written(std::string_view s, std::string_view within) {
#if defined(__SSE2__)
  size_t n = s.size();
  if (n > 0 && n <= 16 && within.data() + within.size() - s.data() >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data()));
    __m128i digit = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8('0')), v),
                                  _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8('9')), v));
    unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(digit)) & ((1u << n) - 1);
    if (other == 0) return s[0] != '0' || n == 1;  // an integer without leading zeros
    // Otherwise digits, one ".", digits of which the last is not a zero.
    auto dot = static_cast<size_t>(__builtin_ctz(other));
    return (other & (other - 1)) == 0 && s[dot] == '.' && dot > 0 && dot + 1 < n && !(s[0] == '0' && dot > 1) &&
           s[n - 1] != '0';
  }
#endif
  return json::number_prints_as_written(s);
}

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

// The child of a node that has exactly one (an attribute's value, an interpolation's expression,
// an operator's operand): post-order puts it just before its parent, where
// SyntaxTree::first_child finds it by a call and a walk.
inline syntax::NodeId only_child(syntax::NodeId id) { return id - 1; }

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

// Names (a body's block types, a trie node's labels) in first-seen order, each with a number,
// found through util::NameSlots (a node-based map allocated and freed a node per name, and
// missed the cache on every look-up).
struct NameIndex {
  BigVector<std::pair<std::string_view, uint32_t>> entries;
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
// block, in a file of resources) and small: a leaf's items and a level's labels live in the trie.
struct TrieNode {
  static constexpr uint32_t kNone = UINT32_MAX;
  bool leaf = false;
  uint32_t first = kNone, last = kNone;  // a leaf's items: a chain of BlockTrie::items
  uint32_t level = kNone;                // otherwise its labels: BlockTrie::levels[level]
  // The block that made this node, for messages: its file, where it starts, how many labels.
  uint32_t offset = 0;
  uint32_t labels = 0;
  const source::SourceFile* file = nullptr;
};

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
  BigVector<Keyed> keys;
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

// The blocks of one body: their types in first-seen order, each the root of its label trie.
// Cleared for the next body, it keeps its nodes, levels and their capacity.
struct BlockTrie {
  BigVector<TrieNode> nodes;
  std::vector<NameIndex> levels;  // labels and their nodes, in first-seen order (sorted when written)
  size_t levels_used = 0;         // levels[0, levels_used) are this body's
  struct Item {
    uint32_t item;
    uint32_t next;  // the leaf's next item, or TrieNode::kNone
  };
  BigVector<Item> items;
  NameIndex types;
  std::deque<std::string> decoded;  // labels with escapes, which levels' names view

  void clear() {
    nodes.clear();
    levels_used = 0;
    items.clear();
    types.clear();
    decoded.clear();
  }
  uint32_t make(bool leaf, const source::SourceFile* file, uint32_t offset, size_t labels) {
    TrieNode& n = nodes.emplace_back();
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
    items.push_back(Item{item, TrieNode::kNone});
    TrieNode& n = nodes[leaf];
    if (n.first == TrieNode::kNone) n.first = link;
    else items[n.last].next = link;
    n.last = link;
  }
};

// Writes a label trie's node: objects keyed by label, innermost an array of what leaf(item)
// writes for each block body. Stops at the first leaf that fails.
template <class Leaf>
bool write_trie(Writer& w, const BlockTrie& trie, uint32_t id, Leaf&& leaf) {
  const TrieNode& n = trie.nodes[id];
  if (n.leaf) {
    w.begin_array();
    for (uint32_t link = n.first; link != TrieNode::kNone; link = trie.items[link].next)
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
    BigVector<Label> sorted;
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

// A member of a body's object: an attribute, a block whose type no other block of the body has,
// or a block type's trie.
struct BodyMember {
  std::string_view name;
  const syntax::SyntaxTree* tree = nullptr;
  syntax::NodeId attribute = syntax::kNoNode;
  syntax::NodeId block = syntax::kNoNode;
  uint32_t blocks = 0;
};

// An object constructor's item: its key (a view of the source, or of an owned string) and value.
struct ObjectEntry {
  std::string_view key;
  syntax::NodeId value = syntax::kNoNode;
  int32_t owned = -1;  // index into ObjectFrame::owned, or -1
  bool name = false;   // the key is a name, which needs no escaping
};

// A block of a body being converted.
struct BlockRef {
  const syntax::SyntaxTree* tree = nullptr;
  syntax::NodeId block = syntax::kNoNode;
};

// What converting one body, object or template needs, kept per nesting level and reused: after
// the first few items nothing is allocated for the usual body, object or string.
struct BodyFrame {
  std::vector<BodyMember> members;
  std::vector<BlockRef> block_nodes;  // in source order
  BlockTrie trie;
  std::vector<BodyRef> blocks;  // the bodies of blocks, numbered as the trie's items
};
struct ObjectFrame {
  std::vector<ObjectEntry> entries;
  std::vector<std::string> owned;
};
struct TemplateFrame {
  ast::TemplateLiterals literals;
  TemplateText text;
};
struct Scratch {
  std::vector<std::unique_ptr<BodyFrame>> bodies;
  std::vector<std::unique_ptr<ObjectFrame>> objects;
  std::vector<std::unique_ptr<TemplateFrame>> templates;
  size_t body_depth = 0, object_depth = 0, template_depth = 0;
};

// Takes the frame of the next level for as long as it lives.
template <class Frame>
class FrameUse {
 public:
  FrameUse(std::vector<std::unique_ptr<Frame>>& frames, size_t& depth) : depth_(depth) {
    if (depth == frames.size()) frames.push_back(std::make_unique<Frame>());
    frame_ = frames[depth++].get();
  }
  ~FrameUse() { --depth_; }
  FrameUse(const FrameUse&) = delete;
  FrameUse& operator=(const FrameUse&) = delete;
  Frame& operator*() const { return *frame_; }
  Frame* operator->() const { return frame_; }

 private:
  size_t& depth_;
  Frame* frame_;
};

class Converter {
 public:
  Converter(Writer& w, const Options& options, diag::Diagnostics& diags, Scratch& scratch)
      : w_(w), options_(options), diags_(diags), scratch_(scratch) {}

  bool body(std::span<const BodyRef> bodies) {
    FrameUse<BodyFrame> frame(scratch_.bodies, scratch_.body_depth);
    std::vector<BodyMember>& members = frame->members;
    std::vector<BlockRef>& block_nodes = frame->block_nodes;
    BlockTrie& trie = frame->trie;
    std::vector<BodyRef>& blocks = frame->blocks;
    members.clear();
    block_nodes.clear();
    trie.clear();
    blocks.clear();
    size_t attribute_count = 0;

    for (const BodyRef& ref : bodies) {
      const syntax::SyntaxTree& tree = *ref.tree;
      ChildList items(tree, ref.body);
      for (syntax::NodeId item : items) {
        const syntax::Node& n = tree.node(item);
        if (n.kind == syntax::NodeKind::Attribute) {
          // Filled in place (a temporary BodyMember, built in halves and copied whole, stalled
          // the copy until the halves were stored).
          BodyMember& m = members.emplace_back();
          m.name = main_text(tree, item);
          m.tree = &tree;
          m.attribute = item;
          ++attribute_count;
        } else if (n.kind == syntax::NodeKind::Block) {
          block_nodes.push_back(BlockRef{&tree, item});
        }
      }
    }
    // A body's few blocks mostly have a type each (a resource's nested blocks): each is then its
    // own member, written without a label trie. Others go into the trie in source order, which
    // also finds the first conflict of labels.
    if (types_differ(block_nodes)) {
      for (const BlockRef& b : block_nodes) {
        BodyMember& m = members.emplace_back();
        m.name = main_text(*b.tree, b.block);
        m.tree = b.tree;
        m.block = b.block;
      }
    } else {
      for (const BlockRef& b : block_nodes) {
        std::optional<BodyRef> ref = add_block(trie, *b.tree, b.block, static_cast<uint32_t>(blocks.size()));
        if (!ref) return false;
        blocks.push_back(*ref);
      }
      for (const auto& [type, node] : trie.types.entries) {
        BodyMember& m = members.emplace_back();
        m.name = type;
        m.blocks = node;
      }
    }
    if (bodies.size() > 1 && attribute_count > 1) {
      // Merged bodies: an attribute may be set once (one file's parse already ensures that).
      std::vector<const BodyMember*> attrs;
      for (const BodyMember& m : members)
        if (m.attribute != syntax::kNoNode) attrs.push_back(&m);
      std::stable_sort(attrs.begin(), attrs.end(), [](auto* a, auto* b) { return a->name < b->name; });
      for (size_t i = 1; i < attrs.size(); ++i) {
        if (attrs[i]->name == attrs[i - 1]->name) {
          attribute_conflict(*attrs[i - 1]->tree, attrs[i - 1]->attribute, *attrs[i]->tree, attrs[i]->attribute);
          return false;
        }
      }
    }
    std::vector<BodyMember>& sorted = members;
    sort_by_name(sorted, [](const BodyMember& m) { return m.name; });

    w_.begin_object();
    for (size_t i = 0; i < sorted.size(); ++i) {
      const BodyMember* pick = &sorted[i];
      // Names are unique among the attributes and among the block types; of an attribute and a
      // block type of one name, the attribute (hcl2json writes the blocks, then the attributes
      // over them).
      if (i + 1 < sorted.size() && sorted[i + 1].name == pick->name) {
        if (pick->attribute == syntax::kNoNode) pick = &sorted[i + 1];
        ++i;
      }
      const BodyMember& m = *pick;
      w_.plain_key(m.name);  // an attribute's or a block type's name, an identifier
      if (m.attribute != syntax::kNoNode) {
        if (!expression(*m.tree, only_child(m.attribute))) return false;
      } else if (m.block != syntax::kNoNode) {
        if (!lone_block(*m.tree, m.block, trie.decoded)) return false;
      } else if (!write_trie(w_, trie, m.blocks,
                             [&](uint32_t b) { return body(std::span<const BodyRef>(&blocks[b], 1)); })) {
        return false;
      }
    }
    w_.end_object();
    return true;
  }

  // Whether the blocks (of a body) are few and their types all differ.
  static bool types_differ(std::span<const BlockRef> blocks) {
    constexpr size_t kFew = 8;  // beyond, the trie's index of names finds repeats sooner
    if (blocks.size() > kFew) return false;
    auto type = [](const BlockRef& b) { return main_text(*b.tree, b.block); };
    for (size_t i = 1; i < blocks.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (type(blocks[j]) == type(blocks[i])) return false;
    return true;
  }

  // A block whose type no other block of its body has, as write_trie writes a trie of that one
  // block: an object per label, and innermost its body alone in an array. `decoded` keeps labels
  // with escapes.
  bool lone_block(const syntax::SyntaxTree& t, syntax::NodeId block, std::deque<std::string>& decoded) {
    ChildList kids(t, block);  // its labels, then its body
    size_t labels = kids.size() - 1;
    for (size_t i = 0; i < labels; ++i) {
      w_.begin_object();
      w_.key(label_text(t, kids[i], decoded));
    }
    w_.begin_array();
    BodyRef body_ref{&t, kids[labels]};
    if (!body(std::span<const BodyRef>(&body_ref, 1))) return false;
    w_.end_array();
    for (size_t i = 0; i < labels; ++i) w_.end_object();
    return true;
  }

  // Places a block in its body's label trie as item number `item`, and returns its body; nothing
  // when its labels conflict with an earlier block's (reported). The labels the trie keeps view
  // the tree's source (or the trie's own copies, for labels with escapes). `views`: the values of
  // the first labels, when prefetch_block has found them.
  std::optional<BodyRef> add_block(BlockTrie& trie, const syntax::SyntaxTree& t, syntax::NodeId block, uint32_t item,
                                   std::span<const std::string_view> views = {}) {
    // A block's children are its labels and then its body (ast::block, which the messages use,
    // costs a few allocations a block: this runs for every one).
    ChildList kids(t, block);
    size_t labels = kids.size() - 1;
    const syntax::Node& bn = t.node(block);
    std::string_view type = main_text(t, block);
    // hcl2json walks one object level per label, creating levels as needed; a level that already
    // holds block bodies (or, innermost, one that holds labels) is a conflict.
    const source::SourceFile* file = &t.source();
    uint32_t offset = t.token(bn.main_token).start;
    bool last = labels == 0;
    uint32_t cur;
    if (const uint32_t* found = trie.types.find(type); !found) {
      cur = trie.make(last, file, offset, labels);
      trie.types.add(type, cur);
    } else {
      cur = *found;
      if (trie.nodes[cur].leaf != last) return label_conflict(trie.nodes[cur], t, block);
    }
    for (size_t i = 0; i < labels; ++i) {
      bool leaf = i + 1 == labels;
      std::string_view label = i < views.size() ? views[i] : label_text(t, kids[i], trie.decoded);
      if (const uint32_t* c = trie.children(cur).find(label); !c) {
        uint32_t child = trie.make(leaf, file, offset, labels);
        trie.children(cur).add(label, child);
        cur = child;
      } else {
        cur = *c;
        if (trie.nodes[cur].leaf != leaf) return label_conflict(trie.nodes[cur], t, block);
      }
    }
    trie.add_item(cur, item);
    return BodyRef{&t, kids[labels]};
  }

  // Starts loading what add_block will look up for the block's last label, when the labels
  // before it are placed already (a file's blocks mostly share their type and first labels, and
  // differ in the last one, among thousands). The labels' values it finds are left in `views`
  // for add_block.
  static void prefetch_block(const BlockTrie& trie, const syntax::SyntaxTree& t, syntax::NodeId block,
                             std::vector<std::string_view>& views) {
    views.clear();
    ChildList kids(t, block);
    size_t labels = kids.size() - 1;
    const uint32_t* cur = trie.types.find(main_text(t, block));
    for (size_t i = 0; i < labels && cur && !trie.nodes[*cur].leaf; ++i) {
      std::optional<std::string_view> label = label_view(t, kids[i]);
      if (!label) return;
      views.push_back(*label);
      const NameIndex& children = trie.children(*cur);
      if (i + 1 == labels) return children.prefetch(*label);
      cur = children.find(*label);
    }
  }

  // A block label's value when it is a view of the source: an identifier's name, or a quoted
  // label of one piece of text without escapes (the usual). Nothing for others.
  static std::optional<std::string_view> label_view(const syntax::SyntaxTree& t, syntax::NodeId label) {
    const syntax::Node& n = t.node(label);
    if (t.token(n.first_token).kind == lex::TokenKind::Ident) return t.token_text(n.first_token);
    std::string_view single;
    size_t pieces = 0;
    bool escapes = false;
    for (uint32_t k = n.first_token + 1; k <= n.last_token; ++k) {
      if (t.token(k).kind != lex::TokenKind::QuotedLit) continue;
      single = t.token_text(k);
      ++pieces;
      escapes = escapes || syntax::literal_needs_decoding(single, true);
    }
    if (pieces == 0) return std::string_view();
    if (pieces == 1 && !escapes) return single;
    return std::nullopt;
  }

  // A block label's value, as ast::block decodes it: an identifier's name, or a quoted label's
  // text with its escapes processed (then kept in `decoded`).
  static std::string_view label_text(const syntax::SyntaxTree& t, syntax::NodeId label,
                                     std::deque<std::string>& decoded) {
    if (std::optional<std::string_view> view = label_view(t, label)) return *view;
    const syntax::Node& n = t.node(label);
    std::string value;
    for (uint32_t k = n.first_token + 1; k <= n.last_token; ++k) {
      if (t.token(k).kind != lex::TokenKind::QuotedLit) continue;
      std::string_view text = t.token_text(k);
      if (syntax::literal_needs_decoding(text, true)) value += syntax::decode_literal(text, true);
      else value += text;
    }
    return decoded.emplace_back(std::move(value));
  }

  // Inline where it is called: a call for each element of a tuple cost a fifth of the element.
  [[gnu::always_inline]] bool expression(const syntax::SyntaxTree& t, syntax::NodeId e) {
    // Most values are a number or a string whose JSON text is their source text: those are
    // copied from it here, without the general path's layers of calls (in a file of lists they
    // cost more than the rest of the conversion).
    if (!options_.evaluator) [[likely]] {
      const syntax::Node& n = t.node(e);
      std::string_view src = t.text();
      if (n.kind == syntax::NodeKind::Literal) {
        const lex::Token& tok = t.token(n.main_token);
        std::string_view text(src.data() + tok.start, tok.size());
        if (tok.kind == lex::TokenKind::NumberLit && number_prints_as_written(text, src)) {
          w_.verbatim(text, false);
          return true;
        }
      } else if (n.kind == syntax::NodeKind::Template && n.subtree_size == 2 &&
                 !(n.flags & syntax::node_flags::kFlush) && t.node(e - 1).kind == syntax::NodeKind::TemplateLiteral) {
        // One literal of plain bytes: its text is its value and, quoted, its JSON text (what
        // plain_literal finds, without listing the parts).
        const lex::Token& tok = t.token(t.node(e - 1).main_token);
        std::string_view text(src.data() + tok.start, tok.size());
        if (is_plain_text(text, src)) {
          w_.verbatim(text, true);
          return true;
        }
      }
    }
    return any_expression(t, e);
  }

 private:
  bool any_expression(const syntax::SyntaxTree& t, syntax::NodeId e) {
    if (options_.evaluator) {
      EvalResult r = options_.evaluator(t, e);
      if (r.status == EvalStatus::Value) {
        write_value(w_, r.value);
        return true;
      }
      if (r.status == EvalStatus::Error && options_.strict) {
        append(diags_, std::move(r.diagnostics));
        if (!diag::has_errors(diags_))
          diags_.push_back(
              diag::Diagnostic{diag::Severity::Error, "Expression cannot be evaluated", "", t.range(e), {}});
        return false;
      }
    }
    const syntax::Node& n = t.node(e);
    switch (n.kind) {
      case syntax::NodeKind::Literal: return literal(t, e, false);
      case syntax::NodeKind::Unary: {
        syntax::NodeId operand = only_child(e);
        if (t.node(operand).kind == syntax::NodeKind::Literal) {
          ast::LiteralKind lk = ast::literal_kind(t, operand);
          ast::Operator op = ast::operator_of(t, e);
          if (op == ast::Operator::Negate && lk == ast::LiteralKind::Number) return literal(t, operand, true, e);
          if (op == ast::Operator::Not && (lk == ast::LiteralKind::True || lk == ast::LiteralKind::False)) {
            w_.raw(lk == ast::LiteralKind::True ? "false" : "true");
            return true;
          }
        }
        break;  // an operand of the wrong type: hcl2json fails the file; the source is kept instead
      }
      case syntax::NodeKind::Template: {
        ChildList parts(t, e);
        if (parts.size() == 1 && t.node(parts[0]).kind == syntax::NodeKind::TemplateInterp)
          return expression(t, only_child(parts[0]));  // "${x}" is x itself
        bool ascii = false;
        if (std::optional<std::string_view> s = plain_literal(t, e, parts, &ascii)) {
          // The commonest string: its text is its JSON-syntax form, and mostly its JSON form too.
          if (ascii) w_.plain_string(*s);
          else w_.string(*s);
          return true;
        }
        FrameUse<TemplateFrame> frame(scratch_.templates, scratch_.template_depth);
        TemplateText& text = frame->text;
        text.clear();
        template_parts(text, t, e, parts);
        text.finish();
        w_.string(text.text());
        return true;
      }
      case syntax::NodeKind::Tuple: {
        w_.begin_array();
        for (syntax::NodeId c : ChildList(t, e))
          if (!expression(t, c)) return false;
        w_.end_array();
        return true;
      }
      case syntax::NodeKind::Object: return object(t, e);
      default: break;
    }
    wrapped(t, e);
    return true;
  }

  // A literal as a JSON value; `negate` applies a unary minus. Numbers beyond JSON's reach
  // (infinite, or millions of digits long) keep their source as "${...}", which reads back exact.
  bool literal(const syntax::SyntaxTree& t, syntax::NodeId lit, bool negate, syntax::NodeId whole = syntax::kNoNode) {
    const lex::Token& token = t.token(t.node(lit).main_token);
    // A number token is a number; ast::literal_kind tells the keywords apart by their text.
    switch (token.kind == lex::TokenKind::NumberLit ? ast::LiteralKind::Number : ast::literal_kind(t, lit)) {
      case ast::LiteralKind::True: w_.raw("true"); return true;
      case ast::LiteralKind::False: w_.raw("false"); return true;
      case ast::LiteralKind::Null: w_.raw("null"); return true;
      case ast::LiteralKind::Number: break;
    }
    std::string_view text = token.text(t.text());
    if (!negate && number_prints_as_written(text, t.text())) {  // most numbers: no string is made
      w_.raw(text);
      return true;
    }
    NumberText num = number_literal_text(text, negate);
    if (num.status == NumberStatus::Ok) {
      w_.raw(num.text);
    } else {
      wrapped(t, whole == syntax::kNoNode ? lit : whole);
    }
    return true;
  }

  void wrapped(const syntax::SyntaxTree& t, syntax::NodeId e) { w_.string_wrapped("${", t.node_text(e), "}"); }

  // An object item's children are its key and its value, the last one just before it.
  static syntax::NodeId item_value(syntax::NodeId item) { return item - 1; }
  static syntax::NodeId item_key(const syntax::SyntaxTree& t, syntax::NodeId item) {
    return item_value(item) - t.node(item_value(item)).subtree_size;
  }

  bool object(const syntax::SyntaxTree& t, syntax::NodeId e) {
    ChildList items(t, e);
    if (!names_in_order(t, items)) return sorted_object(t, items);
    // Keys that are names, in Go's order of map keys already (or one key, the usual nested
    // object): written as they come, with nothing to sort or look at twice.
    w_.begin_object();
    for (syntax::NodeId item : items) {
      w_.plain_key(main_text(t, item_key(t, item)));
      if (!expression(t, item_value(item))) return false;
    }
    w_.end_object();
    return true;
  }

  // Whether every key is a name, each after the one before it in byte order.
  static bool names_in_order(const syntax::SyntaxTree& t, const ChildList& items) {
    std::string_view last;
    for (syntax::NodeId item : items) {
      syntax::NodeId key = item_key(t, item);
      if (t.node(key).kind != syntax::NodeKind::Variable) return false;
      std::string_view name = main_text(t, key);
      if (!last.empty() && !name_less(last, name)) return false;  // names are never empty
      last = name;
    }
    return true;
  }

  bool sorted_object(const syntax::SyntaxTree& t, const ChildList& items) {
    FrameUse<ObjectFrame> frame(scratch_.objects, scratch_.object_depth);
    std::vector<ObjectEntry>& entries = frame->entries;
    std::vector<std::string>& owned = frame->owned;
    entries.clear();
    owned.clear();
    for (syntax::NodeId item : items) {
      syntax::NodeId value = item_value(item);
      syntax::NodeId key = item_key(t, item);
      // Filled in place, as BodyMember is.
      ObjectEntry& entry = entries.emplace_back();
      entry.value = value;
      if (const syntax::Node& k = t.node(key); k.kind == syntax::NodeKind::Variable) {  // the usual key
        entry.key = main_text(t, key);
        entry.name = true;
      } else if (std::optional<std::string_view> view = object_key_view(t, key)) {
        entry.key = *view;
      } else {
        entry.owned = static_cast<int32_t>(owned.size());
        owned.push_back(object_key(t, key));
      }
    }
    // The owned keys have stopped moving.
    for (ObjectEntry& entry : entries)
      if (entry.owned >= 0) entry.key = owned[static_cast<size_t>(entry.owned)];
    // Go map semantics: sorted keys, the last of equal keys wins.
    sort_by_name(entries, [](const ObjectEntry& entry) { return entry.key; });
    w_.begin_object();
    for (size_t i = 0; i < entries.size(); ++i) {
      if (i + 1 < entries.size() && entries[i + 1].key == entries[i].key) continue;
      if (entries[i].name) w_.plain_key(entries[i].key);
      else w_.key(entries[i].key);
      if (!expression(t, entries[i].value)) return false;
    }
    w_.end_object();
    return true;
  }

  // A static traversal (hclsyntax.ScopeTraversalExpr): a name followed only by attribute steps,
  // legacy indexes and indexes with literal keys.
  static bool is_traversal(const syntax::SyntaxTree& t, syntax::NodeId e) {
    for (;;) {
      const syntax::Node& n = t.node(e);
      switch (n.kind) {
        case syntax::NodeKind::Variable: return true;
        case syntax::NodeKind::GetAttr:
        case syntax::NodeKind::LegacyIndex: e = t.first_child(e); continue;
        case syntax::NodeKind::Index: {
          ChildList kids(t, e);
          const syntax::Node& key = t.node(kids[1]);
          bool literal_key = key.kind == syntax::NodeKind::Literal;
          if (key.kind == syntax::NodeKind::Template) {
            ChildList parts(t, kids[1]);
            literal_key = parts.size() == 1 && t.node(parts[0]).kind == syntax::NodeKind::TemplateLiteral;
          }
          if (!literal_key) return false;
          e = kids[0];
          continue;
        }
        default: return false;
      }
    }
  }

  // object_key's result when it is a view of the source: a traversal's text, a keyword, a
  // quoted key that needs no escaping or normalising; nothing otherwise.
  static std::optional<std::string_view> object_key_view(const syntax::SyntaxTree& t, syntax::NodeId key) {
    const syntax::Node& n = t.node(key);
    if (n.kind == syntax::NodeKind::Template) return plain_literal(t, key, ChildList(t, key));
    if (is_traversal(t, key)) return t.node_text(key);
    if (n.kind == syntax::NodeKind::Literal && ast::literal_kind(t, key) == ast::LiteralKind::Null)
      return std::string_view("null");
    return std::nullopt;
  }

  // hcl2json's convertKey: a traversal key is its source text, a keyword its name; anything else
  // is converted as a template part.
  std::string object_key(const syntax::SyntaxTree& t, syntax::NodeId key) {
    if (is_traversal(t, key)) return std::string(t.node_text(key));
    // The keywords name keys too (hcl.ExprAsKeyword); only null differs from its string value.
    if (t.node(key).kind == syntax::NodeKind::Literal && ast::literal_kind(t, key) == ast::LiteralKind::Null)
      return "null";
    TemplateText text;
    string_part(text, t, key);
    text.finish();
    return std::string(text.text());
  }

  // hcl2json's convertStringPart: an expression inside a template.
  void string_part(TemplateText& out, const syntax::SyntaxTree& t, syntax::NodeId e) {
    const syntax::Node& n = t.node(e);
    switch (n.kind) {
      case syntax::NodeKind::Literal:
        switch (ast::literal_kind(t, e)) {
          case ast::LiteralKind::True: out.literal("true"); return;
          case ast::LiteralKind::False: out.literal("false"); return;
          case ast::LiteralKind::Null: break;  // hcl2json writes "null", a different string; kept as ${null}
          case ast::LiteralKind::Number: {
            NumberText num = number_literal_text(t.token_text(n.main_token));
            if (num.status == NumberStatus::Ok || num.status == NumberStatus::Infinite) {
              out.literal(num.text);  // cty's number-to-string conversion prints "+Inf" too
              return;
            }
            break;
          }
        }
        break;
      case syntax::NodeKind::Template: {
        ChildList parts(t, e);
        if (parts.size() == 1 && t.node(parts[0]).kind == syntax::NodeKind::TemplateInterp) {
          string_part(out, t, only_child(parts[0]));
          return;
        }
        template_parts(out, t, e, parts);
        return;
      }
      case syntax::NodeKind::Conditional: {
        ChildList kids(t, e);
        TemplateText yes, no;
        string_part(yes, t, kids[1]);
        string_part(no, t, kids[2]);
        conditional(out, t.node_text(kids[0]), yes, no);
        return;
      }
      default: break;
    }
    out.markup("${", t.node_text(e), "}");
  }

  // "%{if COND}TRUE%{else}FALSE%{endif}", the else part only when FALSE is not empty.
  void conditional(TemplateText& out, std::string_view cond, TemplateText& yes, TemplateText& no) {
    out.markup("%{if ", cond, "}");
    yes.finish("%{");
    no.finish("%{");
    out.append(yes);
    if (!no.empty()) {
      out.markup("%{else}");
      out.append(no);
    }
    out.markup("%{endif}");
  }

  // A template that is one literal with nothing to trim, the commonest string: its text, which is
  // template_literals' one value, without building the list; nothing when it has escapes. `ascii`
  // tells whether the text is printable ASCII that JSON copies as it is.
  static std::optional<std::string_view> single_literal(const syntax::SyntaxTree& t, syntax::NodeId tmpl,
                                                        const ChildList& parts, bool* ascii = nullptr) {
    if (parts.size() != 1 || t.node(parts[0]).kind != syntax::NodeKind::TemplateLiteral ||
        (t.node(tmpl).flags & syntax::node_flags::kFlush))
      return std::nullopt;
    const lex::Token& tok = t.token(t.node(parts[0]).main_token);
    std::string_view text = tok.text(t.text());
    bool plain = is_plain_text(text, t.text());  // then there is nothing to decode either
    if (!plain && syntax::literal_needs_decoding(text, tok.kind == lex::TokenKind::QuotedLit)) return std::nullopt;
    if (ascii) *ascii = plain;
    return text;
  }
  // A single literal whose text is its JSON-syntax template as it is (no "$" or "%" to escape,
  // which literal_needs_decoding has ruled out, and already NFC).
  static std::optional<std::string_view> plain_literal(const syntax::SyntaxTree& t, syntax::NodeId tmpl,
                                                       const ChildList& parts, bool* ascii = nullptr) {
    bool plain = false;
    std::optional<std::string_view> s = single_literal(t, tmpl, parts, &plain);
    if (ascii) *ascii = plain;
    if (s && (plain || source::utf8::is_nfc_quick(*s))) return s;
    return std::nullopt;
  }

  // The parts of a template in order, with its if and for directives nested again.
  void template_parts(TemplateText& out, const syntax::SyntaxTree& t, syntax::NodeId tmpl, const ChildList& parts) {
    if (std::optional<std::string_view> s = single_literal(t, tmpl, parts)) {
      out.literal_nfc(*s);
      return;
    }
    FrameUse<TemplateFrame> frame(scratch_.templates, scratch_.template_depth);
    ast::template_literals(t, tmpl, std::span<const syntax::NodeId>(parts.begin(), parts.size()), frame->literals);
    size_t i = 0;
    parts_until(out, t, parts, frame->literals, i);
  }

  // Converts parts from i up to an else, endif or endfor directive (left at i) or the end.
  void parts_until(TemplateText& out, const syntax::SyntaxTree& t, const ChildList& parts,
                   const ast::TemplateLiterals& literals, size_t& i) {
    while (i < parts.size()) {
      syntax::NodeId p = parts[i];
      const syntax::Node& n = t.node(p);
      switch (n.kind) {
        case syntax::NodeKind::TemplateLiteral:
          if (literals.plain[i]) out.plain_literal(literals.values[i]);
          else out.literal_nfc(literals.values[i]);
          ++i;
          break;
        case syntax::NodeKind::TemplateInterp:
          string_part(out, t, only_child(p));
          ++i;
          break;
        // A directive's parts go straight into `out` (a text of their own was a string or two
        // made and copied for each directive): the markup that ends them ("%{else}", "%{endif}",
        // "%{endfor}") escapes their literal text as finishing a text of their own before "%{"
        // did.
        case syntax::NodeKind::TemplateIf: {
          out.markup("%{if ", t.node_text(only_child(p)), "}");  // the condition
          ++i;
          parts_until(out, t, parts, literals, i);
          if (i < parts.size() && t.node(parts[i]).kind == syntax::NodeKind::TemplateElse) {
            ++i;
            out.finish("%{else}");  // escapes the literal text before it, which take_back keeps
            size_t before_else = out.size();
            out.markup("%{else}");
            size_t start = out.size();
            parts_until(out, t, parts, literals, i);
            if (out.size() == start) out.take_back(before_else);  // an empty else part is left out
          }
          if (i < parts.size()) ++i;  // endif
          out.markup("%{endif}");
          break;
        }
        case syntax::NodeKind::TemplateFor: {
          ChildList kids(t, p);  // [key name], value name, collection
          auto name = [&](size_t k) { return t.token_text(t.node(kids[k]).main_token); };
          if (n.flags & syntax::node_flags::kHasKeyVar) out.markup("%{for ", name(0), ", ", name(1), " in ");
          else out.markup("%{for ", name(0), " in ");
          out.markup(t.node_text(kids[kids.size() - 1]), "}");
          ++i;
          parts_until(out, t, parts, literals, i);
          if (i < parts.size()) ++i;  // endfor
          out.markup("%{endfor}");
          break;
        }
        default:  // else, endif, endfor: the caller's
          return;
      }
    }
  }

  static std::string where(const source::SourceFile& file, uint32_t offset) {
    source::Range r = file.range(offset, offset);
    return r.filename.str() + ":" + std::to_string(r.start.line) + "," + std::to_string(r.start.column);
  }
  static std::string where(const syntax::SyntaxTree& t, syntax::NodeId node) {
    return where(t.source(), t.span(node).start);
  }

  std::nullopt_t label_conflict(const TrieNode& existing, const syntax::SyntaxTree& t, syntax::NodeId block) {
    ast::Block b = ast::block(t, block);
    auto count = [](size_t n) {
      return n == 0 ? std::string("no labels") : n == 1 ? std::string("1 label") : std::to_string(n) + " labels";
    };
    size_t shared = std::min<size_t>(b.labels.size(), existing.labels);
    std::string same = shared == 0   ? ""
                       : shared == 1 ? " with the same first label"
                                     : " with the same first " + std::to_string(shared) + " labels";
    diag::Span subject = b.label_spans.empty() ? b.type_span : diag::span_between(b.type_span, b.label_spans.back());
    diag::Diagnostic d;
    d.summary = "Inconsistent block labels";
    d.detail = "This " + util::go_quote(b.type) + " block has " + count(b.labels.size()) + ", but the one at " +
               where(*existing.file, existing.offset) + " has " + count(existing.labels) + same +
               ". JSON output nests one object level per label and lists the block bodies innermost, so it "
               "cannot hold both.";
    d.subject = t.source().range(subject.start, subject.end);
    diags_.push_back(std::move(d));
    return std::nullopt;
  }

  void attribute_conflict(const syntax::SyntaxTree& first_tree, syntax::NodeId first, const syntax::SyntaxTree& t,
                          syntax::NodeId attr) {
    ast::Attribute a = ast::attribute(t, attr);
    diag::Diagnostic d;
    d.summary = "Conflicting attribute";
    d.detail = "The argument " + util::go_quote(a.name) + " was already set at " + where(first_tree, first) +
               ". Merged files may set each argument only once.";
    d.subject = t.source().range(a.name_span.start, a.name_span.end);
    diags_.push_back(std::move(d));
  }

  Writer& w_;
  const Options& options_;
  diag::Diagnostics& diags_;
  Scratch& scratch_;
};

}  // namespace

void write_value(Writer& w, const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: w.raw("null"); return;
    case Value::Kind::Bool: w.raw(v.boolean ? "true" : "false"); return;
    case Value::Kind::Number: w.raw(v.text); return;
    case Value::Kind::String: w.string(v.text); return;
    case Value::Kind::Array:
      w.begin_array();
      for (const auto& item : v.items) write_value(w, item);
      w.end_array();
      return;
    case Value::Kind::Object: {
      std::vector<const Member*> order;
      for (const auto& m : v.members) order.push_back(&m);
      std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->first < b->first; });
      w.begin_object();
      for (size_t i = 0; i < order.size(); ++i) {
        if (i + 1 < order.size() && order[i + 1]->first == order[i]->first) continue;
        w.key(order[i]->first);
        write_value(w, order[i]->second);
      }
      w.end_object();
      return;
    }
  }
}

size_t output_size_hint(size_t input_size, bool pretty) {
  // On the corpus pretty output is about 2.2 times the input and compact 0.8; deep nesting makes
  // more. Capacity that is never written costs no memory, while outgrowing it copies everything.
  return pretty ? input_size * 3 : input_size * 5 / 4;
}

bool write_body(Writer& w, std::span<const BodyRef> bodies, const Options& options, diag::Diagnostics& diagnostics) {
  Scratch scratch;
  Converter c(w, options, diagnostics, scratch);
  return c.body(bodies);
}

// A root tuple whose elements FileDocument::add_elements has written (after its "["). At namespace
// scope: as a class nested in State, clang (14) judged it not default-constructible where
// State's std::optional of it is declared, and then refused its emplace().
namespace {
struct PendingElements {
  std::string_view name;     // the attribute's
  uint32_t open = 0;         // the offset of the "["
  size_t start = 0;          // where its JSON starts in text
  diag::Diagnostics failed;  // the first element that failed
};

}  // namespace

struct FileDocument::State {
  // Outgrowing the capacity would copy the text and briefly hold it twice; capacity never
  // written costs address space, not memory. (Reserved before the writer takes the text.)
  State(size_t capacity, bool pretty) : pretty(pretty) {
    text.reserve(capacity);
    util::prefer_huge_pages(text.data(), text.capacity());  // filled from end to end
    if (pretty) writer.emplace(text, Writer::Marked{});
    else writer.emplace(text, false);
  }

  std::shared_ptr<const source::SourceFile> source;             // which the names below point into
  Options options;                                              // compact, with the evaluator
  bool pretty;                                                  // what write() writes
  std::string text;                                             // the items' JSON, back to back
  std::optional<Writer> writer;                                 // into text
  BigVector<std::pair<size_t, size_t>> fragments;               // each item's JSON: where it starts and ends
  BigVector<std::pair<std::string_view, uint32_t>> attributes;  // name, fragment
  BlockTrie blocks;                                             // the trie's items are fragments
  std::vector<std::string_view> label_views;                    // prefetch_block's, for add_block
  diag::Diagnostics conflict;                                   // the first conflict of labels among the file's blocks
  std::vector<std::pair<uint32_t, diag::Diagnostics>> failed;   // fragments whose conversion failed
  // The tuple whose elements add_elements has written (after its "[") for the next item.
  std::optional<PendingElements> elements;
  std::vector<syntax::NodeId> items;  // add's and add_elements' scratch
  Scratch scratch;                    // reused by every item's conversion

  void use_source(const syntax::SyntaxTree& t) {
    source = t.source_ptr();
    writer->read_within(source->text());
  }
  // An item of the file (the root of a subtree of t), converted into a fragment.
  void add(const syntax::SyntaxTree& t, syntax::NodeId item);

  // Writes the value of an expression of the file, given by its text, when the evaluator finds
  // one: for a root tuple, written element by element, that turned out to be an operand, whose
  // elements' nodes are gone. Parsed again on its own, it evaluates as it would in place (only
  // its positions differ, which only a diagnostic would show, and without Options::strict none
  // is kept). False when there is no evaluator or no value.
  bool evaluate_text(std::string_view text) {
    if (!options.evaluator) return false;
    auto file = std::make_shared<source::SourceFile>(source->name(), source, text);
    syntax::ParseResult parsed = syntax::parse_expression(file);
    if (!parsed.tree || diag::has_errors(parsed.diagnostics) || parsed.trailing_text) return false;
    EvalResult r = options.evaluator(*parsed.tree, parsed.tree->root());
    if (r.status != EvalStatus::Value) return false;
    write_value(*writer, r.value);
    return true;
  }

  std::string_view fragment(uint32_t f) const {
    return std::string_view(text).substr(fragments[f].first, fragments[f].second - fragments[f].first);
  }

  // Writes the document's structure in Converter::body's order, calling leaf(fragment) for each
  // item's JSON in its place; stops when that fails.
  template <class Leaf>
  bool walk(Writer& w, Leaf&& leaf) const {
    struct Member {
      NameKey key;
      std::string_view name;
      uint32_t index;  // a fragment (attributes) or a trie node (block types)
      bool attribute;
    };
    BigVector<Member> sorted;
    const NameIndex& types = blocks.types;
    sorted.reserve(types.entries.size() + attributes.size());
    for (auto& [type, node] : types.entries) sorted.push_back(Member{NameKey(type), type, node, false});
    for (auto& [name, f] : attributes) sorted.push_back(Member{NameKey(name), name, f, true});
    // Sorted with their keys, in one array (sort_by_name's sorted keys, then the members moved
    // into their order a cycle at a time, jump all over a root body of 90,000 attributes). Names
    // are unique among the block types and among the attributes; an attribute goes after the
    // block type it replaces.
    std::sort(sorted.begin(), sorted.end(), [](const Member& a, const Member& b) {
      int c = keyed_compare(a.key, a.name, b.key, b.name);
      return c != 0 ? c < 0 : a.attribute < b.attribute;
    });
    w.begin_object();
    for (size_t i = 0; i < sorted.size(); ++i) {
      if (i + 1 < sorted.size() && sorted[i + 1].name == sorted[i].name) continue;
      w.plain_key(sorted[i].name);  // an identifier
      if (sorted[i].attribute ? !leaf(sorted[i].index) : !write_trie(w, blocks, sorted[i].index, leaf)) return false;
    }
    w.end_object();
    return true;
  }
};

FileDocument::FileDocument(size_t input_size, const Options& options)
    : state_(std::make_unique<State>(output_size_hint(input_size, false), options.pretty)) {
  state_->options = options;
  state_->options.pretty = false;  // the items' text is compact (marked), laid out by write()
}
FileDocument::~FileDocument() = default;

void FileDocument::State::add(const syntax::SyntaxTree& t, syntax::NodeId item) {
  State& st = *this;
  const syntax::Node& n = t.node(item);
  auto fragment = static_cast<uint32_t>(st.fragments.size());
  diag::Diagnostics diags;
  Converter c(*st.writer, st.options, diags, st.scratch);
  size_t start = st.writer->size();
  bool ok = true;
  if (n.kind == syntax::NodeKind::Attribute && st.elements) {
    // The value starts with a tuple whose elements are written already: it is that tuple, whose
    // node has no elements left, or the tuple is an operand and the value is its source text.
    PendingElements& el = *st.elements;
    st.attributes.emplace_back(el.name, fragment);
    start = el.start;
    syntax::NodeId value = only_child(item);
    if (t.node(value).kind != syntax::NodeKind::Tuple) {
      st.writer->rewind(start);
      size_t end = t.token(t.node(value).last_token).end;
      std::string_view text = t.text().substr(el.open, end - el.open);
      if (!st.evaluate_text(text)) st.writer->string_wrapped("${", text, "}");
    } else {
      ok = el.failed.empty();
      if (!ok) diags = std::move(el.failed);
      for (syntax::NodeId c_id : ChildList(t, value)) ok = c.expression(t, c_id) && ok;
      st.writer->end_array();
    }
    st.elements.reset();
  } else if (n.kind == syntax::NodeKind::Attribute) {
    st.attributes.emplace_back(t.token_text(n.main_token), fragment);
    ok = c.expression(t, only_child(item));
  } else if (n.kind == syntax::NodeKind::Block) {
    // The block is placed in the trie after its body (its last child, just before it) is
    // converted, which hides the wait for the prefetched look-up; a conflict takes the text back.
    Converter::prefetch_block(st.blocks, t, item, st.label_views);
    BodyRef body{&t, item - 1};
    ok = c.body(std::span<const BodyRef>(&body, 1));
    diag::Diagnostics conflict;
    if (!Converter(*st.writer, st.options, conflict, st.scratch)
             .add_block(st.blocks, t, item, fragment, st.label_views)) {
      st.writer->rewind(start);
      st.conflict = std::move(conflict);
      return;
    }
  } else {
    return;
  }
  // A failed conversion may stop inside the item's containers: its text is taken back, so that
  // the writer is at the top level again for the next item (it wrote a stray separator there).
  // The text is never needed: check() reports the failure where the document holds the item, and
  // nothing where it does not (a block that an attribute of its name replaces).
  if (!ok) st.writer->rewind(start);
  st.fragments.emplace_back(start, st.writer->size());
  if (!ok) st.failed.emplace_back(fragment, std::move(diags));
}

void FileDocument::add(const syntax::SyntaxTree& t) {
  State& st = *state_;
  if (!st.source) st.use_source(t);
  // One item, or several one after the other (syntax::ParseOptions::root_item_batch).
  std::vector<syntax::NodeId>& items = st.items;
  ast::subtree_roots(t, items);
  for (syntax::NodeId item : items) {
    if (!st.conflict.empty()) return;  // the document has no JSON form anyway
    st.add(t, item);
  }
}

void FileDocument::add_elements(const syntax::SyntaxTree& t, std::string_view name, uint32_t open) {
  State& st = *state_;
  assert(!(st.options.evaluator && st.options.strict) && "a strict evaluation must see the tuple whole");
  if (!st.conflict.empty()) return;
  if (!st.source) st.use_source(t);
  if (!st.elements) {
    st.elements.emplace();
    st.elements->name = name;
    st.elements->open = open;
    st.elements->start = st.writer->size();
    st.writer->begin_array();
  }
  std::vector<syntax::NodeId>& roots = st.items;
  ast::subtree_roots(t, roots);
  diag::Diagnostics diags;
  Converter c(*st.writer, st.options, diags, st.scratch);
  for (syntax::NodeId root : roots) {
    if (!c.expression(t, root) && st.elements->failed.empty()) st.elements->failed = std::move(diags);
  }
}

bool FileDocument::check(diag::Diagnostics& diagnostics) const {
  const State& st = *state_;
  if (!st.conflict.empty()) {
    diag::append(diagnostics, diag::Diagnostics(st.conflict));
    return false;
  }
  if (st.failed.empty()) return true;
  // The failure write_body would meet first: the first in the document's order.
  std::string scratch;
  Writer w(scratch, false);
  return st.walk(w, [&](uint32_t f) {
    auto it = std::find_if(st.failed.begin(), st.failed.end(), [&](const auto& x) { return x.first == f; });
    if (it == st.failed.end()) return true;
    diag::append(diagnostics, diag::Diagnostics(it->second));
    return false;
  });
}

void FileDocument::write(const std::function<void(std::string_view)>& sink, size_t base_level) const {
  state_->writer->buffer();  // the fragments' text, up to date
  const State& st = *state_;
  std::string buffer;
  Writer w(buffer, st.pretty, 4, base_level);
  if (st.source) w.read_within(st.source->text());  // the names and labels are views of it
  w.stream_to(sink);
  st.walk(w, [&](uint32_t f) {
    if (st.pretty) w.indented(st.fragment(f));
    else w.raw(st.fragment(f));
    return true;
  });
  sink(w.buffer());
}

ConvertResult convert_file(const syntax::SyntaxTree& tree, const Options& options) {
  ConvertResult r;
  r.text.reserve(output_size_hint(tree.source().size(), options.pretty));
  {
    Writer w(r.text, options.pretty);
    BodyRef ref{&tree, tree.root()};
    r.ok = write_body(w, std::span<const BodyRef>(&ref, 1), options, r.diagnostics);
  }
  if (!r.ok) r.text.clear();
  return r;
}

}  // namespace hcl::json
