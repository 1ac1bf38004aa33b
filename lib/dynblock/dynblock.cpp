// SPDX-License-Identifier: Apache-2.0
#include "dynblock/dynblock.h"

#include <fmt/format.h>

#include <set>

#include "cty/budget.h"
#include "cty/convert.h"
#include "diag/render.h"
#include "util/text.h"

namespace hcl::dynblock {

using body::Block;
using body::BlockHeaderSchema;
using body::BodyContent;
using body::BodyPtr;
using body::ExprPtr;
using body::Schema;

// ---- Iterations and their contexts --------------------------------------------------------------

Value Iteration::object() const { return Value::object({{"key", key}, {"value", value}}); }

IterationPtr Iteration::child(const IterationPtr& parent, std::string name, Value key, Value value) {
  auto it = std::make_shared<Iteration>();
  it->name = std::move(name);
  it->key = std::move(key);
  it->value = std::move(value);
  if (parent) {
    it->inherited = parent->inherited;
    it->inherited[parent->name] = parent;
  }
  return it;
}

ScopePtr child_context(const IterationPtr& iteration, const ScopePtr& base) {
  // A child of the nil context has neither variables nor functions of its own; with an iteration
  // it has the iterators.
  // The child keeps its parent alive: it may use the parent's function table.
  struct Holder {
    ScopePtr parent;
    eval::Scope scope;
  };
  auto h = std::make_shared<Holder>();
  h->parent = base;
  eval::Scope& s = h->scope;
  if (base && base->variables_allowed()) {
    s = *base;  // copies share a lazily built function table
  } else if (!iteration) {
    s = eval::Scope::no_variables(base ? base->functions() : nullptr);
  } else {
    s = eval::Scope(base ? base->functions() : nullptr);
  }
  if (iteration) {
    for (const auto& [name, other] : iteration->inherited) s.set(name, other->object());
    s.set(iteration->name, iteration->object());
  }
  s.set_functions_inherited(true);
  return ScopePtr(h, &h->scope);
}

namespace {

class WrappedExpression final : public body::Expression {
 public:
  WrappedExpression(ExprPtr inner, IterationPtr it) : inner_(std::move(inner)), it_(std::move(it)) {}

  Value value(body::Context ctx, diag::Diagnostics& diags) const override {
    // The reference makes a child of the caller's context (nil included).
    ScopePtr base = ctx ? std::shared_ptr<const eval::Scope>(ctx, [](const eval::Scope*) {}) : nullptr;
    ScopePtr ext = child_context(it_, base);
    return inner_->value(ext.get(), diags);
  }
  std::vector<body::Traversal> variables() const override {
    std::vector<body::Traversal> out;
    for (auto& t : inner_->variables()) {
      const std::string& root = t.root_name();
      if (root == it_->name || it_->inherited.count(root)) continue;
      out.push_back(std::move(t));
    }
    return out;
  }
  source::Range range() const override { return inner_->range(); }
  source::Range start_range() const override { return inner_->start_range(); }
  ExprPtr unwrapped() const override { return inner_; }

 private:
  ExprPtr inner_;
  IterationPtr it_;
};

// A body standing for blocks generated from an unknown collection: its attributes are unknown.
class UnknownBody final : public body::Body {
 public:
  explicit UnknownBody(BodyPtr templ) : template_(std::move(templ)) {}

  BodyContent content(const Schema& schema, diag::Diagnostics& diags) const override {
    return fixup(template_->content(schema, diags));
  }
  BodyContent partial_content(const Schema& schema, BodyPtr* remain, diag::Diagnostics& diags) const override {
    BodyPtr inner;
    BodyContent c = fixup(template_->partial_content(schema, &inner, diags));
    if (remain) *remain = std::make_shared<UnknownBody>(inner);
    return c;
  }
  body::Attributes just_attributes(diag::Diagnostics& diags) const override {
    return fixup_attrs(template_->just_attributes(diags));
  }
  source::Range missing_item_range() const override { return template_->missing_item_range(); }
  bool unknown() const override { return true; }

 private:
  static body::Attributes fixup_attrs(body::Attributes attrs) {
    for (auto& a : attrs.items) a.expr = body::static_expr(Value::dynamic(), a.expr->range());
    return attrs;
  }
  static BodyContent fixup(BodyContent c) {
    c.attributes = fixup_attrs(std::move(c.attributes));
    for (auto& b : c.blocks) b.body = std::make_shared<UnknownBody>(b.body);
    return c;
  }

