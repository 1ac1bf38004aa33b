// SPDX-License-Identifier: Apache-2.0
// `hcl json` on a file in the JSON syntax: the file normalised into hcl json's layout (keys
// sorted, numbers as cty prints them, Go's string escaping, four-space indentation), so that JSON
// and native configurations come out alike and `hcl json` reads its own output back unchanged.
//
// Without a schema the JSON syntax cannot tell blocks from attributes, so every property is an
// attribute (the body's JustAttributes: "//" comments dropped, a repeated name an error) and its
// value is the JSON value as written: strings stay strings, for they already are templates in
// hcl json's own form ("${...}"). With a scope (--simplify, --vars), each property's value is
// evaluated first, its strings as templates; where that fails, the written value is kept (or,
// with Options::strict, the conversion fails).
#pragma once

#include <memory>

#include "eval/eval.h"
#include "json/hcl2json.h"
#include "jsonsyntax/reader.h"

namespace hcl::json {

// `base_level`: the nesting level the document is written at (1 inside a keyed document).
ConvertResult convert_json_syntax(std::shared_ptr<const jsonsyntax::Document> doc, const Options& options,
                                  std::shared_ptr<const eval::Scope> scope = nullptr, size_t base_level = 0);

}  // namespace hcl::json
