// SPDX-License-Identifier: Apache-2.0
// From a file's text to a result, one way for every caller (the command line, the public
// interface, the golden tests, the fuzzers): a configuration file's value (config/file_value.h),
// its JSON (json/hcl2json.h) or its canonical layout (format/format.h). Each reads the native
// syntax a piece at a time as it parses, so a file's tree is never held whole; what the file may
// call, read and spend is the scope's (its functions, variables and limits).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cty/value.h"
#include "diag/diagnostic.h"
#include "edit/sort.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "format/format.h"
#include "json/hcl2json.h"
#include "jsonsyntax/reader.h"
#include "source/source_file.h"
#include "syntax/tree.h"

namespace hcl::pipeline {

// Pieces of a few hundred nodes: taking turns with the parser at every small item (a resource
// block is about 60 nodes), the consumer's code and the parser's evicted each other from the
// instruction cache.
inline constexpr uint32_t kItemBatch = 256;

struct Input {
  std::shared_ptr<const source::SourceFile> source{};
  bool json_syntax = false;  // HCL's JSON syntax, else the native syntax
  // The file already parsed without errors (the public interface's File): used whole instead of
  // parsing the source again.
  std::shared_ptr<const syntax::SyntaxTree> tree{};
  std::shared_ptr<const jsonsyntax::Document> document{};
};

// ---- file -> value ----

struct ValueRequest {
  Input input{};
  bool keep_dynamic = false;  // `dynamic` blocks stay ordinary blocks instead of being expanded
  // The file's top level is wanted as variables for an expression (FileValue::Kind::Scope)
  // rather than the document.
  bool for_expression = false;
  // With for_expression: only the top-level names the expression refers to are evaluated
  // (expression_roots), so that the rest of the file neither costs time nor reports errors.
  std::optional<std::set<std::string, std::less<>>> only_names{};
  // A native file that is no configuration may hold one expression (`hcl eval --file F`).
  bool accept_expression = false;
  std::string type{};                // a type constraint the document is converted to ("" for none)
  uint32_t item_batch = kItemBatch;  // nodes handed over at a time (0: every item on its own)
};

struct FileValue {
  enum class Kind : uint8_t {
    Document,    // `result.value` is the file's value
    Scope,       // the file evaluated; `variables` are its top level (errors kept in `file_diagnostics`)
    Failed,      // `result.diagnostics` say why
    Expression,  // no configuration but one expression: the caller evaluates the file's text
  };
  Kind kind = Kind::Failed;
  eval::RunResult result;
  std::map<std::string, cty::Value> variables;
  diag::Diagnostics file_diagnostics;
};

FileValue file_value(const ValueRequest& request, std::shared_ptr<const eval::Scope> scope);

// The root names of the variables an expression (or, in template mode, a template) refers to;
// none when it does not parse, since its evaluation then stops at the syntax error.
std::set<std::string, std::less<>> expression_roots(const std::string& text, bool template_mode);

// Runs `expression` in `scope` plus the file's variables (the scope's own win). When the result
// is not wholly known because some of the file failed, the file's errors are reported too.
eval::RunResult run_with_file(std::string expression, const eval::RunOptions& options, const eval::Scope& scope,
                              const FileValue& file);

// ---- file -> JSON ----

struct JsonRequest {
  Input input{};
  json::Options options{};
  std::shared_ptr<const eval::Scope> scope{};  // the evaluator's scope (a JSON-syntax file's expressions)
  size_t base_level = 0;  // written this many levels in (a document under a key); 0 with Input::tree
  uint32_t item_batch = kItemBatch;
  uint32_t tuple_batch = 0;  // a long root tuple's elements this many nodes at a time (0: parser's default)
};

// A file's JSON, made while the file was parsed; written once wanted, without a copy of the whole.
class JsonDocument {
 public:
  JsonDocument();
  ~JsonDocument();
  JsonDocument(JsonDocument&&) noexcept;
  JsonDocument& operator=(JsonDocument&&) noexcept;

  bool ok() const { return ok_; }
  diag::Diagnostics& diagnostics() { return diagnostics_; }
  const diag::Diagnostics& diagnostics() const { return diagnostics_; }
  // The document in pieces, `base_level` levels in as requested (after ok()).
  void write(const std::function<void(std::string_view)>& sink) const;
  std::string text() const;

 private:
  friend JsonDocument file_json(const JsonRequest& request);
  bool ok_ = false;
  diag::Diagnostics diagnostics_;
  std::unique_ptr<json::FileDocument> document_;  // native syntax
  std::string text_;                              // JSON syntax
  size_t base_level_ = 0;
};

JsonDocument file_json(const JsonRequest& request);

// ---- file -> formatted text ----

// The canonical layout of a native file (a JSON-syntax file is refused with a diagnostic); with
// `sort`, its items reordered first (`hcl fmt --sort`, edit/sort.h).
format::FormatResult file_format(const Input& input, const format::FormatOptions& options = {},
                                 std::optional<edit::SortMode> sort = std::nullopt);

}  // namespace hcl::pipeline
