// SPDX-License-Identifier: Apache-2.0
#include "dec/spec.h"

#include <fmt/format.h>

#include <algorithm>

#include "cty/convert.h"
#include "util/text.h"

namespace hcl::dec {

namespace {

using body::BodyContent;

std::vector<BlockLabel> labels_for_block(const body::Block& block) {
  std::vector<BlockLabel> out;
  for (size_t i = 0; i < block.labels.size(); ++i) out.push_back({block.labels[i], block.label_ranges[i]});
  return out;
}

Value decode_body(const body::BodyPtr& body, Labels labels, body::Context ctx, const Spec& spec,
                  diag::Diagnostics& diags) {
  BodyContent content = body->content(implied_schema(spec), diags);
  return spec.decode(content, labels, ctx, diags);
}

// hcldec's sourceRange(body, labels, spec).
source::Range body_source_range(const body::BodyPtr& body, Labels labels, const Spec& spec) {
  diag::Diagnostics ignored;
  BodyContent content = body->partial_content(implied_schema(spec), nullptr, ignored);
  return spec.source_range(content, labels);
}

const body::Block* first_block(const BodyContent& content, const std::string& type) {
  for (const auto& b : content.blocks)
    if (b.type == type) return &b;
  return nullptr;
}

// The label names a nested spec asks of its blocks (from its BlockLabelSpecs).
std::vector<std::string> find_label_specs(const Spec& spec) {
  std::map<size_t, std::string> names;
  bool any = false;
  size_t max_index = 0;
  Visit visit = [&](const Spec& s) {
    if (auto* l = dynamic_cast<const BlockLabelSpec*>(&s)) {
      any = true;
      max_index = std::max(max_index, l->index);
      names[l->index] = l->name;
    }
    s.visit_same_body_children(visit);
  };
  visit(spec);
  if (!any) return {};
  std::vector<std::string> out(max_index + 1);
  for (size_t i = 0; i <= max_index; ++i) {
    auto it = names.find(i);
    out[i] = it != names.end() && !it->second.empty() ? it->second : fmt::format("missing{:02}", i);
  }
  return out;
}

source::Range unknown_range() {
  static const source::FileName name("<unknown>");
  return source::Range{name, source::Pos{0, 0, 0}, source::Pos{0, 0, 0}};
}

}  // namespace

// ---- Object, tuple ------------------------------------------------------------------------------

Value ObjectSpec::decode(const BodyContent& content, Labels labels, body::Context ctx, diag::Diagnostics& diags) const {
  std::vector<Value::Attribute> vals;
  for (const auto& [k, spec] : attrs) vals.emplace_back(k, spec->decode(content, labels, ctx, diags));
  return Value::object(std::move(vals));
}

Type ObjectSpec::implied_type() const {
  std::vector<std::pair<std::string, Type>> types;
  for (const auto& [k, spec] : attrs) types.emplace_back(k, spec->implied_type());
  return Type::object(std::move(types));
}

void ObjectSpec::visit_same_body_children(const Visit& cb) const {
  for (const auto& [k, spec] : attrs) cb(*spec);
}

source::Range ObjectSpec::source_range(const BodyContent& content, Labels) const { return content.missing_item_range; }

Value TupleSpec::decode(const BodyContent& content, Labels labels, body::Context ctx, diag::Diagnostics& diags) const {
  std::vector<Value> vals;
  for (const auto& spec : elems) vals.push_back(spec->decode(content, labels, ctx, diags));
  return Value::tuple(std::move(vals));
}

Type TupleSpec::implied_type() const {
  std::vector<Type> types;
  for (const auto& spec : elems) types.push_back(spec->implied_type());
  return Type::tuple(std::move(types));
}

void TupleSpec::visit_same_body_children(const Visit& cb) const {
  for (const auto& spec : elems) cb(*spec);
}

source::Range TupleSpec::source_range(const BodyContent& content, Labels) const { return content.missing_item_range; }

// ---- Attributes and literals --------------------------------------------------------------------

Value AttrSpec::decode(const BodyContent& content, Labels, body::Context ctx, diag::Diagnostics& diags) const {
  const body::Attribute* attr = content.attributes.find(name);
  if (!attr) return Value::null(type);
  Value val = attr->expr->value(ctx, diags);
  auto converted = cty::convert(val, type);
  if (!converted) {
    source::Range r = attr->expr->range();
    diags.push_back(diag::Diagnostic{
        diag::Severity::Error, "Incorrect attribute value type",
        fmt::format("Inappropriate value for attribute {}: {}.", util::go_quote(name), converted.error()), r,
        body::range_between(attr->name_range, r)});
    return Value::unknown(type);
  }
  return *converted;
}

source::Range AttrSpec::source_range(const BodyContent& content, Labels) const {
  const body::Attribute* attr = content.attributes.find(name);
  return attr ? attr->expr->range() : content.missing_item_range;
}

std::vector<body::Traversal> AttrSpec::variables_needed(const BodyContent& content) const {
  const body::Attribute* attr = content.attributes.find(name);
  return attr ? attr->expr->variables() : std::vector<body::Traversal>{};
}

source::Range LiteralSpec::source_range(const BodyContent&, Labels) const { return unknown_range(); }

// ---- Blocks -------------------------------------------------------------------------------------

std::vector<body::BlockHeaderSchema> BlockSpec::block_header_schemata() const {
  return {{type_name, find_label_specs(*nested)}};
}

Value BlockSpec::decode(const BodyContent& content, Labels, body::Context ctx, diag::Diagnostics& diags) const {
  const body::Block* child = nullptr;
  for (const auto& candidate : content.blocks) {
    if (candidate.type != type_name) continue;
    if (child) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, fmt::format("Duplicate {} block", type_name),
                           fmt::format("Only one block of type {} is allowed. Previous definition was at {}.",
                                       util::go_quote(type_name), body::range_string(child->def_range)),
                           candidate.def_range, std::nullopt});
      break;
    }
    child = &candidate;
  }
  if (!child) {
    if (required) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, fmt::format("Missing {} block", type_name),
                                       fmt::format("A block of type {} is required here.", util::go_quote(type_name)),
                                       content.missing_item_range, std::nullopt});
    }
    return Value::null(nested->implied_type());
  }
  auto labels = labels_for_block(*child);
  return decode_body(child->body, labels, ctx, *nested, diags);
}