  BodyPtr template_;
};

const Schema& spec_schema(bool labels, bool labels_required) {
  static const Schema with_labels = [] {
    Schema s;
    s.attributes = {{"for_each", true}, {"iterator", false}, {"labels", true}};
    s.blocks = {{"content", {}}};
    return s;
  }();
  static const Schema with_optional_labels = [] {
    Schema s;
    s.attributes = {{"for_each", true}, {"iterator", false}, {"labels", false}};
    s.blocks = {{"content", {}}};
    return s;
  }();
  static const Schema without = [] {
    Schema s;
    s.attributes = {{"for_each", true}, {"iterator", false}};
    s.blocks = {{"content", {}}};
    return s;
  }();
  if (!labels) return without;
  return labels_required ? with_labels : with_optional_labels;
}

struct Spec {
  std::string type;
  source::Range type_range;
  source::Range def_range;
  Value for_each;
  std::string iterator;
  std::vector<ExprPtr> labels;
  BodyPtr content;
};

// decodeSpec: the dynamic block's own arguments.
std::optional<Spec> decode_spec(const Block& raw, std::optional<size_t> label_count, const ScopePtr& ctx,
                                diag::Diagnostics& diags) {
  const std::string& type = raw.labels[0];
  bool labels = !label_count || *label_count > 0;
  diag::Diagnostics own;
  BodyContent c = raw.body->content(spec_schema(labels, label_count.has_value()), own);
  bool failed = diag::has_errors(own);
  diag::append(diags, std::move(own));
  if (failed) return std::nullopt;

  Spec spec;
  spec.type = type;
  spec.type_range = raw.label_ranges[0];
  spec.def_range = raw.def_range;

  // The iterator first (HCL 2.20): an invalid one is reported without for_each's follow-on errors.
  spec.iterator = type;
  if (const body::Attribute* it = c.attributes.find("iterator")) {
    diag::Diagnostics it_diags;
    auto traversal = body::abs_traversal(it->expr, it_diags);
    failed = diag::has_errors(it_diags);
    diag::append(diags, std::move(it_diags));
    if (failed) return std::nullopt;
    if (traversal->steps.size() != 1) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid dynamic iterator name",
                                       "Dynamic iterator must be a single variable name.", traversal->source_range(),
                                       std::nullopt});
      return std::nullopt;
    }
    spec.iterator = traversal->root_name();
  }

  const body::Attribute* each = c.attributes.find("for_each");
  diag::Diagnostics each_diags;
  spec.for_each = each->expr->value(ctx.get(), each_diags);
  failed = diag::has_errors(each_diags);
  diag::append(diags, std::move(each_diags));
  if (failed) return std::nullopt;
  const cty::Type& t = spec.for_each.type();
  bool iterable = t.is_list() || t.is_map() || t.is_set() || t.is_tuple() || t.is_object();
  if (!iterable && !t.is_dynamic()) {
    diags.push_back(diag::Diagnostic{
        diag::Severity::Error, "Invalid dynamic for_each value",
        fmt::format("Cannot use a {} value in for_each. An iterable collection is required.", t.friendly_name()),
        each->expr->range(), std::nullopt});
    return std::nullopt;
  }
  if (spec.for_each.is_null()) {
    diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid dynamic for_each value",
                                     "Cannot use a null value in for_each.", each->expr->range(), std::nullopt});
    return std::nullopt;
  }

  if (const body::Attribute* la = c.attributes.find("labels")) {
    diag::Diagnostics label_diags;
    auto list = body::expr_list(la->expr, label_diags);
    failed = diag::has_errors(label_diags);
    diag::append(diags, std::move(label_diags));
    if (failed) return std::nullopt;
    spec.labels = std::move(*list);
    if (label_count && spec.labels.size() > *label_count) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Extraneous dynamic block label",
                           fmt::format("Blocks of type {} require {} label(s).", util::go_quote(type), *label_count),
                           spec.labels[*label_count]->range(), std::nullopt});
      return std::nullopt;
    }
    if (label_count && spec.labels.size() < *label_count) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Insufficient dynamic block labels",
                           fmt::format("Blocks of type {} require {} label(s).", util::go_quote(type), *label_count),
                           la->expr->range(), std::nullopt});
      return std::nullopt;
    }
  }

  if (c.blocks.empty()) {
    diags.push_back(
        diag::Diagnostic{diag::Severity::Error, "Missing dynamic content block",
                         "A dynamic block must have a nested block of type \"content\" to describe the body of "
                         "each generated block.",
                         c.missing_item_range, std::nullopt});
    return std::nullopt;
  }
  if (c.blocks.size() > 1) {
    diags.push_back(diag::Diagnostic{diag::Severity::Error, "Extraneous dynamic content block",
                                     "Only one nested content block is allowed for each dynamic block.",
                                     c.blocks[1].def_range, std::nullopt});
    return std::nullopt;
  }
  spec.content = c.blocks[0].body;
  return spec;
}

