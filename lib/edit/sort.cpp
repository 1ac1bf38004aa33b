// SPDX-License-Identifier: Apache-2.0
#include "edit/sort.h"

#include <algorithm>
#include <numeric>

#include "edit/edit.h"

namespace hcl::edit {

namespace {

// An item's bytes: from the start of the line of its first lead comment to the end of its last
// line (its line comment and newline included).
struct Unit {
  uint32_t begin = 0, end = 0;
  Item item;
};

// Where an attribute goes inside a block (Terraform's style guide): meta-arguments first, other
// attributes, nested blocks, then lifecycle and depends_on.
enum Rank : uint8_t { kCount, kForEach, kProvider, kSource, kVersion, kArgument, kBlock, kLifecycle, kDependsOn };

Rank rank_in_block(bool is_block, std::string_view name) {
  if (is_block) return name == "lifecycle" ? kLifecycle : kBlock;
  if (name == "count") return kCount;
  if (name == "for_each") return kForEach;
  if (name == "provider") return kProvider;
  if (name == "source") return kSource;
  if (name == "version") return kVersion;
  if (name == "depends_on") return kDependsOn;
  return kArgument;
}

class Sorter {
 public:
  Sorter(const Document& doc, SortMode mode) : doc_(doc), text_(doc.tree().text()), mode_(mode) {
    size_t nl = text_.find('\n');
    newline_ = nl != std::string_view::npos && nl > 0 && text_[nl - 1] == '\r' ? "\r\n" : "\n";
  }

  // Appends the text between a body's braces (or the whole file), its items reordered. `type` is
  // the block type the body belongs to; empty for the file. Everything is appended to one string,
  // so that deep nesting costs no more than the text (each level copying its part would not).
  void body(const BodyRef& ref, std::string_view type, std::string& out) const {
    const syntax::SyntaxTree& tree = doc_.tree();
    uint32_t from = ref.begin == 0 ? 0 : tree.token(ref.begin - 1).end;
    uint32_t to = ref.end < tree.tokens().size() ? tree.token(ref.end).start : static_cast<uint32_t>(text_.size());
    std::vector<Unit> units;
    bool movable = true;
    for (const Item& it : doc_.items(ref)) {
      Unit u{line_start(tree.token(it.first).start), tree.token(it.last - 1).end, it};
      // An item that shares a line with what comes before it, or with the next item (a one-line
      // block), has no lines of its own to move: the body keeps its order.
      if (u.begin > bom_ && text_[u.begin - 1] != '\n') movable = false;
      units.push_back(u);
    }
    if (units.empty()) {
      out += text_.substr(from, to - from);
      return;
    }
    for (size_t i = 0; i + 1 < units.size(); ++i)
      if (!ends_line(units[i])) movable = false;
    std::vector<size_t> order(units.size());
    std::iota(order.begin(), order.end(), 0);
    if (movable && units.size() > 1) order = ref.top_level ? top_level_order(units) : block_order(units, type);
    render(units, order, from, to, out);
  }

 private:
  uint32_t line_start(uint32_t pos) const {
    while (pos > 0 && (text_[pos - 1] == ' ' || text_[pos - 1] == '\t')) --pos;
    return pos;
  }
  bool ends_line(const Unit& u) const { return u.end > u.begin && text_[u.end - 1] == '\n'; }

  std::vector<size_t> block_order(const std::vector<Unit>& units, std::string_view type) const {
    // locals and required_providers hold names only, whatever they are called.
    bool names_only = type == "locals" || type == "required_providers";
    std::vector<Rank> rank(units.size());
    std::vector<std::string_view> key(units.size());
    for (size_t i = 0; i < units.size(); ++i) {
      std::string_view name = doc_.name(units[i].item);
      bool is_block = units[i].item.is_block;
      rank[i] = names_only ? (is_block ? kBlock : kArgument) : rank_in_block(is_block, name);
      if (!is_block) key[i] = name;
    }
    std::vector<size_t> order(units.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return std::tie(rank[a], key[a]) < std::tie(rank[b], key[b]); });
    return order;
  }

