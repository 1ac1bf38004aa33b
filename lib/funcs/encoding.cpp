// SPDX-License-Identifier: Apache-2.0
// Encoding functions: jsonencode, jsondecode and csvdecode (cty's stdlib json.go and csv.go, with
// the messages of Go's encoding/json token reader and encoding/csv reader, which the reference
// passes through), and Terraform's base64encode, base64decode, urlencode, textencodebase64 and
// textdecodebase64 (internal/lang/funcs/encoding.go).
#include "funcs/encoding.h"

#include <iconv.h>

#include <array>
#include <cerrno>
#include <memory>

#include "cty/json_encoding.h"
#include "cty/unicode.h"
#include "funcs/library.h"
#include "source/utf8.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

using cty::Expected;
using cty::unexpected;

// ---- jsonencode ------------------------------------------------------------------------------

Expected<std::string> json_encode(const Value& v) {
  // stdlib's JSONEncode is ctyjson.Marshal with the value's own type, strings HTML-escaped as
  // Go's encoder does by default.
  return cty::value_to_json(v, {.escape_html = true, .in_evaluation = true});
}

namespace {

// ---- csvdecode -------------------------------------------------------------------------------

// encoding/csv's Reader with the default settings (comma separator, no comments, strict quotes).
class CsvReader {
 public:
  explicit CsvReader(std::string_view s) : s_(s) {}
  size_t fields_per_record = 0;  // 0: set from the first record

  struct Error {
    size_t line;
    std::string message;
  };
  // A record, nullopt at the end, or an error.
  Expected<std::optional<std::vector<std::string>>, Error> read() {
    std::string_view line;
    bool eof = false;
    while (true) {
      eof = !read_line(line);
      if (!eof && line.size() == newline_length(line)) continue;  // empty line
      break;
    }
    if (eof) return std::optional<std::vector<std::string>>();
    size_t rec_line = line_number_;
    size_t pos_line = line_number_;
    std::vector<std::string> fields;
    while (true) {
      if (line.empty() || line[0] != '"') {
        size_t comma = line.find(',');
        std::string_view field = comma != std::string_view::npos ? line.substr(0, comma)
                                                                 : line.substr(0, line.size() - newline_length(line));
        if (field.find('"') != std::string_view::npos)
          return finish(rec_line, std::move(fields), Error{line_number_, "bare \" in non-quoted-field"});
        fields.emplace_back(field);
        if (comma == std::string_view::npos) break;
        line.remove_prefix(comma + 1);
        continue;
      }
      line.remove_prefix(1);
      std::string field;
      bool next_field = false;
      while (!next_field) {
        size_t q = line.find('"');
        if (q != std::string_view::npos) {
          field.append(line.substr(0, q));
          line.remove_prefix(q + 1);
          if (!line.empty() && line[0] == '"') {
            field += '"';
            line.remove_prefix(1);
          } else if (!line.empty() && line[0] == ',') {
            line.remove_prefix(1);
            next_field = true;
          } else if (newline_length(line) == line.size()) {
            fields.push_back(std::move(field));
            return finish(rec_line, std::move(fields), std::nullopt);
          } else {
            return finish(rec_line, std::move(fields), Error{line_number_, "extraneous or missing \" in quoted-field"});
          }
        } else if (!line.empty()) {
          field.append(line);
          read_line(line);
          if (!line.empty()) ++pos_line;
        } else {
          // The input ended inside the quoted field.
          return finish(rec_line, std::move(fields), Error{pos_line, "extraneous or missing \" in quoted-field"});
        }
      }
      fields.push_back(std::move(field));
    }
    return finish(rec_line, std::move(fields), std::nullopt);
  }

 private:
  static size_t newline_length(std::string_view l) { return !l.empty() && l.back() == '\n' ? 1 : 0; }

