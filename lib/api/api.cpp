// SPDX-License-Identifier: Apache-2.0
// The public interface (include/hcl/) over the stages: each call converts its arguments to the
// stages' types, runs them and converts the results back. The stages' own types never appear in
// a public header, so they can change without breaking a program built against the library.
// This is the one file that names the internal value model (cty::Value): the layer above it
// moves with it.
#include <hcl/hcl.h>

#include "body/json_body.h"
#include "body/native.h"
#include "config/file_value.h"
#include "cty/json_encoding.h"
#include "cty/print.h"
#include "diag/render.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "format/format.h"
#include "funcs/library.h"
#include "json/evaluator.h"
#include "json/hcl2json.h"
#include "json/syntax_convert.h"
#include "jsonsyntax/reader.h"
#include "syntax/parser.h"

#ifndef HCL_VERSION
#define HCL_VERSION "0.0.0"
#endif

namespace hcl {

struct Value::Impl {
  cty::Value value;
};

struct File::Impl {
  Syntax syntax = Syntax::Native;
  std::shared_ptr<const source::SourceFile> source;
  std::shared_ptr<const syntax::SyntaxTree> tree;        // Native
  std::shared_ptr<const jsonsyntax::Document> document;  // Json
  Diagnostics diagnostics;
};

namespace {

Position position(const source::Pos& p) { return Position{p.line, p.column, p.byte}; }

std::optional<SourceRange> range(const std::optional<source::Range>& r) {
  if (!r) return std::nullopt;
  return SourceRange{r->filename.str(), position(r->start), position(r->end)};
}

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

Value wrap(cty::Value v) { return Value(std::make_shared<const Value::Impl>(Value::Impl{std::move(v)})); }

// The standard functions without those that read files: a library call reads no files.
std::shared_ptr<eval::Scope> scope_with(const Variables& variables) {
  auto scope = std::make_shared<eval::Scope>(&json::pure_functions());
  for (const auto& [name, value] : variables) scope->set(name, value.impl().value);
  return scope;
}

}  // namespace

Value::Value() : impl_(std::make_shared<const Impl>(Impl{cty::Value::null()})) {}

std::optional<Value> Value::from_json(std::string_view json, Diagnostics& diagnostics) {
  auto v = cty::json_to_value(json);
  if (!v) {
    diagnostics.push_back(Diagnostic{Severity::Error, "Invalid JSON", v.error(), std::nullopt, std::nullopt});
    return std::nullopt;
  }
  return wrap(std::move(*v));
}

Value Value::string(std::string_view text) { return wrap(cty::Value::string(text)); }
bool Value::is_null() const { return impl_->value.is_null(); }
bool Value::is_known() const { return impl_->value.is_wholly_known(); }
std::string Value::type_json() const { return cty::type_to_json(impl_->value.type()); }
std::optional<std::string> Value::to_json() const {
  auto text = cty::value_to_json(impl_->value);
  if (!text) return std::nullopt;
  return std::move(*text);
}
std::string Value::to_hcl() const { return cty::value_to_hcl(impl_->value); }

Syntax syntax_for(std::string_view filename) {
  return jsonsyntax::is_json_filename(filename) ? Syntax::Json : Syntax::Native;
}

File File::parse(std::string name, std::string text, Syntax syntax) {
  auto impl = std::make_shared<Impl>();
  impl->syntax = syntax;
  impl->source = std::make_shared<const source::SourceFile>(std::move(name), std::move(text));
  if (syntax == Syntax::Json) {
    jsonsyntax::ParseResult r = jsonsyntax::parse_file(impl->source);
    impl->document = std::move(r.document);
    impl->diagnostics = convert(r.diagnostics);
  } else {
    syntax::ParseResult r = syntax::parse_config(impl->source);
    impl->tree = std::move(r.tree);
    impl->diagnostics = convert(r.diagnostics);
  }
  return File(std::move(impl));
}

const std::string& File::name() const { return impl_->source->name(); }
std::string_view File::text() const { return impl_->source->text(); }
Syntax File::syntax() const { return impl_->syntax; }
const Diagnostics& File::diagnostics() const { return impl_->diagnostics; }

std::string File::render(const Diagnostic& diagnostic, bool color) const {
  const source::SourceFile* own = impl_->source.get();
  diag::SourceLookup lookup = [own](const std::string& name) { return name == own->name() ? own : nullptr; };
  return diag::render_text(internal(diagnostic), lookup, diag::TextStyle{color, 0});
}

FormatResult format_file(const File& file) {
  FormatResult out;
  if (file.syntax() != Syntax::Native) {
    out.diagnostics.push_back(Diagnostic{Severity::Error, "Cannot format JSON",
                                         "Only files in HCL's native syntax can be formatted.", std::nullopt,
                                         std::nullopt});
    return out;
  }
  format::FormatResult r = format::format_config(file.impl().source);
  out.ok = r.ok;
  out.changed = r.changed;
  out.output = r.changed ? std::move(r.output) : std::string(file.text());
  out.diagnostics = convert(r.diagnostics);
  return out;
}

JsonResult to_json(const File& file, const JsonOptions& options) {
  JsonResult out;
  if (!file.ok()) {
    out.diagnostics = file.diagnostics();
    return out;
  }
  auto scope = scope_with({});
  json::Options conv;
  conv.pretty = options.pretty;
  conv.evaluator = json::make_evaluator(scope);
  json::ConvertResult r = file.syntax() == Syntax::Json ? json::convert_json_syntax(file.impl().document, conv, scope)
                                                        : json::convert_file(*file.impl().tree, conv);
  out.ok = r.ok;
  out.text = std::move(r.text);
  out.diagnostics = convert(r.diagnostics);
  return out;
}

EvalResult evaluate(std::string_view expression, const Variables& variables) {
  EvalResult out;
  eval::RunOptions options;
  options.require_json = false;
  eval::RunResult r = eval::run(std::string(expression), *scope_with(variables), options);
  if (r.value) out.value = wrap(std::move(*r.value));
  out.diagnostics = convert(r.diagnostics);
  return out;
}

EvalResult evaluate(const File& file, const Variables& variables) {
  EvalResult out;
  if (!file.ok()) {
    out.diagnostics = file.diagnostics();
    return out;
  }
  body::BodyPtr body =
      file.syntax() == Syntax::Json ? body::json_body(file.impl().document) : body::native_body(file.impl().tree);
  config::FileValue r = config::evaluate_file(body, scope_with(variables), config::EvaluateOptions{.variables = false});
  if (r.document) out.value = wrap(std::move(*r.document));
  out.diagnostics = convert(r.diagnostics);
  return out;
}

const char* version() { return HCL_VERSION; }

}  // namespace hcl