source::Range BlockSpec::source_range(const BodyContent& content, Labels) const {
  const body::Block* child = first_block(content, type_name);
  if (!child) return content.missing_item_range;
  auto labels = labels_for_block(*child);
  return body_source_range(child->body, labels, *nested);
}

std::vector<body::Traversal> BlockSpec::variables_needed(const BodyContent& content) const {
  const body::Block* child = first_block(content, type_name);
  if (!child) return {};
  return variables(child->body, *nested);
}

std::vector<body::BlockHeaderSchema> BlockListSpec::block_header_schemata() const {
  return {{type_name, find_label_specs(*nested)}};
}

Type BlockListSpec::implied_type() const {
  return kind == Kind::List ? Type::list(nested->implied_type()) : Type::set(nested->implied_type());
}

Value BlockListSpec::decode(const BodyContent& content, Labels, body::Context ctx, diag::Diagnostics& diags) const {
  std::vector<Value> elems;
  std::vector<source::Range> ranges;
  for (const auto& child : content.blocks) {
    if (child.type != type_name) continue;
    auto labels = labels_for_block(child);
    Value val = decode_body(child.body, labels, ctx, *nested, diags);
    if (child.body->unknown()) return Value::unknown(implied_type());
    elems.push_back(std::move(val));
    ranges.push_back(body_source_range(child.body, labels, *nested));
  }
  if (static_cast<int64_t>(elems.size()) < min_items) {
    diags.push_back(
        diag::Diagnostic{diag::Severity::Error, fmt::format("Insufficient {} blocks", type_name),
                         fmt::format("At least {} {} blocks are required.", min_items, util::go_quote(type_name)),
                         content.missing_item_range, std::nullopt});
  } else if (max_items > 0 && static_cast<int64_t>(elems.size()) > max_items) {
    diags.push_back(
        diag::Diagnostic{diag::Severity::Error, fmt::format("Too many {} blocks", type_name),
                         fmt::format("No more than {} {} blocks are allowed", max_items, util::go_quote(type_name)),
                         ranges[static_cast<size_t>(max_items)], std::nullopt});
  }
  if (elems.empty()) {
    return kind == Kind::List ? Value::empty_list(nested->implied_type()) : Value::empty_set(nested->implied_type());
  }
  // Attributes of type "any" can make the elements' types differ; they must unify.
  std::vector<Type> types;
  for (const auto& v : elems) types.push_back(v.type());
  cty::Unified u = cty::unify(types, true);
  if (!u.type) {
    diags.push_back(diag::Diagnostic{
        diag::Severity::Error, fmt::format("Unconsistent argument types in {} blocks", type_name),
        "Corresponding attributes in all blocks of this type must be the same.", ranges[0], std::nullopt});
    return Value::dynamic();
  }
  for (size_t i = 0; i < elems.size(); ++i) {
    if (elems[i].type() == *u.type && !u.all_dynamic) continue;
    auto converted = cty::convert_unified(elems[i], u, true);
    if (!converted) {
      diags.push_back(diag::Diagnostic{
          diag::Severity::Error, fmt::format("Unconsistent argument types in {} blocks", type_name),
          fmt::format("Block with index {} has inconsistent argument types: {}.", i, converted.error()), ranges[i],
          std::nullopt});
      return Value::dynamic();
    }
    elems[i] = std::move(*converted);
  }
  return kind == Kind::List ? Value::list(std::move(elems)) : Value::set(std::move(elems));
}

