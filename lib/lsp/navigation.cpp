// SPDX-License-Identifier: Apache-2.0
// Go to definition, find references and rename, over the files loaded together with a document.
#include <map>
#include <stdexcept>

#include "lsp/features.h"
#include "source/identifier.h"

namespace hcl::lsp {

namespace {

// The symbol under the cursor: a reference or a declaration's name in the document itself.
const Symbol* symbol_at(const UnitFile& self, uint32_t off) {
  for (const Symbol& s : self.index->references)
    if (s.whole.start <= off && off <= s.whole.end) return &s;
  for (const Symbol& s : self.index->declarations)
    if (s.name.start <= off && off <= s.name.end) return &s;
  return nullptr;
}

void location(JsonWriter& out, const UnitFile& f, const std::string& uri, diag::Span s, Encoding e) {
  out.begin_object();
  out.key("range");
  write_range(out, *f.lines, s, e);
  out.key("uri");
  out.value(uri);
  out.end_object();
}

struct Target {
  std::vector<UnitFile> unit;
  std::string key;
  diag::Span name;  // of the symbol under the cursor
};

std::optional<Target> target(const Document& doc, Position p, Encoding e, Workspace& ws) {
  Target t{ws.unit(doc.path()), {}, {}};
  if (t.unit.empty()) return std::nullopt;
  const Symbol* s = symbol_at(t.unit.front(), doc.lines().offset(p, e));
  if (!s) return std::nullopt;
  t.key = s->key;
  t.name = s->name;
  return t;
}

}  // namespace

Json declaration_hover(const Document& doc, Position p, Encoding e, Workspace& ws) {
  auto t = target(doc, p, e, ws);
  if (!t) return nullptr;
  for (const UnitFile& f : t->unit)
    for (const Symbol& s : f.index->declarations) {
      if (s.key != t->key) continue;
      // The declaration as written (a variable's type, default and description; a local's
      // expression; a block's arguments), up to a screenful, and where it is.
      std::string_view text = f.source->text().substr(s.whole.start, s.whole.end - s.whole.start);
      size_t cut = 0;
      for (int lines = 0; cut != std::string_view::npos && lines < 30; ++lines) {
        cut = text.find('\n', cut);
        if (cut != std::string_view::npos) ++cut;
      }
      std::string shown(text.substr(0, cut == std::string_view::npos ? text.size() : cut));
      if (shown.size() < text.size()) shown += "...\n";
      while (!shown.empty() && shown.back() == '\n') shown.pop_back();
      size_t slash = f.path.rfind('/');
      std::string file = slash == std::string::npos ? f.path : f.path.substr(slash + 1);
      uint32_t line = f.source->range(s.whole.start, s.whole.start).start.line;
      std::string value = "```hcl\n" + shown + "\n```\n\nDeclared in " + file + " line " + std::to_string(line);
      // A variable's or a local's value, as `hcl eval --config` prints it.
      if (s.key.starts_with("var.") || s.key.starts_with("local."))
        if (auto v = ws.config_value(doc.path(), s.key)) value += "\n\n" + value_markdown(*v);
      return Json{{"contents", Json{{"kind", "markdown"}, {"value", value}}},
                  {"range", range_json(doc.lines(), t->name, e)}};
    }
  return nullptr;
}

void definition(JsonWriter& out, const Document& doc, Position p, Encoding e, Workspace& ws, const UriFor& uri_for) {
  auto t = target(doc, p, e, ws);
  if (!t) return out.null();
  out.begin_array();
  for (const UnitFile& f : t->unit) {
    std::string uri = uri_for(f.path);
    for (const Symbol& s : f.index->declarations)
      if (s.key == t->key) location(out, f, uri, s.name, e);
  }
  out.end_array();
}

void references(JsonWriter& out, const Document& doc, Position p, bool include_declaration, Encoding e, Workspace& ws,
                const UriFor& uri_for) {
  auto t = target(doc, p, e, ws);
  if (!t) return out.null();
  out.begin_array();
  for (const UnitFile& f : t->unit) {
    std::string uri = uri_for(f.path);
    if (include_declaration)
      for (const Symbol& s : f.index->declarations)
        if (s.key == t->key) location(out, f, uri, s.name, e);
    for (const Symbol& s : f.index->references)
      if (s.key == t->key) location(out, f, uri, s.whole, e);
  }
  out.end_array();
}

Json prepare_rename(const Document& doc, Position p, Encoding e, Workspace& ws) {
  auto t = target(doc, p, e, ws);
  if (!t || !(t->key.starts_with("var.") || t->key.starts_with("local."))) return nullptr;
  return range_json(doc.lines(), t->name, e);
}

void rename(JsonWriter& out, const Document& doc, Position p, const std::string& new_name, Encoding e, Workspace& ws,
            const UriFor& uri_for) {
  auto t = target(doc, p, e, ws);
  if (!t || !(t->key.starts_with("var.") || t->key.starts_with("local.")))
    throw std::invalid_argument("only variables (var.NAME) and local values (local.NAME) can be renamed");
  if (!source::is_identifier(new_name)) throw std::invalid_argument("\"" + new_name + "\" is not a valid identifier");
  // Each file's edits, by URI in the order an object's keys are written (a later file of the same
  // URI replaces an earlier one, as a tree's key would).
  std::map<std::string, std::string> changes;
  for (const UnitFile& f : t->unit) {
    JsonWriter edits;
    edits.begin_array();
    bool any = false;
    for (const auto* list : {&f.index->declarations, &f.index->references})
      for (const Symbol& s : *list)
        if (s.key == t->key) {
          any = true;
          edits.begin_object();
          edits.key("newText");
          edits.value(new_name);
          edits.key("range");
          write_range(edits, *f.lines, s.name, e);
          edits.end_object();
        }
    edits.end_array();
    if (any) changes[uri_for(f.path)] = std::move(edits.text());
  }
  out.begin_object();
  out.key("changes");
  out.begin_object();
  for (const auto& [uri, edits] : changes) {
    out.key(uri);
    out.raw(edits);
  }
  out.end_object();
  out.end_object();
}

}  // namespace hcl::lsp
