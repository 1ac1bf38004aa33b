// SPDX-License-Identifier: Apache-2.0
#include "edit/value_path.h"

#include <algorithm>
#include <span>

#include "ast/ast.h"
#include "ast/nodes.h"
#include "diag/error.h"
#include "util/text.h"

namespace hcl::edit {

namespace {

using lex::TokenKind;
using syntax::NodeId;
using syntax::NodeKind;

// An item inside a value: an object's key/value pair or a tuple's element.
struct Target {
  Item attribute;
  NodeId container = syntax::kNoNode;  // the Object or Tuple
  NodeId item = syntax::kNoNode;       // the ObjectItem, or the element
  NodeId value = syntax::kNoNode;      // the value expression
};

// The name an object key stands for, when it is a literal one: a bare name, a string without
// interpolation, a number or keyword. A key in parentheses is an expression: it has none.
std::optional<std::string> key_name(const syntax::SyntaxTree& tree, NodeId key) {
  const syntax::Node& n = tree.node(key);
  if (n.kind == NodeKind::Variable || n.kind == NodeKind::Literal) return std::string(tree.token_text(n.main_token));
  if (n.kind == NodeKind::Template && !(n.flags & syntax::node_flags::kHeredoc))
    return ast::template_as_string(tree, key);
  return std::nullopt;
}

// The items of an Object or Tuple that `step` names.
std::vector<Target> step_into(const syntax::SyntaxTree& tree, const Target& from, const Step& step) {
  std::vector<Target> out;
  const syntax::Node& n = tree.node(from.value);
  if (step.index && n.kind == NodeKind::Tuple) {
    std::vector<NodeId> elements = tree.children(from.value);
    if (*step.index < elements.size()) {
      NodeId e = elements[*step.index];
      out.push_back({from.attribute, from.value, e, e});
    }
  } else if (!step.index && n.kind == NodeKind::Object) {
    for (NodeId item : tree.children(from.value)) {
      if (tree.node(item).kind != NodeKind::ObjectItem) continue;
      if (key_name(tree, ast::item_key(tree, item)) == step.name)
        out.push_back({from.attribute, from.value, item, ast::item_value(item)});
    }
  }
  return out;
}

std::vector<Target> walk(const syntax::SyntaxTree& tree, Target at, std::span<const Step> steps) {
  std::vector<Target> here{at};
  for (const Step& s : steps) {
    std::vector<Target> next;
    for (const Target& t : here)
      for (Target& found : step_into(tree, t, s)) next.push_back(found);
    here = std::move(next);
  }
  return here;
}

using diag::error;

// Edits of one item inside a value, in both layouts.
class ValueEditor {
 public:
  explicit ValueEditor(Document& doc) : doc_(doc), tree_(doc.tree()), text_(tree_.text()) {}

  void set(const Target& t, const std::string& value) {
    const syntax::Node& v = tree_.node(t.value);
    doc_.splice(v.first_token, v.last_token + 1, std::string(gap(v.first_token), ' ') + value,
                {tok(v.first_token).start, tok(v.last_token).end}, value);
  }

  // Removes an item with what belongs to it: its comma, and when it has lines of its own, those
  // lines (with the comment lines right above and the comment ending its line). Inline, the
  // comma that separated it goes instead.
  void remove(const Target& t) {
    const syntax::Node& n = tree_.node(t.item);
    uint32_t first = n.first_token, last = n.last_token;
    // Its comma may sit on a line of its own (after a heredoc).
    std::optional<uint32_t> comma;
    uint32_t next = last + 1;
    while (kind(next) == TokenKind::Newline) ++next;
    if (kind(next) == TokenKind::Comma) comma = next;
    uint32_t end = comma ? *comma + 1 : last + 1;
    uint32_t after = end;
    while (kind(after) == TokenKind::Comment && !ends_line(after)) ++after;
    bool own_end = kind(after) == TokenKind::Newline || (kind(after) == TokenKind::Comment && ends_line(after));
    // A comment before it on its line (/* note */ "c") goes with it when nothing else is there.
    uint32_t lead = first;
    while (lead > 0 && kind(lead - 1) == TokenKind::Comment && !ends_line(lead - 1)) --lead;
    if (starts_line(lead)) first = lead;
    if (own_end && starts_line(first)) {
      while (first > 0 && kind(first - 1) == TokenKind::Comment && ends_line(first - 1) && starts_line(first - 1))
        --first;
      uint32_t line = tok(first).start;
      while (line > 0 && (text_[line - 1] == ' ' || text_[line - 1] == '\t')) --line;
      doc_.splice(first, after + 1, "", {line, tok(after).end}, "");
      return;
    }
    TokenKind following = kind(end);
    bool item_follows = comma && following != TokenKind::Newline && following != TokenKind::Comment &&
                        following != TokenKind::CBrace && following != TokenKind::CBrack;
    if (item_follows) {
      doc_.splice(first, end, "", {tok(first).start, tok(end).start}, "");
    } else if (first > 0 && kind(first - 1) == TokenKind::Comma) {
      // The last item: the comma before it goes, or its own when it has one.
      if (comma) doc_.splice(first, end, "", {tok(first - 1).end, tok(*comma).end}, "");
      else doc_.splice(first - 1, end, "", {tok(first - 1).start, tok(last).end}, "");
    } else {
      doc_.splice(first, end, "", {tok(first).start, tok(end - 1).end}, "");
    }
  }

