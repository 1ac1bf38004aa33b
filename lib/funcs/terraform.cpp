// SPDX-License-Identifier: Apache-2.0
// Terraform's built-ins that the generic library lacks (internal/lang/funcs): templatestring,
// base64gzip, bcrypt, plantimestamp, ephemeralasnull; and OpenTofu's additions: base64gunzip,
// cidrcontains, urldecode. Offered only by the dialects whose tools have them (dialect.cpp).
#include <arpa/inet.h>
#include <nettle/blowfish.h>
#include <zlib.h>

#include <array>
#include <chrono>
#include <cstring>

#include "cty/budget.h"
#include "funcs/digest.h"
#include "funcs/encoding.h"
#include "funcs/extras.h"
#include "funcs/library.h"
#include "source/utf8.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// Go's gzip.Writer at the default level after Flush and Close: a raw deflate stream ended by a
// sync flush and an empty final stored block, in a header with no name, no time and OS 255.
// zlib's deflater chooses the same blocks as Go's for the inputs Terraform's tests use; the
// differential test (tests/terraform) checks the bytes.
Result<std::string> go_gzip(std::string_view data) {
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return fail_call("failed to start compressing");
  std::string out("\x1f\x8b\x08\0\0\0\0\0\0\xff", 10);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::array<char, 16384> buf{};
  int rc;
  do {
    z.next_out = reinterpret_cast<Bytef*>(buf.data());
    z.avail_out = static_cast<uInt>(buf.size());
    rc = deflate(&z, Z_SYNC_FLUSH);
    out.append(buf.data(), buf.size() - z.avail_out);
  } while (rc == Z_OK && (z.avail_out == 0 || z.avail_in > 0));
  deflateEnd(&z);
  if (rc != Z_OK && rc != Z_BUF_ERROR) return fail_call("failed to compress");
  out.append("\x01\0\0\xff\xff", 5);
  uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size()));
  uint32_t size = static_cast<uint32_t>(data.size());
  for (uint32_t v : {static_cast<uint32_t>(crc), size})
    for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
  return out;
}

Result<std::string> gunzip(std::string_view data) {
  z_stream z{};
  if (inflateInit2(&z, 16 + 15) != Z_OK) return fail_call("failed to gunzip bytestream");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::string out;
  std::array<char, 16384> buf{};
  int rc;
  do {
    z.next_out = reinterpret_cast<Bytef*>(buf.data());
    z.avail_out = static_cast<uInt>(buf.size());
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf.data(), buf.size() - z.avail_out);
    cty::charge_bytes(buf.size() - z.avail_out);
  } while (rc == Z_OK);
  inflateEnd(&z);
  if (rc != Z_STREAM_END) return fail_call("failed to read gunzip raw data: gzip: invalid data");
  return out;
}

// golang.org/x/crypto/bcrypt's GenerateFromPassword: "$2a$", a cost below 4 taken as 10.
Result<Value> bcrypt_hash(Args args) {
  if (args.size() > 2) return fail_call("bcrypt() takes no more than two arguments.");
  int64_t cost = 10;
  if (args.size() == 2) {
    auto n = args[1].as_number().to_int64();
    if (!n) return fail_call("a whole number is required");
    cost = *n;
  }
  if (cost < 4) cost = 10;
  if (cost > 31)
    return fail_call("error occurred generating password crypto/bcrypt: cost " + std::to_string(cost) +
                     " is outside allowed range (4,31)");
  const std::string& password = args[0].as_string();
  if (password.size() > 72)
    return fail_call("error occurred generating password bcrypt: password length exceeds 72 bytes");
  std::array<uint8_t, BLOWFISH_BCRYPT_BINSALT_SIZE> salt{};
  if (!random_bytes(salt.data(), salt.size())) return fail_call("failed to read random bytes");
  std::array<uint8_t, BLOWFISH_BCRYPT_HASH_SIZE> out{};
  static const uint8_t scheme[] = "$2a$";
  if (!blowfish_bcrypt_hash(out.data(), password.size(), reinterpret_cast<const uint8_t*>(password.data()), 4, scheme,
                            static_cast<int>(cost), salt.data()))
    return fail_call("error occurred generating password");
  return Value::string(reinterpret_cast<const char*>(out.data()));
}

