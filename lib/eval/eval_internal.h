// SPDX-License-Identifier: Apache-2.0
// The evaluator's private parts, shared by the files that evaluate each construct (eval.cpp,
// eval_traversal.cpp, eval_collection.cpp, eval_for.cpp, eval_conditional.cpp,
// eval_operators.cpp, eval_call.cpp, eval_template.cpp). Not part of the library's interface:
// include eval/eval.h instead.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ast/ast.h"
#include "cty/budget.h"
#include "cty/convert.h"
#include "eval/eval.h"
#include "util/text.h"

namespace hcl::cty {
struct Function;
struct CallError;
struct ExpressionClosure;
}  // namespace hcl::cty

// The evaluator mirrors the Value methods of hclsyntax's expression types (expression.go,
// expression_ops.go, expression_template.go) and hcl's traversal functions (ops.go,
// traversal.go): for each node kind, which children are evaluated, in what order, which
// diagnostics each problem gives, where they point, and what an unknown or dynamic operand
// makes of the result. It walks the syntax tree directly instead of building the reference's
// expression objects; where the reference's object would differ from the tree's node (a
// template's nested directives, a traversal's steps), the difference is handled where it
// matters.
namespace hcl::eval::evaluator_detail {

// A binding made while evaluating: a for expression's key and value variables (a child
// EvalContext in the reference) or the current element of a splat.
struct Frame {
  const Frame* parent = nullptr;
  bool child_context = false;
  std::string_view key_name;
  Value key;
  std::string_view value_name;
  Value value;
  NodeId splat_item = kNoNode;
};

// Whether a sub-evaluation reported an error: the reference asks a sub-result's own
// diagnostics; here they are appended to one list, so the question is about its tail.
inline bool has_errors_since(const Diagnostics& d, size_t mark) {
  for (size_t i = mark; i < d.size(); ++i)
    if (d[i].severity == Severity::Error) return true;
  return false;
}

// One part of a template, with directives nested (the reference's templateParser output).
struct TemplatePart {
  enum Kind : uint8_t { Literal, Interp, If, For } kind = Literal;
  Value literal;              // Literal
  Span range{};               // the part's Range()
  Span start{};               // the part's StartRange()
  NodeId node = kNoNode;      // Interp: the expression; If: the condition; For: the collection
  std::vector<TemplatePart> then_parts, else_parts;  // If (then_parts is also For's body)
  std::string_view key_var, value_var;               // For
};

// A template's parts, nested once per template node and kept for later evaluations of the same
// node (a template inside a for expression is evaluated once per element). A template that is
// exactly one interpolation ("${x}") passes its value through unconverted, as the reference's
// TemplateWrapExpr does.
struct TemplatePlan {
  bool passthrough = false;
  NodeId passthrough_expr = kNoNode;
  std::vector<TemplatePart> parts;
};

// One evaluation of one tree in one scope. Each construct's members are defined in the file
// named beside their declarations; eval.cpp holds the dispatch.
class Evaluator {
 public:
  Evaluator(const SyntaxTree& tree, const Scope& scope) : t_(tree), scope_(scope) {}

  Value eval(NodeId n, const Frame* f, Diagnostics& d);

  // hcl.Range() and StartRange() of a node.
  Span span(NodeId n) const { return expression_span(t_, n); }
  Span start_span(NodeId n);
  Range range(Span s) const { return t_.source().range(s.start, s.end); }

 private:
  Span tok(uint32_t i) const { return Span{t_.token(i).start, t_.token(i).end}; }
  // The node's last token, not counting the trivia the tree's root extends over.
  uint32_t last_tok(NodeId n) const {
    const Node& nd = t_.node(n);
    uint32_t i = nd.last_token;
    while (i > nd.first_token && is_trivia(t_.token(i).kind)) --i;
    return i;
  }
  NodeId last_child(NodeId n) const { return n - 1; }
  NodeId prev_sibling(NodeId c) const { return c - t_.node(c).subtree_size; }
  const Node& node(NodeId n) const { return t_.node(n); }

  // The reference attaches the expression and its context to each diagnostic; here only the
  // ranges, which are all that the renderings use.
  void error(Diagnostics& d, std::string summary, std::string detail, Span subject,
             std::optional<Span> context = std::nullopt) {
    Diagnostic diag;
    diag.severity = Severity::Error;
    diag.summary = std::move(summary);
    diag.detail = std::move(detail);
    diag.subject = range(subject);
    if (context) diag.context = range(*context);
    d.push_back(std::move(diag));
  }

  // Traversal steps: a variable, then attribute and literal-key index steps (one hcl.Traversal).
  bool is_literal_key(NodeId key);
  bool is_traversal_step(NodeId n);
  bool is_scope_traversal(NodeId n);

