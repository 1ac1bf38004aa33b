// SPDX-License-Identifier: Apache-2.0
// The expression evaluator: a syntax tree node plus a scope to a value and diagnostics, with
// hclsyntax's semantics (expression.go, expression_ops.go, expression_template.go, and hcl's
// traversal.go / ops.go): which sub-expressions are evaluated, in which order, what each error
// says and which source range it points at.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cty/budget.h"
#include "cty/value.h"
#include "diag/diagnostic.h"
#include "syntax/tree.h"

namespace hcl::cty {
class FunctionTable;
}

namespace hcl::eval {

// Declared here too, so that a file that also sees the public hcl::Value (lib/api) finds this one.
using cty::Value;

// What an expression can see: variables and functions (hcl.EvalContext). A scope without a
// function table reports "Function calls not allowed"; one made with no_variables() reports
// "Variables not allowed" (both as the reference does for a nil context).
class Scope {
 public:
  explicit Scope(const cty::FunctionTable* functions = nullptr) : functions_(functions) {}
  // Optionally with functions: the reference's context whose Variables map is nil but whose
  // Functions map is not (hcldec's spec functions).
  static Scope no_variables(const cty::FunctionTable* functions = nullptr) {
    Scope s(functions);
    s.variables_allowed_ = false;
    return s;
  }

  // A function table made only when an expression first calls a function: building a whole
  // library costs more than evaluating most expressions. Thread-safe; copies share it.
  void set_functions(std::function<cty::FunctionTable()> make);

  void set(std::string name, Value value) { variables_[std::move(name)] = std::move(value); }
  const Value* find(std::string_view name) const {
    auto it = variables_.find(name);
    return it == variables_.end() ? nullptr : &it->second;
  }
  const std::map<std::string, Value, std::less<>>& variables() const { return variables_; }
  const cty::FunctionTable* functions() const;
  bool variables_allowed() const { return variables_allowed_; }
  // The functions belong to an enclosing context (the reference suggests misspelt function names
  // only from the innermost context's own functions, so then it suggests none).
  void set_functions_inherited(bool inherited) { functions_inherited_ = inherited; }
  bool functions_inherited() const { return functions_inherited_; }
  // More to say after "There is no variable named ..." when nothing close is in scope: a front
  // end that knows why a name is missing (`var` outside a configuration) says how to get it.
  void set_unknown_variable_hint(std::function<std::string(std::string_view)> hint) {
    unknown_variable_hint_ = std::move(hint);
  }
  std::string unknown_variable_hint(std::string_view name) const {
    return unknown_variable_hint_ ? unknown_variable_hint_(name) : std::string();
  }
  // The budget of an evaluation in this scope (copies keep it).
  void set_limits(const cty::EvalLimits& limits) { limits_ = limits; }
  const cty::EvalLimits& limits() const { return limits_; }

 private:
  struct LazyFunctions;
  std::map<std::string, Value, std::less<>> variables_;
  const cty::FunctionTable* functions_ = nullptr;
  std::shared_ptr<LazyFunctions> lazy_functions_;
  bool variables_allowed_ = true;
  bool functions_inherited_ = false;
  cty::EvalLimits limits_;
  std::function<std::string(std::string_view)> unknown_variable_hint_;
};

struct EvalResult {
  Value value;
  diag::Diagnostics diagnostics;
};

// Evaluates the expression at `node` (any expression node, or a Template root of a standalone
// template). Diagnostics carry ranges in the tree's source file.
EvalResult evaluate(const syntax::SyntaxTree& tree, syntax::NodeId node, const Scope& scope);

// A node's source range as hclsyntax reports it (Expression.Range()): the tree's root also
// covers surrounding comments and newlines, which this leaves out.
diag::Span expression_span(const syntax::SyntaxTree& tree, syntax::NodeId node);
// Expression.StartRange(): where diagnostics about the expression as a whole point (the
// opening bracket of a tuple, the name and parenthesis of a call, the first part of a template).
diag::Span expression_start_span(const syntax::SyntaxTree& tree, syntax::NodeId node);
bool is_trivia(lex::TokenKind kind);

// The name to suggest for a misspelt one: the closest candidate within edit distance 2, ties
// broken alphabetically ("" if none). The reference takes the first such candidate in Go's
// (random) map order; this picks the same one whenever only one qualifies.
std::string closest_name(std::string_view given, const std::vector<std::string_view>& candidates);

}  // namespace hcl::eval
