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
#include <string_view>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source_file.h"
#include "util/limits.h"

namespace hcl::jsonsyntax {

enum class Kind : uint8_t { Object, Array, String, Number, Bool, Null, Invalid };

using NodeId = uint32_t;

// 20 bytes a value and 12 a property, whatever they hold, so that a document takes a few times
// its file's size (full positions and a string in each took twenty times): text stays in the
// source unless decoding changes it, and positions are byte offsets, resolved
// (Document::position) when a range is asked for.
struct Node {
  uint32_t start = 0, end = 0;  // the value's bytes (an object or array: from its opening to its closing bracket)
  // Object: index of its first member in the document's members, and how many;
  // Array: of its first element in the document's elements, and how many;
  // String whose text decoding changes (Document::text): where the decoded text sits.
  uint32_t first = 0, count = 0;
  Kind kind = Kind::Invalid;
  bool decoded = false;  // String: its text is in the document's arena, not the source
};

struct Member {
  uint32_t name_start = 0, name_end = 0;  // the quoted name's bytes (its text: Document::name)
  NodeId value = 0;
};

class Document {
 public:
  explicit Document(std::shared_ptr<const source::SourceFile> source) : source_(std::move(source)) {}

  const source::SourceFile& source() const { return *source_; }
  std::shared_ptr<const source::SourceFile> source_ptr() const { return source_; }
  const std::string& filename() const { return source_->name(); }
  source::FileName file_name() const { return source_->file_name(); }

  NodeId root() const { return root_; }
  const Node& node(NodeId id) const { return nodes_[id]; }
  Kind kind(NodeId id) const { return nodes_[id].kind; }
  // A String's decoded text; a Number's digits as written. Valid as long as the document.
  std::string_view text(NodeId id) const;
  bool boolean(NodeId id) const { return source_->text()[nodes_[id].start] == 't'; }
  std::string_view name(const Member& m) const;
  // An object's members and an array's elements, in source order.
  const Member* members_begin(NodeId id) const { return members_.data() + nodes_[id].first; }
  const Member* members_end(NodeId id) const { return members_begin(id) + nodes_[id].count; }
  NodeId element(NodeId array, uint32_t i) const { return elements_[nodes_[array].first + i]; }

  // The position of a byte offset where a token starts or ends, counted the way the scanner counts.
  source::Pos position(uint32_t offset) const;
  source::Range range(uint32_t start, uint32_t end) const {
    return source::Range{file_name(), position(start), position(end)};
  }
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
  // Stores a string's decoded text, returning where it went (Node::first and Node::count).
  std::pair<uint32_t, uint32_t> add_decoded(std::string_view text);
  // The same for a property name starting at `name_start` (names come in increasing order).
  void add_decoded_name(uint32_t name_start, std::string_view text);
  // Records the scanner's column at a token boundary whose column differs from its byte's
  // distance to the line start, the way the previous record on the line had it (tabs, carriage
  // returns and text outside ASCII): so most files record nothing.
  void add_column_shift(uint32_t byte, int32_t shift) { shifts_.push_back(ColumnShift{byte, shift}); }
  void set_root(NodeId id) { root_ = id; }

 private:
  struct ColumnShift {
    uint32_t byte;  // from this token boundary on, up to the next record or the end of its line,
    int32_t shift;  // the column is (byte - line start + 1) - shift
  };

  struct DecodedName {
    uint32_t name_start;
    uint32_t low, high;  // as add_decoded returns them
  };

  std::string_view decoded(uint32_t low, uint32_t high) const;

  std::shared_ptr<const source::SourceFile> source_;
  std::vector<Node> nodes_;
  std::vector<Member> members_;
  std::vector<NodeId> elements_;
  std::string arena_;                       // decoded strings, each after its length (4 bytes)
  std::vector<DecodedName> decoded_names_;  // the names decoding changes, by name_start
  std::vector<ColumnShift> shifts_;
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
