// SPDX-License-Identifier: Apache-2.0
// yamldecode and yamlencode as Terraform defines them (github.com/zclconf/go-cty-yaml, a port of
// libyaml with a cty layer). libyaml itself parses and emits here, so event streams, quoting,
// folding and parser messages are the ones go-cty-yaml inherits; the cty layer (tag resolution
// in YAML 1.1 style, anchors, keys, error positions) follows go-cty-yaml.
#include <yaml.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "cty/convert.h"
#include "funcs/library.h"
#include "util/limits.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

using cty::Expected;
using cty::unexpected;

// go-cty-yaml's Error: "on line L, column C: cause" (libyaml's zero-based marks).
std::string at(const yaml_mark_t& m, const std::string& cause) {
  return "on line " + std::to_string(m.line) + ", column " + std::to_string(m.column) + ": " + cause;
}

std::string parser_error(const yaml_parser_t& p) {
  std::string cause = p.problem ? p.problem : "invalid YAML syntax";
  if (p.problem_mark.line != 0) {
    size_t line = p.problem_mark.line, column = p.problem_mark.column;
    if (p.error == YAML_SCANNER_ERROR) {
      ++line;
      column = 0;
    }
    return "on line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + cause;
  }
  if (p.context_mark.line != 0) return at(p.context_mark, cause);
  return cause;
}

class Parser {
 public:
  explicit Parser(std::string_view src) {
    yaml_parser_initialize(&p_);
    if (src.empty()) src = "\n";
    yaml_parser_set_input_string(&p_, reinterpret_cast<const unsigned char*>(src.data()), src.size());
  }
  ~Parser() {
    if (have_) yaml_event_delete(&e_);
    yaml_parser_delete(&p_);
  }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // The next event (valid until the next call), or the parser's error.
  Expected<const yaml_event_t*> next() {
    if (have_) yaml_event_delete(&e_);
    have_ = false;
    if (!yaml_parser_parse(&p_, &e_)) return unexpected(parser_error(p_));
    have_ = true;
    return &e_;
  }

 private:
  yaml_parser_t p_{};
  yaml_event_t e_{};
  bool have_ = false;
};

constexpr const char* kStrTag = "tag:yaml.org,2002:str";
constexpr const char* kBoolTag = "tag:yaml.org,2002:bool";
constexpr const char* kIntTag = "tag:yaml.org,2002:int";
constexpr const char* kFloatTag = "tag:yaml.org,2002:float";
constexpr const char* kNullTag = "tag:yaml.org,2002:null";
constexpr const char* kTimestampTag = "tag:yaml.org,2002:timestamp";
constexpr const char* kBinaryTag = "tag:yaml.org,2002:binary";
constexpr const char* kMapTag = "tag:yaml.org,2002:map";
constexpr const char* kSeqTag = "tag:yaml.org,2002:seq";

std::string short_tag(const std::string& tag) {
  static const std::string prefix = "tag:yaml.org,2002:";
  if (tag.starts_with(prefix)) return "!!" + tag.substr(prefix.size());
  return tag;
}

bool digit(char c) { return c >= '0' && c <= '9'; }

