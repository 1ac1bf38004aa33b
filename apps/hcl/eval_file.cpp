// SPDX-License-Identifier: Apache-2.0
#include "eval_file.h"

#include <optional>

#include "body/json_body.h"
#include "body/native.h"
#include "config/file_value.h"
#include "cty/convert.h"
#include "eval/typeexpr.h"
#include "jsonsyntax/reader.h"
#include "lex/lexer.h"
#include "syntax/parser.h"

namespace hcl::app {

namespace {

// --type on the whole document, as eval::run converts an expression's value.
bool apply_type(eval::RunResult& r, const std::string& type, const source::Range& subject) {
  auto source = std::make_shared<source::SourceFile>("<type>", type);
  r.sources.push_back(source);
  syntax::ParseResult tp = syntax::parse_expression(source);
  if (diag::has_errors(tp.diagnostics) || !tp.tree) {
    diag::append(r.diagnostics, std::move(tp.diagnostics));
    return false;
  }
  eval::TypeExprResult ty = eval::type_constraint_with_defaults(*tp.tree, tp.tree->root());
  if (diag::has_errors(ty.diagnostics)) {
    diag::append(r.diagnostics, std::move(ty.diagnostics));
    return false;
  }
  cty::Value v = ty.defaults ? ty.defaults->apply(*r.value) : *r.value;
  auto converted = cty::convert(v, ty.type);
  if (!converted) {
    r.diagnostics.push_back(diag::Diagnostic{diag::Severity::Error, "Unsuitable value type",
                                             "Unsuitable value: " + converted.error(), subject, std::nullopt});
    return false;
  }
  r.value = std::move(*converted);
  return true;
}

// Where a parse's first error starts (a byte offset), if it has one with a position.
std::optional<uint32_t> first_error_byte(const syntax::ParseResult& r) {
  for (const diag::Diagnostic& d : r.diagnostics) {
    if (d.severity == diag::Severity::Error && d.subject) return d.subject->start.byte;
  }
  return std::nullopt;
}

// Which diagnostics describe a text that is neither a configuration nor one expression. A file
// is a configuration first: its own diagnostics, unless the configuration broke on its very
// first token where the expression got further and broke inside an unfinished expression
// (`upper(`, `1 +`). An expression that ends and leaves text behind (`"name" = 1`) means a
// configuration whose first item is wrong, and an error on the first token (an invalid
// character) is the same for both.
bool expression_explains_better(const source::SourceFile& source, const syntax::ParseResult& body,
                                const syntax::ParseResult& expr) {
  if (expr.trailing_text) return false;
  std::optional<uint32_t> body_error = first_error_byte(body), expr_error = first_error_byte(expr);
  if (!body_error || !expr_error) return false;
  lex::Lexer lexer(source.text());
  for (lex::Token t = lexer.next();; t = lexer.next()) {
    if (t.kind == lex::TokenKind::Comment || t.kind == lex::TokenKind::Newline) continue;
    return *body_error == t.start && *expr_error > t.start;
  }
}

}  // namespace

FileEvaluation evaluate_config_file(const FileRequest& req, const eval::Scope& scope) {
  FileEvaluation out;
  auto source = std::make_shared<const source::SourceFile>(req.name, req.text);
  out.result.sources.push_back(source);
  config::FileValueBuilder builder(std::make_shared<const eval::Scope>(scope),
                                   config::EvaluateOptions{req.keep_dynamic, !req.for_expression, req.for_expression});
  if (reads_json(req.syntax, req.name)) {
    jsonsyntax::ParseResult r = jsonsyntax::parse_file(source);
    out.result.diagnostics = std::move(r.diagnostics);
    if (diag::has_errors(out.result.diagnostics)) return out;
    builder.add(body::json_body(r.document));
  } else {
    // Each piece of the file is evaluated as soon as it is parsed, so its tree is never held
    // whole (a file of 200,000 small blocks held 82 MB of tree). A piece borrows the parser's
    // tree for the call (native_items); nothing evaluated keeps a tree. Once the parse fails, no
    // more pieces come, and what was evaluated is dropped.
    syntax::ParseOptions options;
    options.root_item = [&builder](const syntax::SyntaxTree& items) { builder.add(body::native_items(items)); };
    options.root_item_batch = 256;
    syntax::ParseResult r = syntax::parse_config(source, options);
    if (diag::has_errors(r.diagnostics)) {
      // `hcl eval --file F` also takes a file holding one expression (`n * 2`). No text is both
      // a body and an expression (a body item starts `name =` or `name {` / `name "label"`, where
      // an expression cannot continue, and an empty body is no expression), so this cannot
      // change what a configuration means.
      if (!req.for_expression && req.text_out) {
        syntax::ParseResult e = syntax::parse_expression(source);
        if (!diag::has_errors(e.diagnostics)) {
          *req.text_out = req.text;
          out.kind = FileEvaluation::Kind::Expression;
          out.result.sources.clear();
          return out;
        }
        if (expression_explains_better(*source, r, e)) {
          out.result.diagnostics = std::move(e.diagnostics);
          return out;
        }
      }
      out.result.diagnostics = std::move(r.diagnostics);
      return out;
    }
    diag::append(out.result.diagnostics, std::move(r.diagnostics));
  }

  config::FileValue fv = builder.finish();
  if (req.for_expression) {
    out.kind = FileEvaluation::Kind::Scope;
    out.variables = std::move(fv.variables);
    out.file_diagnostics = std::move(fv.diagnostics);
    return out;
  }
  diag::append(out.result.diagnostics, std::move(fv.diagnostics));
  if (!fv.document) return out;
  out.result.value = std::move(fv.document);
  if (!req.type.empty()) {
    source::Pos start{1, 1, 0};
    if (!apply_type(out.result, req.type, source::Range{req.name, start, start})) {
      out.result.value.reset();
      return out;
    }
  }
  out.kind = FileEvaluation::Kind::Document;
  return out;
}

eval::RunResult run_with_file(std::string expression, const eval::RunOptions& options, const eval::Scope& scope,
                              const FileEvaluation& file) {
  eval::Scope with_file = scope;
  for (const auto& [k, v] : file.variables)
    if (!scope.find(k)) with_file.set(k, v);
  eval::RunResult r = eval::run(std::move(expression), with_file, options);
  for (const auto& s : file.result.sources) r.sources.push_back(s);
  if (!r.value && diag::has_errors(file.file_diagnostics)) {
    diag::Diagnostics all = file.file_diagnostics;
    diag::append(all, std::move(r.diagnostics));
    r.diagnostics = std::move(all);
  }
  return r;
}

}  // namespace hcl::app
