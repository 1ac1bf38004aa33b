// SPDX-License-Identifier: Apache-2.0
#include "eval/eval.h"

#include "eval/budget.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>

#include "ast/ast.h"
#include "eval/convert.h"
#include "eval/typeexpr.h"
#include "funcs/registry.h"
#include "util/text.h"

namespace hcl::eval {

struct Scope::LazyFunctions {
  std::once_flag once;
  std::function<funcs::FunctionTable()> make;
  std::unique_ptr<funcs::FunctionTable> table;
};

void Scope::set_functions(std::function<funcs::FunctionTable()> make) {
  lazy_functions_ = std::make_shared<LazyFunctions>();
  lazy_functions_->make = std::move(make);
  functions_ = nullptr;
}

const funcs::FunctionTable* Scope::functions() const {
  if (functions_ || !lazy_functions_) return functions_;
  LazyFunctions& lazy = *lazy_functions_;
  std::call_once(lazy.once, [&lazy] { lazy.table = std::make_unique<funcs::FunctionTable>(lazy.make()); });
  return lazy.table.get();
}

std::string closest_name(std::string_view given, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  size_t best_dist = 3;
  for (auto c : candidates) {
    size_t d = util::edit_distance(given, c);
    if (d >= 3) continue;
    if (d < best_dist || (d == best_dist && c < best)) {
      best = c;
      best_dist = d;
    }
  }
  return std::string(best);
}

bool is_trivia(lex::TokenKind k) { return k == lex::TokenKind::Newline || k == lex::TokenKind::Comment || k == lex::TokenKind::Eof; }

diag::Span expression_span(const syntax::SyntaxTree& tree, syntax::NodeId n) {
  const syntax::Node& nd = tree.node(n);
  uint32_t first = nd.first_token, last = nd.last_token;
  // The root of a tree spans every token, comments and newlines around the expression included;
  // the expression's own range does not.
  while (first < last && is_trivia(tree.token(first).kind)) ++first;
  while (last > first && is_trivia(tree.token(last).kind)) --last;
  if (nd.kind == syntax::NodeKind::Template && tree.token(nd.last_token).kind == lex::TokenKind::Eof) last = nd.last_token;
  return diag::Span{tree.token(first).start, tree.token(last).end};
}

namespace {

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

bool has_errors_since(const diag::Diagnostics& d, size_t mark) {
  for (size_t i = mark; i < d.size(); ++i)
    if (d[i].severity == diag::Severity::Error) return true;
  return false;
}

// One part of a template, with directives nested (the reference's templateParser output).
struct TemplatePart {
  enum Kind : uint8_t { Literal, Interp, If, For } kind = Literal;
  Value literal;              // Literal
  diag::Span range{};               // the part's Range()
  diag::Span start{};               // the part's StartRange()
  syntax::NodeId node = syntax::kNoNode;      // Interp: the expression; If: the condition; For: the collection
  std::vector<TemplatePart> then_parts, else_parts;  // If (then_parts is also For's body)
  std::string_view key_var, value_var;               // For
};

struct TemplatePlan {
  bool passthrough = false;
  syntax::NodeId passthrough_expr = syntax::kNoNode;
  std::vector<TemplatePart> parts;
};

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
  syntax::NodeId last_child(syntax::NodeId n) const { return n - 1; }
  syntax::NodeId prev_sibling(syntax::NodeId c) const { return c - t_.node(c).subtree_size; }
  const syntax::Node& node(syntax::NodeId n) const { return t_.node(n); }

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
  bool is_literal_key(syntax::NodeId key);
  bool is_traversal_step(syntax::NodeId n);
  bool is_scope_traversal(syntax::NodeId n);

