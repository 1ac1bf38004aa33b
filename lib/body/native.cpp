// SPDX-License-Identifier: Apache-2.0
#include "body/native.h"

#include <fmt/format.h>

#include <set>

#include "ast/ast.h"
#include "ast/nodes.h"
#include "eval/eval.h"
#include "util/text.h"

namespace hcl::body {

namespace {

using Tree = std::shared_ptr<const syntax::SyntaxTree>;

source::Range token_range(const syntax::SyntaxTree& t, uint32_t i) { return t.token_range(i); }
source::Range span_range(const syntax::SyntaxTree& t, diag::Span s) { return t.source().range(s.start, s.end); }

// ---- Traversals ---------------------------------------------------------------------------------

bool is_step(const syntax::SyntaxTree& t, syntax::NodeId n) {
  switch (t.node(n).kind) {
    case syntax::NodeKind::GetAttr:
    case syntax::NodeKind::LegacyIndex: return true;
    case syntax::NodeKind::Index: return ast::is_literal_key(t, ast::index_key(n));
    default: return false;
  }
}

// The dot before an attribute or legacy index step.
uint32_t dot_before(const syntax::SyntaxTree& t, uint32_t tok) {
  while (tok > 0 && t.token(tok).kind != lex::TokenKind::Dot) --tok;
  return tok;
}

uint32_t last_non_trivia(const syntax::SyntaxTree& t, syntax::NodeId n) {
  const syntax::Node& nd = t.node(n);
  uint32_t i = nd.last_token;
  while (i > nd.first_token && eval::is_trivia(t.token(i).kind)) --i;
  return i;
}

// Builds the traversal of a chain of steps over a variable (or, for AsTraversal, over a literal
// true/false/null). Returns false when the chain has another base.
bool build_traversal(const Tree& tree, syntax::NodeId n, bool literal_roots, Traversal& out) {
  const syntax::SyntaxTree& t = *tree;
  std::vector<syntax::NodeId> chain;
  syntax::NodeId cur = n;
  while (is_step(t, cur)) {
    chain.push_back(cur);
    cur = ast::step_source(t, cur);
  }
  const syntax::Node& base = t.node(cur);
  TraversalStep root;
  root.kind = TraversalStep::Kind::Root;
  if (base.kind == syntax::NodeKind::Variable) {
    root.name = std::string(t.token_text(base.main_token));
    root.range = token_range(t, base.main_token);
  } else if (literal_roots && base.kind == syntax::NodeKind::Literal &&
             ast::literal_kind(t, cur) != ast::LiteralKind::Number) {
    root.name = std::string(t.token_text(base.main_token));
    root.range = token_range(t, base.main_token);
  } else {
    return false;
  }
  out.steps.push_back(std::move(root));
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    syntax::NodeId s = *it;
    const syntax::Node& sn = t.node(s);
    TraversalStep step;
    switch (sn.kind) {
      case syntax::NodeKind::GetAttr:
        step.kind = TraversalStep::Kind::Attr;
        step.name = std::string(t.token_text(sn.main_token));
        step.range = span_range(t, diag::Span{t.token(dot_before(t, sn.main_token)).start, t.token(sn.main_token).end});
        break;
      case syntax::NodeKind::LegacyIndex: {
        step.kind = TraversalStep::Kind::Index;
        auto num = cty::Number::parse(t.token_text(sn.main_token));
        step.key = num ? Value::number(*num) : Value::dynamic();
        step.range = span_range(t, diag::Span{t.token(dot_before(t, sn.main_token)).start, t.token(sn.main_token).end});
        break;
      }
      default: {  // Index with a constant key
        step.kind = TraversalStep::Kind::Index;
        eval::Scope none = eval::Scope::no_variables();
        step.key = eval::evaluate(t, ast::index_key(s), none).value;
        step.range = span_range(t, diag::Span{t.token(sn.main_token).start, t.token(last_non_trivia(t, s)).end});
        break;
      }
    }
    out.steps.push_back(std::move(step));
  }
  out.tree = tree;
  out.node = n;
  return true;
}

bool is_scope_traversal(const syntax::SyntaxTree& t, syntax::NodeId n) {
  while (is_step(t, n)) n = ast::step_source(t, n);
  return t.node(n).kind == syntax::NodeKind::Variable;
}

class VariablesWalker {
 public:
  VariablesWalker(const Tree& tree, std::vector<Traversal>& out) : tree_(tree), t_(*tree), out_(out) {}

