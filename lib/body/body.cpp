// SPDX-License-Identifier: Apache-2.0
#include "body/body.h"

#include <fmt/format.h>

#include "util/text.h"

namespace hcl::body {

std::string range_string(const source::Range& r) {
  if (r.start.line == r.end.line)
    return fmt::format("{}:{},{}-{}", r.filename.str(), r.start.line, r.start.column, r.end.column);
  return fmt::format("{}:{},{}-{},{}", r.filename.str(), r.start.line, r.start.column, r.end.line, r.end.column);
}

source::Range range_between(const source::Range& a, const source::Range& b) {
  source::Range r;
  r.filename = a.filename;
  r.start = a.start.byte < b.start.byte ? a.start : b.start;
  r.end = a.end.byte > b.end.byte ? a.end : b.end;
  return r;
}

std::string name_suggestion(std::string_view given, const std::vector<std::string>& candidates) {
  std::vector<std::string_view> views(candidates.begin(), candidates.end());
  return std::string(hcl::util::name_suggestion(given, views));
}

const Attribute* Attributes::find(std::string_view name) const {
  if (index_.size() == items.size()) {
    auto it = index_.find(name);
    if (it == index_.end()) return nullptr;  // reordering keeps the set of names
    if (it->second < items.size() && items[it->second].name == name) return &items[it->second];
  }
  for (const auto& a : items)
    if (a.name == name) return &a;
  return nullptr;
}

const Attribute* Attributes::add_unique(Attribute a) {
  if (const Attribute* existing = find(a.name)) return existing;
  if (index_.size() == items.size()) index_.emplace(a.name, items.size());
  items.push_back(std::move(a));
  return nullptr;
}

source::Range Traversal::source_range() const { return range_between(steps.front().range, steps.back().range); }

std::optional<Value> Traversal::resolve(Context ctx) const {
  if (!tree || node == syntax::kNoNode) return std::nullopt;
  eval::EvalResult r =
      ctx ? eval::evaluate(*tree, node, *ctx) : eval::evaluate(*tree, node, eval::Scope::no_variables());
  if (diag::has_errors(r.diagnostics)) return std::nullopt;
  return r.value;
}

// ---- Static expressions and analyses ------------------------------------------------------------

namespace {

class StaticExpression final : public Expression {
 public:
  StaticExpression(Value v, source::Range r) : value_(std::move(v)), range_(std::move(r)) {}
  Value value(Context, diag::Diagnostics&) const override { return value_; }
  std::vector<Traversal> variables() const override { return {}; }
  source::Range range() const override { return range_; }
  source::Range start_range() const override { return range_; }

 private:
  Value value_;
  source::Range range_;
};

const Expression* innermost(const ExprPtr& expr, ExprPtr& hold) {
  hold = expr;
  while (ExprPtr inner = hold->unwrapped()) hold = inner;
  return hold.get();
}

}  // namespace

ExprPtr static_expr(Value value, source::Range range) {
  return std::make_shared<StaticExpression>(std::move(value), std::move(range));
}

std::optional<std::vector<ExprPtr>> expr_list(const ExprPtr& expr, diag::Diagnostics& diags) {
  ExprPtr hold;
  if (auto list = innermost(expr, hold)->list()) return list;
  diags.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid expression", "A static list expression is required.",
                                   expr->start_range(), std::nullopt});
  return std::nullopt;
}

std::optional<Traversal> abs_traversal(const ExprPtr& expr, diag::Diagnostics& diags) {
  ExprPtr hold;
  if (auto t = innermost(expr, hold)->traversal()) return t;
  diags.push_back(
      diag::Diagnostic{diag::Severity::Error, "Invalid expression",
                       "A single static variable reference is required: only attribute access and indexing with "
                       "constant keys. No calculations, function calls, template expressions, etc are allowed "
                       "here.",
                       expr->range(), std::nullopt});
  return std::nullopt;
}

