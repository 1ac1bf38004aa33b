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
#include "ast/nodes.h"
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

// The nodes of a chain walked from its outer end (a traversal's steps, an operation's left
// operands), kept on the stack while there are few: most chains have a handful.
class NodeChain {
 public:
  void push(syntax::NodeId id) {
    if (size_ < kInline) inline_[size_] = id;
    else more_.push_back(id);
    ++size_;
  }
  size_t size() const { return size_; }
  syntax::NodeId operator[](size_t i) const { return i < kInline ? inline_[i] : more_[i - kInline]; }

 private:
  static constexpr size_t kInline = 16;
  syntax::NodeId inline_[kInline];
  std::vector<syntax::NodeId> more_;
  size_t size_ = 0;
};

// A binding made while evaluating: a for expression's key and value variables (a child
// EvalContext in the reference) or the current element of a splat.
struct Frame {
  const Frame* parent = nullptr;
  bool child_context = false;
  std::string_view key_name;
  Value key;
  std::string_view value_name;
  Value value;
  syntax::NodeId splat_item = syntax::kNoNode;
};

// Whether a sub-evaluation reported an error: the reference asks a sub-result's own
// diagnostics; here they are appended to one list, so the question is about its tail.
inline bool has_errors_since(const diag::Diagnostics& d, size_t mark) {
  for (size_t i = mark; i < d.size(); ++i)
    if (d[i].severity == diag::Severity::Error) return true;
  return false;
}

// cty's convert for an operand whose parameter type is a primitive type or any type: most
// operands have the type already, and then convert would return them as they are.
inline cty::Expected<Value> convert_operand(const Value& v, const cty::Type& want) {
  if (want.is_dynamic() || v.type() == want) return v;
  return cty::convert(v, want);
}

// One part of a template, with directives nested (the reference's templateParser output).
struct TemplatePart {
  enum Kind : uint8_t { Literal, Interp, If, For } kind = Literal;
  Value literal;                                     // Literal
  diag::Span range{};                                // the part's Range()
  diag::Span start{};                                // the part's StartRange()
  syntax::NodeId node = syntax::kNoNode;             // Interp: the expression; If: the condition; For: the collection
  std::vector<TemplatePart> then_parts, else_parts;  // If (then_parts is also For's body)
  std::string_view key_var, value_var;               // For
};

// A template's parts, nested once per template node and kept for later evaluations of the same
// node (a template inside a for expression is evaluated once per element). A template that is
// exactly one interpolation ("${x}") passes its value through unconverted, as the reference's
// TemplateWrapExpr does.
struct TemplatePlan {
  bool passthrough = false;
  syntax::NodeId passthrough_expr = syntax::kNoNode;
  std::vector<TemplatePart> parts;
};

// One evaluation of one tree in one scope. Each construct's members are defined in the file
// named beside their declarations; eval.cpp holds the dispatch.
class Evaluator {
 public:
  Evaluator(const syntax::SyntaxTree& tree, const Scope& scope) : t_(tree), scope_(scope) {}

  Value eval(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);

  // hcl.Range() and StartRange() of a node.
  diag::Span span(syntax::NodeId n) const { return expression_span(t_, n); }
  diag::Span start_span(syntax::NodeId n);
  source::Range range(diag::Span s) const { return t_.source().range(s.start, s.end); }

 private:
  diag::Span tok(uint32_t i) const { return diag::Span{t_.token(i).start, t_.token(i).end}; }
  // The node's last token, not counting the trivia the tree's root extends over.
  uint32_t last_tok(syntax::NodeId n) const {
    const syntax::Node& nd = t_.node(n);
    uint32_t i = nd.last_token;
    while (i > nd.first_token && is_trivia(t_.token(i).kind)) --i;
    return i;
  }
  const syntax::Node& node(syntax::NodeId n) const { return t_.node(n); }

  // The reference attaches the expression and its context to each diagnostic; here only the
  // ranges, which are all that the renderings use.
  void error(diag::Diagnostics& d, std::string summary, std::string detail, diag::Span subject,
             std::optional<diag::Span> context = std::nullopt) {
    diag::Diagnostic diag;
    diag.severity = diag::Severity::Error;
    diag.summary = std::move(summary);
    diag.detail = std::move(detail);
    diag.subject = range(subject);
    if (context) diag.context = range(*context);
    d.push_back(std::move(diag));
  }

  // Traversal steps: a variable, then attribute and literal-key index steps (one hcl.Traversal).
  bool is_traversal_step(syntax::NodeId n);
  bool is_scope_traversal(syntax::NodeId n);

