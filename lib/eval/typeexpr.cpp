// SPDX-License-Identifier: Apache-2.0
#include "eval/typeexpr.h"

#include <fmt/format.h>

#include <algorithm>

#include "ast/ast.h"
#include "cty/convert.h"
#include "eval/eval.h"
#include "util/text.h"

namespace hcl::eval {

using namespace cty;

namespace {

constexpr const char* kInvalidType = "Invalid type specification";

struct Reader {
  const syntax::SyntaxTree& t;
  bool constraint;
  bool with_defaults;

  source::Range range(syntax::NodeId n) const { return t.range(n); }
  source::Range range(diag::Span s) const { return t.source().range(s.start, s.end); }

  void error(diag::Diagnostics& d, std::string detail, source::Range subject,
             std::optional<source::Range> context = std::nullopt, const char* summary = kInvalidType) {
    d.push_back(
        diag::Diagnostic{diag::Severity::Error, summary, std::move(detail), std::move(subject), std::move(context)});
  }

  // hcl.ExprAsKeyword: a bare name (true, false and null count as names).
  std::string keyword(syntax::NodeId n) const {
    const syntax::Node& nd = t.node(n);
    if (nd.kind == syntax::NodeKind::Variable) return std::string(t.token_text(nd.main_token));
    if (nd.kind == syntax::NodeKind::Literal && ast::literal_kind(t, n) != ast::LiteralKind::Number)
      return std::string(t.token_text(nd.main_token));
    return "";
  }

  std::shared_ptr<const TypeDefaults> collection_defaults(const Type& ty, std::shared_ptr<const TypeDefaults> d) {
    if (!d) return nullptr;
    auto out = std::make_shared<TypeDefaults>();
    out->type = ty;
    out->children[""] = std::move(d);
    return out;
  }

  // typeexpr.getType: a primitive type keyword, or a type constructor call.
  TypeExprResult get(syntax::NodeId expr) {
    TypeExprResult r;
    r.type = Type::dynamic();
    if (std::string kw = keyword(expr); !kw.empty()) {
      keyword_type(expr, kw, r);
      return r;
    }
    if (t.node(expr).kind != syntax::NodeKind::FunctionCall) {
      error(r.diagnostics,
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type "
            "constructor call, like list(string).",
            range(expr));
      return r;
    }
    constructor_type(expr, r);
    return r;
  }

  // A bare keyword: a primitive type, `any` in a constraint, or an error.
  void keyword_type(syntax::NodeId expr, const std::string& kw, TypeExprResult& r) {
    if (kw == "bool") {
      r.type = Type::boolean();
      return;
    }
    if (kw == "string") {
      r.type = Type::string();
      return;
    }
    if (kw == "number") {
      r.type = Type::number();
      return;
    }
    if (kw == "any") {
      if (!constraint)
        error(r.diagnostics,
              fmt::format("The keyword {} cannot be used in this type specification: an exact type is required.",
                          util::go_quote(kw)),
              range(expr));
      return;
    }
    if (kw == "list" || kw == "map" || kw == "set") {
      error(r.diagnostics,
            fmt::format("The {} type constructor requires one argument specifying the element type.", kw), range(expr));
      return;
    }
    if (kw == "object") {
      error(r.diagnostics,
            "The object type constructor requires one argument specifying the attribute types and values as a map.",
            range(expr));
      return;
    }
    if (kw == "tuple") {
      error(r.diagnostics, "The tuple type constructor requires one argument specifying the element types as a list.",
            range(expr));
      return;
    }
    error(r.diagnostics, fmt::format("The keyword {} is not a valid type specification.", util::go_quote(kw)),
          range(expr));
  }

  // A type constructor call: list(T), set(T), map(T), object({...}), tuple([...]).
  void constructor_type(syntax::NodeId expr, TypeExprResult& r) {
    auto call = ast::function_call(t, expr);
    diag::Span args_span = diag::span_between(call.open_paren, call.close_paren);
    if (call.name == "bool" || call.name == "string" || call.name == "number") {
      error(r.diagnostics,
            fmt::format("Primitive type keyword {} does not expect arguments.", util::go_quote(call.name)),
            range(args_span));
      return;
    }
    if (call.name == "any") {
      error(r.diagnostics,
            fmt::format("Type constraint keyword {} does not expect arguments.", util::go_quote(call.name)),
            range(args_span));
      return;
    }
    if (call.args.size() != 1) {
      source::Range context = range(args_span);
      source::Range subject = context;
      if (call.args.size() > 1) subject = range(diag::span_between(t.span(call.args[1]), t.span(call.args.back())));
      if (call.name == "list" || call.name == "set" || call.name == "map") {
        error(r.diagnostics,
              fmt::format("The {} type constructor requires one argument specifying the element type.", call.name),
              subject, context);
        return;
      }
      if (call.name == "object") {
        error(r.diagnostics,
              "The object type constructor requires one argument specifying the attribute types and values as a map.",
              subject, context);
        return;
      }
      if (call.name == "tuple") {
        error(r.diagnostics, "The tuple type constructor requires one argument specifying the element types as a list.",
              subject, context);
        return;
      }
    }
    if (call.name == "list" || call.name == "set" || call.name == "map") {
      TypeExprResult e = get(call.args[0]);
      r.type = call.name == "list" ? Type::list(e.type) : call.name == "set" ? Type::set(e.type) : Type::map(e.type);
      r.defaults = collection_defaults(r.type, e.defaults);
      r.diagnostics = std::move(e.diagnostics);
      return;
    }
    if (call.name == "object") return object_type(expr, call.args[0], r);
    if (call.name == "tuple") return tuple_type(expr, call.args[0], r);
    if (call.name == "optional") {
      error(
          r.diagnostics,
          fmt::format("Keyword {} is valid only as a modifier for object type attributes.", util::go_quote(call.name)),
          range(call.name_span));
      return;
    }
    error(r.diagnostics, fmt::format("Keyword {} is not a valid type constructor.", util::go_quote(call.name)),
          range(expr));
  }

