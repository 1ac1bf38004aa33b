// SPDX-License-Identifier: Apache-2.0
// Dynamic blocks (ext-dynblock.md): a block of type "dynamic" stands for as many blocks of the
// type named by its label as its `for_each` collection has elements, each with the body of its
// `content` block and, optionally, the labels its `labels` list evaluates to. While expanding,
// the iterator (named by `iterator`, else the block type) is a variable with `key` and `value`;
// dynamic blocks nest, and inner ones see the outer iterators. Behaviour and messages follow the
// reference's ext/dynblock.
//
// Two ways in:
// - expand(body, ctx): a body that expands the dynamic blocks its schema-driven reads select
//   (dynblock.Expand), for decoding by a schema (hcl dec --expand-dynamic);
// - expand_block(...): one dynamic block into the blocks it stands for, for readers that walk a
//   body without a schema (whole-file evaluation, config/file_value.h).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "body/body.h"
#include "eval/eval.h"

namespace hcl::dynblock {

using cty::Value;
using ScopePtr = std::shared_ptr<const eval::Scope>;

// One step of an iteration, with the iterators of the enclosing dynamic blocks.
struct Iteration;
using IterationPtr = std::shared_ptr<const Iteration>;
struct Iteration {
  std::string name;
  Value key, value;
  std::map<std::string, IterationPtr> inherited;

  // The iterator's value: {key = ..., value = ...}.
  Value object() const;
  // A nested iteration (an inner dynamic block), which sees `parent`'s iterators.
  static IterationPtr child(const IterationPtr& parent, std::string name, Value key, Value value);
};

// The context of expressions under an iteration: `base` (null: the nil context) with the
// iterators as variables. A child context, as the reference's: it no longer suggests
// misspelt function names.
ScopePtr child_context(const IterationPtr& iteration, const ScopePtr& base);

// An expression evaluated under an iteration (the iterators are not among its variables).
body::ExprPtr wrap_expr(body::ExprPtr expr, IterationPtr iteration);

// dynblock.Expand.
body::BodyPtr expand(body::BodyPtr body, ScopePtr for_each_ctx);

// A block a dynamic block stands for, with the iteration its body is read under. `unknown` is set
// when the collection was unknown: the one block stands for any number of them.
struct Generated {
  body::Block block;
  IterationPtr iteration;
  bool unknown = false;
};

// Expands one `dynamic` block. `label_count` is the number of labels the generated blocks need
// (from a schema), or nothing to take the `labels` list as it is. `for_each_ctx` is the context
// of `for_each` and `labels` at this level (with `outer`'s iterators already in it).
std::vector<Generated> expand_block(const body::Block& dynamic, std::optional<size_t> label_count,
                                    const ScopePtr& for_each_ctx, const IterationPtr& outer, diag::Diagnostics& diags);

}  // namespace hcl::dynblock