// YAML timestamps go-cty-yaml accepts (short date fields, T, t or a space before the time,
// optional fraction, optional Z or ±hh:mm; or a date alone), rewritten as RFC 3339.
std::optional<std::string> yaml_timestamp(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && digit(s[i])) ++i;
  if (i != 4 || i == s.size() || s[i] != '-') return std::nullopt;
  auto num = [&](size_t& k, int max_digits, int& out) {
    size_t start = k;
    out = 0;
    while (k < s.size() && digit(s[k]) && static_cast<int>(k - start) < max_digits) out = out * 10 + (s[k++] - '0');
    return k > start;
  };
  int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
  size_t k = 5;
  int month, day, hour = 0, minute = 0, second = 0;
  if (!num(k, 2, month) || k >= s.size() || s[k] != '-') return std::nullopt;
  ++k;
  if (!num(k, 2, day)) return std::nullopt;
  std::string zone = "Z";
  if (k < s.size()) {
    char sep = s[k];
    if (sep != 'T' && sep != 't' && sep != ' ') return std::nullopt;
    ++k;
    if (!num(k, 2, hour) || k >= s.size() || s[k] != ':') return std::nullopt;
    ++k;
    if (!num(k, 2, minute) || k >= s.size() || s[k] != ':') return std::nullopt;
    ++k;
    if (!num(k, 2, second)) return std::nullopt;
    if (k < s.size() && s[k] == '.') {
      ++k;
      if (k >= s.size() || !digit(s[k])) return std::nullopt;
      while (k < s.size() && digit(s[k])) ++k;
    }
    if (sep != ' ') {
      if (k >= s.size()) return std::nullopt;
      if (s[k] == 'Z') {
        ++k;
      } else if ((s[k] == '+' || s[k] == '-') && k + 6 == s.size() && digit(s[k + 1]) && digit(s[k + 2]) &&
                 s[k + 3] == ':' && digit(s[k + 4]) && digit(s[k + 5])) {
        zone = std::string(s.substr(k, 6));
        if (zone == "+00:00" || zone == "-00:00") zone = "Z";
        k += 6;
      } else {
        return std::nullopt;
      }
    }
    if (k != s.size()) return std::nullopt;
  }
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  if (month < 1 || month > 12 || day < 1 || day > kDays[month - 1] || (month == 2 && day == 29 && !leap) || hour > 23 ||
      minute > 59 || second > 59)
    return std::nullopt;
  auto two = [](int v) { return std::string(1, static_cast<char>('0' + v / 10)) + static_cast<char>('0' + v % 10); };
  return std::string(s.substr(0, 4)) + "-" + two(month) + "-" + two(day) + "T" + two(hour) + ":" + two(minute) + ":" +
         two(second) + zone;
}

std::optional<Value> parse_go_int(std::string plain) {
  // strconv.ParseInt(s, 0, 64): optional sign, 0x / 0o / 0b / leading-0 octal prefixes.
  bool neg = false;
  std::string_view s = plain;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  } else if (s.size() > 2 && s[0] == '0' && (s[1] == 'o' || s[1] == 'O')) {
    base = 8;
    s.remove_prefix(2);
  } else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    s.remove_prefix(2);
  } else if (s.size() > 1 && s[0] == '0') {
    base = 8;
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  unsigned __int128 v = 0;
  for (char c : s) {
    int d = digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : 99;
    if (d >= base) return std::nullopt;
    v = v * static_cast<unsigned>(base) + static_cast<unsigned>(d);
    if (v > (static_cast<unsigned __int128>(1) << 64)) return std::nullopt;
  }
  if (neg) {
    if (v > (static_cast<unsigned __int128>(1) << 63)) return std::nullopt;
    return Value::number(Number::from_int(-static_cast<int64_t>(v - 1) - 1));
  }
  if (v > UINT64_MAX) return std::nullopt;
  return Value::number(Number::from_uint(static_cast<uint64_t>(v)));
}