  void walk(syntax::NodeId n) {
    const syntax::Node& nd = t_.node(n);
    if (is_step(t_, n) || nd.kind == syntax::NodeKind::Variable) {
      if (is_scope_traversal(t_, n)) {
        Traversal tr;
        build_traversal(tree_, n, false, tr);
        if (!is_local(tr.root_name())) out_.push_back(std::move(tr));
        return;
      }
    }
    switch (nd.kind) {
      case syntax::NodeKind::ForExpr: {
        auto f = ast::for_expr(t_, n);
        walk(f.collection);
        locals_.push_back({std::string(f.key_var), std::string(f.value_var)});
        if (f.key != syntax::kNoNode) walk(f.key);
        walk(f.value);
        if (f.condition != syntax::kNoNode) walk(f.condition);
        locals_.pop_back();
        return;
      }
      case syntax::NodeKind::Template: {
        // Template directives are flat in the tree: a for directive's body runs up to its endfor.
        size_t pushed = 0;
        for (syntax::NodeId c : t_.children(n)) {
          syntax::NodeKind k = t_.node(c).kind;
          if (k == syntax::NodeKind::TemplateFor) {
            auto tf = ast::template_for(t_, c);
            walk(tf.collection);
            locals_.push_back({std::string(tf.key_var), std::string(tf.value_var)});
            ++pushed;
          } else if (k == syntax::NodeKind::TemplateEndFor) {
            if (pushed > 0) {
              locals_.pop_back();
              --pushed;
            }
          } else {
            walk(c);
          }
        }
        while (pushed-- > 0) locals_.pop_back();
        return;
      }
      case syntax::NodeKind::Name:
      case syntax::NodeKind::SplatItem:
      case syntax::NodeKind::Literal:
      case syntax::NodeKind::TemplateLiteral: return;
      default:
        for (syntax::NodeId c : t_.children(n)) walk(c);
    }
  }

 private:
  bool is_local(const std::string& name) const {
    for (const auto& l : locals_)
      if ((!l.first.empty() && l.first == name) || l.second == name) return true;
    return false;
  }

  const Tree& tree_;
  const syntax::SyntaxTree& t_;
  std::vector<Traversal>& out_;
  std::vector<std::pair<std::string, std::string>> locals_;
};

// ---- Expressions --------------------------------------------------------------------------------

class NativeExpression final : public Expression {
 public:
  NativeExpression(Tree tree, syntax::NodeId node) : tree_(std::move(tree)), node_(node) {}

  Value value(Context ctx, diag::Diagnostics& diags) const override {
    eval::EvalResult r =
        ctx ? eval::evaluate(*tree_, node_, *ctx) : eval::evaluate(*tree_, node_, eval::Scope::no_variables());
    diag::append(diags, std::move(r.diagnostics));
    return r.value;
  }
  std::vector<Traversal> variables() const override { return native_variables(tree_, node_); }
  source::Range range() const override { return span_range(*tree_, eval::expression_span(*tree_, node_)); }
  source::Range start_range() const override { return span_range(*tree_, eval::expression_start_span(*tree_, node_)); }
  std::optional<std::vector<ExprPtr>> list() const override {
    if (tree_->node(node_).kind != syntax::NodeKind::Tuple) return std::nullopt;
    std::vector<ExprPtr> out;
    for (syntax::NodeId c : tree_->children(node_)) out.push_back(std::make_shared<NativeExpression>(tree_, c));
    return out;
  }
  std::optional<Traversal> traversal() const override { return native_traversal(tree_, node_); }

