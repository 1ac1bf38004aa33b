// SPDX-License-Identifier: Apache-2.0
// The information model (information-model.md) over both syntaxes: a configuration is a body of
// attributes and blocks, read through a schema. This mirrors the reference's hcl.Body and
// hcl.Expression interfaces so that schema-driven decoding (hcldec), dynamic blocks and merged
// files behave exactly as there:
//
// - Body::content(schema): the attributes and blocks the schema names, with "Unsupported
//   argument", "Missing required argument", "Extraneous label", "Missing ... for ..." and the
//   JSON syntax's "Extraneous JSON object property" for anything else;
// - Body::partial_content(schema): the same without complaining about the rest, which stays in
//   a remaining body;
// - Body::just_attributes(): every item as an attribute (blocks are an error);
// - Expression::value(ctx): the value, in a context of variables and functions, or in the nil
//   context (nullptr) that allows neither and makes JSON strings literal.
//
// Native bodies and expressions are views over a syntax tree (body/native.h); JSON ones over a
// JSON document (body/json_body.h). Other bodies wrap these (merged files, dynamic blocks).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cty/value.h"
#include "diag/diagnostic.h"
#include "eval/eval.h"
#include "source/source_file.h"
#include "syntax/tree.h"
#include "util/hash_key.h"

namespace hcl::body {

using cty::Value;

// An evaluation context: variables and functions. nullptr is the reference's nil context.
using Context = const eval::Scope*;

// ---- Traversals ---------------------------------------------------------------------------------

// One step of an hcl.Traversal: the root variable, an attribute, or an index with a constant key.
struct TraversalStep {
  enum class Kind : uint8_t { Root, Attr, Index };
  Kind kind = Kind::Root;
  std::string name;  // Root, Attr
  Value key;         // Index
  source::Range range;
};

// A static reference to a variable (a.b[0]), as Expression::variables() reports them.
struct Traversal {
  std::vector<TraversalStep> steps;
  // The expression the traversal was read from, to evaluate it (hcl.Traversal.TraverseAbs).
  std::shared_ptr<const syntax::SyntaxTree> tree;
  syntax::NodeId node = syntax::kNoNode;

  const std::string& root_name() const { return steps.front().name; }
  source::Range source_range() const;
  // The value the traversal refers to in `ctx`, or nothing when it does not resolve there.
  std::optional<Value> resolve(Context ctx) const;
};

// ---- Expressions --------------------------------------------------------------------------------

class Expression;
using ExprPtr = std::shared_ptr<const Expression>;

class Expression {
 public:
  virtual ~Expression() = default;
  virtual Value value(Context ctx, diag::Diagnostics& diags) const = 0;
  // Root variable references, in source order (hcl.Expression.Variables).
  virtual std::vector<Traversal> variables() const = 0;
  virtual source::Range range() const = 0;
  virtual source::Range start_range() const = 0;

  // Static analyses, for the expression kinds that support them; nullopt otherwise.
  // hcl.ExprList: the elements of a tuple constructor (a JSON array).
  virtual std::optional<std::vector<ExprPtr>> list() const { return std::nullopt; }
  // hcl.AbsTraversalForExpr: the expression read as a variable reference.
  virtual std::optional<Traversal> traversal() const { return std::nullopt; }
  // An expression that wraps another (hcl.UnwrapExpression), or null.
  virtual ExprPtr unwrapped() const { return nullptr; }
};

// An expression that always has the same value (hcl.StaticExpr).
ExprPtr static_expr(Value value, source::Range range);

// hcl.ExprList, hcl.AbsTraversalForExpr and hcl.ExprAsKeyword, with the reference's diagnostics.
std::optional<std::vector<ExprPtr>> expr_list(const ExprPtr& expr, diag::Diagnostics& diags);
std::optional<Traversal> abs_traversal(const ExprPtr& expr, diag::Diagnostics& diags);
std::string expr_as_keyword(const ExprPtr& expr);

// ---- Bodies -------------------------------------------------------------------------------------

class Body;
using BodyPtr = std::shared_ptr<const Body>;

struct Attribute {
  std::string name;
  ExprPtr expr;
  source::Range range;
  source::Range name_range;
};

struct Block {
  std::string type;
  std::vector<std::string> labels;
  BodyPtr body;
  source::Range def_range;  // the type and labels
  source::Range type_range;
  std::vector<source::Range> label_ranges;
  std::optional<source::Range> open_brace_range;  // native syntax only
};

struct AttributeSchema {
  std::string name;
  bool required = false;
};

struct BlockHeaderSchema {
  std::string type;
  std::vector<std::string> label_names;
};

struct Schema {
  std::vector<AttributeSchema> attributes;
  std::vector<BlockHeaderSchema> blocks;
};

// Attributes by name. The reference keeps them in a map, so its own order is unspecified; here
// they are in source order.
struct Attributes {
  std::vector<Attribute> items;
  const Attribute* find(std::string_view name) const;
  bool empty() const { return items.empty(); }
  // Appends `a` unless an attribute of that name is already here, which is returned instead (and
  // `a` dropped). Bodies are collected this way so that checking for repeats costs a lookup, not
  // a scan of every earlier attribute.
  const Attribute* add_unique(Attribute a);

 private:
  // Positions of items by name, kept by add_unique. find trusts it only while it covers every
  // item, and checks each hit, since items may be pushed, sorted or removed directly.
  std::unordered_map<std::string, size_t, util::KeyedHash, std::equal_to<>> index_;
};

struct BodyContent {
  Attributes attributes;
  std::vector<Block> blocks;
  source::Range missing_item_range;
};

class Body {
 public:
  virtual ~Body() = default;
  virtual BodyContent content(const Schema& schema, diag::Diagnostics& diags) const = 0;
  // The content the schema names, and in `remain` (when not null) a body of everything else.
  virtual BodyContent partial_content(const Schema& schema, BodyPtr* remain, diag::Diagnostics& diags) const = 0;
  virtual Attributes just_attributes(diag::Diagnostics& diags) const = 0;
  // Where an item the body lacks would go, for "missing" diagnostics.
  virtual source::Range missing_item_range() const = 0;
  // Every attribute and block as written, in source order, when the syntax tells them apart
  // without a schema (the native syntax); nothing for the JSON syntax, which needs one.
  virtual std::optional<BodyContent> structure() const { return std::nullopt; }
  // A body whose content stands for something not yet known (a dynamic block over an unknown
  // collection): hcldec's UnknownBody.
  virtual bool unknown() const { return false; }
};

// hcl.MergeBodies: the bodies of several files read as one.
BodyPtr merge_bodies(std::vector<BodyPtr> bodies);
// hcl.EmptyBody.
BodyPtr empty_body();

// "Did you mean" for names in schema diagnostics: the first candidate within edit distance 2.
std::string name_suggestion(std::string_view given, const std::vector<std::string>& candidates);

// hcl.Range.String(): "file:1,2-5" or "file:1,2-3,4".
std::string range_string(const source::Range& r);
// hcl.RangeBetween.
source::Range range_between(const source::Range& a, const source::Range& b);

}  // namespace hcl::body
