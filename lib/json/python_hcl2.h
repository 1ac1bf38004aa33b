// SPDX-License-Identifier: Apache-2.0
// A native-syntax file in the shape python-hcl2 8.x's `hcl2.loads` returns, so that a Python
// program reading HCL with python-hcl2 gets the same values from the library:
//
// - A body is an object in source order: attributes by name (a later one replaces an earlier
//   one in place), blocks under their type as an array of bodies, one object level per label,
//   labels written as in the source (quoted ones keep their quotes), each body marked
//   "__is_block__": true (explicit_blocks).
// - Attribute values: numbers as integers or floats as the source writes them (an exponent
//   keeps the number an expression), true/false/null, a bare name as its text, strings with
//   their quotes and escapes as written, heredocs whole ("<<EOF\n...\nEOF"), tuples and objects
//   as arrays and objects; anything else "${...}" with the expression re-printed on one line as
//   python-hcl2 prints it (one space around binary operators, ", " between elements, no trailing
//   commas, objects as "{k = v, ...}").
// - Comments (with_comments): those between items under "__comments__", those inside an
//   attribute's expression (and the ones a binary operation at its end takes from its line)
//   under "__inline_comments__", each {"value": text} without its delimiters.
//
// The printer walks the tree's tokens, which tell every expression's pieces apart already:
// comments and newlines, and template parts, are the tokens the parser kept.
#pragma once

#include <string>

#include "diag/diagnostic.h"
#include "syntax/tree.h"

namespace hcl::json {

struct PythonHcl2Options {
  bool with_comments = true;
  bool explicit_blocks = true;
  bool strip_string_quotes = false;  // strings and heredocs without their quotes
};

// Nesting of brackets, templates and blocks past this is refused: python-hcl2 itself fails from
// about 300 levels.
inline constexpr int kPythonHcl2MaxDepth = 500;

struct PythonHcl2Result {
  std::string json;  // compact JSON; empty when it failed
  diag::Diagnostics diagnostics;
};

// The tree of a file without errors as python-hcl2's value, as JSON text. Numbers are written as
// Python prints them (1.0 stays a float, 007 is 7). Fails for a block named after an attribute
// before it (python-hcl2's shape has no place for both) and for nesting past the limit above.
PythonHcl2Result python_hcl2(const syntax::SyntaxTree& tree, const PythonHcl2Options& options = {});

// How Python prints a float (repr): the shortest digits that read back as the same double, in
// fixed notation from 1e-4 up to 1e16 (with ".0" when whole), else as 1e+16 or 1.5e-05; "inf".
std::string python_float_repr(double d);

}  // namespace hcl::json