  // readLine: the next line with its "\n" ("\r\n" normalised to "\n"; a "\r" before the end of
  // input dropped); false at the end of input.
  bool read_line(std::string_view& line) {
    ++line_number_;
    if (p_ >= s_.size()) {
      line = {};
      return false;
    }
    size_t nl = s_.find('\n', p_);
    size_t end = nl == std::string_view::npos ? s_.size() : nl + 1;
    std::string_view l = s_.substr(p_, end - p_);
    p_ = end;
    if (nl == std::string_view::npos && !l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (l.size() >= 2 && l[l.size() - 2] == '\r' && l.back() == '\n') {
      normalized_ = std::string(l.substr(0, l.size() - 2)) + "\n";
      l = normalized_;
    }
    line = l;
    return true;
  }

  Expected<std::optional<std::vector<std::string>>, Error> finish(size_t rec_line, std::vector<std::string> fields,
                                                                  std::optional<Error> err) {
    if (err) return unexpected(*err);
    if (fields_per_record > 0) {
      if (fields.size() != fields_per_record) return unexpected(Error{rec_line, "wrong number of fields"});
    } else {
      fields_per_record = fields.size();
    }
    return std::optional<std::vector<std::string>>(std::move(fields));
  }

  std::string_view s_;
  size_t p_ = 0;
  size_t line_number_ = 0;
  std::string normalized_;
};

std::string csv_error(const CsvReader::Error& e) {
  return "CSV parse error on line " + std::to_string(e.line) + ": " + e.message;
}

Result<Type> csv_type(std::string_view text) {
  CsvReader r(text);
  auto header = r.read();
  if (!header) return fail_call(csv_error(header.error()));
  if (!*header) return fail_call("missing header line");
  std::vector<std::pair<std::string, Type>> attrs;
  for (const auto& name : **header) {
    std::string key = cty::normalize_nfc(name);
    for (const auto& [k, t] : attrs)
      if (k == key) return fail_call("duplicate column name " + util::go_quote(name));
    attrs.emplace_back(std::move(key), Type::string());
  }
  return Type::list(Type::object(std::move(attrs)));
}

// ---- base64 and friends ----------------------------------------------------------------------

constexpr const char* kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// url.QueryEscape.
std::string query_escape(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
        c == '.' || c == '~') {
      out += ch;
    } else if (c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// IANA character sets that textencodebase64 and textdecodebase64 accept (golang.org/x/text's
// ianaindex), by name or alias, with the iconv name that converts them.
struct Charset {
  const char* name;     // the IANA name the reference's messages use
  const char* iconv;    // glibc iconv's name
  const char* aliases;  // lowercase, separated by "|"
};

constexpr Charset kCharsets[] = {
    {"UTF-8", "UTF-8", "utf-8|csutf8"},
    {"UTF-16", "UTF-16BE", "utf-16|csutf16"},
    {"UTF-16BE", "UTF-16BE", "utf-16be|csutf16be"},
    {"UTF-16LE", "UTF-16LE", "utf-16le|csutf16le"},
    {"US-ASCII", "ASCII",
     "us-ascii|iso-ir-6|ansi_x3.4-1968|ansi_x3.4-1986|iso_646.irv:1991|iso646-us|us|ibm367|cp367|csascii"},
    {"ISO-8859-1", "ISO-8859-1", "iso-8859-1|iso_8859-1:1987|iso-ir-100|iso_8859-1|latin1|l1|ibm819|cp819|csisolatin1"},
    {"ISO-8859-2", "ISO-8859-2", "iso-8859-2|iso_8859-2:1987|iso-ir-101|iso_8859-2|latin2|l2|csisolatin2"},
    {"ISO-8859-3", "ISO-8859-3", "iso-8859-3|iso_8859-3:1988|iso-ir-109|iso_8859-3|latin3|l3|csisolatin3"},
    {"ISO-8859-4", "ISO-8859-4", "iso-8859-4|iso_8859-4:1988|iso-ir-110|iso_8859-4|latin4|l4|csisolatin4"},
    {"ISO-8859-5", "ISO-8859-5", "iso-8859-5|iso_8859-5:1988|iso-ir-144|iso_8859-5|cyrillic|csisolatincyrillic"},
    {"ISO-8859-6", "ISO-8859-6",
     "iso-8859-6|iso_8859-6:1987|iso-ir-127|iso_8859-6|ecma-114|asmo-708|arabic|csisolatinarabic"},
    {"ISO-8859-7", "ISO-8859-7",
     "iso-8859-7|iso_8859-7:1987|iso-ir-126|iso_8859-7|elot_928|ecma-118|greek|greek8|csisolatingreek"},
    {"ISO-8859-8", "ISO-8859-8", "iso-8859-8|iso_8859-8:1988|iso-ir-138|iso_8859-8|hebrew|csisolatinhebrew"},
    {"ISO-8859-9", "ISO-8859-9", "iso-8859-9|iso_8859-9:1989|iso-ir-148|iso_8859-9|latin5|l5|csisolatin5"},
    {"ISO-8859-10", "ISO-8859-10", "iso-8859-10|iso-ir-157|l6|iso_8859-10:1992|csisolatin6|latin6"},
    {"ISO-8859-13", "ISO-8859-13", "iso-8859-13|csiso885913"},
    {"ISO-8859-14", "ISO-8859-14",
     "iso-8859-14|iso-ir-199|iso_8859-14:1998|iso_8859-14|latin8|iso-celtic|l8|csiso885914"},
    {"ISO-8859-15", "ISO-8859-15", "iso-8859-15|iso_8859-15|latin-9|csiso885915"},
    {"ISO-8859-16", "ISO-8859-16", "iso-8859-16|iso-ir-226|iso_8859-16:2001|iso_8859-16|latin10|l10|csiso885916"},
    {"KOI8-R", "KOI8-R", "koi8-r|cskoi8r"},
    {"KOI8-U", "KOI8-U", "koi8-u|cskoi8u"},
    {"IBM437", "CP437", "ibm437|cp437|437|cspc8codepage437"},
    {"IBM850", "CP850", "ibm850|cp850|850|cspc850multilingual"},
    {"IBM852", "CP852", "ibm852|cp852|852|cspcp852"},
    {"IBM855", "CP855", "ibm855|cp855|855|csibm855"},
    {"IBM866", "CP866", "ibm866|cp866|866|csibm866"},
    {"macintosh", "MACINTOSH", "macintosh|mac|csmacintosh"},
    {"windows-874", "CP874", "windows-874|cswindows874"},
    {"windows-1250", "CP1250", "windows-1250|cswindows1250"},
    {"windows-1251", "CP1251", "windows-1251|cswindows1251"},
    {"windows-1252", "CP1252", "windows-1252|cswindows1252"},
    {"windows-1253", "CP1253", "windows-1253|cswindows1253"},
    {"windows-1254", "CP1254", "windows-1254|cswindows1254"},
    {"windows-1255", "CP1255", "windows-1255|cswindows1255"},
    {"windows-1256", "CP1256", "windows-1256|cswindows1256"},
    {"windows-1257", "CP1257", "windows-1257|cswindows1257"},
    {"windows-1258", "CP1258", "windows-1258|cswindows1258"},
    {"Shift_JIS", "SHIFT_JIS", "shift_jis|ms_kanji|csshiftjis"},
    {"EUC-JP", "EUC-JP", "euc-jp|extended_unix_code_packed_format_for_japanese|cseucpkdfmtjapanese"},
    {"ISO-2022-JP", "ISO-2022-JP", "iso-2022-jp|csiso2022jp"},
    {"EUC-KR", "EUC-KR", "euc-kr|cseuckr"},
    {"GBK", "GBK", "gbk|cp936|ms936|windows-936|csgbk"},
    {"GB18030", "GB18030", "gb18030|csgb18030"},
    {"Big5", "BIG5", "big5|csbig5"},
};

const Charset* find_charset(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  for (const auto& cs : kCharsets) {
    std::string_view aliases = cs.aliases;
    size_t start = 0;
    while (start <= aliases.size()) {
      size_t bar = aliases.find('|', start);
      if (bar == std::string_view::npos) bar = aliases.size();
      if (aliases.substr(start, bar - start) == lower) return &cs;
      start = bar + 1;
    }
  }
  return nullptr;
}

// Converts with iconv; nullopt when a character has no representation (or a byte sequence no
// meaning) in the target.
std::optional<std::string> iconv_convert(const char* to, const char* from, std::string_view in) {
  iconv_t cd = iconv_open(to, from);
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string out;
  std::string buf(in.size() * 4 + 16, '\0');
  char* src = const_cast<char*>(in.data());
  size_t src_left = in.size();
  bool ok = true;
  while (true) {
    char* dst = buf.data();
    size_t dst_left = buf.size();
    size_t r = iconv(cd, src_left ? &src : nullptr, &src_left, &dst, &dst_left);
    out.append(buf.data(), buf.size() - dst_left);
    if (r == static_cast<size_t>(-1)) {
      if (errno == E2BIG) continue;
      ok = false;
      break;
    }
    if (src_left == 0) {
      // Flush any shift state (ISO-2022-JP).
      dst = buf.data();
      dst_left = buf.size();
      iconv(cd, nullptr, nullptr, &dst, &dst_left);
      out.append(buf.data(), buf.size() - dst_left);
      break;
    }
  }
  iconv_close(cd);
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace

// base64.StdEncoding.DecodeString: padding required, "\r" and "\n" skipped anywhere, trailing
// bits ignored. The error is Go's CorruptInputError offset.
Expected<std::string, size_t> base64_decode(std::string_view src) {
  std::string out;
  size_t si = 0;
  const size_t n = src.size();
  while (si < n) {
    std::array<int, 4> d{};
    size_t dlen = 4;
    bool end = false;
    for (size_t j = 0; j < 4; ++j) {
      if (si == n) {
        if (j == 0) return out;
        return unexpected(si - j);
      }
      unsigned char in = static_cast<unsigned char>(src[si++]);
      int v = base64_value(in);
      if (v >= 0) {
        d[j] = v;
        continue;
      }
      if (in == '\n' || in == '\r') {
        --j;
        continue;
      }
      if (in != '=') return unexpected(si - 1);
      if (j < 2) return unexpected(si - 1);
      if (j == 2) {
        while (si < n && (src[si] == '\n' || src[si] == '\r')) ++si;
        if (si == n) return unexpected(n);
        if (src[si] != '=') return unexpected(si - 1);
        ++si;
      }
      while (si < n && (src[si] == '\n' || src[si] == '\r')) ++si;
      if (si < n) return unexpected(si);
      dlen = j;
      end = true;
      break;
    }
    uint32_t val = (static_cast<uint32_t>(d[0]) << 18) | (static_cast<uint32_t>(d[1]) << 12) |
                   (static_cast<uint32_t>(d[2]) << 6) | static_cast<uint32_t>(d[3]);
    out += static_cast<char>(val >> 16);
    if (dlen >= 3) out += static_cast<char>((val >> 8) & 0xFF);
    if (dlen == 4) out += static_cast<char>(val & 0xFF);
    if (end) break;
  }
  return out;
}

std::string base64_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t v = (static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16) |
                 (static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8) |
                 static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 2]));
    out += kBase64[v >> 18];
    out += kBase64[(v >> 12) & 63];
    out += kBase64[(v >> 6) & 63];
    out += kBase64[v & 63];
  }
  size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t v = static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (rest == 2) v |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kBase64[v >> 18];
    out += kBase64[(v >> 12) & 63];
    out += rest == 2 ? kBase64[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

void add_encoding_functions(FunctionTable& table) {
  table.add({
      .name = "jsonencode",
      .description = "Returns a string containing a JSON representation of the given value.",
      .params = {Param{.name = "val", .allow_null = true, .allow_dynamic = true}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        if (!args[0].is_wholly_known()) return Value::unknown(Type::string());
        auto json = json_encode(args[0]);
        if (!json) return fail_call(json.error());
        return Value::string(*json);
      },
  });

  table.add({
      .name = "jsondecode",
      .description =
          "Parses the given string as JSON and returns a value corresponding to what the JSON document describes.",
      .params = {string_param("str")},
      .return_type = [](Args args) -> Result<Type> {
        if (!args[0].is_known()) return Type::dynamic();
        auto node = cty::parse_json_document(args[0].as_string());
        if (!node) return fail_call(node.error());
        auto t = cty::json_implied_type(*node);
        if (!t) return fail_call(t.error());
        return *t;
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        auto node = cty::parse_json_document(args[0].as_string());
        if (!node) return fail_call(node.error());
        auto v = cty::json_unmarshal(*node, ret);
        if (!v) return fail_call(v.error());
        return *v;
      },
  });

  table.add({
      .name = "csvdecode",
      .description = "Parses the given string as Comma Separated Values (as defined by RFC 4180) and returns a map of "
                     "objects representing the table of data, using the first row as a header row to define the object "
                     "attributes.",
      .params = {string_param("str")},
      .return_type = [](Args args) -> Result<Type> {
        if (!args[0].is_known()) return Type::dynamic();
        return csv_type(args[0].as_string());
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Type& row_type = ret.element();
        CsvReader r(args[0].as_string());
        r.fields_per_record = row_type.attributes().size();
        auto header = r.read();
        if (!header || !*header) return fail_call("missing header line");
        std::vector<Value> rows;
        while (true) {
          auto rec = r.read();
          if (!rec) return fail_call(csv_error(rec.error()));
          if (!*rec) break;
          std::vector<Value::Attribute> attrs;
          for (size_t i = 0; i < (*rec)->size(); ++i) attrs.emplace_back((**header)[i], Value::string((**rec)[i]));
          rows.push_back(Value::object(std::move(attrs)));
        }
        if (rows.empty()) return Value::empty_list(row_type);
        return Value::list(std::move(rows));
      },
  });

  table.add({
      .name = "base64encode",
      .description = "Encodes the UTF-8 bytes of a string as standard Base64.",
      .params = {string_param("str")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        return Value::string_nfc(base64_encode(args[0].as_string()));
      },
  });

  table.add({
      .name = "base64decode",
      .description = "Decodes standard Base64 into a string; the bytes must be valid UTF-8.",
      .params = {string_param("str")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const std::string& s = args[0].as_string();
        auto bytes = base64_decode(s);
        if (!bytes) return fail_call("failed to decode base64 data " + util::go_quote(s));
        if (!source::utf8::is_valid(*bytes))
          return fail_call("the result of decoding the provided string is not valid UTF-8");
        return Value::string(*bytes);
      },
  });

  table.add({
      .name = "urlencode",
      .description = "Escapes a string for use in a URL query (url.QueryEscape).",
      .params = {string_param("str")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        return Value::string_nfc(query_escape(args[0].as_string()));
      },
  });

  table.add({
      .name = "textencodebase64",
      .description = "Encodes a string in the given character encoding, then as standard Base64.",
      .params = {string_param("string"), string_param("encoding")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Charset* cs = find_charset(args[1].as_string());
        if (!cs)
          return fail_arg(1, util::go_quote(args[1].as_string()) +
                                 " is not a supported IANA encoding name or alias in this Terraform version");
        auto bytes = iconv_convert(cs->iconv, "UTF-8", args[0].as_string());
        if (!bytes)
          return fail_arg(
              0, std::string("the given string contains characters that cannot be represented in ") + cs->name);
        // golang.org/x/text writes "UTF-16" big-endian with a byte order mark.
        if (std::string_view(cs->name) == "UTF-16") bytes->insert(0, "\xFE\xFF");
        return Value::string_nfc(base64_encode(*bytes));
      },
  });

  table.add({
      .name = "textdecodebase64",
      .description = "Decodes standard Base64, then the bytes as text in the given character encoding.",
      .params = {string_param("source"), string_param("encoding")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Charset* cs = find_charset(args[1].as_string());
        if (!cs)
          return fail_arg(1, util::go_quote(args[1].as_string()) +
                                 " is not a supported IANA encoding name or alias in this Terraform version");
        auto bytes = base64_decode(args[0].as_string());
        if (!bytes)
          return fail_arg(0,
                          "the given value is has an invalid base64 symbol at offset " + std::to_string(bytes.error()));
        std::string_view in = *bytes;
        const char* from = cs->iconv;
        if (std::string_view(cs->name) == "UTF-16") {
          // A byte order mark chooses the order and is dropped; big-endian without one.
          if (in.starts_with("\xFF\xFE")) {
            from = "UTF-16LE";
            in.remove_prefix(2);
          } else if (in.starts_with("\xFE\xFF")) {
            in.remove_prefix(2);
          }
        }
        auto text = iconv_convert("UTF-8", from, in);
        if (!text || text->find("\xEF\xBF\xBD") != std::string::npos)
          return fail_arg(0, std::string("the given string contains symbols that are not defined for ") + cs->name);
        return Value::string(*text);
      },
  });
}

}  // namespace hcl::funcs
