// SPDX-License-Identifier: Apache-2.0
#include "config/file_value.h"

#include <fmt/format.h>

#include <algorithm>

#include "body/block_shape.h"
#include "cty/budget.h"
#include "cty/json_encoding.h"
#include "dynblock/dynblock.h"

namespace hcl::config {

namespace {

using cty::Value;

// A block body's value in each form asked for: the document's (failed attributes left out, blocks
// in tuples) and the references' (failed attributes unknown, see FileEvaluator::reference). A body
// becomes these as soon as it is evaluated, so that only the values, not the body's items, are
// held while the rest of the file is read.
struct Forms {
  Value document;
  Value reference;
};

struct AttributeValue {
  Value value;  // unknown when failed
  bool failed = false;
};

// A body's items on their way to values: its blocks in the document's shape (body/block_shape.h:
// under their type, one level per label, innermost a list of the blocks' bodies in source order),
// its attributes by name. An attribute replaces the blocks of its name.
struct Content {
  body::BlockShape blocks;  // the shape's items number `bodies`
  std::vector<Forms> bodies;
  std::vector<source::Range> origins;  // each body's block's type and labels, for messages
  std::map<std::string, AttributeValue> attributes;
};

// Diagnostics of the root body's attributes, by the attribute's name (see FileEvaluator::attributes).
using NamedDiagnostics = std::vector<std::pair<std::string, diag::Diagnostics>>;

class FileEvaluator {
 public:
  FileEvaluator(std::shared_ptr<const eval::Scope> scope, const EvaluateOptions& options)
      : scope_(std::move(scope)), options_(options) {}

  // Evaluates the body's items into `into`: blocks in source order, each body at once, then the
  // attributes by name, so that diagnostics come in a stable order (the oracle sorts them in the
  // end). `named`: where the attributes' diagnostics go instead of `diags`, for the root body,
  // whose items come in pieces but whose attributes' diagnostics still follow all its blocks'.
  void items(const body::BodyPtr& b, const dynblock::IterationPtr& it, Content& into, diag::Diagnostics& diags,
             NamedDiagnostics* named = nullptr) {
    // Under an iteration, expressions see the iterators (a child of the file's context).
    dynblock::ScopePtr ctx = it ? dynblock::child_context(it, scope_) : scope_;
    std::optional<body::BodyContent> content = b->structure();
    body::Attributes attrs;
    // Only the file's own top level is narrowed to the names asked for.
    const auto* only = named && options_.only_top_level ? &*options_.only_top_level : nullptr;
    if (content) {
      for (auto& each : content->blocks) {
        // Taken out of the list, so that what it holds is freed once its body is evaluated: a
        // piece may hold thousands of blocks.
        const body::Block block = std::move(each);
        if (only && !only->contains(block_name(block))) continue;
        if (!options_.keep_dynamic && block.type == "dynamic") {
          dynamic(block, ctx, it, into, diags);
        } else {
          place(into, block, body(block.body, it, diags), diags);
        }
      }
      attrs = std::move(content->attributes);
    } else {
      attrs = b->just_attributes(diags);
    }
    std::sort(attrs.items.begin(), attrs.items.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& attr : attrs.items) {
      if (only && !only->contains(attr.name)) continue;
      diag::Diagnostics own;
      // The first of a name counts (the parser reported the redefinition).
      into.attributes.try_emplace(attr.name, attribute(attr, ctx.get(), own));
      if (!named) {
        diag::append(diags, std::move(own));
      } else if (!own.empty()) {
        named->emplace_back(attr.name, std::move(own));
      }
    }
  }

  // The name a block's blocks go by: its type, or the type a `dynamic` block makes.
  std::string_view block_name(const body::Block& block) const {
    if (!options_.keep_dynamic && block.type == "dynamic" && !block.labels.empty()) return block.labels[0];
    return block.type;
  }

  // The root's variables: each member in the references' form, at the top level.
  void variables(const Content& root, std::map<std::string, Value>& out) const {
    for (const auto& [type, node] : root.blocks.types.entries) out[std::string(type)] = reference(root, node, true);
    for (const auto& [k, a] : root.attributes) out[k] = a.value;
  }

  // The document's value of a body's content, which it consumes.
  static Value document(Content&& c) {
    std::vector<Value::Attribute> attrs;
    attrs.reserve(c.blocks.types.entries.size() + c.attributes.size());
    for (const auto& [type, node] : c.blocks.types.entries) {
      std::string name(type);
      if (!c.attributes.contains(name)) attrs.emplace_back(std::move(name), document(c, node));
    }
    for (auto& [k, a] : c.attributes)
      if (!a.failed) attrs.emplace_back(k, std::move(a.value));
    return Value::object(std::move(attrs));
  }

