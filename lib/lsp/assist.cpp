// SPDX-License-Identifier: Apache-2.0
// Help while typing: hover and signature help for function calls from the function table, and
// completion of function names, attribute names and var./local. names.
#include <algorithm>
#include <chrono>
#include <set>

#include "ast/ast.h"
#include "lsp/features.h"

namespace hcl::lsp {

namespace {

// The innermost call whose name or argument list holds `off`.
struct CallAt {
  syntax::NodeId node = syntax::kNoNode;
  ast::FunctionCall call;
};

CallAt call_at(const syntax::SyntaxTree& t, uint32_t off, bool in_arguments) {
  CallAt best;
  uint32_t best_size = UINT32_MAX;
  for (syntax::NodeId id = 0; id < t.nodes().size(); ++id) {
    if (t.node(id).kind != syntax::NodeKind::FunctionCall) continue;
    diag::Span s = t.span(id);
    if (off < s.start || off > s.end || s.end - s.start >= best_size) continue;
    ast::FunctionCall c = ast::function_call(t, id);
    bool hit = in_arguments ? off >= c.open_paren.end && (c.close_paren.end == 0 || off <= c.close_paren.start)
                            : off >= c.name_span.start && off <= c.name_span.end;
    if (!hit) continue;
    best = CallAt{id, std::move(c)};
    best_size = s.end - s.start;
  }
  return best;
}

std::string param_type(const cty::Param& p) {
  return p.kind == cty::ParamKind::TypeConstraint ? "type"
         : p.kind == cty::ParamKind::Expression   ? "expression"
                                                  : p.type.type_string();
}

Json markdown(const cty::Function& f) {
  std::string v = "```hcl\n" + cty::signature(f) + "\n```";
  if (!f.description.empty()) v += "\n\n" + f.description;
  return Json{{"kind", "markdown"}, {"value", v}};
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

}  // namespace

Json hover(const Document& doc, Position p, Encoding e, Workspace& ws) {
  const Analysis& a = doc.analysis();
  if (!a.tree) return nullptr;
  uint32_t off = doc.lines().offset(p, e);
  CallAt c = call_at(*a.tree, off, false);
  const cty::Function* f = c.node == syntax::kNoNode ? nullptr : ws.functions().find(c.call.name);
  if (!f) return declaration_hover(doc, p, e, ws);
  return Json{{"contents", markdown(*f)}, {"range", range_json(doc.lines(), c.call.name_span, e)}};
}

Json signature_help(const Document& doc, Position p, Encoding e, Workspace& ws) {
  const Analysis& a = doc.analysis();
  if (!a.tree) return nullptr;
  const syntax::SyntaxTree& t = *a.tree;
  uint32_t off = doc.lines().offset(p, e);
  CallAt c = call_at(t, off, true);
  if (c.node == syntax::kNoNode) return nullptr;
  const cty::Function* f = ws.functions().find(c.call.name);
  if (!f) return nullptr;
  // The argument the cursor is in: commas at the call's own bracket depth before it.
  uint32_t active = 0;
  int depth = 0;
  for (uint32_t i = t.node(c.node).first_token; i <= t.node(c.node).last_token && t.token(i).start < off; ++i) {
    lex::TokenKind k = t.token(i).kind;
    if (t.token(i).start < c.call.open_paren.end) continue;
    if (lex::is_opening_bracket(k)) ++depth;
    else if (k == lex::TokenKind::CBrace || k == lex::TokenKind::CBrack || k == lex::TokenKind::CParen ||
             k == lex::TokenKind::CQuote || k == lex::TokenKind::CHeredoc || k == lex::TokenKind::TemplateSeqEnd)
      --depth;
    else if (k == lex::TokenKind::Comma && depth == 0) ++active;
  }
  // The label and each parameter's [start, end) within it, in UTF-16 units as the protocol counts
  // label offsets.
  std::string label = f->name + "(";
  Json params = Json::array();
  auto add_param = [&](const cty::Param& prm, bool variadic) {
    if (label.back() != '(') label += ", ";
    size_t start = label.size();
    label += prm.name + (variadic ? "..." : "") + " " + param_type(prm);
    Json pj{{"label",
             {unit_count(label, 0, static_cast<uint32_t>(start), Encoding::Utf16),
              unit_count(label, 0, static_cast<uint32_t>(label.size()), Encoding::Utf16)}}};
    if (!prm.description.empty()) pj["documentation"] = prm.description;
    params.push_back(std::move(pj));
  };
  for (const auto& prm : f->params) add_param(prm, false);
  if (f->variadic) add_param(*f->variadic, true);
  label += ")";
  uint32_t n = static_cast<uint32_t>(f->params.size());
  if (f->variadic && active > n) active = n;
  Json sig{{"label", label}, {"parameters", params}};
  if (!f->description.empty()) sig["documentation"] = f->description;
  if (!params.empty()) sig["activeParameter"] = std::min<uint32_t>(active, static_cast<uint32_t>(params.size()) - 1);
  return Json{{"signatures", {sig}}, {"activeSignature", 0}, {"activeParameter", sig.value("activeParameter", 0)}};
}

Json completion(const Document& doc, Position p, Encoding e, Workspace& ws) {
  std::string_view text = doc.text();
  uint32_t off = doc.lines().offset(p, e);
  // The word being typed, and the name before a dot in front of it (var.na|).
  uint32_t w = off;
  while (w > 0 && ident_char(text[w - 1])) --w;
  std::string_view word = text.substr(w, off - w);
  std::string_view root;
  if (w > 0 && text[w - 1] == '.') {
    uint32_t r = w - 1;
    while (r > 0 && ident_char(text[r - 1])) --r;
    root = text.substr(r, w - 1 - r);
  }
  Json items = Json::array();
  std::set<std::string> seen;
  // LSP CompletionItemKind values.
  constexpr int kFunction = 3, kField = 5, kVariable = 6;
  auto add = [&](std::string label, int kind, std::string detail) {
    if (!label.starts_with(word) || !seen.insert(label).second) return;
    Json item{{"label", label}, {"kind", kind}};
    if (!detail.empty()) item["detail"] = std::move(detail);
    items.push_back(std::move(item));
  };
  if (root == "var" || root == "local") {
    std::string prefix = std::string(root) + ".";
    // Values are evaluated for as long as one may take: a directory of hostile locals cannot
    // hold the editor up once per name. The names left show their values once known (each is
    // kept, a failure too, so the next completion goes on from there).
    auto stop = std::chrono::steady_clock::now() + std::chrono::seconds(Workspace::kValueLimits.max_seconds);
    for (const UnitFile& f : ws.unit(doc.path()))
      for (const Symbol& s : f.index->declarations) {
        if (!s.key.starts_with(prefix) || !s.key.substr(prefix.size()).starts_with(word)) continue;
        auto v = ws.config_value(doc.path(), s.key, std::chrono::steady_clock::now() < stop);
        add(s.key.substr(prefix.size()), kVariable, v ? value_detail(*v) : s.key);
      }
    return Json{{"isIncomplete", false}, {"items", items}};
  }
  if (!root.empty()) return Json{{"isIncomplete", false}, {"items", items}};

  const Analysis& a = doc.analysis();
  // At the start of a line inside a block: the attribute names the file uses in blocks of the
  // same type.
  uint32_t line_start =
      doc.lines().line_start(p.line < doc.lines().line_count() ? p.line : doc.lines().line_count() - 1);
  bool item_start =
      std::all_of(text.begin() + line_start, text.begin() + w, [](char c) { return c == ' ' || c == '\t'; });
  if (item_start && a.tree) {
    const syntax::SyntaxTree& t = *a.tree;
    std::string_view block_type;
    uint32_t best = UINT32_MAX;
    for (syntax::NodeId id = 0; id < t.nodes().size(); ++id) {
      if (t.node(id).kind != syntax::NodeKind::Block) continue;
      ast::Block b = ast::block(t, id);
      if (b.body == syntax::kNoNode) continue;
      diag::Span s = t.span(id);
      if (off > b.type_span.end && off <= s.end && s.start <= off && s.end - s.start < best) {
        best = s.end - s.start;
        block_type = b.type;
      }
    }
    if (!block_type.empty()) {
      for (syntax::NodeId id = 0; id < t.nodes().size(); ++id) {
        if (t.node(id).kind != syntax::NodeKind::Block) continue;
        ast::Block b = ast::block(t, id);
        if (b.type != block_type || b.body == syntax::kNoNode) continue;
        for (syntax::NodeId item : ast::body_items(t, b.body))
          if (t.node(item).kind == syntax::NodeKind::Attribute)
            add(std::string(ast::attribute(t, item).name), kField, std::string(block_type));
      }
    }
    return Json{{"isIncomplete", false}, {"items", items}};
  }
  for (std::string_view name : ws.functions().names()) {
    const cty::Function* f = ws.functions().find(name);
    add(std::string(name), kFunction, cty::signature(*f));
  }
  add("var", kVariable, "input variables");
  add("local", kVariable, "local values");
  return Json{{"isIncomplete", false}, {"items", items}};
}

}  // namespace hcl::lsp