  // An attribute type wrapped in optional(T) or optional(T, default): records the attribute as
  // optional (and its default), and leaves `aty` on T. False when the attribute is to be left out.
  bool optional_attribute(const std::string& name, syntax::NodeId& aty, syntax::NodeId& default_expr,
                          std::vector<std::string>& optional, std::map<std::string, Value>& defaults,
                          TypeExprResult& r) {
    if (t.node(aty).kind != syntax::NodeKind::FunctionCall) return true;
    auto oc = ast::function_call(t, aty);
    if (oc.name != "optional") return true;
    diag::Span oargs = diag::span_between(oc.open_paren, oc.close_paren);
    if (oc.args.empty()) {
      error(r.diagnostics, "Optional attribute modifier requires the attribute type as its argument.", range(oargs),
            range(aty));
      return false;
    }
    if (constraint) {
      if (with_defaults) {
        if (oc.args.size() == 2) {
          default_expr = oc.args[1];
          Scope none = Scope::no_variables();
          EvalResult dv = evaluate(t, default_expr, none);
          bool bad = diag::has_errors(dv.diagnostics);
          diag::append(r.diagnostics, std::move(dv.diagnostics));
          if (!bad) {
            optional.push_back(name);
            defaults[name] = dv.value;
          }
        } else if (oc.args.size() == 1) {
          optional.push_back(name);
        } else {
          error(r.diagnostics,
                "Optional attribute modifier expects at most two arguments: the attribute type, and a default "
                "value.",
                range(oargs), range(aty));
        }
      } else if (oc.args.size() == 1) {
        optional.push_back(name);
      } else {
        error(r.diagnostics, "Optional attribute modifier expects only one argument: the attribute type.", range(oargs),
              range(aty));
      }
    } else {
      error(r.diagnostics, "Optional attribute modifier is only for type constraints, not for exact types.",
            range(oc.name_span), range(aty));
    }
    aty = oc.args[0];
    return true;
  }

  // object({name = T, ...}), with optional attributes in a constraint.
  void object_type(syntax::NodeId expr, syntax::NodeId arg, TypeExprResult& r) {
    if (t.node(arg).kind != syntax::NodeKind::Object) {
      error(r.diagnostics,
            "Object type constructor requires a map whose keys are attribute names and whose values are the "
            "corresponding attribute types.",
            range(arg), range(expr));
      return;
    }
    std::vector<std::pair<std::string, Type>> attrs;
    std::vector<std::string> optional;
    std::map<std::string, Value> defaults;
    std::map<std::string, std::shared_ptr<const TypeDefaults>> children;
    for (syntax::NodeId item : t.children(arg)) {
      if (t.node(item).kind != syntax::NodeKind::ObjectItem) continue;
      auto oi = ast::object_item(t, item);
      std::string name = oi.force_non_literal ? "" : keyword(oi.key);
      if (name.empty()) {
        error(r.diagnostics, "Object constructor map keys must be attribute names.", range(oi.key), range(expr));
        continue;
      }
      // HCL 2.17.1: a repeated attribute name is an error (it was a panic), once the first
      // declaration has been accepted.
      if (std::any_of(attrs.begin(), attrs.end(), [&](const auto& a) { return a.first == name; })) {
        error(r.diagnostics, "Object constructor map keys must be unique.", range(oi.key), range(expr));
        continue;
      }
      syntax::NodeId aty = oi.value;
      syntax::NodeId default_expr = syntax::kNoNode;
      if (!optional_attribute(name, aty, default_expr, optional, defaults, r)) continue;
      TypeExprResult at = get(aty);
      diag::append(r.diagnostics, std::move(at.diagnostics));
      auto dit = defaults.find(name);
      if (dit != defaults.end()) {
        auto cv = convert(dit->second, at.type);
        if (!cv) {
          r.diagnostics.push_back(diag::Diagnostic{
              diag::Severity::Error, "Invalid default value for optional attribute",
              "This default value is not compatible with the attribute's type constraint: " + cv.error() + ".",
              range(default_expr), std::nullopt});
          defaults.erase(dit);
        } else {
          dit->second = *cv;
        }
      }
      attrs.emplace_back(name, at.type);
      if (at.defaults) children[name] = at.defaults;
    }
    r.type = Type::object(std::move(attrs), optional);
    if (!defaults.empty() || !children.empty()) {
      auto d = std::make_shared<TypeDefaults>();
      d->type = r.type;
      d->values = std::move(defaults);
      d->children = std::move(children);
      r.defaults = std::move(d);
    }
  }