  // Adds `entry` (key = value, or an element) at the end of an Object or Tuple.
  void append(NodeId container, const std::string& entry) {
    const syntax::Node& c = tree_.node(container);
    uint32_t close = c.last_token;
    std::vector<NodeId> items = tree_.children(container);
    std::string nl(doc_.newline());
    if (starts_line(close) && kind(c.first_token + 1) == TokenKind::Newline) {
      // Multi-line: a line of its own before the closing bracket, indented like the last item.
      std::string indent =
          items.empty() ? doc_.indent_of(close) + "  " : doc_.indent_of(tree_.node(items.back()).first_token);
      std::string tail;
      if (c.kind == NodeKind::Tuple && !items.empty()) {
        uint32_t last = tree_.node(items.back()).last_token;
        if (kind(last + 1) == TokenKind::Comma) tail = ",";
        else doc_.splice(last + 1, last + 1, ",", {tok(last).end, tok(last).end}, ",");
      }
      uint32_t line = tok(close).start;
      while (line > 0 && (text_[line - 1] == ' ' || text_[line - 1] == '\t')) --line;
      doc_.splice(close, close, entry + tail + "\n", {line, line}, indent + entry + tail + nl);
      return;
    }
    if (items.empty()) {
      uint32_t open_end = tok(c.first_token).end;
      // hclwrite's spacing: { a = 1 }, [1].
      std::string pad = c.kind == NodeKind::Object ? " " : "";
      doc_.splice(close, close, pad + entry + pad, {open_end, tok(close).start}, pad + entry + pad);
      return;
    }
    uint32_t last = tree_.node(items.back()).last_token;
    bool has_comma = kind(last + 1) == TokenKind::Comma;
    uint32_t at = has_comma ? last + 1 : last;
    std::string add = (has_comma ? " " : ", ") + entry;
    doc_.splice(at + 1, at + 1, add, {tok(at).end, tok(at).end}, add);
  }

 private:
  const lex::Token& tok(uint32_t i) const { return tree_.token(i); }
  TokenKind kind(uint32_t i) const { return i < tree_.tokens().size() ? tok(i).kind : TokenKind::Eof; }
  uint32_t gap(uint32_t i) const { return i > 0 ? tok(i).start - tok(i - 1).end : 0; }
  bool ends_line(uint32_t i) const {
    return kind(i) == TokenKind::Newline || (kind(i) == TokenKind::Comment && text_[tok(i).end - 1] == '\n');
  }
  bool starts_line(uint32_t i) const {
    uint32_t p = tok(i).start;
    while (p > 0 && (text_[p - 1] == ' ' || text_[p - 1] == '\t')) --p;
    return p == 0 || text_[p - 1] == '\n';
  }

  Document& doc_;
  const syntax::SyntaxTree& tree_;
  std::string_view text_;
};

std::string positions(const syntax::SyntaxTree& tree, const std::vector<Target>& found) {
  std::string out;
  for (const Target& t : found) {
    source::Range r = tree.range(t.item);
    out += (out.empty() ? "" : ", ") + r.filename.str() + ":" + std::to_string(r.start.line) + ":" +
           std::to_string(r.start.column);
  }
  return out;
}

// The key as it is written when appended: a name as it is, anything else quoted.
std::string key_text(const std::string& name) { return is_identifier(name) ? name : quote_label(name); }

}  // namespace

std::optional<std::vector<Step>> parse_value_address(std::string_view text) {
  std::vector<Step> steps;
  std::string name;
  bool pending = true;  // a name is being read (possibly empty)
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    // After "]" comes "." or "[" ("a[0]b" is no address).
    if (!pending && c != '.' && c != '[') return std::nullopt;
    if (c == '\\' && i + 1 < text.size()) {
      name += text[++i];
      pending = true;
    } else if (c == '.') {
      if (pending) steps.push_back({std::move(name), std::nullopt});
      name.clear();
      pending = true;
    } else if (c == '[') {
      if (pending && !(name.empty() && !steps.empty() && steps.back().index)) steps.push_back({std::move(name), {}});
      name.clear();
      size_t close = text.find(']', i);
      if (close == std::string_view::npos || close == i + 1 || close - i > 19) return std::nullopt;
      uint64_t n = 0;
      for (size_t k = i + 1; k < close; ++k) {
        if (text[k] < '0' || text[k] > '9') return std::nullopt;
        n = n * 10 + static_cast<uint64_t>(text[k] - '0');
      }
      steps.push_back({"", n});
      i = close;
      pending = false;
    } else {
      name += c;
      pending = true;
    }
  }
  if (pending) steps.push_back({std::move(name), std::nullopt});
  return steps;
}

