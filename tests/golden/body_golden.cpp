// SPDX-License-Identifier: Apache-2.0
// Whole-file evaluation (pipeline/pipeline.h), as `hcl eval --file F --format oracle` prints it:
// the document on one line, or {"diagnostics": [...]}; the variables come from the nearest
// vars.json (from the case's folder up).
//
// testdata/body:       <case>.hcl, dynamic blocks kept as ordinary blocks; expected from the
//                      reference oracle's `body` (tests/tools/make_golden.py body).
// testdata/dynblock:   <case>.hcl with dynamic blocks expanded; expected reviewed by hand (the
//                      oracle does not expand them).
// testdata/jsonsyntax: <case>.tf.json, files in the JSON syntax: the parse diagnostics, then the
//                      evaluation; values checked against upstream's hcldec where it can read the
//                      file (make_golden.py jsonsyntax), otherwise reviewed by hand.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "body/json_body.h"
#include "body/native.h"
#include "config/file_value.h"
#include "cty/json_encoding.h"
#include "eval/run_expression.h"
#include "funcs/library.h"
#include "golden.h"
#include "jsonsyntax/reader.h"
#include "pipeline/pipeline.h"
#include "syntax/parser.h"

namespace {

namespace fs = std::filesystem;

std::shared_ptr<const hcl::eval::Scope> scope_for(const std::string& path, std::string& error) {
  auto scope = std::make_shared<hcl::eval::Scope>();
  scope->set_functions([] { return hcl::funcs::standard_functions(); });
  auto dir = fs::path(path).parent_path();
  while (!fs::exists(dir / "vars.json") && dir.has_parent_path() && dir != dir.parent_path()) dir = dir.parent_path();
  if (fs::exists(dir / "vars.json")) {
    auto vars = hcl::cty::json_to_value(hcl::golden::read_text(dir / "vars.json"));
    if (!vars) {
      error = "cannot read vars.json: " + vars.error() + "\n";
      return nullptr;
    }
    for (const auto& [k, v] : vars->attributes()) scope->set(k, v);
  }
  return scope;
}

std::string document(const hcl::config::FileValue& fv) {
  if (fv.document) return *hcl::cty::value_to_json(*fv.document) + "\n";
  return "{\"diagnostics\":" + hcl::eval::diagnostics_to_json(fv.diagnostics) + "}\n";
}

std::string variables(const hcl::config::FileValue& fv) {
  std::string out;
  for (const auto& [name, value] : fv.variables) out += name + " = " + value.go_string() + "\n";
  return out;
}

// The file as `hcl eval --file` evaluates it (pipeline::file_value), `batch` nodes at a time: the
// document (or its diagnostics) and, from a second run, the file's variables.
std::pair<std::string, std::string> by_pipeline(const hcl::pipeline::Input& input,
                                                const std::shared_ptr<const hcl::eval::Scope>& scope, bool keep_dynamic,
                                                uint32_t batch) {
  hcl::pipeline::ValueRequest request{.input = input, .keep_dynamic = keep_dynamic, .item_batch = batch};
  hcl::pipeline::FileValue doc = hcl::pipeline::file_value(request, scope);
  std::string text = doc.result.value
                         ? *hcl::cty::value_to_json(*doc.result.value) + "\n"
                         : "{\"diagnostics\":" + hcl::eval::diagnostics_to_json(doc.result.diagnostics) + "}\n";
  request.for_expression = true;
  hcl::config::FileValue vars;
  vars.variables = hcl::pipeline::file_value(request, scope).variables;
  return {text, variables(vars)};
}

// Ranges name the file as the case's own name, as the oracle is run from the case's folder.
std::string native(const std::string& path, const std::string& content, bool keep_dynamic) {
  std::string error;
  auto scope = scope_for(path, error);
  if (!scope) return error;
  hcl::pipeline::Input input{std::make_shared<hcl::source::SourceFile>(fs::path(path).filename().string(), content)};
  auto [text, vars] = by_pipeline(input, scope, keep_dynamic, hcl::pipeline::kItemBatch);
  // However the file is cut into pieces, and evaluated whole from one tree, the result is the same,
  // variables included.
  hcl::syntax::ParseResult parsed = hcl::syntax::parse_config(input.source);
  if (!hcl::diag::has_errors(parsed.diagnostics)) {
    auto body = hcl::body::native_body(std::shared_ptr<const hcl::syntax::SyntaxTree>(std::move(parsed.tree)));
    hcl::config::FileValue whole = hcl::config::evaluate_file(body, scope, hcl::config::EvaluateOptions{keep_dynamic});
    if (document(whole) != text || variables(whole) != vars)
      return "evaluated in pieces, the file has another value:\n" + text + vars + "than whole:\n" + document(whole) +
             variables(whole);
  }
  for (uint32_t batch : {0u, 5u}) {
    auto [other, other_vars] = by_pipeline(input, scope, keep_dynamic, batch);
    if (other != text || other_vars != vars)
      return "evaluated in pieces of " + std::to_string(batch) + " nodes, the file has another value:\n" + other +
             other_vars + "than in pieces of " + std::to_string(hcl::pipeline::kItemBatch) + ":\n" + text + vars;
  }
  return text;
}

std::string json_syntax(const std::string& path, const std::string& content) {
  std::string error;
  auto scope = scope_for(path, error);
  if (!scope) return error;
  auto source = std::make_shared<hcl::source::SourceFile>(fs::path(path).filename().string(), content);
  hcl::jsonsyntax::ParseResult parsed = hcl::jsonsyntax::parse_file(source);
  std::string out = "parse " + hcl::eval::diagnostics_to_json(parsed.diagnostics) + "\n";
  if (hcl::diag::has_errors(parsed.diagnostics)) return out;
  return out + "eval " +
         by_pipeline({.source = source, .json_syntax = true}, scope, false, hcl::pipeline::kItemBatch).first;
}

HCL_GOLDEN_FEATURE("body", ".hcl", ".expected",
                   [](const std::string& path, const std::string& content) { return native(path, content, true); });
HCL_GOLDEN_FEATURE("dynblock", ".hcl", ".expected",
                   [](const std::string& path, const std::string& content) { return native(path, content, false); });
HCL_GOLDEN_FEATURE("jsonsyntax", ".tf.json", ".expected", json_syntax);

}  // namespace
