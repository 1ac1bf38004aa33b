// SPDX-License-Identifier: Apache-2.0
#include "dec/spec_file.h"

#include <fmt/format.h>

#include "body/native.h"
#include "cty/convert.h"
#include "cty/gocty.h"
#include "cty/unicode.h"
#include "funcs/library.h"
#include "syntax/parser.h"
#include "util/text.h"

namespace hcl::dec {

using body::AttributeSchema;
using body::BodyContent;
using body::BodyPtr;
using body::ExprPtr;
using body::Schema;
using cty::Args;
using cty::Function;
using cty::Param;
using cty::Result;

namespace {

// ---- The functions of spec files ----------------------------------------------------------------

Function copy_of(const cty::FunctionTable& from, std::string_view name, std::string_view as) {
  Function f = *from.find(name);
  f.name = std::string(as);
  return f;
}

cty::FunctionTable make_spec_functions() {
  cty::FunctionTable std_table = funcs::standard_functions();
  cty::FunctionTable t;
  // These agree with cty's standard library, whose versions the reference's hcldec offers.
  for (const char* name : {"abs", "concat", "jsondecode", "jsonencode", "lower", "max", "min", "substr", "upper"})
    t.add(copy_of(std_table, name, name));
  // cty's reverse reverses a string (Terraform's reverses a list; its string one is strrev).
  t.add(copy_of(std_table, "strrev", "reverse"));
  t.add(Function{
      .name = "strlen",
      .description = "Returns the number of Unicode characters (technically: grapheme clusters) in the given string.",
      .params = {Param{.name = "str", .type = Type::string(), .allow_dynamic = true}},
      .return_type = cty::static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        return Value::number(static_cast<int64_t>(cty::grapheme_length(args[0].as_string())));
      },
  });
  t.add(Function{
      .name = "int",
      .description = "Discards any fractional portion of the given number.",
      .params = {Param{.name = "num", .type = Type::number(), .allow_dynamic = true}},
      .return_type = cty::static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const cty::Number& n = args[0].as_number();
        if (n.is_integer()) return args[0];
        if (n.is_infinity()) return cty::fail_call("cannot truncate an infinity");
        auto whole = cty::Number::from_integer_text(n.truncated_integer_text());
        if (!whole) return cty::fail_call("cannot truncate this number");
        return Value::number(std::move(*whole));
      },
  });
  // cty's length counts the elements of collections and tuples (not a string's characters).
  t.add(Function{
      .name = "length",
      .description = "Returns the number of elements in the given collection.",
      .params = {Param{.name = "collection", .allow_dynamic = true}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_tuple() || t.is_list() || t.is_map() || t.is_set() || t.is_dynamic()) return Type::number();
        return cty::fail_call("collection must be a list, a map or a tuple");
      },
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Value& v = args[0];
        if (v.type().is_tuple()) return Value::number(static_cast<int64_t>(v.type().tuple_elements().size()));
        return Value::number(static_cast<int64_t>(v.length()));
      },
  });
  t.add(Function{
      .name = "hasindex",
      .description = "Returns true if if the given collection can be indexed with the given key without producing an "
                     "error, or false otherwise.",
      .params = {Param{.name = "collection", .allow_dynamic = true}, Param{.name = "key", .allow_dynamic = true}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_tuple() || t.is_list() || t.is_map() || t.is_dynamic()) return Type::boolean();
        return cty::fail_call("collection must be a list, a map or a tuple");
      },
      .impl = [](Args args, const Type&) -> Result<Value> {
        // cty's Value.HasIndex.
        const Value& coll = args[0];
        const Value& key = args[1];
        const Type& t = coll.type();
        if (key.type().is_dynamic() || t.is_dynamic()) return Value::unknown(Type::boolean());
        if (t.is_list() || t.is_tuple()) {
          if (!key.type().is_number()) return Value::boolean(false);
          if (!key.is_known() || !coll.is_known()) return Value::unknown(Type::boolean());
          auto idx = key.as_number().is_integer() ? key.as_number().to_int64() : std::nullopt;
          if (!idx || *idx < 0) return Value::boolean(false);
          size_t len = t.is_tuple() ? t.tuple_elements().size() : coll.length();
          return Value::boolean(static_cast<uint64_t>(*idx) < len);
        }
        if (t.is_map()) {
          if (!key.type().is_string()) return Value::boolean(false);
          if (!key.is_known() || !coll.is_known()) return Value::unknown(Type::boolean());
          return Value::boolean(coll.get(key.as_string()) != nullptr);
        }
        return Value::boolean(false);
      },
  });
  // cty's coalesce: the first non-null argument (Terraform's also skips empty strings).
  t.add(Function{
      .name = "coalesce",
      .description =
          "Returns the first of the given arguments that isn't null, or raises an error if there are no non-null "
          "arguments.",
      .params = {},
      .variadic = Param{.name = "vals", .allow_null = true, .allow_unknown = true, .allow_dynamic = true},
      .return_type = [](Args args) -> Result<Type> {
        std::vector<Type> types;
        for (const auto& a : args) types.push_back(a.type());
        auto u = cty::unify(types, true);
        if (!u.type) return cty::fail_call("all arguments must have the same type");
        return *u.type;
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        for (const auto& a : args) {
          if (!a.is_known()) return Value::unknown(ret);
          if (a.is_null()) continue;
          auto v = cty::convert(a, ret);
          if (!v) return cty::fail_call(v.error());
          return *v;
        }
        return cty::fail_call("no non-null arguments");
      },
  });
  return t;
}

