// SPDX-License-Identifier: Apache-2.0
// JSON documents decoded as cty's json package decodes them without a schema (ImpliedType, then
// Unmarshal), over a tokenizer that follows encoding/json's Decoder.Token and its messages. Shared
// by jsondecode and --vars, so that both accept the same documents (numbers of any size, 1e400
// included) and refuse the same nesting. A --vars file goes first through the checking pass of
// cty/json_document.h, whose values are built on first use; what that pass is unsure of, errors
// included, comes here. (simdjson is no faster path for this: Debian ships it only as a shared
// library, with its scanner in the .so, and `hcl` links statically.)
#include <algorithm>
#include <cstring>
#include <deque>
#include <new>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "cty/budget.h"
#include "cty/convert.h"
#include "cty/json_document.h"
#include "cty/json_encoding.h"
#include "cty/unicode.h"
#include "source/utf8.h"
#include "util/hash_key.h"
#include "util/limits.h"
#include "util/text.h"

namespace hcl::cty {

namespace {

int hex4(std::string_view s) {
  int v = 0;
  for (char ch : s) {
    v <<= 4;
    v |= ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10;
  }
  return v;
}

}  // namespace

// encoding/json's unquote of a scanned string body: escapes decoded, surrogate pairs joined,
// lone surrogates and invalid UTF-8 as U+FFFD.
void json_unquote(std::string_view body, std::string& out) {
  out.clear();
  size_t i = 0;
  while (i < body.size()) {
    char c = body[i];
    if (c == '\\') {
      char e = body[i + 1];
      i += 2;
      switch (e) {
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          char32_t r = static_cast<char32_t>(hex4(body.substr(i, 4)));
          i += 4;
          if (r >= 0xD800 && r < 0xE000) {
            char32_t lo = 0;
            if (r < 0xDC00 && i + 6 <= body.size() && body[i] == '\\' && body[i + 1] == 'u') {
              lo = static_cast<char32_t>(hex4(body.substr(i + 2, 4)));
              if (lo >= 0xDC00 && lo < 0xE000) {
                i += 6;
                source::utf8::append(out, 0x10000 + ((r - 0xD800) << 10) + (lo - 0xDC00));
                break;
              }
            }
            r = 0xFFFD;
          }
          source::utf8::append(out, r);
          break;
        }
        default: out += e; break;
      }
      continue;
    }
    char32_t cp;
    int w = source::utf8::decode(body, i, cp);
    if (w == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(body.substr(i, static_cast<size_t>(w)));
      i += static_cast<size_t>(w);
    }
  }
}

namespace {

// encoding/json's quoteChar: a byte as a quoted rune (bytes above 0x7F as U+0080..U+00FF).
std::string quote_json_char(unsigned char c) {
  if (c == '\'') return "'\\''";
  if (c == '"') return "'\"'";
  std::string q = util::go_quote(std::string_view(reinterpret_cast<const char*>(&c), 1));
  if (c >= 0x80) {
    std::string s;
    source::utf8::append(s, c);
    q = util::go_quote(s);
  }
  q.front() = '\'';
  q.back() = '\'';
  return q;
}

// The parser's nesting limit: --vars, jsondecode and configurations nest alike.
constexpr uint32_t kMaxJsonDepth = util::kMaxNestingDepth;

class JsonTokens {
 public:
  explicit JsonTokens(std::string_view s) : s_(s) {}

  enum class State : uint8_t {
    TopValue,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma
  };
  // A string, number or literal: a JsonNode without its containers, which every token would
  // otherwise construct and destroy.
  // A string's or number's text is a view: of the document, or for a string with escapes or
  // non-ASCII bytes, of its decoded form in the tokenizer, valid until the next token. So an
  // object's property names need no copy at all and a string value is copied once, into its
  // value, and tokens are plain data.
  struct Scalar {
    JsonNode::Kind kind = JsonNode::Kind::Null;
    bool boolean = false;
    bool decoded = false;  // the text is the tokenizer's decoded string, not the document's
    std::string_view text;
  };
  struct Token {
    enum class Kind : uint8_t { Delim, Scalar } kind = Kind::Scalar;
    char delim = 0;
    Scalar scalar;
  };

