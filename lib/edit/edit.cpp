// SPDX-License-Identifier: Apache-2.0
#include "edit/edit.h"

#include <algorithm>

#include "ast/ast.h"
#include "cty/expected.h"
#include "diag/error.h"
#include "edit/value_path.h"
#include "format/format.h"
#include "lex/lexer.h"
#include "syntax/parser.h"
#include "util/text.h"

namespace hcl::edit {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Go's strings.TrimSpace, which hcledit applies to what `attribute get` prints.
std::string_view trim_space(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

bool ends_line(const syntax::SyntaxTree& tree, uint32_t i) {
  const lex::Token& t = tree.token(i);
  if (t.kind == lex::TokenKind::Newline) return true;
  return t.kind == lex::TokenKind::Comment && t.size() > 0 && tree.text()[t.end - 1] == '\n';
}

// hcledit's vertical formatting after `block rm` and for `body get` (its VerticalFormat): no line
// breaks at the start, at most two in a row, one at most at the end. Works on tokens, so line
// breaks inside heredocs and comments are not counted.
std::string tidy_blank_lines(std::string_view text) {
  std::vector<lex::Token> toks = lex::lex_all(text);
  std::vector<uint32_t> kept;
  int run = 0;
  for (uint32_t i = 0; i < toks.size(); ++i) {
    if (toks[i].kind == lex::TokenKind::Newline) {
      if (kept.empty() || ++run > 2) continue;
    } else {
      run = 0;
    }
    kept.push_back(i);
  }
  // Trailing line breaks (before Eof): keep the first.
  size_t eof = kept.size();
  if (eof > 0 && toks[kept[eof - 1]].kind == lex::TokenKind::Eof) --eof;
  size_t first_trailing = eof;
  while (first_trailing > 0 && toks[kept[first_trailing - 1]].kind == lex::TokenKind::Newline) --first_trailing;
  if (eof - first_trailing > 1)
    kept.erase(kept.begin() + static_cast<ptrdiff_t>(first_trailing + 1), kept.begin() + static_cast<ptrdiff_t>(eof));
  std::string out;
  for (size_t k = 0; k < kept.size(); ++k) {
    uint32_t i = kept[k];
    if (k > 0) out.append(toks[i].start - (i > 0 ? toks[i - 1].end : 0), ' ');
    out += toks[i].text(text);
  }
  return out;
}

std::string format_text(std::string_view text) { return format::format_source(text); }

}  // namespace

std::optional<std::vector<std::string>> parse_address(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::vector<std::string> parts(1);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      parts.back() += text[++i];
    } else if (text[i] == '.') {
      parts.emplace_back();
    } else {
      parts.back() += text[i];
    }
  }
  return parts;
}

std::string block_address(std::string_view type, const std::vector<std::string>& labels) {
  std::string out(type);
  for (const auto& label : labels) {
    out += '.';
    for (char c : label) {
      if (c == '.') out += '\\';
      out += c;
    }
  }
  return out;
}

std::string quote_label(std::string_view label) { return util::hclwrite_quote(label); }

bool is_identifier(std::string_view name) {
  std::vector<lex::Token> toks = lex::lex_all(name);
  return toks.size() == 2 && toks[0].kind == lex::TokenKind::Ident && toks[0].size() == name.size();
}

// ---- Document -----------------------------------------------------------------------------------

Document::Document(std::unique_ptr<syntax::SyntaxTree> tree) : tree_(std::move(tree)) {}

std::unique_ptr<Document> Document::open(std::shared_ptr<const source::SourceFile> source, diag::Diagnostics& diags,
                                         bool own_line_lead_comments) {
  syntax::ParseResult parsed = syntax::parse_config(std::move(source));
  if (diag::has_errors(parsed.diagnostics) || !parsed.tree) {
    diag::append(diags, std::move(parsed.diagnostics));
    return nullptr;
  }
  auto doc = std::unique_ptr<Document>(new Document(std::move(parsed.tree)));
  doc->own_line_lead_comments_ = own_line_lead_comments;
  return doc;
}

BodyRef Document::root() const {
  uint32_t n = static_cast<uint32_t>(tree_->tokens().size());
  if (n > 0 && tree_->token(n - 1).kind == lex::TokenKind::Eof) --n;
  return BodyRef{tree_->root(), 0, n, true};
}

