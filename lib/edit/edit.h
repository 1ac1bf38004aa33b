// SPDX-License-Identifier: Apache-2.0
// Edits of a configuration file on its lossless syntax tree: the operations of hcledit
// (minamijoyo/hcledit), found by hcledit's addresses. An edit records replacements of token ranges;
// rendering prints the tokens with those replacements, so every byte outside them is kept.
//
//   hcl::Diagnostics diags;
//   auto doc = hcl::edit::Document::open(source, diags);   // null when the file does not parse
//   auto addr = hcl::edit::parse_address("module.vpc.version");
//   auto found = doc->find_attributes(*addr);
//   if (!found.empty()) doc->replace_expression(found.front(), "\"5.1.0\"");
//   std::string text = doc->render(hcl::edit::Layout::Minimal);
//
// Items are taken the way hclwrite takes them, so that they carry their comments: an item owns
// the comment lines right above it (no blank line between), the comment after it on its last line
// and that line's newline (toml_edit calls this an item's "decor"). Removing, moving or renaming an
// item therefore carries its comments along.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "syntax/tree.h"

namespace hcl::edit {

// An address: a block type, its labels, nested block types and labels, and for an attribute its
// name, joined with "." ("resource.aws_instance.web.ami"); steps into the value may follow
// (value_path.h). A backslash makes the next character
// literal, so "\." is a dot inside a label. Returns nothing for an empty address.
std::optional<std::vector<std::string>> parse_address(std::string_view text);

// The address of a block as `block list` prints it: type and labels joined with ".", a "." inside
// a label written "\.".
std::string block_address(std::string_view type, const std::vector<std::string>& labels);

// A label as a quoted HCL string, as hcledit writes it (util/text.h's hclwrite_quote).
std::string quote_label(std::string_view label);

// Whether `name` is one HCL identifier, as an attribute name or block type must be.
bool is_identifier(std::string_view name);

// A body item (attribute or block) with the token ranges hclwrite gives it. Ranges are token
// indexes into the tree, half open.
struct Item {
  syntax::NodeId node = syntax::kNoNode;
  bool is_block = false;
  uint32_t first = 0;     // its first lead comment, or `start`
  uint32_t start = 0;     // its name or block type
  uint32_t end = 0;       // after its expression or closing brace
  uint32_t line_end = 0;  // after the comments on its last line
  uint32_t last = 0;      // after the newline that ends it (when it has one)
};

// A body: the tokens between a block's braces, or the whole file.
struct BodyRef {
  syntax::NodeId body = syntax::kNoNode;
  uint32_t begin = 0;  // first token inside
  uint32_t end = 0;    // the closing brace, or end of file
  bool top_level = true;
};

enum class Layout : uint8_t {
  Hclwrite,  // what hcledit prints: the input unchanged when no byte changed, else hclwrite.Format
  Minimal,   // every byte outside the edited items as it was
};

class Document {
 public:
  // Parses `source`; returns null, with the parser's diagnostics, when it has syntax errors: an
  // edit of a file that does not parse could not say what it changes. With
  // `own_line_lead_comments`, a comment that follows other tokens on its line (after a block's
  // opening brace) is not a lead comment of the next item, as it is for hclwrite.
  static std::unique_ptr<Document> open(std::shared_ptr<const source::SourceFile> source, diag::Diagnostics& diags,
                                        bool own_line_lead_comments = false);

  const syntax::SyntaxTree& tree() const { return *tree_; }
  BodyRef root() const;
  std::vector<Item> items(const BodyRef& body) const;
  BodyRef body_of(const Item& block) const;
  std::string_view name(const Item& item) const;  // attribute name or block type
  std::vector<std::string> labels(const Item& block) const;

  // Attributes the address names, in source order; hcledit edits the first. The blocks on the way
  // are matched by type, then by each of their labels, then by nested block types; a type that is
  // the last step before the name matches blocks of that type whatever their labels.
  std::vector<Item> find_attributes(std::span<const std::string> address) const;
  // Top-level blocks with the address's type and exactly its labels ("*" matches any label).
  std::vector<Item> find_blocks(std::span<const std::string> address) const;
  // Blocks at any depth whose path (types and labels) is the whole address, in source order; a
  // type that is the last step matches blocks of that type whatever their labels.
  std::vector<Item> find_nested_blocks(std::span<const std::string> address) const;

