// SPDX-License-Identifier: Apache-2.0
// Nettle rather than OpenSSL: linking OpenSSL's EVP layer into the static executable costs
// about 0.3 ms at every start (its CPU probing runs before main, and its code is spread over
// pages that then fault in), which is most of a short `hcl eval`; Nettle's hashes cost nothing
// until called.
#include "funcs/digest.h"

#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>

#include <algorithm>

#include "cty/budget.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// Hashing runs at a few hundred MiB a second: the time limit is checked between chunks of this
// size, so that digests of big files cannot run far past it (cty/budget.h).
constexpr size_t kChunk = size_t{4} << 20;

// Nettle's init/update/digest triple for one algorithm.
template <typename Context, size_t Size>
std::string run(void (*init)(Context*), void (*update)(Context*, size_t, const uint8_t*),
                void (*finish)(Context*, size_t, uint8_t*), std::string_view data) {
  Context ctx;
  init(&ctx);
  for (size_t at = 0; at < data.size(); at += kChunk) {
    cty::charge_time();
    size_t n = std::min(kChunk, data.size() - at);
    update(&ctx, n, reinterpret_cast<const uint8_t*>(data.data() + at));
  }
  std::string out(Size, '\0');
  finish(&ctx, Size, reinterpret_cast<uint8_t*>(out.data()));
  return out;
}

}  // namespace

std::string digest(DigestAlgorithm algorithm, std::string_view data) {
  switch (algorithm) {
    case DigestAlgorithm::MD5: return run<md5_ctx, MD5_DIGEST_SIZE>(md5_init, md5_update, md5_digest, data);
    case DigestAlgorithm::SHA1: return run<sha1_ctx, SHA1_DIGEST_SIZE>(sha1_init, sha1_update, sha1_digest, data);
    case DigestAlgorithm::SHA256:
      return run<sha256_ctx, SHA256_DIGEST_SIZE>(sha256_init, sha256_update, sha256_digest, data);
    case DigestAlgorithm::SHA512:
      return run<sha512_ctx, SHA512_DIGEST_SIZE>(sha512_init, sha512_update, sha512_digest, data);
  }
  return {};
}

std::string hex_lower(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char c : bytes) {
    auto b = static_cast<unsigned char>(c);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

}  // namespace hcl::funcs
