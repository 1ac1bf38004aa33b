// SPDX-License-Identifier: Apache-2.0
#include "fromjson/strings.h"

#include <memory>
#include <vector>

#include "lex/lexer.h"
#include "source/identifier.h"
#include "syntax/parser.h"
#include "util/text.h"

namespace hcl::fromjson::detail {

namespace {

using lex::TokenKind;

std::string_view trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == '\r')) --e;
  return s.substr(b, e - b);
}

bool is_closing(TokenKind k) {
  return k == TokenKind::CBrace || k == TokenKind::CBrack || k == TokenKind::CParen || k == TokenKind::CQuote ||
         k == TokenKind::CHeredoc || k == TokenKind::TemplateSeqEnd;
}

// Whether an expression's text spans lines (or holds a comment) outside its brackets: written
// bare, the line end would end the attribute, so it goes in parentheses.
bool needs_parentheses(std::string_view expr) {
  int depth = 0;
  for (const lex::Token& t : lex::lex_all(expr)) {
    if (lex::is_opening_bracket(t.kind)) ++depth;
    if (is_closing(t.kind)) --depth;
    if (depth == 0 && (t.kind == TokenKind::Newline || t.kind == TokenKind::Comment)) return true;
  }
  return false;
}

bool parses(std::string_view text, bool as_template, std::string& error) {
  auto src = std::make_shared<source::SourceFile>("<string>", std::string(text));
  syntax::ParseResult r = as_template ? syntax::parse_template(src) : syntax::parse_expression(src);
  for (const auto& d : r.diagnostics)
    if (d.severity == diag::Severity::Error) {
      error = d.summary + (d.detail.empty() ? "" : ": " + d.detail);
      return false;
    }
  return true;
}

// The expression of a template that is one interpolation and nothing else ("${expr}", no strip
// markers), or nothing.
std::optional<std::string_view> sole_interpolation(std::string_view text) {
  std::vector<lex::Token> tokens = lex::lex_all(text, lex::LexMode::Template);
  if (tokens.size() < 3 || tokens[0].kind != TokenKind::TemplateInterp || tokens[0].size() != 2) return std::nullopt;
  int depth = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (lex::is_opening_bracket(tokens[i].kind)) ++depth;
    if (is_closing(tokens[i].kind) && --depth == 0) {
      if (i + 2 != tokens.size() || tokens[i + 1].kind != TokenKind::Eof) return std::nullopt;
      if (tokens[i].size() != 1) return std::nullopt;  // "~}"
      return text.substr(2, tokens[i].start - 2);
    }
  }
  return std::nullopt;
}

// A template as a quoted template: its literal text escaped, its markup as written.
std::string quoted_template(std::string_view text) {
  std::string out = "\"";
  size_t copied = 0;
  int depth = 0;
  for (const lex::Token& t : lex::lex_all(text, lex::LexMode::Template)) {
    if (t.kind == TokenKind::Eof) break;
    if (lex::is_opening_bracket(t.kind)) ++depth;
    if (is_closing(t.kind)) --depth;
    if (t.kind != TokenKind::StringLit || depth != 0) continue;
    out.append(text.substr(copied, t.start - copied));
    util::append_hclwrite_escaped(out, t.text(text), false);
    copied = t.end;
  }
  out.append(text.substr(copied));
  out += '"';
  return out;
}

// A string of several lines, ending in a line end, as a heredoc: its text as written, where a
// quoted string would hold it on one line of escapes. Nothing when it holds characters a
// heredoc cannot (a carriage return, other controls than tab).
std::optional<std::string> heredoc(std::string_view text, bool literal) {
  size_t lines = 0;
  for (char c : text) {
    if (c == '\n') ++lines;
    else if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) return std::nullopt;
  }
  if (lines < 2 || text.back() != '\n') return std::nullopt;
  // A marker no line of the text could be taken for.
  std::string marker = "EOT";
  auto taken = [&](std::string_view m) {
    size_t pos = 0;
    while (pos < text.size()) {
      size_t nl = text.find('\n', pos);
      if (trim(text.substr(pos, nl - pos)) == m) return true;
      pos = nl + 1;
    }
    return false;
  };
  for (int n = 1; taken(marker); ++n) marker = "EOT" + std::to_string(n);
  std::string out = "<<" + marker + "\n";
  if (!literal) {
    out += text;
  } else {
    for (size_t i = 0; i < text.size(); ++i) {
      out += text[i];
      if ((text[i] == '$' || text[i] == '%') && i + 1 < text.size() && text[i + 1] == '{') out += text[i];
    }
  }
  out += marker;
  out += '\n';
  return out;
}

}  // namespace

std::string quote(std::string_view text, bool literal) {
  std::string out = "\"";
  util::append_hclwrite_escaped(out, text, literal);
  out += '"';
  return out;
}

bool bare_name(std::string_view name) {
  return source::is_identifier(name) && name != "true" && name != "false" && name != "null" && name != "for";
}

std::optional<std::string> string_expression(std::string_view text, AttrMode mode, Place place, std::string& error) {
  if (mode == AttrMode::Literal) {
    if (place == Place::Value)
      if (auto h = heredoc(text, true)) return h;
    return quote(text, true);
  }
  std::optional<std::string_view> expr = sole_interpolation(text);
  if (!expr && mode == AttrMode::Expression) expr = text;
  if (!parses(text, !(mode == AttrMode::Expression && expr && expr->data() == text.data()), error)) {
    // `hcl json` (as hcl2json) writes an expression ending in a heredoc without the line end
    // that closes it ("${<<EOT\nx\nEOT}"): with it, such a string reads as intended.
    std::string closed = std::string(text.substr(0, text.size() - 1)) + "\n}";
    std::string ignored;
    if (mode == AttrMode::Literal || text.size() < 3 || text.substr(0, 2) != "${" || text.back() != '}' ||
        !parses(closed, true, ignored) || !sole_interpolation(closed))
      return std::nullopt;
    std::string again;
    std::optional<std::string> out = string_expression(closed, mode, place, again);
    if (!out) error = again;
    return out;
  }
  if (expr) {
    std::string_view e = trim(*expr);
    if (e.empty()) {
      error = "an empty interpolation";
      return std::nullopt;
    }
    if (place == Place::Key) {
      if (e.front() == '(' && e.back() == ')' && !needs_parentheses(e)) return std::string(e);
      return mode == AttrMode::Expression ? "(" + std::string(e) + ")" : quoted_template(text);
    }
    // Lines inside "${...}" need no parentheses: the template stays, as it was written.
    if (needs_parentheses(e))
      return mode == AttrMode::Expression ? "(" + std::string(e) + "\n)" : quoted_template(text);
    return std::string(e);
  }
  if (place == Place::Value)
    if (auto h = heredoc(text, false)) return h;
  return quoted_template(text);
}

}  // namespace hcl::fromjson::detail
