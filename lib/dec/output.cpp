// SPDX-License-Identifier: Apache-2.0
#include "dec/output.h"

#include <fmt/format.h>

#include "cty/json_encoding.h"
#include "json/writer.h"

namespace hcl::dec {

namespace {

using cty::Value;

// Go's encoding/json escapes <, > and & in strings; they occur nowhere else in JSON text. For
// the type, which cty::type_to_json writes without.
std::string escape_html(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) {
    switch (c) {
      case '<': out += "\\u003c"; break;
      case '>': out += "\\u003e"; break;
      case '&': out += "\\u0026"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

void quote(std::string& out, std::string_view s) { json::append_quoted(out, s); }

std::string pos_json(const source::Pos& p) {
  return fmt::format("{{\"line\":{},\"column\":{},\"byte\":{}}}", p.line, p.column, p.byte);
}

std::string range_json(const source::Range& r) {
  std::string out = "{\"filename\":";
  quote(out, r.filename.str());
  out += ",\"start\":" + pos_json(r.start) + ",\"end\":" + pos_json(r.end) + "}";
  return out;
}

}  // namespace

cty::Expected<std::string> value_document(const Value& v, const OutputOptions& options) {
  // A value of the dynamic pseudo-type (only a null here) is written without the type wrapper.
  bool wrap = options.with_type && !v.type().is_dynamic();
  auto written = cty::value_to_json(v, {.drop_null_attributes = !options.keep_nulls, .escape_html = true});
  if (!written) return written;
  std::string body = std::move(*written);
  if (!wrap) return body;
  std::string type = escape_html(cty::type_to_json(v.type()));
  if (options.keep_nulls) return "{\"value\":" + body + ",\"type\":" + type + "}";
  if (v.is_null()) return "{\"type\":" + type + "}";
  return "{\"type\":" + type + ",\"value\":" + body + "}";
}

std::string variables_document(const std::vector<body::Traversal>& traversals, body::Context ctx) {
  std::string out = "[";
  bool first = true;
  for (const auto& t : traversals) {
    if (!first) out.push_back(',');
    first = false;
    out += "{\"root_name\":";
    quote(out, t.root_name());
    if (auto v = t.resolve(ctx)) {
      if (auto json = cty::value_to_json(*v, {.escape_html = true})) out += ",\"value\":" + *json;
    }
    out += ",\"steps\":[";
    bool first_step = true;
    for (const auto& s : t.steps) {
      if (!first_step) out.push_back(',');
      first_step = false;
      out += "{\"kind\":";
      switch (s.kind) {
        case body::TraversalStep::Kind::Root: out += "\"root\""; break;
        case body::TraversalStep::Kind::Attr: out += "\"attr\""; break;
        case body::TraversalStep::Kind::Index: out += "\"index\""; break;
      }
      if (s.kind != body::TraversalStep::Kind::Index && !s.name.empty()) {
        out += ",\"name\":";
        quote(out, s.name);
      }
      if (s.kind == body::TraversalStep::Kind::Index) {
        if (auto key = cty::value_to_json(s.key, {.escape_html = true})) out += ",\"key\":" + *key;
      }
      out += ",\"range\":" + range_json(s.range) + "}";
    }
    out += "],\"range\":" + range_json(t.source_range()) + "}";
  }
  out += "]";
  return cty::json_indent(out);
}

std::string diagnostics_document(const diag::Diagnostics& diags) {
  std::string out = "{\"diagnostics\":[";
  bool first = true;
  for (const auto& d : diags) {
    if (!first) out.push_back(',');
    first = false;
    out += "{\"severity\":";
    out += d.severity == diag::Severity::Error ? "\"error\"" : "\"warning\"";
    out += ",\"summary\":";
    quote(out, d.summary);
    if (!d.detail.empty()) {
      out += ",\"detail\":";
      quote(out, d.detail);
    }
    if (d.subject) out += ",\"subject\":" + range_json(*d.subject);
    out += "}";
  }
  out += "]}";
  return cty::json_indent(out);
}

}  // namespace hcl::dec