// newBlock: one generated block, its labels evaluated under the iteration.
std::optional<Block> new_block(const Spec& spec, const IterationPtr& it, const ScopePtr& ctx,
                               diag::Diagnostics& diags) {
  Block block;
  block.type = spec.type;
  block.type_range = spec.type_range;
  block.def_range = spec.def_range;
  block.body = spec.content;
  ScopePtr lctx = child_context(it, ctx);
  for (const auto& expr : spec.labels) {
    diag::Diagnostics own;
    Value v = expr->value(lctx.get(), own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return std::nullopt;
    auto s = cty::convert(v, cty::Type::string());
    if (!s) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid dynamic block label",
                                       fmt::format("Cannot use this value as a dynamic block label: {}.", s.error()),
                                       expr->range(), std::nullopt});
      return std::nullopt;
    }
    if (s->is_null()) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid dynamic block label",
                                       "Cannot use a null value as a dynamic block label.", expr->range(),
                                       std::nullopt});
      return std::nullopt;
    }
    if (!s->is_known()) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Invalid dynamic block label",
                           "This value is not yet known. Dynamic block labels must be immediately-known values.",
                           expr->range(), std::nullopt});
      return std::nullopt;
    }
    block.labels.push_back(s->as_string());
    block.label_ranges.push_back(expr->range());
  }
  return block;
}

}  // namespace

body::ExprPtr wrap_expr(ExprPtr expr, IterationPtr iteration) {
  return std::make_shared<WrappedExpression>(std::move(expr), std::move(iteration));
}

std::vector<Generated> expand_block(const Block& dynamic, std::optional<size_t> label_count, const ScopePtr& ctx,
                                    const IterationPtr& outer, diag::Diagnostics& diags) {
  std::vector<Generated> out;
  auto spec = decode_spec(dynamic, label_count, ctx, diags);
  if (!spec) return out;
  if (spec->for_each.is_known()) {
    const Value& coll = spec->for_each;
    size_t n = coll.type().is_tuple() || coll.type().is_list() || coll.type().is_set() ? coll.elements().size()
                                                                                       : coll.attributes().size();
    // A spent budget ends the expansion: the iterations left would each only stop at once. So
    // do more errors than a file reports (a bad label in each of a million iterations).
    for (size_t i = 0; i < n && !cty::spent_budget() && diags.size() <= diag::kMaxFileDiagnostics; ++i) {
      IterationPtr it = Iteration::child(outer, spec->iterator, coll.element_key(i), coll.element_at(i));
      if (auto block = new_block(*spec, it, ctx, diags)) out.push_back(Generated{std::move(*block), it, false});
    }
  } else {
    IterationPtr it = Iteration::child(outer, spec->iterator, Value::dynamic(), Value::dynamic());
    if (auto block = new_block(*spec, it, ctx, diags)) out.push_back(Generated{std::move(*block), it, true});
  }
  return out;
}

// ---- dynblock.Expand ----------------------------------------------------------------------------

namespace {

class ExpandBody final : public body::Body {
 public:
  ExpandBody(BodyPtr original, ScopePtr ctx, IterationPtr iteration = nullptr)
      : original_(std::move(original)), ctx_(std::move(ctx)), iteration_(std::move(iteration)) {}