// hclwrite's partition of a body item (hclwrite/parser.go, PartitionBlockItem): the comment
// tokens right before it are its lead comments (line comments end with their newline, so a blank
// line stops them); after it, comments up to the first newline (or a comment ending one) are its
// line comments, and that newline is its last token.
Item Document::make_item(syntax::NodeId node, uint32_t from, uint32_t until) const {
  const syntax::Node& n = tree_->node(node);
  Item it;
  it.node = node;
  it.is_block = n.kind == syntax::NodeKind::Block;
  it.start = n.first_token;
  it.end = n.last_token + 1;
  it.first = it.start;
  while (it.first > from && tree_->token(it.first - 1).kind == lex::TokenKind::Comment) {
    if (own_line_lead_comments_ && it.first - 1 > 0 && !ends_line(*tree_, it.first - 2)) break;
    --it.first;
  }
  uint32_t i = it.end;
  it.line_end = it.last = until;
  for (; i < until; ++i) {
    lex::TokenKind k = tree_->token(i).kind;
    if (k == lex::TokenKind::Comment) {
      if (ends_line(*tree_, i)) {
        it.line_end = it.last = i + 1;
        break;
      }
      continue;
    }
    it.line_end = i;
    it.last = k == lex::TokenKind::Newline ? i + 1 : i;
    break;
  }
  return it;
}

std::vector<Item> Document::items(const BodyRef& body) const {
  std::vector<Item> out;
  uint32_t remain = body.begin;
  for (syntax::NodeId id : ast::body_items(*tree_, body.body)) {
    out.push_back(make_item(id, remain, body.end));
    remain = out.back().last;
  }
  return out;
}

BodyRef Document::body_of(const Item& block) const {
  uint32_t open = block.start;
  while (open < block.end && tree_->token(open).kind != lex::TokenKind::OBrace) ++open;
  return BodyRef{ast::block(*tree_, block.node).body, open + 1, block.end - 1, false};
}

std::string_view Document::name(const Item& item) const { return tree_->token_text(tree_->node(item.node).main_token); }

std::vector<std::string> Document::labels(const Item& block) const { return ast::block(*tree_, block.node).labels; }

namespace {

bool labels_match(std::span<const std::string> want, const std::vector<std::string>& have, bool wildcard) {
  for (size_t i = 0; i < have.size(); ++i)
    if (!(want[i] == have[i] || (wildcard && want[i] == "*"))) return false;
  return true;
}

}  // namespace

std::vector<Item> Document::find_attributes(std::span<const std::string> address) const {
  std::vector<Item> out;
  auto walk = [&](auto& self, const BodyRef& body, std::span<const std::string> addr) -> void {
    for (const Item& it : items(body)) {
      if (name(it) != addr[0]) continue;
      if (!it.is_block) {
        if (addr.size() == 1) out.push_back(it);
        continue;
      }
      // A block type that is the last step before the name stands for every block of that type,
      // whatever its labels: hcledit reads `module.source` in `module "a" { source = ... }`.
      if (addr.size() == 2) {
        self(self, body_of(it), addr.subspan(1));
        continue;
      }
      auto have = labels(it);
      if (addr.size() < have.size() + 2 || !labels_match(addr.subspan(1), have, false)) continue;
      self(self, body_of(it), addr.subspan(have.size() + 1));
    }
  };
  if (!address.empty()) walk(walk, root(), address);
  return out;
}

std::vector<Item> Document::find_blocks(std::span<const std::string> address) const {
  std::vector<Item> out;
  if (address.empty()) return out;
  for (const Item& it : items(root())) {
    if (!it.is_block || name(it) != address[0]) continue;
    auto have = labels(it);
    if (have.size() + 1 == address.size() && labels_match(address.subspan(1), have, true)) out.push_back(it);
  }
  return out;
}

