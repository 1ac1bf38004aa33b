// SPDX-License-Identifier: Apache-2.0
// The JSON syntax reader: a scanner that marks token boundaries loosely (so the parser can say
// what is wrong with a malformed keyword, number or string) and a recursive-descent parser with
// the reference's messages and recovery (json/scanner.go, json/parser.go).
#include <fmt/format.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <tuple>

#include "jsonsyntax/reader.h"
#include "source/utf8.h"
#include "util/text.h"

namespace hcl::jsonsyntax {

std::string_view Document::decoded(uint32_t low, uint32_t high) const {
  size_t at = low | static_cast<size_t>(high) << 32;
  uint32_t size;
  std::memcpy(&size, arena_.data() + at, sizeof size);
  return std::string_view(arena_).substr(at + sizeof size, size);
}

std::string_view Document::text(NodeId id) const {
  const Node& n = nodes_[id];
  if (n.decoded) return decoded(n.first, n.count);
  std::string_view all = source_->text();
  if (n.kind == Kind::String) return all.substr(n.start + 1, n.end - n.start - 2);  // inside the quotes
  return all.substr(n.start, n.end - n.start);
}

// Offsets are split in two halves, so that decoded text may pass 4 GiB (each invalid UTF-8 byte
// in a string becomes three).
std::pair<uint32_t, uint32_t> Document::add_decoded(std::string_view text) {
  size_t at = arena_.size();
  auto size = static_cast<uint32_t>(text.size());
  arena_.append(reinterpret_cast<const char*>(&size), sizeof size).append(text);
  return {static_cast<uint32_t>(at), static_cast<uint32_t>(static_cast<uint64_t>(at) >> 32)};
}

void Document::add_decoded_name(uint32_t name_start, std::string_view text) {
  auto [low, high] = add_decoded(text);
  decoded_names_.push_back(DecodedName{name_start, low, high});
}

std::string_view Document::name(const Member& m) const {
  if (!decoded_names_.empty()) {
    auto it = std::lower_bound(decoded_names_.begin(), decoded_names_.end(), m.name_start,
                               [](const DecodedName& d, uint32_t start) { return d.name_start < start; });
    if (it != decoded_names_.end() && it->name_start == m.name_start) return decoded(it->low, it->high);
  }
  return source_->text().substr(m.name_start + 1, m.name_end - m.name_start - 2);  // inside the quotes
}

source::Pos Document::position(uint32_t offset) const {
  auto [line, line_start] = source_->line_at(offset);
  auto column = offset - line_start + 1;
  // The record in force: the last at or before the offset, if on the same line.
  auto it = std::upper_bound(shifts_.begin(), shifts_.end(), offset,
                             [](uint32_t o, const ColumnShift& s) { return o < s.byte; });
  if (it != shifts_.begin() && (it - 1)->byte >= line_start) column -= (it - 1)->shift;
  return source::Pos{line, static_cast<uint32_t>(column), offset};
}

source::Range Document::start_range(NodeId id) const {
  const Node& n = nodes_[id];
  if (n.kind == Kind::Object || n.kind == Kind::Array) return open_range(id);
  return range(id);
}

// Brackets are one byte and one column wide.
source::Range Document::open_range(NodeId id) const {
  source::Pos start = position(nodes_[id].start);
  source::Pos end = start;
  end.byte += 1;
  end.column += 1;
  return source::Range{file_name(), start, end};
}

source::Range Document::close_range(NodeId id) const {
  source::Pos end = position(nodes_[id].end);
  source::Pos start = end;
  start.byte -= 1;
  start.column -= 1;
  return source::Range{file_name(), start, end};
}

bool is_json_filename(std::string_view name) { return name.size() >= 5 && name.substr(name.size() - 5) == ".json"; }

namespace {

enum class Tok : uint8_t {
  BraceO,
  BraceC,
  BrackO,
  BrackC,
  Comma,
  Colon,
  Equals,
  Keyword,
  String,
  Number,
  Eof,
  Invalid,
};

struct Token {
  Tok type;
  source::Pos start, end;
};

bool is_alpha(unsigned char b) { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z'); }

// Where the grapheme cluster that starts at byte i ends; an invalid UTF-8 byte is a cluster of
// its own.
size_t grapheme_end(std::string_view buf, size_t i) {
  char32_t cp = 0;
  int len = source::utf8::decode(buf, i, cp);
  if (len == 0) return i + 1;
  size_t j = i + static_cast<size_t>(len);
  utf8proc_int32_t state = 0;
  char32_t prev = cp;
  while (j < buf.size()) {
    char32_t next = 0;
    int l2 = source::utf8::decode(buf, j, next);
    if (l2 == 0) break;
    if (utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev), static_cast<utf8proc_int32_t>(next),
                                         &state))
      break;
    prev = next;
    j += static_cast<size_t>(l2);
  }
  return j;
}

// json/scanner.go's scan, a token at a time: every token up to the first invalid byte, then an
// end marker. The parser looks one token ahead, so a file's tokens are never all held at once
// (at 28 bytes each, they took more memory than the document they make).
// Each token's boundaries whose column is not their distance to the line start are recorded in
// the document, which resolves positions from byte offsets.
class Scanner {
 public:
  Scanner(std::string_view buf, Document& doc) : buf_(buf), doc_(doc) {}
  Token next();