  // One member per node kind, called from eval(): literals and variables (eval.cpp); attribute,
  // index and splat steps (eval_traversal.cpp); calls (eval_call.cpp); tuple and object
  // constructors (eval_collection.cpp); for (eval_for.cpp); conditionals
  // (eval_conditional.cpp); operators (eval_operators.cpp); templates (eval_template.cpp).
  Value literal(syntax::NodeId n) {
    LiteralSlot& slot = literals_[n % kLiteralSlots];
    if (slot.node != n) {
      slot.value = decode_literal(n);
      slot.node = n;
    }
    return slot.value;
  }
  Value decode_literal(syntax::NodeId n);
  Value variable(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value traversal(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value step(syntax::NodeId n, syntax::NodeId src, const Value& v, size_t mark, const Frame* f, diag::Diagnostics& d);
  Value splat(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value function_call(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value tuple(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value object(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value for_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value conditional(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value binary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value binary_chain(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value binary_of(syntax::NodeId n, const Value& l, diag::Diagnostics& ld, const Value& r, diag::Diagnostics& rd,
                  diag::Diagnostics& d);
  Value unary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value binary_operation(syntax::NodeId n, ast::Operator op, const Value& a, const Value& b, const cty::Type& result,
                         diag::Diagnostics& d);
  Value template_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);

  // hcl.Index and hcl.GetAttr (ops.go), the operations behind traversal steps (eval_traversal.cpp).
  Value hcl_index(const Value& coll, const Value& key, diag::Span rng, diag::Diagnostics& d);
  Value hcl_get_attr(const Value& obj, std::string_view name, diag::Span rng, diag::Diagnostics& d);

  // A conditional whose branches are given as functions (eval_conditional.cpp): the conditional
  // expression and the template if directive share it, as the reference's template parser builds
  // a ConditionalExpr.
  using BranchFn = std::function<Value(diag::Diagnostics&)>;
  Value conditional_with(syntax::NodeId cond, const BranchFn& eval_true, const BranchFn& eval_false,
                         diag::Span true_range, diag::Span false_range, diag::Span src_range, const Frame* f,
                         diag::Diagnostics& d);

  // A for expression's parts (eval_for.cpp), shared by the for expression and the template for
  // directive (whose value is a template body).
  struct ForSpec {
    std::string_view key_var, value_var;
    syntax::NodeId collection = syntax::kNoNode;
    syntax::NodeId key_expr = syntax::kNoNode;
    syntax::NodeId cond = syntax::kNoNode;
    bool group = false;
    diag::Span src_range{};
  };
  using ValueFn = std::function<Value(const Frame*, diag::Diagnostics&)>;
  Value for_with(const ForSpec& spec, const ValueFn& value_fn, const Frame* f, diag::Diagnostics& d);
  // `marked` gathers the sensitivity marks that make the whole result sensitive: the
  // collection's own, and any condition's or key's (HCL's ForExpr.Value).
  std::optional<Value> for_collection(const ForSpec& spec, const Frame* f, bool& marked, diag::Diagnostics& d);
  bool for_condition_precheck(const ForSpec& spec, Frame& frame, diag::Diagnostics& d);
  enum class ForFilter : uint8_t { Include, Exclude, Unknown };
  ForFilter for_filter(const ForSpec& spec, const Frame& frame, bool report, bool known_first, bool& marked,
                       diag::Diagnostics& d);
  std::optional<Value> for_key(const ForSpec& spec, const Frame& frame, bool report, bool& marked,
                               diag::Diagnostics& d);
  Value for_object(const ForSpec& spec, const Value& coll, const ValueFn& value_fn, Frame& frame, bool& marked,
                   diag::Diagnostics& d);
  Value for_tuple(const ForSpec& spec, const Value& coll, const ValueFn& value_fn, Frame& frame, bool& marked,
                  diag::Diagnostics& d);

  // Function calls (eval_call.cpp).
  struct CallArg {
    syntax::NodeId node = syntax::kNoNode;  // kNoNode: an element of an expanded final argument, held in value
    Value value;
    diag::Span range{};
    diag::Span start{};
  };
  Value unknown_function(const ast::FunctionCall& call, diag::Span call_range, const cty::FunctionTable& table,
                         const Frame* f, diag::Diagnostics& d);
  bool call_arguments(const ast::FunctionCall& call, diag::Span call_range, const Frame* f, std::vector<CallArg>& args,
                      diag::Diagnostics& d);
  bool check_arity(const ast::FunctionCall& call, diag::Span call_range, const cty::Function& fn,
                   const std::vector<CallArg>& args, diag::Diagnostics& d);
  std::vector<Value> argument_values(const cty::Function& fn, const std::vector<CallArg>& args, diag::Span call_range,
                                     const Frame* f, diag::Diagnostics& d);
  std::shared_ptr<cty::ExpressionClosure> argument_closure(const CallArg& a, const Frame* f);
  void report_call_error(const ast::FunctionCall& call, diag::Span call_range, const cty::Function& fn,
                         const std::vector<CallArg>& args, const cty::CallError& e, diag::Diagnostics& d);

  // Templates (eval_template.cpp).
  const TemplatePlan& template_plan(syntax::NodeId n);
  // The parts from kids[i] up to the directive that closes the enclosing one (else, endif,
  // endfor), nesting if and for directives; i ends on that closing directive.
  std::vector<TemplatePart> template_parts(const std::vector<syntax::NodeId>& kids,
                                           const std::vector<std::string>& lits, size_t& i);
  Value template_parts_value(const std::vector<TemplatePart>& parts, diag::Span src_range, const Frame* f,
                             diag::Diagnostics& d);
  Value template_part_value(const TemplatePart& p, const Frame* f, diag::Diagnostics& d);

  std::vector<std::string_view> variable_names(const Frame* f) const;

  const syntax::SyntaxTree& t_;
  const Scope& scope_;
  std::unordered_map<syntax::NodeId, std::unique_ptr<TemplatePlan>> templates_;
  // Literals decoded once per evaluation: a literal inside a for expression is otherwise read
  // from its text again for every element. Direct-mapped by node id, so a lookup is one compare
  // and an expression with more literals than slots only decodes some of them again.
  struct LiteralSlot {
    syntax::NodeId node = syntax::kNoNode;
    Value value;
  };
  static constexpr size_t kLiteralSlots = 16;
  LiteralSlot literals_[kLiteralSlots];
  // traversal() calls in progress, each a step of a chain: past a few dozen the rest of a chain
  // is walked instead of recursed through (eval_traversal.cpp).
  uint32_t traversal_depth_ = 0;
};

}  // namespace hcl::eval::evaluator_detail