  // The file's blocks of one kind (variables, outputs; with SortMode::All every block) are sorted
  // into the places blocks of that kind held, so attributes and other blocks keep theirs.
  std::vector<size_t> top_level_order(const std::vector<Unit>& units) const {
    std::vector<size_t> order(units.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<std::vector<std::string>> key(units.size());
    auto sort_slots = [&](auto&& member) {
      std::vector<size_t> slots;
      for (size_t i = 0; i < units.size(); ++i)
        if (member(units[i].item)) slots.push_back(i);
      std::vector<size_t> sorted = slots;
      std::stable_sort(sorted.begin(), sorted.end(), [&](size_t a, size_t b) { return key[a] < key[b]; });
      for (size_t k = 0; k < slots.size(); ++k) order[slots[k]] = sorted[k];
    };
    for (size_t i = 0; i < units.size(); ++i) {
      if (!units[i].item.is_block) continue;
      key[i] = doc_.labels(units[i].item);
      if (mode_ == SortMode::All) key[i].insert(key[i].begin(), std::string(doc_.name(units[i].item)));
    }
    if (mode_ == SortMode::All) {
      sort_slots([](const Item& it) { return it.is_block; });
    } else {
      for (std::string_view kind : {"variable", "output"})
        sort_slots([&](const Item& it) { return it.is_block && doc_.name(it) == kind; });
    }
    return order;
  }

  // Appends an item's text, the body of a block sorted in turn.
  void unit_text(const Unit& u, std::string& out) const {
    if (!u.item.is_block) {
      out += text_.substr(u.begin, u.end - u.begin);
      return;
    }
    const syntax::SyntaxTree& tree = doc_.tree();
    BodyRef inner = doc_.body_of(u.item);
    uint32_t open_end = tree.token(inner.begin - 1).end, close = tree.token(inner.end).start;
    out += text_.substr(u.begin, open_end - u.begin);
    body(inner, doc_.name(u.item), out);
    out += text_.substr(close, u.end - close);
  }

  // What comes between two items (blank lines, detached comments) travels with the item after
  // it. The first item in the new order sits right below the body's opening text; the item that
  // was first takes the blank lines the new first one had.
  void render(const std::vector<Unit>& units, const std::vector<size_t>& order, uint32_t from, uint32_t to,
              std::string& out) const {
    auto gap = [&](size_t i) { return text_.substr(units[i - 1].end, units[i].begin - units[i - 1].end); };
    out += text_.substr(from, units[0].begin - from);
    size_t first = order[0];
    std::string_view first_gap = first == 0 ? std::string_view() : gap(first);
    size_t blank = blank_lines(first_gap);
    for (size_t k = 0; k < order.size(); ++k) {
      size_t i = order[k];
      if (k == 0) out += first_gap.substr(blank);
      else out += i == 0 ? first_gap.substr(0, blank) : gap(i);
      unit_text(units[i], out);
      if (k + 1 < order.size() && !ends_line(units[i])) out += newline_;
    }
    const Unit& last = units.back();
    out += text_.substr(last.end, to - last.end);
  }

  // The length of the lines of blank space `s` starts with.
  static size_t blank_lines(std::string_view s) {
    size_t n = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      char c = s[i];
      if (c == '\n') n = i + 1;
      else if (c != ' ' && c != '\t' && c != '\r') break;
    }
    return n;
  }

  const Document& doc_;
  std::string_view text_;
  SortMode mode_;
  std::string_view newline_;
  uint32_t bom_ = doc_.tree().source().bom_length();  // a byte-order mark opens the first line
};

}  // namespace

std::optional<std::string> sort_items(std::shared_ptr<const source::SourceFile> source, SortMode mode,
                                      diag::Diagnostics& diags) {
  // A comment after a block's opening brace stays with the brace, not with the first item.
  std::unique_ptr<Document> doc = Document::open(std::move(source), diags, true);
  if (!doc) return std::nullopt;
  std::string out;
  out.reserve(doc->tree().text().size() + 64);
  Sorter(*doc, mode).body(doc->root(), "", out);
  return out;
}

bool sort_and_format(const std::shared_ptr<const source::SourceFile>& source, SortMode mode,
                     format::FormatOptions options, format::FormatResult& result) {
  diag::Diagnostics ignored;
  std::optional<std::string> sorted = sort_items(source, mode, ignored);
  if (!sorted || *sorted == source->text()) return false;
  // The changed text is needed to tell whether formatting undid the change.
  bool need_output = options.need_output;
  options.need_output = true;
  auto reordered = std::make_shared<source::SourceFile>(source->name(), std::move(*sorted));
  result = format::format_config(reordered, options);
  if (!result.ok) {
    // Whole lines of a file that parses, reordered, parse; should they ever not, the file is left
    // alone rather than written broken.
    diag::Diagnostic d;
    d.severity = diag::Severity::Error;
    d.summary = "Cannot sort this file";
    d.detail = "Its items reordered would not parse; the file is left as it is.";
    result.diagnostics = {std::move(d)};
    return true;
  }
  if (!result.changed) result.output = std::string(reordered->text());
  result.changed = result.output != source->text();
  if (!need_output || !result.changed) result.output.clear();
  return true;
}

}  // namespace hcl::edit
