// SPDX-License-Identifier: Apache-2.0
// FileDocument: a file converted one root item at a time, as it is parsed (hcl2json.h).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "json/converter.h"
#include "json/hcl2json.h"

namespace hcl::json {

using namespace detail;

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

  std::shared_ptr<const source::SourceFile> source;                   // which the names below point into
  Options options;                                                    // compact, with the evaluator
  bool pretty;                                                        // what write() writes
  std::string text;                                                   // the items' JSON, back to back
  std::optional<Writer> writer;                                       // into text
  util::BigVector<std::pair<size_t, size_t>> fragments;               // each item's JSON: where it starts and ends
  util::BigVector<std::pair<std::string_view, uint32_t>> attributes;  // name, fragment
  body::BlockShape blocks;                                            // the trie's items are fragments
  std::vector<std::string_view> label_views;                          // prefetch_block's, for add_block
  diag::Diagnostics conflict;                                  // the first conflict of labels among the file's blocks
  std::vector<std::pair<uint32_t, diag::Diagnostics>> failed;  // fragments whose conversion failed
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
    util::BigVector<Member> sorted;
    const body::NameIndex& types = blocks.types;
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
    syntax::NodeId value = ast::attribute_expr(item);
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
    ok = c.expression(t, ast::attribute_expr(item));
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

}  // namespace hcl::json
