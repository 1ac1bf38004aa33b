// SPDX-License-Identifier: Apache-2.0
// Functions callable from expressions: a specification per function (parameters, return type,
// implementation) and the table the evaluator looks names up in. This mirrors go-cty's
// function.Spec / function.Call so that calls fail with the reference's messages.
//
// Writing a function (one file per family, lib/funcs/<family>.cpp):
//
//   void add_string_functions(FunctionTable& table) {
//     table.add({
//         .name = "upper",
//         .description = "Converts letters in the given string to uppercase.",
//         .params = {{.name = "str", .type = Type::string(), .allow_dynamic = true}},
//         .return_type = static_return(Type::string()),
//         .impl = [](Args args, const Type&) -> Result<Value> {
//           return Value::string(to_upper(args[0].as_string()));
//         },
//     });
//   }
//
// then call add_string_functions from standard_functions() (library.cpp).
//
// What the call machinery guarantees before `impl` runs (function.Call):
//  - the argument count matches (the evaluator reports "Not enough/Too many function arguments");
//  - every argument was converted to its parameter's type (so a number parameter holds a
//    number even when given "5");
//  - no argument is null unless its parameter has allow_null;
//  - no argument is unknown unless its parameter has allow_unknown: the result is then an
//    unknown of the return type, without calling `impl`;
//  - an argument of the dynamic pseudo-type (an unknown of unknown type) reaches return_type
//    and impl only with allow_dynamic; otherwise the result is unknown (even for a null);
//  - no argument holds a sensitivity mark, however deep, unless its parameter's `marks` says
//    otherwise (ParamMarks): marks are removed before return_type and impl see the argument,
//    and the result (unknown ones included) is marked sensitive if any were.
// `return_type` runs before `impl` and may see unknown values; `impl` must return a value of
// the type `return_type` gave. Report problems with arg_error(i, ...) (shown as "Invalid value
// for "<param>" parameter: ...") or call_error(...) ("Call to function ... failed: ...").
//
// Building blocks for implementations:
//  - values and types: cty/value.h (Value::string/number/list/set/map/tuple/object, accessors,
//    equals), cty/type.h (Type::list(...), friendly names for messages);
//  - numbers: cty/number.h (exact arithmetic with cty's precision rules, to_int64, to_double,
//    from_double for float64 results, parse for cty.ParseNumberVal);
//  - conversion: cty/convert.h (convert(value, type) with cty's messages, unify, can_convert);
//  - text: cty/unicode.h (NFC, grapheme_length, grapheme_boundaries for substr-like work);
//  - JSON: cty/json_encoding.h (cty's encoding and decoding of values and types).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cty/convert.h"
#include "cty/expected.h"
#include "cty/type.h"
#include "cty/value.h"
#include "diag/diagnostic.h"

namespace hcl::cty {

// Why a call failed: about one argument (its index in the call, variadic ones included) or
// about the call as a whole (argument = -1).
struct CallError {
  std::string message;
  int argument = -1;
};

inline CallError arg_error(int index, std::string message) { return CallError{std::move(message), index}; }
inline CallError call_error(std::string message) { return CallError{std::move(message), -1}; }

template <class T>
using Result = cty::Expected<T, CallError>;

inline cty::Unexpected<CallError> fail(CallError e) { return {std::move(e)}; }
inline cty::Unexpected<CallError> fail_arg(int index, std::string message) {
  return {arg_error(index, std::move(message))};
}
inline cty::Unexpected<CallError> fail_call(std::string message) { return {call_error(std::move(message))}; }

// How an argument reaches the function.
enum class ParamKind : uint8_t {
  Value,           // the argument's value, converted to the parameter type
  TypeConstraint,  // a type expression (typeexpr syntax), read without evaluating it
  Expression,      // the unevaluated expression, as an ExpressionClosure (try, can)
};

// What the call machinery does with an argument's sensitivity marks (cty's AllowMarked).
enum class ParamMarks : uint8_t {
  Remove,   // removes them all, however deep, and marks the result if there were any
  Shallow,  // removes only the argument's own mark (onto the result); its elements keep theirs,
            // and a function that copies elements into its result carries their marks along
            // (Terraform's length, keys, concat, merge ...: AllowMarked plus the argument's marks)
  Allow,    // passes the argument as it is: the function decides (sensitive, issensitive ...)
};

struct Param {
  std::string name = {};
  Type type = Type::dynamic();
  bool allow_null = false;
  bool allow_unknown = false;
  bool allow_dynamic = false;  // cty's AllowDynamicType
  ParamMarks marks = ParamMarks::Remove;
  ParamKind kind = ParamKind::Value;
  std::string description = {};
};

using Args = std::span<const Value>;
using ReturnTypeFn = std::function<Result<Type>(Args args)>;
using ImplFn = std::function<Result<Value>(Args args, const Type& return_type)>;

struct Function {
  std::string name = {};
  std::string description = {};
  std::vector<Param> params = {};
  std::optional<Param> variadic = std::nullopt;
  ReturnTypeFn return_type = {};
  ImplFn impl = {};
};

// A return-type function for functions whose result type never varies.
ReturnTypeFn static_return(Type type);

// cty's ReturnTypeForValues: checks nulls and types, then asks the function.
Result<Type> return_type_for(const Function& f, Args args);
// cty's function.Call (see the guarantees above).
Result<Value> call(const Function& f, Args args);

// One line: name(param type, ...) return-type, as `hcl eval --functions` lists it.
std::string signature(const Function& f);

// The functions an evaluation may call, by name.
class FunctionTable {
 public:
  // Adds or replaces a function.
  void add(Function f);
  // A function answering every name that starts with `prefix` and has no entry of its own: how
  // OpenTofu's provider:: calls, whose providers are not at hand, still evaluate (to unknown).
  void add_namespace(std::string prefix, Function f);
  const Function* find(std::string_view name) const;
  // Every name, sorted (namespace fallbacks are not names).
  std::vector<std::string_view> names() const;
  size_t size() const { return functions_.size(); }

 private:
  std::vector<std::unique_ptr<Function>> functions_;
  std::unordered_map<std::string_view, const Function*> by_name_;
  std::vector<std::pair<std::string, std::unique_ptr<Function>>> namespaces_;
};

// ---- Arguments that are not values --------------------------------------------------------------

// The capsule types of TypeConstraint and Expression arguments.
Type type_constraint_type();
Type expression_closure_type();

// A TypeConstraint argument: the type it names.
Value type_constraint_value(Type t);
const Type& type_constraint_of(const Value& v);

// An Expression argument: evaluates the expression in the caller's scope (memoised: the
// expression runs at most once per call).
struct ExpressionClosure {
  std::function<std::pair<Value, diag::Diagnostics>()> evaluate;
  // The argument is a plain reference (a variable with attribute and literal index steps, as
  // hclsyntax.ScopeTraversalExpr): Terraform's templatestring renders only such a reference, so
  // that a template is never written inline where a template expression would do.
  bool direct_reference = false;
};
Value expression_closure_value(std::shared_ptr<const ExpressionClosure> closure);
const ExpressionClosure& expression_closure_of(const Value& v);

// hcl.Range's String(), as the reference embeds ranges in messages: "<expr>:1,5-11".
std::string range_string(const source::Range& r);

}  // namespace hcl::cty