  // tuple([T, ...]).
  void tuple_type(syntax::NodeId expr, syntax::NodeId arg, TypeExprResult& r) {
    if (t.node(arg).kind != syntax::NodeKind::Tuple) {
      error(r.diagnostics, "Tuple type constructor requires a list of element types.", range(arg), range(expr));
      return;
    }
    std::vector<Type> elems;
    std::map<std::string, std::shared_ptr<const TypeDefaults>> children;
    auto kids = t.children(arg);
    for (size_t i = 0; i < kids.size(); ++i) {
      TypeExprResult e = get(kids[i]);
      diag::append(r.diagnostics, std::move(e.diagnostics));
      elems.push_back(e.type);
      if (e.defaults) children[std::to_string(i)] = e.defaults;
    }
    r.type = Type::tuple(std::move(elems));
    if (!children.empty()) {
      auto d = std::make_shared<TypeDefaults>();
      d->type = r.type;
      d->children = std::move(children);
      r.defaults = std::move(d);
    }
  }
};

const TypeDefaults* child_for_attr(const TypeDefaults* d, const std::string& name) {
  if (!d) return nullptr;
  std::string key;
  if (d->type.is_object()) {
    key = name;
  } else if (d->type.is_map()) {
    key = "";
  } else {
    return nullptr;
  }
  auto it = d->children.find(key);
  return it == d->children.end() ? nullptr : it->second.get();
}

const TypeDefaults* child_for_index(const TypeDefaults* d, const Value& key) {
  if (!d) return nullptr;
  std::string k;
  if (d->type.is_tuple()) {
    if (!key.type().is_number() || !key.is_known() || key.is_null()) return nullptr;
    k = key.as_number().text('g', 10);
  } else if (d->type.is_collection()) {
    k = "";
  } else {
    return nullptr;
  }
  auto it = d->children.find(k);
  return it == d->children.end() ? nullptr : it->second.get();
}

Value apply_defaults(const TypeDefaults* d, const Value& in) {
  Value v = in;
  if (!v.is_known()) return v;
  if (d && !d->values.empty() && (v.type().is_object() || v.type().is_map())) {
    std::vector<Value::Attribute> attrs;
    if (!v.is_null()) attrs = v.attributes().to_vector();
    for (const auto& [name, dv] : d->values) {
      bool found = false;
      for (auto& [k, av] : attrs) {
        if (k != name) continue;
        found = true;
        if (av.is_null()) av = dv;
      }
      if (!found) attrs.emplace_back(name, dv);
    }
    v = Value::object(std::move(attrs));
  }
  if (v.is_null() || !v.is_known()) return v;
  const Type& ty = v.type();
  if (ty.is_list() || ty.is_set() || ty.is_tuple()) {
    if (v.length() == 0) return v;
    std::vector<Value> elems;
    elems.reserve(v.length());
    for (size_t i = 0; i < v.length(); ++i)
      elems.push_back(apply_defaults(child_for_index(d, v.element_key(i)), v.element_at(i)));
    if (ty.is_list()) return Value::list(std::move(elems));
    if (ty.is_set()) return Value::set(std::move(elems));
    return Value::tuple(std::move(elems));
  }
  if (ty.is_map()) {
    if (v.length() == 0) return v;
    std::vector<Value::Attribute> elems;
    for (const auto& [k, e] : v.attributes())
      elems.emplace_back(k, apply_defaults(child_for_index(d, Value::string_nfc(k)), e));
    return Value::map(std::move(elems));
  }
  if (ty.is_object()) {
    if (v.length() == 0) return v;
    std::vector<Value::Attribute> elems;
    for (const auto& [k, e] : v.attributes()) elems.emplace_back(k, apply_defaults(child_for_attr(d, k), e));
    return Value::object(std::move(elems));
  }
  return v;
}

}  // namespace

Value TypeDefaults::apply(const Value& v) const { return apply_defaults(this, v); }

TypeExprResult type_constraint(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  return Reader{tree, true, false}.get(node);
}
TypeExprResult type_constraint_with_defaults(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  return Reader{tree, true, true}.get(node);
}
TypeExprResult exact_type(const syntax::SyntaxTree& tree, syntax::NodeId node) {
  return Reader{tree, false, false}.get(node);
}

}  // namespace hcl::eval
