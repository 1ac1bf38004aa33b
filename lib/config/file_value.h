// SPDX-License-Identifier: Apache-2.0
// A whole configuration file evaluated into one value, in the shape of tmccombs/hcl2json (the
// shape `hcl json` writes and the reference oracle's `body` command prints): attributes by name
// with their values; blocks under their type, one object level per label, and innermost a tuple
// of the block bodies in source order (body/block_shape.h, which `hcl json` uses too); an
// attribute replaces a block of the same name; blocks of one type whose labels would need one
// place to hold both an object and a list are an error ("Inconsistent block labels").
//
// `dynamic` blocks (ext-dynblock) are expanded first, unless `keep_dynamic`: then they are
// ordinary blocks, as hcl2json and the oracle treat them.
//
// A file in the JSON syntax has no blocks without a schema: each property is an attribute, and
// its value is the JSON value read as an expression (strings are templates).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "body/body.h"
#include "eval/eval.h"

namespace hcl::config {

struct EvaluateOptions {
  bool keep_dynamic = false;
  // Which results to make (each is a whole copy of the file's values).
  bool document = true;
  bool variables = true;
  // When set, only the top-level attributes and blocks of these names are evaluated (the roots
  // an expression refers to, in `hcl eval --file FILE EXPR`): in the generic dialect no item of
  // the file refers to another, so the rest could only add errors the expression never meets.
  std::optional<std::set<std::string, std::less<>>> only_top_level = std::nullopt;
};

struct FileValue {
  // The document; set unless some part failed (then `diagnostics` holds the errors, in source
  // order, as the oracle sorts them).
  std::optional<cty::Value> document;
  // The file's top level as variables for an expression (`locals.region`,
  // `variable.region.default`): attributes by name; a block is the object of its body, under its
  // labels; top-level blocks with the same type and labels merge into one object (later
  // attributes win), nested ones make a tuple of objects, even of one. An attribute that failed to evaluate
  // is an unknown value here.
  std::map<std::string, cty::Value> variables;
  diag::Diagnostics diagnostics;
};

FileValue evaluate_file(const body::BodyPtr& body, std::shared_ptr<const eval::Scope> scope,
                        const EvaluateOptions& options = {});

// evaluate_file a piece at a time: the items of the file's root body handed over in source order,
// each piece evaluated at once, so that a caller that parses the file a piece at a time
// (syntax::ParseOptions::root_item, body::native_items) never holds its whole tree. Holds the
// file's evaluation budget (cty::EvalBudget) from construction to destruction.
class FileValueBuilder {
 public:
  FileValueBuilder(std::shared_ptr<const eval::Scope> scope, const EvaluateOptions& options = {});
  ~FileValueBuilder();
  FileValueBuilder(const FileValueBuilder&) = delete;
  FileValueBuilder& operator=(const FileValueBuilder&) = delete;

  // The next items of the root body (a whole body, or a piece); `items` need not outlive the call.
  void add(const body::BodyPtr& items);
  // The result, as evaluate_file's on the items handed over. Call once.
  FileValue finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace hcl::config
