// SPDX-License-Identifier: Apache-2.0
// python-hcl2's shape (python_hcl2.h). python-hcl2 works from the text as its grammar cuts it:
// comments and newlines are pieces of an expression, string templates are literal text and
// nested expressions, heredocs are whole. The tree's tokens are cut the same way once line
// comments give up their newline and template sequences their strip markers, so the printer
// first reads them into that form (Piece), then lays out bodies, values and expressions from it.

#include "json/python_hcl2.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "source/utf8.h"
#include "util/text.h"

namespace hcl::json {

namespace {

using lex::TokenKind;

enum class PieceKind : uint8_t { Newline, Comment, Number, Name, String, Heredoc, Op };

// One piece of the text. A newline's text is the blank space after it (its own text is "\n"
// and that space); a string's pieces are in Printer::strings_[parts].
struct Piece {
  PieceKind kind;
  std::string_view text;
  uint32_t offset = 0;
  uint32_t parts = 0;
};
using Pieces = std::span<const Piece>;

struct Part {
  enum Kind : uint8_t { Literal, Interp, Directive } kind;
  std::string_view literal;
  std::vector<Piece> pieces;
};

// A Python value, dicts keeping their insertion order.
struct Entry;
struct PyValue {
  enum class Kind : uint8_t { Null, True, False, Int, Float, String, List, Dict };
  Kind kind = Kind::Null;
  std::string text;            // Int, Float: its JSON text; String: the string
  std::vector<Entry> entries;  // List: keys empty
};
struct Entry {
  std::string key;
  PyValue value;
};

struct Refused {
  std::string summary, detail;
};

bool trivia(const Piece& p) { return p.kind == PieceKind::Newline || p.kind == PieceKind::Comment; }
bool is_op(const Piece& p, std::string_view s) { return p.kind == PieceKind::Op && p.text == s; }
bool opener(const Piece& p) { return p.kind == PieceKind::Op && (p.text == "(" || p.text == "[" || p.text == "{"); }
bool closer_text(std::string_view s) { return s == ")" || s == "]" || s == "}"; }
bool closer(const Piece& p) { return p.kind == PieceKind::Op && closer_text(p.text); }
bool binary_text(std::string_view s) {
  static constexpr std::string_view ops[] = {"+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"};
  for (std::string_view o : ops)
    if (s == o) return true;
  return false;
}
bool spaced_text(std::string_view s) { return s == "?" || s == ":" || s == "=>" || s == "="; }

// The length of the character at i when Python's str.isspace() takes it: Unicode White_Space
// (Go's unicode.IsSpace) and the separators U+001C to U+001F; else 0.
size_t space_at(std::string_view s, size_t i) {
  char32_t cp = 0;
  int n = source::utf8::decode(s, i, cp);
  return n > 0 && (source::utf8::is_space(cp) || (cp >= 0x1c && cp <= 0x1f)) ? static_cast<size_t>(n) : 0;
}

// Python's str.strip(): those characters removed at both ends.
std::string_view py_strip(std::string_view s) {
  size_t a = 0;
  while (a < s.size()) {
    size_t n = space_at(s, a);
    if (!n) break;
    a += n;
  }
  size_t b = s.size();
  while (b > a) {
    size_t k = b - 1;
    while (k > a && (static_cast<unsigned char>(s[k]) & 0xc0) == 0x80) --k;
    size_t n = space_at(s, k);
    if (n != b - k) break;
    b = k;
  }
  return s.substr(a, b - a);
}

bool has_exponent(std::string_view digits) { return digits.find_first_of("eE") != std::string_view::npos; }

// int(text) as Python prints it.
std::string int_text(std::string_view digits, bool negative) {
  size_t z = digits.find_first_not_of('0');
  std::string_view d = z == std::string_view::npos ? std::string_view("0") : digits.substr(z);
  return (negative && d != "0" ? "-" : "") + std::string(d);
}

// float(text) of digits with a fraction and no exponent: past a double's range, inf (or 0 for
// a fraction too small), as Python reads it.
// (strtod rather than std::from_chars, which emscripten's libc++ lacks for double.)
double to_double(std::string_view digits) {
  std::string s(digits);
  errno = 0;
  double d = std::strtod(s.c_str(), nullptr);
  if (errno == ERANGE) return digits.find_first_not_of("0.") < digits.find('.') ? HUGE_VAL : 0.0;
  return d;
}

PyValue string_value(std::string s) { return PyValue{PyValue::Kind::String, std::move(s), {}}; }

// A run of comments and newlines as python-hcl2 lists them: when the run starts with `/*` and
// ends with `*/`, everything between as one value (even across several comments), else one
// value per line with the `#` or `//` removed.
void comment_values(const std::string& raw, bool only_newlines, std::vector<Entry>& out) {
  if (only_newlines) return;
  auto add = [&](std::string_view text) {
    PyValue v{PyValue::Kind::Dict, {}, {}};
    v.entries.push_back(Entry{"value", string_value(std::string(text))});
    out.push_back(Entry{{}, std::move(v)});
  };
  std::string_view stripped = py_strip(raw);
  if (stripped.starts_with("/*") && stripped.ends_with("*/")) {
    std::string_view inner = stripped.size() >= 4 ? py_strip(stripped.substr(2, stripped.size() - 4)) : "";
    if (!inner.empty()) add(inner);
    return;
  }
  std::string_view rest = raw;
  while (true) {
    size_t nl = rest.find('\n');
    std::string_view line = py_strip(rest.substr(0, nl));
    if (line.starts_with("//")) line.remove_prefix(2);
    else if (line.starts_with("#")) line.remove_prefix(1);
    if (!line.empty()) add(py_strip(line));
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
}

// Comments and newlines gathered one run at a time.
struct CommentRun {
  std::string raw;
  bool only_newlines = true;
  void add(const Piece& p) {
    if (p.kind == PieceKind::Newline) raw.push_back('\n');
    else only_newlines = false;
    raw.append(p.text);
  }
  void flush(std::vector<Entry>& out) {
    comment_values(raw, only_newlines, out);
    raw.clear();
    only_newlines = true;
  }
};

// An insertion-ordered dict under construction, found by key in constant time once it grows.
class DictBuilder {
 public:
  PyValue value{PyValue::Kind::Dict, {}, {}};
  PyValue* find(const std::string& key) {
    if (value.entries.size() <= 16) {
      for (Entry& e : value.entries)
        if (e.key == key) return &e.value;
      return nullptr;
    }
    if (index_.size() != value.entries.size())
      for (size_t i = index_.size(); i < value.entries.size(); ++i) index_.emplace(value.entries[i].key, i);
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &value.entries[it->second].value;
  }
  // Python's d[key] = v: a key already there keeps its place.
  void set(std::string key, PyValue v) {
    if (PyValue* old = find(key)) {
      *old = std::move(v);
      return;
    }
    value.entries.push_back(Entry{std::move(key), std::move(v)});
  }

 private:
  std::unordered_map<std::string, size_t> index_;
};

// Piece::parts of a string without template sequences.
constexpr uint32_t kLiteralOnly = UINT32_MAX;

class Printer {
 public:
  Printer(const syntax::SyntaxTree& tree, const PythonHcl2Options& options) : tree_(tree), options_(options) {}

  PyValue file() {
    std::vector<Piece> pieces;
    pieces.reserve(tree_.tokens().size());
    uint32_t i = 0;
    read(i, pieces, false);
    size_t at = 0;
    return body(pieces, at, false);
  }

 private:
  struct Depth {
    explicit Depth(int& d) : d_(d) {
      if (++d_ > kPythonHcl2MaxDepth)
        throw Refused{"Nesting too deep",
                      "The file nests brackets more deeply than the compatibility module can follow."};
    }
    ~Depth() { --d_; }
    int& d_;
  };

  // --- the tree's tokens as pieces ---

  void newline_piece(uint32_t end, std::vector<Piece>& out) {
    std::string_view text = tree_.text();
    uint32_t e = end;
    while (e < text.size() && (text[e] == ' ' || text[e] == '\t')) ++e;
    out.push_back(Piece{PieceKind::Newline, text.substr(end, e - end), end - 1, 0});
  }

  // Tokens from i on into pieces, up to the end of the file, or in a template sequence up to
  // (and past) the token that closes it.
  void read(uint32_t& i, std::vector<Piece>& out, bool in_sequence) {
    const std::vector<lex::Token>& tokens = tree_.tokens();
    std::string_view src = tree_.text();
    while (i < tokens.size()) {
      const lex::Token& t = tokens[i];
      std::string_view text = t.text(src);
      switch (t.kind) {
        case TokenKind::Eof: return;
        case TokenKind::Newline: newline_piece(t.end, out); break;
        case TokenKind::Comment: {
          if (text.starts_with("/*")) {
            out.push_back(Piece{PieceKind::Comment, text, t.start, 0});
            break;
          }
          size_t cut = text.find_first_of("\r\n");
          out.push_back(Piece{PieceKind::Comment, text.substr(0, cut), t.start, 0});
          if (text.ends_with('\n')) newline_piece(t.end, out);
          break;
        }
        case TokenKind::NumberLit: out.push_back(Piece{PieceKind::Number, text, t.start, 0}); break;
        case TokenKind::Ident: out.push_back(Piece{PieceKind::Name, text, t.start, 0}); break;
        case TokenKind::OQuote: {
          uint32_t start = t.start;
          uint32_t parts = quoted(++i);
          uint32_t end = i < tokens.size() ? tokens[i].end : static_cast<uint32_t>(src.size());
          out.push_back(Piece{PieceKind::String, src.substr(start, end - start), start, parts});
          break;
        }
        case TokenKind::OHeredoc: {
          uint32_t start = t.start;
          for (int depth = 1; depth > 0 && i + 1 < tokens.size();) {
            ++i;
            if (tokens[i].kind == TokenKind::OHeredoc) ++depth;
            if (tokens[i].kind == TokenKind::CHeredoc) --depth;
          }
          out.push_back(Piece{PieceKind::Heredoc, src.substr(start, tokens[i].end - start), start, 0});
          break;
        }
        case TokenKind::TemplateSeqEnd:
          if (text.starts_with('~')) out.push_back(Piece{PieceKind::Op, text.substr(0, 1), t.start, 0});
          if (in_sequence) {
            ++i;
            return;
          }
          break;
        default: out.push_back(Piece{PieceKind::Op, text, t.start, 0}); break;
      }
      ++i;
    }
  }

  // A quoted template's parts from the token after its opening quote; i ends at the closing
  // quote.
  uint32_t quoted(uint32_t& i) {
    const std::vector<lex::Token>& tokens = tree_.tokens();
    std::string_view src = tree_.text();
    // Most strings are literal text alone: their text between the quotes is all they print.
    uint32_t first = i;
    while (i < tokens.size() && tokens[i].kind == TokenKind::QuotedLit) ++i;
    if (i < tokens.size() && tokens[i].kind == TokenKind::CQuote) return kLiteralOnly;
    i = first;
    std::vector<Part> parts;
    while (i < tokens.size() && tokens[i].kind != TokenKind::CQuote && tokens[i].kind != TokenKind::Eof) {
      const lex::Token& t = tokens[i];
      if (t.kind == TokenKind::TemplateInterp || t.kind == TokenKind::TemplateControl) {
        Part part{t.kind == TokenKind::TemplateInterp ? Part::Interp : Part::Directive, {}, {}};
        if (t.text(src).ends_with('~')) part.pieces.push_back(Piece{PieceKind::Op, "~", t.end - 1, 0});
        read(++i, part.pieces, true);
        parts.push_back(std::move(part));
        continue;
      }
      // Literal text (escapes as written) runs to the next sequence.
      if (!parts.empty() && parts.back().kind == Part::Literal) {
        const char* begin = parts.back().literal.data();
        parts.back().literal = std::string_view(begin, static_cast<size_t>(src.data() + t.end - begin));
      } else {
        parts.push_back(Part{Part::Literal, t.text(src), {}});
      }
      ++i;
    }
    strings_.push_back(std::move(parts));
    return static_cast<uint32_t>(strings_.size() - 1);
  }

  // --- bodies ---

  PyValue body(Pieces toks, size_t& i, bool nested) {
    Depth depth(depth_);
    DictBuilder result;
    std::vector<Entry> comments, inline_comments;
    CommentRun run;
    std::unordered_set<std::string_view> attributes;
    size_t n = toks.size();
    while (i < n) {
      const Piece& p = toks[i];
      if (trivia(p)) {
        run.add(p);
        ++i;
        continue;
      }
      if (nested && p.text == "}") break;
      run.flush(comments);
      size_t j = skip_space(toks, i + 1);
      if (j < n && toks[j].text == "=") {
        i = attribute(toks, p.text, j + 1, nested, result, inline_comments);
        attributes.insert(p.text);
      } else {
        i = block(toks, i, result, attributes);
      }
    }
    run.flush(comments);
    if (options_.with_comments) {
      if (!comments.empty()) result.set("__comments__", PyValue{PyValue::Kind::List, {}, std::move(comments)});
      if (!inline_comments.empty())
        result.set("__inline_comments__", PyValue{PyValue::Kind::List, {}, std::move(inline_comments)});
    }
    return std::move(result.value);
  }

  size_t attribute(Pieces toks, std::string_view name, size_t i, bool nested, DictBuilder& result,
                   std::vector<Entry>& inline_comments) {
    size_t end = expression_end(toks, i, nested);
    Pieces expr = toks.subspan(i, end - i);
    result.set(std::string(name), value(expr));
    inner_comments(expr, inline_comments);
    // python-hcl2's grammar lets a binary operation swallow the comments after it; when they
    // start on its line they are counted as the expression's own.
    if (has_binary(expr) && end < toks.size() && toks[end].kind == PieceKind::Comment) {
      CommentRun run;
      while (end < toks.size() && trivia(toks[end])) run.add(toks[end++]);
      run.flush(inline_comments);
    }
    return end;
  }

  size_t block(Pieces toks, size_t i, DictBuilder& result, const std::unordered_set<std::string_view>& attributes) {
    std::string_view name = toks[i].text;
    std::vector<std::string> labels;
    ++i;
    while (i < toks.size() && toks[i].text != "{") labels.push_back(label(toks[i++]));
    if (i >= toks.size()) throw Refused{"Unexpected item", "A block has no body."};
    PyValue v = body(toks, ++i, true);
    if (options_.explicit_blocks) v.entries.push_back(Entry{"__is_block__", PyValue{PyValue::Kind::True, {}, {}}});
    for (auto l = labels.rbegin(); l != labels.rend(); ++l) {
      PyValue outer{PyValue::Kind::Dict, {}, {}};
      outer.entries.push_back(Entry{std::move(*l), std::move(v)});
      v = std::move(outer);
    }
    if (attributes.contains(name))
      // python-hcl2 refuses a block named after an attribute before it (it has no place for
      // both); HCL leaves that to the schema. Refused alike, as no value could hold both.
      throw Refused{"Attribute " + std::string(name) + " is already defined.",
                    "python-hcl2's shape has no place for a block named after an attribute."};
    std::string key(name);
    PyValue* list = result.find(key);
    if (!list || list->kind != PyValue::Kind::List) {
      result.set(key, PyValue{PyValue::Kind::List, {}, {}});
      list = result.find(key);
    }
    list->entries.push_back(Entry{{}, std::move(v)});
    return i + 1;
  }

  std::string label(const Piece& p) {
    if (p.kind == PieceKind::String) return string_text(p);
    if (p.kind == PieceKind::Newline) return "\n" + std::string(p.text);
    return std::string(p.text);
  }

  // --- values ---

  // An expression as python-hcl2 serializes it outside "${...}".
  PyValue value(Pieces expr) {
    Depth depth(depth_);
    // The significant pieces: how many (up to 3), the first two and the last.
    size_t count = 0, first = 0, second = 0, last = 0;
    for (size_t i = 0; i < expr.size(); ++i) {
      if (trivia(expr[i])) continue;
      if (count == 0) first = i;
      else if (count == 1) second = i;
      count += count < 3;
      last = i;
    }
    if (count == 1) return single(expr[first]);
    const Piece& head = expr[first];
    if (count == 2 && head.text == "-" && expr[second].kind == PieceKind::Number &&
        expr[second].offset == head.offset + 1) {
      // python-hcl2's number tokens take a minus sign before a fraction or before two or
      // more digits; "-1" is its unary operator, hence an expression.
      std::string_view digits = expr[second].text;
      bool fraction = digits.find('.') != std::string_view::npos;
      if (!has_exponent(digits) && (fraction || digits.size() > 1)) {
        if (fraction) return PyValue{PyValue::Kind::Float, python_float_repr(-to_double(digits)), {}};
        return PyValue{PyValue::Kind::Int, int_text(digits, true), {}};
      }
    }
    if (count > 0 && (head.text == "[" || head.text == "{") && head.kind == PieceKind::Op &&
        closes_at(expr, first, last) && expr[second].text != "for") {
      const Piece* sig0 = &head;
      Pieces inner = expr.subspan(first + 1, last - first - 1);
      if (sig0->text == "[") {
        PyValue list{PyValue::Kind::List, {}, {}};
        for (Pieces e : split(inner, false))
          if (significant(e)) list.entries.push_back(Entry{{}, value(e)});
        return list;
      }
      return object(inner);
    }
    std::string out = "${";
    expression(expr, false, out);
    out.push_back('}');
    return string_value(std::move(out));
  }

  PyValue single(const Piece& p) {
    switch (p.kind) {
      case PieceKind::Number:
        if (has_exponent(p.text)) return string_value("${" + std::string(p.text) + "}");
        if (p.text.find('.') != std::string_view::npos)
          return PyValue{PyValue::Kind::Float, python_float_repr(to_double(p.text)), {}};
        return PyValue{PyValue::Kind::Int, int_text(p.text, false), {}};
      case PieceKind::Name:
        if (p.text == "true") return PyValue{PyValue::Kind::True, {}, {}};
        if (p.text == "false") return PyValue{PyValue::Kind::False, {}, {}};
        if (p.text == "null") return PyValue{};
        return string_value(std::string(p.text));
      case PieceKind::String: return string_value(string_text(p));
      case PieceKind::Heredoc: return string_value(heredoc_text(p));
      default: return string_value("${" + std::string(p.text) + "}");
    }
  }

  PyValue object(Pieces inner) {
    DictBuilder out;
    for (Pieces element : split(inner, true)) {
      if (!significant(element)) continue;
      size_t k = key_end(element);
      out.set(key(element.first(k)), value(element.subspan(std::min(k + 1, element.size()))));
    }
    return std::move(out.value);
  }

  std::string key(Pieces key) {
    const Piece* only = nullptr;
    size_t count = 0;
    for (const Piece& p : key)
      if (!trivia(p)) only = &p, ++count;
    if (count == 1 && (only->kind == PieceKind::Name || only->kind == PieceKind::String)) return label(*only);
    if (count == 1 && only->kind == PieceKind::Number) return number_term(only->text, true);
    std::string out = "${";
    expression(key, false, out);
    out.push_back('}');
    return out;
  }

  // str() of the number python-hcl2 makes of a number token; `wrapped`: an exponent's "${...}".
  static std::string number_term(std::string_view text, bool wrapped) {
    if (has_exponent(text)) return wrapped ? "${" + std::string(text) + "}" : std::string(text);
    if (text.find('.') != std::string_view::npos) return python_float_repr(to_double(text));
    return int_text(text, false);
  }

  std::string string_text(const Piece& p) {
    if (p.parts == kLiteralOnly)
      return options_.strip_string_quotes ? std::string(p.text.substr(1, p.text.size() - 2)) : std::string(p.text);
    std::string inner;
    if (!options_.strip_string_quotes) inner.push_back('"');
    for (const Part& part : strings_[p.parts]) {
      if (part.kind == Part::Literal) {
        inner.append(part.literal);
        continue;
      }
      inner.append(part.kind == Part::Interp ? "${" : "%{ ");
      expression(part.pieces, false, inner);
      inner.append(part.kind == Part::Interp ? "}" : " }");
    }
    if (!options_.strip_string_quotes) inner.push_back('"');
    return inner;
  }

  std::string heredoc_text(const Piece& p) const {
    std::string_view text = p.text;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\t' || text.back() == ' ')) text.remove_suffix(1);
    return options_.strip_string_quotes ? std::string(text) : "\"" + std::string(text) + "\"";
  }

  // --- expressions inside "${...}" ---

  // An expression laid out as python-hcl2 writes it: one line, one space around binary
  // operators, ", " between elements, no trailing commas.
  void expression(Pieces toks, bool for_object, std::string& out) {
    Depth depth(depth_);
    const Piece* prev = nullptr;
    bool first = true;
    size_t n = toks.size();
    // An `in` or `if` is a for expression's when the expression begins with `for` and the word
    // is inside no bracket. Brackets are laid out whole below, so only a closing one without
    // its opening one can stand before the word.
    size_t lead = skip_space(toks, 0);
    bool is_for = lead < n && toks[lead].text == "for";
    int unopened = 0;
    for (size_t i = 0; i < n;) {
      const Piece& t = toks[i];
      if (trivia(t)) {
        ++i;
        continue;
      }
      if (t.kind == PieceKind::Op) {
        unopened += closer(t);
        if (opener(t)) {
          size_t j = match(toks, i);
          group(toks.subspan(i + 1, j > i ? j - i - 1 : 0), t.text, toks[j].text, out);
          prev = &toks[j];
          i = j + 1;
          first = false;
          continue;
        }
        if ((binary_text(t.text) && !unary(prev, t.text)) || spaced_text(t.text)) {
          out.push_back(' ');
          out.append(t.text);
          out.push_back(' ');
        } else if (t.text == ",") {
          size_t k = skip_space(toks, i + 1);
          if (k < n && !closer_text(toks[k].text)) out.append(", ");
        } else if (t.text == "...") {
          out.append(for_object ? "..." : " ...");
        } else {
          out.append(t.text);
        }
      } else if (t.kind == PieceKind::Name && (t.text == "in" || t.text == "if") && !first && prev->text != "." &&
                 is_for && unopened == 0) {
        out.push_back(' ');
        out.append(t.text);
        out.push_back(' ');
      } else if (t.kind == PieceKind::Name && first && (t.text == "for" || t.text == "if")) {
        out.append(t.text);
        out.push_back(' ');
      } else {
        term(t, out);
      }
      prev = &t;
      first = false;
      ++i;
    }
  }

  // A bracketed part of an expression; inner keeps its newlines, which separate object
  // elements.
  void group(Pieces inner, std::string_view open, std::string_view close, std::string& out) {
    size_t k = skip_space(inner, 0);
    bool is_for = k < inner.size() && inner[k].text == "for";
    if (open == "{" && !is_for) {
      out.push_back('{');
      bool any = false;
      for (Pieces element : split(inner, true)) {
        if (!significant(element)) continue;
        if (any) out.append(", ");
        any = true;
        size_t e = key_end(element);
        expression(element.first(e), false, out);
        out.append(" = ");
        expression(element.subspan(std::min(e + 1, element.size())), false, out);
      }
      out.push_back('}');
      return;
    }
    out.append(open);
    expression(inner, open == "{", out);
    out.append(close);
  }

  void term(const Piece& t, std::string& out) {
    switch (t.kind) {
      case PieceKind::Number: out.append(number_term(t.text, false)); return;
      case PieceKind::String: out.append(string_text(t)); return;
      case PieceKind::Heredoc: out.append(heredoc_text(t)); return;
      default: out.append(t.text);
    }
  }

  // --- helpers over pieces ---

  static bool significant(Pieces toks) {
    for (const Piece& p : toks)
      if (!trivia(p)) return true;
    return false;
  }

  static size_t skip_space(Pieces toks, size_t i) {
    while (i < toks.size() && trivia(toks[i])) ++i;
    return i;
  }

  // The index of the bracket closing the one at i (the last piece when none does).
  static size_t match(Pieces toks, size_t i) {
    int depth = 0;
    for (size_t j = i; j < toks.size(); ++j) {
      if (opener(toks[j])) ++depth;
      else if (closer(toks[j]) && --depth == 0) return j;
    }
    return toks.size() - 1;
  }
  // Whether the bracket at i is closed at `last` (or not at all, which python-hcl2's
  // serializer takes as closed at the end).
  static bool closes_at(Pieces toks, size_t i, size_t last) {
    int depth = 0;
    for (size_t j = i; j < toks.size(); ++j) {
      if (opener(toks[j])) ++depth;
      else if (closer(toks[j]) && --depth == 0) return j == last;
    }
    return true;
  }

  // Where an attribute's expression starting at i ends: a newline or comment outside brackets,
  // or the closing brace of a one-line block.
  static size_t expression_end(Pieces toks, size_t i, bool nested) {
    int depth = 0;
    for (; i < toks.size(); ++i) {
      const Piece& t = toks[i];
      if (depth == 0 && trivia(t) && i > 0) return i;
      if (opener(t)) ++depth;
      else if (closer(t)) {
        if (depth == 0 && nested) return i;
        --depth;
      }
    }
    return toks.size();
  }

  // toks cut at the commas outside brackets, and with `newlines` at the newlines too.
  static std::vector<Pieces> split(Pieces toks, bool newlines) {
    std::vector<Pieces> parts;
    size_t start = 0;
    int depth = 0;
    for (size_t i = 0; i < toks.size(); ++i) {
      const Piece& t = toks[i];
      if (opener(t)) ++depth;
      else if (closer(t)) --depth;
      else if (depth == 0 && (is_op(t, ",") || (newlines && t.kind == PieceKind::Newline))) {
        parts.push_back(toks.subspan(start, i - start));
        start = i + 1;
      }
    }
    parts.push_back(toks.subspan(start));
    return parts;
  }

  // The index of an object element's `=` or `:` (outside brackets).
  static size_t key_end(Pieces element) {
    int depth = 0;
    for (size_t i = 0; i < element.size(); ++i) {
      const Piece& t = element[i];
      if (opener(t)) ++depth;
      else if (closer(t)) --depth;
      else if (depth == 0 && (is_op(t, "=") || is_op(t, ":"))) return i;
    }
    return element.size();
  }

  static bool unary(const Piece* prev, std::string_view text) {
    if (text != "-" && text != "*") return false;
    if (!prev) return true;
    if (text == "*") return prev->text == "." || prev->text == "[";
    return prev->kind == PieceKind::Op && !closer_text(prev->text);
  }

  // Whether a binary operator stands outside brackets.
  static bool has_binary(Pieces expr) {
    int depth = 0;
    const Piece* prev = nullptr;
    for (const Piece& t : expr) {
      if (trivia(t)) continue;
      if (opener(t)) ++depth;
      else if (closer(t)) --depth;
      else if (depth == 0 && t.kind == PieceKind::Op && binary_text(t.text) && !unary(prev, t.text)) return true;
      prev = &t;
    }
    return false;
  }

  // The comments inside an expression, one group per run of comments and newlines.
  static void inner_comments(Pieces expr, std::vector<Entry>& out) {
    CommentRun run;
    for (const Piece& t : expr) {
      if (trivia(t)) run.add(t);
      else if (!run.raw.empty()) run.flush(out);
    }
    run.flush(out);
  }

  const syntax::SyntaxTree& tree_;
  const PythonHcl2Options& options_;
  std::vector<std::vector<Part>> strings_;
  int depth_ = 0;
};

void write(const PyValue& v, std::string& out) {
  switch (v.kind) {
    case PyValue::Kind::Null: out.append("null"); return;
    case PyValue::Kind::True: out.append("true"); return;
    case PyValue::Kind::False: out.append("false"); return;
    case PyValue::Kind::Int: out.append(v.text); return;
    case PyValue::Kind::Float:
      // JSON has no infinity; Python's json module reads these.
      out.append(v.text == "inf" ? "Infinity" : v.text == "-inf" ? "-Infinity" : v.text);
      return;
    case PyValue::Kind::String:
      out.push_back('"');
      util::append_json_escaped(out, v.text, false);
      out.push_back('"');
      return;
    case PyValue::Kind::List:
      out.push_back('[');
      for (size_t i = 0; i < v.entries.size(); ++i) {
        if (i) out.push_back(',');
        write(v.entries[i].value, out);
      }
      out.push_back(']');
      return;
    case PyValue::Kind::Dict:
      out.push_back('{');
      for (size_t i = 0; i < v.entries.size(); ++i) {
        if (i) out.push_back(',');
        out.push_back('"');
        util::append_json_escaped(out, v.entries[i].key, false);
        out.append("\":");
        write(v.entries[i].value, out);
      }
      out.push_back('}');
      return;
  }
}

}  // namespace

std::string python_float_repr(double d) {
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  if (std::isnan(d)) return "nan";
  // The fewest digits that read back as d (std::to_chars's shortest form, which emscripten's
  // libc++ lacks for double): each precision's correctly rounded digits, until one reads back.
  char buf[64];
  int len = 0;
  for (int precision = 0; precision <= 17; ++precision) {
    len = std::snprintf(buf, sizeof buf, "%.*e", precision, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  std::string_view sci(buf, static_cast<size_t>(len));
  bool negative = sci.starts_with('-');
  if (negative) sci.remove_prefix(1);
  size_t e = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e))
    if (c != '.') digits.push_back(c);
  int exp10 = std::atoi(std::string(sci.substr(e + 1)).c_str());
  std::string out = negative ? "-" : "";
  int n = static_cast<int>(digits.size());
  if (exp10 >= -4 && exp10 < 16) {
    int point = exp10 + 1;
    if (point <= 0) out += "0." + std::string(static_cast<size_t>(-point), '0') + digits;
    else if (point >= n) out += digits + std::string(static_cast<size_t>(point - n), '0') + ".0";
    else out += digits.substr(0, static_cast<size_t>(point)) + "." + digits.substr(static_cast<size_t>(point));
    return out;
  }
  out += digits.substr(0, 1);
  if (n > 1) out += "." + digits.substr(1);
  std::string ex = std::to_string(exp10 < 0 ? -exp10 : exp10);
  if (ex.size() < 2) ex.insert(0, "0");
  return out + "e" + (exp10 < 0 ? "-" : "+") + ex;
}

PythonHcl2Result python_hcl2(const syntax::SyntaxTree& tree, const PythonHcl2Options& options) {
  PythonHcl2Result result;
  try {
    PyValue v = Printer(tree, options).file();
    write(v, result.json);
  } catch (const Refused& r) {
    result.json.clear();
    result.diagnostics.push_back(
        diag::Diagnostic{diag::Severity::Error, r.summary, r.detail, std::nullopt, std::nullopt});
  }
  return result;
}

}  // namespace hcl::json
