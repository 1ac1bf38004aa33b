// SPDX-License-Identifier: Apache-2.0
// Type expressions (ext-typeexpr): `string`, `list(number)`, `map(any)`,
// `object({name = string, port = optional(number, 80)})`, `tuple([string, bool])`, read from a
// syntax tree without evaluating it, with the reference's diagnostics.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "cty/type.h"
#include "cty/value.h"
#include "diag/diagnostic.h"
#include "syntax/tree.h"

namespace hcl::eval {

// Declared here too, so that a file that also sees the public hcl::Value (lib/api) finds this one.
using cty::Value;

// Default values of optional attributes, shaped like the type constraint they came from
// (typeexpr.Defaults): values by attribute name, and the defaults of nested types by attribute
// name, tuple index ("0", "1" ...) or "" for a collection's elements.
struct TypeDefaults {
  cty::Type type;
  std::map<std::string, Value> values;
  std::map<std::string, std::shared_ptr<const TypeDefaults>> children;

  // Fills absent or null attributes with their defaults, all the way down (Defaults.Apply).
  Value apply(const Value& v) const;
};

struct TypeExprResult {
  cty::Type type;
  std::shared_ptr<const TypeDefaults> defaults;  // null when there are none
  diag::Diagnostics diagnostics;
};

// typeexpr.TypeConstraint: "any" allowed, optional() allowed without defaults.
TypeExprResult type_constraint(const syntax::SyntaxTree& tree, syntax::NodeId node);
// typeexpr.TypeConstraintWithDefaults: also optional(T, default).
TypeExprResult type_constraint_with_defaults(const syntax::SyntaxTree& tree, syntax::NodeId node);
// typeexpr.Type: an exact type ("any" and optional() rejected).
TypeExprResult exact_type(const syntax::SyntaxTree& tree, syntax::NodeId node);

}  // namespace hcl::eval