Result<Value> templatestring(Args args, const FileAccess& access) {
  const ExpressionClosure& c = expression_closure_of(args[0]);
  if (!c.direct_reference)
    return fail_arg(0,
                    "invalid template expression: must be a direct reference to a single string from elsewhere, "
                    "containing valid Terraform template syntax");
  auto [tmpl, diags] = c.evaluate();
  if (diag::has_errors(diags)) {
    for (const auto& d : diags)
      if (d.severity == diag::Severity::Error) return fail_arg(0, d.summary + ": " + d.detail);
  }
  if (!tmpl.is_known() || !args[1].is_known()) return Value::dynamic();
  if (tmpl.is_null()) return fail_arg(0, "template must not be null");
  if (!tmpl.type().is_string()) return fail_arg(0, "invalid template value: a string is required");
  return render_template("<templatestring argument>", tmpl.as_string(), args[1], access);
}

std::string run_timestamp() {
  std::tm tm = run_time();
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return std::string(buf);
}

// An address or prefix as bytes plus prefix length (the full length for a bare address).
struct Prefix {
  std::array<unsigned char, 16> bytes{};
  int family = 0;
  int bits = 0;
};

std::optional<Prefix> parse_prefix(std::string_view text, bool need_length) {
  Prefix p;
  std::string addr(text);
  size_t slash = addr.find('/');
  std::string len;
  if (slash != std::string::npos) {
    len = addr.substr(slash + 1);
    addr.resize(slash);
  } else if (need_length) {
    return std::nullopt;
  }
  if (inet_pton(AF_INET, addr.c_str(), p.bytes.data()) == 1) p.family = 4;
  else if (inet_pton(AF_INET6, addr.c_str(), p.bytes.data()) == 1) p.family = 6;
  else return std::nullopt;
  int max = p.family == 4 ? 32 : 128;
  p.bits = max;
  if (slash != std::string::npos) {
    if (len.empty() || len.size() > 3 || len.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    p.bits = std::stoi(len);
    if (p.bits > max) return std::nullopt;
  }
  return p;
}

bool prefix_contains(const Prefix& outer, const Prefix& inner) {
  if (inner.bits < outer.bits) return false;
  for (int i = 0; i < outer.bits; ++i) {
    int byte = i / 8, bit = 7 - i % 8;
    if (((outer.bytes[byte] >> bit) & 1) != ((inner.bytes[byte] >> bit) & 1)) return false;
  }
  return true;
}

// url.QueryUnescape.
Result<std::string> query_unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      auto hex = [](char h) {
        if (h >= '0' && h <= '9') return h - '0';
        if (h >= 'a' && h <= 'f') return h - 'a' + 10;
        if (h >= 'A' && h <= 'F') return h - 'A' + 10;
        return -1;
      };
      if (i + 2 >= s.size() + 0 || hex(s[i + 1]) < 0 || hex(s[i + 2]) < 0) {
        std::string bad(s.substr(i, std::min<size_t>(3, s.size() - i)));
        return fail_call("invalid URL escape " + util::go_quote(bad));
      }
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::tm run_time() {
  static const std::tm tm = [] {
    std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm out{};
    gmtime_r(&t, &out);
    return out;
  }();
  return tm;
}

void add_terraform_functions(FunctionTable& table, const FileAccess& access) {
  table.add({
      .name = "templatestring",
      .description = "Renders a template given as a string value (a reference to it) with the given variables.",
      .params = {Param{.name = "template", .kind = ParamKind::Expression}, Param{.name = "vars"}},
      .return_type = [access](Args args) -> Result<Type> {
        auto v = templatestring(args, access);
        if (!v) return fail(v.error());
        return v->type();
      },
      .impl = [access](Args args, const Type&) { return templatestring(args, access); },
  });

  table.add({
      .name = "base64gzip",
      .description = "Compresses a string with gzip and encodes the result as standard Base64.",
      .params = {string_param("str")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto z = go_gzip(args[0].as_string());
        if (!z) return fail(z.error());
        return Value::string_nfc(base64_encode(*z));
      },
  });

  table.add({
      .name = "bcrypt",
      .description = "Hashes a string with Blowfish (bcrypt), at the given cost (10 by default), with a random salt.",
      .params = {string_param("str")},
      .variadic = Param{.name = "cost", .type = Type::number()},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) { return bcrypt_hash(args); },
  });

  table.add({
      .name = "plantimestamp",
      .description = "Returns the time of this run as an RFC 3339 timestamp, the same for every call.",
      .params = {},
      .return_type = static_return(Type::string()),
      .impl = [](Args, const Type&) -> Result<Value> { return Value::string(run_timestamp()); },
  });

  // Nothing outside a Terraform run is ephemeral, so every value comes back as it went in.
  table.add({
      .name = "ephemeralasnull",
      .description = "Returns the value with every ephemeral value inside it replaced by null.",
      .params = {Param{.name = "value", .allow_null = true, .allow_unknown = true, .allow_dynamic = true}},
      .return_type = [](Args args) -> Result<Type> { return args[0].type(); },
      .impl = [](Args args, const Type&) -> Result<Value> { return args[0]; },
  });
}