source::Range BlockListSpec::source_range(const BodyContent& content, Labels) const {
  const body::Block* child = first_block(content, type_name);
  if (!child) return content.missing_item_range;
  auto labels = labels_for_block(*child);
  return body_source_range(child->body, labels, *nested);
}

std::vector<body::Traversal> BlockListSpec::variables_needed(const BodyContent& content) const {
  std::vector<body::Traversal> out;
  for (const auto& child : content.blocks) {
    if (child.type != type_name) continue;
    for (auto& t : variables(child.body, *nested)) out.push_back(std::move(t));
  }
  return out;
}

std::vector<body::BlockHeaderSchema> BlockMapSpec::block_header_schemata() const {
  std::vector<std::string> names = label_names;
  for (auto& n : find_label_specs(*nested)) names.push_back(std::move(n));
  return {{type_name, std::move(names)}};
}

Type BlockMapSpec::implied_type() const {
  Type t = nested->implied_type();
  for (size_t i = 0; i < label_names.size(); ++i) t = Type::map(t);
  return t;
}

namespace {

// Nested maps of decoded blocks, one level per label.
struct MapNode {
  std::map<std::string, MapNode> children;
  std::optional<Value> value;
};

Value map_value(const MapNode& node, size_t depth, const Type& element) {
  if (node.children.empty()) return Value::empty_map(element);
  std::vector<Value::Attribute> items;
  for (const auto& [k, child] : node.children)
    items.emplace_back(k, depth == 1 ? *child.value : map_value(child, depth - 1, element));
  return Value::map(std::move(items));
}

}  // namespace

Value BlockMapSpec::decode(const BodyContent& content, Labels, body::Context ctx, diag::Diagnostics& diags) const {
  if (label_names.empty() || implied_type().has_dynamic_types()) {
    // The spec reader refuses such specs; the reference panics here.
    diags.push_back(
        diag::Diagnostic{diag::Severity::Error, "Invalid block_map spec",
                         "A block_map spec needs at least one label and may not contain attributes with type 'any'.",
                         content.missing_item_range, std::nullopt});
    return Value::dynamic();
  }
  MapNode root;
  for (const auto& child : content.blocks) {
    if (child.type != type_name) continue;
    if (child.body->unknown()) return Value::unknown(implied_type());
    auto labels = labels_for_block(child);
    Value val = decode_body(child.body, Labels(labels).subspan(label_names.size()), ctx, *nested, diags);
    MapNode* target = &root;
    for (size_t i = 0; i + 1 < label_names.size(); ++i) target = &target->children[child.labels[i]];
    const std::string& key = child.labels[label_names.size() - 1];
    if (target->children.count(key)) {
      std::string quoted;
      for (const auto& l : child.labels) quoted += " " + util::go_quote(l);
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, fmt::format("Duplicate {} block", type_name),
                           fmt::format("A block for {}{} was already defined. The {} labels must be unique.", type_name,
                                       quoted, type_name),
                           child.def_range, std::nullopt});
      continue;
    }
    target->children[key].value = std::move(val);
  }
  // (With no blocks the reference gives a map of one level, whatever the number of labels.)
  if (root.children.empty()) return Value::empty_map(nested->implied_type());
  return map_value(root, label_names.size(), nested->implied_type());
}

