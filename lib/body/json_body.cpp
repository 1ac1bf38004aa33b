// SPDX-License-Identifier: Apache-2.0
#include "body/json_body.h"

#include <fmt/format.h>

#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "body/native.h"
#include "cty/convert.h"
#include "syntax/parser.h"
#include "util/hash_key.h"
#include "util/text.h"

namespace hcl::body {

using jsonsyntax::Document;
using jsonsyntax::Kind;
using jsonsyntax::Member;
using jsonsyntax::NodeId;
using Doc = std::shared_ptr<const Document>;

void shift_range(source::Range& r, source::Pos start) {
  auto shift = [&](source::Pos& p) {
    if (p.line == 1) p.column += start.column - 1;
    p.line += start.line - 1;
    p.byte += start.byte;
  };
  shift(r.start);
  shift(r.end);
}

void shift_ranges(diag::Diagnostics& diags, source::Pos start) {
  for (auto& d : diags) {
    if (d.subject) shift_range(*d.subject, start);
    if (d.context) shift_range(*d.context, start);
  }
}

JsonTemplate parse_json_template(source::FileName filename, const std::string& text, source::Pos start) {
  JsonTemplate out;
  auto source = std::make_shared<source::SourceFile>(filename, text);
  syntax::ParseResult parsed = syntax::parse_template(source);
  out.diagnostics = std::move(parsed.diagnostics);
  shift_ranges(out.diagnostics, start);
  if (!diag::has_errors(out.diagnostics) && parsed.tree)
    out.tree = std::shared_ptr<const syntax::SyntaxTree>(std::move(parsed.tree));
  return out;
}

namespace {

source::Pos after_quote(source::Pos p) {
  ++p.column;
  ++p.byte;
  return p;
}

void shift_traversals(std::vector<Traversal>& ts, source::Pos start) {
  for (auto& t : ts)
    for (auto& s : t.steps) shift_range(s.range, start);
}

// A JSON value read as an expression; or, for an object's property name, a string standing for
// that name (the reference evaluates names as string expressions).
class JsonExpression final : public Expression {
 public:
  JsonExpression(Doc doc, syntax::NodeId node) : doc_(std::move(doc)), node_(node) {}
  JsonExpression(Doc doc, const Member& name) : doc_(std::move(doc)), node_(UINT32_MAX), name_(&name) {}

  Value value(Context ctx, diag::Diagnostics& diags) const override {
    if (name_) return string_value(doc_->name(*name_), name_->name_start, ctx, diags);
    const jsonsyntax::Node& n = doc_->node(node_);
    switch (n.kind) {
      case Kind::String: return string_value(doc_->text(node_), n.start, ctx, diags);
      case Kind::Number: {
        auto num = cty::Number::parse(doc_->text(node_));
        return num ? Value::number(std::move(*num)) : Value::dynamic();
      }
      case Kind::Bool: return Value::boolean(doc_->boolean(node_));
      case Kind::Null: return Value::null();
      case Kind::Array: {
        std::vector<Value> items;
        for (uint32_t i = 0; i < n.count; ++i)
          items.push_back(JsonExpression(doc_, doc_->element(node_, i)).value(ctx, diags));
        return Value::tuple(std::move(items));
      }
      case Kind::Object: return object_value(ctx, diags);
      case Kind::Invalid: return Value::dynamic();
    }
    return Value::dynamic();
  }

  std::vector<Traversal> variables() const override {
    std::vector<Traversal> out;
    collect_variables(out);
    return out;
  }

  source::Range range() const override {
    if (name_) return doc_->name_range(*name_);
    return doc_->range(node_);
  }
  source::Range start_range() const override {
    if (name_) return doc_->name_range(*name_);
    return doc_->start_range(node_);
  }

  std::optional<std::vector<ExprPtr>> list() const override {
    if (name_ || doc_->node(node_).kind != Kind::Array) return std::nullopt;
    std::vector<ExprPtr> out;
    for (uint32_t i = 0; i < doc_->node(node_).count; ++i)
      out.push_back(std::make_shared<JsonExpression>(doc_, doc_->element(node_, i)));
    return out;
  }

  // A string holding traversal syntax; positions count from the opening quote, as the
  // reference's do.
  std::optional<Traversal> traversal() const override {
    if (!name_ && doc_->kind(node_) != Kind::String) return std::nullopt;
    std::string_view text = name_ ? doc_->name(*name_) : doc_->text(node_);
    source::Pos start = doc_->position(name_ ? name_->name_start : doc_->node(node_).start);
    auto source = std::make_shared<source::SourceFile>(doc_->file_name(), std::string(text));
    syntax::ParseResult parsed = syntax::parse_expression(source);
    if (diag::has_errors(parsed.diagnostics) || !parsed.tree) return std::nullopt;
    std::shared_ptr<const syntax::SyntaxTree> tree(std::move(parsed.tree));
    // Only a bare traversal: the expression's node must cover the whole text.
    syntax::NodeId root = tree->root();
    auto t = native_traversal(tree, root);
    if (!t) return std::nullopt;
    for (auto& s : t->steps) shift_range(s.range, start);
    return t;
  }

