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

// The edits of the items one Rewriter is given, in source order once sorted; items never
// overlap, so the edits of successive items come in order too.
class Rewriter {
 public:
  Rewriter(const syntax::SyntaxTree& tree, std::vector<TerraformRewrite::Edit>& edits)
      : tree_(tree), src_(tree.text()), edits_(edits) {}

  // depth: nesting of blocks; in_variable: directly inside a top-level `variable` block.
  void item(syntax::NodeId item, int depth, bool in_variable) {
    const syntax::Node& n = tree_.node(item);
    if (n.kind == syntax::NodeKind::Attribute) {
      if (n.subtree_size < 2) return;                // no expression (after an error)
      const syntax::Node& e = tree_.node(item - 1);  // the only child, right before its parent
      // No rewrite starts with "[". A root attribute's long tuple is handed over in pieces
      // (format_config), and its first tokens are gone by the time its item comes.
      if (e.kind == syntax::NodeKind::Tuple) return;
      if (in_variable && text(n.main_token) == "type") type_expr(e.first_token, e.last_token);
      else value_expr(e.first_token, e.last_token);
    } else if (n.kind == syntax::NodeKind::Block) {
      // Children (labels, then the body) come last first, as post-order stores them: edits are
      // sorted afterwards anyway.
      syntax::NodeId body = syntax::kNoNode, last_label = syntax::kNoNode;
      tree_.each_child_last_first(item, [&](syntax::NodeId c) {
        syntax::NodeKind kind = tree_.node(c).kind;
        if (kind == syntax::NodeKind::Body) body = c;
        else if (kind == syntax::NodeKind::BlockLabel && last_label == syntax::kNoNode) last_label = c;
      });
      if (last_label != syntax::kNoNode && !labels_canonical(n.main_token, tree_.node(last_label).last_token))
        labels(ast::block(tree_, item));
      if (body != syntax::kNoNode) {
        bool variable = depth == 0 && text(n.main_token) == "variable";
        tree_.each_child_last_first(body, [&](syntax::NodeId c) { this->item(c, depth + 1, variable); });
      }
    }
  }

 private:
  K kind(uint32_t t) const { return tree_.token(t).kind; }
  std::string_view text(uint32_t t) const { return tree_.token_text(t); }
  void replace(uint32_t first_tok, uint32_t last_tok, std::string text) {
    edits_.push_back({tree_.token(first_tok).start, tree_.token(last_tok).end, std::move(text)});
  }

  // Whether the labels after the block type `type` up to token `last` are as labels() would
  // write them, so that rewriting them would give them back: each one space after the one before,
  // quoted, of printable ASCII that needs no escape (the usual label). Anything else (a name, an
  // escape, a comment, wider spacing) is left to labels().
  bool labels_canonical(uint32_t type, uint32_t last) const {
    uint32_t prev_end = tree_.token(type).end;
    for (uint32_t t = type + 1; t <= last; ++t) {
      const lex::Token& open = tree_.token(t);
      if (open.kind != K::OQuote || open.start != prev_end + 1 || src_[prev_end] != ' ') return false;
      const lex::Token* tok = &tree_.token(++t);
      if (tok->kind == K::QuotedLit) {
        for (char c : src_.substr(tok->start, tok->size()))
          if (c < 0x20 || c > 0x7e || c == '\\' || c == '"' || c == '$' || c == '%') return false;
        tok = &tree_.token(++t);
      }
      if (tok->kind != K::CQuote) return false;
      prev_end = tok->end;
    }
    return true;
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
    edits_.push_back({b.type_span.end, b.label_spans.back().end, std::move(text)});
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
  std::vector<TerraformRewrite::Edit>& edits_;
};

}  // namespace

void TerraformRewrite::add(const syntax::SyntaxTree& items) {
  ast::subtree_roots(items, roots_);
  edits_.clear();
  Rewriter rewriter(items, edits_);
  for (syntax::NodeId item : roots_) rewriter.item(item, 0, false);
  std::sort(edits_.begin(), edits_.end(), [](const Edit& a, const Edit& b) { return a.start < b.start; });
  for (const Edit& e : edits_) {
    // Most edits give the text back as it was (labels already quoted): they change nothing, and
    // a file with only those keeps its own tokens.
    if (e.start < copied_ || src_.substr(e.start, e.end - e.start) == e.text) continue;
    text_.append(src_.substr(copied_, e.start - copied_));
    text_ += e.text;
    copied_ = e.end;
    changed_ = true;
  }
}

std::string TerraformRewrite::finish() {
  text_.append(src_.substr(copied_));
  copied_ = static_cast<uint32_t>(src_.size());
  return std::move(text_);
}

bool terraform_file(std::string_view path) {
  return path.ends_with(".tf") || path.ends_with(".tofu") || path.ends_with(".tfvars") ||
         path.ends_with(".tftest.hcl") || path.ends_with(".tofutest.hcl") || path.ends_with(".tfmock.hcl");
}

}  // namespace hcl::format
