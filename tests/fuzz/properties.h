// Properties every input must satisfy, shared by the fuzz targets (which abort on a violation)
// and the unit tests (which replay kept findings from tests/fuzz/regressions/). Each returns an
// empty string, or what went wrong.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "format/format.h"
#include "lex/lexer.h"
#include "syntax/parser.h"

namespace hcl::fuzz {

// Tokens tile the input in both lexer modes: only spaces, tabs or a leading byte-order mark between
// tokens, and the final Eof at the very end.
inline std::string lexer_properties(std::string_view src) {
  for (auto mode : {LexMode::Config, LexMode::Template}) {
    auto toks = lex_all(src, mode);
    uint32_t at = 0;
    for (const auto& t : toks) {
      if (t.start < at || t.end < t.start || t.end > src.size()) return "token out of order or bounds";
      for (uint32_t i = at; i < t.start; ++i) {
        bool bom = i < 3 && src.size() >= 3 && src.substr(0, 3) == "\xef\xbb\xbf";
        if (!bom && src[i] != ' ' && src[i] != '\t') return "non-blank byte outside every token";
      }
      at = t.end;
    }
    if (toks.empty() || toks.back().kind != TokenKind::Eof || at != src.size()) return "tokens do not reach the end";
  }
  return {};
}

inline std::string tree_properties(const SyntaxTree& tree, const std::string& text) {
  if (tree.print() != text) return "printing the tree does not give back the input";
  const auto& nodes = tree.nodes();
  const auto ntok = tree.tokens().size();
  for (size_t i = 0; i < nodes.size(); ++i) {
    const auto& n = nodes[i];
    if (n.subtree_size == 0 || n.subtree_size > i + 1) return "bad subtree size";
    if (n.first_token >= ntok || n.last_token >= ntok || n.main_token >= ntok) return "token index out of range";
    if (n.first_token > n.last_token) return "reversed token range";
    for (auto c : tree.children(static_cast<NodeId>(i)))
      if (c >= i || c + nodes[c].subtree_size < i + 1 - n.subtree_size) return "child outside its parent";
  }
  return {};
}

// The parser never crashes; its tree is lossless and well formed; checking without a tree reports
// the same diagnostics as building one.
inline std::string parser_properties(const std::string& text) {
  auto src = std::make_shared<SourceFile>("fuzz.hcl", text);
  for (auto parse : {parse_config, parse_expression, parse_template}) {
    auto full = parse(src, {});
    if (auto e = tree_properties(*full.tree, text); !e.empty()) return e;
    ParseOptions light;
    light.build_tree = false;
    auto checked = parse(src, light);
    if (full.diagnostics.size() != checked.diagnostics.size()) return "streaming parse reports different diagnostics";
    for (size_t i = 0; i < full.diagnostics.size(); ++i)
      if (full.diagnostics[i].summary != checked.diagnostics[i].summary ||
          full.diagnostics[i].subject != checked.diagnostics[i].subject)
        return "streaming parse reports different diagnostics";
  }
  return {};
}

// Whether `b` is `a` with only the blank space between a's tokens changed: a's token texts appear
// in b in order, separated by nothing but spaces and tabs. (Re-lexing b is not the same test: the
// reference's spacing can join tokens, e.g. `0. 1` formats as `0.1`, one number.)
inline bool only_respaced(std::string_view a, std::string_view b) {
  size_t at = 0;
  for (const Token& t : lex_all(a)) {
    std::string_view text = t.text(a);
    // Template text may itself start with blanks, so try the token where we are first.
    if (b.substr(at, text.size()) != text) {
      while (at < b.size() && (b[at] == ' ' || b[at] == '\t')) ++at;
      if (b.substr(at, text.size()) != text) return false;
    }
    at += text.size();
  }
  while (at < b.size() && (b[at] == ' ' || b[at] == '\t')) ++at;
  return at == b.size();
}

// The formatter never crashes on any input; on valid input its output parses, keeps every token,
// and is final (formatting it again changes nothing), in both styles.
inline std::string format_properties(const std::string& text) {
  format::format_source(text);  // any input, as hclwrite.Format takes any tokens
  auto src = std::make_shared<SourceFile>("fuzz.hcl", text);
  for (auto style : {format::Style::Canonical, format::Style::Terraform}) {
    format::FormatOptions opt;
    opt.style = style;
    auto once = format::format_config(src, opt);
    if (!once.ok) return {};  // invalid input is refused, and that is tested elsewhere
    std::string out = once.changed ? once.output : text;
    auto again_src = std::make_shared<SourceFile>("fuzz.hcl", out);
    auto again = format::format_config(again_src, opt);
    if (!again.ok) return "formatted output does not parse";
    if (again.changed) return "formatting is not idempotent";
    if (style == format::Style::Canonical && !only_respaced(text, out)) return "formatting changed more than blank space";
  }
  return {};
}

}  // namespace hcl::fuzz
