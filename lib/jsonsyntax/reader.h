// SPDX-License-Identifier: Apache-2.0
// The JSON syntax of HCL (json-syntax.md): `.tf.json`, `.pkr.json`, `.hcl.json` files. This is
// the reader: JSON text to a tree of values that keeps what a JSON library drops — the order of
// properties, repeated property names, every digit of a number, and the source position of each
// value, counted the way the reference's JSON scanner counts them (json/scanner.go: a tab is two
// columns, a carriage return none, a string's characters are grapheme clusters).
//
// The reader reports the reference's diagnostics at the reference's positions, and recovers the
// same way (a bad value becomes an Invalid node, so one file can report several problems).
// Interpreting the tree as bodies and expressions is body/json_body.h's job, a stage above this
// one; the HCL -> JSON writer (json/) sits above both.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source_file.h"
#include "util/limits.h"

namespace hcl::jsonsyntax {

enum class Kind : uint8_t { Object, Array, String, Number, Bool, Null, Invalid };

using NodeId = uint32_t;

struct Node {
  Kind kind = Kind::Invalid;
  bool boolean = false;
  source::Pos start, end;  // the value's range (an object or array: from its opening to its closing bracket)
  uint32_t first = 0;      // Object: index of its first member in Document::members; Array: of its first element
  uint32_t count = 0;      // Object: members; Array: elements
  std::string text;        // String: the decoded string; Number: the number's text
};

struct Member {
  std::string name;                  // decoded
  source::Pos name_start, name_end;  // the quoted name
  NodeId value = 0;
};

class Document {
 public:
  explicit Document(std::shared_ptr<const source::SourceFile> source) : source_(std::move(source)) {}

  const source::SourceFile& source() const { return *source_; }
  std::shared_ptr<const source::SourceFile> source_ptr() const { return source_; }
  const std::string& filename() const { return source_->name(); }

  NodeId root() const { return root_; }
  const Node& node(NodeId id) const { return nodes_[id]; }
  // An object's members and an array's elements, in source order.
  const Member* members_begin(NodeId id) const { return members_.data() + nodes_[id].first; }
  const Member* members_end(NodeId id) const { return members_begin(id) + nodes_[id].count; }
  NodeId element(NodeId array, uint32_t i) const { return elements_[nodes_[array].first + i]; }

  source::Range range(source::Pos a, source::Pos b) const { return source::Range{filename(), a, b}; }
  // The whole value (Range()), and where it starts (StartRange(): an opening bracket, or the
  // whole value for the others).
  source::Range range(NodeId id) const { return range(nodes_[id].start, nodes_[id].end); }
  source::Range start_range(NodeId id) const;
  // An object's closing brace; an array's opening bracket.
  source::Range close_range(NodeId object) const;
  source::Range open_range(NodeId id) const;
  source::Range name_range(const Member& m) const { return range(m.name_start, m.name_end); }

  // Builder interface for the parser.
  std::vector<Node>& mutable_nodes() { return nodes_; }
  std::vector<Member>& mutable_members() { return members_; }
  std::vector<NodeId>& mutable_elements() { return elements_; }
  void set_root(NodeId id) { root_ = id; }

 private:
  std::shared_ptr<const source::SourceFile> source_;
  std::vector<Node> nodes_;
  std::vector<Member> members_;
  std::vector<NodeId> elements_;
  NodeId root_ = 0;
};

struct ParseOptions {
  // Deeper nesting of objects and arrays is reported instead of parsed, so no input exhausts the
  // stack (the reference has no limit); the same limit as the native syntax's.
  uint32_t max_depth = util::kMaxNestingDepth;
};

struct ParseResult {
  std::shared_ptr<const Document> document;  // always set; partial when there are errors
  diag::Diagnostics diagnostics;
};

// json.Parse: a configuration file, whose root must be an object or an array of objects (else
// "Root value must be object", and the root is replaced by an empty object).
ParseResult parse_file(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options = {});

// json.ParseExpression: any JSON value.
ParseResult parse_expression(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options = {});

// Whether a file name selects the JSON syntax (it ends in ".json"), as hclparse and hcldec decide.
bool is_json_filename(std::string_view name);

}  // namespace hcl::jsonsyntax
