// SPDX-License-Identifier: Apache-2.0
// The conversion of native-syntax bodies and expressions to hcl2json's JSON (hcl2json.h), shared
// by the whole-tree conversion and the item-by-item FileDocument (private to json/).
#pragma once

#include <utf8proc.h>

#include <algorithm>
#include <cassert>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "ast/nodes.h"
#include "body/block_shape.h"
#include "json/block_trie.h"
#include "json/child_list.h"
#include "json/hcl2json.h"
#include "json/template_text.h"
#include "lex/scan.h"
#include "source/utf8.h"
#include "syntax/parser.h"
#include "syntax/string_literal.h"
#include "util/text.h"

namespace hcl::json::detail {

// A member of a body's object: an attribute, a block whose type no other block of the body has,
// or a block type's trie.
struct BodyMember {
  std::string_view name;
  const syntax::SyntaxTree* tree = nullptr;
  syntax::NodeId attribute = syntax::kNoNode;
  syntax::NodeId block = syntax::kNoNode;
  uint32_t blocks = 0;
};

// An object constructor's item: its key (a view of the source, or of an owned string) and value.
struct ObjectEntry {
  std::string_view key;
  syntax::NodeId value = syntax::kNoNode;
  int32_t owned = -1;  // index into ObjectFrame::owned, or -1
  bool name = false;   // the key is a name, which needs no escaping
};

// A block of a body being converted.
struct BlockRef {
  const syntax::SyntaxTree* tree = nullptr;
  syntax::NodeId block = syntax::kNoNode;
};

// What converting one body, object or template needs, kept per nesting level and reused: after
// the first few items nothing is allocated for the usual body, object or string.
struct BodyFrame {
  std::vector<BodyMember> members;
  std::vector<BlockRef> block_nodes;  // in source order
  body::BlockShape trie;
  std::vector<BodyRef> blocks;  // the bodies of blocks, numbered as the trie's items
};
struct ObjectFrame {
  std::vector<ObjectEntry> entries;
  std::vector<std::string> owned;
};
struct TemplateFrame {
  ast::TemplateLiterals literals;
  TemplateText text;
};
struct Scratch {
  std::vector<std::unique_ptr<BodyFrame>> bodies;
  std::vector<std::unique_ptr<ObjectFrame>> objects;
  std::vector<std::unique_ptr<TemplateFrame>> templates;
  size_t body_depth = 0, object_depth = 0, template_depth = 0;
};

// Takes the frame of the next level for as long as it lives.
template <class Frame>
class FrameUse {
 public:
  FrameUse(std::vector<std::unique_ptr<Frame>>& frames, size_t& depth) : depth_(depth) {
    if (depth == frames.size()) frames.push_back(std::make_unique<Frame>());
    frame_ = frames[depth++].get();
  }
  ~FrameUse() { --depth_; }
  FrameUse(const FrameUse&) = delete;
  FrameUse& operator=(const FrameUse&) = delete;
  Frame& operator*() const { return *frame_; }
  Frame* operator->() const { return frame_; }

 private:
  size_t& depth_;
  Frame* frame_;
};

class Converter {
 public:
  Converter(Writer& w, const Options& options, diag::Diagnostics& diags, Scratch& scratch)
      : w_(w), options_(options), diags_(diags), scratch_(scratch) {}

