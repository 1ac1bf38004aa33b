// SPDX-License-Identifier: Apache-2.0
// The JSON syntax to the native syntax: the reverse of `hcl json`. A document in HCL's JSON
// syntax (json-syntax.md: `.tf.json`, `.pkr.json`) or of plain values (`.tfvars.json`, a --vars
// file) becomes native text, formatted canonically.
//
// JSON cannot tell a block from an attribute without a schema, so a dialect's schema (schema.h)
// or an hcldec spec says which names are blocks; where none does, a property is read by its
// shape (an array of objects is blocks, as `hcl json` writes them) and a warning says so.
// Strings are templates: one that is exactly "${expr}" becomes the bare expression, any other
// keeps its markup as a quoted template. "//" properties of a body become comments.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"
#include "fromjson/schema.h"
#include "source/source_file.h"

namespace hcl::fromjson {

struct Options {
  // The root body's schema; null reads every body by shape.
  std::shared_ptr<const Schema> schema;
  // The document holds plain values (a .tfvars.json or --vars file): every property is an
  // attribute and strings are literal text.
  bool values = false;
  // Names read as blocks without labels wherever no schema describes them (a provider's nested
  // blocks, such as `root_block_device`), when their value is an object or an array of objects.
  std::set<std::string> blocks;
};

struct Result {
  std::string text;  // set only when there are no errors
  diag::Diagnostics diagnostics;
};

// What a file's name says of its content: .tfvars.json holds values; .tf.json (.tofu.json) is
// Terraform's (OpenTofu's), .pkr.json Packer's, .nomad.json Nomad's; any other name is read by
// shape. `given`, when set, is the schema instead (--dialect, --spec).
Options options_for_file(std::string_view name, std::shared_ptr<const Schema> given = nullptr);

Result convert(std::shared_ptr<const source::SourceFile> source, const Options& options);

}  // namespace hcl::fromjson