std::vector<Item> Document::find_nested_blocks(std::span<const std::string> address) const {
  std::vector<Item> out;
  auto walk = [&](auto& self, const BodyRef& body, std::span<const std::string> addr) -> void {
    for (const Item& it : items(body)) {
      if (!it.is_block || name(it) != addr[0]) continue;
      // A lone block type stands for every block of that type, whatever its labels, as in
      // find_attributes.
      if (addr.size() == 1) {
        out.push_back(it);
        continue;
      }
      auto have = labels(it);
      if (addr.size() < have.size() + 1 || !labels_match(addr.subspan(1), have, false)) continue;
      if (addr.size() == have.size() + 1) out.push_back(it);
      else self(self, body_of(it), addr.subspan(have.size() + 1));
    }
  };
  if (!address.empty()) walk(walk, root(), address);
  return out;
}

// Tokens [begin, end) as hclwrite prints them: the blank space before each token (but the first)
// becomes as many spaces as it had bytes.
std::string Document::spaced(uint32_t begin, uint32_t end, bool comments_as_newlines, bool first_gap) const {
  std::string out;
  for (uint32_t i = begin; i < end; ++i) {
    const lex::Token& t = tree_->token(i);
    if (comments_as_newlines && t.kind == lex::TokenKind::Comment) {
      out += '\n';
      continue;
    }
    if (i > begin || (first_gap && i > 0)) out.append(t.start - tree_->token(i - 1).end, ' ');
    out += tree_->token_text(i);
  }
  return out;
}

std::string Document::expression_text(const Item& attribute, bool with_comments) const {
  uint32_t expr_first = tree_->node(tree_->first_child(attribute.node)).first_token;
  return std::string(trim_space(with_comments ? spaced(expr_first, attribute.line_end, false, false)
                                              : spaced(expr_first, attribute.end, true, false)));
}

// hcledit builds a new file of the blocks, a blank line between them, and prints it like an
// edited file: as it is when that is the input itself.
std::string Document::items_text(std::span<const Item> items) const {
  std::string text;
  for (size_t k = 0; k < items.size(); ++k) {
    if (k > 0) text += '\n';
    text += spaced(items[k].first, items[k].last, false, true);
  }
  if (text == tree_->text()) return text;
  return format_text(text);
}

// hcledit prints a body from after the line break that follows the opening brace up to its last
// line break token, but at least one token: comments after that line break are left out (a
// comment before the closing brace; all but the first of a body of comments). Where the cut falls
// inside an item (the last line ends in a comment, a one-line block) hcledit prints a fragment;
// the whole body is printed then.
std::string Document::body_text(const Item& block) const {
  BodyRef body = body_of(block);
  auto is_newline = [&](uint32_t i) { return tree_->token(i).kind == lex::TokenKind::Newline; };
  uint32_t begin = body.begin, end = body.end;
  if (begin < body.end && is_newline(begin)) ++begin;
  while (end > begin && !is_newline(end - 1)) --end;
  if (end <= begin) end = std::min(begin + 1, body.end);
  for (uint32_t i = end; i < body.end; ++i)
    if (tree_->token(i).kind != lex::TokenKind::Comment && !is_newline(i)) begin = body.begin, end = body.end;
  std::string out = format_text(tidy_blank_lines(spaced(begin, end, false, false)));
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out;
}

// ---- Edits --------------------------------------------------------------------------------------

std::string Document::indent_of(uint32_t token) const {
  std::string_view text = tree_->text();
  size_t pos = tree_->token(token).start;
  size_t line = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  line = (line == std::string_view::npos || pos == 0) ? 0 : line + 1;
  size_t end = line;
  while (end < text.size() && is_blank(text[end])) ++end;
  return std::string(text.substr(line, end - line));
}

std::string_view Document::newline() const {
  for (const lex::Token& t : tree_->tokens())
    if (t.kind == lex::TokenKind::Newline) return t.size() == 2 ? "\r\n" : "\n";
  return "\n";
}

// The bytes of tokens [first, last) together with their lines when they occupy whole lines, so
// removing them leaves no empty line behind; otherwise with the blank space before them.
diag::Span Document::line_span(uint32_t first, uint32_t last) const {
  std::string_view text = tree_->text();
  uint32_t start = tree_->token(first).start;
  uint32_t end = tree_->token(last - 1).end;
  uint32_t line = start;
  while (line > 0 && is_blank(text[line - 1])) --line;
  if (line == 0 || text[line - 1] == '\n') return diag::Span{line, end};
  return diag::Span{first > 0 ? tree_->token(first - 1).end : 0, end};
}