  bool body(std::span<const BodyRef> bodies) {
    FrameUse<BodyFrame> frame(scratch_.bodies, scratch_.body_depth);
    std::vector<BodyMember>& members = frame->members;
    std::vector<BlockRef>& block_nodes = frame->block_nodes;
    body::BlockShape& trie = frame->trie;
    std::vector<BodyRef>& blocks = frame->blocks;
    members.clear();
    block_nodes.clear();
    trie.clear();
    blocks.clear();
    size_t attribute_count = 0;

    for (const BodyRef& ref : bodies) {
      const syntax::SyntaxTree& tree = *ref.tree;
      ChildList items(tree, ref.body);
      for (syntax::NodeId item : items) {
        const syntax::Node& n = tree.node(item);
        if (n.kind == syntax::NodeKind::Attribute) {
          // Filled in place (a temporary BodyMember, built in halves and copied whole, stalled
          // the copy until the halves were stored).
          BodyMember& m = members.emplace_back();
          m.name = main_text(tree, item);
          m.tree = &tree;
          m.attribute = item;
          ++attribute_count;
        } else if (n.kind == syntax::NodeKind::Block) {
          block_nodes.push_back(BlockRef{&tree, item});
        }
      }
    }
    // A body's few blocks mostly have a type each (a resource's nested blocks): each is then its
    // own member, written without a label trie. Others go into the trie in source order, which
    // also finds the first conflict of labels.
    if (types_differ(block_nodes)) {
      for (const BlockRef& b : block_nodes) {
        BodyMember& m = members.emplace_back();
        m.name = main_text(*b.tree, b.block);
        m.tree = b.tree;
        m.block = b.block;
      }
    } else {
      for (const BlockRef& b : block_nodes) {
        std::optional<BodyRef> ref = add_block(trie, *b.tree, b.block, static_cast<uint32_t>(blocks.size()));
        if (!ref) return false;
        blocks.push_back(*ref);
      }
      for (const auto& [type, node] : trie.types.entries) {
        BodyMember& m = members.emplace_back();
        m.name = type;
        m.blocks = node;
      }
    }
    if (bodies.size() > 1 && attribute_count > 1) {
      // Merged bodies: an attribute may be set once (one file's parse already ensures that).
      std::vector<const BodyMember*> attrs;
      for (const BodyMember& m : members)
        if (m.attribute != syntax::kNoNode) attrs.push_back(&m);
      std::stable_sort(attrs.begin(), attrs.end(), [](auto* a, auto* b) { return a->name < b->name; });
      for (size_t i = 1; i < attrs.size(); ++i) {
        if (attrs[i]->name == attrs[i - 1]->name) {
          attribute_conflict(*attrs[i - 1]->tree, attrs[i - 1]->attribute, *attrs[i]->tree, attrs[i]->attribute);
          return false;
        }
      }
    }
    std::vector<BodyMember>& sorted = members;
    sort_by_name(sorted, [](const BodyMember& m) { return m.name; });

    w_.begin_object();
    for (size_t i = 0; i < sorted.size(); ++i) {
      const BodyMember* pick = &sorted[i];
      // Names are unique among the attributes and among the block types; of an attribute and a
      // block type of one name, the attribute (hcl2json writes the blocks, then the attributes
      // over them).
      if (i + 1 < sorted.size() && sorted[i + 1].name == pick->name) {
        if (pick->attribute == syntax::kNoNode) pick = &sorted[i + 1];
        ++i;
      }
      const BodyMember& m = *pick;
      w_.plain_key(m.name);  // an attribute's or a block type's name, an identifier
      if (m.attribute != syntax::kNoNode) {
        if (!expression(*m.tree, ast::attribute_expr(m.attribute))) return false;
      } else if (m.block != syntax::kNoNode) {
        if (!lone_block(*m.tree, m.block, trie.decoded)) return false;
      } else if (!write_trie(w_, trie, m.blocks,
                             [&](uint32_t b) { return body(std::span<const BodyRef>(&blocks[b], 1)); })) {
        return false;
      }
    }
    w_.end_object();
    return true;
  }

