// SPDX-License-Identifier: Apache-2.0
// Go to definition, find references and rename, over the files loaded together with a document.
#include <stdexcept>

#include "lsp/features.h"

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

Json location(const UnitFile& f, diag::Span s, Encoding e, const UriFor& uri_for) {
  return Json{{"uri", uri_for(f.path)}, {"range", range_json(*f.lines, s, e)}};
}

bool valid_identifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
  return true;
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

Json definition(const Document& doc, Position p, Encoding e, Workspace& ws, const UriFor& uri_for) {
  auto t = target(doc, p, e, ws);
  if (!t) return nullptr;
  Json out = Json::array();
  for (const UnitFile& f : t->unit)
    for (const Symbol& s : f.index->declarations)
      if (s.key == t->key) out.push_back(location(f, s.name, e, uri_for));
  return out;
}

Json references(const Document& doc, Position p, bool include_declaration, Encoding e, Workspace& ws,
                const UriFor& uri_for) {
  auto t = target(doc, p, e, ws);
  if (!t) return nullptr;
  Json out = Json::array();
  for (const UnitFile& f : t->unit) {
    if (include_declaration)
      for (const Symbol& s : f.index->declarations)
        if (s.key == t->key) out.push_back(location(f, s.name, e, uri_for));
    for (const Symbol& s : f.index->references)
      if (s.key == t->key) out.push_back(location(f, s.whole, e, uri_for));
  }
  return out;
}

Json prepare_rename(const Document& doc, Position p, Encoding e, Workspace& ws) {
  auto t = target(doc, p, e, ws);
  if (!t || !(t->key.starts_with("var.") || t->key.starts_with("local."))) return nullptr;
  return range_json(doc.lines(), t->name, e);
}

Json rename(const Document& doc, Position p, const std::string& new_name, Encoding e, Workspace& ws,
            const UriFor& uri_for) {
  auto t = target(doc, p, e, ws);
  if (!t || !(t->key.starts_with("var.") || t->key.starts_with("local.")))
    throw std::invalid_argument("only variables (var.NAME) and local values (local.NAME) can be renamed");
  if (!valid_identifier(new_name)) throw std::invalid_argument("\"" + new_name + "\" is not a valid identifier");
  Json changes = Json::object();
  for (const UnitFile& f : t->unit) {
    Json edits = Json::array();
    for (const auto* list : {&f.index->declarations, &f.index->references})
      for (const Symbol& s : *list)
        if (s.key == t->key) edits.push_back(Json{{"range", range_json(*f.lines, s.name, e)}, {"newText", new_name}});
    if (!edits.empty()) changes[uri_for(f.path)] = std::move(edits);
  }
  return Json{{"changes", changes}};
}

}  // namespace hcl::lsp