 private:
  Tree tree_;
  syntax::NodeId node_;
};

// ---- Bodies -------------------------------------------------------------------------------------

struct Hidden {
  std::set<std::string, std::less<>> attrs;
  std::set<std::string, std::less<>> blocks;
};

class NativeBody final : public Body {
 public:
  NativeBody(Tree tree, syntax::NodeId body, Hidden hidden = {})
      : tree_(std::move(tree)), body_(body), hidden_(std::move(hidden)) {}

  BodyContent content(const Schema& schema, diag::Diagnostics& diags) const override {
    Hidden remain;
    BodyContent content = partial(schema, remain, diags);
    Items items = collect();
    std::vector<std::string> suggestions;
    for (const auto& s : schema.attributes)
      if (!content.attributes.find(s.name)) suggestions.push_back(s.name);
    for (const Attribute& attr : items.attributes.items) {
      if (remain.attrs.count(attr.name)) continue;
      std::string suggestion = name_suggestion(attr.name, suggestions);
      if (!suggestion.empty()) {
        suggestion = fmt::format(" Did you mean {}?", util::go_quote(suggestion));
      } else {
        for (const auto& s : schema.blocks) {
          if (s.type == attr.name) {
            suggestion = fmt::format(" Did you mean to define a block of type {}?", util::go_quote(attr.name));
            break;
          }
        }
      }
      diags.push_back(diag::Diagnostic{
          diag::Severity::Error, "Unsupported argument",
          fmt::format("An argument named {} is not expected here.{}", util::go_quote(attr.name), suggestion),
          attr.name_range, std::nullopt});
    }
    for (const Block& block : items.blocks) {
      if (remain.blocks.count(block.type)) continue;
      std::vector<std::string> suggestions;
      for (const auto& s : schema.blocks) suggestions.push_back(s.type);
      std::string suggestion = name_suggestion(block.type, suggestions);
      if (!suggestion.empty()) {
        suggestion = fmt::format(" Did you mean {}?", util::go_quote(suggestion));
      } else {
        for (const auto& s : schema.attributes) {
          if (s.name == block.type) {
            suggestion =
                fmt::format(" Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
                            util::go_quote(block.type));
            break;
          }
        }
      }
      diags.push_back(diag::Diagnostic{
          diag::Severity::Error, "Unsupported block type",
          fmt::format("Blocks of type {} are not expected here.{}", util::go_quote(block.type), suggestion),
          block.type_range, std::nullopt});
    }
    return content;
  }

  BodyContent partial_content(const Schema& schema, BodyPtr* remain, diag::Diagnostics& diags) const override {
    Hidden hidden;
    BodyContent content = partial(schema, hidden, diags);
    if (remain) *remain = std::make_shared<NativeBody>(tree_, body_, std::move(hidden));
    return content;
  }

  Attributes just_attributes(diag::Diagnostics& diags) const override {
    Items items = collect();
    if (!items.blocks.empty()) {
      const Block& example = items.blocks.front();
      diags.push_back(diag::Diagnostic{diag::Severity::Error,
                                       fmt::format("Unexpected {} block", util::go_quote(example.type)),
                                       "Blocks are not allowed here.", example.type_range, std::nullopt});
    }
    Attributes out;
    for (auto& a : items.attributes.items)
      if (!hidden_.attrs.count(a.name)) out.items.push_back(std::move(a));
    return out;
  }

  std::optional<BodyContent> structure() const override {
    Items items = collect();
    // Filtered in place and handed over whole, rather than copied item by item into second lists
    // while the first are still held (a file's top level may hold hundreds of thousands of blocks).
    std::erase_if(items.attributes.items, [&](const Attribute& a) { return hidden_.attrs.count(a.name) != 0; });
    std::erase_if(items.blocks, [&](const Block& b) { return hidden_.blocks.count(b.type) != 0; });
    BodyContent c;
    c.attributes = std::move(items.attributes);
    c.blocks = std::move(items.blocks);
    c.missing_item_range = missing_item_range();
    return c;
  }