 private:
  // A string's value (`start`: its opening quote); with a context, its text is a template.
  Value string_value(std::string_view text, uint32_t start, Context ctx, diag::Diagnostics& diags) const {
    if (!ctx) return Value::string(std::string(text));
    source::Pos origin = after_quote(doc_->position(start));
    JsonTemplate tmpl = parse_json_template(doc_->file_name(), std::string(text), origin);
    if (diag::has_errors(tmpl.diagnostics)) {
      diag::append(diags, std::move(tmpl.diagnostics));
      return Value::dynamic();
    }
    diag::append(diags, std::move(tmpl.diagnostics));
    eval::EvalResult r = eval::evaluate(*tmpl.tree, tmpl.tree->root(), *ctx);
    shift_ranges(r.diagnostics, origin);
    diag::append(diags, std::move(r.diagnostics));
    return r.value;
  }

  Value object_value(Context ctx, diag::Diagnostics& diags) const {
    std::vector<Value::Attribute> attrs;
    // Where each key was defined, found by a keyed hash (an object may have 200,000 members,
    // whose names the file's author chose).
    std::unordered_map<std::string, source::Range, util::KeyedHash, std::equal_to<>> defined;
    bool known = true;
    for (const Member* m = doc_->members_begin(node_); m != doc_->members_end(node_); ++m) {
      Value name = JsonExpression(doc_, *m).value(ctx, diags);
      Value val = JsonExpression(doc_, m->value).value(ctx, diags);
      source::Range name_range = doc_->name_range(*m);
      auto converted = cty::convert(name, cty::Type::string());
      if (!converted) {
        diags.push_back(
            diag::Diagnostic{diag::Severity::Error, "Invalid object key expression",
                             fmt::format("Cannot use this expression as an object key: {}.", converted.error()),
                             name_range, std::nullopt});
        continue;
      }
      if (converted->is_null()) {
        diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid object key expression",
                                         "Cannot use null value as an object key.", name_range, std::nullopt});
        continue;
      }
      if (!converted->is_known()) {
        known = false;
        continue;
      }
      const std::string& key = converted->as_string();
      auto [earlier, fresh] = defined.try_emplace(key, name_range);
      if (!fresh) {
        diags.push_back(diag::Diagnostic{diag::Severity::Error, "Duplicate object attribute",
                                         fmt::format("An attribute named {} was already defined at {}.",
                                                     util::go_quote(key), range_string(earlier->second)),
                                         name_range, std::nullopt});
        continue;
      }
      attrs.emplace_back(key, std::move(val));
    }
    if (!known) return Value::dynamic();
    return Value::object(std::move(attrs));
  }

  void string_variables(std::string_view text, uint32_t start, std::vector<Traversal>& out) const {
    source::Pos origin = after_quote(doc_->position(start));
    JsonTemplate tmpl = parse_json_template(doc_->file_name(), std::string(text), origin);
    if (!tmpl.tree) return;
    auto vars = native_variables(tmpl.tree, tmpl.tree->root());
    shift_traversals(vars, origin);
    for (auto& v : vars) out.push_back(std::move(v));
  }

  void collect_variables(std::vector<Traversal>& out) const {
    if (name_) {
      string_variables(doc_->name(*name_), name_->name_start, out);
      return;
    }
    const jsonsyntax::Node& n = doc_->node(node_);
    switch (n.kind) {
      case Kind::String: string_variables(doc_->text(node_), n.start, out); break;
      case Kind::Array:
        for (uint32_t i = 0; i < n.count; ++i) JsonExpression(doc_, doc_->element(node_, i)).collect_variables(out);
        break;
      case Kind::Object:
        for (const Member* m = doc_->members_begin(node_); m != doc_->members_end(node_); ++m) {
          JsonExpression(doc_, *m).collect_variables(out);
          JsonExpression(doc_, m->value).collect_variables(out);
        }
        break;
      default: break;
    }
  }

  Doc doc_;
  syntax::NodeId node_;
  const Member* name_ = nullptr;  // points into doc_, which this expression keeps alive
};

