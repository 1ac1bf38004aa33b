// SPDX-License-Identifier: Apache-2.0
// Whole-file evaluation (config/file_value.h), as `hcl eval --file F --format oracle` prints it:
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
#include "syntax/parser.h"

namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::shared_ptr<const hcl::eval::Scope> scope_for(const std::string& path, std::string& error) {
  auto scope = std::make_shared<hcl::eval::Scope>();
  scope->set_functions([] { return hcl::funcs::standard_functions(); });
  auto dir = fs::path(path).parent_path();
  while (!fs::exists(dir / "vars.json") && dir.has_parent_path() && dir != dir.parent_path()) dir = dir.parent_path();
  if (fs::exists(dir / "vars.json")) {
    auto vars = hcl::cty::json_to_value(read_text(dir / "vars.json"));
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

// Ranges name the file as the case's own name, as the oracle is run from the case's folder.
std::string native(const std::string& path, const std::string& content, bool keep_dynamic) {
  std::string error;
  auto scope = scope_for(path, error);
  if (!scope) return error;
  auto source = std::make_shared<hcl::source::SourceFile>(fs::path(path).filename().string(), content);
  hcl::syntax::ParseResult parsed = hcl::syntax::parse_config(source);
  if (hcl::diag::has_errors(parsed.diagnostics))
    return "{\"diagnostics\":" + hcl::eval::diagnostics_to_json(parsed.diagnostics) + "}\n";
  auto body = hcl::body::native_body(std::shared_ptr<const hcl::syntax::SyntaxTree>(std::move(parsed.tree)));
  hcl::config::EvaluateOptions options{keep_dynamic};
  hcl::config::FileValue whole = hcl::config::evaluate_file(body, scope, options);
  // `hcl eval --file` evaluates the file a piece at a time as it is parsed: each way of cutting
  // it must give the whole file's result, variables included.
  for (uint32_t batch : {0u, 5u}) {
    hcl::config::FileValueBuilder builder(scope, options);
    hcl::syntax::ParseOptions pieces;
    pieces.root_item = [&builder](const hcl::syntax::SyntaxTree& items) {
      builder.add(hcl::body::native_items(items));
    };
    pieces.root_item_batch = batch;
    hcl::syntax::parse_config(source, pieces);
    hcl::config::FileValue piecewise = builder.finish();
    if (document(piecewise) != document(whole) || variables(piecewise) != variables(whole))
      return "evaluated in pieces of " + std::to_string(batch) + " nodes, the file has another value:\n" +
             document(piecewise) + variables(piecewise) + "than whole:\n" + document(whole) + variables(whole);
  }
  return document(whole);
}

std::string json_syntax(const std::string& path, const std::string& content) {
  std::string error;
  auto scope = scope_for(path, error);
  if (!scope) return error;
  auto source = std::make_shared<hcl::source::SourceFile>(fs::path(path).filename().string(), content);
  hcl::jsonsyntax::ParseResult parsed = hcl::jsonsyntax::parse_file(source);
  std::string out = "parse " + hcl::eval::diagnostics_to_json(parsed.diagnostics) + "\n";
  if (hcl::diag::has_errors(parsed.diagnostics)) return out;
  return out + "eval " + document(hcl::config::evaluate_file(hcl::body::json_body(parsed.document), scope));
}

HCL_GOLDEN_FEATURE("body", ".hcl", ".expected",
                   [](const std::string& path, const std::string& content) { return native(path, content, true); });
HCL_GOLDEN_FEATURE("dynblock", ".hcl", ".expected",
                   [](const std::string& path, const std::string& content) { return native(path, content, false); });
HCL_GOLDEN_FEATURE("jsonsyntax", ".tf.json", ".expected", json_syntax);

}  // namespace
