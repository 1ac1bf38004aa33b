// SPDX-License-Identifier: Apache-2.0
// Requests answered from one document's text and tree: diagnostics, formatting, symbols, folding
// and selection ranges, semantic tokens.
#include <algorithm>

#include "ast/ast.h"
#include "format/diff.h"
#include "format/format.h"
#include "lex/lexer.h"
#include "lsp/features.h"

namespace hcl::lsp {

Json to_json(Position p) { return Json{{"line", p.line}, {"character", p.character}}; }

Json range_json(const LineIndex& lines, diag::Span s, Encoding e) {
  return Json{{"start", to_json(lines.position(s.start, e))}, {"end", to_json(lines.position(s.end, e))}};
}

namespace {

void write_position(JsonWriter& out, Position p) {
  out.begin_object();
  out.key("character");
  out.value(p.character);
  out.key("line");
  out.value(p.line);
  out.end_object();
}

}  // namespace

void write_range(JsonWriter& out, const LineIndex& lines, diag::Span s, Encoding e) {
  // The start first: positions asked in increasing order are cheap (LineIndex::position).
  Position start = lines.position(s.start, e), end = lines.position(s.end, e);
  out.begin_object();
  out.key("end");
  write_position(out, end);
  out.key("start");
  write_position(out, start);
  out.end_object();
}

Position position_from_json(const Json& p) {
  // Negative or fractional numbers are malformed; get<> throws for them, and the server answers
  // InvalidParams.
  auto line = p.at("line").get<int64_t>(), character = p.at("character").get<int64_t>();
  if (line < 0 || character < 0) throw nlohmann::json::type_error::create(302, "negative position", nullptr);
  auto clamp = [](int64_t v) { return static_cast<uint32_t>(std::min<int64_t>(v, UINT32_MAX)); };
  return Position{clamp(line), clamp(character)};
}

void diagnostics(JsonWriter& out, const Document& doc, Encoding e) {
  out.begin_array();
  for (const diag::Diagnostic& d : doc.analysis().diagnostics) {
    diag::Span s{0, 0};
    if (d.subject) s = diag::Span{d.subject->start.byte, std::max(d.subject->start.byte, d.subject->end.byte)};
    // As terraform-ls shows HCL's diagnostics: the summary, then the detail.
    std::string message = d.summary;
    if (!d.detail.empty()) message += ": " + d.detail;
    out.begin_object();
    out.key("message");
    out.value(message);
    out.key("range");
    write_range(out, doc.lines(), s, e);
    out.key("severity");
    out.value(d.severity == diag::Severity::Error ? 1 : 2);
    out.key("source");
    out.value("hcl");
    out.end_object();
  }
  out.end_array();
}

void formatting(JsonWriter& out, const Document& doc, Encoding e) {
  if (doc.json()) return out.null();
  format::FormatOptions fo;
  fo.style = doc.terraform_language() || format::terraform_file(doc.path()) ? format::Style::Terraform
                                                                            : format::Style::Canonical;
  format::FormatResult r = format::format_config(doc.source(), fo);
  if (!r.ok) return out.null();
  out.begin_array();
  if (!r.changed) return out.end_array();
  std::string_view before = doc.text();
  LineIndex after_lines(r.output);
  auto line_offset = [](const LineIndex& l, size_t line, size_t size) {
    return line < l.line_count() ? l.line_start(static_cast<uint32_t>(line)) : static_cast<uint32_t>(size);
  };
  // Formatting re-spaces lines without adding or removing any, except for some of terraform's
  // rewrites: when the line counts agree, changed lines pair up one to one and the runs of them
  // are the edits, found in one pass; otherwise a line diff finds them (costlier when the
  // changes are many and spread out, as in a file never formatted).
  std::vector<format::LineChange> changes;
  if (doc.lines().line_count() == after_lines.line_count()) {
    uint32_t n = doc.lines().line_count();
    auto line_text = [](const LineIndex& l, std::string_view t, uint32_t i) {
      uint32_t end = i + 1 < l.line_count() ? l.line_start(i + 1) : static_cast<uint32_t>(t.size());
      return t.substr(l.line_start(i), end - l.line_start(i));
    };
    for (uint32_t i = 0; i < n;) {
      if (line_text(doc.lines(), before, i) == line_text(after_lines, r.output, i)) {
        ++i;
        continue;
      }
      uint32_t j = i;
      while (j < n && line_text(doc.lines(), before, j) != line_text(after_lines, r.output, j)) ++j;
      changes.push_back({i, j, i, j});
      i = j;
    }
  } else {
    changes = format::line_changes(before, r.output);
  }
  for (const format::LineChange& c : changes) {
    uint32_t a0 = line_offset(doc.lines(), c.a0, before.size()), a1 = line_offset(doc.lines(), c.a1, before.size());
    uint32_t b0 = line_offset(after_lines, c.b0, r.output.size()), b1 = line_offset(after_lines, c.b1, r.output.size());
    // Within the run, only the bytes between the first and the last difference change (mostly
    // blanks), trimmed to whole characters so each end is a position the client can name.
    std::string_view after = r.output;
    auto continuation = [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; };
    while (a0 < a1 && b0 < b1 && before[a0] == after[b0]) ++a0, ++b0;
    while (a0 > 0 && a0 < before.size() && continuation(before[a0])) --a0, --b0;
    while (a1 > a0 && b1 > b0 && before[a1 - 1] == after[b1 - 1]) --a1, --b1;
    while (a1 < before.size() && continuation(before[a1])) ++a1, ++b1;
    out.begin_object();
    out.key("newText");
    out.value(after.substr(b0, b1 - b0));
    out.key("range");
    write_range(out, doc.lines(), diag::Span{a0, a1}, e);
    out.end_object();
  }
  out.end_array();
}

namespace {

// LSP SymbolKind values.
constexpr int kSymbolClass = 5, kSymbolProperty = 7;

void body_symbols(JsonWriter& out, const syntax::SyntaxTree& t, syntax::NodeId body, const LineIndex& lines, Encoding e,
                  const std::string* flat_uri, const std::string& container) {
  for (syntax::NodeId item : ast::body_items(t, body)) {
    std::string name;
    diag::Span sel;
    int kind;
    syntax::NodeId children = syntax::kNoNode;
    if (t.node(item).kind == syntax::NodeKind::Attribute) {
      ast::Attribute a = ast::attribute(t, item);
      name = a.name;
      sel = a.name_span;
      kind = kSymbolProperty;
    } else if (t.node(item).kind == syntax::NodeKind::Block) {
      ast::Block b = ast::block(t, item);
      name = b.type;
      for (const auto& l : b.labels) name += " \"" + l + "\"";
      sel = b.type_span;
      if (!b.label_spans.empty()) sel.end = b.label_spans.back().end;
      kind = kSymbolClass;
      children = b.body;
    } else {
      continue;
    }
    out.begin_object();
    if (flat_uri) {
      if (!container.empty()) {
        out.key("containerName");
        out.value(container);
      }
      out.key("kind");
      out.value(kind);
      out.key("location");
      out.begin_object();
      out.key("range");
      write_range(out, lines, t.span(item), e);
      out.key("uri");
      out.value(*flat_uri);
      out.end_object();
      out.key("name");
      out.value(name);
      out.end_object();
      if (children != syntax::kNoNode) body_symbols(out, t, children, lines, e, flat_uri, name);
      continue;
    }
    if (children != syntax::kNoNode) {
      out.key("children");
      out.begin_array();
      body_symbols(out, t, children, lines, e, flat_uri, name);
      out.end_array();
    }
    out.key("kind");
    out.value(kind);
    out.key("name");
    out.value(name);
    out.key("range");
    write_range(out, lines, t.span(item), e);
    out.key("selectionRange");
    write_range(out, lines, sel, e);
    out.end_object();
  }
}

}  // namespace

void document_symbols(JsonWriter& out, const Document& doc, Encoding e, const std::string* flat_uri) {
  const Analysis& a = doc.analysis();
  out.begin_array();
  if (a.tree && a.tree->root() != syntax::kNoNode)
    body_symbols(out, *a.tree, a.tree->root(), doc.lines(), e, flat_uri, "");
  out.end_array();
}

void folding_ranges(JsonWriter& out, const Document& doc, Encoding e) {
  (void)e;  // lines are the same in every encoding
  const LineIndex& lines = doc.lines();
  out.begin_array();
  // A range from the line something opens on to the line before it closes, so the closing line
  // stays visible, as editors fold brackets.
  auto add = [&](uint32_t start, uint32_t end, const char* kind) {
    uint32_t l0 = lines.line_of(start), l1 = lines.line_of(end);
    uint32_t last = kind ? l1 : l1 - 1;
    if (l1 > l0 && last > l0) {
      out.begin_object();
      out.key("endLine");
      out.value(last);
      if (kind) {
        out.key("kind");
        out.value(kind);
      }
      out.key("startLine");
      out.value(l0);
      out.end_object();
    }
  };
  const Analysis& a = doc.analysis();
  if (!a.tree) {
    out.end_array();
    return;
  }
  const syntax::SyntaxTree& t = *a.tree;
  for (syntax::NodeId id = 0; id < t.nodes().size(); ++id) {
    const syntax::Node& n = t.node(id);
    bool fold = n.kind == syntax::NodeKind::Body || n.kind == syntax::NodeKind::Object ||
                n.kind == syntax::NodeKind::Tuple || n.kind == syntax::NodeKind::FunctionCall ||
                n.kind == syntax::NodeKind::ForExpr ||
                (n.kind == syntax::NodeKind::Template && (n.flags & syntax::node_flags::kHeredoc));
    if (!fold || id == t.root()) continue;
    // A block's body node covers its braces, like the brackets of the others.
    diag::Span s = t.span(id);
    add(s.start, s.end, nullptr);
  }
  // Runs of comment lines.
  const auto& toks = t.tokens();
  for (size_t i = 0; i < toks.size(); ++i) {
    if (toks[i].kind != lex::TokenKind::Comment) continue;
    size_t j = i;
    uint32_t last_line = lines.line_of(toks[i].start);
    while (j + 1 < toks.size()) {
      size_t k = j + 1;
      while (k < toks.size() && toks[k].kind == lex::TokenKind::Newline) ++k;
      if (k >= toks.size() || toks[k].kind != lex::TokenKind::Comment) break;
      uint32_t l = lines.line_of(toks[k].start);
      if (l != last_line + 1) break;
      last_line = l;
      j = k;
    }
    uint32_t end = toks[j].end;
    // A line comment ends with its newline, which belongs to the line it ends.
    if (end > toks[j].start && doc.text()[end - 1] == '\n') --end;
    add(toks[i].start, end, "comment");
    i = j;
  }
  out.end_array();
}

Json selection_ranges(const Document& doc, const Json& positions, Encoding e) {
  Json out = Json::array();
  const Analysis& a = doc.analysis();
  for (const Json& pj : positions) {
    uint32_t off = doc.lines().offset(position_from_json(pj), e);
    // Every span holding the position, from the whole document inwards: the nodes around it and
    // the token it touches.
    std::vector<diag::Span> spans{diag::Span{0, static_cast<uint32_t>(doc.text().size())}};
    if (a.tree) {
      const syntax::SyntaxTree& t = *a.tree;
      for (syntax::NodeId id = 0; id < t.nodes().size(); ++id) {
        diag::Span s = t.span(id);
        if (s.start <= off && off <= s.end) spans.push_back(s);
      }
      const auto& toks = t.tokens();
      auto it = std::upper_bound(toks.begin(), toks.end(), off,
                                 [](uint32_t o, const lex::Token& tk) { return o < tk.start; });
      if (it != toks.begin()) {
        const lex::Token& tk = *(it - 1);
        if (tk.start <= off && off <= tk.end && tk.kind != lex::TokenKind::Eof && tk.kind != lex::TokenKind::Newline)
          spans.push_back(diag::Span{tk.start, tk.end});
      }
    }
    std::stable_sort(spans.begin(), spans.end(), [](diag::Span x, diag::Span y) {
      return x.end - x.start > y.end - y.start || (x.end - x.start == y.end - y.start && x.start < y.start);
    });
    // The innermost ranges only, under the whole document's: the answer nests one object per
    // range, and a chain of 200,000 operators nested that deep, more than clients can read (and
    // more than anyone widens a selection by).
    constexpr size_t kMaxRanges = 256;
    if (spans.size() > kMaxRanges) spans.erase(spans.begin() + 1, spans.end() - (kMaxRanges - 1));
    Json sel = nullptr;
    diag::Span prev{UINT32_MAX, 0};
    for (diag::Span s : spans) {
      if (s.start == prev.start && s.end == prev.end) continue;
      // Nested ranges must each contain the next (a parent holds its child).
      if (prev.start != UINT32_MAX && (s.start < prev.start || s.end > prev.end)) continue;
      Json r{{"range", range_json(doc.lines(), s, e)}};
      if (!sel.is_null()) r["parent"] = std::move(sel);
      sel = std::move(r);
      prev = s;
    }
    out.push_back(std::move(sel));
  }
  return out;
}

namespace {

enum TokenType : uint32_t {
  kKeyword,
  kType,
  kClass,
  kProperty,
  kFunction,
  kVariable,
  kParameter,
  kString,
  kNumber,
  kOperator,
  kComment,
  kNone = UINT32_MAX
};

bool keyword_word(std::string_view w) {
  return w == "for" || w == "in" || w == "if" || w == "else" || w == "endif" || w == "endfor" || w == "true" ||
         w == "false" || w == "null";
}

}  // namespace

Json semantic_tokens_legend() {
  return Json{{"tokenTypes",
               {"keyword", "type", "class", "property", "function", "variable", "parameter", "string", "number",
                "operator", "comment"}},
              {"tokenModifiers", Json::array()}};
}

std::vector<uint32_t> semantic_tokens(const Document& doc, Encoding e) {
  std::vector<uint32_t> data;
  const Analysis& a = doc.analysis();
  if (!a.tree) return data;
  const syntax::SyntaxTree& t = *a.tree;
  const auto& toks = t.tokens();
  // What each identifier is, from the node naming it.
  std::vector<uint32_t> role(toks.size(), kNone);
  for (syntax::NodeId id = 0; id < t.nodes().size(); ++id) {
    const syntax::Node& n = t.node(id);
    switch (n.kind) {
      case syntax::NodeKind::Block: {
        role[n.main_token] = kType;
        ast::Block b = ast::block(t, id);
        for (uint32_t i = n.main_token + 1;
             i < toks.size() && b.label_spans.size() && toks[i].start < b.label_spans.back().end; ++i)
          if (toks[i].kind == lex::TokenKind::Ident) role[i] = kClass;
        break;
      }
      case syntax::NodeKind::Attribute: role[n.main_token] = kProperty; break;
      case syntax::NodeKind::GetAttr: role[n.main_token] = kProperty; break;
      case syntax::NodeKind::Variable: role[n.main_token] = kVariable; break;
      case syntax::NodeKind::Name: role[n.main_token] = kParameter; break;
      case syntax::NodeKind::FunctionCall:
        for (uint32_t i = n.main_token;
             i < toks.size() && (toks[i].kind == lex::TokenKind::Ident || toks[i].kind == lex::TokenKind::DoubleColon);
             ++i)
          if (toks[i].kind == lex::TokenKind::Ident) role[i] = kFunction;
        break;
      case syntax::NodeKind::ObjectItem: {
        ast::ObjectItem item = ast::object_item(t, id);
        if (item.key != syntax::kNoNode && ast::keyword(t, item.key)) role[t.node(item.key).main_token] = kProperty;
        break;
      }
      default: break;
    }
  }
  std::string_view text = doc.text();
  const LineIndex& lines = doc.lines();
  uint32_t prev_line = 0, prev_char = 0;
  auto emit = [&](uint32_t start, uint32_t end, uint32_t type) {
    // One entry per line: a token spanning lines (a heredoc's text, a block comment) is split,
    // since clients need not support multi-line tokens.
    while (start < end) {
      Position p = lines.position(start, e);
      uint32_t line_end = std::min(end, lines.line_end(p.line));
      if (line_end > start) {
        uint32_t len = unit_count(text, start, line_end, e);
        data.insert(data.end(),
                    {p.line - prev_line, p.line == prev_line ? p.character - prev_char : p.character, len, type, 0});
        prev_line = p.line;
        prev_char = p.character;
      }
      if (p.line + 1 >= lines.line_count()) break;
      start = lines.line_start(p.line + 1);
    }
  };
  for (size_t i = 0; i < toks.size(); ++i) {
    const lex::Token& tk = toks[i];
    uint32_t type = kNone;
    switch (tk.kind) {
      case lex::TokenKind::Comment: type = kComment; break;
      case lex::TokenKind::NumberLit: type = kNumber; break;
      case lex::TokenKind::OQuote:
      case lex::TokenKind::CQuote:
      case lex::TokenKind::QuotedLit:
      case lex::TokenKind::StringLit:
      case lex::TokenKind::OHeredoc:
      case lex::TokenKind::CHeredoc: type = kString; break;
      case lex::TokenKind::Ident:
        type = role[i] != kNone ? role[i] : keyword_word(tk.text(text)) ? kKeyword : kVariable;
        break;
      case lex::TokenKind::Star:
      case lex::TokenKind::Slash:
      case lex::TokenKind::Plus:
      case lex::TokenKind::Minus:
      case lex::TokenKind::Percent:
      case lex::TokenKind::EqualOp:
      case lex::TokenKind::NotEqual:
      case lex::TokenKind::LessThan:
      case lex::TokenKind::LessThanEq:
      case lex::TokenKind::GreaterThan:
      case lex::TokenKind::GreaterThanEq:
      case lex::TokenKind::And:
      case lex::TokenKind::Or:
      case lex::TokenKind::Bang:
      case lex::TokenKind::Question:
      case lex::TokenKind::Colon:
      case lex::TokenKind::FatArrow:
      case lex::TokenKind::Ellipsis:
      case lex::TokenKind::Equal: type = kOperator; break;
      default: break;
    }
    if (type != kNone) emit(tk.start, tk.end, type);
  }
  return data;
}

void write_semantic_tokens_data(JsonWriter& out, const std::vector<uint32_t>& data) {
  out.begin_array();
  for (uint32_t v : data) out.value(v);
  out.end_array();
}

void semantic_tokens_edits(JsonWriter& out, const std::vector<uint32_t>& before, const std::vector<uint32_t>& after) {
  size_t prefix = 0;
  while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < before.size() - prefix && suffix < after.size() - prefix &&
         before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
    ++suffix;
  out.begin_array();
  if (prefix != before.size() || prefix != after.size()) {
    out.begin_object();
    out.key("data");
    out.begin_array();
    for (size_t i = prefix; i < after.size() - suffix; ++i) out.value(after[i]);
    out.end_array();
    out.key("deleteCount");
    out.value(static_cast<uint64_t>(before.size() - prefix - suffix));
    out.key("start");
    out.value(static_cast<uint64_t>(prefix));
    out.end_object();
  }
  out.end_array();
}

}  // namespace hcl::lsp
