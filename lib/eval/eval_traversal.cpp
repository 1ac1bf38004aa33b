// SPDX-License-Identifier: Apache-2.0
// Traversals and splats: hclsyntax's ScopeTraversalExpr, RelativeTraversalExpr, IndexExpr and
// SplatExpr (expression.go), over hcl's Index and GetAttr (ops.go) and Traversal (traversal.go).
//
// The reference's parser folds a run of attribute steps and literal-key index steps into one
// hcl.Traversal, which stops at its first failing step; the tree has one node per step. So a
// step whose source is itself such a step gives up silently when the source reported an error:
// the chain a.b.c reports only its first problem, as one traversal would.
#include "eval/eval_internal.h"

namespace hcl::eval::evaluator_detail {

using namespace cty;

// ---- Traversals ---------------------------------------------------------------------------------

// An index with a literal key (ast::is_literal_key) is a traversal step in the reference (a
// TraverseIndex); any other key makes an IndexExpr.
bool Evaluator::is_traversal_step(syntax::NodeId n) {
  switch (node(n).kind) {
    case syntax::NodeKind::Variable:
    case syntax::NodeKind::GetAttr:
    case syntax::NodeKind::LegacyIndex: return true;
    case syntax::NodeKind::Index: return ast::is_literal_key(t_, ast::index_key(n));
    default: return false;
  }
}

// Whether the expression is one whole traversal from a variable (a ScopeTraversalExpr), which an
// object constructor key must not be (ObjectConsKeyExpr: "Ambiguous attribute key").
bool Evaluator::is_scope_traversal(syntax::NodeId n) {
  while (true) {
    const syntax::Node& nd = node(n);
    if (nd.kind == syntax::NodeKind::Variable) return true;
    if (nd.kind == syntax::NodeKind::GetAttr || nd.kind == syntax::NodeKind::LegacyIndex) {
      n = ast::step_source(t_, n);
      continue;
    }
    if (nd.kind == syntax::NodeKind::Index && ast::is_literal_key(t_, ast::index_key(n))) {
      n = ast::index_collection(t_, n);
      continue;
    }
    return false;
  }
}

// One step applied to its source's value `v`. A step whose source is itself a traversal step
// gives up silently once the chain has reported an error (see the top of this file).
//  .name: the step's range, used by its diagnostics, runs from the dot to the name (the
//   reference's TraverseAttr.SrcRange); .0, an index written as an attribute (HCL 1's syntax),
//   likewise.
//  [key]: either kind of index points its diagnostics at the brackets. A literal key's own
//   diagnostics are dropped, as the reference folds the key into the traversal as a value; an
//   IndexExpr evaluates the collection and then the key, keeping both's diagnostics even when
//   the collection failed.
[[gnu::always_inline]] inline Value Evaluator::step(syntax::NodeId n, syntax::NodeId src, const Value& v, size_t mark,
                                                    const Frame* f, diag::Diagnostics& d) {
  const syntax::Node& nd = node(n);
  if (nd.kind == syntax::NodeKind::Index) {
    syntax::NodeId key_node = ast::index_key(n);
    diag::Span brackets{t_.token(nd.main_token).start, t_.token(last_tok(n)).end};
    if (ast::is_literal_key(t_, key_node)) {
      if (is_traversal_step(src) && has_errors_since(d, mark)) return Value::dynamic();
      diag::Diagnostics ignored;
      Value key = eval(key_node, f, ignored);
      return hcl_index(v, key, brackets, d);
    }
    Value key = eval(key_node, f, d);
    return hcl_index(v, key, brackets, d);
  }
  if (is_traversal_step(src) && has_errors_since(d, mark)) return Value::dynamic();
  uint32_t dot = nd.main_token;
  while (dot > 0 && t_.token(dot).kind != lex::TokenKind::Dot) --dot;
  const diag::Span range{t_.token(dot).start, t_.token(nd.main_token).end};
  if (nd.kind == syntax::NodeKind::GetAttr) return hcl_get_attr(v, t_.token_text(nd.main_token), range, d);
  auto num = Number::parse(t_.token_text(nd.main_token));
  Value key = num ? Value::number(*num) : Value::dynamic();
  return hcl_index(v, key, range, d);
}

// A chain of steps (a.b[0].c ...) is walked from its root outward instead of by recursion: the
// parser counts brackets toward its nesting limit, but a chain of 200,000 attribute steps has
// none, and needed as many stack frames (the process crashed).
Value Evaluator::traversal(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  auto source = [&](syntax::NodeId step) { return ast::step_source(t_, step); };
  auto is_step = [&](syntax::NodeId id) {
    const syntax::NodeKind k = node(id).kind;
    return k == syntax::NodeKind::GetAttr || k == syntax::NodeKind::Index || k == syntax::NodeKind::LegacyIndex;
  };
  // Each step's source is evaluated before anything is reported, so the diagnostics "since the
  // source began" are, for every step, those since the root began.
  const size_t mark = d.size();
  // Nearly every chain is a few steps long and recurses, a call per step; past kLongChain nested
  // calls, the rest of the chain is walked.
  constexpr uint32_t kLongChain = 32;
  if (traversal_depth_ < kLongChain) {
    struct Nested {
      uint32_t& depth;
      explicit Nested(uint32_t& d) : depth(++d) {}
      ~Nested() { --depth; }
    } nested(traversal_depth_);
    const syntax::NodeId src = source(n);
    Value v = eval(src, f, d);
    return step(n, src, v, mark, f, d);
  }
  syntax::NodeId root = n;
  NodeChain steps;
  for (; is_step(root); root = source(root)) steps.push(root);
  Value v = eval(root, f, d);
  for (size_t i = steps.size(); i-- > 0;) v = step(steps[i], i + 1 < steps.size() ? steps[i + 1] : root, v, mark, f, d);
  return v;
}

// hcl.Index (ops.go). The checks' order decides the message: null collection, null key, then
// dynamic types (an unknown result, no error), then the kind of collection. Sequences need a
// whole, non-negative number below the length; cty's messages say which of those failed.
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
  // The result carries the collection's marks, and a sequence's or map's element the key's too
  // (cty's Index); a marked key names an object's attribute without marking it (HCL's Index).
  const bool marked = coll.is_sensitive();
  if (key_in.type().is_dynamic() || ty.is_dynamic()) return Value::dynamic().marked_if(marked);
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
      if (ty.is_tuple()) return Value::dynamic().marked_if(marked);
      return Value::unknown(ty.element()).marked_if(marked);
    }
    const Value* found = nullptr;
    if (ty.is_map()) {
      found = coll.get(key->as_string());
    } else {
      auto idx = key->as_number().to_int64();
      if (idx && *idx >= 0 && static_cast<uint64_t>(*idx) < coll.elements().size())
        found = &coll.elements()[static_cast<size_t>(*idx)];
    }
    if (found) return marked || key->is_sensitive() ? found->mark_sensitive() : *found;
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
    if (!key->is_known()) return Value::dynamic().marked_if(marked);
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
    if (!coll.is_known()) return Value::unknown(attr->type).marked_if(marked);
    const Value& v = *coll.get(name);
    return marked ? v.mark_sensitive() : v;
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