void Document::splice(uint32_t begin, uint32_t end, std::string hclwrite_text, diag::Span bytes,
                      std::string minimal_text) {
  hclwrite_.push_back({begin, end, std::move(hclwrite_text)});
  minimal_.push_back({bytes, std::move(minimal_text)});
}

void Document::replace_expression(const Item& attribute, std::string_view expression) {
  uint32_t expr_first = tree_->node(tree_->first_child(attribute.node)).first_token;
  std::string spaced_expression = " ";
  spaced_expression += expression;
  hclwrite_.push_back({expr_first, attribute.end, std::move(spaced_expression)});
  minimal_.push_back(
      {diag::Span{tree_->token(expr_first).start, tree_->token(attribute.end - 1).end}, std::string(expression)});
}

void Document::rename_attribute(const Item& attribute, std::string_view name) {
  const lex::Token& t = tree_->token(attribute.start);
  std::string gap(attribute.start > 0 ? t.start - tree_->token(attribute.start - 1).end : 0, ' ');
  hclwrite_.push_back({attribute.start, attribute.start + 1, gap + std::string(name)});
  minimal_.push_back({diag::Span{t.start, t.end}, std::string(name)});
}

void Document::rename_block(const Item& block, std::string_view type, std::span<const std::string> labels) {
  uint32_t end = block.start + 1;
  for (syntax::NodeId c : tree_->children(block.node))
    if (tree_->node(c).kind == syntax::NodeKind::BlockLabel) end = tree_->node(c).last_token + 1;
  std::string header(type);
  for (const auto& label : labels) {
    header += ' ';
    header += quote_label(label);
  }
  const lex::Token& t = tree_->token(block.start);
  std::string gap(block.start > 0 ? t.start - tree_->token(block.start - 1).end : 0, ' ');
  hclwrite_.push_back({block.start, end, gap + header});
  minimal_.push_back({diag::Span{t.start, tree_->token(end - 1).end}, header});
}

void Document::remove(const Item& item) {
  hclwrite_.push_back({item.first, item.last, ""});
  minimal_.push_back({line_span(item.first, item.last), ""});
}

void Document::append_attribute(const BodyRef& body, std::string_view name, std::string_view expression,
                                bool blank_line_before) {
  std::string line = std::string(name) + " = " + std::string(expression);
  // Keeping every other byte, the new line lines its "=" up with the one-line attribute it follows
  // (when its name fits), as hclwrite aligns a run: the file stays formatted.
  std::string aligned = line;
  std::vector<Item> its = items(body);
  if (!blank_line_before && !its.empty() && !its.back().is_block) {
    const Item& prev = its.back();
    const lex::Token& first = tree_->token(prev.start);
    const lex::Token& eq = tree_->token(prev.start + 1);
    std::string_view span = tree_->text().substr(first.start, tree_->token(prev.end - 1).end - first.start);
    size_t width = eq.start - first.start;
    if (eq.kind == lex::TokenKind::Equal && span.find('\n') == std::string_view::npos && name.size() < width)
      aligned = std::string(name) + std::string(width - name.size(), ' ') + "= " + std::string(expression);
  }
  insert(
      body, line, [&](const std::string&) { return aligned; }, blank_line_before);
}

void Document::append_block(const BodyRef& body, std::string_view type, std::span<const std::string> labels,
                            bool blank_line_before) {
  std::string header(type);
  for (const auto& label : labels) {
    header += ' ';
    header += quote_label(label);
  }
  std::string nl(newline());
  insert(
      body, header + " {\n}", [&](const std::string& indent) { return header + " {" + nl + indent + "}"; },
      blank_line_before);
}