source::Range BlockMapSpec::source_range(const BodyContent& content, Labels) const {
  const body::Block* child = first_block(content, type_name);
  if (!child) return content.missing_item_range;
  auto labels = labels_for_block(*child);
  return body_source_range(child->body, labels, *nested);
}

std::vector<body::Traversal> BlockMapSpec::variables_needed(const BodyContent& content) const {
  std::vector<body::Traversal> out;
  for (const auto& child : content.blocks) {
    if (child.type != type_name) continue;
    for (auto& t : variables(child.body, *nested)) out.push_back(std::move(t));
  }
  return out;
}

namespace {

// The placeholder nested spec of block_attrs: it only marks the spec as one that reads blocks.
struct NoopSpec final : Spec {
  Value decode(const BodyContent&, Labels, body::Context, diag::Diagnostics&) const override { return Value::null(); }
  Type implied_type() const override { return Type::dynamic(); }
  source::Range source_range(const BodyContent&, Labels) const override {
    static const source::FileName name("noopSpec");
    return source::Range{name, source::Pos{0, 0, 0}, source::Pos{0, 0, 0}};
  }
};

}  // namespace

const Spec* BlockAttrsSpec::nested_spec() const {
  static const NoopSpec noop;
  return &noop;
}

Value BlockAttrsSpec::decode(const BodyContent& content, Labels, body::Context ctx, diag::Diagnostics& diags) const {
  const body::Block* block = nullptr;
  const body::Block* other = nullptr;
  for (const auto& candidate : content.blocks) {
    if (candidate.type != type_name) continue;
    if (block) {
      other = &candidate;
      break;
    }
    block = &candidate;
  }
  if (!block) {
    if (required) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, fmt::format("Missing {} block", type_name),
                                       fmt::format("A block of type {} is required here.", util::go_quote(type_name)),
                                       content.missing_item_range, std::nullopt});
    }
    return Value::null(Type::map(element_type));
  }
  if (other) {
    diags.push_back(diag::Diagnostic{diag::Severity::Error, fmt::format("Duplicate {} block", type_name),
                                     fmt::format("Only one block of type {} is allowed. Previous definition was at {}.",
                                                 util::go_quote(type_name), body::range_string(block->def_range)),
                                     other->def_range, std::nullopt});
  }
  body::Attributes attrs = block->body->just_attributes(diags);
  if (attrs.empty()) return Value::empty_map(element_type);
  std::vector<Value::Attribute> vals;
  for (const auto& attr : attrs.items) {
    Value v = attr.expr->value(ctx, diags);
    auto converted = cty::convert(v, element_type);
    if (!converted) {
      source::Range r = attr.expr->range();
      diags.push_back(diag::Diagnostic{
          diag::Severity::Error, "Invalid attribute value",
          fmt::format("Invalid value for attribute of {} block: {}.", util::go_quote(type_name), converted.error()), r,
          body::range_between(attr.name_range, r)});
      vals.emplace_back(attr.name, Value::unknown(element_type));
      continue;
    }
    vals.emplace_back(attr.name, std::move(*converted));
  }
  return Value::map(std::move(vals));
}

source::Range BlockAttrsSpec::source_range(const BodyContent& content, Labels) const {
  const body::Block* block = first_block(content, type_name);
  return block ? block->def_range : content.missing_item_range;
}

std::vector<body::Traversal> BlockAttrsSpec::variables_needed(const BodyContent& content) const {
  const body::Block* block = first_block(content, type_name);
  if (!block) return {};
  diag::Diagnostics diags;
  body::Attributes attrs = block->body->just_attributes(diags);
  if (diag::has_errors(diags)) return {};
  std::vector<body::Traversal> out;
  for (const auto& a : attrs.items)
    for (auto& t : a.expr->variables()) out.push_back(std::move(t));
  std::stable_sort(out.begin(), out.end(), [](const body::Traversal& a, const body::Traversal& b) {
    return a.source_range().start.byte < b.source_range().start.byte;
  });
  return out;
}