  source::Range missing_item_range() const override {
    source::Pos start = start_pos();
    return source::Range{tree_->source().file_name(), start, start};
  }

 private:
  struct Items {
    Attributes attributes;
    std::vector<Block> blocks;
  };

  // The body's items; without a body node, the items the tree holds one after the other.
  std::vector<syntax::NodeId> item_nodes() const {
    if (body_ != syntax::kNoNode) return ast::body_items(*tree_, body_);
    std::vector<syntax::NodeId> roots;
    ast::subtree_roots(*tree_, roots);
    return roots;
  }

  // hclsyntax.Body's SrcRange starts at the token before the body (a block's opening brace), or
  // for a file at its first token that is not a comment.
  source::Pos start_pos() const {
    const syntax::SyntaxTree& t = *tree_;
    if (body_ == syntax::kNoNode) return t.source().position(t.token(t.node(0).first_token).start);
    const syntax::Node& b = t.node(body_);
    uint32_t i = b.first_token;
    if (body_ == t.root()) {
      // Comments are skipped, except that a line comment's newline counts as a newline token.
      while (i + 1 < t.tokens().size() && t.token(i).kind == lex::TokenKind::Comment &&
             !t.token_text(i).ends_with('\n'))
        ++i;
    }
    return t.source().position(t.token(i).start);
  }

  Items collect() const {
    Items out;
    const syntax::SyntaxTree& t = *tree_;
    std::vector<syntax::NodeId> body_items = item_nodes();
    // Sized once: growing by doubling held up to three times the blocks' storage while a file's
    // hundreds of thousands of blocks were moved to the larger array.
    size_t blocks = 0;
    for (syntax::NodeId item : body_items) blocks += t.node(item).kind == syntax::NodeKind::Block;
    out.blocks.reserve(blocks);
    out.attributes.items.reserve(body_items.size() - blocks);
    for (syntax::NodeId item : body_items) {
      const syntax::Node& n = t.node(item);
      if (n.kind == syntax::NodeKind::Attribute) {
        ast::Attribute a = ast::attribute(t, item);
        if (out.attributes.find(a.name)) continue;  // the parser reported the redefinition; the first counts
        Attribute attr;
        attr.name = std::string(a.name);
        attr.expr = std::make_shared<NativeExpression>(tree_, a.expr);
        attr.name_range = span_range(t, a.name_span);
        attr.range = span_range(t, diag::Span{a.name_span.start, eval::expression_span(t, a.expr).end});
        out.attributes.add_unique(std::move(attr));
      } else if (n.kind == syntax::NodeKind::Block) {
        ast::Block b = ast::block(t, item);
        if (b.body == syntax::kNoNode) continue;
        Block block;
        block.type = std::string(b.type);
        block.labels = b.labels;
        block.type_range = span_range(t, b.type_span);
        for (diag::Span s : b.label_spans) block.label_ranges.push_back(span_range(t, s));
        block.def_range =
            block.label_ranges.empty() ? block.type_range : range_between(block.type_range, block.label_ranges.back());
        block.body = std::make_shared<NativeBody>(tree_, b.body);
        block.open_brace_range = token_range(t, t.node(b.body).first_token);
        out.blocks.push_back(std::move(block));
      }
    }
    return out;
  }

