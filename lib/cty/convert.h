// SPDX-License-Identifier: Apache-2.0
// Type conversion and unification, as cty's convert package defines them. These produce the
// type errors users see ("a number is required", "attribute \"a\" is required", "list of string
// required"), so messages follow the reference word for word.
//
// Safe conversions never fail for a known value (number -> string, tuple -> list when the
// elements agree); unsafe ones may (string -> number, list -> set, map -> object). convert()
// allows both, as the language does everywhere it converts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cty/expected.h"
#include "cty/type.h"
#include "cty/value.h"

namespace hcl::cty {

// convert.Convert: `v` as a value of type `want` (a type constraint: "any" leaves parts as they
// are; optional attributes are filled with nulls). The error is cty's message.
Expected<Value> convert(const Value& v, const Type& want);

// Whether cty has a conversion from `in` to `out` (GetConversion / GetConversionUnsafe). Like
// cty, a type has no "conversion" to itself unless it contains "any" or structure to walk.
bool can_convert(const Type& in, const Type& out, bool unsafe);

// Runs the conversion from v's type to `out`; an error when there is none.
Expected<Value> apply_conversion(const Value& v, const Type& out, bool unsafe);

// convert.MismatchMessage: why no conversion from `got` to `want` exists.
std::string mismatch_message(const Type& got, const Type& want);

// convert.Unify / UnifyUnsafe: a type all of `types` convert to, or nullopt. `all_dynamic` is
// set when the result is "any" because some input was, in which case cty converts every value
// to an unknown.
struct Unified {
  std::optional<Type> type;
  bool all_dynamic = false;
};
Unified unify(const std::vector<Type>& types, bool unsafe);

// Converts a value to the unified type, the way the conversions Unify returns do.
Expected<Value> convert_unified(const Value& v, const Unified& u, bool unsafe);

}  // namespace hcl::cty