// ---- Labels, defaults, transforms ---------------------------------------------------------------

Value BlockLabelSpec::decode(const BodyContent&, Labels labels, body::Context, diag::Diagnostics&) const {
  if (index >= labels.size()) return Value::null(Type::string());
  return Value::string(labels[index].value);
}

source::Range BlockLabelSpec::source_range(const BodyContent& content, Labels labels) const {
  if (index >= labels.size()) return content.missing_item_range;
  return labels[index].range;
}

Value DefaultSpec::decode(const BodyContent& content, Labels labels, body::Context ctx,
                          diag::Diagnostics& diags) const {
  Value v = primary->decode(content, labels, ctx, diags);
  if (v.is_null()) v = fallback->decode(content, labels, ctx, diags);
  return v;
}

void DefaultSpec::visit_same_body_children(const Visit& cb) const {
  cb(*primary);
  cb(*fallback);
}

std::vector<body::AttributeSchema> DefaultSpec::attr_schemata() const {
  std::vector<body::AttributeSchema> out;
  if (primary->is_attr_spec())
    for (auto& a : primary->attr_schemata()) out.push_back(std::move(a));
  if (fallback->is_attr_spec())
    for (auto& a : fallback->attr_schemata()) out.push_back(std::move(a));
  return out;
}

std::vector<body::BlockHeaderSchema> DefaultSpec::block_header_schemata() const {
  if (primary->is_block_spec()) return primary->block_header_schemata();
  return {};
}

const Spec* DefaultSpec::nested_spec() const { return primary->is_block_spec() ? primary->nested_spec() : nullptr; }

Value TransformExprSpec::decode(const BodyContent& content, Labels labels, body::Context ctx,
                                diag::Diagnostics& diags) const {
  diag::Diagnostics own;
  Value wrapped_value = wrapped->decode(content, labels, ctx, own);
  bool failed = diag::has_errors(own);
  diag::append(diags, std::move(own));
  if (failed) return Value::unknown(implied_type());
  eval::Scope child(transform_ctx ? transform_ctx->functions() : nullptr);
  child.set_functions_inherited(true);
  child.set(var_name, wrapped_value);
  return expr->value(&child, diags);
}

Type TransformExprSpec::implied_type() const {
  eval::Scope child(transform_ctx ? transform_ctx->functions() : nullptr);
  child.set_functions_inherited(true);
  child.set(var_name, Value::unknown(wrapped->implied_type()));
  diag::Diagnostics ignored;
  return expr->value(&child, ignored).type();
}

// ---- Decoding -----------------------------------------------------------------------------------

body::Schema implied_schema(const Spec& spec) {
  body::Schema schema;
  Visit visit = [&](const Spec& s) {
    if (s.is_attr_spec())
      for (auto& a : s.attr_schemata()) schema.attributes.push_back(std::move(a));
    if (s.is_block_spec())
      for (auto& b : s.block_header_schemata()) schema.blocks.push_back(std::move(b));
    s.visit_same_body_children(visit);
  };
  visit(spec);
  return schema;
}

Value decode(const body::BodyPtr& body, const Spec& spec, body::Context ctx, diag::Diagnostics& diags) {
  return decode_body(body, {}, ctx, spec, diags);
}

std::vector<body::Traversal> variables(const body::BodyPtr& body, const Spec& spec) {
  std::vector<body::Traversal> out;
  diag::Diagnostics ignored;
  BodyContent content = body->partial_content(implied_schema(spec), nullptr, ignored);
  auto take = [&](const Spec& s) {
    if (s.needs_variables())
      for (auto& t : s.variables_needed(content)) out.push_back(std::move(t));
  };
  take(spec);
  Visit visit = [&](const Spec& s) {
    take(s);
    s.visit_same_body_children(visit);
  };
  spec.visit_same_body_children(visit);
  return out;
}

}  // namespace hcl::dec
