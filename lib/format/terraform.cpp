// SPDX-License-Identifier: Apache-2.0
// The Terraform style: the rewrites `terraform fmt` applies to a parsed file before the canonical
// layout (internal/command/fmt.go: formatValueExpr, formatTypeExpr, and block.SetLabels on every
// block). They are expressed as replacements of source ranges; the caller re-lexes and formats
// the result, which yields the same tokens terraform's hclwrite tree holds after its edits.
#include <utf8proc.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "ast/ast.h"
#include "format/format.h"
#include "source/utf8.h"
#include "syntax/tree.h"
#include "util/text.h"

namespace hcl::format {

namespace {

using K = lex::TokenKind;

struct Edit {
  uint32_t start, end;
  std::string text;
};

class Rewriter {
 public:
  explicit Rewriter(const syntax::SyntaxTree& tree) : tree_(tree), src_(tree.text()) {}

  std::string run() {
    if (tree_.root() != syntax::kNoNode) body(tree_.root(), 0, false);
    std::sort(edits_.begin(), edits_.end(), [](const Edit& a, const Edit& b) { return a.start < b.start; });
    std::string out;
    out.reserve(src_.size() + 64);
    uint32_t at = 0;
    for (const Edit& e : edits_) {
      if (e.start < at) continue;  // cannot happen: edits are of disjoint nodes
      out.append(src_.substr(at, e.start - at));
      out += e.text;
      at = e.end;
    }
    out.append(src_.substr(at));
    return out;
  }

 private:
  K kind(uint32_t t) const { return tree_.token(t).kind; }
  std::string_view text(uint32_t t) const { return tree_.token_text(t); }
  void replace(uint32_t first_tok, uint32_t last_tok, std::string text) {
    edits_.push_back(Edit{tree_.token(first_tok).start, tree_.token(last_tok).end, std::move(text)});
  }

  // depth: nesting of blocks; in_variable: directly inside a top-level `variable` block.
  void body(syntax::NodeId node, int depth, bool in_variable) {
    for (syntax::NodeId item : ast::body_items(tree_, node)) {
      const syntax::Node& n = tree_.node(item);
      if (n.kind == syntax::NodeKind::Attribute) {
        ast::Attribute a = ast::attribute(tree_, item);
        if (a.expr == syntax::kNoNode) continue;
        const syntax::Node& e = tree_.node(a.expr);
        if (in_variable && a.name == "type") type_expr(e.first_token, e.last_token);
        else value_expr(e.first_token, e.last_token);
      } else if (n.kind == syntax::NodeKind::Block) {
        ast::Block b = ast::block(tree_, item);
        labels(b);
        if (b.body != syntax::kNoNode) body(b.body, depth + 1, depth == 0 && b.type == "variable");
      }
    }
  }

  // Labels are rewritten in the quoted form; what stood between the type and the last label
  // (only comments can) goes, as with hclwrite's SetLabels.
  void labels(const ast::Block& b) {
    if (b.labels.empty()) return;
    std::string text;
    for (const auto& l : b.labels) {
      text += ' ';
      text += util::hclwrite_quote(l);
    }
    edits_.push_back(Edit{b.type_span.end, b.label_spans.back().end, std::move(text)});
  }

  // "${expr}" alone becomes expr (formatValueExpr).
  void value_expr(uint32_t first, uint32_t last) {
    if (last - first + 1 < 5) return;
    if (kind(first) != K::OQuote || kind(first + 1) != K::TemplateInterp || kind(last - 1) != K::TemplateSeqEnd ||
        kind(last) != K::CQuote)
      return;
    uint32_t in_first = first + 2, in_last = last - 2;
    // Only a single interpolation: no other delimiters or literal text outside nested quotes.
    int quotes = 0;
    for (uint32_t t = in_first; t <= in_last; ++t) {
      K k = kind(t);
      if (k == K::OQuote) {
        ++quotes;
        continue;
      }
      if (k == K::CQuote) {
        --quotes;
        continue;
      }
      if (quotes > 0) continue;
      if (k == K::TemplateInterp || k == K::TemplateSeqEnd || k == K::QuotedLit) return;
    }
    while (in_first <= in_last && kind(in_first) == K::Newline) ++in_first;
    while (in_last >= in_first && kind(in_last) == K::Newline) --in_last;
    if (in_first > in_last) return;
    bool multi_line = false, lead_paren = false, trail_paren = false;
    for (uint32_t t = in_first; t <= in_last; ++t) {
      if (t == in_first && kind(t) == K::OParen) lead_paren = true;
      // A `#` or `//` comment holds its line's newline: the expression goes on past it.
      else if (kind(t) == K::Newline || (kind(t) == K::Comment && text(t).back() == '\n')) multi_line = true;
      else if (t == in_last && kind(t) == K::CParen) trail_paren = true;
    }
    uint32_t from = tree_.token(in_first).start, to = tree_.token(in_last).end;
    std::string inner(src_.substr(from, to - from));
    if (multi_line && !(lead_paren && trail_paren)) inner = "(" + inner + ")";
    replace(first, last, std::move(inner));
  }

  // Legacy and shorthand type constraints in `variable` blocks (formatTypeExpr).
  void type_expr(uint32_t first, uint32_t last) {
    if (first == last && kind(first) == K::Ident) {
      std::string_view name = text(first);
      if (name == "list" || name == "map" || name == "set") replace(first, last, std::string(name) + "(any)");
      return;
    }
    if (last - first + 1 == 3 && kind(first) == K::OQuote && kind(first + 1) == K::QuotedLit &&
        kind(last) == K::CQuote) {
      std::string_view name = text(first + 1);
      if (name == "string") replace(first, last, "string");
      else if (name == "list") replace(first, last, "list(string)");
      else if (name == "map") replace(first, last, "map(string)");
    }
  }

  const syntax::SyntaxTree& tree_;
  std::string_view src_;
  std::vector<Edit> edits_;
};

}  // namespace

std::string terraform_rewrite(const syntax::SyntaxTree& tree) { return Rewriter(tree).run(); }

bool terraform_file(std::string_view path) {
  return path.ends_with(".tf") || path.ends_with(".tfvars") || path.ends_with(".tftest.hcl") ||
         path.ends_with(".tfmock.hcl");
}

}  // namespace hcl::format
