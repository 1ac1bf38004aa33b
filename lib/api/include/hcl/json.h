// SPDX-License-Identifier: Apache-2.0
// A configuration as JSON in the shape tmccombs/hcl2json writes: attributes by name, blocks
// under their type and labels; expressions that need no variables written as their values,
// others as their source text in "${...}".
#pragma once

#include <string>

#include <hcl/file.h>
#include <hcl/options.h>
#include <hcl/result.h>

namespace hcl {

// The JSON document (no final newline), as `hcl json` prints it with the same options.
[[nodiscard]] Result<std::string> to_json(const File& file, const JsonOptions& options = {});

// A native-syntax file as the value python-hcl2 8.x's `hcl2.loads` returns, written as compact
// JSON in which numbers keep Python's int/float distinction (1 and 1.0): attribute values as
// python-hcl2 writes them (strings with their quotes, other expressions as "${...}" re-printed
// on one line), blocks as arrays of bodies under their type and labels, comments under
// "__comments__"/"__inline_comments__" (docs/python.md). Fails on a file with errors, a block
// named after an attribute before it, and nesting deeper than 500 levels.
[[nodiscard]] Result<std::string> to_python_hcl2_json(const File& file, const PythonHcl2Options& options = {});

// One expression of the native syntax as the syntax tree @cdktf/hcl2json's getExpressionAst
// returns (its TFExpressionSyntaxTree types: {type, range, meta, children} per hclsyntax
// expression, positions counted from line 0 and column 0 as that package counts them), written as
// JSON (docs/javascript.md). Fails with the parser's diagnostics when `expression` is not one
// expression; `filename` names it in them.
[[nodiscard]] Result<std::string> expression_ast_json(std::string filename, std::string expression);

}  // namespace hcl