class JsonBody final : public Body {
 public:
  JsonBody(Doc doc, syntax::NodeId node, std::set<std::string, std::less<>> hidden = {})
      : doc_(std::move(doc)), node_(node), hidden_(std::move(hidden)) {}

  BodyContent content(const Schema& schema, diag::Diagnostics& diags) const override {
    std::set<std::string, std::less<>> used;
    BodyContent content = partial(schema, used, diags);
    std::vector<std::string> suggestions;
    for (const auto& a : schema.attributes)
      if (!used.count(a.name)) suggestions.push_back(a.name);
    for (const auto& b : schema.blocks) suggestions.push_back(b.type);
    // The reference collects the properties again here, reporting their problems a second time.
    for (const Member* m : collect_deep(node_, nullptr, diags)) {
      std::string_view name = doc_->name(*m);
      if (name == "//" || used.count(name)) continue;
      std::string suggestion = name_suggestion(name, suggestions);
      if (!suggestion.empty()) suggestion = fmt::format(" Did you mean {}?", util::go_quote(suggestion));
      source::Range r = doc_->name_range(*m);
      diags.push_back(diag::Diagnostic{
          diag::Severity::Error, "Extraneous JSON object property",
          fmt::format("No argument or block type is named {}.{}", util::go_quote(name), suggestion), r, r});
    }
    return content;
  }

  BodyContent partial_content(const Schema& schema, BodyPtr* remain, diag::Diagnostics& diags) const override {
    std::set<std::string, std::less<>> used;
    BodyContent content = partial(schema, used, diags);
    if (remain) *remain = std::make_shared<JsonBody>(doc_, node_, std::move(used));
    return content;
  }

  Attributes just_attributes(diag::Diagnostics& diags) const override {
    Attributes out;
    if (doc_->node(node_).kind != Kind::Object) {
      diags.push_back(diag::Diagnostic{diag::Severity::Error, "Incorrect JSON value type",
                                       "A JSON object is required here, setting the arguments for this block.",
                                       doc_->start_range(node_), std::nullopt});
      return out;
    }
    for (const Member* m = doc_->members_begin(node_); m != doc_->members_end(node_); ++m) {
      std::string_view name = doc_->name(*m);
      if (name == "//" || hidden_.count(name)) continue;
      if (const Attribute* existing = out.add_unique(attribute(*m))) {
        diags.push_back(diag::Diagnostic{
            diag::Severity::Error, "Duplicate attribute definition",
            fmt::format("The argument {} was already set at {}.", util::go_quote(name), range_string(existing->range)),
            doc_->name_range(*m), std::nullopt});
      }
    }
    return out;
  }

  source::Range missing_item_range() const override {
    switch (doc_->node(node_).kind) {
      case Kind::Object: return doc_->close_range(node_);
      case Kind::Array: return doc_->open_range(node_);
      default: return doc_->start_range(node_);
    }
  }

 private:
  Attribute attribute(const Member& m) const {
    Attribute a;
    a.name = doc_->name(m);
    a.expr = std::make_shared<JsonExpression>(doc_, m.value);
    a.name_range = doc_->name_range(m);
    a.range = range_between(a.name_range, doc_->range(m.value));
    return a;
  }

  // The properties of an object, or of each object of an array (collectDeepAttrs).
  std::vector<const Member*> collect_deep(syntax::NodeId v, const std::string* label, diag::Diagnostics& diags) const {
    std::vector<const Member*> out;
    const jsonsyntax::Node& n = doc_->node(v);
    switch (n.kind) {
      case Kind::Null: break;
      case Kind::Object:
        for (const Member* m = doc_->members_begin(v); m != doc_->members_end(v); ++m) out.push_back(m);
        break;
      case Kind::Array:
        for (uint32_t i = 0; i < n.count; ++i) {
          syntax::NodeId e = doc_->element(v, i);
          if (doc_->node(e).kind == Kind::Object) {
            for (const Member* m = doc_->members_begin(e); m != doc_->members_end(e); ++m) out.push_back(m);
          } else {
            diags.push_back(diag::Diagnostic{
                diag::Severity::Error, "Incorrect JSON value type",
                label ? fmt::format("A JSON object is required here, to specify {} labels for this block.", *label)
                      : "A JSON object is required here, to define arguments and child blocks.",
                doc_->start_range(e), std::nullopt});
          }
        }
        break;
      default:
        diags.push_back(diag::Diagnostic{
            diag::Severity::Error, "Incorrect JSON value type",
            label ? fmt::format("Either a JSON object or JSON array of objects is required here, to specify {} labels "
                                "for this block.",
                                *label)
                  : "Either a JSON object or JSON array of objects is required here, to define arguments and child "
                    "blocks.",
            doc_->start_range(v), std::nullopt});
    }
    return out;
  }