// ---- Type expressions ---------------------------------------------------------------------------

Type type_type() { return Type::capsule("type"); }

Value wrap_type(Type t) { return Value::capsule(type_type(), std::make_shared<const Type>(std::move(t))); }
const Type& unwrap_type(const Value& v) { return v.capsule_as<Type>(); }

struct TypeContext {
  cty::FunctionTable functions;
  eval::Scope scope;

  TypeContext() : scope(&functions) {
    auto one = [&](const char* name, Type (*make)(Type)) {
      functions.add(Function{
          .name = name,
          .params = {Param{.name = "element_type", .type = type_type()}},
          .return_type = cty::static_return(type_type()),
          .impl = [make](Args args, const Type&) -> Result<Value> { return wrap_type(make(unwrap_type(args[0]))); },
      });
    };
    one("list", &Type::list);
    one("set", &Type::set);
    one("map", &Type::map);
    functions.add(Function{
        .name = "tuple",
        .params = {Param{.name = "element_types", .type = Type::list(type_type())}},
        .return_type = cty::static_return(type_type()),
        .impl = [](Args args, const Type&) -> Result<Value> {
          std::vector<Type> types;
          for (const auto& e : args[0].elements()) types.push_back(unwrap_type(e));
          return wrap_type(Type::tuple(std::move(types)));
        },
    });
    functions.add(Function{
        .name = "object",
        .params = {Param{.name = "attribute_types", .type = Type::map(type_type())}},
        .return_type = cty::static_return(type_type()),
        .impl = [](Args args, const Type&) -> Result<Value> {
          std::vector<std::pair<std::string, Type>> attrs;
          for (const auto& [k, v] : args[0].attributes()) attrs.emplace_back(k, unwrap_type(v));
          return wrap_type(Type::object(std::move(attrs)));
        },
    });
    scope.set("string", wrap_type(Type::string()));
    scope.set("bool", wrap_type(Type::boolean()));
    scope.set("number", wrap_type(Type::number()));
    scope.set("any", wrap_type(Type::dynamic()));
  }
};

const TypeContext& type_context() {
  static const TypeContext ctx;
  return ctx;
}

// The nil-variables context of spec expressions that may call the spec functions.
const eval::Scope& spec_scope() {
  static const eval::Scope scope = eval::Scope::no_variables(&spec_functions());
  return scope;
}

// ---- gohcl's argument decoding ------------------------------------------------------------------

