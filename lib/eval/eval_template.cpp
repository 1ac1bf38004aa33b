// SPDX-License-Identifier: Apache-2.0
// Templates: hclsyntax's TemplateExpr, TemplateWrapExpr and TemplateJoinExpr
// (expression_template.go), and the nesting of directives that the reference's templateParser
// (parser_template.go) does while parsing: the tree keeps a template's parts flat, so the
// evaluator nests them once per template node and keeps the result (template_plan).
#include "eval/eval_internal.h"

namespace hcl::eval::evaluator_detail {

using namespace cty;

namespace {

// An empty branch or loop body still yields one part, an empty literal, as the reference's
// template parser gives one, placed where the body would have been (diagnostics point there).
TemplatePart empty_literal_part(uint32_t at) {
  TemplatePart e;
  e.literal = Value::string_nfc("");
  e.range = e.start = diag::Span{at, at};
  return e;
}

}  // namespace

// The parts of a template node, nested. A template that is exactly one interpolation is a
// TemplateWrapExpr: its value passes through unconverted ("${x}" may be a list).
const TemplatePlan& Evaluator::template_plan(syntax::NodeId n) {
  auto it = templates_.find(n);
  if (it != templates_.end()) return *it->second;
  auto plan = std::make_unique<TemplatePlan>();
  auto kids = t_.children(n);
  if (ast::template_is_passthrough(t_, n)) {
    plan->passthrough = true;
    plan->passthrough_expr = ast::interp_expr(kids[0]);
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

// An if's or for's empty body becomes one empty literal at the directive's end, as the
// reference's templateParser makes it, so every body has a range to point diagnostics at.
// The structure was checked by the parser: an unbalanced directive (only possible after a
// reported syntax error) ends the parts early, and an Error node is skipped.
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
        p.node = ast::interp_expr(k);
        p.range = span(p.node);
        p.start = start_span(p.node);
        out.push_back(std::move(p));
        ++i;
        break;
      }
      case syntax::NodeKind::TemplateIf: {
        TemplatePart p;
        p.kind = TemplatePart::If;
        p.node = ast::template_if_condition(k);
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
        if (p.then_parts.empty()) p.then_parts.push_back(empty_literal_part(open.end));
        if (p.else_parts.empty()) p.else_parts.push_back(empty_literal_part(endif.start));
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
        if (p.then_parts.empty()) p.then_parts.push_back(empty_literal_part(open.end));
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

// TemplateExpr.Value.
Value Evaluator::template_expr(syntax::NodeId n, const Frame* f, diag::Diagnostics& d) {
  const TemplatePlan& plan = template_plan(n);
  if (plan.passthrough) return eval(plan.passthrough_expr, f, d);
  return template_parts_value(plan.parts, span(n), f, d);
}

// One part's value: the template if directive is a ConditionalExpr over the two bodies, the
// for directive a ForExpr whose value is its body, joined into a string by TemplateJoinExpr.
Value Evaluator::template_part_value(const TemplatePart& p, const Frame* f, diag::Diagnostics& d) {
  switch (p.kind) {
    case TemplatePart::Literal: return p.literal;
    case TemplatePart::Interp: return eval(p.node, f, d);
    case TemplatePart::If: {
      // The bodies are templates of their own: a diagnostic about one of their parts has the
      // body as context, and the conditional's type errors point at the two bodies.
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
          spec,
          [&](const Frame* cf, diag::Diagnostics& cd) {
            return template_parts_value(p.then_parts, body_range, cf, cd);
          },
          f, d);
      // TemplateJoinExpr: the for directive's results joined. Unlike the parts of a template, an
      // unknown (or dynamic) element stops the join at once, and the reference points its errors
      // at the whole directive, without context.
      bool marked = tuple.is_sensitive();
      if (tuple.type().is_dynamic() || !tuple.is_known()) return Value::unknown(Type::string()).marked_if(marked);
      std::string buf;
      for (const auto& e : tuple.elements()) {
        marked |= e.is_sensitive();
        if (e.is_null()) {
          error(d, "Invalid template interpolation value",
                "An iteration result is null. Cannot include a null value in a string template.", p.range);
          continue;
        }
        if (e.type().is_dynamic()) return Value::unknown(Type::string()).marked_if(marked);
        auto s = convert(e, Type::string());
        if (!s) {
          error(d, "Invalid template interpolation value",
                "Cannot include one of the interpolation results into the string template: " + s.error() + ".",
                p.range);
          continue;
        }
        if (!e.is_known()) return Value::unknown(Type::string()).marked_if(marked);
        append_charged(buf, s->as_string());
      }
      return Value::string(buf).marked_if(marked);
    }
  }
  return Value::dynamic();
}

// TemplateExpr.Value: each part converted to a string and appended. Every part is evaluated even
// after an unknown one, to gather all diagnostics; the result is then an unknown string. Output
// is charged to the evaluation budget as it grows, so a template cannot build an unbounded string.
Value Evaluator::template_parts_value(const std::vector<TemplatePart>& parts, diag::Span src_range, const Frame* f,
                                      diag::Diagnostics& d) {
  std::string buf;
  bool known = true;
  bool marked = false;  // any part's mark marks the whole string (HCL's TemplateExpr)
  for (const auto& p : parts) {
    Value v = template_part_value(p, f, d);
    marked |= v.is_sensitive();
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
  if (!known) return Value::unknown(Type::string()).marked_if(marked);
  return Value::string(buf).marked_if(marked);
}

}  // namespace hcl::eval::evaluator_detail
