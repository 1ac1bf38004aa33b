// SPDX-License-Identifier: Apache-2.0
// File -> JSON and file -> formatted text (pipeline.h).
#include "json/syntax_convert.h"
#include "jsonsyntax/reader.h"
#include "pipeline/pipeline.h"
#include "syntax/parser.h"

namespace hcl::pipeline {

JsonDocument::JsonDocument() = default;
JsonDocument::~JsonDocument() = default;
JsonDocument::JsonDocument(JsonDocument&&) noexcept = default;
JsonDocument& JsonDocument::operator=(JsonDocument&&) noexcept = default;

void JsonDocument::write(const std::function<void(std::string_view)>& sink) const {
  if (document_) {
    document_->write(sink, base_level_);
  } else {
    sink(text_);
  }
}

std::string JsonDocument::text() const {
  if (!document_) return text_;
  std::string out;
  write([&out](std::string_view piece) { out.append(piece); });
  return out;
}

JsonDocument file_json(const JsonRequest& req) {
  JsonDocument out;
  out.base_level_ = req.base_level;
  if (req.input.json_syntax) {
    std::shared_ptr<const jsonsyntax::Document> document = req.input.document;
    if (!document) {
      jsonsyntax::ParseResult jp = jsonsyntax::parse_file(req.input.source);
      out.diagnostics_ = std::move(jp.diagnostics);
      if (diag::has_errors(out.diagnostics_)) return out;
      document = std::move(jp.document);
    }
    json::ConvertResult cr = json::convert_json_syntax(document, req.options, req.scope, req.base_level);
    diag::append(out.diagnostics_, std::move(cr.diagnostics));
    out.ok_ = cr.ok;
    out.text_ = std::move(cr.text);
    return out;
  }
  // Each item of the file is converted (and its expressions evaluated, with an evaluator) as soon
  // as it is parsed, so the file's tree is never held whole: the JSON, compact until it is
  // written, is all that grows.
  if (req.input.tree) {
    json::ConvertResult cr = json::convert_file(*req.input.tree, req.options);
    out.diagnostics_ = std::move(cr.diagnostics);
    out.ok_ = cr.ok;
    out.text_ = std::move(cr.text);
    return out;
  }
  auto document = std::make_unique<json::FileDocument>(req.input.source->size(), req.options);
  syntax::ParseOptions parse_options;
  parse_options.root_item = [&document](const syntax::SyntaxTree& item) { document->add(item); };
  parse_options.root_item_batch = req.item_batch;
  // A long root tuple's elements one batch at a time; not under a strict evaluator, whose first
  // failure is the whole tuple's (json::FileDocument).
  if (!req.options.evaluator || !req.options.strict)
    parse_options.root_tuple_elements = [&document](const syntax::SyntaxTree& elements, std::string_view name,
                                                    uint32_t open) { document->add_elements(elements, name, open); };
  if (req.tuple_batch) parse_options.root_tuple_batch = req.tuple_batch;
  syntax::ParseResult parsed = syntax::parse_config(req.input.source, parse_options);
  out.diagnostics_ = std::move(parsed.diagnostics);
  if (diag::has_errors(out.diagnostics_)) return out;
  out.ok_ = document->check(out.diagnostics_);
  if (out.ok_) out.document_ = std::move(document);
  return out;
}

format::FormatResult file_format(const Input& input, const format::FormatOptions& options,
                                 std::optional<edit::SortMode> sort) {
  if (input.json_syntax) {
    format::FormatResult out;
    out.diagnostics.push_back(diag::Diagnostic{diag::Severity::Error, "Cannot format JSON",
                                               "Only files in HCL's native syntax can be formatted.", std::nullopt,
                                               std::nullopt});
    return out;
  }
  format::FormatResult out;
  if (sort && edit::sort_and_format(input.source, *sort, options, out)) return out;
  return format::format_config(input.source, options);
}

}  // namespace hcl::pipeline