// hclwrite appends an item right before the body's closing brace (or the end of the file). When
// the body does not end a line there (a one-line block, a file without a final newline) that
// produces text that no longer parses; a line break goes before the item then, and a one-line
// block is opened onto several lines.
void Document::insert(const BodyRef& body, const std::string& hclwrite_text,
                      const std::function<std::string(const std::string& indent)>& minimal_text,
                      bool blank_line_before) {
  std::string_view text = tree_->text();
  std::string nl(newline());
  bool fresh_line = body.end > body.begin ? ends_line(*tree_, body.end - 1) : body.top_level;
  bool one_line_block = !body.top_level && !fresh_line;

  // Where the body does not end a line, the blank line asked for is that line break (as in
  // hclwrite, whose newline token lands right after the brace of an empty one-line block).
  std::string hw = std::string(fresh_line && !blank_line_before ? "" : "\n") + hclwrite_text + "\n";
  if (one_line_block && body.end > body.begin) hclwrite_.push_back({body.begin, body.begin, "\n"});
  hclwrite_.push_back({body.end, body.end, hw});

  // The layout that keeps everything else: the new line indented like the body's last item (or
  // one level deeper than the block), in the file's line ending.
  std::string outer = body.top_level ? "" : indent_of(body.end);
  std::vector<Item> its = items(body);
  std::string inner = body.top_level                    ? ""
                      : !its.empty() && !one_line_block ? indent_of(its.back().start)
                                                        : outer + "  ";
  if (one_line_block) outer = indent_of(body.begin - 1), inner = outer + "  ";
  std::string added = (blank_line_before ? nl : "") + inner + minimal_text(inner) + nl;
  const lex::Token& close = tree_->token(body.end);
  if (one_line_block) {
    uint32_t open_end = tree_->token(body.begin - 1).end;
    if (body.end > body.begin) {
      minimal_.push_back({diag::Span{open_end, tree_->token(body.begin).start}, nl + inner});
      minimal_.push_back({diag::Span{tree_->token(body.end - 1).end, close.start}, nl + added + outer});
    } else {
      minimal_.push_back({diag::Span{open_end, close.start}, nl + added + outer});
    }
  } else if (!fresh_line) {
    minimal_.push_back(
        {diag::Span{static_cast<uint32_t>(text.size()), static_cast<uint32_t>(text.size())}, nl + added});
  } else {
    uint32_t at = body.top_level ? static_cast<uint32_t>(text.size()) : close.start;
    while (!body.top_level && at > 0 && is_blank(text[at - 1])) --at;
    minimal_.push_back({diag::Span{at, at}, added});
  }
}

std::string Document::render(Layout layout, bool tidy) const {
  std::string_view text = tree_->text();
  if (layout == Layout::Minimal) {
    std::vector<MinimalSplice> splices = minimal_;
    std::stable_sort(splices.begin(), splices.end(),
                     [](const MinimalSplice& a, const MinimalSplice& b) { return a.bytes.start < b.bytes.start; });
    std::string out;
    uint32_t at = 0;
    for (const auto& s : splices) {
      if (s.bytes.start < at) continue;  // overlapping edits are refused by construction
      out.append(text.substr(at, s.bytes.start - at));
      out += s.text;
      at = s.bytes.end;
    }
    out.append(text.substr(at));
    return out;
  }

  std::vector<TokenSplice> splices = hclwrite_;
  std::stable_sort(splices.begin(), splices.end(), [](const TokenSplice& a, const TokenSplice& b) {
    return a.begin != b.begin ? a.begin < b.begin : (a.begin == a.end) > (b.begin == b.end);
  });
  std::string out;
  const auto& toks = tree_->tokens();
  size_t next = 0;
  uint32_t bom = tree_->source().bom_length();
  for (uint32_t i = 0; i < toks.size();) {
    while (next < splices.size() && splices[next].begin == i && splices[next].end == i) out += splices[next++].text;
    if (next < splices.size() && splices[next].begin == i) {
      out += splices[next].text;
      i = splices[next++].end;
      continue;
    }
    out.append(toks[i].start - (i > 0 ? toks[i - 1].end : bom), ' ');
    out += toks[i].text(text);
    ++i;
  }
  while (next < splices.size()) out += splices[next++].text;
  if (tidy) out = tidy_blank_lines(out);
  // hcledit prints the input itself when its tokens print back to the same bytes.
  if (out == text.substr(bom)) return std::string(text);
  return format_text(out);
}

// ---- Operations ---------------------------------------------------------------------------------