  // Decoder.Token.
  Expected<Token> next() {
    while (true) {
      auto c = peek();
      if (!c) return unexpected("EOF");
      switch (*c) {
        case '[':
        case '{':
          if (!value_allowed()) return token_error(*c);
          ++p_;
          stack_.push_back(state_);
          state_ = *c == '[' ? State::ArrayStart : State::ObjectStart;
          return Token{Token::Kind::Delim, *c, {}};
        case ']':
        case '}': {
          bool ok = *c == ']' ? (state_ == State::ArrayStart || state_ == State::ArrayComma)
                              : (state_ == State::ObjectStart || state_ == State::ObjectComma);
          if (!ok) return token_error(*c);
          ++p_;
          state_ = stack_.back();
          stack_.pop_back();
          value_end();
          return Token{Token::Kind::Delim, *c, {}};
        }
        case ':':
          if (state_ != State::ObjectColon) return token_error(*c);
          ++p_;
          state_ = State::ObjectValue;
          continue;
        case ',':
          if (state_ == State::ArrayComma) {
            ++p_;
            state_ = State::ArrayValue;
            continue;
          }
          if (state_ == State::ObjectComma) {
            ++p_;
            state_ = State::ObjectKey;
            continue;
          }
          return token_error(*c);
        case '"':
          if (state_ == State::ObjectStart || state_ == State::ObjectKey) {
            auto v = read_scalar();
            if (!v) return unexpected(v.error());
            state_ = State::ObjectColon;
            return Token{Token::Kind::Scalar, 0, std::move(*v)};
          }
          [[fallthrough]];
        default: {
          if (!value_allowed()) return token_error(*c);
          auto v = read_scalar();
          if (!v) return unexpected(v.error());
          value_end();
          return Token{Token::Kind::Scalar, 0, std::move(*v)};
        }
      }
    }
  }

  // Where the tokenizer is, and how long the document is.
  size_t offset() const { return p_; }
  size_t size() const { return s_.size(); }

  // Decoder.More.
  bool more() {
    auto c = peek();
    return c && *c != ']' && *c != '}';
  }

 private:
  static bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

  std::optional<char> peek() {
    while (p_ < s_.size() && space(s_[p_])) ++p_;
    if (p_ >= s_.size()) return std::nullopt;
    return s_[p_];
  }

  bool value_allowed() const {
    return state_ == State::TopValue || state_ == State::ArrayStart || state_ == State::ArrayValue ||
           state_ == State::ObjectValue;
  }

  void value_end() {
    if (state_ == State::ArrayStart || state_ == State::ArrayValue) state_ = State::ArrayComma;
    else if (state_ == State::ObjectValue) state_ = State::ObjectComma;
  }

  cty::Unexpected<std::string> token_error(char c) const {
    const char* context = "";
    switch (state_) {
      case State::TopValue:
      case State::ArrayStart:
      case State::ArrayValue:
      case State::ObjectValue: context = " looking for beginning of value"; break;
      case State::ArrayComma: context = " after array element"; break;
      case State::ObjectKey: context = " looking for beginning of object key string"; break;
      case State::ObjectColon: context = " after object key"; break;
      case State::ObjectComma: context = " after object key:value pair"; break;
      case State::ObjectStart: break;
    }
    return unexpected("invalid character " + quote_json_char(static_cast<unsigned char>(c)) + context);
  }

  static cty::Unexpected<std::string> syntax(unsigned char c, const char* context) {
    return unexpected("invalid character " + quote_json_char(c) + " " + context);
  }

