// SPDX-License-Identifier: Apache-2.0
// rsadecrypt (Terraform's, Packer's and Nomad's): RSA PKCS #1 v1.5 decryption of base64 text
// with a PEM private key, as Terraform reads it (ssh.ParseRawPrivateKey, rsa.DecryptPKCS1v15).
// Nettle's hogweed parses the key and decrypts.
#include <nettle/asn1.h>
#include <nettle/bignum.h>
#include <nettle/rsa.h>

#include <memory>
#include <vector>

#include "funcs/digest.h"
#include "funcs/encoding.h"
#include "funcs/extras.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

struct Pem {
  std::string type;
  std::string der;
  bool encrypted = false;
};

// encoding/pem's Decode, for the first block: its type, whether headers mark it encrypted, and
// its base64 body.
std::optional<Pem> pem_decode(std::string_view text) {
  size_t begin = text.find("-----BEGIN ");
  if (begin == std::string_view::npos) return std::nullopt;
  size_t type_end = text.find("-----", begin + 11);
  if (type_end == std::string_view::npos) return std::nullopt;
  Pem pem;
  pem.type = std::string(text.substr(begin + 11, type_end - begin - 11));
  std::string end_marker = "-----END " + pem.type + "-----";
  size_t body_start = text.find('\n', type_end);
  size_t end = text.find(end_marker, type_end);
  if (body_start == std::string_view::npos || end == std::string_view::npos || end < body_start) return std::nullopt;
  std::string body;
  std::string_view rest = text.substr(body_start + 1, end - body_start - 1);
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (line.find(':') != std::string_view::npos) {
      if (line.starts_with("Proc-Type:") && line.find("ENCRYPTED") != std::string_view::npos) pem.encrypted = true;
      continue;
    }
    for (char c : line)
      if (c != '\r' && c != ' ' && c != '\t') body += c;
  }
  auto der = base64_decode(body);
  if (!der) return std::nullopt;
  pem.der = std::move(*der);
  return pem;
}

// The PKCS #1 key inside a PKCS #8 PrivateKeyInfo, if the algorithm is RSA.
std::optional<std::string> pkcs8_rsa_key(const std::string& der) {
  static const std::string kRsaOid("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01", 9);
  asn1_der_iterator outer, inner, alg;
  auto data = reinterpret_cast<const uint8_t*>(der.data());
  if (asn1_der_iterator_first(&outer, der.size(), data) != ASN1_ITERATOR_CONSTRUCTED || outer.type != ASN1_SEQUENCE)
    return std::nullopt;
  if (asn1_der_decode_constructed_last(&outer) != ASN1_ITERATOR_PRIMITIVE || outer.type != ASN1_INTEGER)
    return std::nullopt;
  inner = outer;
  if (asn1_der_iterator_next(&inner) != ASN1_ITERATOR_CONSTRUCTED || inner.type != ASN1_SEQUENCE) return std::nullopt;
  alg = inner;
  if (asn1_der_decode_constructed(&alg, &alg) != ASN1_ITERATOR_PRIMITIVE || alg.type != ASN1_IDENTIFIER ||
      std::string(reinterpret_cast<const char*>(alg.data), alg.length) != kRsaOid)
    return std::nullopt;
  if (asn1_der_iterator_next(&inner) != ASN1_ITERATOR_PRIMITIVE || inner.type != ASN1_OCTETSTRING) return std::nullopt;
  return std::string(reinterpret_cast<const char*>(inner.data), inner.length);
}

struct RsaKey {
  rsa_public_key pub;
  rsa_private_key priv;
  RsaKey() {
    rsa_public_key_init(&pub);
    rsa_private_key_init(&priv);
  }
  ~RsaKey() {
    rsa_public_key_clear(&pub);
    rsa_private_key_clear(&priv);
  }
  RsaKey(const RsaKey&) = delete;
  RsaKey& operator=(const RsaKey&) = delete;
};

void random_for_nettle(void*, size_t length, uint8_t* dst) {
  if (!random_bytes(dst, length)) std::fill(dst, dst + length, 0);
}

Result<Value> rsa_decrypt_call(Args args) {
  const std::string& text = args[0].as_string();
  auto cipher = base64_decode(text);
  if (!cipher)
    return fail_arg(0, "failed to decode input " + util::go_quote(text) + ": cipher text must be base64-encoded");
  auto pem = pem_decode(args[1].as_string());
  if (!pem) return fail_arg(1, "invalid private key: ssh: no key found");
  if (pem->encrypted) return fail_arg(1, "invalid private key: ssh: this private key is passphrase protected");
  std::string pkcs1;
  if (pem->type == "RSA PRIVATE KEY") {
    pkcs1 = pem->der;
  } else if (pem->type == "PRIVATE KEY") {
    auto inner = pkcs8_rsa_key(pem->der);
    if (!inner) return fail_arg(1, "invalid private key: the PKCS #8 key is not an RSA key");
    pkcs1 = std::move(*inner);
  } else {
    return fail_arg(1, "invalid private key: ssh: unsupported key type " + util::go_quote(pem->type));
  }
  auto key = std::make_unique<RsaKey>();
  if (!rsa_keypair_from_der(&key->pub, &key->priv, 0, pkcs1.size(), reinterpret_cast<const uint8_t*>(pkcs1.data())))
    return fail_arg(1, "invalid ASN1 data in the given private key");
  if (cipher->size() > key->pub.size) return fail_call("failed to decrypt: crypto/rsa: decryption error");
  mpz_t c;
  mpz_init(c);
  nettle_mpz_set_str_256_u(c, cipher->size(), reinterpret_cast<const uint8_t*>(cipher->data()));
  std::vector<uint8_t> out(key->pub.size);
  size_t length = out.size();
  bool ok = mpz_cmp(c, key->pub.n) < 0 &&
            rsa_decrypt_tr(&key->pub, &key->priv, nullptr, random_for_nettle, &length, out.data(), c);
  mpz_clear(c);
  if (!ok) return fail_call("failed to decrypt: crypto/rsa: decryption error");
  return Value::string(std::string(reinterpret_cast<const char*>(out.data()), length));
}

}  // namespace

void add_rsadecrypt_function(FunctionTable& table) {
  table.add({
      .name = "rsadecrypt",
      .description = "Decrypts base64 RSA (PKCS #1 v1.5) ciphertext with a PEM private key.",
      .params = {Param{.name = "ciphertext", .type = Type::string()},
                 Param{.name = "privatekey", .type = Type::string()}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) { return rsa_decrypt_call(args); },
  });
}

}  // namespace hcl::funcs
