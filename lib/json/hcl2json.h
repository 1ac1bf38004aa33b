// SPDX-License-Identifier: Apache-2.0
// HCL native syntax to JSON in the shape of tmccombs/hcl2json (also shipped as @cdktf/hcl2json),
// which scripts already depend on:
//
// - A body is an object. Attributes are keys. Blocks nest under their type, then one object level
//   per label, and the innermost level is an array of block bodies in source order. An attribute
//   replaces a block type of the same name. Keys are sorted (Go's encoding of maps).
// - Literals, tuples and objects become JSON values; a template without interpolations becomes its
//   string; any other expression becomes "${<its source text>}", exactly as written; templates keep
//   interpolations as "${...}" and directives as "%{if ...}" / "%{for ...}" text.
//
// The result is HCL JSON syntax (json-syntax.md) that reads back as the same configuration in
// full-expression mode: strings are templates there, so literal "${" and "%{" are escaped as
// "$${" and "%%{" (hcl2json leaves them bare; see docs/COMPATIBILITY.md).
//
// Evaluation (hcl2json's -simplify, variables) is a hook: the emitter asks an Evaluator for each
// attribute value, tuple element and object value first, and converts the syntax when it gets no
// value. The emitter itself never evaluates anything.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "json/writer.h"
#include "syntax/tree.h"

namespace hcl::json {

// A JSON value, for results handed back by an Evaluator.
struct Member;
struct Value {
  enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  std::string text;  // Number: its JSON text; String: the string itself
  std::vector<Value> items;
  // Written sorted by name, last one wins. (Not std::pair, which cannot hold the still-incomplete
  // Value.)
  std::vector<Member> members;
};
struct Member {
  std::string first;
  Value second;
};

void write_value(Writer& w, const Value& v);

enum class EvalStatus : uint8_t {
  NoValue,  // cannot be evaluated here (needs variables, unknown function ...): convert the syntax
  Value,    // evaluated: write `value`
  Error,    // evaluation failed; with Options::strict this fails the conversion
};

struct EvalResult {
  EvalStatus status = EvalStatus::NoValue;
  Value value;
  diag::Diagnostics diagnostics;
};

using Evaluator = std::function<EvalResult(const syntax::SyntaxTree& tree, syntax::NodeId expr)>;

struct Options {
  bool pretty = true;  // four-space indentation as hcl2json; false: no whitespace at all
  Evaluator evaluator;
  bool strict = false;  // evaluation errors fail the conversion instead of falling back
};

// A body to convert: the file's root body, or several files' bodies merged.
struct BodyRef {
  const syntax::SyntaxTree* tree = nullptr;
  syntax::NodeId body = syntax::kNoNode;
};

// Writes the JSON object for the given bodies (merged when there are several) at the writer's
// current position. Returns false with error diagnostics when the configuration has no JSON
// form in this shape (blocks of one type nesting labels inconsistently; with several bodies, an
// attribute set twice); the writer's buffer then holds a partial document to discard.
bool write_body(Writer& w, std::span<const BodyRef> bodies, const Options& options, diag::Diagnostics& diagnostics);

// One file converted item by item while it is parsed (syntax::ParseOptions::root_item), so
// that no tree of the whole file is ever held: each item of the root body becomes JSON text at
// once, kept until the parse has finished (a file whose last line has an error prints nothing),
// and then laid out in hcl2json's order. Pretty text is kept as a Marked writer's (compact, with
// a mark where a line breaks; indented, deep nesting would make it many times the input's size)
// and indented as it is written out, so either form holds the compact JSON's size, which is
// about the input's. The output is write_body's byte for byte, with or without an evaluator: each
// expression is evaluated on its own (eval::evaluate), so the order of evaluation does not matter,
// and a failure under Options::strict is reported as write_body meets it first (check).
class FileDocument {
 public:
  // `input_size`: the file's size, which the compact JSON seldom outgrows. `options`: as
  // write_body's. With an evaluator and Options::strict, a root tuple's elements must not be
  // handed over on their own (add_elements): the first failure is then the whole tuple's, as
  // write_body evaluates it. (Without strict, the tuple's value, when it has one, is its
  // elements' values, and when it has none, write_body evaluates the elements one by one.)
  FileDocument(size_t input_size, const Options& options);
  ~FileDocument();
  FileDocument(const FileDocument&) = delete;
  FileDocument& operator=(const FileDocument&) = delete;

  // Items (attributes or blocks of the file's root body): the tree's root, or several whole
  // items one after the other (syntax::ParseOptions::root_item_batch).
  void add(const syntax::SyntaxTree& items);
  // Elements of the tuple that starts the value of the next item, an attribute
  // (syntax::ParseOptions::root_tuple_elements), converted at once; add() then gets the item
  // with the tuple's last elements, or the tuple as an operand of something else, when the
  // value becomes its source text instead.
  void add_elements(const syntax::SyntaxTree& elements, std::string_view name, uint32_t open);
  // False with error diagnostics when the file has no JSON form in this shape (the ones
  // write_body reports).
  bool check(diag::Diagnostics& diagnostics) const;
  // Writes the document (after check) in pieces to `sink`, `base_level` levels in.
  void write(const std::function<void(std::string_view)>& sink, size_t base_level = 0) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// A capacity to reserve for the JSON of an input of this size (a hint, not a bound).
size_t output_size_hint(size_t input_size, bool pretty);

struct ConvertResult {
  std::string text;  // the JSON document, without a final newline; empty on failure
  diag::Diagnostics diagnostics;
  bool ok = false;
};

// Converts one parsed file (its tree must hold no syntax errors).
ConvertResult convert_file(const syntax::SyntaxTree& tree, const Options& options = {});

}  // namespace hcl::json