std::shared_ptr<const SpecPtr::element_type> err_spec() {
  auto s = std::make_shared<LiteralSpec>();
  s->value = Value::null();
  return s;
}

// The named arguments of a spec block (gohcl.DecodeBody's schema: sorted by name), the rest an
// error unless `remain` collects it.
BodyContent read_args(const BodyPtr& body, std::vector<AttributeSchema> attrs, BodyPtr* remain,
                      diag::Diagnostics& diags) {
  std::sort(attrs.begin(), attrs.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  Schema schema;
  schema.attributes = std::move(attrs);
  if (remain) return body->partial_content(schema, remain, diags);
  return body->content(schema, diags);
}

void unsuitable(const ExprPtr& expr, const std::string& why, diag::Diagnostics& diags) {
  diags.push_back(diag::Diagnostic{diag::Severity::Error, "Unsuitable value type", "Unsuitable value: " + why,
                                   expr->start_range(), expr->range()});
}

// gohcl.DecodeExpression into a pointer (null leaves it unset).
std::optional<Value> arg_value(const BodyContent& content, const std::string& name, const Type& type, body::Context ctx,
                               diag::Diagnostics& diags) {
  const body::Attribute* attr = content.attributes.find(name);
  if (!attr) return std::nullopt;
  Value v = attr->expr->value(ctx, diags);
  auto converted = cty::convert(v, type);
  if (!converted) {
    unsuitable(attr->expr, converted.error(), diags);
    return std::nullopt;
  }
  if (converted->is_null()) return std::nullopt;
  if (!converted->is_wholly_known()) {
    unsuitable(attr->expr, "value must be known", diags);
    return std::nullopt;
  }
  return *converted;
}

std::optional<std::string> arg_string(const BodyContent& c, const std::string& name, diag::Diagnostics& diags) {
  auto v = arg_value(c, name, Type::string(), nullptr, diags);
  if (!v) return std::nullopt;
  return v->as_string();
}

std::optional<bool> arg_bool(const BodyContent& c, const std::string& name, diag::Diagnostics& diags) {
  auto v = arg_value(c, name, Type::boolean(), nullptr, diags);
  if (!v) return std::nullopt;
  return v->as_bool();
}

std::optional<int64_t> arg_int(const BodyContent& c, const std::string& name, diag::Diagnostics& diags) {
  auto v = arg_value(c, name, Type::number(), nullptr, diags);
  if (!v) return std::nullopt;
  const cty::Number& n = v->as_number();
  int64_t i = 0;
  if (auto e = cty::to_go_int(n, i)) {
    unsuitable(c.attributes.find(name)->expr, *e, diags);
    return std::nullopt;
  }
  return i;
}

std::optional<std::vector<std::string>> arg_strings(const BodyContent& c, const std::string& name,
                                                    diag::Diagnostics& diags) {
  auto v = arg_value(c, name, Type::list(Type::string()), nullptr, diags);
  if (!v) return std::nullopt;
  std::vector<std::string> out;
  for (const auto& e : v->elements()) {
    if (e.is_null()) {
      unsuitable(c.attributes.find(name)->expr, "null value is not allowed", diags);
      return std::nullopt;
    }
    out.push_back(e.as_string());
  }
  return out;
}

// ---- Spec blocks --------------------------------------------------------------------------------

const std::vector<std::string>& spec_block_types() {
  // block_attrs is documented but left out of the reference's own list (so it rejects it); it
  // is accepted here.
  static const std::vector<std::string> types = {"object",  "array",      "literal",    "attr",
                                                 "block",   "block_list", "block_map",  "block_set",
                                                 "default", "transform",  "block_attrs"};
  return types;
}

Schema spec_schema(bool labelled) {
  Schema s;
  for (const auto& t : spec_block_types())
    s.blocks.push_back({t, labelled ? std::vector<std::string>{"key"} : std::vector<std::string>{}});
  return s;
}

class SpecReader {
 public:
  SpecPtr block(const body::Block& b, diag::Diagnostics& diags) {
    std::string implied = b.labels.empty() ? "" : b.labels.front();
    const std::string& t = b.type;
    if (t == "object") return object(b.body, diags);
    if (t == "array") return array(b.body, diags);
    if (t == "attr") return attr(b.body, implied, diags);
    if (t == "block") return block_spec(b.body, implied, diags);
    if (t == "block_list") return block_list(b.body, implied, BlockListSpec::Kind::List, diags);
    if (t == "block_set") return block_list(b.body, implied, BlockListSpec::Kind::Set, diags);
    if (t == "block_map") return block_map(b.body, implied, diags);
    if (t == "block_attrs") return block_attrs(b.body, implied, diags);
    if (t == "default") return default_spec(b.body, diags);
    if (t == "transform") return transform(b.body, diags);
    if (t == "literal") return literal(b.body, diags);
    diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid spec block",
                                     fmt::format("Blocks of type {} are not expected here.", util::go_quote(t)),
                                     b.type_range, std::nullopt});
    return err_spec();
  }

  // The one nested spec of a block spec or of the file.
  SpecPtr only_child(const BodyPtr& body, const char* detail, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyContent content = body->content(spec_schema(false), own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (content.blocks.empty()) {
      if (failed) return err_spec();
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Missing spec block", detail, body->missing_item_range(),
                                       std::nullopt});
      return err_spec();
    }
    if (content.blocks.size() > 1) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Extraneous spec block", detail,
                                       content.blocks[1].def_range, std::nullopt});
      return err_spec();
    }
    return block(content.blocks[0], diags);
  }

 private:
  SpecPtr object(const BodyPtr& body, diag::Diagnostics& diags) {
    BodyContent content = body->content(spec_schema(true), diags);
    auto spec = std::make_shared<ObjectSpec>();
    for (const auto& b : content.blocks) spec->attrs[b.labels[0]] = block(b, diags);
    return spec;
  }

  SpecPtr array(const BodyPtr& body, diag::Diagnostics& diags) {
    BodyContent content = body->content(spec_schema(false), diags);
    auto spec = std::make_shared<TupleSpec>();
    for (const auto& b : content.blocks) spec->elems.push_back(block(b, diags));
    return spec;
  }

  SpecPtr attr(const BodyPtr& body, const std::string& implied, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyContent c = read_args(body, {{"name", false}, {"type", false}, {"required", false}}, nullptr, own);
    auto name = arg_string(c, "name", own);
    auto required = arg_bool(c, "required", own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return err_spec();
    auto spec = std::make_shared<AttrSpec>();
    spec->name = name ? *name : implied;
    spec->required = required.value_or(false);
    const body::Attribute* type = c.attributes.find("type");
    spec->type =
        eval_type_expr(type ? type->expr : body::static_expr(Value::null(), body->missing_item_range()), diags);
    if (spec->name.empty()) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Missing name in attribute spec",
                           "The name attribute is required, to specify the attribute name that is expected in an "
                           "input HCL file.",
                           body->missing_item_range(), std::nullopt});
      return err_spec();
    }
    return spec;
  }

  SpecPtr block_spec(const BodyPtr& body, const std::string& implied, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyPtr nested;
    BodyContent c = read_args(body, {{"block_type", false}, {"required", false}}, &nested, own);
    auto type = arg_string(c, "block_type", own);
    auto required = arg_bool(c, "required", own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return err_spec();
    auto spec = std::make_shared<BlockSpec>();
    spec->type_name = type ? *type : implied;
    spec->required = required.value_or(false);
    spec->nested = only_child(
        nested, "A block spec must have exactly one child spec specifying how to decode block contents.", diags);
    return spec;
  }

  SpecPtr block_list(const BodyPtr& body, const std::string& implied, BlockListSpec::Kind kind,
                     diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyPtr nested;
    BodyContent c = read_args(body, {{"block_type", false}, {"min_items", false}, {"max_items", false}}, &nested, own);
    auto type = arg_string(c, "block_type", own);
    auto max_items = arg_int(c, "max_items", own);
    auto min_items = arg_int(c, "min_items", own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return err_spec();
    auto spec = std::make_shared<BlockListSpec>();
    spec->kind = kind;
    spec->type_name = type ? *type : implied;
    spec->min_items = min_items.value_or(0);
    spec->max_items = max_items.value_or(0);
    spec->nested = only_child(
        nested, "A block spec must have exactly one child spec specifying how to decode block contents.", diags);
    if (spec->type_name.empty()) {
      const char* what = kind == BlockListSpec::Kind::List ? "block_list" : "block_set";
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, fmt::format("Missing block_type in {} spec", what),
                           "The block_type attribute is required, to specify the block type name that is expected "
                           "in an input HCL file.",
                           body->missing_item_range(), std::nullopt});
      return err_spec();
    }
    return spec;
  }

  SpecPtr block_map(const BodyPtr& body, const std::string& implied, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyPtr nested;
    BodyContent c = read_args(body, {{"block_type", false}, {"labels", true}}, &nested, own);
    auto type = arg_string(c, "block_type", own);
    auto labels = arg_strings(c, "labels", own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return err_spec();
    auto spec = std::make_shared<BlockMapSpec>();
    spec->type_name = type ? *type : implied;
    if (labels) spec->label_names = *labels;
    spec->nested = only_child(
        nested, "A block spec must have exactly one child spec specifying how to decode block contents.", diags);
    if (spec->type_name.empty()) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Missing block_type in block_map spec",
                           "The block_type attribute is required, to specify the block type name that is expected "
                           "in an input HCL file.",
                           body->missing_item_range(), std::nullopt});
      return err_spec();
    }
    if (spec->label_names.empty()) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid block label name list",
                                       "A block_map must have at least one label specified.",
                                       body->missing_item_range(), std::nullopt});
      return err_spec();
    }
    if (spec->implied_type().has_dynamic_types()) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid block_map spec",
                                       "A block_map spec may not contain attributes with type 'any'.",
                                       body->missing_item_range(), std::nullopt});
    }
    return spec;
  }

  SpecPtr block_attrs(const BodyPtr& body, const std::string& implied, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyContent c =
        read_args(body, {{"block_type", false}, {"element_type", false}, {"required", false}}, nullptr, own);
    auto type = arg_string(c, "block_type", own);
    auto required = arg_bool(c, "required", own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return err_spec();
    auto spec = std::make_shared<BlockAttrsSpec>();
    spec->type_name = type ? *type : implied;
    spec->required = required.value_or(false);
    const body::Attribute* et = c.attributes.find("element_type");
    spec->element_type =
        eval_type_expr(et ? et->expr : body::static_expr(Value::null(), body->missing_item_range()), diags);
    if (spec->type_name.empty()) {
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Missing block_type in block_attrs spec",
                           "The block_type attribute is required, to specify the block type name that is expected "
                           "in an input HCL file.",
                           body->missing_item_range(), std::nullopt});
      return err_spec();
    }
    return spec;
  }

  SpecPtr literal(const BodyPtr& body, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyContent c = read_args(body, {{"value", true}}, nullptr, own);
    std::optional<Value> value;
    if (const body::Attribute* a = c.attributes.find("value")) value = a->expr->value(&spec_scope(), own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return err_spec();
    auto spec = std::make_shared<LiteralSpec>();
    spec->value = value ? *value : Value::null();
    return spec;
  }

  SpecPtr default_spec(const BodyPtr& body, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyContent content = body->content(spec_schema(false), own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (content.blocks.empty()) {
      if (failed) return err_spec();
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Missing spec block",
                           "A default block must have at least one nested spec, each specifying a possible outcome.",
                           body->missing_item_range(), std::nullopt});
      return err_spec();
    }
    if (content.blocks.size() == 1 && !failed) {
      // (The reference points at a second block that does not exist, and crashes.)
      diags.push_back(diag::Diagnostic{diag::Severity::Warning, "Useless default block",
                                       "A default block with only one spec is equivalent to using that spec alone.",
                                       content.blocks[0].def_range, std::nullopt});
    }
    SpecPtr spec;
    for (const auto& b : content.blocks) {
      diag::Diagnostics cand_diags;
      SpecPtr candidate = block(b, cand_diags);
      bool bad = diag::has_errors(cand_diags);
      diag::append(diags, std::move(cand_diags));
      if (bad) continue;
      if (!spec) {
        spec = candidate;
      } else {
        auto d = std::make_shared<DefaultSpec>();
        d->primary = spec;
        d->fallback = candidate;
        spec = d;
      }
    }
    return spec ? spec : err_spec();
  }

  SpecPtr transform(const BodyPtr& body, diag::Diagnostics& diags) {
    diag::Diagnostics own;
    BodyPtr nested;
    BodyContent c = read_args(body, {{"result", false}}, &nested, own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (failed) return err_spec();
    auto spec = std::make_shared<TransformExprSpec>();
    const body::Attribute* result = c.attributes.find("result");
    spec->expr = result ? result->expr : body::static_expr(Value::null(), body->missing_item_range());
    spec->transform_ctx = std::shared_ptr<const eval::Scope>(&spec_scope(), [](const eval::Scope*) {});
    diag::Diagnostics nested_diags;
    BodyContent nc = nested->content(spec_schema(false), nested_diags);
    bool nested_failed = diag::has_errors(nested_diags);
    diag::append(diags, std::move(nested_diags));
    if (nc.blocks.size() != 1) {
      if (nested_failed) return err_spec();
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid transform spec",
                                       "A transform spec block must have exactly one nested spec block.",
                                       body->missing_item_range(), std::nullopt});
      return err_spec();
    }
    spec->wrapped = block(nc.blocks[0], diags);
    return spec;
  }
};