  BodyContent content(const Schema& schema, diag::Diagnostics& diags) const override {
    BodyContent raw = original_->content(extend(schema), diags);
    BodyContent c;
    c.blocks = expand_blocks(schema, raw.blocks, false, diags);
    c.attributes = prepare(std::move(raw.attributes));
    c.missing_item_range = original_->missing_item_range();
    return c;
  }

  BodyContent partial_content(const Schema& schema, BodyPtr* remain, diag::Diagnostics& diags) const override {
    BodyContent raw = original_->partial_content(extend(schema), nullptr, diags);
    BodyContent c;
    c.blocks = expand_blocks(schema, raw.blocks, true, diags);
    c.attributes = prepare(std::move(raw.attributes));
    c.missing_item_range = original_->missing_item_range();
    if (remain) {
      auto r = std::make_shared<ExpandBody>(original_, ctx_, iteration_);
      r->hidden_attrs_ = hidden_attrs_;
      r->hidden_blocks_ = hidden_blocks_;
      for (const auto& a : schema.attributes) r->hidden_attrs_.insert(a.name);
      for (const auto& b : schema.blocks) r->hidden_blocks_[b.type] = b;
      *remain = r;
    }
    return c;
  }

  // Blocks are not allowed in this mode, so there is nothing to expand.
  body::Attributes just_attributes(diag::Diagnostics& diags) const override {
    return original_->just_attributes(diags);
  }
  source::Range missing_item_range() const override { return original_->missing_item_range(); }

 private:
  // The caller's schema, plus "dynamic" blocks, plus what earlier partial reads took (so the
  // underlying body does not report those as unexpected; they are filtered out again).
  Schema extend(const Schema& schema) const {
    Schema ext = schema;
    ext.blocks.push_back({"dynamic", {"type"}});
    for (const auto& [type, s] : hidden_blocks_) ext.blocks.push_back(s);
    for (const auto& name : hidden_attrs_) ext.attributes.push_back({name, false});
    return ext;
  }

  body::Attributes prepare(body::Attributes raw) const {
    if (hidden_attrs_.empty() && !iteration_) return raw;
    body::Attributes out;
    for (auto& a : raw.items) {
      if (hidden_attrs_.count(a.name)) continue;
      if (iteration_) a.expr = wrap_expr(a.expr, iteration_);
      out.items.push_back(std::move(a));
    }
    return out;
  }

  BodyPtr expand_child(BodyPtr child, const IterationPtr& it) const {
    return std::make_shared<ExpandBody>(std::move(child), child_context(it, ctx_), it);
  }

  std::vector<Block> expand_blocks(const Schema& schema, const std::vector<Block>& raw, bool partial,
                                   diag::Diagnostics& diags) const {
    std::vector<Block> blocks;
    for (const Block& rb : raw) {
      if (rb.type != "dynamic") {
        if (hidden_blocks_.count(rb.type)) continue;
        Block b = rb;
        b.body = expand_child(rb.body, iteration_);
        blocks.push_back(std::move(b));
        continue;
      }
      const std::string& real = rb.labels[0];
      if (hidden_blocks_.count(real)) continue;
      const BlockHeaderSchema* bs = nullptr;
      for (const auto& candidate : schema.blocks) {
        if (candidate.type == real) {
          bs = &candidate;
          break;
        }
      }
      if (!bs) {
        if (!partial) {
          diags.push_back(
              diag::Diagnostic{diag::Severity::Error, "Unsupported block type",
                               fmt::format("Blocks of type {} are not expected here.", util::go_quote(real)),
                               rb.label_ranges[0], std::nullopt});
        }
        continue;
      }
      for (auto& g : expand_block(rb, bs->label_names.size(), ctx_, iteration_, diags)) {
        BodyPtr child = expand_child(g.block.body, g.iteration);
        g.block.body = g.unknown ? std::make_shared<UnknownBody>(child) : child;
        blocks.push_back(std::move(g.block));
      }
    }
    return blocks;
  }

  BodyPtr original_;
  ScopePtr ctx_;
  IterationPtr iteration_;
  std::set<std::string> hidden_attrs_;
  std::map<std::string, BlockHeaderSchema> hidden_blocks_;
};

}  // namespace

BodyPtr expand(BodyPtr body, ScopePtr for_each_ctx) {
  return std::make_shared<ExpandBody>(std::move(body), std::move(for_each_ctx));
}

}  // namespace hcl::dynblock
