// SPDX-License-Identifier: Apache-2.0
// Templates: quoted strings, heredocs and standalone templates, hclsyntax's parser_template.go.
// The reference parses a template in two passes, (*parser).parseTemplateParts (the flat list of
// literals, interpolations and directive markers) and a templateParser that nests the
// directives; this does the same, except that the tree keeps the parts flat (a Template node's
// children are its parts in source order) and the second pass only checks that the directives
// balance. The evaluator and hcl2json nest them when they need to.
#include <algorithm>
#include <cstring>

#include "syntax/parser_internal.h"
#include "syntax/string_literal.h"
#include "util/text.h"

namespace hcl::syntax::parser_detail {

// parse_template_inner past its one-literal path: any template, and any depth. The structure is
// checked only after all parts are read, so its errors come after the parts' own, as in the
// reference.
Expr Parser::parse_template_general(K end, uint32_t start_node, uint32_t first, uint32_t main, uint8_t flags) {
  DepthGuard guard(*this);
  diag::Span open_span = opener_span(first);
  if (!guard.ok) return wrap_error(start_node, first, open_span, main);
  uint64_t directives_before = directives_seen_;
  size_t parts_base = parts_.size();
  diag::Span end_span = parse_template_parts(end);
  // Without directives there is no structure to check (most templates: literals and
  // interpolations only), and nothing was pushed: an inner template's parts are gone again.
  if (directives_seen_ != directives_before) {
    parts_.push_back({TemplatePart::End, end_span});
    check_template_structure(std::span<const PartInfo>(parts_).subspan(parts_base));
    parts_.resize(parts_base);
  }
  return make(NodeKind::Template, main, first, start_node, span_from(open_span), flags);
}

// (*parser).parseTemplateParts: parts until `end`. Literal escapes are decoded only to report
// bad ones; the tree keeps the source text. Inlined into parse_template_general, its one caller:
// most templates are a literal or two, and a call of its own was a good part of their cost.
[[gnu::always_inline]] inline diag::Span Parser::parse_template_parts(K end) {
  // Templates nest (in interpolations), so their directives share one stack (parts_): an inner
  // template's are gone again before the outer one adds its next.
  std::vector<PartInfo>& parts = parts_;
  diag::Span start_span = next_span();
  diag::Span end_span{};
  // Directives nest like brackets: the parts are flat here, but every later stage (evaluation,
  // hcl2json, the template structure itself) recurses once per open if/for, so each one counts
  // towards the same depth limit as the expressions inside it.
  uint32_t open_directives = 0;
  for (;;) {
    lex::Token next = read();
    uint32_t next_index = last_read_;
    if (next.kind == end) {
      end_span = span_of(next);
      break;
    }
    uint32_t part_start = mark();
    switch (next.kind) {
      case K::QuotedLit: check_quoted_literal(next); [[fallthrough]];
      case K::StringLit: add(NodeKind::TemplateLiteral, next_index, next_index, next_index, part_start); continue;
      case K::TemplateInterp: parse_template_interp(next, next_index, part_start, start_span, end); continue;
      case K::TemplateControl:
        parse_template_directive(next, next_index, part_start, start_span, parts, open_directives);
        continue;
      // Anything else (a newline in a quoted string, a token from outside the template) means the
      // closer is missing: the reference reports it at that token and skips to the closer.
      default: {
        if (!recovery_) {
          error("Unterminated template string", "No closing marker was found for the string.", span_of(next),
                diag::span_between(start_span, span_of(next)));
        }
        lex::Token final_tok = recover(end);
        end_span = span_of(final_tok);
        break;
      }
    }
    break;
  }
  depth_ -= open_directives;
  return end_span;
}

// parse_lone_operand for a quoted string: "" or "text" without sequences, as parse_expression
// and parse_template_inner parse it (two levels deeper), when the token after it ends the
// expression. The string's tokens lie side by side, and so does that token, which a peek does
// not skip: reading them leaves the peek there.
bool Parser::parse_lone_string() {
  if (abort_ || depth_ + 1 >= max_depth_ || cur_ == special_) return false;
  uint32_t rel = cur_index_ - buf_base_;
  if (rel + 2 >= buf_len_) return false;
  uint32_t count = buf_[rel + 1].kind == K::QuotedLit ? 3 : 2;
  if (buf_[rel + count - 1].kind != K::CQuote || rel + count >= buf_len_ || !ends_operand(buf_[rel + count].kind))
    return false;
  uint32_t start_node = mark();
  uint32_t open = cur_index_, close = open + count - 1;
  if (count == 3) {
    check_quoted_literal(buf_[rel + 1]);
    add(NodeKind::TemplateLiteral, open + 1, open + 1, open + 1, mark());
  }
  last_read_ = close;
  next_ = cur_index_ = close + 1;
  cur_ += count;
  add(NodeKind::Template, open, open, close, start_node);
  return true;
}

// check_quoted_literal past its one block: decodes the literal only to report its bad escapes,
// and only when it holds a backslash.
void Parser::check_quoted_literal_text(const lex::Token& tok) {
  if (!std::memchr(text_.data() + tok.start, '\\', tok.size())) return;
  size_t before = parse_diags_.size();
  decode_literal(tok.text(text_), true, &src_, tok.start, &parse_diags_);
  // They are the template's errors, as error() counts its own: in the reference they are part of
  // the expression's diagnostics, so a construct around it (parentheses) sees that its content
  // failed and skips to its closer instead of reporting it unclosed.
  size_t added = parse_diags_.size() - before;
  errors_ += added;
  if (parse_diags_.size() > options_.max_diagnostics) {
    size_t keep = std::max<size_t>(before, options_.max_diagnostics);
    parse_dropped_ += parse_diags_.size() - keep;
    parse_diags_.resize(keep);
  }
}

// "${" expression "}". Newlines inside are insignificant. A wrong closer gets the reference's
// hints: a colon or an unclosed quote suggests the "${" was meant literally (as in shell
// scripts), which "$${" would express. Inlined into parse_template_parts, its one caller, as the
// directives below are: in a heredoc of many sequences the calls were a good part of each one's cost.
[[gnu::always_inline]] inline void Parser::parse_template_interp(const lex::Token& next, uint32_t next_index,
                                                                 uint32_t part_start, diag::Span start_span, K end) {
  bool outer_nl = push_nl(false);
  parse_expression();
  Peeked close = peek();
  if (close.tok.kind != K::TemplateSeqEnd) {
    if (!recovery_) {
      if (close.tok.kind == K::Eof) {
        error("Unclosed template interpolation sequence",
              "There is no closing brace for this interpolation sequence before the end of the file. This "
              "might be caused by incorrect nesting inside the given expression.",
              start_span);
      } else if (close.tok.kind == K::Colon) {
        error("Extra characters after interpolation expression",
              "Template interpolation doesn't expect a colon at this location. Did you intend this to be a "
              "literal sequence to be processed as part of another language? If so, you can escape it by "
              "starting with \"$${\" instead of just \"${\".",
              span_of(close.tok), diag::span_between(start_span, span_of(close.tok)));
      } else if ((close.tok.kind == K::CQuote || close.tok.kind == K::OQuote) && end == K::CQuote) {
        error("Unclosed template interpolation sequence",
              "There is no closing brace for this interpolation sequence before the end of the quoted "
              "template. This might be caused by incorrect nesting inside the given expression.",
              start_span);
      } else {
        error("Extra characters after interpolation expression",
              "Expected a closing brace to end the interpolation expression, but found extra characters.\n\n"
              "This can happen when you include interpolation syntax for another language, such as shell "
              "scripting, but forget to escape the interpolation start token. If this is an embedded "
              "sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
              span_of(close.tok), diag::span_between(start_span, span_of(close.tok)));
      }
    }
    recover(K::TemplateSeqEnd);
  } else {
    read();
  }
  pop_nl(outer_nl);
  add(NodeKind::TemplateInterp, next_index, next_index, last_read_, part_start);
}

// "%{" keyword ... "}": if, else, endif, for, endfor. Each becomes a node of its own kind (the
// condition or collection as its child), and a PartInfo for the structure check. A directive
// that cannot be read is skipped to its "}" and left as an Error node, and the template goes
// on: the reference's messages for what follows do not depend on it.
[[gnu::always_inline]] inline void Parser::parse_template_directive(const lex::Token& next, uint32_t next_index,
                                                                    uint32_t part_start, diag::Span start_span,
                                                                    std::vector<PartInfo>& parts,
                                                                    uint32_t& open_directives) {
  bool outer_nl = push_nl(false);
  Peeked kw = peek();
  if (kw.tok.kind != K::Ident) {
    if (!recovery_) {
      error("Invalid template directive",
            "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ "
            "sequence.",
            span_of(kw.tok), diag::span_between(span_of(next), span_of(kw.tok)));
    }
    abandon_directive(next_index, part_start, outer_nl);
    return;
  }
  read();
  std::string_view word = kw.tok.text(text_);
  NodeKind node_kind;
  TemplatePart part;
  uint8_t part_flags = 0;
  if (word == "if") {
    parse_expression();
    node_kind = NodeKind::TemplateIf;
    part = TemplatePart::If;
  } else if (word == "else") {
    node_kind = NodeKind::TemplateElse;
    part = TemplatePart::Else;
  } else if (word == "endif") {
    node_kind = NodeKind::TemplateEndIf;
    part = TemplatePart::EndIf;
  } else if (word == "for") {
    if (peek().tok.kind != K::Ident) {
      if (!recovery_)
        error("Invalid 'for' directive", "For directive requires variable name after 'for'.", next_span());
      abandon_directive(next_index, part_start, outer_nl);
      return;
    }
    read();
    add(NodeKind::Name, last_read_, last_read_, last_read_, mark());
    if (peek().tok.kind == K::Comma) {
      part_flags |= node_flags::kHasKeyVar;
      read();
      if (peek().tok.kind != K::Ident) {
        if (!recovery_)
          error("Invalid 'for' directive", "For directive requires value variable name after comma.", next_span());
        abandon_directive(next_index, part_start, outer_nl);
        return;
      }
      read();
      add(NodeKind::Name, last_read_, last_read_, last_read_, mark());
    }
    if (!is_keyword(peek().tok, "in")) {
      if (!recovery_) error("Invalid 'for' directive", "For directive requires 'in' keyword after names.", next_span());
      abandon_directive(next_index, part_start, outer_nl);
      return;
    }
    read();
    parse_expression();
    node_kind = NodeKind::TemplateFor;
    part = TemplatePart::For;
  } else if (word == "endfor") {
    node_kind = NodeKind::TemplateEndFor;
    part = TemplatePart::EndFor;
  } else {
    if (!recovery_) {
      std::string_view suggestion = util::name_suggestion(word, {"if", "for", "else", "endif", "endfor"});
      std::string hint = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", util::go_quote(suggestion));
      error("Invalid template control keyword",
            fmt::format("{} is not a valid template control keyword.{}", util::go_quote(word), hint), span_of(kw.tok),
            diag::span_between(span_of(next), span_of(kw.tok)));
    }
    abandon_directive(next_index, part_start, outer_nl);
    return;
  }
  diag::Span directive_span = diag::span_between(span_of(next), next_span());
  Peeked close = peek();
  if (close.tok.kind != K::TemplateSeqEnd) {
    if (!recovery_) {
      error(fmt::format("Extra characters in {} marker", word),
            "Expected a closing brace to end the sequence, but found extra characters.", span_of(close.tok),
            diag::span_between(start_span, span_of(close.tok)));
    }
    recover(K::TemplateSeqEnd);
  } else {
    read();
  }
  pop_nl(outer_nl);
  add(node_kind, next_index, next_index, last_read_, part_start, part_flags);
  parts.push_back({part, directive_span});
  ++directives_seen_;
  // An if or for counts towards the depth limit until its end directive, as an open bracket does.
  if (part == TemplatePart::If || part == TemplatePart::For) {
    ++open_directives;
    enter();  // past the limit this reports "Nesting too deep" and stops the parse
  } else if ((part == TemplatePart::EndIf || part == TemplatePart::EndFor) && open_directives > 0) {
    --open_directives;
    --depth_;
  }
}

// A directive that cannot be read: skipped to its "}" and left as an Error node. A function of its
// own, not a lambda: the lambda's closure was built on the stack for every directive.
void Parser::abandon_directive(uint32_t next_index, uint32_t part_start, bool outer_nl) {
  recover(K::TemplateSeqEnd);
  pop_nl(outer_nl);
  add(NodeKind::Error, next_index, next_index, last_read_, part_start);
}

// The reference's second template pass (templateParser's parseRoot, parseIf, parseFor):
// if/else/endif and for/endfor must balance. Its messages name the directive found and, where
// there is one, the open directive it conflicts with ("for the if started at file:1,3-9"); each
// error pops the open directive, as the reference's recursive templateParser returns from it,
// so one mistake does not cascade.
void Parser::check_template_structure(std::span<const PartInfo> parts) {
  std::vector<OpenDirective>& stack = open_directives_;
  stack.clear();
  for (const PartInfo& p : parts) {
    switch (p.kind) {
      case TemplatePart::If:
      case TemplatePart::For: stack.push_back({p.kind, false, p.span}); break;
      case TemplatePart::Else:
      case TemplatePart::EndIf:
      case TemplatePart::EndFor: {
        const char* name = p.kind == TemplatePart::Else ? "else" : p.kind == TemplatePart::EndIf ? "endif" : "endfor";
        if (stack.empty()) {
          error(fmt::format("Unexpected {} directive", name),
                "The control directives within this template are unbalanced.", p.span);
          break;
        }
        OpenDirective& top = stack.back();
        if (top.kind == TemplatePart::If) {
          if (p.kind == TemplatePart::Else && !top.in_else) {
            top.in_else = true;
            break;
          }
          if (p.kind == TemplatePart::Else) {
            error("Unexpected else directive",
                  fmt::format("Already in the else clause for the if started at {}.", range_string(top.span)), p.span);
          } else if (p.kind == TemplatePart::EndFor) {
            error("Unexpected endfor directive",
                  fmt::format("Expecting an endif directive for the if started at {}.", range_string(top.span)),
                  p.span);
          }
        } else {
          if (p.kind == TemplatePart::Else) {
            error("Unexpected else directive", "An else clause is not expected for a for directive.", p.span);
          } else if (p.kind == TemplatePart::EndIf) {
            error("Unexpected endif directive",
                  fmt::format("Expecting an endfor directive corresponding to the for directive at {}.",
                              range_string(top.span)),
                  p.span);
          }
        }
        stack.pop_back();
        break;
      }
      case TemplatePart::End:
        while (!stack.empty()) {
          const OpenDirective& top = stack.back();
          error(
              "Unexpected end of template",
              fmt::format(fmt::runtime(top.kind == TemplatePart::If
                                           ? "The if directive at {} is missing its corresponding endif directive."
                                           : "The for directive at {} is missing its corresponding endfor directive."),
                          range_string(top.span)),
              p.span);
          stack.pop_back();
        }
        break;
    }
  }
}

}  // namespace hcl::syntax::parser_detail