  // The expression of an attribute as written (blank space between tokens becomes spaces, as
  // hclwrite prints it); without comments each comment becomes a line break.
  std::string expression_text(const Item& attribute, bool with_comments) const;
  // Items as hcledit prints them: blank-line separated, formatted.
  std::string items_text(std::span<const Item> items) const;
  // A block's body as hcledit prints it, formatted.
  std::string body_text(const Item& block) const;

  // Edits, applied when rendering. They must not overlap (each targets a distinct item).
  void replace_expression(const Item& attribute, std::string_view expression);
  void rename_attribute(const Item& attribute, std::string_view name);
  void rename_block(const Item& block, std::string_view type, std::span<const std::string> labels);
  void remove(const Item& item);
  void append_attribute(const BodyRef& body, std::string_view name, std::string_view expression,
                        bool blank_line_before);
  void append_block(const BodyRef& body, std::string_view type, std::span<const std::string> labels,
                    bool blank_line_before);
  // A change inside a value (value_path.h): tokens [begin, end) (an insertion before `begin` when
  // equal) and the blank space before them become `hclwrite_text` in Layout::Hclwrite; `bytes`
  // become `minimal_text` in Layout::Minimal.
  void splice(uint32_t begin, uint32_t end, std::string hclwrite_text, diag::Span bytes, std::string minimal_text);
  bool edited() const { return !hclwrite_.empty(); }
  // The blank space that starts the line of `token`.
  std::string indent_of(uint32_t token) const;
  // The file's line ending.
  std::string_view newline() const;

  // The edited file. `tidy_blank_lines` (hcledit's block rm) drops blank lines at the start and
  // end and keeps at most two line breaks in a row.
  std::string render(Layout layout, bool tidy_blank_lines = false) const;

 private:
  // An edit as hclwrite sees it: tokens [begin, end) (an insertion before `begin` when equal) and
  // the blank space before them replaced by `text`.
  struct TokenSplice {
    uint32_t begin = 0, end = 0;
    std::string text;
  };
  // The same edit on the bytes, for Layout::Minimal.
  struct MinimalSplice {
    diag::Span bytes;
    std::string text;
  };

  explicit Document(std::unique_ptr<syntax::SyntaxTree> tree);
  Item make_item(syntax::NodeId node, uint32_t from, uint32_t until) const;
  std::string spaced(uint32_t begin, uint32_t end, bool comments_as_newlines, bool first_gap) const;
  diag::Span line_span(uint32_t first, uint32_t last) const;
  // Appends an item to a body: `hclwrite_text` as hclwrite adds it, `minimal_text` given the
  // indentation of the item's lines.
  void insert(const BodyRef& body, const std::string& hclwrite_text,
              const std::function<std::string(const std::string& indent)>& minimal_text, bool blank_line_before);

  std::unique_ptr<syntax::SyntaxTree> tree_;
  bool own_line_lead_comments_ = false;
  std::vector<TokenSplice> hclwrite_;
  std::vector<MinimalSplice> minimal_;
};

// ---- hcledit's operations, as `hcl edit` runs them ---------------------------------------------

enum class Operation : uint8_t {
  AttributeGet,
  AttributeSet,
  AttributeAppend,
  AttributeRm,
  AttributeMv,
  AttributeReplace,
  AttributeList,
  BlockList,
  BlockGet,
  BlockRm,
  BlockMv,
  BlockAppend,
  BlockNew,
  BodyGet,
};

struct Request {
  Operation op = Operation::AttributeGet;
  std::string address;         // ADDRESS, FROM or PARENT
  std::string target;          // TO, CHILD or NAME
  std::string value;           // VALUE
  bool newline = false;        // --newline: a blank line before what is appended
  bool with_comments = false;  // attribute get --with-comments
  bool values = false;         // attribute list --values: addresses inside values too
  Layout layout = Layout::Hclwrite;
};

struct Result {
  bool ok = false;       // false: the operation failed; `diagnostics` say why
  bool is_file = false;  // `output` is the whole file (edits) rather than a query's answer
  bool changed = false;  // the file differs from the input
  size_t matches = 0;    // items the address named (0: nothing done, as hcledit)
  std::string output;
  diag::Diagnostics diagnostics;
};

// Runs one operation. A modifying attribute operation whose address names attributes in several
// blocks fails (hcledit silently edits the first); an address naming nothing succeeds with
// `matches == 0` and the input unchanged.
Result run(std::shared_ptr<const source::SourceFile> source, const Request& request);

}  // namespace hcl::edit