std::string expr_as_keyword(const ExprPtr& expr) {
  ExprPtr hold;
  auto t = innermost(expr, hold)->traversal();
  if (t && t->steps.size() == 1) return t->root_name();
  return "";
}

// ---- Merged bodies ------------------------------------------------------------------------------

namespace {

class MergedBody final : public Body {
 public:
  explicit MergedBody(std::vector<BodyPtr> bodies) : bodies_(std::move(bodies)) {}

  const std::vector<BodyPtr>& bodies() const { return bodies_; }

  BodyContent content(const Schema& schema, diag::Diagnostics& diags) const override {
    return merged(schema, false, nullptr, diags);
  }
  BodyContent partial_content(const Schema& schema, BodyPtr* remain, diag::Diagnostics& diags) const override {
    return merged(schema, true, remain, diags);
  }

  Attributes just_attributes(diag::Diagnostics& diags) const override {
    Attributes out;
    for (const auto& b : bodies_) {
      Attributes these = b->just_attributes(diags);
      for (auto& a : these.items) {
        source::Range name_range = a.name_range;
        if (const Attribute* existing = out.add_unique(std::move(a))) {
          diags.push_back(
              diag::Diagnostic{diag::Severity::Error, "Duplicate argument",
                               fmt::format("Argument {} was already set at {}", util::go_quote(existing->name),
                                           range_string(existing->name_range)),
                               name_range, std::nullopt});
        }
      }
    }
    return out;
  }

  source::Range missing_item_range() const override {
    if (bodies_.empty()) return source::Range{"<empty>", source::Pos{0, 0, 0}, source::Pos{0, 0, 0}};
    return bodies_.front()->missing_item_range();
  }

 private:
  BodyContent merged(const Schema& schema, bool partial, BodyPtr* remain, diag::Diagnostics& diags) const {
    // Any one body may set an attribute, so none is required of each; the check comes last.
    Schema relaxed = schema;
    for (auto& a : relaxed.attributes) a.required = false;
    BodyContent content;
    // The reference leaves the merged content's missing-item range unset.
    content.missing_item_range = source::Range{"", source::Pos{0, 0, 0}, source::Pos{0, 0, 0}};
    std::vector<BodyPtr> leftovers;
    for (const auto& b : bodies_) {
      BodyContent these;
      if (partial) {
        BodyPtr left;
        these = b->partial_content(relaxed, &left, diags);
        if (left) leftovers.push_back(left);
      } else {
        these = b->content(relaxed, diags);
      }
      for (auto& a : these.attributes.items) {
        source::Range name_range = a.name_range;
        if (const Attribute* existing = content.attributes.add_unique(std::move(a))) {
          diags.push_back(
              diag::Diagnostic{diag::Severity::Error, "Duplicate argument",
                               fmt::format("Argument {} was already set at {}", util::go_quote(existing->name),
                                           range_string(existing->name_range)),
                               name_range, std::nullopt});
        }
      }
      for (auto& block : these.blocks) content.blocks.push_back(std::move(block));
    }
    for (const auto& a : schema.attributes) {
      if (!a.required || content.attributes.find(a.name)) continue;
      diags.push_back(
          diag::Diagnostic{diag::Severity::Error, "Missing required argument",
                           fmt::format("The argument {} is required, but was not set.", util::go_quote(a.name)),
                           std::nullopt, std::nullopt});
    }
    if (remain) *remain = merge_bodies(std::move(leftovers));
    return content;
  }

  std::vector<BodyPtr> bodies_;
};

}  // namespace

BodyPtr merge_bodies(std::vector<BodyPtr> bodies) {
  std::vector<BodyPtr> flat;
  for (auto& b : bodies) {
    if (auto* m = dynamic_cast<const MergedBody*>(b.get())) {
      for (const auto& inner : m->bodies()) flat.push_back(inner);
    } else {
      flat.push_back(std::move(b));
    }
  }
  return std::make_shared<MergedBody>(std::move(flat));
}

BodyPtr empty_body() { return std::make_shared<MergedBody>(std::vector<BodyPtr>{}); }

}  // namespace hcl::body