std::optional<ValueOutcome> run_in_value(Document& doc, const Request& req, const std::string& value) {
  bool append = req.op == Operation::AttributeAppend;
  if (req.op != Operation::AttributeGet && req.op != Operation::AttributeSet && req.op != Operation::AttributeRm &&
      !append)
    return std::nullopt;
  // What names an attribute (or, to append to, a block) as hcledit reads it stays that.
  auto plain = parse_address(req.address);
  auto steps = parse_value_address(req.address);
  if (!plain || !steps || steps->size() < 2) return std::nullopt;
  bool indexes = std::any_of(steps->begin(), steps->end(), [](const Step& s) { return s.index.has_value(); });
  if (!append && !doc.find_attributes(*plain).empty()) return std::nullopt;
  if (append && !indexes &&
      (plain->size() == 1 ||
       !doc.find_nested_blocks(std::span<const std::string>(*plain).first(plain->size() - 1)).empty()))
    return std::nullopt;

  // Every way of reading the address as an attribute and steps into its value.
  const syntax::SyntaxTree& tree = doc.tree();
  size_t into = append ? steps->size() - 1 : steps->size();
  bool attribute_found = false;
  std::vector<Target> found;
  std::vector<std::string> names;
  for (size_t k = 1; k < steps->size(); ++k) {
    if ((*steps)[k - 1].index) break;
    names.push_back((*steps)[k - 1].name);
    if (k > into) break;
    for (const Item& attr : doc.find_attributes(names)) {
      attribute_found = true;
      Target at{attr, syntax::kNoNode, attr.node, tree.first_child(attr.node)};
      for (Target& t : walk(tree, at, std::span<const Step>(*steps).subspan(k, into - k))) found.push_back(t);
    }
  }
  if (!attribute_found) return std::nullopt;
  ValueOutcome out;
  out.matches = found.size();
  if (found.size() > 1) {
    out.failure =
        error("Ambiguous address", "\"" + req.address + "\" names " + std::to_string(found.size()) + " values (" +
                                       positions(tree, found) + "); an edit needs an address that names one.");
    return out;
  }
  if (found.empty()) return out;
  const Target& t = found.front();
  ValueEditor editor(doc);
  switch (req.op) {
    case Operation::AttributeGet: out.output = std::string(tree.node_text(t.value)) + "\n"; break;
    case Operation::AttributeSet: editor.set(t, value); break;
    case Operation::AttributeRm: editor.remove(t); break;
    default: {
      const Step& last = steps->back();
      NodeKind kind = tree.node(t.value).kind;
      if (kind == NodeKind::Object && !last.index) {
        if (!step_into(tree, t, last).empty()) {
          out.failure = error("Attribute already exists", "The key " + req.address + " already exists.");
          break;
        }
        editor.append(t.value, key_text(last.name) + " = " + value);
      } else if (kind == NodeKind::Tuple && last.index && *last.index == tree.child_count(t.value)) {
        editor.append(t.value, value);
      } else {
        out.failure = error("Cannot append here",
                            "attribute append inside a value adds a key to an object (ADDRESS.KEY) or an element at "
                            "the end of a tuple (ADDRESS[N], N its length).");
      }
    }
  }
  return out;
}

std::string attribute_list(const Document& doc, bool values) {
  std::string out;
  const syntax::SyntaxTree& tree = doc.tree();
  auto escaped = [](std::string_view name, bool brackets) {
    std::string s;
    for (char c : name) {
      if (c == '.' || c == '\\' || (brackets && c == '[')) s += '\\';
      s += c;
    }
    return s;
  };
  auto inside = [&](auto& self, NodeId value, const std::string& at) -> void {
    const syntax::Node& n = tree.node(value);
    if (n.kind == NodeKind::Tuple) {
      size_t i = 0;
      for (NodeId e : tree.children(value)) {
        std::string a = at + "[" + std::to_string(i++) + "]";
        out += a + "\n";
        self(self, e, a);
      }
    } else if (n.kind == NodeKind::Object) {
      for (NodeId item : tree.children(value)) {
        if (tree.node(item).kind != NodeKind::ObjectItem) continue;
        auto key = key_name(tree, ast::item_key(tree, item));
        if (!key) continue;
        std::string a = at + "." + escaped(*key, true);
        out += a + "\n";
        self(self, ast::item_value(item), a);
      }
    }
  };
  auto walk_body = [&](auto& self, const BodyRef& body, const std::string& prefix) -> void {
    for (const Item& it : doc.items(body)) {
      if (it.is_block) {
        std::string a = prefix + block_address(doc.name(it), doc.labels(it));
        self(self, doc.body_of(it), a + ".");
        continue;
      }
      std::string a = prefix + escaped(doc.name(it), false);
      out += a + "\n";
      if (values) inside(inside, tree.first_child(it.node), a);
    }
  };
  walk_body(walk_body, doc.root(), "");
  return out;
}

}  // namespace hcl::edit
