// SPDX-License-Identifier: Apache-2.0
#include "eval/run_expression.h"

#include <fmt/format.h>

#include "cty/convert.h"
#include "cty/json_encoding.h"
#include "cty/print.h"
#include "eval/typeexpr.h"
#include "syntax/parser.h"

namespace hcl::eval {

using namespace cty;

RunResult run(std::string text, const Scope& scope, const RunOptions& options) {
  RunResult r;
  std::string name = !options.filename.empty() ? options.filename : options.template_mode ? "<template>" : "<expr>";
  auto source = std::make_shared<source::SourceFile>(name, std::move(text));
  r.sources.push_back(source);
  syntax::ParseResult parsed =
      options.template_mode ? syntax::parse_template(source) : syntax::parse_expression(source);
  r.diagnostics = std::move(parsed.diagnostics);
  if (diag::has_errors(r.diagnostics) || !parsed.tree) return r;
  const syntax::SyntaxTree& tree = *parsed.tree;
  syntax::NodeId root = tree.root();
  diag::Span es = expression_span(tree, root);
  source::Range expr_range = tree.source().range(es.start, es.end);

  EvalResult result = evaluate(tree, root, scope);
  diag::append(r.diagnostics, std::move(result.diagnostics));
  if (diag::has_errors(r.diagnostics)) return r;
  r.value = std::move(result.value);
  if (!options.type.empty() && !apply_type(r, options.type, expr_range)) {
    r.value.reset();
    return r;
  }

  if (options.require_json) {
    auto json = value_to_json(*r.value);
    if (!json) {
      const Value& value = *r.value;
      r.diagnostics.push_back(
          diag::Diagnostic{diag::Severity::Error, "Result has no JSON form",
                           fmt::format("The expression evaluated to {}, but {}.", value.go_string(), json.error()),
                           expr_range, std::nullopt});
      r.unknown_result = !value.is_wholly_known();
      r.value.reset();
      return r;
    }
  }
  return r;
}

bool apply_type(RunResult& r, const std::string& type, const source::Range& subject) {
  auto type_source = std::make_shared<source::SourceFile>("<type>", type);
  r.sources.push_back(type_source);
  syntax::ParseResult tp = syntax::parse_expression(type_source);
  if (diag::has_errors(tp.diagnostics) || !tp.tree) {
    diag::append(r.diagnostics, std::move(tp.diagnostics));
    return false;
  }
  TypeExprResult ty = type_constraint_with_defaults(*tp.tree, tp.tree->root());
  if (diag::has_errors(ty.diagnostics)) {
    diag::append(r.diagnostics, std::move(ty.diagnostics));
    return false;
  }
  auto converted = convert(ty.defaults ? ty.defaults->apply(*r.value) : *r.value, ty.type);
  if (!converted) {
    r.diagnostics.push_back(diag::Diagnostic{diag::Severity::Error, "Unsuitable value type",
                                             "Unsuitable value: " + converted.error(), subject, std::nullopt});
    return false;
  }
  r.value = std::move(*converted);
  return true;
}

std::optional<diag::Diagnostic> sensitive_json_error(const Value& value) {
  if (!value.has_sensitive_deep()) return std::nullopt;
  std::vector<std::vector<Value>> paths;
  value.unmark_deep(&paths);
  constexpr size_t kNamed = 5;  // a few places say where to look; all of them would drown the advice
  std::string where;
  for (size_t i = 0; i < paths.size() && i < kNamed; ++i) {
    where += i ? ", " : "";
    where += paths[i].empty() ? "the result itself" : "result" + path_to_hcl(paths[i]);
  }
  if (paths.size() > kNamed) where += fmt::format(" and {} more", paths.size() - kNamed);
  diag::Diagnostic d;
  d.summary = "Sensitive value in JSON output";
  d.detail = fmt::format(
      "The result holds a sensitive value ({}), which JSON output does not print. Use --format hcl to see the "
      "result with \"(sensitive value)\" in its place, --show-sensitive to print it, or nonsensitive() in the "
      "expression.",
      where);
  return d;
}

std::string diagnostics_to_json(const diag::Diagnostics& diags) {
  std::string out = "[";
  for (size_t i = 0; i < diags.size(); ++i) {
    const diag::Diagnostic& d = diags[i];
    if (i) out += ',';
    out += "{\"severity\":";
    out += d.severity == diag::Severity::Error ? "\"error\"" : "\"warning\"";
    out += ",\"summary\":" + json_quote(d.summary);
    out += ",\"detail\":" + json_quote(d.detail);
    if (d.subject) {
      const source::Range& g = *d.subject;
      out += fmt::format(
          ",\"range\":{{\"filename\":{},\"start\":{{\"line\":{},\"column\":{},\"byte\":{}}},\"end\":{{\"line\":{},"
          "\"column\":{},\"byte\":{}}}}}",
          json_quote(g.filename.str()), g.start.line, g.start.column, g.start.byte, g.end.line, g.end.column,
          g.end.byte);
    }
    out += '}';
  }
  return out + "]";
}

std::string oracle_document(const RunResult& r) {
  if (!r.value) return "{\"diagnostics\":" + diagnostics_to_json(r.diagnostics) + "}";
  auto json = value_to_json(*r.value);
  std::string doc = "{\"value\":" + (json ? *json : std::string("null")) + ",\"type\":" + type_to_json(r.value->type());
  if (!r.diagnostics.empty()) doc += ",\"warnings\":" + diagnostics_to_json(r.diagnostics);
  return doc + "}";
}

}  // namespace hcl::eval
