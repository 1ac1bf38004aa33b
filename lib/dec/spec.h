// SPDX-License-Identifier: Apache-2.0
// hcldec: decoding a body into one value by a specification (hashicorp/hcl's hcldec package).
// A spec says which attributes and blocks a body holds and how they become a value: an object of
// attributes, a list of blocks, a map of blocks by label ... Decoding reads the body through the
// schema the spec implies, so the body reports what does not belong (body/body.h), and the specs
// report what is missing, repeated or of the wrong type, in the reference's words.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "body/body.h"
#include "cty/type.h"
#include "cty/value.h"

namespace hcl::dec {

using cty::Type;
using cty::Value;

struct BlockLabel {
  std::string value;
  source::Range range;
};
using Labels = std::span<const BlockLabel>;

class Spec;
using SpecPtr = std::shared_ptr<const Spec>;
using Visit = std::function<void(const Spec&)>;

class Spec {
 public:
  virtual ~Spec() = default;
  // The value for `content` (the part of a body this spec's schema selected), in the block
  // whose labels are `labels` (none at the top).
  virtual Value decode(const body::BodyContent& content, Labels labels, body::Context ctx,
                       diag::Diagnostics& diags) const = 0;
  virtual Type implied_type() const = 0;
  // The nested specs that read the same body (not those of nested blocks).
  virtual void visit_same_body_children(const Visit& cb) const {}
  // Where the value comes from, or where it would go when missing.
  virtual source::Range source_range(const body::BodyContent& content, Labels labels) const = 0;