namespace {

using diag::error;

// hcledit takes VALUE as the expression of an attribute: exactly one expression, nothing after;
// what is used is the expression's own text (not blank space or a comment around it).
cty::Expected<std::string, diag::Diagnostic> expression_text(std::string_view value) {
  auto src = std::make_shared<source::SourceFile>("<value>", std::string(value));
  syntax::ParseResult parsed = syntax::parse_expression(src);
  if (diag::has_errors(parsed.diagnostics) || !parsed.tree || parsed.tree->root() == syntax::kNoNode) {
    diag::Diagnostic d = parsed.diagnostics.empty() ? error("Invalid value", "") : parsed.diagnostics.front();
    source::Pos at = d.subject ? d.subject->start : source::Pos{};
    d.summary = "Invalid value: " + d.summary;
    d.detail = "In VALUE \"" + std::string(value) + "\" at column " + std::to_string(at.column) + ": " + d.detail;
    d.subject.reset();
    d.context.reset();
    return cty::unexpected(std::move(d));
  }
  if (parsed.trailing_text)
    return cty::unexpected(
        error("Invalid value: not one expression",
              "VALUE \"" + std::string(value) + "\" holds more than one expression; quote a string as '\"text\"'."));
  const syntax::SyntaxTree& t = *parsed.tree;
  auto trivia = [&](uint32_t i) {
    lex::TokenKind k = t.token(i).kind;
    return k == lex::TokenKind::Newline || k == lex::TokenKind::Comment || k == lex::TokenKind::Eof;
  };
  uint32_t first = t.node(t.root()).first_token, last = t.node(t.root()).last_token;
  while (first < last && trivia(first)) ++first;
  while (last > first && trivia(last)) --last;
  return std::string(t.text().substr(t.token(first).start, t.token(last).end - t.token(first).start));
}

// A name the operation writes (an attribute name, a block type) must be one identifier, or the
// edit could write other syntax than asked for.
std::optional<diag::Diagnostic> check_name(std::string_view name) {
  if (is_identifier(name)) return std::nullopt;
  return error("Invalid name", "\"" + std::string(name) +
                                   "\" is not an identifier (letters, digits, underscores and dashes, not "
                                   "starting with a digit).");
}

std::string positions(const syntax::SyntaxTree& tree, const std::vector<Item>& items) {
  std::string out;
  for (const auto& it : items) {
    source::Range r = tree.token_range(it.start);
    out += (out.empty() ? "" : ", ") + r.filename.str() + ":" + std::to_string(r.start.line);
  }
  return out;
}

bool modifies(Operation op) {
  return op != Operation::AttributeGet && op != Operation::BlockList && op != Operation::BlockGet &&
         op != Operation::BodyGet && op != Operation::AttributeList;
}

}  // namespace