 private:
  // A block body's values, its items freed.
  Forms body(const body::BodyPtr& b, const dynblock::IterationPtr& it, diag::Diagnostics& diags) {
    Content c;
    items(b, it, c, diags);
    // The file's shape is not what its expressions build: their budget is for their own values.
    cty::UnchargedWork shaping;
    Forms f;
    if (options_.variables) {
      std::vector<Value::Attribute> attrs;
      for (const auto& [type, node] : c.blocks.types.entries) {
        std::string name(type);
        if (!c.attributes.contains(name)) attrs.emplace_back(name, reference(c, node, false));
      }
      for (const auto& [k, a] : c.attributes) attrs.emplace_back(k, a.value);
      f.reference = Value::object(std::move(attrs));
    }
    if (options_.document) f.document = document(std::move(c));
    return f;
  }

  AttributeValue attribute(const body::Attribute& attr, body::Context ctx, diag::Diagnostics& diags) const {
    AttributeValue v;
    v.value = attr.expr->value(ctx, diags);
    // Once the budget is spent the evaluations after it stop with an unknown value and no
    // diagnostic of their own: the one "Evaluation too large" already says why.
    v.failed = diag::has_errors(diags) || cty::spent_budget();
    if (!v.failed) {
      auto json = cty::value_to_json(v.value);
      if (!json) {
        diags.push_back(
            diag::Diagnostic{diag::Severity::Error, "Result has no JSON form",
                             fmt::format("The expression evaluated to {}, but {}.", v.value.go_string(), json.error()),
                             attr.expr->range(), std::nullopt});
        v.failed = true;
      }
    }
    if (v.failed) v.value = Value::dynamic();
    return v;
  }

  // A dynamic block names the type of the blocks it makes in its one label (the schema error a
  // reader of these blocks reports).
  void dynamic(const body::Block& block, const dynblock::ScopePtr& ctx, const dynblock::IterationPtr& it, Content& into,
               diag::Diagnostics& diags) {
    source::Range context =
        block.open_brace_range ? body::range_between(block.type_range, *block.open_brace_range) : block.def_range;
    if (block.labels.empty()) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Missing type for dynamic",
                                       "All dynamic blocks must have 1 labels (type).",
                                       block.open_brace_range.value_or(block.def_range), context});
    } else if (block.labels.size() > 1) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Extraneous label for dynamic",
                                       "Only 1 labels (type) are expected for dynamic blocks.", block.label_ranges[1],
                                       context});
    } else {
      for (auto& g : dynblock::expand_block(block, std::nullopt, ctx, it, diags)) {
        // One block standing for an unknown number of them has no place in a document: dropping
        // it, or printing it once, would both be wrong.
        if (g.unknown) {
          diags.push_back(diag::Diagnostic{
              diag::Severity::Error, "Unknown dynamic block collection",
              fmt::format("The for_each value of this dynamic \"{}\" block is not known, so the number of "
                          "blocks it stands for is not known either.",
                          block.labels[0]),
              block.def_range, std::nullopt});
          continue;
        }
        place(into, g.block, body(g.block.body, g.iteration, diags), diags);
      }
    }
  }

  // A block's body under its type, then one level per label, in a list innermost.
  static void place(Content& parent, const body::Block& block, Forms inner, diag::Diagnostics& diags) {
    // The nodes a block makes remember it by its body's number, which `origins` turns into a place.
    auto number = static_cast<uint32_t>(parent.bodies.size());
    // The shape keeps copies of the names: a block is freed once its body is evaluated.
    uint32_t conflict = parent.blocks.place<true>(
        block.type, block.labels.size(), [&](size_t i) -> std::string_view { return block.labels[i]; }, number, nullptr,
        number);
    if (conflict != body::ShapeNode::kNone) {
      const body::ShapeNode& existing = parent.blocks.nodes[conflict];
      diags.push_back(body::inconsistent_block_labels(block.type, block.labels.size(), block.def_range, existing,
                                                      body::position_text(parent.origins[existing.offset])));
      return;
    }
    parent.bodies.push_back(std::move(inner));
    parent.origins.push_back(block.def_range);
  }

  // The bodies of a leaf of the shape, in source order.
  static std::vector<uint32_t> leaf_bodies(const Content& c, uint32_t node) {
    std::vector<uint32_t> out;
    for (uint32_t link = c.blocks.nodes[node].first; link != body::ShapeNode::kNone; link = c.blocks.items[link].next)
      out.push_back(c.blocks.items[link].item);
    return out;
  }

  // A node of the shape as the document holds it (the bodies' documents are moved out).
  static Value document(Content& c, uint32_t node) {
    if (c.blocks.nodes[node].leaf) {
      std::vector<Value> items;
      for (uint32_t b : leaf_bodies(c, node)) items.push_back(std::move(c.bodies[b].document));
      return Value::tuple(std::move(items));
    }
    std::vector<Value::Attribute> attrs;
    for (const auto& [label, child] : c.blocks.children(node).entries)
      attrs.emplace_back(std::string(label), document(c, child));
    return Value::object(std::move(attrs));
  }

  // The shape for references: a block is its body's object; blocks with the same type and labels
  // merge into one object at the top level (`locals`), and are a tuple of objects further down
  // however many there are (one `ingress` block or several), as `hcl json` lists them: an
  // expression written for one block (`ingress[0].port`) keeps working when a second is added.
  static Value reference(const Content& c, uint32_t node, bool top) {
    if (!c.blocks.nodes[node].leaf) {
      std::vector<Value::Attribute> attrs;
      for (const auto& [label, child] : c.blocks.children(node).entries)
        attrs.emplace_back(std::string(label), reference(c, child, top));
      return Value::object(std::move(attrs));
    }
    std::vector<uint32_t> bodies = leaf_bodies(c, node);
    if (bodies.size() == 1 && top) return c.bodies[bodies[0]].reference;
    if (!top) {
      std::vector<Value> items;
      for (uint32_t b : bodies) items.push_back(c.bodies[b].reference);
      return Value::tuple(std::move(items));
    }
    std::map<std::string, Value> merged;
    for (uint32_t b : bodies)
      for (const auto& [k, v] : c.bodies[b].reference.attributes()) merged[std::string(k)] = v;
    std::vector<Value::Attribute> attrs(merged.begin(), merged.end());
    return Value::object(std::move(attrs));
  }

  std::shared_ptr<const eval::Scope> scope_;
  EvaluateOptions options_;
};

