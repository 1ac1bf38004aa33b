// SPDX-License-Identifier: Apache-2.0
// File -> value (pipeline.h): the configuration evaluated a piece at a time while it is parsed.
#include <optional>

#include "body/json_body.h"
#include "body/native.h"
#include "config/file_value.h"
#include "jsonsyntax/reader.h"
#include "lex/lexer.h"
#include "pipeline/pipeline.h"
#include "syntax/parser.h"

namespace hcl::pipeline {

namespace {

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

// Parses a native file into `builder` piece by piece; false (with the diagnostics in `out`) when
// it does not parse, or when it is one expression instead (out.kind says so).
bool parse_native(const ValueRequest& req, config::FileValueBuilder& builder, FileValue& out) {
  const auto& source = req.input.source;
  // Each piece of the file is evaluated as soon as it is parsed, so its tree is never held
  // whole (a file of 200,000 small blocks held 82 MB of tree). A piece borrows the parser's
  // tree for the call (native_items); nothing evaluated keeps a tree. Once the parse fails, no
  // more pieces come, and what was evaluated is dropped.
  syntax::ParseOptions options;
  options.root_item = [&builder](const syntax::SyntaxTree& items) { builder.add(body::native_items(items)); };
  options.root_item_batch = req.item_batch;
  syntax::ParseResult r = syntax::parse_config(source, options);
  if (!diag::has_errors(r.diagnostics)) {
    diag::append(out.result.diagnostics, std::move(r.diagnostics));
    return true;
  }
  // A file may also hold one expression (`n * 2`). No text is both a body and an expression (a
  // body item starts `name =` or `name {` / `name "label"`, where an expression cannot continue,
  // and an empty body is no expression), so this cannot change what a configuration means.
  if (req.accept_expression && !req.for_expression) {
    syntax::ParseResult e = syntax::parse_expression(source);
    if (!diag::has_errors(e.diagnostics)) {
      out.kind = FileValue::Kind::Expression;
      out.result.sources.clear();
      return false;
    }
    if (expression_explains_better(*source, r, e)) {
      out.result.diagnostics = std::move(e.diagnostics);
      return false;
    }
  }
  out.result.diagnostics = std::move(r.diagnostics);
  return false;
}

}  // namespace

FileValue file_value(const ValueRequest& req, std::shared_ptr<const eval::Scope> scope) {
  FileValue out;
  const auto& source = req.input.source;
  out.result.sources.push_back(source);
  config::EvaluateOptions evaluate{req.keep_dynamic, !req.for_expression, req.for_expression};
  if (req.for_expression) evaluate.only_top_level = req.only_names;
  config::FileValueBuilder builder(std::move(scope), evaluate);
  if (req.input.document) {
    builder.add(body::json_body(req.input.document));
  } else if (req.input.tree) {
    builder.add(body::native_body(req.input.tree));
  } else if (req.input.json_syntax) {
    jsonsyntax::ParseResult r = jsonsyntax::parse_file(source);
    out.result.diagnostics = std::move(r.diagnostics);
    if (diag::has_errors(out.result.diagnostics)) return out;
    builder.add(body::json_body(r.document));
  } else if (!parse_native(req, builder, out)) {
    return out;
  }

  config::FileValue fv = builder.finish();
  if (req.for_expression) {
    out.kind = FileValue::Kind::Scope;
    out.variables = std::move(fv.variables);
    out.file_diagnostics = std::move(fv.diagnostics);
    return out;
  }
  diag::append(out.result.diagnostics, std::move(fv.diagnostics));
  if (!fv.document) return out;
  out.result.value = std::move(fv.document);
  if (!req.type.empty()) {
    source::Pos start{1, 1, 0};
    if (!eval::apply_type(out.result, req.type, source::Range{source->name(), start, start})) {
      out.result.value.reset();
      return out;
    }
  }
  out.kind = FileValue::Kind::Document;
  return out;
}

std::set<std::string, std::less<>> expression_roots(const std::string& text, bool template_mode) {
  auto source = std::make_shared<source::SourceFile>("<expr>", text);
  syntax::ParseResult parsed = template_mode ? syntax::parse_template(source) : syntax::parse_expression(source);
  std::set<std::string, std::less<>> roots;
  if (diag::has_errors(parsed.diagnostics) || !parsed.tree) return roots;
  std::shared_ptr<const syntax::SyntaxTree> tree = std::move(parsed.tree);
  for (const body::Traversal& t : body::native_variables(tree, tree->root())) roots.insert(t.root_name());
  return roots;
}

eval::RunResult run_with_file(std::string expression, const eval::RunOptions& options, const eval::Scope& scope,
                              const FileValue& file) {
  eval::Scope with_file = scope;
  for (const auto& [k, v] : file.variables)
    if (!scope.find(k)) with_file.set(k, v);
  eval::RunResult r = eval::run(std::move(expression), with_file, options);
  for (const auto& s : file.result.sources) r.sources.push_back(s);
  if (!r.value && diag::has_errors(file.file_diagnostics)) {
    // A result left unknown by the file's errors: those errors say why, not the JSON writer.
    if (r.unknown_result) r.diagnostics.pop_back();
    diag::Diagnostics all = file.file_diagnostics;
    diag::append(all, std::move(r.diagnostics));
    r.diagnostics = std::move(all);
  }
  return r;
}

}  // namespace hcl::pipeline