// hcl.GetAttr (ops.go). Only objects have attributes, and maps have elements reachable by
// attribute syntax; the other kinds get a message that says why not, suggesting a splat for a
// list of objects.
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
      error(d, kUnsupported, fmt::format("This object does not have an attribute named {}.", util::go_quote(name)),
            rng);
      return Value::dynamic();
    }
    // The object's marks pass to the attribute (cty's GetAttr).
    if (!obj.is_known()) return Value::unknown(a->type).marked_if(obj.is_sensitive());
    // An object's values are in its type's attribute order: no second search by name. By value,
    // so that a document's object builds only this member (Value::member).
    size_t i = static_cast<size_t>(a - ty.attributes().data());
    if (!obj.is_sensitive()) return obj.member(i);
    return obj.member(i).mark_sensitive();
  }
  if (ty.is_map()) {
    if (!obj.is_known()) return Value::unknown(ty.element()).marked_if(obj.is_sensitive());
    const Value* v = obj.get(name);
    if (!v) {
      error(d, "Missing map element",
            fmt::format("This map does not have an element with the key {}.", util::go_quote(name)), rng);
      return Value::dynamic();
    }
    return obj.is_sensitive() ? v->mark_sensitive() : *v;
  }
  if (ty.is_dynamic()) return Value::dynamic().marked_if(obj.is_sensitive());
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

// SplatExpr: applies the per-element traversal (the node's last child, starting at a
// SplatItem) to each element of the source, binding the item through a Frame. A source that is
// not a sequence is first wrapped in a one-element tuple, and a null one becomes an empty
// tuple (the reference's "auto-upgrade"), so that foo.*.id works whether foo is one object or
// many. The result is a list for a list or set source, a tuple for a tuple.
Value Evaluator::splat(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  const ast::Splat parts = ast::splat(t_, n);
  const syntax::NodeId source = parts.source, each = parts.each, item = parts.item;
  diag::Span marker = span(item);
  size_t mark = d.size();
  Value src = eval(source, f, d);
  if (has_errors_since(d, mark)) return Value::dynamic();

  Type sty = src.type();
  // The source's marks mark the result, whatever its elements' (HCL's SplatExpr).
  const bool marked = src.is_sensitive();
  bool auto_upgrade = !(sty.is_tuple() || sty.is_list() || sty.is_set());
  if (src.is_null()) {
    if (auto_upgrade) return Value::tuple({}).marked_if(marked);
    error(d, "Splat of null value", "Splat expressions (with the * symbol) cannot be applied to null sequences.",
          span(source), diag::span_between(span(source), marker));
    return Value::dynamic();
  }
  if (sty.is_dynamic()) return Value::dynamic().marked_if(marked);
  bool upgraded_unknown = false;
  if (auto_upgrade) {
    upgraded_unknown = !src.is_known();
    src = Value::tuple({src});
    sty = src.type();
  }

  // An unknown source's result is an unknown of the type the traversal would give: that type is
  // found by applying the traversal to unknown elements of the source's element types.
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
    return Value::unknown(ty).marked_if(marked);
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
  // An unknown non-sequence may be null, which would make an empty tuple instead: the reference
  // cannot know even the result's type.
  if (upgraded_unknown) return Value::dynamic().marked_if(marked);
  if (!known) {
    diag::Diagnostics ignored;
    return Value::unknown(result_type(ignored)).marked_if(marked);
  }
  if (sty.is_list() || sty.is_set()) {
    if (vals.empty()) {
      Type ty = result_type(d);
      return Value::empty_list(ty.element()).marked_if(marked);
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
    return Value::list(std::move(vals)).marked_if(marked);
  }
  return Value::tuple(std::move(vals)).marked_if(marked);
}

}  // namespace hcl::eval::evaluator_detail