 private:
  void note(const source::Pos& p) {
    int32_t shift = static_cast<int32_t>(p.byte - line_start_ + 1) - static_cast<int32_t>(p.column);
    if (shift != line_shift_) {
      doc_.add_column_shift(p.byte, shift);
      line_shift_ = shift;
    }
  }

  std::string_view buf_;
  Document& doc_;
  source::Pos pos_{1, 1, 0};
  size_t at_ = 0;
  uint32_t line_start_ = 0;             // the byte after the last newline
  int32_t line_shift_ = 0;              // the last shift recorded on this line
  std::optional<source::Pos> stopped_;  // after an invalid byte: where the end marker sits
};

Token Scanner::next() {
  if (stopped_) return {Tok::Eof, *stopped_, *stopped_};
  const std::string_view buf = buf_;
  source::Pos p = pos_;
  size_t i = at_;
  const size_t n = buf.size();
  auto at = [&](size_t k) { return static_cast<unsigned char>(buf[k]); };
  // A token found: the scan goes on after it next time.
  auto found = [&](Token t) {
    pos_ = p;
    at_ = i;
    note(t.start);
    note(t.end);
    return t;
  };
  // Whitespace: a tab counts two columns, a carriage return none.
  while (i < n) {
    unsigned char b = at(i);
    if (b == ' ') {
      ++p.column;
    } else if (b == '\n') {
      ++p.line;
      p.column = 1;
      line_start_ = static_cast<uint32_t>(i + 1);
      line_shift_ = 0;
    } else if (b == '\r') {
    } else if (b == '\t') {
      p.column += 2;
    } else {
      break;
    }
    ++p.byte;
    ++i;
  }
  if (i >= n) { return found({Tok::Eof, p, p}); }
  source::Pos start = p;
  unsigned char first = at(i);
  switch (first) {
    case '{':
    case '}':
    case '[':
    case ']':
    case ',':
    case ':':
    case '=': {
      ++p.column;
      ++p.byte;
      ++i;
      Tok t = first == '{'   ? Tok::BraceO
              : first == '}' ? Tok::BraceC
              : first == '[' ? Tok::BrackO
              : first == ']' ? Tok::BrackC
              : first == ',' ? Tok::Comma
              : first == ':' ? Tok::Colon
                             : Tok::Equals;
      return found({t, start, p});
    }
    case '"': {
      ++p.byte;
      ++p.column;
      ++i;
      bool escaping = false;
      while (i < n) {
        unsigned char b = at(i);
        if (b == '\\') {
          escaping = !escaping;
          ++p.byte;
          ++p.column;
          ++i;
        } else if (b == '"') {
          ++p.byte;
          ++p.column;
          ++i;
          if (!escaping) break;
          escaping = false;
        } else if (b < 32) {
          break;
        } else {
          // One grapheme cluster is one column.
          size_t j = grapheme_end(buf, i);
          p.byte += static_cast<uint32_t>(j - i);
          ++p.column;
          i = j;
          escaping = false;
        }
      }
      return found({Tok::String, start, p});
    }
    default: break;
  }
  if (first == '-' || first == '+' || first == '.' || (first >= '0' && first <= '9')) {
    while (i < n) {
      unsigned char b = at(i);
      if (!(b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E' || (b >= '0' && b <= '9'))) break;
      ++p.byte;
      ++p.column;
      ++i;
    }
    return found({Tok::Number, start, p});
  }
  if (is_alpha(first)) {
    while (i < n && (is_alpha(at(i)) || at(i) == '_')) {
      ++p.byte;
      ++p.column;
      ++i;
    }
    return found({Tok::Keyword, start, p});
  }
  // Anything else stops the scan: the parser cannot go past it.
  source::Pos end = p;
  ++end.byte;
  ++end.column;
  stopped_ = end;
  return found({Tok::Invalid, start, end});
}

bool is_hex(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Where encoding/json's validity check of a string token fails: the count of bytes it had read
// (the offending byte included), or 0 when the token is a valid JSON string.
size_t string_error_offset(std::string_view tok) {
  // The token starts with a quote; the scanner never includes a control character.
  size_t i = 1;
  while (i < tok.size()) {
    unsigned char c = static_cast<unsigned char>(tok[i]);
    if (c == '"') return i + 1 == tok.size() ? 0 : i + 2;  // trailing bytes cannot occur
    if (c < 0x20) return i + 1;
    if (c != '\\') {
      ++i;
      continue;
    }
    ++i;
    if (i >= tok.size()) return tok.size();
    c = static_cast<unsigned char>(tok[i]);
    switch (c) {
      case 'b':
      case 'f':
      case 'n':
      case 'r':
      case 't':
      case '\\':
      case '/':
      case '"': ++i; continue;
      case 'u':
        ++i;
        for (int k = 0; k < 4; ++k, ++i) {
          if (i >= tok.size()) return tok.size();
          if (!is_hex(static_cast<unsigned char>(tok[i]))) return i + 1;
        }
        continue;
      default: return i + 1;
    }
  }
  return tok.size();  // unexpected end of input
}

uint32_t hex4(std::string_view s, size_t at) {
  uint32_t v = 0;
  for (size_t k = 0; k < 4; ++k) {
    char c = s[at + k];
    v = v * 16 + static_cast<uint32_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  return v;
}

// Whether unquote changes a valid string token's text: it has an escape or invalid UTF-8.
bool decoding_changes(std::string_view tok) {
  std::string_view s = tok.substr(1, tok.size() - 2);
  size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c == '\\') return true;
    if (c < 0x80) {
      ++i;
      continue;
    }
    char32_t cp;
    int len = source::utf8::decode(s, i, cp);
    if (len == 0) return true;
    i += static_cast<size_t>(len);
  }
  return false;
}

// encoding/json's unquote of a valid string token: escapes processed, a lone surrogate escape
// and each byte of invalid UTF-8 replaced by U+FFFD.
std::string unquote(std::string_view tok) {
  std::string out;
  out.reserve(tok.size());
  std::string_view s = tok.substr(1, tok.size() - 2);
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\\') {
      char e = s[i + 1];
      i += 2;
      switch (e) {
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          char32_t r = hex4(s, i);
          i += 4;
          if (r >= 0xD800 && r < 0xE000) {
            // A surrogate: valid only as the first half of a pair written as two escapes.
            if (r < 0xDC00 && i + 6 <= s.size() && s[i] == '\\' && s[i + 1] == 'u') {
              char32_t r2 = hex4(s, i + 2);
              if (r2 >= 0xDC00 && r2 < 0xE000) {
                source::utf8::append(out, 0x10000 + ((r - 0xD800) << 10) + (r2 - 0xDC00));
                i += 6;
                break;
              }
            }
            source::utf8::append(out, 0xFFFD);
            break;
          }
          source::utf8::append(out, r);
          break;
        }
        default: out.push_back(e); break;  // \\ \/ \"
      }
      continue;
    }
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    char32_t cp;
    int len = source::utf8::decode(s, i, cp);
    if (len == 0) {
      source::utf8::append(out, 0xFFFD);
      ++i;
    } else {
      out.append(s.substr(i, static_cast<size_t>(len)));
      i += static_cast<size_t>(len);
    }
  }
  return out;
}