  BodyContent partial(const Schema& schema, Hidden& hidden, diag::Diagnostics& diags) const {
    hidden = hidden_;
    BodyContent content;
    content.missing_item_range = missing_item_range();
    Items items = collect();
    for (const auto& s : schema.attributes) {
      const Attribute* attr = items.attributes.find(s.name);
      if (!attr || hidden.attrs.count(s.name)) {
        if (s.required) {
          diags.push_back(diag::Diagnostic{
              diag::Severity::Error, "Missing required argument",
              fmt::format("The argument {} is required, but no definition was found.", util::go_quote(s.name)),
              content.missing_item_range, std::nullopt});
        }
        continue;
      }
      hidden.attrs.insert(s.name);
      content.attributes.add_unique(*attr);
    }
    // The last schema entry for a block type wins, as in the reference's map.
    auto wanted = [&](const std::string& type) -> const BlockHeaderSchema* {
      const BlockHeaderSchema* found = nullptr;
      for (const auto& s : schema.blocks)
        if (s.type == type) found = &s;
      return found;
    };
    const syntax::SyntaxTree& t = *tree_;
    std::vector<syntax::NodeId> block_nodes;
    for (syntax::NodeId item : item_nodes())
      if (t.node(item).kind == syntax::NodeKind::Block && ast::block(t, item).body != syntax::kNoNode)
        block_nodes.push_back(item);
    size_t bi = 0;
    for (Block& block : items.blocks) {
      syntax::NodeId node = block_nodes[bi++];
      if (hidden.blocks.count(block.type)) continue;
      const BlockHeaderSchema* s = wanted(block.type);
      if (!s) continue;
      source::Range open = token_range(t, t.node(ast::block(t, node).body).first_token);
      source::Range context = range_between(block.type_range, open);
      if (block.labels.size() > s->label_names.size()) {
        if (s->label_names.empty()) {
          diags.push_back(diag::Diagnostic{diag::Severity::Error, fmt::format("Extraneous label for {}", block.type),
                                           fmt::format("No labels are expected for {} blocks.", block.type),
                                           block.label_ranges[0], context});
        } else {
          diags.push_back(diag::Diagnostic{diag::Severity::Error, fmt::format("Extraneous label for {}", block.type),
                                           fmt::format("Only {} labels ({}) are expected for {} blocks.",
                                                       s->label_names.size(), join(s->label_names), block.type),
                                           block.label_ranges[s->label_names.size()], context});
        }
        continue;
      }
      if (block.labels.size() < s->label_names.size()) {
        diags.push_back(diag::Diagnostic{
            diag::Severity::Error, fmt::format("Missing {} for {}", s->label_names[block.labels.size()], block.type),
            fmt::format("All {} blocks must have {} labels ({}).", block.type, s->label_names.size(),
                        join(s->label_names)),
            open, context});
        continue;
      }
      content.blocks.push_back(std::move(block));
    }
    for (const auto& s : schema.blocks) hidden.blocks.insert(s.type);
    return content;
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) out += ", ";
      out += v[i];
    }
    return out;
  }

  Tree tree_;
  syntax::NodeId body_;
  Hidden hidden_;
};

}  // namespace

std::vector<Traversal> native_variables(const std::shared_ptr<const syntax::SyntaxTree>& tree, syntax::NodeId node) {
  std::vector<Traversal> out;
  VariablesWalker(tree, out).walk(node);
  return out;
}

std::optional<Traversal> native_traversal(const std::shared_ptr<const syntax::SyntaxTree>& tree, syntax::NodeId node) {
  Traversal t;
  if (!build_traversal(tree, node, true, t)) return std::nullopt;
  return t;
}

BodyPtr native_body(std::shared_ptr<const syntax::SyntaxTree> tree) {
  syntax::NodeId root = tree->root();
  return std::make_shared<NativeBody>(std::move(tree), root);
}

BodyPtr native_body(std::shared_ptr<const syntax::SyntaxTree> tree, syntax::NodeId body) {
  return std::make_shared<NativeBody>(std::move(tree), body);
}

BodyPtr native_items(const syntax::SyntaxTree& tree) {
  // No owner: the tree is the lender's (an aliasing pointer to it alone).
  return std::make_shared<NativeBody>(Tree(Tree(), &tree), syntax::kNoNode);
}

ExprPtr native_expr(std::shared_ptr<const syntax::SyntaxTree> tree, syntax::NodeId node) {
  return std::make_shared<NativeExpression>(std::move(tree), node);
}

}  // namespace hcl::body