// hcl.Diagnostics.Error(): how a user function's failure reads inside "Call to function ... failed".
std::string diagnostics_error(const diag::Diagnostics& diags) {
  auto one = [](const diag::Diagnostic& d) {
    return fmt::format("{}: {}; {}", d.subject ? body::range_string(*d.subject) : std::string("<nil>"), d.summary,
                       d.detail);
  };
  if (diags.empty()) return "no diagnostics";
  if (diags.size() == 1) return one(diags[0]);
  return fmt::format("{}, and {} other diagnostic(s)", one(diags[0]), diags.size() - 1);
}

// ext/userfunc: `function "name" { params = [a, b], variadic_param = rest, result = expr }`.
BodyPtr read_functions(const BodyPtr& body, cty::FunctionTable& table, diag::Diagnostics& diags) {
  Schema schema;
  schema.blocks.push_back({"function", {"name"}});
  BodyPtr remain;
  diag::Diagnostics own;
  BodyContent content = body->partial_content(schema, &remain, own);
  bool failed = diag::has_errors(own);
  diag::append(diags, std::move(own));
  if (failed) return remain;
  Schema fschema;
  fschema.attributes = {{"params", true}, {"variadic_param", false}, {"result", true}};
  for (const auto& b : content.blocks) {
    diag::Diagnostics fd;
    BodyContent fc = b.body->content(fschema, fd);
    bool bad = diag::has_errors(fd);
    diag::append(diags, std::move(fd));
    if (bad) continue;
    ExprPtr params_expr = fc.attributes.find("params")->expr;
    ExprPtr result = fc.attributes.find("result")->expr;
    const body::Attribute* variadic = fc.attributes.find("variadic_param");
    diag::Diagnostics pd;
    auto param_exprs = body::expr_list(params_expr, pd);
    bool pbad = diag::has_errors(pd);
    diag::append(diags, std::move(pd));
    if (pbad) continue;
    std::vector<std::string> params;
    bool ok = true;
    for (const auto& p : *param_exprs) {
      std::string name = body::expr_as_keyword(p);
      if (name.empty()) {
        diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid param element",
                                         "Each parameter name must be an identifier.", p->range(), std::nullopt});
        ok = false;
        break;
      }
      params.push_back(std::move(name));
    }
    if (!ok) continue;
    std::string var_param;
    if (variadic) {
      var_param = body::expr_as_keyword(variadic->expr);
      if (var_param.empty()) {
        diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid variadic_param",
                                         "The variadic parameter name must be an identifier.", variadic->expr->range(),
                                         std::nullopt});
        continue;
      }
    }
    Function f;
    f.name = b.labels[0];
    for (const auto& p : params) f.params.push_back(Param{.name = p});
    if (variadic) f.variadic = Param{.name = var_param};
    auto run = [params, var_param, has_variadic = variadic != nullptr, result](Args args) -> Result<Value> {
      eval::Scope scope(&spec_functions());
      scope.set_functions_inherited(true);
      for (size_t i = 0; i < params.size(); ++i) scope.set(params[i], args[i]);
      if (has_variadic)
        scope.set(var_param,
                  Value::tuple(std::vector<Value>(args.begin() + static_cast<ptrdiff_t>(params.size()), args.end())));
      diag::Diagnostics d;
      Value v = result->value(&scope, d);
      if (diag::has_errors(d)) return cty::fail_call(diagnostics_error(d));
      return v;
    };
    f.return_type = [run](Args args) -> Result<Type> {
      auto v = run(args);
      if (!v) return cty::fail(v.error());
      return v->type();
    };
    f.impl = [run](Args args, const Type&) -> Result<Value> { return run(args); };
    table.add(std::move(f));
  }
  return remain;
}

}  // namespace