  // Whether the blocks (of a body) are few and their types all differ.
  static bool types_differ(std::span<const BlockRef> blocks) {
    constexpr size_t kFew = 8;  // beyond, the trie's index of names finds repeats sooner
    if (blocks.size() > kFew) return false;
    auto type = [](const BlockRef& b) { return main_text(*b.tree, b.block); };
    for (size_t i = 1; i < blocks.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (type(blocks[j]) == type(blocks[i])) return false;
    return true;
  }

  // A block whose type no other block of its body has, as write_trie writes a trie of that one
  // block: an object per label, and innermost its body alone in an array. `decoded` keeps labels
  // with escapes.
  bool lone_block(const syntax::SyntaxTree& t, syntax::NodeId block, std::deque<std::string>& decoded) {
    ChildList kids(t, block);  // its labels, then its body
    size_t labels = kids.size() - 1;
    for (size_t i = 0; i < labels; ++i) {
      w_.begin_object();
      w_.key(label_text(t, kids[i], decoded));
    }
    w_.begin_array();
    BodyRef body_ref{&t, kids[labels]};
    if (!body(std::span<const BodyRef>(&body_ref, 1))) return false;
    w_.end_array();
    for (size_t i = 0; i < labels; ++i) w_.end_object();
    return true;
  }

  // Places a block in its body's label trie as item number `item`, and returns its body; nothing
  // when its labels conflict with an earlier block's (reported). The labels the trie keeps view
  // the tree's source (or the trie's own copies, for labels with escapes). `views`: the values of
  // the first labels, when prefetch_block has found them.
  std::optional<BodyRef> add_block(body::BlockShape& trie, const syntax::SyntaxTree& t, syntax::NodeId block,
                                   uint32_t item, std::span<const std::string_view> views = {}) {
    // A block's children are its labels and then its body (ast::block, which the messages use,
    // costs a few allocations a block: this runs for every one).
    ChildList kids(t, block);
    size_t labels = kids.size() - 1;
    const syntax::Node& bn = t.node(block);
    uint32_t conflict = trie.place(
        main_text(t, block), labels,
        [&](size_t i) { return i < views.size() ? views[i] : label_text(t, kids[i], trie.decoded); }, item, &t.source(),
        t.token(bn.main_token).start);
    if (conflict != body::ShapeNode::kNone) return label_conflict(trie.nodes[conflict], t, block);
    return BodyRef{&t, kids[labels]};
  }

  // Starts loading what add_block will look up for the block's last label, when the labels
  // before it are placed already (a file's blocks mostly share their type and first labels, and
  // differ in the last one, among thousands). The labels' values it finds are left in `views`
  // for add_block.
  static void prefetch_block(const body::BlockShape& trie, const syntax::SyntaxTree& t, syntax::NodeId block,
                             std::vector<std::string_view>& views) {
    views.clear();
    ChildList kids(t, block);
    size_t labels = kids.size() - 1;
    const uint32_t* cur = trie.types.find(main_text(t, block));
    for (size_t i = 0; i < labels && cur && !trie.nodes[*cur].leaf; ++i) {
      std::optional<std::string_view> label = label_view(t, kids[i]);
      if (!label) return;
      views.push_back(*label);
      const body::NameIndex& children = trie.children(*cur);
      if (i + 1 == labels) return children.prefetch(*label);
      cur = children.find(*label);
    }
  }

  // A block label's value when it is a view of the source: an identifier's name, or a quoted
  // label of one piece of text without escapes (the usual). Nothing for others.
  static std::optional<std::string_view> label_view(const syntax::SyntaxTree& t, syntax::NodeId label) {
    const syntax::Node& n = t.node(label);
    if (t.token(n.first_token).kind == lex::TokenKind::Ident) return t.token_text(n.first_token);
    std::string_view single;
    size_t pieces = 0;
    bool escapes = false;
    for (uint32_t k = n.first_token + 1; k <= n.last_token; ++k) {
      if (t.token(k).kind != lex::TokenKind::QuotedLit) continue;
      single = t.token_text(k);
      ++pieces;
      escapes = escapes || syntax::literal_needs_decoding(single, true);
    }
    if (pieces == 0) return std::string_view();
    if (pieces == 1 && !escapes) return single;
    return std::nullopt;
  }

  // A block label's value, as ast::block decodes it: an identifier's name, or a quoted label's
  // text with its escapes processed (then kept in `decoded`).
  static std::string_view label_text(const syntax::SyntaxTree& t, syntax::NodeId label,
                                     std::deque<std::string>& decoded) {
    if (std::optional<std::string_view> view = label_view(t, label)) return *view;
    const syntax::Node& n = t.node(label);
    std::string value;
    for (uint32_t k = n.first_token + 1; k <= n.last_token; ++k) {
      if (t.token(k).kind != lex::TokenKind::QuotedLit) continue;
      std::string_view text = t.token_text(k);
      if (syntax::literal_needs_decoding(text, true)) value += syntax::decode_literal(text, true);
      else value += text;
    }
    return decoded.emplace_back(std::move(value));
  }

  // Inline where it is called: a call for each element of a tuple cost a fifth of the element.
  [[gnu::always_inline]] bool expression(const syntax::SyntaxTree& t, syntax::NodeId e) {
    // Most values are a number or a string whose JSON text is their source text: those are
    // copied from it here, without the general path's layers of calls (in a file of lists they
    // cost more than the rest of the conversion).
    if (!options_.evaluator) [[likely]] {
      const syntax::Node& n = t.node(e);
      std::string_view src = t.text();
      if (n.kind == syntax::NodeKind::Literal) {
        const lex::Token& tok = t.token(n.main_token);
        std::string_view text(src.data() + tok.start, tok.size());
        if (tok.kind == lex::TokenKind::NumberLit && number_prints_as_written(text, src)) {
          w_.verbatim(text, false);
          return true;
        }
      } else if (n.kind == syntax::NodeKind::Template && n.subtree_size == 2 &&
                 !(n.flags & syntax::node_flags::kFlush) &&
                 t.node(ast::last_child(e)).kind == syntax::NodeKind::TemplateLiteral) {
        // One literal of plain bytes: its text is its value and, quoted, its JSON text (what
        // plain_literal finds, without listing the parts).
        const lex::Token& tok = t.token(t.node(ast::last_child(e)).main_token);
        std::string_view text(src.data() + tok.start, tok.size());
        if (is_plain_text(text, src)) {
          w_.verbatim(text, true);
          return true;
        }
      }
    }
    return any_expression(t, e);
  }

 private:
  bool any_expression(const syntax::SyntaxTree& t, syntax::NodeId e) {
    if (options_.evaluator) {
      EvalResult r = options_.evaluator(t, e);
      if (r.status == EvalStatus::Value) {
        write_value(w_, r.value);
        return true;
      }
      if (r.status == EvalStatus::Error && options_.strict) {
        append(diags_, std::move(r.diagnostics));
        if (!diag::has_errors(diags_))
          diags_.push_back(
              diag::Diagnostic{diag::Severity::Error, "Expression cannot be evaluated", "", t.range(e), {}});
        return false;
      }
    }
    const syntax::Node& n = t.node(e);
    switch (n.kind) {
      case syntax::NodeKind::Literal: return literal(t, e, false);
      case syntax::NodeKind::Unary: {
        syntax::NodeId operand = ast::unary_operand(e);
        if (t.node(operand).kind == syntax::NodeKind::Literal) {
          ast::LiteralKind lk = ast::literal_kind(t, operand);
          ast::Operator op = ast::operator_of(t, e);
          if (op == ast::Operator::Negate && lk == ast::LiteralKind::Number) return literal(t, operand, true, e);
          if (op == ast::Operator::Not && (lk == ast::LiteralKind::True || lk == ast::LiteralKind::False)) {
            w_.raw(lk == ast::LiteralKind::True ? "false" : "true");
            return true;
          }
        }
        break;  // an operand of the wrong type: hcl2json fails the file; the source is kept instead
      }
      case syntax::NodeKind::Template: {
        ChildList parts(t, e);
        if (parts.size() == 1 && t.node(parts[0]).kind == syntax::NodeKind::TemplateInterp)
          return expression(t, ast::interp_expr(parts[0]));  // "${x}" is x itself
        bool ascii = false;
        if (std::optional<std::string_view> s = plain_literal(t, e, parts, &ascii)) {
          // The commonest string: its text is its JSON-syntax form, and mostly its JSON form too.
          if (ascii) w_.plain_string(*s);
          else w_.string(*s);
          return true;
        }
        FrameUse<TemplateFrame> frame(scratch_.templates, scratch_.template_depth);
        TemplateText& text = frame->text;
        text.clear();
        template_parts(text, t, e, parts);
        text.finish();
        w_.string(text.text());
        return true;
      }
      case syntax::NodeKind::Tuple: {
        w_.begin_array();
        for (syntax::NodeId c : ChildList(t, e))
          if (!expression(t, c)) return false;
        w_.end_array();
        return true;
      }
      case syntax::NodeKind::Object: return object(t, e);
      default: break;
    }
    wrapped(t, e);
    return true;
  }

  // A literal as a JSON value; `negate` applies a unary minus. Numbers beyond JSON's reach
  // (infinite, or millions of digits long) keep their source as "${...}", which reads back exact.
  bool literal(const syntax::SyntaxTree& t, syntax::NodeId lit, bool negate, syntax::NodeId whole = syntax::kNoNode) {
    const lex::Token& token = t.token(t.node(lit).main_token);
    // A number token is a number; ast::literal_kind tells the keywords apart by their text.
    switch (token.kind == lex::TokenKind::NumberLit ? ast::LiteralKind::Number : ast::literal_kind(t, lit)) {
      case ast::LiteralKind::True: w_.raw("true"); return true;
      case ast::LiteralKind::False: w_.raw("false"); return true;
      case ast::LiteralKind::Null: w_.raw("null"); return true;
      case ast::LiteralKind::Number: break;
    }
    std::string_view text = token.text(t.text());
    if (!negate && number_prints_as_written(text, t.text())) {  // most numbers: no string is made
      w_.raw(text);
      return true;
    }
    NumberText num = number_literal_text(text, negate);
    if (num.status == NumberStatus::Ok) {
      w_.raw(num.text);
    } else {
      wrapped(t, whole == syntax::kNoNode ? lit : whole);
    }
    return true;
  }

  void wrapped(const syntax::SyntaxTree& t, syntax::NodeId e) { w_.string_wrapped("${", t.node_text(e), "}"); }

  bool object(const syntax::SyntaxTree& t, syntax::NodeId e) {
    ChildList items(t, e);
    if (!names_in_order(t, items)) return sorted_object(t, items);
    // Keys that are names, in Go's order of map keys already (or one key, the usual nested
    // object): written as they come, with nothing to sort or look at twice.
    w_.begin_object();
    for (syntax::NodeId item : items) {
      w_.plain_key(main_text(t, ast::item_key(t, item)));
      if (!expression(t, ast::item_value(item))) return false;
    }
    w_.end_object();
    return true;
  }

  // Whether every key is a name, each after the one before it in byte order.
  static bool names_in_order(const syntax::SyntaxTree& t, const ChildList& items) {
    std::string_view last;
    for (syntax::NodeId item : items) {
      syntax::NodeId key = ast::item_key(t, item);
      if (t.node(key).kind != syntax::NodeKind::Variable) return false;
      std::string_view name = main_text(t, key);
      if (!last.empty() && !name_less(last, name)) return false;  // names are never empty
      last = name;
    }
    return true;
  }

  bool sorted_object(const syntax::SyntaxTree& t, const ChildList& items) {
    FrameUse<ObjectFrame> frame(scratch_.objects, scratch_.object_depth);
    std::vector<ObjectEntry>& entries = frame->entries;
    std::vector<std::string>& owned = frame->owned;
    entries.clear();
    owned.clear();
    for (syntax::NodeId item : items) {
      syntax::NodeId value = ast::item_value(item);
      syntax::NodeId key = ast::item_key(t, item);
      // Filled in place, as BodyMember is.
      ObjectEntry& entry = entries.emplace_back();
      entry.value = value;
      if (const syntax::Node& k = t.node(key); k.kind == syntax::NodeKind::Variable) {  // the usual key
        entry.key = main_text(t, key);
        entry.name = true;
      } else if (std::optional<std::string_view> view = object_key_view(t, key)) {
        entry.key = *view;
      } else {
        entry.owned = static_cast<int32_t>(owned.size());
        owned.push_back(object_key(t, key));
      }
    }
    // The owned keys have stopped moving.
    for (ObjectEntry& entry : entries)
      if (entry.owned >= 0) entry.key = owned[static_cast<size_t>(entry.owned)];
    // Go map semantics: sorted keys, the last of equal keys wins.
    sort_by_name(entries, [](const ObjectEntry& entry) { return entry.key; });
    w_.begin_object();
    for (size_t i = 0; i < entries.size(); ++i) {
      if (i + 1 < entries.size() && entries[i + 1].key == entries[i].key) continue;
      if (entries[i].name) w_.plain_key(entries[i].key);
      else w_.key(entries[i].key);
      if (!expression(t, entries[i].value)) return false;
    }
    w_.end_object();
    return true;
  }

  // A static traversal (hclsyntax.ScopeTraversalExpr): a name followed only by attribute steps,
  // legacy indexes and indexes with literal keys.
  static bool is_traversal(const syntax::SyntaxTree& t, syntax::NodeId e) {
    for (;;) {
      const syntax::Node& n = t.node(e);
      switch (n.kind) {
        case syntax::NodeKind::Variable: return true;
        case syntax::NodeKind::GetAttr:
        case syntax::NodeKind::LegacyIndex: e = ast::step_source(t, e); continue;
        case syntax::NodeKind::Index: {
          // A literal or a quoted string of one literal part (unlike ast::is_literal_key, not "").
          syntax::NodeId key_id = ast::index_key(e);
          const syntax::Node& key = t.node(key_id);
          bool literal_key = key.kind == syntax::NodeKind::Literal;
          if (key.kind == syntax::NodeKind::Template) {
            ChildList parts(t, key_id);
            literal_key = parts.size() == 1 && t.node(parts[0]).kind == syntax::NodeKind::TemplateLiteral;
          }
          if (!literal_key) return false;
          e = ast::index_collection(t, e);
          continue;
        }
        default: return false;
      }
    }
  }

  // object_key's result when it is a view of the source: a traversal's text, a keyword, a
  // quoted key that needs no escaping or normalising; nothing otherwise.
  static std::optional<std::string_view> object_key_view(const syntax::SyntaxTree& t, syntax::NodeId key) {
    const syntax::Node& n = t.node(key);
    if (n.kind == syntax::NodeKind::Template) return plain_literal(t, key, ChildList(t, key));
    if (is_traversal(t, key)) return t.node_text(key);
    if (n.kind == syntax::NodeKind::Literal && ast::literal_kind(t, key) == ast::LiteralKind::Null)
      return std::string_view("null");
    return std::nullopt;
  }

  // hcl2json's convertKey: a traversal key is its source text, a keyword its name; anything else
  // is converted as a template part.
  std::string object_key(const syntax::SyntaxTree& t, syntax::NodeId key) {
    if (is_traversal(t, key)) return std::string(t.node_text(key));
    // The keywords name keys too (hcl.ExprAsKeyword); only null differs from its string value.
    if (t.node(key).kind == syntax::NodeKind::Literal && ast::literal_kind(t, key) == ast::LiteralKind::Null)
      return "null";
    TemplateText text;
    string_part(text, t, key);
    text.finish();
    return std::string(text.text());
  }

  // hcl2json's convertStringPart: an expression inside a template.
  void string_part(TemplateText& out, const syntax::SyntaxTree& t, syntax::NodeId e) {
    const syntax::Node& n = t.node(e);
    switch (n.kind) {
      case syntax::NodeKind::Literal:
        switch (ast::literal_kind(t, e)) {
          case ast::LiteralKind::True: out.literal("true"); return;
          case ast::LiteralKind::False: out.literal("false"); return;
          case ast::LiteralKind::Null: break;  // hcl2json writes "null", a different string; kept as ${null}
          case ast::LiteralKind::Number: {
            NumberText num = number_literal_text(t.token_text(n.main_token));
            if (num.status == NumberStatus::Ok || num.status == NumberStatus::Infinite) {
              out.literal(num.text);  // cty's number-to-string conversion prints "+Inf" too
              return;
            }
            break;
          }
        }
        break;
      case syntax::NodeKind::Template: {
        ChildList parts(t, e);
        if (parts.size() == 1 && t.node(parts[0]).kind == syntax::NodeKind::TemplateInterp) {
          string_part(out, t, ast::interp_expr(parts[0]));
          return;
        }
        template_parts(out, t, e, parts);
        return;
      }
      case syntax::NodeKind::Conditional: {
        const ast::Conditional c = ast::conditional(t, e);
        TemplateText yes, no;
        string_part(yes, t, c.if_true);
        string_part(no, t, c.if_false);
        conditional(out, t.node_text(c.condition), yes, no);
        return;
      }
      default: break;
    }
    out.markup("${", t.node_text(e), "}");
  }

  // "%{if COND}TRUE%{else}FALSE%{endif}", the else part only when FALSE is not empty.
  void conditional(TemplateText& out, std::string_view cond, TemplateText& yes, TemplateText& no) {
    out.markup("%{if ", cond, "}");
    yes.finish("%{");
    no.finish("%{");
    out.append(yes);
    if (!no.empty()) {
      out.markup("%{else}");
      out.append(no);
    }
    out.markup("%{endif}");
  }

  // A template that is one literal with nothing to trim, the commonest string: its text, which is
  // template_literals' one value, without building the list; nothing when it has escapes. `ascii`
  // tells whether the text is printable ASCII that JSON copies as it is.
  static std::optional<std::string_view> single_literal(const syntax::SyntaxTree& t, syntax::NodeId tmpl,
                                                        const ChildList& parts, bool* ascii = nullptr) {
    if (parts.size() != 1 || t.node(parts[0]).kind != syntax::NodeKind::TemplateLiteral ||
        (t.node(tmpl).flags & syntax::node_flags::kFlush))
      return std::nullopt;
    const lex::Token& tok = t.token(t.node(parts[0]).main_token);
    std::string_view text = tok.text(t.text());
    bool plain = is_plain_text(text, t.text());  // then there is nothing to decode either
    if (!plain && syntax::literal_needs_decoding(text, tok.kind == lex::TokenKind::QuotedLit)) return std::nullopt;
    if (ascii) *ascii = plain;
    return text;
  }
  // A single literal whose text is its JSON-syntax template as it is (no "$" or "%" to escape,
  // which literal_needs_decoding has ruled out, and already NFC).
  static std::optional<std::string_view> plain_literal(const syntax::SyntaxTree& t, syntax::NodeId tmpl,
                                                       const ChildList& parts, bool* ascii = nullptr) {
    bool plain = false;
    std::optional<std::string_view> s = single_literal(t, tmpl, parts, &plain);
    if (ascii) *ascii = plain;
    if (s && (plain || source::utf8::is_nfc_quick(*s))) return s;
    return std::nullopt;
  }

  // The parts of a template in order, with its if and for directives nested again.
  void template_parts(TemplateText& out, const syntax::SyntaxTree& t, syntax::NodeId tmpl, const ChildList& parts) {
    if (std::optional<std::string_view> s = single_literal(t, tmpl, parts)) {
      out.literal_nfc(*s);
      return;
    }
    FrameUse<TemplateFrame> frame(scratch_.templates, scratch_.template_depth);
    ast::template_literals(t, tmpl, std::span<const syntax::NodeId>(parts.begin(), parts.size()), frame->literals);
    size_t i = 0;
    parts_until(out, t, parts, frame->literals, i);
  }

  // Converts parts from i up to an else, endif or endfor directive (left at i) or the end.
  void parts_until(TemplateText& out, const syntax::SyntaxTree& t, const ChildList& parts,
                   const ast::TemplateLiterals& literals, size_t& i) {
    while (i < parts.size()) {
      syntax::NodeId p = parts[i];
      const syntax::Node& n = t.node(p);
      switch (n.kind) {
        case syntax::NodeKind::TemplateLiteral:
          if (literals.plain[i]) out.plain_literal(literals.values[i]);
          else out.literal_nfc(literals.values[i]);
          ++i;
          break;
        case syntax::NodeKind::TemplateInterp:
          string_part(out, t, ast::interp_expr(p));
          ++i;
          break;
        // A directive's parts go straight into `out` (a text of their own was a string or two
        // made and copied for each directive): the markup that ends them ("%{else}", "%{endif}",
        // "%{endfor}") escapes their literal text as finishing a text of their own before "%{"
        // did.
        case syntax::NodeKind::TemplateIf: {
          out.markup("%{if ", t.node_text(ast::template_if_condition(p)), "}");
          ++i;
          parts_until(out, t, parts, literals, i);
          if (i < parts.size() && t.node(parts[i]).kind == syntax::NodeKind::TemplateElse) {
            ++i;
            out.finish("%{else}");  // escapes the literal text before it, which take_back keeps
            size_t before_else = out.size();
            out.markup("%{else}");
            size_t start = out.size();
            parts_until(out, t, parts, literals, i);
            if (out.size() == start) out.take_back(before_else);  // an empty else part is left out
          }
          if (i < parts.size()) ++i;  // endif
          out.markup("%{endif}");
          break;
        }
        case syntax::NodeKind::TemplateFor: {
          const ast::TemplateFor f = ast::template_for(t, p);
          if (n.flags & syntax::node_flags::kHasKeyVar) out.markup("%{for ", f.key_var, ", ", f.value_var, " in ");
          else out.markup("%{for ", f.value_var, " in ");
          out.markup(t.node_text(f.collection), "}");
          ++i;
          parts_until(out, t, parts, literals, i);
          if (i < parts.size()) ++i;  // endfor
          out.markup("%{endfor}");
          break;
        }
        default:  // else, endif, endfor: the caller's
          return;
      }
    }
  }

  static std::string where(const source::SourceFile& file, uint32_t offset) {
    return body::position_text(file.range(offset, offset));
  }
  static std::string where(const syntax::SyntaxTree& t, syntax::NodeId node) {
    return where(t.source(), t.span(node).start);
  }

  std::nullopt_t label_conflict(const body::ShapeNode& existing, const syntax::SyntaxTree& t, syntax::NodeId block) {
    ast::Block b = ast::block(t, block);
    diag::Span subject = b.label_spans.empty() ? b.type_span : diag::span_between(b.type_span, b.label_spans.back());
    diags_.push_back(body::inconsistent_block_labels(b.type, b.labels.size(),
                                                     t.source().range(subject.start, subject.end), existing,
                                                     where(*existing.file, existing.offset)));
    return std::nullopt;
  }

  void attribute_conflict(const syntax::SyntaxTree& first_tree, syntax::NodeId first, const syntax::SyntaxTree& t,
                          syntax::NodeId attr) {
    ast::Attribute a = ast::attribute(t, attr);
    diag::Diagnostic d;
    d.summary = "Conflicting attribute";
    d.detail = "The argument " + util::go_quote(a.name) + " was already set at " + where(first_tree, first) +
               ". Merged files may set each argument only once.";
    d.subject = t.source().range(a.name_span.start, a.name_span.end);
    diags_.push_back(std::move(d));
  }

  Writer& w_;
  const Options& options_;
  diag::Diagnostics& diags_;
  Scratch& scratch_;
};

}  // namespace hcl::json::detail
