// SPDX-License-Identifier: Apache-2.0
// The native text is written plainly (one item a line) and then formatted, so the layout is the
// canonical formatter's alone; the result is parsed again before it is handed back, so a
// conversion never yields text that does not read.
#include <map>
#include <vector>

#include "format/format.h"
#include "fromjson/fromjson.h"
#include "fromjson/strings.h"
#include "jsonsyntax/reader.h"
#include "source/identifier.h"
#include "syntax/parser.h"

namespace hcl::fromjson {

namespace {

using jsonsyntax::Kind;
using jsonsyntax::NodeId;

// A name some body's schema does not know, and what its shape made of it.
struct Guess {
  uint32_t labels = 0;
  bool block = false;
  size_t count = 0;
  source::Range first;
};

class Writer {
 public:
  Writer(const jsonsyntax::Document& doc, const Options& options) : doc_(doc), options_(options) {}

  void body(NodeId node, const Schema* schema);
  std::string& text() { return out_; }
  diag::Diagnostics& diagnostics() { return diags_; }
  void report_guesses();

 private:
  // The attributes of one body so far (a body given as an array of objects is one body).
  using Seen = std::map<std::string_view, const jsonsyntax::Member*>;
  void body_items(NodeId node, const Schema* schema, Seen& seen);
  void member(const jsonsyntax::Member& m, const Schema* schema, Seen& seen);
  void blocks(std::string_view type, NodeId value, const BlockType& bt, const Schema* shape_body,
              std::vector<std::string_view>& labels);
  void block(std::string_view type, const std::vector<std::string_view>& labels, NodeId body_node,
             const Schema* schema);
  void value(NodeId node, AttrMode mode, detail::Place place = detail::Place::Value);
  void key(const jsonsyntax::Member& m, AttrMode mode);
  void comment(NodeId node);
  // Ends an item's line, unless its value did (a heredoc ends with its closing marker's line).
  void end_line() {
    if (out_.empty() || out_.back() != '\n') out_ += '\n';
  }
  void blank_line(size_t at);
  // The number of labels of a property read as blocks by its shape, or -1: an array of objects
  // whose names are all attribute names, under as many levels of objects as it has labels.
  int block_shape(NodeId node, int depth) const;
  void error(std::string summary, std::string detail, source::Range range) {
    diags_.push_back(
        diag::Diagnostic{diag::Severity::Error, std::move(summary), std::move(detail), range, std::nullopt});
  }

