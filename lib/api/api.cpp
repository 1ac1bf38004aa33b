// SPDX-License-Identifier: Apache-2.0
// The public interface (include/hcl/) over the stages: each call converts its arguments to the
// stages' types, runs the pipeline stage and converts the results back. The stages' own types
// never appear in a public header, so they can change without breaking a program built against
// the library.

#include <filesystem>

#include <hcl/hcl.h>

#include "api/access.h"
#include "cty/budget.h"
#include "diag/render.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "funcs/dialect.h"
#include "json/evaluator.h"
#include "json/expression_ast.h"
#include "json/python_hcl2.h"
#include "pipeline/config_value.h"
#include "pipeline/pipeline.h"
#include "syntax/parser.h"
#include "util/limits.h"

namespace hcl {

static_assert(kMaxNestingDepth == util::kMaxNestingDepth);
// The build passes the project's version (CMakeLists.txt): <hcl/version.h> must say the same.
#ifdef HCL_VERSION
static_assert(std::string_view(HCL_VERSION) == HCL_VERSION_STRING, "<hcl/version.h> differs from project(VERSION)");
#endif
static_assert(static_cast<int>(Dialect::Nomad) == static_cast<int>(funcs::Dialect::Nomad));

namespace {

using detail::Access;

Position position(const source::Pos& p) { return Position{p.line, p.column, p.byte}; }

std::optional<SourceRange> range(const std::optional<source::Range>& r) {
  if (!r) return std::nullopt;
  return SourceRange{r->filename.str(), position(r->start), position(r->end)};
}

// What an evaluation may call, read and spend. The common case, the pure functions reading no
// file, shares one table.
std::shared_ptr<eval::Scope> scope_for(const Variables& variables, Dialect dialect, bool impure,
                                       const std::vector<std::string>& read_roots, const Limits& limits) {
  std::shared_ptr<eval::Scope> scope;
  if (dialect == Dialect::Hcl && !impure && read_roots.empty()) {
    static const cty::FunctionTable no_files = funcs::pure_functions(funcs::FileAccess{.roots = {}});
    scope = std::make_shared<eval::Scope>(&no_files);
  } else {
    funcs::FileAccess access{.base = read_roots.empty() ? "." : read_roots.front(), .roots = read_roots};
    scope = std::make_shared<eval::Scope>();
    scope->set_functions([access, impure, d = static_cast<funcs::Dialect>(dialect)] {
      return funcs::dialect_functions(d, access, impure);
    });
  }
  scope->set_limits(cty::EvalLimits{limits.max_values, limits.max_memory_bytes, limits.max_seconds});
  for (const auto& [name, value] : variables) scope->set(name, Access::value(value));
  return scope;
}

std::shared_ptr<eval::Scope> scope_for(const EvalOptions& o) {
  return scope_for(o.variables, o.dialect, o.impure_functions, o.read_roots, o.limits);
}

pipeline::Input input(const File& file) {
  const FileData& f = Access::file(file);
  return pipeline::Input{f.source, f.syntax == Syntax::Json, f.tree, f.document};
}

Result<Value> value_result(eval::RunResult r, bool show_sensitive) {
  Diagnostics diagnostics = convert(r.diagnostics);
  if (!r.value || has_errors(diagnostics)) return Result<Value>::failure(std::move(diagnostics));
  cty::Value v = show_sensitive ? r.value->unmark_deep() : std::move(*r.value);
  return Result<Value>(Access::wrap(std::move(v)), std::move(diagnostics));
}

}  // namespace

Diagnostics convert(const diag::Diagnostics& from) {
  Diagnostics out;
  out.reserve(from.size());
  for (const diag::Diagnostic& d : from) {
    out.push_back(Diagnostic{d.severity == diag::Severity::Error ? Severity::Error : Severity::Warning, d.summary,
                             d.detail, range(d.subject), range(d.context)});
  }
  return out;
}

diag::Diagnostic internal(const Diagnostic& d) {
  auto back = [](const std::optional<SourceRange>& r) -> std::optional<source::Range> {
    if (!r) return std::nullopt;
    return source::Range{r->filename, source::Pos{r->start.line, r->start.column, r->start.byte},
                         source::Pos{r->end.line, r->end.column, r->end.byte}};
  };
  return diag::Diagnostic{d.severity == Severity::Error ? diag::Severity::Error : diag::Severity::Warning, d.summary,
                          d.detail, back(d.subject), back(d.context)};
}

Diagnostic error(std::string summary, std::string detail) {
  return Diagnostic{Severity::Error, std::move(summary), std::move(detail), std::nullopt, std::nullopt};
}

Syntax syntax_for(std::string_view filename) {
  return jsonsyntax::is_json_filename(filename) ? Syntax::Json : Syntax::Native;
}

File File::parse(std::string name, std::string text, Syntax syntax) {
  auto data = std::make_shared<FileData>();
  data->syntax = syntax;
  data->source = std::make_shared<const source::SourceFile>(std::move(name), std::move(text));
  if (syntax == Syntax::Json) {
    jsonsyntax::ParseResult r = jsonsyntax::parse_file(data->source);
    data->document = std::move(r.document);
    data->diagnostics = convert(r.diagnostics);
  } else {
    syntax::ParseResult r = syntax::parse_config(data->source);
    data->tree = std::move(r.tree);
    data->diagnostics = convert(r.diagnostics);
  }
  return Access::wrap(std::shared_ptr<const FileData>(std::move(data)));
}

const std::string& File::name() const { return Access::file(*this).source->name(); }
std::string_view File::text() const { return Access::file(*this).source->text(); }
Syntax File::syntax() const { return Access::file(*this).syntax; }
const Diagnostics& File::diagnostics() const { return Access::file(*this).diagnostics; }

std::string File::render(const Diagnostic& diagnostic, bool color) const {
  const source::SourceFile* own = Access::file(*this).source.get();
  diag::SourceLookup lookup = [own](const std::string& name) { return name == own->name() ? own : nullptr; };
  return diag::render_text(internal(diagnostic), lookup, diag::TextStyle{color, 0});
}

Result<Formatted> format_file(const File& file, const FormatOptions& options) {
  if (!file.ok()) return Result<Formatted>::failure(file.diagnostics());
  format::FormatOptions fo;
  fo.style = options.terraform ? format::Style::Terraform : format::Style::Canonical;
  format::FormatResult r = pipeline::file_format(input(file), fo);
  Diagnostics diagnostics = convert(r.diagnostics);
  if (!r.ok) return Result<Formatted>::failure(std::move(diagnostics));
  Formatted out{r.changed ? std::move(r.output) : std::string(file.text()), r.changed};
  return Result<Formatted>(std::move(out), std::move(diagnostics));
}

Result<std::string> to_json(const File& file, const JsonOptions& options) {
  if (!file.ok()) return Result<std::string>::failure(file.diagnostics());
  pipeline::JsonRequest request{.input = input(file)};
  request.options.pretty = options.pretty;
  // As `hcl json`: --simplify or any variable evaluates what can be evaluated.
  if (options.simplify || !options.variables.empty()) {
#ifdef HCL_API_WITHOUT_EVALUATION
    // The npm package's parse module (js/CMakeLists.txt) is this library without the evaluator,
    // which this branch alone would pull in; the package's JavaScript sends such calls to its
    // other module.
    return Result<std::string>::failure(
        Diagnostics{error("No evaluator",
                          "This build of the library converts without evaluating: simplify and variables "
                          "need the build with the evaluator.")});
#else
    request.scope = scope_for(options.variables, Dialect::Hcl, false, options.read_roots, options.limits);
    request.options.evaluator = json::make_evaluator(request.scope);
    request.options.strict = options.strict;
#endif
  }
  pipeline::JsonDocument doc = pipeline::file_json(request);
  Diagnostics diagnostics = convert(doc.diagnostics());
  if (!doc.ok()) return Result<std::string>::failure(std::move(diagnostics));
  return Result<std::string>(doc.text(), std::move(diagnostics));
}

Result<std::string> to_python_hcl2_json(const File& file, const PythonHcl2Options& options) {
  if (!file.ok()) return Result<std::string>::failure(file.diagnostics());
  const FileData& f = Access::file(file);
  if (f.syntax != Syntax::Native || !f.tree)
    return Result<std::string>::failure(
        Diagnostics{error("Not the native syntax", "python-hcl2 reads HCL's native syntax only.")});
  json::PythonHcl2Result r = json::python_hcl2(*f.tree, {.with_comments = options.with_comments,
                                                         .explicit_blocks = options.explicit_blocks,
                                                         .strip_string_quotes = options.strip_string_quotes});
  if (!r.diagnostics.empty()) return Result<std::string>::failure(convert(r.diagnostics));
  return Result<std::string>(std::move(r.json), Diagnostics{});
}

Result<std::string> expression_ast_json(std::string filename, std::string expression) {
  auto source = std::make_shared<const source::SourceFile>(std::move(filename), std::move(expression));
  syntax::ParseResult r = syntax::parse_expression(source);
  Diagnostics diagnostics = convert(r.diagnostics);
  if (!r.tree || diag::has_errors(r.diagnostics)) return Result<std::string>::failure(std::move(diagnostics));
  return Result<std::string>(json::expression_ast(*r.tree), std::move(diagnostics));
}

Result<Value> evaluate(std::string_view expression, const EvalOptions& options) {
  eval::RunOptions ro;
  ro.require_json = false;
  return value_result(eval::run(std::string(expression), *scope_for(options), ro), options.show_sensitive);
}

Result<Value> evaluate(const File& file, const EvalOptions& options) {
  if (!file.ok()) return Result<Value>::failure(file.diagnostics());
  pipeline::FileValue r = pipeline::file_value(pipeline::ValueRequest{.input = input(file)}, scope_for(options));
  return value_result(std::move(r.result), options.show_sensitive);
}

Result<Value> evaluate_config(const std::string& path, const ConfigOptions& options) {
  pipeline::ConfigRequest request{.path = path};
  if (options.dialect) request.dialect = static_cast<funcs::Dialect>(*options.dialect);
  for (const ConfigInput& in : options.inputs)
    request.inputs.push_back(config::InputValue{
        in.kind == ConfigInput::Kind::File ? config::InputValue::Kind::File : config::InputValue::Kind::Assignment,
        in.text});
  request.environment = options.environment;
  request.read_roots = options.read_roots;
  request.limits =
      cty::EvalLimits{options.limits.max_values, options.limits.max_memory_bytes, options.limits.max_seconds};
  request.expression = options.expression;
  std::error_code ec;
  request.cwd = std::filesystem::current_path(ec).string();
  pipeline::ConfigResult r = pipeline::config_value(request);
  if (r.usage) return Result<Value>::failure(Diagnostics{error(*r.usage, "")});
  return value_result(std::move(r.result), options.show_sensitive);
}

const char* version() { return HCL_VERSION_STRING; }

}  // namespace hcl