const cty::FunctionTable& spec_functions() {
  static const cty::FunctionTable table = make_spec_functions();
  return table;
}

Type eval_type_expr(const ExprPtr& expr, diag::Diagnostics& diags) {
  Value result = expr->value(&type_context().scope, diags);
  if (result.is_null()) return Type::dynamic();
  if (result.type() != type_type()) {
    diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid type expression",
                                     fmt::format("A type is required, not {}.", result.type().friendly_name()),
                                     std::nullopt, std::nullopt});
    return Type::dynamic();
  }
  return unwrap_type(result);
}

SpecFile load_spec(std::shared_ptr<const source::SourceFile> source, diag::Diagnostics& diags) {
  SpecFile out;
  out.root = err_spec();
  out.functions = std::make_shared<cty::FunctionTable>();
  syntax::ParseResult parsed = syntax::parse_config(source);
  bool failed = diag::has_errors(parsed.diagnostics);
  diag::append(diags, std::move(parsed.diagnostics));
  if (failed || !parsed.tree) return out;
  BodyPtr file = body::native_body(std::shared_ptr<const syntax::SyntaxTree>(std::move(parsed.tree)));

  BodyPtr rest = read_functions(file, *out.functions, diags);
  Schema vars_schema;
  vars_schema.blocks.push_back({"variables", {}});
  BodyPtr root_body;
  BodyContent vars = rest->partial_content(vars_schema, &root_body, diags);
  for (const auto& b : vars.blocks) {
    body::Attributes attrs = b.body->just_attributes(diags);
    for (const auto& a : attrs.items) out.variables[a.name] = a.expr->value(&spec_scope(), diags);
  }

  SpecReader reader;
  diag::Diagnostics own;
  BodyContent content = root_body->content(spec_schema(false), own);
  bool root_failed = diag::has_errors(own);
  diag::append(diags, std::move(own));
  const char* detail = "A spec file must have exactly one root block specifying how to map to a JSON value.";
  if (content.blocks.empty()) {
    if (!root_failed)
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Missing spec block", detail,
                                       root_body->missing_item_range(), std::nullopt});
    return out;
  }
  if (content.blocks.size() > 1) {
    diags.push_back(diag::Diagnostic{diag::Severity::Error, "Extraneous spec block", detail,
                                     content.blocks[1].def_range, std::nullopt});
    return out;
  }
  out.root = reader.block(content.blocks[0], diags);
  return out;
}

}  // namespace hcl::dec