  // One string, number or literal, scanned as encoding/json's scanner does (the value ends at the
  // first byte that cannot continue it; running out of input inside it is "unexpected EOF").
  Expected<Scalar> read_scalar() {
    const size_t n = s_.size();
    auto eof = [] { return unexpected("unexpected EOF"); };
    auto byte = [&](size_t i) { return static_cast<unsigned char>(s_[i]); };
    size_t i = p_;
    unsigned char c = byte(i);
    Scalar node;
    if (c == '"') {
      ++i;
      bool plain = true;  // no escapes and only ASCII: the body is the text
      while (true) {
        if (i >= n) return eof();
        c = byte(i);
        if (c == '"') break;
        if (c >= 0x80) plain = false;
        if (c == '\\') {
          plain = false;
          if (++i >= n) return eof();
          c = byte(i);
          if (c == 'u') {
            for (int k = 0; k < 4; ++k) {
              if (++i >= n) return eof();
              if (!std::isxdigit(byte(i))) return syntax(byte(i), "in \\u hexadecimal character escape");
            }
          } else if (std::string_view("\"\\/bfnrt").find(static_cast<char>(c)) == std::string_view::npos) {
            return syntax(c, "in string escape code");
          }
        } else if (c < 0x20) {
          return syntax(c, "in string literal");
        }
        ++i;
      }
      node.kind = JsonNode::Kind::String;
      std::string_view body = s_.substr(p_ + 1, i - p_ - 1);
      if (plain) {
        node.text = body;
      } else {
        json_unquote(body, decoded_);
        node.text = decoded_;
        node.decoded = true;
      }
      p_ = i + 1;
      return node;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      auto digit = [&](size_t k) { return k < n && byte(k) >= '0' && byte(k) <= '9'; };
      if (c == '-') {
        if (++i >= n) return eof();
        if (!digit(i)) return syntax(byte(i), "in numeric literal");
      }
      if (byte(i) == '0') {
        ++i;
      } else {
        while (digit(i)) ++i;
      }
      if (i < n && byte(i) == '.') {
        if (++i >= n) return eof();
        if (!digit(i)) return syntax(byte(i), "after decimal point in numeric literal");
        while (digit(i)) ++i;
      }
      if (i < n && (byte(i) == 'e' || byte(i) == 'E')) {
        if (++i >= n) return eof();
        if (byte(i) == '+' || byte(i) == '-')
          if (++i >= n) return eof();
        if (!digit(i)) return syntax(byte(i), "in exponent of numeric literal");
        while (digit(i)) ++i;
      }
      node.kind = JsonNode::Kind::Number;
      node.text = s_.substr(p_, i - p_);
      p_ = i;
      return node;
    }
    const char* word = c == 't' ? "true" : c == 'f' ? "false" : c == 'n' ? "null" : nullptr;
    if (!word) return syntax(c, "looking for beginning of value");
    std::string_view w = word;
    for (size_t k = 1; k < w.size(); ++k) {
      if (i + k >= n) return eof();
      if (byte(i + k) != static_cast<unsigned char>(w[k])) {
        std::string context = "in literal " + std::string(w) + " (expecting '" + w[k] + "')";
        return syntax(byte(i + k), context.c_str());
      }
    }
    p_ = i + w.size();
    node.kind = c == 'n' ? JsonNode::Kind::Null : JsonNode::Kind::Bool;
    node.boolean = c == 't';
    return node;
  }