  // The parts of the schema this spec needs (hcldec's attrSpec and blockSpec interfaces).
  virtual bool is_attr_spec() const { return false; }
  virtual std::vector<body::AttributeSchema> attr_schemata() const { return {}; }
  virtual bool is_block_spec() const { return false; }
  virtual std::vector<body::BlockHeaderSchema> block_header_schemata() const { return {}; }
  virtual const Spec* nested_spec() const { return nullptr; }
  // specNeedingVariables.
  virtual bool needs_variables() const { return false; }
  virtual std::vector<body::Traversal> variables_needed(const body::BodyContent& content) const { return {}; }
};

// ---- The spec types -----------------------------------------------------------------------------

// An object with one attribute per entry.
struct ObjectSpec final : Spec {
  std::map<std::string, SpecPtr> attrs;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override;
  void visit_same_body_children(const Visit& cb) const override;
  source::Range source_range(const body::BodyContent&, Labels) const override;
};

// A tuple with one element per entry.
struct TupleSpec final : Spec {
  std::vector<SpecPtr> elems;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override;
  void visit_same_body_children(const Visit& cb) const override;
  source::Range source_range(const body::BodyContent&, Labels) const override;
};

// One attribute's value, converted to `type`.
struct AttrSpec final : Spec {
  std::string name;
  Type type;
  bool required = false;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override { return type; }
  source::Range source_range(const body::BodyContent&, Labels) const override;
  bool is_attr_spec() const override { return true; }
  std::vector<body::AttributeSchema> attr_schemata() const override { return {{name, required}}; }
  bool needs_variables() const override { return true; }
  std::vector<body::Traversal> variables_needed(const body::BodyContent& content) const override;
};

// A fixed value.
struct LiteralSpec final : Spec {
  Value value;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override { return value; }
  Type implied_type() const override { return value.type(); }
  source::Range source_range(const body::BodyContent&, Labels) const override;
};

// The body of the one block of a type (null when there is none).
struct BlockSpec final : Spec {
  std::string type_name;
  SpecPtr nested;
  bool required = false;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override { return nested->implied_type(); }
  source::Range source_range(const body::BodyContent&, Labels) const override;
  bool is_block_spec() const override { return true; }
  std::vector<body::BlockHeaderSchema> block_header_schemata() const override;
  const Spec* nested_spec() const override { return nested.get(); }
  bool needs_variables() const override { return true; }
  std::vector<body::Traversal> variables_needed(const body::BodyContent& content) const override;
};

// The bodies of all blocks of a type, as a list, a set or (for blocks with labels) nested maps.
struct BlockListSpec final : Spec {
  enum class Kind : uint8_t { List, Set } kind = Kind::List;
  std::string type_name;
  SpecPtr nested;
  int64_t min_items = 0;
  int64_t max_items = 0;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override;
  source::Range source_range(const body::BodyContent&, Labels) const override;
  bool is_block_spec() const override { return true; }
  std::vector<body::BlockHeaderSchema> block_header_schemata() const override;
  const Spec* nested_spec() const override { return nested.get(); }
  bool needs_variables() const override { return true; }
  std::vector<body::Traversal> variables_needed(const body::BodyContent& content) const override;
};

struct BlockMapSpec final : Spec {
  std::string type_name;
  std::vector<std::string> label_names;
  SpecPtr nested;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override;
  source::Range source_range(const body::BodyContent&, Labels) const override;
  bool is_block_spec() const override { return true; }
  std::vector<body::BlockHeaderSchema> block_header_schemata() const override;
  const Spec* nested_spec() const override { return nested.get(); }
  bool needs_variables() const override { return true; }
  std::vector<body::Traversal> variables_needed(const body::BodyContent& content) const override;
};

// The attributes of the one block of a type, as a map.
struct BlockAttrsSpec final : Spec {
  std::string type_name;
  Type element_type;
  bool required = false;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override { return Type::map(element_type); }
  source::Range source_range(const body::BodyContent&, Labels) const override;
  bool is_block_spec() const override { return true; }
  std::vector<body::BlockHeaderSchema> block_header_schemata() const override { return {{type_name, {}}}; }
  const Spec* nested_spec() const override;
  bool needs_variables() const override { return true; }
  std::vector<body::Traversal> variables_needed(const body::BodyContent& content) const override;
};

// A block's label (inside the nested spec of a block spec).
struct BlockLabelSpec final : Spec {
  size_t index = 0;
  std::string name;
  Value decode(const body::BodyContent&, Labels labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override { return Type::string(); }
  source::Range source_range(const body::BodyContent&, Labels labels) const override;
};

// The primary spec's value, or the default's when that is null.
struct DefaultSpec final : Spec {
  SpecPtr primary, fallback;
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override { return primary->implied_type(); }
  void visit_same_body_children(const Visit& cb) const override;
  source::Range source_range(const body::BodyContent& c, Labels l) const override {
    return primary->source_range(c, l);
  }
  bool is_attr_spec() const override { return true; }
  std::vector<body::AttributeSchema> attr_schemata() const override;
  bool is_block_spec() const override { return true; }
  std::vector<body::BlockHeaderSchema> block_header_schemata() const override;
  const Spec* nested_spec() const override;
};

// An expression evaluated with the wrapped spec's value as the variable `var_name`.
struct TransformExprSpec final : Spec {
  SpecPtr wrapped;
  body::ExprPtr expr;
  std::shared_ptr<const eval::Scope> transform_ctx;  // its functions; may be null
  std::string var_name = "nested";
  Value decode(const body::BodyContent&, Labels, body::Context, diag::Diagnostics&) const override;
  Type implied_type() const override;
  void visit_same_body_children(const Visit& cb) const override { cb(*wrapped); }
  source::Range source_range(const body::BodyContent& c, Labels l) const override {
    return wrapped->source_range(c, l);
  }
};

// ---- Decoding -----------------------------------------------------------------------------------

// hcldec.Decode: the whole body must match the spec.
Value decode(const body::BodyPtr& body, const Spec& spec, body::Context ctx, diag::Diagnostics& diags);
// hcldec.ImpliedSchema and ImpliedType.
body::Schema implied_schema(const Spec& spec);
inline Type implied_type(const Spec& spec) { return spec.implied_type(); }
// hcldec.Variables: the variable references decoding would evaluate.
std::vector<body::Traversal> variables(const body::BodyPtr& body, const Spec& spec);

}  // namespace hcl::dec