void add_opentofu_functions(FunctionTable& table) {
  table.add({
      .name = "base64gunzip",
      .description = "Decodes standard Base64 and decompresses the gzip data inside.",
      .params = {string_param("str")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const std::string& s = args[0].as_string();
        auto bytes = base64_decode(s);
        if (!bytes) return fail_call("failed to decode base64 data " + util::go_quote(s));
        auto plain = gunzip(*bytes);
        if (!plain) return fail(plain.error());
        if (!source::utf8::is_valid(*plain)) return fail_call("the decompressed data is not valid UTF-8");
        return Value::string(*plain);
      },
  });

  table.add({
      .name = "cidrcontains",
      .description = "Checks whether an IP address or prefix lies within a CIDR prefix.",
      .params = {string_param("containing_prefix"), string_param("contained_ip_or_prefix")},
      .return_type = static_return(Type::boolean()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto outer = parse_prefix(args[0].as_string(), true);
        if (!outer) return fail_arg(0, "invalid CIDR expression: " + args[0].as_string());
        auto inner = parse_prefix(args[1].as_string(), false);
        if (!inner) return fail_arg(1, "invalid IP address or prefix: " + args[1].as_string());
        if (outer->family != inner->family)
          return fail_call("address family mismatch: " + args[0].as_string() + " vs. " + args[1].as_string());
        return Value::boolean(prefix_contains(*outer, *inner));
      },
  });

  table.add({
      .name = "urldecode",
      .description = "Decodes a URL query escape (url.QueryUnescape), the inverse of urlencode.",
      .params = {string_param("str")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto s = query_unescape(args[0].as_string());
        if (!s) return fail(s.error());
        if (!source::utf8::is_valid(*s)) return fail_call("the decoded string is not valid UTF-8");
        return Value::string(*s);
      },
  });
}

void add_provider_namespace(FunctionTable& table) {
  // A provider's functions are known only to the provider, which is not at hand: like an
  // attribute of a resource, the call's value is known only when the tool runs.
  table.add_namespace(
      "provider::",
      Function{
          .name = "provider::",
          .description = "A provider's function: unknown until the provider is run.",
          .params = {},
          .variadic = Param{.name = "args", .allow_null = true, .allow_unknown = true, .allow_dynamic = true},
          .return_type = [](Args) -> Result<Type> { return Type::dynamic(); },
          .impl = [](Args, const Type&) -> Result<Value> { return Value::dynamic(); },
      });
}

}  // namespace hcl::funcs