std::shared_ptr<const eval::Scope> or_empty(std::shared_ptr<const eval::Scope> scope) {
  return scope ? std::move(scope) : std::make_shared<const eval::Scope>();
}

}  // namespace

struct FileValueBuilder::State {
  State(std::shared_ptr<const eval::Scope> scope, const EvaluateOptions& options)
      : budget(scope->limits()), evaluator(scope, options), options(options) {}

  // Every attribute of the file is evaluated under one budget: the file, not each expression in
  // it, is what must fit.
  cty::EvalBudget budget;
  FileEvaluator evaluator;
  EvaluateOptions options;
  Content root;
  diag::Diagnostics diagnostics;  // the blocks', in source order
  NamedDiagnostics attribute_diagnostics;
};

FileValueBuilder::FileValueBuilder(std::shared_ptr<const eval::Scope> scope, const EvaluateOptions& options)
    : state_(std::make_unique<State>(or_empty(std::move(scope)), options)) {}

FileValueBuilder::~FileValueBuilder() = default;

void FileValueBuilder::add(const body::BodyPtr& items) {
  State& st = *state_;
  st.evaluator.items(items, nullptr, st.root, st.diagnostics, &st.attribute_diagnostics);
}

FileValue FileValueBuilder::finish() {
  State& st = *state_;
  FileValue out;
  out.diagnostics = std::move(st.diagnostics);
  std::stable_sort(st.attribute_diagnostics.begin(), st.attribute_diagnostics.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [name, diags] : st.attribute_diagnostics) diag::append(out.diagnostics, std::move(diags));
  // The oracle reports in source order (a stable sort by where each diagnostic starts).
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const diag::Diagnostic& a, const diag::Diagnostic& b) {
                     int64_t x = a.subject ? a.subject->start.byte : -1;
                     int64_t y = b.subject ? b.subject->start.byte : -1;
                     return x < y;
                   });
  if (st.options.variables) st.evaluator.variables(st.root, out.variables);
  if (st.options.document && !diag::has_errors(out.diagnostics))
    out.document = FileEvaluator::document(std::move(st.root));
  return out;
}

FileValue evaluate_file(const body::BodyPtr& body, std::shared_ptr<const eval::Scope> scope,
                        const EvaluateOptions& options) {
  FileValueBuilder builder(std::move(scope), options);
  builder.add(body);
  return builder.finish();
}

}  // namespace hcl::config
