// SPDX-License-Identifier: Apache-2.0
// The parser: tokens to a lossless syntax tree, with the reference's grammar, error messages and
// recovery (hclsyntax/parser.go), so one file can report several independent errors.
#pragma once

#include <functional>
#include <memory>
#include <span>

#include "diag/diagnostic.h"
#include "syntax/tree.h"
#include "util/limits.h"

namespace hcl::syntax {

struct ParseOptions {
  // Without a tree the parser only checks syntax: tokens are streamed and dropped, so memory
  // stays small however large the input.
  bool build_tree = true;
  // Nesting deeper than this (brackets, blocks, templates, operators) is reported instead of
  // parsed, so no input can exhaust the stack.
  uint32_t max_depth = kDefaultMaxDepth;
  // At most this many diagnostics are kept per parse; the rest are counted in a final one.
  uint32_t max_diagnostics = 1000;
  // parse_config only: each item (attribute or block) of the file's root body is handed to this
  // as soon as it is parsed, as the root of a tree that holds that item alone, and dropped when
  // the call returns; the result then holds no tree. So a consumer that needs one item at a time
  // (hcl json) never holds the whole file's tree. Items are handed over only while the parse has
  // reported nothing: once it has, the consumer's work is moot, since the file has errors.
  std::function<void(const SyntaxTree& item)> root_item = nullptr;
  // With root_item: items are held back until their nodes number at least this many (or the
  // body ends), and then handed over together: the tree's nodes are whole items one after the
  // other, as root_tuple_elements' are, the last node the last item's root. A consumer whose own
  // code is large then runs it over many items at a time, rather than taking turns with the
  // parser's at every item, each evicting the other from the instruction cache. 0: one at a time.
  uint32_t root_item_batch = 0;
  // With root_item: the elements of a tuple constructor that starts the value of an attribute of
  // the root body, handed over the same way in batches while it is parsed, once it has many,
  // and then dropped, so that a file that is one huge tuple is not held whole either. The tree's
  // nodes are whole elements one after the other (the last node is the last element's root).
  // The tuple's node, handed over with its item, holds only the elements parsed after the last
  // batch. `name`: the attribute's name; `open`: the offset of the tuple's "[" (the item's first
  // tokens may have left the window by the time the item is handed over).
  std::function<void(const SyntaxTree& elements, std::string_view name, uint32_t open)> root_tuple_elements = nullptr;
  uint32_t root_tuple_batch = 1 << 14;  // the nodes of elements a batch gathers
  // Given every token in source order, in batches as the parser is done with them, Eof in the
  // last: a caller that needs the tokens as well (the formatter) shares this parse's lexing
  // instead of lexing the text a second time. `failed`: the parse has found an error already, so
  // a caller that only wants valid input can stop working on the tokens.
  std::function<void(std::span<const lex::Token>, bool failed)> on_tokens = {};

  static constexpr uint32_t kDefaultMaxDepth = util::kMaxNestingDepth;
};

struct ParseResult {
  std::unique_ptr<SyntaxTree> tree;  // null when build_tree is false
  diag::Diagnostics diagnostics;     // lexical diagnostics first, then syntax, as the reference
  // parse_expression only: a whole expression was followed by more text (the text is not one
  // expression, though it may begin with one).
  bool trailing_text = false;
};

ParseResult parse_config(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options = {});
ParseResult parse_expression(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options = {});
ParseResult parse_template(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options = {});

}  // namespace hcl::syntax