  Value literal(syntax::NodeId n);
  Value variable(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value get_attr_step(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value index_step(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value legacy_index_step(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value splat(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value function_call(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value tuple(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value object(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value for_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value conditional(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value binary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value unary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);
  Value template_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d);

  Value hcl_index(const Value& coll, const Value& key, diag::Span rng, diag::Diagnostics& d);
  Value hcl_get_attr(const Value& obj, std::string_view name, diag::Span rng, diag::Diagnostics& d);

  using BranchFn = std::function<Value(diag::Diagnostics&)>;
  Value conditional_with(syntax::NodeId cond, const BranchFn& eval_true, const BranchFn& eval_false, diag::Span true_range,
                         diag::Span false_range, diag::Span src_range, const Frame* f, diag::Diagnostics& d);

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

  const TemplatePlan& template_plan(syntax::NodeId n);
  // The parts from kids[i] up to the directive that closes the enclosing one (else, endif,
  // endfor), nesting if and for directives; i ends on that closing directive.
  std::vector<TemplatePart> template_parts(const std::vector<syntax::NodeId>& kids, const std::vector<std::string>& lits,
                                           size_t& i);
  Value template_parts_value(const std::vector<TemplatePart>& parts, diag::Span src_range, const Frame* f, diag::Diagnostics& d);
  Value template_part_value(const TemplatePart& p, const Frame* f, diag::Diagnostics& d);

  std::vector<std::string_view> variable_names(const Frame* f) const;

  const syntax::SyntaxTree& t_;
  const Scope& scope_;
  std::unordered_map<syntax::NodeId, std::unique_ptr<TemplatePlan>> templates_;
};

// ---- Ranges -------------------------------------------------------------------------------------

diag::Span Evaluator::start_span(syntax::NodeId n) {
  const syntax::Node& nd = node(n);
  switch (nd.kind) {
    case syntax::NodeKind::Index:
      if (is_literal_key(last_child(n))) return span(n);
      return tok(nd.main_token);
    case syntax::NodeKind::Splat: {
      syntax::NodeId each = last_child(n);
      syntax::NodeId item = each - node(each).subtree_size + 1;
      return span(item);
    }
    case syntax::NodeKind::FunctionCall: {
      auto call = ast::function_call(t_, n);
      return diag::span_between(call.name_span, call.open_paren);
    }
    case syntax::NodeKind::Tuple:
    case syntax::NodeKind::Object:
    case syntax::NodeKind::ForExpr: return tok(nd.first_token);
    case syntax::NodeKind::Conditional: {
      syntax::NodeId f = last_child(n);
      syntax::NodeId tr = prev_sibling(f);
      return start_span(prev_sibling(tr));
    }
    case syntax::NodeKind::Binary: return start_span(prev_sibling(last_child(n)));
    case syntax::NodeKind::Unary: return tok(nd.main_token);
    case syntax::NodeKind::Parens: return start_span(last_child(n));
    case syntax::NodeKind::Template: {
      const TemplatePlan& plan = template_plan(n);
      if (plan.passthrough) return span(n);
      if (plan.parts.empty()) return span(n);
      return plan.parts.front().start;
    }
    default: return span(n);
  }
}

}  // namespace

diag::Span expression_start_span(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  Scope scope;
  Evaluator e(tree, scope);
  return e.start_span(node);
}

namespace {

// ---- Traversals ---------------------------------------------------------------------------------

bool Evaluator::is_literal_key(syntax::NodeId key) {
  const syntax::Node& k = node(key);
  if (k.kind == syntax::NodeKind::Literal) return true;
  if (k.kind != syntax::NodeKind::Template) return false;
  size_t count = t_.child_count(key);
  if (count == 0) return true;
  return count == 1 && node(last_child(key)).kind == syntax::NodeKind::TemplateLiteral;
}

bool Evaluator::is_traversal_step(syntax::NodeId n) {
  switch (node(n).kind) {
    case syntax::NodeKind::Variable:
    case syntax::NodeKind::GetAttr:
    case syntax::NodeKind::LegacyIndex: return true;
    case syntax::NodeKind::Index: return is_literal_key(last_child(n));
    default: return false;
  }
}

bool Evaluator::is_scope_traversal(syntax::NodeId n) {
  while (true) {
    const syntax::Node& nd = node(n);
    if (nd.kind == syntax::NodeKind::Variable) return true;
    if (nd.kind == syntax::NodeKind::GetAttr || nd.kind == syntax::NodeKind::LegacyIndex) {
      n = t_.first_child(n);
      continue;
    }
    if (nd.kind == syntax::NodeKind::Index && is_literal_key(last_child(n))) {
      n = t_.first_child(n);
      continue;
    }
    return false;
  }
}

// ---- Dispatch -----------------------------------------------------------------------------------

Value Evaluator::eval(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  switch (node(n).kind) {
    case syntax::NodeKind::Literal: return literal(n);
    case syntax::NodeKind::Variable: return variable(n, f, d);
    case syntax::NodeKind::GetAttr: return get_attr_step(n, f, d);
    case syntax::NodeKind::Index: return index_step(n, f, d);
    case syntax::NodeKind::LegacyIndex: return legacy_index_step(n, f, d);
    case syntax::NodeKind::Splat: return splat(n, f, d);
    case syntax::NodeKind::SplatItem:
      for (const Frame* p = f; p; p = p->parent)
        if (p->splat_item == n) return p->value;
      return Value::dynamic();
    case syntax::NodeKind::FunctionCall: return function_call(n, f, d);
    case syntax::NodeKind::Tuple: return tuple(n, f, d);
    case syntax::NodeKind::Object: return object(n, f, d);
    case syntax::NodeKind::ForExpr: return for_expr(n, f, d);
    case syntax::NodeKind::Conditional: return conditional(n, f, d);
    case syntax::NodeKind::Binary: return binary(n, f, d);
    case syntax::NodeKind::Unary: return unary(n, f, d);
    case syntax::NodeKind::Parens: return eval(last_child(n), f, d);
    case syntax::NodeKind::Template: return template_expr(n, f, d);
    default: return Value::dynamic();  // error nodes: the parser has reported them
  }
}

Value Evaluator::literal(syntax::NodeId n) {
  const syntax::Node& nd = node(n);
  std::string_view text = t_.token_text(nd.main_token);
  switch (ast::literal_kind(t_, n)) {
    case ast::LiteralKind::True: return Value::boolean(true);
    case ast::LiteralKind::False: return Value::boolean(false);
    case ast::LiteralKind::Null: return Value::null();
    case ast::LiteralKind::Number: break;
  }
  if (text.size() <= 18 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    int64_t v = 0;
    for (char c : text) v = v * 10 + (c - '0');
    return Value::number(Number::from_int(v, Number::kLiteralPrecision));
  }
  auto num = Number::parse(text);
  if (!num) return Value::unknown(Type::number());
  return Value::number(std::move(*num));
}

std::vector<std::string_view> Evaluator::variable_names(const Frame* f) const {
  std::vector<std::string_view> names;
  for (const Frame* p = f; p; p = p->parent) {
    if (!p->child_context) continue;
    if (!p->key_name.empty()) names.push_back(p->key_name);
    names.push_back(p->value_name);
  }
  for (const auto& [k, v] : scope_.variables()) names.push_back(k);
  return names;
}

Value Evaluator::variable(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  std::string_view name = t_.token_text(node(n).main_token);
  for (const Frame* p = f; p; p = p->parent) {
    if (!p->child_context) continue;
    if (p->value_name == name) return p->value;
    if (!p->key_name.empty() && p->key_name == name) return p->key;
  }
  if (const Value* v = scope_.find(name)) return *v;
  if (!scope_.variables_allowed() && !f) {
    error(d, "Variables not allowed", "Variables may not be used here.", span(n));
    return Value::dynamic();
  }
  std::string suggestion = closest_name(name, variable_names(f));
  std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", util::go_quote(suggestion));
  error(d, "Unknown variable", fmt::format("There is no variable named {}.{}", util::go_quote(name), hint), span(n));
  return Value::dynamic();
}

Value Evaluator::get_attr_step(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId src = last_child(n);
  size_t mark = d.size();
  Value v = eval(src, f, d);
  if (is_traversal_step(src) && has_errors_since(d, mark)) return Value::dynamic();
  const syntax::Node& nd = node(n);
  uint32_t dot = nd.main_token;
  while (dot > 0 && t_.token(dot).kind != lex::TokenKind::Dot) --dot;
  return hcl_get_attr(v, t_.token_text(nd.main_token), diag::Span{t_.token(dot).start, t_.token(nd.main_token).end}, d);
}

Value Evaluator::legacy_index_step(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId src = last_child(n);
  size_t mark = d.size();
  Value v = eval(src, f, d);
  if (is_traversal_step(src) && has_errors_since(d, mark)) return Value::dynamic();
  const syntax::Node& nd = node(n);
  uint32_t dot = nd.main_token;
  while (dot > 0 && t_.token(dot).kind != lex::TokenKind::Dot) --dot;
  auto num = Number::parse(t_.token_text(nd.main_token));
  Value key = num ? Value::number(*num) : Value::dynamic();
  return hcl_index(v, key, diag::Span{t_.token(dot).start, t_.token(nd.main_token).end}, d);
}

Value Evaluator::index_step(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId key_node = last_child(n);
  syntax::NodeId coll_node = prev_sibling(key_node);
  const syntax::Node& nd = node(n);
  diag::Span brackets{t_.token(nd.main_token).start, t_.token(last_tok(n)).end};
  if (is_literal_key(key_node)) {
    size_t mark = d.size();
    Value coll = eval(coll_node, f, d);
    if (is_traversal_step(coll_node) && has_errors_since(d, mark)) return Value::dynamic();
    diag::Diagnostics ignored;
    Value key = eval(key_node, f, ignored);
    return hcl_index(coll, key, brackets, d);
  }
  Value coll = eval(coll_node, f, d);
  Value key = eval(key_node, f, d);
  return hcl_index(coll, key, brackets, d);
}

// hcl.Index.
Value Evaluator::hcl_index(const Value& coll, const Value& key_in, diag::Span rng, diag::Diagnostics& d) {
  static constexpr const char* kInvalidIndex = "Invalid index";
  if (coll.is_null()) {
    error(d, "Attempt to index null value", "This value is null, so it does not have any indices.", rng);
    return Value::dynamic();
  }
  if (key_in.is_null()) {
    error(d, kInvalidIndex, "Can't use a null value as an indexing key.", rng);
    return Value::dynamic();
  }
  const Type& ty = coll.type();
  if (key_in.type().is_dynamic() || ty.is_dynamic()) return Value::dynamic();
  if (ty.is_list() || ty.is_tuple() || ty.is_map()) {
    Type want = ty.is_map() ? Type::string() : Type::number();
    auto key = convert(key_in, want);
    if (!key) {
      error(d, kInvalidIndex,
            "The given key does not identify an element in this collection value: " + key.error() + ".", rng);
      return Value::dynamic();
    }
    // HasIndex
    if (!coll.is_known() || !key->is_known()) {
      if (ty.is_tuple()) return Value::dynamic();
      return Value::unknown(ty.element());
    }
    const Value* found = nullptr;
    if (ty.is_map()) {
      found = coll.get(key->as_string());
    } else {
      auto idx = key->as_number().to_int64();
      if (idx && *idx >= 0 && static_cast<uint64_t>(*idx) < coll.elements().size())
        found = &coll.elements()[static_cast<size_t>(*idx)];
    }
    if (found) return *found;
    if (!ty.is_map()) {
      const Number& k = key->as_number();
      if (!k.is_integer() || k.is_infinity()) {
        error(d, kInvalidIndex,
              "The given key does not identify an element in this collection value: indexing a sequence requires a "
              "whole number, but the given index has a fractional part.",
              rng);
        return Value::dynamic();
      }
      if (k.sign() < 0) {
        error(d, kInvalidIndex,
              "The given key does not identify an element in this collection value: a negative number is not a "
              "valid index for a sequence.",
              rng);
        return Value::dynamic();
      }
      Number len = Number::from_int(static_cast<int64_t>(coll.elements().size()));
      auto diff = subtract(k, len);
      if (diff && diff->sign() < 1) {
        if (coll.elements().empty()) {
          error(d, kInvalidIndex,
                "The given key does not identify an element in this collection value: the collection has no elements.",
                rng);
        } else {
          error(d, kInvalidIndex,
                "The given key does not identify an element in this collection value: the given index is greater than "
                "or equal to the length of the collection.",
                rng);
        }
        return Value::dynamic();
      }
    }
    error(d, kInvalidIndex, "The given key does not identify an element in this collection value.", rng);
    return Value::dynamic();
  }
  if (ty.is_object()) {
    bool was_number = key_in.type().is_number();
    auto key = convert(key_in, Type::string());
    if (!key) {
      error(d, kInvalidIndex,
            "The given key does not identify an element in this collection value: " + key.error() + ".", rng);
      return Value::dynamic();
    }
    if (!key->is_known()) return Value::dynamic();
    const std::string& name = key->as_string();
    const auto* attr = ty.attribute(name);
    if (!attr) {
      error(d, kInvalidIndex,
            std::string("The given key does not identify an element in this collection value.") +
                (was_number ? " An object only supports looking up attributes by name, not by numeric index." : ""),
            rng);
      return Value::dynamic();
    }
    // HCL 2.24: an unknown object still has its attributes' types, and a wrong key is an error.
    if (!coll.is_known()) return Value::unknown(attr->type);
    return *coll.get(name);
  }
  if (ty.is_set()) {
    error(d, kInvalidIndex,
          "Elements of a set are identified only by their value and don't have any separate index or key to select "
          "with, so it's only possible to perform operations across all elements of the set.",
          rng);
    return Value::dynamic();
  }
  error(d, kInvalidIndex, "This value does not have any indices.", rng);
  return Value::dynamic();
}

// hcl.GetAttr.
Value Evaluator::hcl_get_attr(const Value& obj, std::string_view name, diag::Span rng, diag::Diagnostics& d) {
  if (obj.is_null()) {
    error(d, "Attempt to get attribute from null value", "This value is null, so it does not have any attributes.",
          rng);
    return Value::dynamic();
  }
  static constexpr const char* kUnsupported = "Unsupported attribute";
  const Type& ty = obj.type();
  if (ty.is_object()) {
    const auto* a = ty.attribute(name);
    if (!a) {
      error(d, kUnsupported, fmt::format("This object does not have an attribute named {}.", util::go_quote(name)), rng);
      return Value::dynamic();
    }
    if (!obj.is_known()) return Value::unknown(a->type);
    return *obj.get(name);
  }
  if (ty.is_map()) {
    if (!obj.is_known()) return Value::unknown(ty.element());
    const Value* v = obj.get(name);
    if (!v) {
      error(d, "Missing map element", fmt::format("This map does not have an element with the key {}.", util::go_quote(name)),
            rng);
      return Value::dynamic();
    }
    return *v;
  }
  if (ty.is_dynamic()) return Value::dynamic();
  if (ty.is_list() && ty.element().is_object()) {
    if (ty.element().attribute(name)) {
      error(d, kUnsupported,
            fmt::format("Can't access attributes on a list of objects. Did you mean to access attribute {} for a "
                        "specific element of the list, or across all elements of the list?",
                        util::go_quote(name)),
            rng);
    } else {
      error(d, kUnsupported,
            "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element "
            "of the list, or across all elements of the list?",
            rng);
    }
    return Value::dynamic();
  }
  if (ty.is_set() && ty.element().is_object()) {
    error(d, kUnsupported,
          "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the "
          "set?",
          rng);
    return Value::dynamic();
  }
  if (ty.is_primitive()) {
    error(d, kUnsupported, fmt::format("Can't access attributes on a primitive-typed value ({}).", ty.friendly_name()),
          rng);
    return Value::dynamic();
  }
  error(d, kUnsupported, "This value does not have any attributes.", rng);
  return Value::dynamic();
}

// ---- Splat --------------------------------------------------------------------------------------

Value Evaluator::splat(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId each = last_child(n);
  syntax::NodeId source = prev_sibling(each);
  syntax::NodeId item = each - node(each).subtree_size + 1;
  diag::Span marker = span(item);
  size_t mark = d.size();
  Value src = eval(source, f, d);
  if (has_errors_since(d, mark)) return Value::dynamic();

  Type sty = src.type();
  bool auto_upgrade = !(sty.is_tuple() || sty.is_list() || sty.is_set());
  if (src.is_null()) {
    if (auto_upgrade) return Value::tuple({});
    error(d, "Splat of null value", "Splat expressions (with the * symbol) cannot be applied to null sequences.",
          span(source), diag::span_between(span(source), marker));
    return Value::dynamic();
  }
  if (sty.is_dynamic()) return Value::dynamic();
  bool upgraded_unknown = false;
  if (auto_upgrade) {
    upgraded_unknown = !src.is_known();
    src = Value::tuple({src});
    sty = src.type();
  }

  // The result type, from evaluating the rest of the traversal on unknown elements.
  auto result_type = [&](diag::Diagnostics& rd) -> Type {
    Frame child;
    child.parent = f;
    child.splat_item = item;
    if (sty.is_list() || sty.is_set()) {
      child.value = Value::unknown(sty.element());
      Value v = eval(each, &child, rd);
      return Type::list(v.type());
    }
    std::vector<Type> tys;
    for (const auto& ety : sty.tuple_elements()) {
      child.value = Value::unknown(ety);
      Value v = eval(each, &child, rd);
      tys.push_back(v.type());
    }
    return Type::tuple(std::move(tys));
  };

  if (!src.is_known()) {
    Type ty = result_type(d);
    return Value::unknown(ty);
  }

  std::vector<Value> vals;
  vals.reserve(src.length());
  bool known = true;
  Frame frame;
  frame.parent = f;
  frame.splat_item = item;
  for (const auto& e : src.elements()) {
    frame.value = e;
    size_t m = d.size();
    Value v = eval(each, &frame, d);
    if (has_errors_since(d, m)) known = false;
    vals.push_back(std::move(v));
  }
  if (upgraded_unknown) return Value::dynamic();
  if (!known) {
    diag::Diagnostics ignored;
    return Value::unknown(result_type(ignored));
  }
  if (sty.is_list() || sty.is_set()) {
    if (vals.empty()) {
      Type ty = result_type(d);
      return Value::empty_list(ty.element());
    }
    // A nested splat over scalars can give elements of different types ([1] and [] for a null),
    // which no list can hold: HCL 2.24 reports it (earlier versions panicked).
    const Type* first = nullptr;
    for (const auto& v : vals) {
      if (v.type().is_dynamic()) continue;
      if (!first) {
        first = &v.type();
      } else if (!(v.type() == *first)) {
        error(d, "Invalid nested splat expressions",
              "The second level of splat expression produced elements of different types, so it isn't possible to "
              "construct a valid list to represent the top-level result.\n\nConsider using a for expression "
              "instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
              span(each), span(n));
        return Value::dynamic();
      }
    }
    return Value::list(std::move(vals));
  }
  return Value::tuple(std::move(vals));
}

// ---- Collections --------------------------------------------------------------------------------

Value Evaluator::tuple(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto kids = t_.children(n);
  std::vector<Value> vals;
  vals.reserve(kids.size());
  for (syntax::NodeId k : kids) vals.push_back(eval(k, f, d));
  return Value::tuple(std::move(vals));
}

Value Evaluator::object(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  std::vector<Value::Attribute> vals;
  bool known = true;
  for (syntax::NodeId item : t_.children(n)) {
    if (node(item).kind != syntax::NodeKind::ObjectItem) continue;
    auto oi = ast::object_item(t_, item);
    // ObjectConsKeyExpr: a bare name (or true/false/null) is the key itself; a longer
    // traversal is ambiguous.
    Value key;
    diag::Diagnostics key_diags;
    bool literal_key = false;
    if (!oi.force_non_literal) {
      const syntax::Node& kn = node(oi.key);
      if (kn.kind != syntax::NodeKind::Variable && is_scope_traversal(oi.key)) {
        key_diags.push_back(diag::Diagnostic{diag::Severity::Error, "Ambiguous attribute key",
                                       "If this expression is intended to be a reference, wrap it in parentheses. If "
                                       "it's instead intended as a literal name containing periods, wrap it in quotes "
                                       "to create a string literal.",
                                       range(span(oi.key)), std::nullopt});
        key = Value::dynamic();
        literal_key = true;
      } else if (kn.kind == syntax::NodeKind::Variable) {
        key = Value::string(t_.token_text(kn.main_token));
        literal_key = true;
      } else if (kn.kind == syntax::NodeKind::Literal && ast::literal_kind(t_, oi.key) != ast::LiteralKind::Number) {
        key = Value::string(t_.token_text(kn.main_token));
        literal_key = true;
      }
    }
    if (!literal_key) key = eval(oi.key, f, key_diags);
    bool key_errors = diag::has_errors(key_diags);
    diag::append(d, std::move(key_diags));
    Value val = eval(oi.value, f, d);
    if (key_errors) {
      known = false;
      continue;
    }
    if (key.is_null()) {
      error(d, "Null value as key", "Can't use a null value as a key.", span(oi.value));
      known = false;
      continue;
    }
    auto ks = convert(key, Type::string());
    if (!ks) {
      error(d, "Incorrect key type", "Can't use this value as a key: " + ks.error() + ".", span(oi.key));
      known = false;
      continue;
    }
    if (!ks->is_known()) {
      known = false;
      continue;
    }
    vals.emplace_back(ks->as_string(), std::move(val));
  }
  if (!known) return Value::dynamic();
  return Value::object(std::move(vals));
}

// ---- for expressions ----------------------------------------------------------------------------

Value Evaluator::for_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto fe = ast::for_expr(t_, n);
  ForSpec spec;
  spec.key_var = fe.key_var;
  spec.value_var = fe.value_var;
  spec.collection = fe.collection;
  spec.key_expr = fe.object ? fe.key : syntax::kNoNode;
  spec.cond = fe.condition;
  spec.group = fe.group;
  spec.src_range = span(n);
  syntax::NodeId value = fe.value;
  return for_with(spec, [&](const Frame* cf, diag::Diagnostics& cd) { return eval(value, cf, cd); }, f, d);
}

Value Evaluator::for_with(const ForSpec& spec, const ValueFn& value_fn, const Frame* f, diag::Diagnostics& d) {
  Value coll = eval(spec.collection, f, d);
  diag::Span coll_range = span(spec.collection);
  if (coll.is_null()) {
    error(d, "Iteration over null value", "A null value cannot be used as the collection in a 'for' expression.",
          coll_range, spec.src_range);
    return Value::dynamic();
  }
  const Type& cty = coll.type();
  if (cty.is_dynamic()) return Value::dynamic();
  if (!(cty.is_collection() || cty.is_structural())) {
    error(d, "Iteration over non-iterable value",
          fmt::format("A value of type {} cannot be used as the collection in a 'for' expression.", cty.friendly_name()),
          coll_range, spec.src_range);
    return Value::dynamic();
  }
  if (!coll.is_known()) return Value::dynamic();

  Frame frame;
  frame.parent = f;
  frame.child_context = true;
  frame.key_name = spec.key_var;
  frame.value_name = spec.value_var;

  if (spec.cond != syntax::kNoNode) {
    // An early check of the condition with unknown variables.
    frame.key = Value::dynamic();
    frame.value = Value::dynamic();
    size_t mark = d.size();
    Value result = eval(spec.cond, &frame, d);
    bool cond_errors = has_errors_since(d, mark);
    if (result.is_null()) {
      error(d, "Condition is null", "The value of the 'if' clause must not be null.", span(spec.cond), spec.src_range);
      return Value::dynamic();
    }
    auto b = convert(result, Type::boolean());
    if (!b) {
      error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + b.error() + ".", span(spec.cond),
            spec.src_range);
      return Value::dynamic();
    }
    if (cond_errors) return Value::dynamic();
  }

  size_t count = coll.length();
  bool known = true;
  if (spec.key_expr != syntax::kNoNode) {
    std::vector<Value::Attribute> vals;
    std::vector<std::pair<std::string, std::vector<Value>>> groups;
    std::unordered_map<std::string, size_t> group_index;
    std::unordered_map<std::string, size_t> seen;
    for (size_t i = 0; i < count; ++i) {
      if (!spec.key_var.empty()) frame.key = coll.element_key(i);
      frame.value = coll.element_at(i);
      if (spec.cond != syntax::kNoNode) {
        Value raw = eval(spec.cond, &frame, d);
        if (raw.is_null()) {
          if (known)
            error(d, "Invalid 'for' condition", "The value of the 'if' clause must not be null.", span(spec.cond),
                  spec.src_range);
          known = false;
          continue;
        }
        auto include = convert(raw, Type::boolean());
        if (!include) {
          if (known)
            error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + include.error() + ".",
                  span(spec.cond), spec.src_range);
          known = false;
          continue;
        }
        if (!include->is_known()) {
          known = false;
          continue;
        }
        if (!include->as_bool()) continue;
      }
      Value key_raw = eval(spec.key_expr, &frame, d);
      if (key_raw.is_null()) {
        if (known)
          error(d, "Invalid object key", "Key expression in 'for' expression must not produce a null value.",
                span(spec.key_expr), spec.src_range);
        known = false;
        continue;
      }
      if (!key_raw.is_known()) {
        known = false;
        continue;
      }
      auto key = convert(key_raw, Type::string());
      if (!key) {
        if (known)
          error(d, "Invalid object key", "The key expression produced an invalid result: " + key.error() + ".",
                span(spec.key_expr), spec.src_range);
        known = false;
        continue;
      }
      Value val = value_fn(&frame, d);
      const std::string& k = key->as_string();
      if (spec.group) {
        auto it = group_index.find(k);
        if (it == group_index.end()) {
          group_index.emplace(k, groups.size());
          groups.emplace_back(k, std::vector<Value>{std::move(val)});
        } else {
          groups[it->second].second.push_back(std::move(val));
        }
      } else {
        if (seen.count(k)) {
          error(d, "Duplicate object key",
                fmt::format("Two different items produced the key {} in this 'for' expression. If duplicates are "
                            "expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                            util::go_quote(k)),
                span(spec.key_expr), spec.src_range);
        } else {
          seen.emplace(k, vals.size());
          vals.emplace_back(k, std::move(val));
        }
      }
    }
    if (!known) return Value::dynamic();
    if (spec.group) {
      for (auto& [k, g] : groups) vals.emplace_back(k, Value::tuple(std::move(g)));
    }
    return Value::object(std::move(vals));
  }

  std::vector<Value> vals;
  vals.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    if (!spec.key_var.empty()) frame.key = coll.element_key(i);
    frame.value = coll.element_at(i);
    if (spec.cond != syntax::kNoNode) {
      Value raw = eval(spec.cond, &frame, d);
      if (raw.is_null()) {
        if (known)
          error(d, "Invalid 'for' condition", "The value of the 'if' clause must not be null.", span(spec.cond),
                spec.src_range);
        known = false;
        continue;
      }
      if (!raw.is_known()) {
        known = false;
        continue;
      }
      auto include = convert(raw, Type::boolean());
      if (!include) {
        if (known)
          error(d, "Invalid 'for' condition", "The 'if' clause value is invalid: " + include.error() + ".",
                span(spec.cond), spec.src_range);
        known = false;
        continue;
      }
      if (!include->as_bool()) continue;
    }
    vals.push_back(value_fn(&frame, d));
  }
  if (!known) return Value::dynamic();
  return Value::tuple(std::move(vals));
}

// ---- Conditionals -------------------------------------------------------------------------------

std::string describe_type_mismatch(const Type& t, const Type& f) {
  if (t.is_object() && f.is_object()) {
    for (const auto& a : t.attributes()) {
      const auto* b = f.attribute(a.name);
      if (!b)
        return fmt::format("The 'true' value includes object attribute {}, which is absent in the 'false' value",
                           util::go_quote(a.name));
      if (a.type != b->type)
        return fmt::format("Type mismatch for object attribute {}: {}", util::go_quote(a.name),
                           describe_type_mismatch(a.type, b->type));
    }
    for (const auto& b : f.attributes()) {
      if (!t.attribute(b.name))
        return fmt::format("The 'false' value includes object attribute {}, which is absent in the 'true' value",
                           util::go_quote(b.name));
    }
  } else if (t.is_tuple() && f.is_tuple()) {
    const auto& x = t.tuple_elements();
    const auto& y = f.tuple_elements();
    if (x.size() != y.size())
      return fmt::format("The 'true' tuple has length {}, but the 'false' tuple has length {}", x.size(), y.size());
    for (size_t i = 0; i < x.size(); ++i)
      if (x[i] != y[i])
        return fmt::format("Type mismatch for tuple element {}: {}", i, describe_type_mismatch(x[i], y[i]));
  } else if (t.is_collection() && f.is_collection()) {
    const Type& te = t.element();
    const Type& fe = f.element();
    if ((t.is_list() && f.is_list()) || (t.is_map() && f.is_map()) || (t.is_set() && f.is_set())) {
      if ((te.is_object() && fe.is_object()) || (te.is_tuple() && fe.is_tuple())) {
        const char* noun = t.is_list() ? "list" : t.is_set() ? "set" : "map";
        return fmt::format("Mismatched {} element types: {}", noun, describe_type_mismatch(te, fe));
      }
    }
  }
  std::string tn = t.friendly_name(), fn = f.friendly_name();
  if (tn == fn)
    return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' "
           "value";
  return fmt::format("The 'true' value is {}, but the 'false' value is {}", tn, fn);
}

Value Evaluator::conditional(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId fr = last_child(n);
  syntax::NodeId tr = prev_sibling(fr);
  syntax::NodeId cond = prev_sibling(tr);
  return conditional_with(
      cond, [&](diag::Diagnostics& td) { return eval(tr, f, td); }, [&](diag::Diagnostics& fd) { return eval(fr, f, fd); },
      span(tr), span(fr), span(n), f, d);
}

Value Evaluator::conditional_with(syntax::NodeId cond, const BranchFn& eval_true, const BranchFn& eval_false, diag::Span true_range,
                                  diag::Span false_range, diag::Span src_range, const Frame* f, diag::Diagnostics& d) {
  diag::Diagnostics true_diags, false_diags;
  Value tv = eval_true(true_diags);
  Value fv = eval_false(false_diags);
  Type result = Type::dynamic();
  Unified unified;
  bool convert_true = false, convert_false = false;
  bool null_true = tv.is_null() && tv.type().is_dynamic();
  bool null_false = fv.is_null() && fv.type().is_dynamic();
  if (null_true) {
    result = fv.type();
    unified = Unified{result};
    convert_true = true;
  } else if (null_false) {
    result = tv.type();
    unified = Unified{result};
    convert_false = true;
  } else if (tv.type().is_dynamic() || fv.type().is_dynamic()) {
    // The result type stays unknown; no conversions.
  } else {
    unified = unify({tv.type(), fv.type()}, true);
    if (!unified.type) {
      error(d, "Inconsistent conditional result types",
            fmt::format("The true and false result expressions must have consistent types. {}.",
                        describe_type_mismatch(tv.type(), fv.type())),
            diag::span_between(true_range, false_range), src_range);
      return Value::dynamic();
    }
    result = *unified.type;
    convert_true = !(tv.type() == result);
    convert_false = !(fv.type() == result);
  }

  Value c = eval(cond, f, d);
  if (c.is_null()) {
    error(d, "Null condition", "The condition value is null. Conditions must either be true or false.", span(cond),
          src_range);
    return Value::unknown(result);
  }
  if (!c.is_known()) {
    // Whichever branch is taken, two null results make a null (HCL 2.19).
    if (tv.is_null() && fv.is_null()) return Value::null(result);
    return Value::unknown(result);
  }
  auto b = convert(c, Type::boolean());
  if (!b) {
    error(d, "Incorrect condition type", "The condition expression must be of type bool.", span(cond), src_range);
    return Value::unknown(result);
  }
  if (!b->is_known()) return Value::unknown(result);
  bool chosen = b->as_bool();
  Value out = chosen ? std::move(tv) : std::move(fv);
  diag::append(d, chosen ? std::move(true_diags) : std::move(false_diags));
  if (chosen ? convert_true : convert_false) {
    auto cv = convert_unified(out, unified, true);
    if (!cv) {
      error(d, "Inconsistent conditional result types",
            fmt::format("The {} result value has the wrong type: {}.", chosen ? "true" : "false", cv.error()),
            chosen ? true_range : false_range, src_range);
      return Value::unknown(result);
    }
    return *cv;
  }
  return out;
}

// ---- Operators ----------------------------------------------------------------------------------

// HCL's ShortCircuit for || (is_or) and &&: the result one side decides, with that side's
// diagnostics only, or nothing when both sides are needed. A null operand counts as false, as
// cty's Value.True() says.
std::optional<std::pair<Value, diag::Diagnostics>> short_circuit(bool is_or, const Value& a, const Value& b,
                                                           diag::Diagnostics& ld, diag::Diagnostics& rd) {
  auto is = [](const Value& v, bool want) {
    if (!v.is_known()) return false;
    return v.is_null() ? !want : v.as_bool() == want;
  };
  if (!a.is_known() && !b.is_known()) {
    if (diag::has_errors(ld)) return std::nullopt;
    return std::pair{Value::unknown(Type::boolean()), std::move(ld)};
  }
  bool decisive = is_or;  // a true decides ||, a false decides &&
  if (is(a, decisive)) return std::pair{Value::boolean(decisive), std::move(ld)};
  if (is(b, decisive)) return std::pair{Value::boolean(decisive), std::move(rd)};
  if (!a.is_known() && is(b, !decisive)) return std::pair{Value::unknown(Type::boolean()), std::move(ld)};
  if (!b.is_known() && is(a, !decisive)) return std::pair{Value::unknown(Type::boolean()), std::move(rd)};
  return std::nullopt;
}

Value Evaluator::binary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId rhs = last_child(n);
  syntax::NodeId lhs = prev_sibling(rhs);
  ast::Operator op = ast::operator_of(t_, n);
  Type param, result;
  switch (op) {
    case ast::Operator::Or:
    case ast::Operator::And:
      param = Type::boolean();
      result = Type::boolean();
      break;
    case ast::Operator::Equal:
    case ast::Operator::NotEqual:
      param = Type::dynamic();
      result = Type::boolean();
      break;
    case ast::Operator::Less:
    case ast::Operator::LessOrEqual:
    case ast::Operator::Greater:
    case ast::Operator::GreaterOrEqual:
      param = Type::number();
      result = Type::boolean();
      break;
    default:
      param = Type::number();
      result = Type::number();
      break;
  }
  // As in HCL 2.24: operand conversion errors come before the operands' own diagnostics, and
  // && and || may drop one operand's diagnostics when the other decides the result.
  diag::Diagnostics ld, rd;
  Value l = eval(lhs, f, ld);
  Value r = eval(rhs, f, rd);
  size_t mark = d.size();
  auto lc = convert(l, param);
  if (!lc) error(d, "Invalid operand", "Unsuitable value for left operand: " + lc.error() + ".", span(lhs), span(n));
  auto rc = convert(r, param);
  if (!rc) error(d, "Invalid operand", "Unsuitable value for right operand: " + rc.error() + ".", span(rhs), span(n));
  if (has_errors_since(d, mark)) {
    diag::append(d, std::move(ld));
    diag::append(d, std::move(rd));
    return Value::unknown(result);
  }
  const Value& a = *lc;
  const Value& b = *rc;
  if (op == ast::Operator::Or || op == ast::Operator::And) {
    if (auto decided = short_circuit(op == ast::Operator::Or, a, b, ld, rd)) {
      diag::append(d, std::move(decided->second));
      return decided->first;
    }
  }
  diag::append(d, std::move(ld));
  diag::append(d, std::move(rd));
  if (has_errors_since(d, mark)) return Value::unknown(result);
  auto failed = [&](const std::string& why) {
    error(d, "Operation failed", "Error during operation: " + why + ".", span(n));
    return Value::unknown(result);
  };
  if (op == ast::Operator::Equal || op == ast::Operator::NotEqual) {
    Value eq = a.equals(b);
    if (op == ast::Operator::NotEqual && eq.is_known()) return Value::boolean(!eq.as_bool());
    return eq;
  }
  if (a.is_null() || b.is_null()) return failed("argument must not be null");
  if (!a.is_known() || !b.is_known()) return Value::unknown(result);
  switch (op) {
    case ast::Operator::Or: return Value::boolean(a.as_bool() || b.as_bool());
    case ast::Operator::And: return Value::boolean(a.as_bool() && b.as_bool());
    case ast::Operator::Less: return Value::boolean(a.as_number().compare(b.as_number()) < 0);
    case ast::Operator::LessOrEqual: return Value::boolean(a.as_number().compare(b.as_number()) <= 0);
    case ast::Operator::Greater: return Value::boolean(a.as_number().compare(b.as_number()) > 0);
    case ast::Operator::GreaterOrEqual: return Value::boolean(a.as_number().compare(b.as_number()) >= 0);
    case ast::Operator::Add: {
      auto v = add(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't compute sum of opposing infinities");
    }
    case ast::Operator::Subtract: {
      auto v = subtract(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't subtract infinity from itself");
    }
    case ast::Operator::Multiply: {
      auto v = multiply(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't multiply zero by infinity");
    }
    case ast::Operator::Divide: {
      auto v = divide(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't divide zero by zero or infinity by infinity");
    }
    case ast::Operator::Modulo: {
      auto v = modulo(a.as_number(), b.as_number());
      return v ? Value::number(std::move(*v)) : failed("can't use modulo with zero and infinity");
    }
    default: return Value::unknown(result);
  }
}

Value Evaluator::unary(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  syntax::NodeId operand = last_child(n);
  bool negate = ast::operator_of(t_, n) == ast::Operator::Negate;
  Type param = negate ? Type::number() : Type::boolean();
  size_t mark = d.size();
  Value v = eval(operand, f, d);
  auto c = convert(v, param);
  if (!c) error(d, "Invalid operand", "Unsuitable value for unary operand: " + c.error() + ".", span(operand), span(n));
  if (has_errors_since(d, mark)) return Value::unknown(param);
  if (c->is_null()) {
    error(d, "Operation failed", "Error during operation: argument must not be null.", span(n));
    return Value::unknown(param);
  }
  if (!c->is_known()) return Value::unknown(param);
  if (negate) return Value::number(c->as_number().negate());
  return Value::boolean(!c->as_bool());
}

// ---- Function calls -----------------------------------------------------------------------------

Value Evaluator::function_call(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto call = ast::function_call(t_, n);
  call.close_paren = tok(last_tok(n));
  diag::Span call_range = span(n);
  const funcs::FunctionTable* table = scope_.functions();
  if (!table) {
    error(d, "Function calls not allowed", "Functions may not be called here.", call_range);
    return Value::dynamic();
  }
  const funcs::Function* fn = table->find(call.name);
  if (!fn) {
    bool in_child = false;
    for (const Frame* p = f; p; p = p->parent) in_child |= p->child_context;
    // The reference looks for suggestions only in the innermost context's own function table,
    // which a for expression's child context does not have.
    std::vector<std::string_view> avail;
    if (!in_child && !scope_.functions_inherited()) avail = table->names();
    std::string_view name = call.name;
    size_t sep = name.rfind("::");
    if (sep != std::string_view::npos) {
      // A namespaced name: tell a namespace with no functions from a wrong name within one.
      std::string_view ns = name.substr(0, sep + 2);
      name = name.substr(sep + 2);
      std::vector<std::string_view> in_ns;
      for (const auto& a : avail)
        if (a.starts_with(ns)) in_ns.push_back(a);
      if (in_ns.empty()) {
        error(d, "Call to unknown function", fmt::format("There are no functions in namespace {}.", util::go_quote(ns)),
              call.name_span, call_range);
        return Value::dynamic();
      }
      std::string suggestion = closest_name(name, in_ns);
      std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}{}?", ns, suggestion);
      error(d, "Call to unknown function",
            fmt::format("There is no function named {} in namespace {}.{}", util::go_quote(name), ns, hint),
            call.name_span, call_range);
      return Value::dynamic();
    }
    std::string suggestion = closest_name(call.name, avail);
    std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", util::go_quote(suggestion));
    error(d, "Call to unknown function", fmt::format("There is no function named {}.{}", util::go_quote(call.name), hint),
          call.name_span, call_range);
    return Value::dynamic();
  }

  // Arguments: expressions, or elements of an expanded final argument (literal values whose
  // range is the whole expanded expression).
  struct Arg {
    syntax::NodeId node = syntax::kNoNode;
    Value value;
    diag::Span range{};
    diag::Span start{};
  };
  std::vector<Arg> args;
  args.reserve(call.args.size());
  for (syntax::NodeId a : call.args) args.push_back(Arg{a, Value(), span(a), start_span(a)});
  if (call.expand_final && !args.empty()) {
    syntax::NodeId ex = call.args.back();
    size_t mark = d.size();
    Value ev = eval(ex, f, d);
    if (has_errors_since(d, mark)) return Value::dynamic();
    const Type& et = ev.type();
    if (et.is_dynamic()) {
      if (ev.is_null()) {
        error(d, "Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.",
              span(ex), call_range);
      }
      return Value::dynamic();
    }
    if (et.is_tuple() || et.is_list() || et.is_set()) {
      if (ev.is_null()) {
        error(d, "Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.",
              span(ex), call_range);
        return Value::dynamic();
      }
      if (!ev.is_known()) return Value::dynamic();
      args.pop_back();
      diag::Span r = span(ex);
      for (const auto& e : ev.elements()) args.push_back(Arg{syntax::kNoNode, e, r, r});
    } else {
      error(d, "Invalid expanding argument value",
            "The expanding argument (indicated by ...) must be of a tuple, list, or set type.", span(ex), call_range);
      return Value::dynamic();
    }
  }

  const auto& params = fn->params;
  const funcs::Param* var = fn->variadic ? &*fn->variadic : nullptr;
  if (args.size() < params.size()) {
    error(d, "Not enough function arguments",
          fmt::format("Function {} expects{} {} argument(s). Missing value for {}.", util::go_quote(call.name),
                      var ? " at least" : "", params.size(), util::go_quote(params[args.size()].name)),
          call.close_paren, call_range);
    return Value::dynamic();
  }
  if (!var && args.size() > params.size()) {
    error(d, "Too many function arguments",
          fmt::format("Function {} expects only {} argument(s).", util::go_quote(call.name), params.size()),
          args[params.size()].start, call_range);
    return Value::dynamic();
  }

  size_t mark = d.size();
  std::vector<Value> vals;
  vals.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const funcs::Param& p = i < params.size() ? params[i] : *var;
    const Arg& a = args[i];
    if (p.kind == funcs::ParamKind::TypeConstraint) {
      if (a.node == syntax::kNoNode) {
        error(d, "Invalid type specification",
              "A type specification is either a primitive type keyword (bool, number, string) or a complex type "
              "constructor call, like list(string).",
              a.range);
        vals.push_back(Value::unknown(p.type));
        continue;
      }
      auto ty = type_constraint(t_, a.node);
      if (diag::has_errors(ty.diagnostics)) {
        diag::append(d, std::move(ty.diagnostics));
        vals.push_back(Value::unknown(p.type));
        continue;
      }
      vals.push_back(funcs::type_constraint_value(ty.type));
      continue;
    }
    if (p.kind == funcs::ParamKind::Expression) {
      auto closure = std::make_shared<funcs::ExpressionClosure>();
      if (a.node == syntax::kNoNode) {
        Value v = a.value;
        closure->evaluate = [v] { return std::pair<Value, diag::Diagnostics>(v, {}); };
      } else {
        // Frames live on this call's stack, which outlives the function call.
        auto memo = std::make_shared<std::optional<std::pair<Value, diag::Diagnostics>>>();
        syntax::NodeId node_id = a.node;
        closure->evaluate = [this, node_id, f, memo] {
          if (!*memo) {
            diag::Diagnostics cd;
            Value v = eval(node_id, f, cd);
            *memo = std::make_pair(std::move(v), std::move(cd));
          }
          return **memo;
        };
      }
      vals.push_back(funcs::expression_closure_value(std::move(closure)));
      continue;
    }
    Value v = a.node == syntax::kNoNode ? a.value : eval(a.node, f, d);
    auto c = convert(v, p.type);
    if (!c) {
      error(d, "Invalid function argument",
            fmt::format("Invalid value for {} parameter: {}.", util::go_quote(p.name), c.error()), a.start, call_range);
      vals.push_back(std::move(v));
      continue;
    }
    vals.push_back(std::move(*c));
  }
  if (has_errors_since(d, mark)) return Value::dynamic();

  auto result = funcs::call(*fn, vals);
  if (result) return std::move(*result);
  const funcs::CallError& e = result.error();
  if (e.argument >= 0) {
    size_t i = static_cast<size_t>(e.argument);
    const funcs::Param* p = i < params.size() ? &params[i] : var;
    if (!p || i >= args.size()) {
      if (p) {
        error(d, "Invalid function argument",
              fmt::format("Invalid value for {} parameter: {}.", util::go_quote(p->name), e.message), call_range);
      } else {
        error(d, "Error in function call", fmt::format("Call to function {} failed: {}.", util::go_quote(call.name), e.message),
              diag::span_between(call.name_span, call.open_paren), call_range);
      }
    } else {
      error(d, "Invalid function argument",
            fmt::format("Invalid value for {} parameter: {}.", util::go_quote(p->name), e.message), args[i].start,
            call_range);
    }
  } else {
    error(d, "Error in function call", fmt::format("Call to function {} failed: {}.", util::go_quote(call.name), e.message),
          diag::span_between(call.name_span, call.open_paren), call_range);
  }
  return Value::dynamic();
}

// ---- Templates ----------------------------------------------------------------------------------

const TemplatePlan& Evaluator::template_plan(syntax::NodeId n) {
  auto it = templates_.find(n);
  if (it != templates_.end()) return *it->second;
  auto plan = std::make_unique<TemplatePlan>();
  auto kids = t_.children(n);
  if (ast::template_is_passthrough(t_, n)) {
    plan->passthrough = true;
    plan->passthrough_expr = last_child(kids[0]);
  } else {
    auto lits = ast::template_literals(t_, n);
    size_t i = 0;
    const syntax::Node& nd = node(n);
    diag::Span close = tok(last_tok(n));
    plan->parts = template_parts(kids, lits, i);
    if (plan->parts.empty()) {
      // An empty template is one empty literal, placed where its text would start.
      diag::Span at{close.end, close.end};
      if (kids.empty() && nd.first_token + 1 <= nd.last_token) {
        diag::Span next = tok(nd.first_token + 1);
        at = diag::Span{next.end, next.end};
      }
      TemplatePart p;
      p.kind = TemplatePart::Literal;
      p.literal = Value::string_nfc("");
      p.range = at;
      p.start = at;
      plan->parts.push_back(std::move(p));
    }
  }
  auto* raw = plan.get();
  templates_.emplace(n, std::move(plan));
  return *raw;
}

std::vector<TemplatePart> Evaluator::template_parts(const std::vector<syntax::NodeId>& kids,
                                                    const std::vector<std::string>& lits, size_t& i) {
  std::vector<TemplatePart> out;
  while (i < kids.size()) {
    syntax::NodeId k = kids[i];
    const syntax::Node& kn = node(k);
    switch (kn.kind) {
      case syntax::NodeKind::TemplateLiteral: {
        TemplatePart p;
        p.kind = TemplatePart::Literal;
        p.literal = Value::string(lits[i]);
        p.range = span(k);
        p.start = p.range;
        out.push_back(std::move(p));
        ++i;
        break;
      }
      case syntax::NodeKind::TemplateInterp: {
        TemplatePart p;
        p.kind = TemplatePart::Interp;
        p.node = last_child(k);
        p.range = span(p.node);
        p.start = start_span(p.node);
        out.push_back(std::move(p));
        ++i;
        break;
      }
      case syntax::NodeKind::TemplateIf: {
        TemplatePart p;
        p.kind = TemplatePart::If;
        p.node = last_child(k);
        diag::Span open = span(k);
        ++i;
        p.then_parts = template_parts(kids, lits, i);
        diag::Span endif = open;
        if (i < kids.size() && node(kids[i]).kind == syntax::NodeKind::TemplateElse) {
          ++i;
          p.else_parts = template_parts(kids, lits, i);
        }
        if (i < kids.size() && node(kids[i]).kind == syntax::NodeKind::TemplateEndIf) {
          endif = span(kids[i]);
          ++i;
        }
        if (p.then_parts.empty()) {
          TemplatePart e;
          e.literal = Value::string_nfc("");
          e.range = e.start = diag::Span{open.end, open.end};
          p.then_parts.push_back(std::move(e));
        }
        if (p.else_parts.empty()) {
          TemplatePart e;
          e.literal = Value::string_nfc("");
          e.range = e.start = diag::Span{endif.start, endif.start};
          p.else_parts.push_back(std::move(e));
        }
        p.range = diag::span_between(open, endif);
        p.start = start_span(p.node);
        out.push_back(std::move(p));
        break;
      }
      case syntax::NodeKind::TemplateFor: {
        TemplatePart p;
        p.kind = TemplatePart::For;
        auto tf = ast::template_for(t_, k);
        p.key_var = tf.key_var;
        p.value_var = tf.value_var;
        p.node = tf.collection;
        diag::Span open = span(k);
        ++i;
        p.then_parts = template_parts(kids, lits, i);
        diag::Span endfor = open;
        if (i < kids.size() && node(kids[i]).kind == syntax::NodeKind::TemplateEndFor) {
          endfor = span(kids[i]);
          ++i;
        }
        if (p.then_parts.empty()) {
          TemplatePart e;
          e.literal = Value::string_nfc("");
          e.range = e.start = diag::Span{open.end, open.end};
          p.then_parts.push_back(std::move(e));
        }
        p.range = diag::span_between(open, endfor);
        p.start = open;
        out.push_back(std::move(p));
        break;
      }
      case syntax::NodeKind::TemplateElse:
      case syntax::NodeKind::TemplateEndIf:
      case syntax::NodeKind::TemplateEndFor: return out;
      default: ++i; break;
    }
  }
  return out;
}

Value Evaluator::template_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  const TemplatePlan& plan = template_plan(n);
  if (plan.passthrough) return eval(plan.passthrough_expr, f, d);
  return template_parts_value(plan.parts, span(n), f, d);
}

Value Evaluator::template_part_value(const TemplatePart& p, const Frame* f, diag::Diagnostics& d) {
  switch (p.kind) {
    case TemplatePart::Literal: return p.literal;
    case TemplatePart::Interp: return eval(p.node, f, d);
    case TemplatePart::If: {
      diag::Span then_range = diag::span_between(p.then_parts.front().range, p.then_parts.back().range);
      diag::Span else_range = diag::span_between(p.else_parts.front().range, p.else_parts.back().range);
      return conditional_with(
          p.node, [&](diag::Diagnostics& td) { return template_parts_value(p.then_parts, then_range, f, td); },
          [&](diag::Diagnostics& fd) { return template_parts_value(p.else_parts, else_range, f, fd); }, then_range,
          else_range, p.range, f, d);
    }
    case TemplatePart::For: {
      ForSpec spec;
      spec.key_var = p.key_var;
      spec.value_var = p.value_var;
      spec.collection = p.node;
      spec.src_range = p.range;
      diag::Span body_range = diag::span_between(p.then_parts.front().range, p.then_parts.back().range);
      Value tuple = for_with(
          spec, [&](const Frame* cf, diag::Diagnostics& cd) { return template_parts_value(p.then_parts, body_range, cf, cd); },
          f, d);
      // TemplateJoinExpr.
      if (tuple.type().is_dynamic() || !tuple.is_known()) return Value::unknown(Type::string());
      std::string buf;
      for (const auto& e : tuple.elements()) {
        if (e.is_null()) {
          error(d, "Invalid template interpolation value",
                "An iteration result is null. Cannot include a null value in a string template.", p.range);
          continue;
        }
        if (e.type().is_dynamic()) return Value::unknown(Type::string());
        auto s = convert(e, Type::string());
        if (!s) {
          error(d, "Invalid template interpolation value",
                "Cannot include one of the interpolation results into the string template: " + s.error() + ".",
                p.range);
          continue;
        }
        if (!e.is_known()) return Value::unknown(Type::string());
        append_charged(buf, s->as_string());
      }
      return Value::string(buf);
    }
  }
  return Value::dynamic();
}

Value Evaluator::template_parts_value(const std::vector<TemplatePart>& parts, diag::Span src_range, const Frame* f,
                                      diag::Diagnostics& d) {
  std::string buf;
  bool known = true;
  for (const auto& p : parts) {
    Value v = template_part_value(p, f, d);
    if (v.is_null()) {
      error(d, "Invalid template interpolation value",
            "The expression result is null. Cannot include a null value in a string template.", p.range, src_range);
      continue;
    }
    if (!v.is_known()) {
      known = false;
      continue;
    }
    if (v.type().is_string()) {
      append_charged(buf, v.as_string());
      continue;
    }
    auto s = convert(v, Type::string());
    if (!s) {
      error(d, "Invalid template interpolation value",
            "Cannot include the given value in a string template: " + s.error() + ".", p.range, src_range);
      continue;
    }
    append_charged(buf, s->as_string());
  }
  if (!known) return Value::unknown(Type::string());
  return Value::string(buf);
}

}  // namespace

EvalResult evaluate(const syntax::SyntaxTree& tree, syntax::NodeId node, const Scope& scope) {
  EvalResult r;
  EvalBudget budget(scope.limits());
  EvaluationInProgress in_progress;
  try {
    Evaluator ev(tree, scope);
    r.value = ev.eval(node, nullptr, r.diagnostics);
  } catch (const BudgetExceeded& e) {
    if (!in_progress.outermost()) throw;  // a nested evaluation: its caller reports it
    r.value = Value::dynamic();
    diag::Diagnostic d = budget_diagnostic(e, budget.limits());
    diag::Span s = expression_span(tree, node);
    d.subject = tree.source().range(s.start, s.end);
    r.diagnostics.push_back(std::move(d));
  }
  return r;
}

}  // namespace hcl::eval
