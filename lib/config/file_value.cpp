// SPDX-License-Identifier: Apache-2.0
#include "config/file_value.h"

#include <fmt/format.h>

#include <algorithm>

#include "cty/json_encoding.h"
#include "dynblock/dynblock.h"

namespace hcl::config {

namespace {

using cty::Value;

// One level of the document: an object (a body, or a label level), a list of bodies (blocks of
// one type and labels), or an attribute's value.
struct Node {
  enum class Kind : uint8_t { Object, List, Value } kind = Kind::Object;
  std::map<std::string, std::unique_ptr<Node>> members;
  std::vector<std::unique_ptr<Node>> items;
  Value value;
  bool failed = false;
};

class FileEvaluator {
 public:
  FileEvaluator(std::shared_ptr<const eval::Scope> scope, const EvaluateOptions& options)
      : scope_(std::move(scope)), options_(options) {}

  std::unique_ptr<Node> body(const body::BodyPtr& b, const dynblock::IterationPtr& it, diag::Diagnostics& diags) {
    auto node = std::make_unique<Node>();
    // Under an iteration, expressions see the iterators (a child of the file's context).
    dynblock::ScopePtr ctx = it ? dynblock::child_context(it, scope_) : scope_;
    std::optional<body::BodyContent> items = b->structure();
    body::Attributes attrs;
    if (items) {
      for (auto& each : items->blocks) {
        // Taken out of the list, so that what it holds is freed once its body is evaluated: a
        // file's top level may hold hundreds of thousands of blocks.
        const body::Block block = std::move(each);
        if (!options_.keep_dynamic && block.type == "dynamic") {
          // A dynamic block names the type of the blocks it makes in its one label (the schema
          // error a reader of these blocks reports).
          source::Range context =
              block.open_brace_range ? body::range_between(block.type_range, *block.open_brace_range) : block.def_range;
          if (block.labels.empty()) {
            diags.push_back(diag::Diagnostic{diag::Severity::Error, "Missing type for dynamic",
                                             "All dynamic blocks must have 1 labels (type).",
                                             block.open_brace_range.value_or(block.def_range), context});
          } else if (block.labels.size() > 1) {
            diags.push_back(diag::Diagnostic{diag::Severity::Error, "Extraneous label for dynamic",
                                             "Only 1 labels (type) are expected for dynamic blocks.",
                                             block.label_ranges[1], context});
          } else {
            for (auto& g : dynblock::expand_block(block, std::nullopt, ctx, it, diags))
              place(*node, g.block, body(g.block.body, g.iteration, diags), diags);
          }
        } else {
          place(*node, block, body(block.body, it, diags), diags);
        }
      }
      attrs = std::move(items->attributes);
    } else {
      attrs = b->just_attributes(diags);
    }
    // By name, so that diagnostics come in a stable order (the oracle sorts them in the end).
    std::sort(attrs.items.begin(), attrs.items.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& attr : attrs.items) {
      auto v = std::make_unique<Node>();
      v->kind = Node::Kind::Value;
      diag::Diagnostics own;
      v->value = attr.expr->value(ctx.get(), own);
      v->failed = diag::has_errors(own);
      diag::append(diags, std::move(own));
      if (!v->failed) {
        auto json = cty::value_to_json(v->value);
        if (!json) {
          diags.push_back(diag::Diagnostic{
              diag::Severity::Error, "Result has no JSON form",
              fmt::format("The expression evaluated to {}, but {}.", v->value.go_string(), json.error()),
              attr.expr->range(), std::nullopt});
          v->failed = true;
        }
      }
      if (v->failed) v->value = Value::dynamic();
      node->members[attr.name] = std::move(v);
    }
    return node;
  }