  void unpack_block(syntax::NodeId v, const std::string& type, const source::Range& type_range,
                    std::span<const std::string> labels_left, std::vector<std::string>& labels,
                    std::vector<source::Range>& label_ranges, std::vector<Block>& blocks,
                    diag::Diagnostics& diags) const {
    if (!labels_left.empty()) {
      const std::string& label_name = labels_left.front();
      auto props = collect_deep(v, &label_name, diags);
      if (props.empty()) {
        diags.push_back(
            diag::Diagnostic{diag::Severity::Error, "Missing block label",
                             fmt::format("At least one object property is required, whose name represents the {} "
                                         "block's {}.",
                                         type, label_name),
                             doc_->start_range(v), std::nullopt});
        return;
      }
      for (const Member* p : props) {
        labels.emplace_back(doc_->name(*p));
        label_ranges.push_back(doc_->name_range(*p));
        unpack_block(p->value, type, type_range, labels_left.subspan(1), labels, label_ranges, blocks, diags);
        labels.pop_back();
        label_ranges.pop_back();
      }
      return;
    }
    const jsonsyntax::Node& n = doc_->node(v);
    auto make = [&](syntax::NodeId body, source::Range def) {
      Block b;
      b.type = type;
      b.labels = labels;
      b.body = std::make_shared<JsonBody>(doc_, body);
      b.def_range = std::move(def);
      b.type_range = type_range;
      b.label_ranges = label_ranges;
      blocks.push_back(std::move(b));
    };
    switch (n.kind) {
      case Kind::Null: return;
      case Kind::Object: make(v, doc_->open_range(v)); return;
      case Kind::Array:
        for (uint32_t i = 0; i < n.count; ++i) make(doc_->element(v, i), doc_->open_range(v));
        return;
      default:
        diags.push_back(
            diag::Diagnostic{diag::Severity::Error, "Incorrect JSON value type",
                             fmt::format("Either a JSON object or a JSON array is required, representing the "
                                         "contents of one or more {} blocks.",
                                         util::go_quote(type)),
                             doc_->start_range(v), std::nullopt});
    }
  }

  BodyContent partial(const Schema& schema, std::set<std::string, std::less<>>& used, diag::Diagnostics& diags) const {
    BodyContent content;
    content.missing_item_range = missing_item_range();
    used = hidden_;
    std::unordered_set<std::string_view> attr_names;
    for (const auto& s : schema.attributes) attr_names.insert(s.name);
    auto block_schema = [&](std::string_view name) {
      const BlockHeaderSchema* found = nullptr;
      for (const auto& s : schema.blocks)
        if (s.type == name) found = &s;
      return found;
    };
    for (const Member* m : collect_deep(node_, nullptr, diags)) {
      std::string_view name = doc_->name(*m);
      if (hidden_.count(name)) continue;
      if (attr_names.count(name)) {
        if (const Attribute* existing = content.attributes.add_unique(attribute(*m))) {
          source::Range r = doc_->name_range(*m);
          diags.push_back(diag::Diagnostic{diag::Severity::Error, "Duplicate argument",
                                           fmt::format("The argument {} was already set at {}.", util::go_quote(name),
                                                       range_string(existing->range)),
                                           r, r});
          continue;
        }
        used.emplace(name);
      } else if (const BlockHeaderSchema* bs = block_schema(name)) {
        std::vector<std::string> labels;
        std::vector<source::Range> label_ranges;
        unpack_block(m->value, bs->type, doc_->name_range(*m), bs->label_names, labels, label_ranges, content.blocks,
                     diags);
        used.emplace(name);
      }
    }
    for (const auto& s : schema.attributes) {
      if (s.required && !content.attributes.find(s.name)) {
        diags.push_back(diag::Diagnostic{
            diag::Severity::Error, "Missing required argument",
            fmt::format("The argument {} is required, but no definition was found.", util::go_quote(s.name)),
            content.missing_item_range, std::nullopt});
      }
    }
    return content;
  }

  Doc doc_;
  syntax::NodeId node_;
  std::set<std::string, std::less<>> hidden_;
};

}  // namespace

BodyPtr json_body(Doc doc) {
  syntax::NodeId root = doc->root();
  return std::make_shared<JsonBody>(std::move(doc), root);
}

BodyPtr json_body(Doc doc, syntax::NodeId node) { return std::make_shared<JsonBody>(std::move(doc), node); }

ExprPtr json_expr(Doc doc, syntax::NodeId node) { return std::make_shared<JsonExpression>(std::move(doc), node); }

}  // namespace hcl::body
