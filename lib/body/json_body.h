// SPDX-License-Identifier: Apache-2.0
// Bodies and expressions of the JSON syntax (json-syntax.md), with the reference's rules
// (json/structure.go): the schema tells attributes from blocks; a block's labels are levels of
// nested objects (or arrays of objects); "//" properties of a body are comments; strings are
// templates in the native syntax when evaluated in a context, and literal in the nil context.
#pragma once

#include <memory>

#include "body/body.h"
#include "jsonsyntax/reader.h"

namespace hcl::body {

// The root body of a parsed JSON file.
BodyPtr json_body(std::shared_ptr<const jsonsyntax::Document> doc);
BodyPtr json_body(std::shared_ptr<const jsonsyntax::Document> doc, jsonsyntax::NodeId node);
ExprPtr json_expr(std::shared_ptr<const jsonsyntax::Document> doc, jsonsyntax::NodeId node);

// A JSON string read as a native template, as the reference reads it: the decoded text, with
// positions counted from just after the opening quote (escapes make later columns approximate,
// as there). Diagnostics come back with those positions.
struct JsonTemplate {
  std::shared_ptr<const syntax::SyntaxTree> tree;  // null when the text does not parse
  diag::Diagnostics diagnostics;
};
JsonTemplate parse_json_template(source::FileName filename, const std::string& text, source::Pos start);

// Moves ranges of a source parsed on its own (starting at 1:1, byte 0) to where that source
// starts in the file.
void shift_ranges(diag::Diagnostics& diags, source::Pos start);
void shift_range(source::Range& r, source::Pos start);

}  // namespace hcl::body