 private:
  // A block's body under its type, then one object level per label, in a list innermost.
  void place(Node& parent, const body::Block& block, std::unique_ptr<Node> inner, diag::Diagnostics& diags) {
    Node* level = &parent;
    std::string key = block.type;
    bool fits = true;
    for (const auto& label : block.labels) {
      auto& slot = level->members[key];
      if (!slot) slot = std::make_unique<Node>();
      if (slot->kind != Node::Kind::Object) {
        fits = false;
        break;
      }
      level = slot.get();
      key = label;
    }
    auto& slot = level->members[key];
    if (fits && slot && slot->kind != Node::Kind::List) fits = false;
    if (!fits) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Block does not fit the JSON shape",
                           fmt::format("Block \"{}\" has {} labels, unlike an earlier block of the same type.",
                                       block.type, block.labels.size()),
                           block.def_range, std::nullopt});
      return;
    }
    if (!slot) {
      slot = std::make_unique<Node>();
      slot->kind = Node::Kind::List;
    }
    slot->items.push_back(std::move(inner));
  }

  std::shared_ptr<const eval::Scope> scope_;
  EvaluateOptions options_;
};

// The document: failed attributes left out. It consumes the tree, each node freed once its value
// is made, so that the tree and the document are not both held whole.
Value document(std::unique_ptr<Node> n) {
  switch (n->kind) {
    case Node::Kind::Value: return std::move(n->value);
    case Node::Kind::List: {
      std::vector<Value> items;
      items.reserve(n->items.size());
      for (auto& i : n->items) items.push_back(document(std::move(i)));
      return Value::tuple(std::move(items));
    }
    case Node::Kind::Object: break;
  }
  std::vector<Value::Attribute> attrs;
  attrs.reserve(n->members.size());
  while (!n->members.empty()) {
    auto member = n->members.extract(n->members.begin());
    if (!(member.mapped()->kind == Node::Kind::Value && member.mapped()->failed))
      attrs.emplace_back(std::move(member.key()), document(std::move(member.mapped())));
  }
  return Value::object(std::move(attrs));
}

// The shape for references: a block is its body's object; blocks with the same type and labels
// merge into one object at the top level (`locals`), and are a tuple of objects further down
// (repeated `ingress` blocks).
Value reference(const Node& n, bool top) {
  switch (n.kind) {
    case Node::Kind::Value: return n.value;
    case Node::Kind::Object: {
      std::vector<Value::Attribute> attrs;
      for (const auto& [k, m] : n.members) attrs.emplace_back(k, reference(*m, top));
      return Value::object(std::move(attrs));
    }
    case Node::Kind::List: break;
  }
  if (n.items.size() == 1) return reference(*n.items[0], false);
  if (!top) {
    std::vector<Value> items;
    for (const auto& item : n.items) items.push_back(reference(*item, false));
    return Value::tuple(std::move(items));
  }
  std::map<std::string, Value> merged;
  for (const auto& item : n.items)
    for (const auto& [k, m] : item->members) merged[k] = reference(*m, false);
  std::vector<Value::Attribute> attrs(merged.begin(), merged.end());
  return Value::object(std::move(attrs));
}

}  // namespace

FileValue evaluate_file(const body::BodyPtr& body, std::shared_ptr<const eval::Scope> scope,
                        const EvaluateOptions& options) {
  FileValue out;
  if (!scope) scope = std::make_shared<const eval::Scope>();
  // Every attribute of the file is evaluated under one budget: the file, not each expression in it,
  // is what must fit.
  cty::EvalBudget budget(scope->limits());
  FileEvaluator ev(scope, options);
  std::unique_ptr<Node> root = ev.body(body, nullptr, out.diagnostics);
  // The oracle reports in source order (a stable sort by where each diagnostic starts).
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const diag::Diagnostic& a, const diag::Diagnostic& b) {
                     int64_t x = a.subject ? a.subject->start.byte : -1;
                     int64_t y = b.subject ? b.subject->start.byte : -1;
                     return x < y;
                   });
  if (options.variables)
    for (const auto& [k, m] : root->members) out.variables[k] = reference(*m, true);
  if (options.document && !diag::has_errors(out.diagnostics)) out.document = document(std::move(root));
  return out;
}

}  // namespace hcl::config