// go-cty-yaml's resolveScalar.
Expected<Value> resolve_scalar(const std::string& tag, const std::string& src) {
  static const std::map<std::string, Value> kWords = [] {
    std::map<std::string, Value> m;
    for (const char* w : {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})
      m[w] = Value::boolean(true);
    for (const char* w : {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})
      m[w] = Value::boolean(false);
    for (const char* w : {"", "~", "null", "Null", "NULL"}) m[w] = Value::null();
    for (const char* w : {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"})
      m[w] = Value::number(Number::infinity(false));
    for (const char* w : {"-.inf", "-.Inf", "-.INF"}) m[w] = Value::number(Number::infinity(true));
    return m;
  }();
  bool known_tag = tag.empty() || tag == kStrTag || tag == kBoolTag || tag == kIntTag || tag == kFloatTag ||
                   tag == kNullTag || tag == kTimestampTag || tag == kBinaryTag;
  if (!known_tag) return unexpected("unsupported tag " + util::go_quote(tag));
  std::string t = tag;
  char hint = 'N';
  if (!src.empty()) {
    char c = src[0];
    hint = (c == '+' || c == '-') ? 'S' : digit(c) ? 'D' : std::strchr("yYnNtTfFoO~", c) ? 'M' : c == '.' ? '.' : 0;
  }
  if (hint != 0 && t != kStrTag && t != kBinaryTag) {
    if (auto it = kWords.find(src); it != kWords.end()) return it->second;
    if (src == ".nan" || src == ".NaN" || src == ".NAN") return unexpected("floating point NaN is not supported");
    if (hint == '.') {
      if (auto n = Number::parse(src)) return Value::number(*n);
    } else if (hint == 'D' || hint == 'S') {
      if (t.empty() || t == kTimestampTag)
        if (auto ts = yaml_timestamp(src)) return Value::string(*ts);
      std::string plain;
      for (char c : src)
        if (c != '_') plain += c;
      if (auto n = Number::parse(plain)) return Value::number(*n);
      if (plain.starts_with("0b") || plain.starts_with("-0b")) t = kIntTag;
    }
  }
  if (t == kStrTag || t == kBinaryTag) {
    // !!binary stays base64 text (cty has no bytes type).
    return Value::string(src);
  }
  if (t == kBoolTag) {
    auto it = kWords.find(src);
    if (it == kWords.end() || !it->second.type().is_bool())
      return unexpected("cannot parse " + util::go_quote(src) + " as " + short_tag(t));
    return it->second;
  }
  if (t == kFloatTag || t == kIntTag) {
    std::string plain;
    for (char c : src)
      if (c != '_') plain += c;
    if (auto n = Number::parse(plain)) return Value::number(*n);
    if (auto v = parse_go_int(plain)) return *v;
    return unexpected("cannot parse " + util::go_quote(src) + " as " + short_tag(t));
  }
  if (t == kTimestampTag) {
    if (auto ts = yaml_timestamp(src)) return Value::string(*ts);
    return unexpected("cannot parse " + util::go_quote(src) + " as " + short_tag(t));
  }
  if (t == kNullTag) return Value::null();
  return Value::string(src);
}

std::string event_tag(const yaml_event_t& e) {
  const yaml_char_t* tag = e.type == YAML_SCALAR_EVENT           ? e.data.scalar.tag
                           : e.type == YAML_MAPPING_START_EVENT  ? e.data.mapping_start.tag
                           : e.type == YAML_SEQUENCE_START_EVENT ? e.data.sequence_start.tag
                                                                 : nullptr;
  return tag ? reinterpret_cast<const char*>(tag) : "";
}

std::string event_anchor(const yaml_event_t& e) {
  const yaml_char_t* a = e.type == YAML_SCALAR_EVENT           ? e.data.scalar.anchor
                         : e.type == YAML_MAPPING_START_EVENT  ? e.data.mapping_start.anchor
                         : e.type == YAML_SEQUENCE_START_EVENT ? e.data.sequence_start.anchor
                         : e.type == YAML_ALIAS_EVENT          ? e.data.alias.anchor
                                                               : nullptr;
  return a ? reinterpret_cast<const char*>(a) : "";
}

// A scalar's value: quoted and block scalars without a tag are strings; others resolve.
Expected<Value> scalar_value(const yaml_event_t& e) {
  std::string tag = event_tag(e);
  std::string src(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
  if (tag.empty() && !e.data.scalar.plain_implicit) return Value::string(src);
  auto v = resolve_scalar(tag, src);
  if (!v) return unexpected(at(e.start_mark, v.error()));
  return v;
}

// The parser's nesting limit, which also bounds what aliases build: an alias counts at the depth
// of the value it repeats, so a chain of anchors cannot nest deeper than the document reads.
constexpr int kMaxYamlDepth = static_cast<int>(util::kMaxNestingDepth);

class Decoder {
 public:
  explicit Decoder(std::string_view src) : p_(src) {}

  Expected<Value> document() {
    auto e = p_.next();
    if (!e) return unexpected(e.error());
    if ((*e)->type != YAML_STREAM_START_EVENT) return unexpected(at((*e)->start_mark, "missing stream start token"));
    e = p_.next();
    if (!e) return unexpected(e.error());
    // go-cty-yaml 1.0.3: an empty document is null.
    if ((*e)->type == YAML_STREAM_END_EVENT) return Value::null();
    if ((*e)->type != YAML_DOCUMENT_START_EVENT) return unexpected(at((*e)->start_mark, "missing start of document"));
    e = p_.next();
    if (!e) return unexpected(e.error());
    auto v = value(**e, 0);
    if (!v) return v;
    e = p_.next();
    if (!e) return unexpected(e.error());
    if ((*e)->type == YAML_DOCUMENT_START_EVENT)
      return unexpected(at((*e)->start_mark, "only a single document is allowed"));
    if ((*e)->type != YAML_DOCUMENT_END_EVENT)
      return unexpected(at((*e)->start_mark, "unexpected extra content after value"));
    e = p_.next();
    if (!e) return unexpected(e.error());
    if ((*e)->type == YAML_DOCUMENT_START_EVENT)
      return unexpected(at((*e)->start_mark, "only a single document is allowed"));
    if ((*e)->type != YAML_STREAM_END_EVENT)
      return unexpected(at((*e)->start_mark, "unexpected extra content after value"));
    return v;
  }

 private:
  Expected<Value> value(const yaml_event_t& e, int depth) {
    if (depth > kMaxYamlDepth)
      return unexpected(at(e.start_mark, "YAML nesting is deeper than " + std::to_string(kMaxYamlDepth) + " levels"));
    switch (e.type) {
      case YAML_SCALAR_EVENT: {
        std::string anchor = event_anchor(e);
        auto v = scalar_value(e);
        height_ = 0;
        if (v && !anchor.empty()) anchors_[anchor] = {*v, 0};
        return v;
      }
      case YAML_ALIAS_EVENT: {
        std::string anchor = event_anchor(e);
        if (pending_.count(anchor))
          return unexpected(
              at(e.start_mark, "cannot refer to anchor " + util::go_quote(anchor) + " from inside its own definition"));
        auto it = anchors_.find(anchor);
        if (it == anchors_.end())
          return unexpected(at(e.start_mark, "reference to undefined anchor " + util::go_quote(anchor)));
        height_ = it->second.height;
        if (depth + height_ > kMaxYamlDepth)
          return unexpected(
              at(e.start_mark, "YAML nesting is deeper than " + std::to_string(kMaxYamlDepth) + " levels"));
        return it->second.value;
      }
      case YAML_MAPPING_START_EVENT: return mapping(e, depth);
      case YAML_SEQUENCE_START_EVENT: return sequence(e, depth);
      case YAML_DOCUMENT_START_EVENT: return unexpected(at(e.start_mark, "only a single document is allowed"));
      case YAML_STREAM_END_EVENT: return unexpected(at(e.start_mark, "expecting value but found end of stream"));
      default: return unexpected(at(e.start_mark, "unexpected parser event"));
    }
  }

  Expected<Value> mapping(const yaml_event_t& start, int depth) {
    std::string tag = event_tag(start), anchor = event_anchor(start);
    if (!tag.empty() && tag != kMapTag)
      return unexpected(at(start.start_mark, "can't interpret mapping as " + short_tag(tag)));
    if (!anchor.empty()) ++pending_[anchor];
    std::vector<Value::Attribute> attrs;
    int height = 1;
    while (true) {
      auto e = p_.next();
      if (!e) return unexpected(e.error());
      if ((*e)->type == YAML_MAPPING_END_EVENT) break;
      if ((*e)->type != YAML_SCALAR_EVENT)
        return unexpected(at((*e)->start_mark, "only strings are allowed as mapping keys"));
      yaml_mark_t key_mark = (*e)->start_mark;
      auto key = scalar_value(**e);
      if (!key) return key;
      auto key_string = cty::convert(*key, Type::string());
      if (!key_string) return unexpected(at(key_mark, "only strings are allowed as mapping keys"));
      if (key_string->is_null()) return unexpected(at(key_mark, "mapping key cannot be null"));
      e = p_.next();
      if (!e) return unexpected(e.error());
      auto v = value(**e, depth + 1);
      if (!v) return v;
      height = std::max(height, height_ + 1);
      attrs.emplace_back(key_string->as_string(), std::move(*v));
    }
    Value v = Value::object(std::move(attrs));
    height_ = height;
    if (!anchor.empty()) {
      if (--pending_[anchor] == 0) pending_.erase(anchor);
      anchors_[anchor] = {v, height};
    }
    return v;
  }

  Expected<Value> sequence(const yaml_event_t& start, int depth) {
    std::string tag = event_tag(start), anchor = event_anchor(start);
    if (!tag.empty() && tag != kSeqTag)
      return unexpected(at(start.start_mark, "can't interpret sequence as " + short_tag(tag)));
    if (!anchor.empty()) ++pending_[anchor];
    std::vector<Value> elems;
    int height = 1;
    while (true) {
      auto e = p_.next();
      if (!e) return unexpected(e.error());
      if ((*e)->type == YAML_SEQUENCE_END_EVENT) break;
      auto v = value(**e, depth + 1);
      if (!v) return v;
      height = std::max(height, height_ + 1);
      elems.push_back(std::move(*v));
    }
    Value v = Value::tuple(std::move(elems));
    height_ = height;
    if (!anchor.empty()) {
      if (--pending_[anchor] == 0) pending_.erase(anchor);
      anchors_[anchor] = {v, height};
    }
    return v;
  }

  struct Anchor {
    Value value;
    int height;  // levels of nesting inside the value (0 for a scalar)
  };
  Parser p_;
  std::map<std::string, Anchor> anchors_;
  int height_ = 0;  // of the value last decoded
  std::map<std::string, int> pending_;
};

// ---- yamlencode ------------------------------------------------------------------------------

int write_handler(void* data, unsigned char* buffer, size_t size) {
  static_cast<std::string*>(data)->append(reinterpret_cast<const char*>(buffer), size);
  return 1;
}

class Emitter {
 public:
  Emitter() {
    yaml_emitter_initialize(&e_);
    yaml_emitter_set_output(&e_, write_handler, &out_);
    yaml_emitter_set_unicode(&e_, 1);
  }
  ~Emitter() { yaml_emitter_delete(&e_); }
  Emitter(const Emitter&) = delete;
  Emitter& operator=(const Emitter&) = delete;

  Expected<std::string> document(const Value& v) {
    yaml_event_t ev;
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    if (!emit(ev)) return unexpected(error());
    yaml_document_start_event_initialize(&ev, nullptr, nullptr, nullptr, 1);
    if (!emit(ev)) return unexpected(error());
    auto r = value(v);
    if (!r) return unexpected(r.error());
    yaml_document_end_event_initialize(&ev, 1);
    if (!emit(ev)) return unexpected(error());
    yaml_stream_end_event_initialize(&ev);
    if (!emit(ev)) return unexpected(error());
    yaml_emitter_flush(&e_);
    // libyaml ends a document whose root is a plain scalar with "..."; go-yaml does not.
    if (out_.ends_with("\n...\n")) out_.resize(out_.size() - 4);
    return out_;
  }

 private:
  bool emit(yaml_event_t& ev) { return yaml_emitter_emit(&e_, &ev) != 0; }
  std::string error() const { return e_.problem ? e_.problem : "failed to emit YAML"; }

  Expected<bool> scalar(const std::string& text, yaml_scalar_style_t style) {
    yaml_event_t ev;
    yaml_scalar_event_initialize(&ev, nullptr, nullptr, reinterpret_cast<const yaml_char_t*>(text.data()),
                                 static_cast<int>(text.size()), 1, 1, style);
    if (!emit(ev)) return unexpected(error());
    return true;
  }

  Expected<bool> value(const Value& v) {
    if (v.is_null()) return scalar("null", YAML_PLAIN_SCALAR_STYLE);
    if (!v.is_known()) return unexpected("cannot serialize unknown value as YAML");
    const Type& t = v.type();
    if (t.is_string()) {
      const std::string& s = v.as_string();
      return scalar(s, s.find('\n') != std::string::npos ? YAML_LITERAL_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE);
    }
    if (t.is_number()) {
      const Number& n = v.as_number();
      std::string text = n.is_infinity() ? (n.is_negative() ? "-.Inf" : "+.Inf") : n.text('f', -1);
      return scalar(text, YAML_PLAIN_SCALAR_STYLE);
    }
    if (t.is_bool()) return scalar(v.as_bool() ? "true" : "false", YAML_PLAIN_SCALAR_STYLE);
    yaml_event_t ev;
    if (t.is_list() || t.is_set() || t.is_tuple()) {
      yaml_sequence_start_event_initialize(&ev, nullptr, nullptr, 1, YAML_BLOCK_SEQUENCE_STYLE);
      if (!emit(ev)) return unexpected(error());
      for (const auto& e : v.elements()) {
        auto r = value(e);
        if (!r) return r;
      }
      yaml_sequence_end_event_initialize(&ev);
      if (!emit(ev)) return unexpected(error());
      return true;
    }
    if (t.is_map() || t.is_object()) {
      yaml_mapping_start_event_initialize(&ev, nullptr, nullptr, 1, YAML_BLOCK_MAPPING_STYLE);
      if (!emit(ev)) return unexpected(error());
      for (const auto& [k, e] : v.attributes()) {
        auto r =
            scalar(k, k.find('\n') != std::string::npos ? YAML_LITERAL_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE);
        if (!r) return r;
        r = value(e);
        if (!r) return r;
      }
      yaml_mapping_end_event_initialize(&ev);
      if (!emit(ev)) return unexpected(error());
      return true;
    }
    return unexpected("can't marshal " + t.friendly_name() + " as YAML");
  }

  yaml_emitter_t e_{};
  std::string out_;
};

}  // namespace

void add_yaml_functions(FunctionTable& table) {
  table.add({
      .name = "yamldecode",
      .description =
          "Parses the given string as YAML and returns a value corresponding to what the YAML document describes.",
      .params = {Param{.name = "src", .type = Type::string()}},
      .return_type = [](Args args) -> Result<Type> {
        if (!args[0].is_known()) return Type::dynamic();
        auto v = Decoder(args[0].as_string()).document();
        if (!v) return fail_call(v.error());
        return v->type();
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        if (ret.is_dynamic() && !args[0].is_known()) return Value::dynamic();
        auto v = Decoder(args[0].as_string()).document();
        if (!v) return fail_call(v.error());
        auto c = cty::convert(*v, ret);
        if (!c) return fail_call(c.error());
        return *c;
      },
  });

  table.add({
      .name = "yamlencode",
      .description = "Returns a string containing a YAML representation of the given value.",
      .params = {Param{.name = "value", .allow_null = true, .allow_dynamic = true}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        if (!args[0].is_wholly_known()) return Value::unknown(Type::string());
        auto s = Emitter().document(args[0]);
        if (!s) return fail_call(s.error());
        return Value::string(*s);
      },
  });
}

}  // namespace hcl::funcs