namespace {

// The addresses and VALUE of a request: what an operation names and what it writes.
struct Arguments {
  std::vector<std::string> addr;    // the address, split into its parts
  std::vector<std::string> target;  // mv's and append's second address
  std::string value;                // set's, append's and replace's expression, checked
};

// The request's arguments, or why they are refused.
std::optional<diag::Diagnostic> parse_arguments(const Request& req, Arguments& a) {
  if (req.op != Operation::BlockList && req.op != Operation::AttributeList) {
    auto parsed = parse_address(req.address);
    if (!parsed) return error("Empty address", "An address names a block type, its labels and an attribute.");
    a.addr = std::move(*parsed);
  }
  if (req.op == Operation::AttributeMv || req.op == Operation::BlockMv || req.op == Operation::BlockAppend) {
    auto parsed = parse_address(req.target);
    if (!parsed) return error("Empty address", "The second address is empty.");
    a.target = std::move(*parsed);
  }
  if (req.op == Operation::AttributeSet || req.op == Operation::AttributeAppend ||
      req.op == Operation::AttributeReplace) {
    auto text = expression_text(req.value);
    if (!text) return text.error();
    a.value = std::move(*text);
  }
  return std::nullopt;
}

// A name an operation on blocks and attributes (not inside a value) would write, checked.
std::optional<diag::Diagnostic> check_new_name(const Request& req, const Arguments& a) {
  std::optional<std::string_view> new_name;
  switch (req.op) {
    case Operation::AttributeAppend: new_name = a.addr.back(); break;
    case Operation::AttributeMv: new_name = a.target.back(); break;
    case Operation::AttributeReplace: new_name = req.target; break;
    case Operation::BlockMv:
    case Operation::BlockAppend: new_name = a.target.front(); break;
    case Operation::BlockNew: new_name = a.addr.front(); break;
    default: break;
  }
  if (new_name) return check_name(*new_name);
  return std::nullopt;
}

diag::Diagnostic ambiguous(const Document& doc, const Request& req, const std::vector<Item>& found,
                           std::string_view what) {
  return error("Ambiguous address", "\"" + req.address + "\" names " + std::to_string(found.size()) + " " +
                                        std::string(what) + " (" + positions(doc.tree(), found) +
                                        "); hcledit would change the first only.");
}

diag::Diagnostic exists(const std::string& address) {
  return error("Attribute already exists", "The attribute " + address + " already exists.");
}

// hcledit's operations on blocks and attributes: `doc` edited, or `res.output` set and
// `answered` for those that only read; a refusal is returned.
std::optional<diag::Diagnostic> apply_operation(Document& doc, const Request& req, const Arguments& a, Result& res,
                                                bool& tidy, bool& answered) {
  switch (req.op) {
    case Operation::AttributeGet: {
      auto found = doc.find_attributes(a.addr);
      res.matches = found.size();
      if (!found.empty()) res.output = doc.expression_text(found.front(), req.with_comments) + "\n";
      answered = true;
      return std::nullopt;
    }
    case Operation::AttributeList:
      res.output = attribute_list(doc, req.values);
      answered = true;
      return std::nullopt;
    case Operation::AttributeSet:
    case Operation::AttributeRm:
    case Operation::AttributeMv:
    case Operation::AttributeReplace: {
      if (req.op == Operation::AttributeMv &&
          (a.target.size() != a.addr.size() || !std::equal(a.addr.begin(), a.addr.end() - 1, a.target.begin())))
        return (error("Cannot move an attribute to another block",
                      "\"" + req.target + "\" is not in the block of \"" + req.address +
                          "\"; attribute mv renames an attribute in its block."));
      auto found = doc.find_attributes(a.addr);
      res.matches = found.size();
      if (found.size() > 1) return ambiguous(doc, req, found, "attributes");
      if (found.empty()) break;
      const Item& it = found.front();
      if (req.op == Operation::AttributeSet) doc.replace_expression(it, a.value);
      if (req.op == Operation::AttributeRm) doc.remove(it);
      if (req.op == Operation::AttributeMv || req.op == Operation::AttributeReplace) {
        std::string new_name = req.op == Operation::AttributeMv ? a.target.back() : req.target;
        std::vector<std::string> to = a.addr;
        to.back() = new_name;
        if (new_name != a.addr.back() && !doc.find_attributes(to).empty()) {
          std::string shown = req.op == Operation::AttributeMv ? req.target : to.back();
          return exists(shown);
        }
        doc.rename_attribute(it, new_name);
        if (req.op == Operation::AttributeReplace) doc.replace_expression(it, a.value);
      }
      break;
    }
    case Operation::AttributeAppend: {
      if (a.addr.size() == 1) {
        // hcledit sets an attribute that exists at the top level instead of refusing.
        auto found = doc.find_attributes(a.addr);
        res.matches = 1;
        if (!found.empty()) doc.replace_expression(found.front(), a.value);
        else doc.append_attribute(doc.root(), a.addr[0], a.value, req.newline);
        break;
      }
      std::span<const std::string> parent(a.addr.data(), a.addr.size() - 1);
      auto blocks = doc.find_nested_blocks(parent);
      res.matches = blocks.size();
      if (blocks.size() > 1) return ambiguous(doc, req, blocks, "blocks");
      if (blocks.empty()) break;
      for (const Item& it : doc.items(doc.body_of(blocks.front())))
        if (!it.is_block && doc.name(it) == a.addr.back()) return exists(req.address);
      doc.append_attribute(doc.body_of(blocks.front()), a.addr.back(), a.value, req.newline);
      break;
    }
    case Operation::BlockList:
      for (const Item& it : doc.items(doc.root()))
        if (it.is_block) res.output += block_address(doc.name(it), doc.labels(it)) + "\n";
      answered = true;
      return std::nullopt;
    case Operation::BlockGet:
    case Operation::BodyGet: {
      auto found = doc.find_blocks(a.addr);
      if (found.empty()) found = doc.find_nested_blocks(a.addr);
      res.matches = found.size();
      answered = true;
      if (found.empty()) return std::nullopt;
      res.output = req.op == Operation::BlockGet ? doc.items_text(found) : doc.body_text(found.front());
      return std::nullopt;
    }
    case Operation::BlockRm:
    case Operation::BlockMv:
    case Operation::BlockAppend: {
      auto found = doc.find_blocks(a.addr);
      res.matches = found.size();
      for (const Item& it : found) {
        if (req.op == Operation::BlockRm) doc.remove(it);
        if (req.op == Operation::BlockMv)
          doc.rename_block(it, a.target[0], std::span<const std::string>(a.target).subspan(1));
        if (req.op == Operation::BlockAppend)
          doc.append_block(doc.body_of(it), a.target[0], std::span<const std::string>(a.target).subspan(1),
                           req.newline);
      }
      tidy = req.op == Operation::BlockRm;
      break;
    }
    case Operation::BlockNew:
      res.matches = 1;
      doc.append_block(doc.root(), a.addr[0], std::span<const std::string>(a.addr).subspan(1), req.newline);
      break;
  }
  return std::nullopt;
}

// The edited document rendered; a result that would no longer parse is refused (hcledit can
// print one: a value ending in a comment, a heredoc followed by a line comment), the input
// staying as it was.
std::optional<diag::Diagnostic> render_checked(const Document& doc, const source::SourceFile& source,
                                               const Request& req, bool tidy, Result& res, bool& invalid_result) {
  res.is_file = modifies(req.op);
  res.output = doc.render(req.layout, tidy && req.layout == Layout::Hclwrite);
  res.changed = res.output != source.text();
  if (!res.changed) return std::nullopt;
  auto out = std::make_shared<source::SourceFile>(source.file_name(), res.output);
  syntax::ParseResult check = syntax::parse_config(out, syntax::ParseOptions{.build_tree = false});
  if (!diag::has_errors(check.diagnostics)) return std::nullopt;
  diag::Diagnostic d = error("The edit would leave the file invalid",
                             "The edited text does not parse: " + check.diagnostics.front().summary + ". " +
                                 check.diagnostics.front().detail + " Nothing was changed.");
  d.subject = check.diagnostics.front().subject;
  invalid_result = true;
  return d;
}

Result run_once(const std::shared_ptr<const source::SourceFile>& source, const Request& req,
                bool own_line_lead_comments, bool& invalid_result) {
  Result res;
  auto fail = [&](diag::Diagnostic d) {
    res.ok = false;
    res.output.clear();
    res.diagnostics.push_back(std::move(d));
    return res;
  };
  std::unique_ptr<Document> doc = Document::open(source, res.diagnostics, own_line_lead_comments);
  if (!doc) return res;
  Arguments a;
  if (auto d = parse_arguments(req, a)) return fail(std::move(*d));
  bool tidy = false;
  if (auto v = run_in_value(*doc, req, a.value)) {
    // An edit inside a value is made: what is left is rendering it.
    res.matches = v->matches;
    if (v->failure) return fail(std::move(*v->failure));
    res.ok = true;
    if (req.op == Operation::AttributeGet) {
      res.output = std::move(v->output);
      return res;
    }
  } else {
    if (auto d = check_new_name(req, a)) return fail(std::move(*d));
    res.ok = true;
    bool answered = false;
    if (auto d = apply_operation(*doc, req, a, res, tidy, answered)) return fail(std::move(*d));
    if (answered) return res;
  }
  if (auto d = render_checked(*doc, *source, req, tidy, res, invalid_result)) return fail(std::move(*d));
  return res;
}

}  // namespace

Result run(std::shared_ptr<const source::SourceFile> source, const Request& req) {
  bool invalid = false;
  bool minimal = req.layout == Layout::Minimal;
  Result res = run_once(source, req, minimal, invalid);
  // hclwrite takes a comment after a block's opening brace as the lead comment of the body's
  // first item; removing that item then pulls the next line up onto the brace's line, which does
  // not parse. Taking the comment as the brace's own does better.
  if (invalid && !minimal) {
    invalid = false;
    res = run_once(source, req, true, invalid);
  }
  return res;
}

}  // namespace hcl::edit