  std::string_view s_;
  std::string decoded_;  // the last string with escapes or non-ASCII bytes, decoded
  size_t p_ = 0;
  State state_ = State::TopValue;
  std::vector<State> stack_;
};

Expected<JsonNode> read_json_node(JsonTokens& tokens, JsonTokens::Token tok, uint32_t depth) {
  if (tok.kind == JsonTokens::Token::Kind::Scalar) {
    JsonNode node;
    node.kind = tok.scalar.kind;
    node.boolean = tok.scalar.boolean;
    node.text = std::string(tok.scalar.text);
    return node;
  }
  if (depth >= kMaxJsonDepth)
    return unexpected("JSON nesting is deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  JsonNode node;
  if (tok.delim == '[') {
    node.kind = JsonNode::Kind::Array;
    while (true) {
      auto t = tokens.next();
      if (!t) return unexpected(t.error());
      if (t->kind == JsonTokens::Token::Kind::Delim && t->delim == ']') break;
      auto item = read_json_node(tokens, std::move(*t), depth + 1);
      if (!item) return item;
      node.items.push_back(std::move(*item));
    }
    return node;
  }
  node.kind = JsonNode::Kind::Object;
  while (true) {
    auto t = tokens.next();
    if (!t) return unexpected(t.error());
    if (t->kind == JsonTokens::Token::Kind::Delim) break;  // only "}" can come here
    std::string key(t->scalar.text);
    auto v = tokens.next();
    if (!v) return unexpected(v.error());
    auto item = read_json_node(tokens, std::move(*v), depth + 1);
    if (!item) return item;
    node.members.push_back(JsonMember{std::move(key), std::move(*item)});
  }
  return node;
}

// The common case in one pass, straight into values: ImpliedType and Unmarshal agree on every
// document without repeated property names, property names that are not NFC, or numbers that do
// not parse, so such a document needs neither the tree nor the separate type pass. Values of one
// shape share one type (a plan's 100,000 resources have a handful of shapes, where each would
// otherwise carry its own copy). Anything else -- an error included -- gives up (nullopt), and
// the two passes below, which have the reference's messages and its repeated-name rule, decode
// the document instead.
class OnePassDecoder {
 public:
  explicit OnePassDecoder(std::string_view text) : tokens_(text) {}

  std::optional<Value> run() {
    // Over the budget, the two passes decide too: they report a syntax error later in the
    // document before building anything, where this pass would stop at the limit first.
    try {
      auto first = tokens_.next();
      if (!first) return std::nullopt;
      auto v = decode(std::move(*first), 0);
      if (!v || tokens_.more()) return std::nullopt;
      return std::move(v->value);
    } catch (const BudgetExceeded&) { return std::nullopt; }
  }

 private:
  // A value and its type's number in types_: equal numbers, equal types.
  struct Typed {
    Value value;
    uint32_t type;
  };
  struct Member {
    std::string_view name;
    Value value;
    uint32_t type;
  };
  enum : uint32_t { kDynamic, kBool, kNumber, kString };

  std::optional<Typed> decode(JsonTokens::Token tok, uint32_t depth) {
    if (tok.kind == JsonTokens::Token::Kind::Scalar) return scalar(std::move(tok.scalar));
    if (depth >= kMaxJsonDepth) return std::nullopt;
    if (tok.delim == '[') return array(depth);
    return object(depth);
  }

  std::optional<Typed> scalar(JsonTokens::Scalar&& n) {
    switch (n.kind) {
      case JsonNode::Kind::Null: return Typed{Value::null(), kDynamic};
      case JsonNode::Kind::Bool: return Typed{Value::boolean(n.boolean), kBool};
      case JsonNode::Kind::Number: {
        auto num = Number::parse(n.text);
        if (!num) return std::nullopt;
        return Typed{Value::number(std::move(*num)), kNumber};
      }
      case JsonNode::Kind::String: return Typed{string(std::move(n)), kString};
      default: return std::nullopt;
    }
  }

  // The string is copied once, from the input (or its decoded form) into the value. Short
  // strings that repeat (a plan's resource types, actions, regions, tags) share one value: the
  // first few thousand distinct ones are remembered. Each use is charged as if it were built.
  Value string(JsonTokens::Scalar&& n) {
    static constexpr size_t kShareLength = 32, kShareCount = 4096;
    std::string_view text = n.text;
    bool short_text = text.size() <= kShareLength;
    if (short_text) {
      auto it = strings_.find(text);
      if (it != strings_.end()) {
        charge_bytes(text.size());
        return it->second;
      }
    }
    Value v = is_nfc(text) ? Value::string_nfc(std::string(text)) : Value::string(text);
    if (short_text && strings_.size() < kShareCount) strings_.emplace(v.as_string(), v);
    return v;
  }

  // A tuple's shape key is its element types' numbers. A long array (a list of a million
  // numbers) is rarely of a shape seen before, and its key would be as long as it: its type is
  // built directly and gets a number of its own.
  std::optional<Typed> array(uint32_t depth) {
    static constexpr size_t kShapeElements = 64, kReserveAfter = 4096;
    if (element_types_.size() <= depth) element_types_.resize(depth + 1);
    std::vector<uint32_t>& ids = element_types_[depth];
    ids.clear();
    std::vector<Value> elements;
    const size_t start = tokens_.offset();
    while (true) {
      auto t = tokens_.next();
      if (!t) return std::nullopt;
      if (t->kind == JsonTokens::Token::Kind::Delim && t->delim == ']') break;
      auto e = decode(std::move(*t), depth + 1);
      if (!e) return std::nullopt;
      if (elements.size() == kReserveAfter) reserve_rest(elements, tokens_.offset() - start);
      if (elements.size() < kShapeElements) ids.push_back(e->type);  // only a short array's shape is a key
      elements.push_back(std::move(e->value));
    }
    auto make = [&] {
      std::vector<Type> types;
      types.reserve(elements.size());
      for (const Value& e : elements) types.push_back(e.type());
      return Type::tuple(std::move(types));
    };
    if (elements.capacity() / 2 > elements.size()) elements.shrink_to_fit();  // the guess was far too high
    uint32_t type = static_cast<uint32_t>(types_.size());
    if (elements.size() <= kShapeElements) {
      key_.assign(1, 't');
      for (uint32_t id : ids) append_number(key_, id);
      type = intern(key_, make);
    } else {
      types_.push_back(make());
    }
    return Typed{Value::tuple_typed(std::move(elements), types_[type]), type};
  }

  // A long array (a million numbers) would otherwise double its storage a dozen times, writing
  // each size's pages afresh: once it is long, room is made at once for as many more elements
  // as the rest of the document holds at the rate seen so far (`seen` bytes so far), a quarter
  // more, and never more than the rest could hold (an element and its comma take two bytes).
  // Room that is never filled is never written, so it costs address space, not memory; if even
  // that is refused, the array grows as before.
  void reserve_rest(std::vector<Value>& elements, size_t seen) {
    size_t rest = tokens_.size() - tokens_.offset();
    size_t more = std::min(elements.size() * (rest / std::max<size_t>(seen, 1) + 1), rest / 2);
    try {
      elements.reserve(elements.size() + more + more / 4);
    } catch (const std::bad_alloc&) {}
  }

  // The members are gathered in a list kept per nesting level (the values move on into the
  // object), and their names stay views of the document: the object's type, shared by every
  // object of its shape, holds the only copy of the names.
  std::optional<Typed> object(uint32_t depth) {
    if (members_.size() <= depth) members_.resize(depth + 1);
    std::vector<Member>& members = members_[depth];
    members.clear();
    while (true) {
      auto t = tokens_.next();
      if (!t) return std::nullopt;
      if (t->kind == JsonTokens::Token::Kind::Delim) break;  // only "}" can come here
      std::string_view name = t->scalar.text;
      if (t->scalar.decoded) name = decoded_names_.emplace_back(name);  // the next token overwrites it
      auto v = tokens_.next();
      if (!v) return std::nullopt;
      auto item = decode(std::move(*v), depth + 1);
      if (!item) return std::nullopt;
      members.push_back(Member{name, std::move(item->value), item->type});
    }
    // The shape as written (names in document order and their types' numbers) finds the
    // object's type and the order that sorts its members: a document repeats a few shapes
    // many times, each sorted and checked for repeated names only the first time.
    key_.assign(1, 'o');
    for (const Member& m : members) {
      append_number(key_, static_cast<uint32_t>(m.name.size()));
      key_ += m.name;
      append_number(key_, m.type);
    }
    auto shape = shapes_.find(key_);
    if (shape == shapes_.end()) {
      auto sorted = sorted_shape(members);
      if (!sorted) return std::nullopt;
      shape = shapes_.emplace(key_, std::move(*sorted)).first;
    }
    const Shape& sh = shape->second;
    std::vector<Value> values;
    values.reserve(members.size());
    for (uint32_t i : sh.order) values.push_back(std::move(members[i].value));
    return Typed{Value::object_values(std::move(values), types_[sh.type]), sh.type};
  }

  // An object shape's type (interned by its sorted names and types, so every order of the same
  // names shares one type) and the member order that sorts it; nothing for a repeated name or
  // a name that is not NFC.
  struct Shape {
    uint32_t type;
    std::vector<uint32_t> order;
  };
  std::optional<Shape> sorted_shape(const std::vector<Member>& members) {
    for (const Member& m : members)
      if (!is_nfc(m.name)) return std::nullopt;
    Shape sh;
    sh.order.resize(members.size());
    for (uint32_t i = 0; i < sh.order.size(); ++i) sh.order[i] = i;
    std::sort(sh.order.begin(), sh.order.end(),
              [&](uint32_t a, uint32_t b) { return members[a].name < members[b].name; });
    std::string key(1, 'o');  // the object's type: its sorted names and their types' numbers
    for (size_t i = 0; i < sh.order.size(); ++i) {
      std::string_view name = members[sh.order[i]].name;
      if (i > 0 && name == members[sh.order[i - 1]].name) return std::nullopt;
      append_number(key, static_cast<uint32_t>(name.size()));
      key += name;
      append_number(key, members[sh.order[i]].type);
    }
    sh.type = intern(key, [&] {
      std::vector<std::pair<std::string, Type>> types;
      types.reserve(members.size());
      for (uint32_t i : sh.order) types.emplace_back(std::string(members[i].name), members[i].value.type());
      return Type::object_sorted(std::move(types));
    });
    return sh;
  }

  static void append_number(std::string& key, uint32_t n) {
    char bytes[sizeof n];
    std::memcpy(bytes, &n, sizeof n);
    key.append(bytes, sizeof n);
  }

  template <class Make>
  uint32_t intern(const std::string& key, Make make) {
    auto it = ids_.find(key);
    if (it != ids_.end()) return it->second;
    ids_.emplace(key, static_cast<uint32_t>(types_.size()));
    types_.push_back(make());
    return static_cast<uint32_t>(types_.size() - 1);
  }

  JsonTokens tokens_;
  std::vector<Type> types_ = {Type::dynamic(), Type::boolean(), Type::number(), Type::string()};
  // Keyed (util/hash_key.h), as every table indexed by a document's text is.
  std::unordered_map<std::string, uint32_t, util::KeyedHash, std::equal_to<>> ids_;
  std::unordered_map<std::string, Shape, util::KeyedHash, std::equal_to<>> shapes_;  // objects' shapes as written
  std::deque<std::vector<Member>> members_;          // per nesting level; a deque keeps them in place
  std::deque<std::vector<uint32_t>> element_types_;  // per nesting level, likewise
  std::deque<std::string> decoded_names_;            // names with escapes, which views cannot show
  std::string key_;
  std::unordered_map<std::string_view, Value, util::KeyedHash> strings_;  // keys are views of their values
};

}  // namespace

// json.ImpliedType: objects become objects, arrays tuples, null the dynamic pseudo-type. Since
// cty 1.16.2 a repeated property name is an error unless its values imply the same type.
Expected<Type> json_implied_type(const JsonNode& n) {
  switch (n.kind) {
    case JsonNode::Kind::Null: return Type::dynamic();
    case JsonNode::Kind::Bool: return Type::boolean();
    case JsonNode::Kind::Number: return Type::number();
    case JsonNode::Kind::String: return Type::string();
    case JsonNode::Kind::Array: {
      std::vector<Type> types;
      for (const auto& e : n.items) {
        auto t = json_implied_type(e);
        if (!t) return t;
        types.push_back(std::move(*t));
      }
      return Type::tuple(std::move(types));
    }
    case JsonNode::Kind::Object: {
      std::vector<std::pair<std::string, Type>> attrs;
      std::unordered_map<std::string_view, size_t, util::KeyedHash> seen;  // raw name -> index in attrs
      for (const auto& [k, e] : n.members) {
        auto t = json_implied_type(e);
        if (!t) return t;
        auto [it, fresh] = seen.try_emplace(k, attrs.size());
        if (!fresh) {
          if (!(attrs[it->second].second == *t))
            return unexpected("duplicate " + util::go_quote(k) + " property in JSON object");
          continue;
        }
        attrs.emplace_back(cty::normalize_nfc(k), std::move(*t));
      }
      return Type::object(std::move(attrs));
    }
  }
  return Type::dynamic();
}

// json.Unmarshal of a node into the implied type (which only fails when repeated object names
// disagree).
Expected<Value> json_unmarshal(const JsonNode& n, const Type& t) {
  if (n.kind == JsonNode::Kind::Null) return Value::null(t);
  if (t.is_dynamic()) return unexpected("missing expected {");
  if (t.is_primitive()) {
    if (t.is_bool()) {
      if (n.kind == JsonNode::Kind::Bool) return Value::boolean(n.boolean);
      if (n.kind == JsonNode::Kind::String) return cty::convert(Value::string(n.text), t);
      return unexpected("bool is required");
    }
    if (t.is_number()) {
      if (n.kind != JsonNode::Kind::Number && n.kind != JsonNode::Kind::String) return unexpected("number is required");
      auto num = Number::parse(n.text);
      if (!num) return unexpected("a number is required");
      return Value::number(*num);
    }
    if (n.kind == JsonNode::Kind::String || n.kind == JsonNode::Kind::Number) return Value::string(n.text);
    if (n.kind == JsonNode::Kind::Bool) return Value::string_nfc(n.boolean ? "true" : "false");
    return unexpected("string is required");
  }
  if (t.is_tuple()) {
    if (n.kind != JsonNode::Kind::Array) return unexpected("missing expected [");
    const auto& types = t.tuple_elements();
    if (n.items.size() > types.size())
      return unexpected("too many tuple elements (need " + std::to_string(types.size()) + ")");
    if (n.items.size() < types.size())
      return unexpected("not enough tuple elements (need " + std::to_string(types.size()) + ")");
    std::vector<Value> elems;
    for (size_t i = 0; i < types.size(); ++i) {
      auto e = json_unmarshal(n.items[i], types[i]);
      if (!e) return e;
      elems.push_back(std::move(*e));
    }
    return Value::tuple(std::move(elems));
  }
  if (n.kind != JsonNode::Kind::Object) return unexpected("missing expected {");
  std::vector<Value::Attribute> attrs;
  for (const auto& [k, e] : n.members) {
    std::string key = cty::normalize_nfc(k);
    const auto* a = t.attribute(key);
    if (!a) return unexpected("unsupported attribute " + util::go_quote(k));
    auto v = json_unmarshal(e, a->type);
    if (!v) return v;
    attrs.emplace_back(std::move(key), std::move(*v));
  }
  // Attributes the document leaves out are null (one lookup each, not a scan of the members).
  std::unordered_set<std::string_view, util::KeyedHash> present;
  for (const auto& [k, v] : attrs) present.insert(k);
  std::vector<Value::Attribute> missing;
  for (const auto& a : t.attributes())
    if (!present.count(a.name)) missing.emplace_back(a.name, Value::null(a.type));
  for (auto& m : missing) attrs.push_back(std::move(m));
  return Value::object(std::move(attrs));
}

Expected<JsonNode> parse_json_document(std::string_view text) {
  JsonTokens tokens(text);
  auto first = tokens.next();
  if (!first) return unexpected(first.error());
  auto node = read_json_node(tokens, std::move(*first), 0);
  if (!node) return node;
  if (tokens.more()) return unexpected("extraneous data after JSON object");
  return node;
}

Expected<Value> json_to_value(std::string_view text) {
  BudgetCounts before = budget_counts();
  if (auto v = OnePassDecoder(text).run()) return std::move(*v);
  restore_budget_counts(before);
  auto node = parse_json_document(text);
  if (!node) return unexpected(node.error());
  auto type = json_implied_type(*node);
  if (!type) return unexpected(type.error());
  return json_unmarshal(*node, *type);
}

}  // namespace hcl::cty
