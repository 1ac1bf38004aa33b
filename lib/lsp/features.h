// SPDX-License-Identifier: Apache-2.0
// The requests the server answers from one document (and, for navigation and completion, the
// files loaded with it), each a function from the document and the request's parameters to the
// result, in the protocol's JSON shapes. Those that can hold one entry per item of the document
// write it into a JsonWriter; the others return a tree.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lsp/document.h"
#include "lsp/json_writer.h"
#include "lsp/workspace.h"

namespace hcl::lsp {

Json to_json(Position p);
Json range_json(const LineIndex& lines, diag::Span s, Encoding e);
void write_range(JsonWriter& out, const LineIndex& lines, diag::Span s, Encoding e);
Position position_from_json(const Json& p);  // throws nlohmann's type_error on a malformed one

// textDocument/publishDiagnostics' diagnostics.
void diagnostics(JsonWriter& out, const Document& doc, Encoding e);

// textDocument/formatting: the edits that turn the text into `hcl fmt`'s output (null when the
// document does not parse, as `hcl fmt` refuses it; JSON-syntax files are not formatted).
void formatting(JsonWriter& out, const Document& doc, Encoding e);

// DocumentSymbols, nested; or, with `flat_uri`, SymbolInformation (the tree flattened, each
// naming its parent as container) for clients without hierarchical support.
void document_symbols(JsonWriter& out, const Document& doc, Encoding e, const std::string* flat_uri);
void folding_ranges(JsonWriter& out, const Document& doc, Encoding e);
Json selection_ranges(const Document& doc, const Json& positions, Encoding e);

Json semantic_tokens_legend();
std::vector<uint32_t> semantic_tokens(const Document& doc, Encoding e);
void write_semantic_tokens_data(JsonWriter& out, const std::vector<uint32_t>& data);
// The single edit turning `before` into `after` (none when they are equal).
void semantic_tokens_edits(JsonWriter& out, const std::vector<uint32_t>& before, const std::vector<uint32_t>& after);

Json hover(const Document& doc, Position p, Encoding e, Workspace& ws);
Json signature_help(const Document& doc, Position p, Encoding e, Workspace& ws);
Json completion(const Document& doc, Position p, Encoding e, Workspace& ws);

// Navigation: `uri_for` names a unit file for the client.
using UriFor = std::function<std::string(const std::string& path)>;
void definition(JsonWriter& out, const Document& doc, Position p, Encoding e, Workspace& ws, const UriFor& uri_for);
void references(JsonWriter& out, const Document& doc, Position p, bool include_declaration, Encoding e, Workspace& ws,
                const UriFor& uri_for);
// Hover over a name navigation follows (var.x, local.x, module.x, data.x.y, a resource): its
// declaration as written and where it is; null when it is declared nowhere in the unit.
Json declaration_hover(const Document& doc, Position p, Encoding e, Workspace& ws);
// A configuration value (Workspace::config_value) for a hover, in markdown, and for a completion
// item's detail, cut to a line.
std::string value_markdown(const Workspace::ConfigValue& v);
std::string value_detail(const Workspace::ConfigValue& v);
Json prepare_rename(const Document& doc, Position p, Encoding e, Workspace& ws);
// Throws std::invalid_argument with the reason when the name cannot be renamed to `new_name`.
void rename(JsonWriter& out, const Document& doc, Position p, const std::string& new_name, Encoding e, Workspace& ws,
            const UriFor& uri_for);

}  // namespace hcl::lsp