  const jsonsyntax::Document& doc_;
  const Options& options_;
  std::string out_;
  diag::Diagnostics diags_;
  std::map<std::string, Guess, std::less<>> guesses_;
  bool after_block_ = false;
  size_t lead_ = std::string::npos;  // where the comments leading the next item start
};

bool is_body_object(const jsonsyntax::Document& doc, NodeId node) {
  if (doc.kind(node) != Kind::Object) return false;
  for (const auto* m = doc.members_begin(node); m != doc.members_end(node); ++m) {
    std::string_view name = doc.name(*m);
    if (name != "//" && !source::is_identifier(name)) return false;
  }
  return true;
}

int Writer::block_shape(NodeId node, int depth) const {
  if (depth > 8) return -1;
  if (doc_.kind(node) == Kind::Array) {
    uint32_t n = doc_.node(node).count;
    if (n == 0) return -1;
    for (uint32_t i = 0; i < n; ++i)
      if (!is_body_object(doc_, doc_.element(node, i))) return -1;
    return depth;
  }
  if (doc_.kind(node) != Kind::Object || doc_.node(node).count == 0) return -1;
  int found = -1;
  for (const auto* m = doc_.members_begin(node); m != doc_.members_end(node); ++m) {
    int d = block_shape(m->value, depth + 1);
    if (d < 0 || (found >= 0 && d != found)) return -1;
    found = d;
  }
  return found;
}

void Writer::body(NodeId node, const Schema* schema) {
  Seen seen;
  body_items(node, schema, seen);
}

void Writer::body_items(NodeId node, const Schema* schema, Seen& seen) {
  if (doc_.kind(node) == Kind::Array) {
    for (uint32_t i = 0; i < doc_.node(node).count; ++i) body_items(doc_.element(node, i), schema, seen);
    return;
  }
  if (doc_.kind(node) != Kind::Object) {
    error("Incorrect body", "A body must be a JSON object or an array of objects.", doc_.range(node));
    return;
  }
  for (const auto* m = doc_.members_begin(node); m != doc_.members_end(node); ++m) member(*m, schema, seen);
}

void Writer::member(const jsonsyntax::Member& m, const Schema* schema, Seen& seen) {
  std::string_view name = doc_.name(m);
  if (after_block_) {
    after_block_ = false;
    blank_line(out_.size());
  }
  if (name == "//") {
    if (lead_ == std::string::npos) lead_ = out_.size();
    return comment(m.value);
  }
  if (!options_.values) {
    if (const BlockType* bt = schema ? schema->block(name) : nullptr) {
      std::vector<std::string_view> labels;
      return blocks(name, m.value, *bt, schema->shape_body, labels);
    }
    if ((!schema || schema->open) && options_.blocks.count(std::string(name)) != 0 &&
        (doc_.kind(m.value) == Kind::Object || block_shape(m.value, 0) == 0)) {
      std::vector<std::string_view> labels;
      return blocks(name, m.value, BlockType{}, schema ? schema->shape_body : nullptr, labels);
    }
    if (!schema || schema->open) {
      int shape = block_shape(m.value, 0);
      bool object = doc_.kind(m.value) == Kind::Object && doc_.node(m.value).count > 0;
      if (shape >= 0 || (schema && object)) {
        auto [it, fresh] = guesses_.try_emplace(std::string(name));
        if (fresh) it->second.first = doc_.name_range(m);
        it->second.block = shape >= 0;
        it->second.labels = shape >= 0 ? static_cast<uint32_t>(shape) : 0;
        ++it->second.count;
      }
      if (shape >= 0) {
        BlockType bt{static_cast<uint32_t>(shape), nullptr};
        std::vector<std::string_view> labels;
        return blocks(name, m.value, bt, schema ? schema->shape_body : nullptr, labels);
      }
    }
  }
  if (!source::is_identifier(name)) {
    error("Invalid attribute name", "\"" + std::string(name) + "\" cannot be an attribute name in the native syntax.",
          doc_.name_range(m));
    return;
  }
  if (auto [it, fresh] = seen.try_emplace(name, &m); !fresh) {
    source::Range first = doc_.name_range(*it->second);
    error("Duplicate attribute definition",
          "The attribute \"" + std::string(name) + "\" was already defined at line " +
              std::to_string(first.start.line) + ", column " + std::to_string(first.start.column) + ".",
          doc_.name_range(m));
    return;
  }
  lead_ = std::string::npos;
  out_.append(name);
  out_ += " = ";
  value(m.value, options_.values ? AttrMode::Literal : (schema ? schema->attribute(name) : AttrMode::Template));
  end_line();
}

void Writer::blocks(std::string_view type, NodeId value, const BlockType& bt, const Schema* shape_body,
                    std::vector<std::string_view>& labels) {
  const Schema* body_schema = bt.body ? bt.body.get() : shape_body;
  if (labels.size() == bt.labels) {
    if (doc_.kind(value) == Kind::Object) return block(type, labels, value, body_schema);
    if (doc_.kind(value) != Kind::Array) {
      error("Incorrect JSON value type",
            "Either a JSON object or a JSON array of objects is required for a \"" + std::string(type) +
                "\" block's body.",
            doc_.range(value));
      return;
    }
    if (doc_.node(value).count == 0)
      diags_.push_back(
          diag::Diagnostic{diag::Severity::Warning, "No blocks",
                           "An empty array defines no \"" + std::string(type) + "\" block; none is written.",
                           doc_.range(value), std::nullopt});
    for (uint32_t i = 0; i < doc_.node(value).count; ++i) {
      NodeId element = doc_.element(value, i);
      if (doc_.kind(element) != Kind::Object) {
        error("Incorrect JSON value type", "A block's body must be a JSON object.", doc_.range(element));
        continue;
      }
      block(type, labels, element, body_schema);
    }
    return;
  }
  auto each_label = [&](NodeId object) {
    for (const auto* m = doc_.members_begin(object); m != doc_.members_end(object); ++m) {
      labels.push_back(doc_.name(*m));
      blocks(type, m->value, bt, shape_body, labels);
      labels.pop_back();
    }
  };
  if (doc_.kind(value) == Kind::Object) return each_label(value);
  if (doc_.kind(value) == Kind::Array) {
    for (uint32_t i = 0; i < doc_.node(value).count; ++i) {
      NodeId element = doc_.element(value, i);
      if (doc_.kind(element) == Kind::Object) each_label(element);
      else error("Incorrect JSON value type", "A block label level must be a JSON object.", doc_.range(element));
    }
    return;
  }
  error("Missing block label",
        "The \"" + std::string(type) + "\" block takes " + std::to_string(bt.labels) +
            " label(s): a JSON object is required for each.",
        doc_.range(value));
}

void Writer::block(std::string_view type, const std::vector<std::string_view>& labels, NodeId body_node,
                   const Schema* schema) {
  // A blank line before a block (and before the comments that lead it) and after it.
  blank_line(lead_ == std::string::npos ? out_.size() : lead_);
  lead_ = std::string::npos;
  out_.append(type);
  for (std::string_view label : labels) {
    out_ += ' ';
    out_ += detail::quote(label, true);
  }
  if (doc_.node(body_node).count == 0) {
    out_ += " {}\n";
    return;
  }
  out_ += " {\n";
  body(body_node, schema);
  out_ += "}\n";
  after_block_ = true;
}

void Writer::blank_line(size_t at) {
  if (at < 2 || out_[at - 1] != '\n' || out_[at - 2] == '\n' || out_[at - 2] == '{') return;
  out_.insert(at, "\n");
}

void Writer::comment(NodeId node) {
  // A value that is not a string is written as its JSON on one line.
  std::string compact;
  if (doc_.kind(node) != Kind::String) {
    std::string_view src =
        doc_.source().text().substr(doc_.node(node).start, doc_.node(node).end - doc_.node(node).start);
    bool in_string = false, escaped = false;
    for (char c : src) {
      if (!in_string && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) continue;
      compact += c;
      if (escaped) escaped = false;
      else if (in_string && c == '\\') escaped = true;
      else if (c == '"') in_string = !in_string;
    }
  }
  std::string_view text = doc_.kind(node) == Kind::String ? doc_.text(node) : std::string_view(compact);
  size_t pos = 0;
  while (true) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out_ += line.empty() ? "#" : "# ";
    out_.append(line);
    out_ += '\n';
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
}

void Writer::key(const jsonsyntax::Member& m, AttrMode mode) {
  std::string_view name = doc_.name(m);
  if (detail::bare_name(name)) {
    out_.append(name);
    return;
  }
  std::string why;
  AttrMode key_mode = mode == AttrMode::Literal ? AttrMode::Literal : AttrMode::Template;
  std::optional<std::string> text = detail::string_expression(name, key_mode, detail::Place::Key, why);
  if (!text) {
    error("Invalid template in object key", why, doc_.name_range(m));
    return;
  }
  out_ += *text;
}

void Writer::value(NodeId node, AttrMode mode, detail::Place place) {
  const jsonsyntax::Node& n = doc_.node(node);
  switch (doc_.kind(node)) {
    case Kind::Null: out_ += "null"; return;
    case Kind::Bool: out_ += doc_.boolean(node) ? "true" : "false"; return;
    case Kind::Number: out_.append(doc_.text(node)); return;
    case Kind::String: {
      std::string why;
      std::optional<std::string> text = detail::string_expression(doc_.text(node), mode, place, why);
      if (!text)
        return error(mode == AttrMode::Expression ? "Invalid expression" : "Invalid template", why, doc_.range(node));
      out_ += *text;
      return;
    }
    case Kind::Array: {
      bool flat = true;
      for (uint32_t i = 0; i < n.count && flat; ++i) {
        Kind k = doc_.kind(doc_.element(node, i));
        flat = k != Kind::Array && k != Kind::Object;
      }
      flat = flat && n.end - n.start < 60;
      out_ += flat ? "[" : "[\n";
      for (uint32_t i = 0; i < n.count; ++i) {
        value(doc_.element(node, i), mode, detail::Place::Element);
        out_ += flat ? (i + 1 < n.count ? ", " : "") : ",\n";
      }
      out_ += ']';
      return;
    }
    case Kind::Object: {
      if (n.count == 0) {
        out_ += "{}";
        return;
      }
      out_ += "{\n";
      for (const auto* m = doc_.members_begin(node); m != doc_.members_end(node); ++m) {
        key(*m, mode);
        out_ += " = ";
        value(m->value, mode);
        end_line();
      }
      out_ += '}';
      return;
    }
    case Kind::Invalid: return;
  }
}

void Writer::report_guesses() {
  for (const auto& [name, guess] : guesses_) {
    std::string times = std::to_string(guess.count) + (guess.count == 1 ? " place" : " places");
    std::string labels = guess.labels == 0 ? "no labels" : std::to_string(guess.labels) + " label(s)";
    std::string summary = "\"" + name + "\" read as " + (guess.block ? "a block" : "an attribute");
    std::string detail =
        guess.block ? "No schema names \"" + name + "\": its value, an array of objects, is written as blocks (" +
                          labels + ", " + times + "); an attribute holding a list of objects has the same JSON."
                    : "No schema names \"" + name + "\": its value, an object, is written as an attribute (" + times +
                          "); a block has the same JSON.";
    detail += guess.block ? " Name the dialect (--dialect) or give a spec (--spec) that knows it."
                          : " Name it with --block if it is a block, or give a spec (--spec) that knows it.";
    diags_.push_back(diag::Diagnostic{diag::Severity::Warning, summary, detail, guess.first, std::nullopt});
  }
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

Options options_for_file(std::string_view name, std::shared_ptr<const Schema> given) {
  static constexpr std::pair<std::string_view, funcs::Dialect> kDialects[] = {
      {".tf.json", funcs::Dialect::Terraform},
      {".tofu.json", funcs::Dialect::OpenTofu},
      {".pkr.json", funcs::Dialect::Packer},
      {".nomad.json", funcs::Dialect::Nomad},
  };
  Options o;
  o.values = ends_with(name, ".tfvars.json");
  o.schema = std::move(given);
  for (const auto& [tail, dialect] : kDialects)
    if (!o.schema && ends_with(name, tail)) o.schema = dialect_schema(dialect);
  return o;
}

Result convert(std::shared_ptr<const source::SourceFile> source, const Options& options) {
  Result result;
  jsonsyntax::ParseResult parsed = jsonsyntax::parse_file(source);
  result.diagnostics = std::move(parsed.diagnostics);
  if (diag::has_errors(result.diagnostics)) return result;
  const jsonsyntax::Document& doc = *parsed.document;
  Writer writer(doc, options);
  writer.body(doc.root(), options.values ? nullptr : options.schema.get());
  writer.report_guesses();
  diag::append(result.diagnostics, std::move(writer.diagnostics()));
  if (diag::has_errors(result.diagnostics)) return result;
  std::string formatted = format::format_source(writer.text());
  auto out = std::make_shared<source::SourceFile>(source->name() + " (native)", formatted);
  syntax::ParseResult check = syntax::parse_config(out);
  for (const auto& d : check.diagnostics) {
    if (d.severity != diag::Severity::Error) continue;
    result.diagnostics.push_back(diag::Diagnostic{diag::Severity::Error, "No native form",
                                                  "The converted text does not parse (" + d.summary +
                                                      (d.detail.empty() ? "" : ": " + d.detail) +
                                                      "); nothing is written.",
                                                  std::nullopt, std::nullopt});
    return result;
  }
  result.text = std::move(formatted);
  return result;
}

}  // namespace hcl::fromjson