// The JSON number grammar, as encoding/json checks it.
bool valid_number(std::string_view s) {
  size_t i = 0, n = s.size();
  auto digit = [&](size_t k) { return k < n && s[k] >= '0' && s[k] <= '9'; };
  if (i < n && s[i] == '-') ++i;
  if (!digit(i)) return false;
  if (s[i] == '0') {
    ++i;
  } else {
    while (digit(i)) ++i;
  }
  if (i < n && s[i] == '.') {
    ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  return i == n;
}

constexpr NodeId kNone = UINT32_MAX;

// The children of one container, on top of a stack shared by all; dropped if it ends in error.
template <class T>
class Children {
 public:
  explicit Children(std::vector<T>& stack) : stack_(stack), base_(stack.size()) {}
  ~Children() { stack_.resize(base_); }
  Children(const Children&) = delete;
  Children& operator=(const Children&) = delete;

  void push_back(const T& child) { stack_.push_back(child); }
  uint32_t size() const { return static_cast<uint32_t>(stack_.size() - base_); }
  void move_to(std::vector<T>& out) {
    out.insert(out.end(), stack_.begin() + static_cast<std::ptrdiff_t>(base_), stack_.end());
    stack_.resize(base_);
  }

 private:
  std::vector<T>& stack_;
  size_t base_;
};

class Parser {
 public:
  Parser(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options)
      : doc_(std::make_shared<Document>(source)), text_(source->text()), options_(options), scanner_(text_, *doc_) {
    next_ = scanner_.next();
  }

  ParseResult parse(bool file) {
    ParseResult r;
    NodeId root = parse_value();
    if (diags_.empty() && peek().type != Tok::Eof)
      error("Extraneous data after value", "Extra characters appear after the JSON value.", peek());
    if (file) {
      Kind k = doc_->node(root).kind;
      if (k != Kind::Object && k != Kind::Array) {
        diags_.push_back(
            diag::Diagnostic{diag::Severity::Error, "Root value must be object",
                             "The root value in a JSON-based configuration must be either a JSON object or "
                             "a JSON array of objects.",
                             doc_->start_range(root), std::nullopt});
        // An empty stand-in, so that reading the body does not report the same problem again.
        Node fake;
        fake.kind = Kind::Object;
        root = add(fake);
      }
    }
    doc_->set_root(root);
    r.document = doc_;
    r.diagnostics = std::move(diags_);
    return r;
  }

 private:
  const Token& peek() const { return next_; }
  Token read() {
    Token t = next_;
    if (t.type != Tok::Eof) next_ = scanner_.next();
    return t;
  }
  std::string_view bytes(const Token& t) const { return text_.substr(t.start.byte, t.end.byte - t.start.byte); }
  source::Range range(const Token& t) const { return source::Range{doc_->file_name(), t.start, t.end}; }

  void error(std::string summary, std::string detail, const Token& subject) {
    diags_.push_back(
        diag::Diagnostic{diag::Severity::Error, std::move(summary), std::move(detail), range(subject), std::nullopt});
  }

  NodeId add(const Node& n) {
    doc_->mutable_nodes().push_back(n);
    return static_cast<NodeId>(doc_->mutable_nodes().size() - 1);
  }
  NodeId add(Kind kind, const Token& t) {
    Node n;
    n.kind = kind;
    n.start = t.start.byte;
    n.end = t.end.byte;
    return add(n);
  }
  NodeId invalid(const Token& t) { return add(Kind::Invalid, t); }

  // parseValue: never fails; a value that cannot be parsed is an Invalid node at the token where
  // it should have started.
  NodeId parse_value() {
    Token tok = peek();
    NodeId v = kNone;
    switch (tok.type) {
      case Tok::BraceO:
      case Tok::BrackO:
        if (depth_ >= options_.max_depth) {
          error("Nesting too deep",
                fmt::format("This JSON value nests objects or arrays more than {} levels deep, which hcl does not "
                            "parse. Simplify the structure.",
                            options_.max_depth),
                tok);
          // Skip the rest: nothing after this point can be read reliably.
          while (peek().type != Tok::Eof) read();
          break;
        }
        ++depth_;
        v = tok.type == Tok::BraceO ? parse_object() : parse_array();
        --depth_;
        break;
      case Tok::Number: v = parse_number(); break;
      case Tok::String: v = parse_string(); break;
      case Tok::Keyword: v = parse_keyword(); break;
      case Tok::BraceC:
        error("Missing JSON value",
              "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.", tok);
        break;
      case Tok::BrackC:
        error("Missing array element value",
              "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.", tok);
        break;
      case Tok::Eof: error("Missing value", "The JSON data ends prematurely.", tok); break;
      default:
        error("Invalid start of value",
              "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.", tok);
        break;
    }
    return v == kNone ? invalid(tok) : v;
  }

  // After an error inside a container, skip to what looks like its end.
  void recover(Token tok, Tok open_kind, Tok close_kind) {
    int open = 1;
    while (true) {
      if (tok.type == open_kind) {
        ++open;
      } else if (tok.type == close_kind) {
        --open;
        if (open <= 1) return;
      } else if (tok.type == Tok::Eof) {
        return;
      }
      tok = read();
    }
  }

  NodeId parse_object() {
    Token open = read();
    Children<Member> members(member_stack_);
    while (true) {
      if (peek().type == Tok::BraceC) break;
      // A name is no node of its own: its member holds where it is.
      Token key = peek();
      std::optional<std::string> name;
      if (key.type != Tok::String || !string_token(read(), name)) {
        // A value that is no string is read all the same, to report it as the reference does. (A
        // malformed one has already been reported; the reference reports it again in these terms.)
        source::Range where = key.type == Tok::String ? range(key) : doc_->start_range(parse_value());
        diags_.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid object property name",
                                          "A JSON object property name must be a string", where, std::nullopt});
        return kNone;
      }
      if (name) doc_->add_decoded_name(key.start.byte, *name);
      Token colon = read();
      if (colon.type != Tok::Colon) {
        recover(colon, Tok::BraceO, Tok::BraceC);
        if (colon.type == Tok::BraceC || colon.type == Tok::Comma) {
          error("Missing object value", "A JSON object attribute must have a value, introduced by a colon.", colon);
        } else if (colon.type == Tok::Equals) {
          error("Missing property value colon", "JSON uses a colon as its name/value delimiter, not an equals sign.",
                colon);
        } else {
          error("Missing property value colon", "A colon must appear between an object property's name and its value.",
                colon);
        }
        return kNone;
      }
      members.push_back(Member{key.start.byte, key.end.byte, parse_value()});

      switch (peek().type) {
        case Tok::Comma: {
          Token comma = read();
          if (peek().type == Tok::BraceC) {
            error("Trailing comma in object",
                  "JSON does not permit a trailing comma after the final property in an object.", comma);
            return kNone;
          }
          continue;
        }
        case Tok::Eof: error("Unclosed object", "No closing brace was found for this JSON object.", open); return kNone;
        case Tok::BrackC:
          read();
          error("Mismatched braces", "A JSON object must be closed with a brace, not a bracket.", peek());
          return kNone;
        case Tok::BraceC: break;
        default:
          recover(read(), Tok::BraceO, Tok::BraceC);
          error("Missing attribute seperator comma",
                "A comma must appear between each property definition in an object.", peek());
          return kNone;
      }
      break;
    }
    Token close = read();
    Node n;
    n.kind = Kind::Object;
    n.start = open.start.byte;
    n.end = close.end.byte;
    auto& all = doc_->mutable_members();
    n.first = static_cast<uint32_t>(all.size());
    n.count = members.size();
    members.move_to(all);
    return add(n);
  }

  NodeId parse_array() {
    Token open = read();
    Children<NodeId> values(element_stack_);
    while (true) {
      if (peek().type == Tok::BrackC) break;
      values.push_back(parse_value());
      switch (peek().type) {
        case Tok::Comma: {
          Token comma = read();
          if (peek().type == Tok::BrackC) {
            error("Trailing comma in array", "JSON does not permit a trailing comma after the final value in an array.",
                  comma);
            return kNone;
          }
          continue;
        }
        case Tok::Colon:
          recover(read(), Tok::BrackO, Tok::BrackC);
          error("Invalid array value", "A colon is not used to introduce values in a JSON array.", peek());
          return kNone;
        case Tok::Eof:
          recover(read(), Tok::BrackO, Tok::BrackC);
          error("Unclosed object", "No closing bracket was found for this JSON array.", open);
          return kNone;
        case Tok::BraceC:
          recover(read(), Tok::BrackO, Tok::BrackC);
          error("Mismatched brackets", "A JSON array must be closed with a bracket, not a brace.", peek());
          return kNone;
        case Tok::BrackC: break;
        default:
          recover(read(), Tok::BrackO, Tok::BrackC);
          error("Missing attribute seperator comma", "A comma must appear between each value in an array.", peek());
          return kNone;
      }
      break;
    }
    Token close = read();
    Node n;
    n.kind = Kind::Array;
    n.start = open.start.byte;
    n.end = close.end.byte;
    auto& all = doc_->mutable_elements();
    n.first = static_cast<uint32_t>(all.size());
    n.count = values.size();
    values.move_to(all);
    return add(n);
  }

  NodeId parse_number() {
    Token tok = read();
    std::string_view s = bytes(tok);
    if (!valid_number(s)) {
      error("Invalid JSON number", "There is a syntax error in the given JSON number.", tok);
      return kNone;
    }
    return add(Kind::Number, tok);
  }

  // Checks a string token, reporting it when malformed; `decoded` receives its text where
  // decoding changes it (else the text is the source's, inside the quotes).
  bool string_token(const Token& tok, std::optional<std::string>& decoded) {
    std::string_view s = bytes(tok);
    if (size_t off = string_error_offset(s)) {
      // The reference points one byte past the offending one (encoding/json's error offset), with
      // the whole string as context.
      source::Pos at = tok.start;
      at.byte += static_cast<uint32_t>(off);
      at.column += static_cast<uint32_t>(off);
      source::Pos end = at;
      ++end.byte;
      ++end.column;
      source::Range subject{doc_->file_name(), at, end};
      std::optional<source::Range> context;
      if (!(subject == range(tok))) context = range(tok);
      diags_.push_back(diag::Diagnostic{diag::Severity::Error, "Invalid JSON string",
                                        "There is a syntax error in the given JSON string.", subject, context});
      return false;
    }
    if (decoding_changes(s)) decoded = unquote(s);
    return true;
  }

  NodeId parse_string() {
    Token tok = read();
    std::optional<std::string> decoded;
    if (!string_token(tok, decoded)) return kNone;
    Node n;
    n.kind = Kind::String;
    n.start = tok.start.byte;
    n.end = tok.end.byte;
    if (decoded) {
      n.decoded = true;
      std::tie(n.first, n.count) = doc_->add_decoded(*decoded);
    }
    return add(n);
  }

  NodeId parse_keyword() {
    Token tok = read();
    std::string_view s = bytes(tok);
    if (s == "true" || s == "false") return add(Kind::Bool, tok);
    if (s == "null") return add(Kind::Null, tok);
    if (s == "undefined" || s == "NaN" || s == "Infinity") {
      error("Invalid JSON keyword",
            fmt::format("The JavaScript identifier {} cannot be used in JSON.", util::go_quote(s)), tok);
      return kNone;
    }
    std::string_view suggestion = util::name_suggestion(s, {"false", "true", "null"});
    std::string dym = suggestion.empty() ? "" : fmt::format(" Did you mean {}?", util::go_quote(suggestion));
    error("Invalid JSON keyword", fmt::format("{} is not a valid JSON keyword.{}", util::go_quote(s), dym), tok);
    return kNone;
  }

  std::shared_ptr<Document> doc_;
  std::string_view text_;
  ParseOptions options_;
  Scanner scanner_;
  Token next_;  // the token peek() shows
  // The members and elements of the objects and arrays open now, the innermost last: each moves
  // into the document when its container closes, next to its siblings.
  std::vector<Member> member_stack_;
  std::vector<NodeId> element_stack_;
  uint32_t depth_ = 0;
  diag::Diagnostics diags_;
};

}  // namespace

ParseResult parse_file(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options) {
  return Parser(std::move(source), options).parse(true);
}

ParseResult parse_expression(std::shared_ptr<const source::SourceFile> source, const ParseOptions& options) {
  return Parser(std::move(source), options).parse(false);
}

}  // namespace hcl::jsonsyntax
