// SPDX-License-Identifier: Apache-2.0
// Hashing and identifier functions with Terraform's semantics (internal/lang/funcs/crypto.go):
// digests of a string's UTF-8 bytes as lowercase hex (md5, sha1, sha256, sha512) or standard
// Base64 (base64sha256, base64sha512); uuid (random, formatted as hashicorp/go-uuid does) and
// uuidv5 (name-based, RFC 4122 with SHA-1).
// stddef.h first: emscripten's sys/random.h uses size_t without including it.
// clang-format off
#include <stddef.h>
#include <sys/random.h>
// clang-format on

#include <algorithm>
#include <array>
#include <cerrno>

#include "funcs/digest.h"
#include "funcs/encoding.h"
#include "funcs/library.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

Function hash_function(std::string name, std::string what, DigestAlgorithm algorithm, bool base64) {
  std::string description =
      base64 ? "Computes the " + what + " hash of a string and encodes it with Base64."
             : "Computes the " + what + " hash of a string and encodes it as lowercase hexadecimal digits.";
  return Function{
      .name = std::move(name),
      .description = std::move(description),
      .params = {Param{.name = "str", .type = Type::string()}},
      .return_type = static_return(Type::string()),
      .impl = [algorithm, base64](Args args, const Type&) -> Result<Value> {
        std::string d = digest(algorithm, args[0].as_string());
        return Value::string_nfc(base64 ? base64_encode(d) : hex_lower(d));
      },
  };
}

// "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" from 16 bytes.
std::string uuid_text(const unsigned char* b) {
  std::string h = hex_lower(std::string_view(reinterpret_cast<const char*>(b), 16));
  return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20);
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// google/uuid's Parse: 36 characters with hyphens, also wrapped in braces (38), prefixed with
// "urn:uuid:" (45), or 32 bare hex digits. The error is its message.
cty::Expected<std::array<unsigned char, 16>> parse_uuid(std::string_view s) {
  std::array<unsigned char, 16> out{};
  switch (s.size()) {
    case 36: break;
    case 36 + 9: {
      std::string prefix(s.substr(0, 9));
      for (char& c : prefix) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
      if (prefix != "urn:uuid:") return cty::unexpected("invalid urn prefix: " + util::go_quote(s.substr(0, 9)));
      s.remove_prefix(9);
      break;
    }
    case 36 + 2: s = s.substr(1, 36); break;
    case 32:
      for (size_t i = 0; i < 16; ++i) {
        int hi = hex_value(s[i * 2]), lo = hex_value(s[i * 2 + 1]);
        if (hi < 0 || lo < 0) return cty::unexpected("invalid UUID format");
        out[i] = static_cast<unsigned char>(hi << 4 | lo);
      }
      return out;
    default: return cty::unexpected("invalid UUID length: " + std::to_string(s.size()));
  }
  if (s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-') return cty::unexpected("invalid UUID format");
  static constexpr size_t kOffsets[16] = {0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34};
  for (size_t i = 0; i < 16; ++i) {
    int hi = hex_value(s[kOffsets[i]]), lo = hex_value(s[kOffsets[i] + 1]);
    if (hi < 0 || lo < 0) return cty::unexpected("invalid UUID format");
    out[i] = static_cast<unsigned char>(hi << 4 | lo);
  }
  return out;
}

}  // namespace

// The kernel's random source, as Go's crypto/rand reads it.
bool random_bytes(unsigned char* out, size_t size) {
#ifdef __EMSCRIPTEN__
  // No getrandom there; getentropy draws from crypto.getRandomValues, 256 bytes a call.
  for (size_t at = 0; at < size; at += 256) {
    if (getentropy(out + at, std::min<size_t>(256, size - at)) != 0) return false;
  }
#else
  while (size > 0) {
    ssize_t n = getrandom(out, size, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out += n;
    size -= static_cast<size_t>(n);
  }
#endif
  return true;
}

void add_hashing_functions(FunctionTable& table) {
  table.add(hash_function("md5", "MD5", DigestAlgorithm::MD5, false));
  table.add(hash_function("sha1", "SHA1", DigestAlgorithm::SHA1, false));
  table.add(hash_function("sha256", "SHA256", DigestAlgorithm::SHA256, false));
  table.add(hash_function("sha512", "SHA512", DigestAlgorithm::SHA512, false));
  table.add(hash_function("base64sha256", "SHA256", DigestAlgorithm::SHA256, true));
  table.add(hash_function("base64sha512", "SHA512", DigestAlgorithm::SHA512, true));

  // hashicorp/go-uuid's GenerateUUID: 16 random bytes in UUID layout, with no version or
  // variant bits set.
  table.add({
      .name = "uuid",
      .description = "Generates a unique identifier string, as 16 random bytes in UUID layout.",
      .params = {},
      .return_type = static_return(Type::string()),
      .impl = [](Args, const Type&) -> Result<Value> {
        std::array<unsigned char, 16> b{};
        if (!random_bytes(b.data(), b.size())) return fail_call("failed to read random bytes");
        return Value::string_nfc(uuid_text(b.data()));
      },
  });

  table.add({
      .name = "uuidv5",
      .description = "Generates a name-based UUID (RFC 4122 version 5) in the given namespace.",
      .params = {Param{.name = "namespace", .type = Type::string()}, Param{.name = "name", .type = Type::string()}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const std::string& ns = args[0].as_string();
        std::string id;
        if (ns == "dns") id = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
        else if (ns == "url") id = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";
        else if (ns == "oid") id = "6ba7b812-9dad-11d1-80b4-00c04fd430c8";
        else if (ns == "x500") id = "6ba7b814-9dad-11d1-80b4-00c04fd430c8";
        else id = ns;
        auto parsed = parse_uuid(id);
        if (!parsed) return fail_call("uuidv5() doesn't support namespace " + ns + " (" + parsed.error() + ")");
        std::string data(reinterpret_cast<const char*>(parsed->data()), parsed->size());
        data += args[1].as_string();
        std::string h = digest(DigestAlgorithm::SHA1, data);
        auto* b = reinterpret_cast<unsigned char*>(h.data());
        b[6] = static_cast<unsigned char>((b[6] & 0x0F) | 0x50);
        b[8] = static_cast<unsigned char>((b[8] & 0x3F) | 0x80);
        return Value::string_nfc(uuid_text(b));
      },
  });
}

}  // namespace hcl::funcs