  // One member per node kind, called from eval(): literals and variables (eval.cpp); attribute,
  // index and splat steps (eval_traversal.cpp); calls (eval_call.cpp); tuple and object
  // constructors (eval_collection.cpp); for (eval_for.cpp); conditionals
  // (eval_conditional.cpp); operators (eval_operators.cpp); templates (eval_template.cpp).
  Value literal(NodeId n);
  Value variable(NodeId n, const Frame* f, Diagnostics& d);
  Value get_attr_step(NodeId n, const Frame* f, Diagnostics& d);
  Value index_step(NodeId n, const Frame* f, Diagnostics& d);
  Value legacy_index_step(NodeId n, const Frame* f, Diagnostics& d);
  Value splat(NodeId n, const Frame* f, Diagnostics& d);
  Value function_call(NodeId n, const Frame* f, Diagnostics& d);
  Value tuple(NodeId n, const Frame* f, Diagnostics& d);
  Value object(NodeId n, const Frame* f, Diagnostics& d);
  Value for_expr(NodeId n, const Frame* f, Diagnostics& d);
  Value conditional(NodeId n, const Frame* f, Diagnostics& d);
  Value binary(NodeId n, const Frame* f, Diagnostics& d);
  Value unary(NodeId n, const Frame* f, Diagnostics& d);
  Value template_expr(NodeId n, const Frame* f, Diagnostics& d);

  // hcl.Index and hcl.GetAttr (ops.go), the operations behind traversal steps (eval_traversal.cpp).
  Value hcl_index(const Value& coll, const Value& key, Span rng, Diagnostics& d);
  Value hcl_get_attr(const Value& obj, std::string_view name, Span rng, Diagnostics& d);

  // A conditional whose branches are given as functions (eval_conditional.cpp): the conditional
  // expression and the template if directive share it, as the reference's template parser builds
  // a ConditionalExpr.
  using BranchFn = std::function<Value(Diagnostics&)>;
  Value conditional_with(NodeId cond, const BranchFn& eval_true, const BranchFn& eval_false, Span true_range,
                         Span false_range, Span src_range, const Frame* f, Diagnostics& d);

  // A for expression's parts (eval_for.cpp), shared by the for expression and the template for
  // directive (whose value is a template body).
  struct ForSpec {
    std::string_view key_var, value_var;
    NodeId collection = kNoNode;
    NodeId key_expr = kNoNode;
    NodeId cond = kNoNode;
    bool group = false;
    Span src_range{};
  };
  using ValueFn = std::function<Value(const Frame*, Diagnostics&)>;
  Value for_with(const ForSpec& spec, const ValueFn& value_fn, const Frame* f, Diagnostics& d);
  std::optional<Value> for_collection(const ForSpec& spec, const Frame* f, Diagnostics& d);
  bool for_condition_precheck(const ForSpec& spec, Frame& frame, Diagnostics& d);
  enum class ForFilter : uint8_t { Include, Exclude, Unknown };
  ForFilter for_filter(const ForSpec& spec, const Frame& frame, bool report, bool known_first, Diagnostics& d);
  std::optional<Value> for_key(const ForSpec& spec, const Frame& frame, bool report, Diagnostics& d);
  Value for_object(const ForSpec& spec, const Value& coll, const ValueFn& value_fn, Frame& frame, Diagnostics& d);
  Value for_tuple(const ForSpec& spec, const Value& coll, const ValueFn& value_fn, Frame& frame, Diagnostics& d);

  // Function calls (eval_call.cpp).
  struct CallArg {
    NodeId node = kNoNode;  // kNoNode: an element of an expanded final argument, held in value
    Value value;
    Span range{};
    Span start{};
  };
  Value unknown_function(const ast::FunctionCall& call, Span call_range, const cty::FunctionTable& table,
                         const Frame* f, Diagnostics& d);
  bool call_arguments(const ast::FunctionCall& call, Span call_range, const Frame* f, std::vector<CallArg>& args,
                      Diagnostics& d);
  bool check_arity(const ast::FunctionCall& call, Span call_range, const cty::Function& fn,
                   const std::vector<CallArg>& args, Diagnostics& d);
  std::vector<Value> argument_values(const cty::Function& fn, const std::vector<CallArg>& args, Span call_range,
                                     const Frame* f, Diagnostics& d);
  std::shared_ptr<cty::ExpressionClosure> argument_closure(const CallArg& a, const Frame* f);
  void report_call_error(const ast::FunctionCall& call, Span call_range, const cty::Function& fn,
                         const std::vector<CallArg>& args, const cty::CallError& e, Diagnostics& d);

  // Templates (eval_template.cpp).
  const TemplatePlan& template_plan(NodeId n);
  // The parts from kids[i] up to the directive that closes the enclosing one (else, endif,
  // endfor), nesting if and for directives; i ends on that closing directive.
  std::vector<TemplatePart> template_parts(const std::vector<NodeId>& kids, const std::vector<std::string>& lits,
                                           size_t& i);
  Value template_parts_value(const std::vector<TemplatePart>& parts, Span src_range, const Frame* f, Diagnostics& d);
  Value template_part_value(const TemplatePart& p, const Frame* f, Diagnostics& d);

  std::vector<std::string_view> variable_names(const Frame* f) const;

  const SyntaxTree& t_;
  const Scope& scope_;
  std::unordered_map<NodeId, std::unique_ptr<TemplatePlan>> templates_;
};

}  // namespace hcl::eval::evaluator_detail
