// SPDX-License-Identifier: Apache-2.0
// The key of the hashes that index text from an input (a body's names, a JSON document's object
// shapes, the keys of a for expression's object, the elements distinct and sets compare). Those hashes mix words by
// products, and a product with a zero factor, or a mix whose state can be computed, lets a file be written whose
// thousands of distinct names hash alike, so that every look-up walks all of them (20,000 such names took a second, a
// million would take most of an hour). Each process draws its key at random, so such names cannot be chosen in advance.
// A key changes where entries sit in an index, never what a look-up finds, so no output depends on it.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__linux__)
#include <sys/auxv.h>
#else
#include <random>
#endif

namespace hcl::util {

struct HashKey {
  uint64_t seed, words;
};

namespace hash_key_detail {
// Sixteen random bytes: on Linux those the kernel hands every process at its start (AT_RANDOM),
// which cost no system call; elsewhere, the standard library's source of randomness.
inline HashKey random_key() {
  HashKey key{0, 0};
#if defined(__linux__)
  if (const void* bytes = reinterpret_cast<const void*>(getauxval(AT_RANDOM))) std::memcpy(&key, bytes, sizeof key);
  else key.seed = reinterpret_cast<uintptr_t>(&key);  // (every Linux since 2.6.29 has AT_RANDOM)
#else
  std::random_device random;
  key.seed = uint64_t{random()} << 32 | random();
  key.words = uint64_t{random()} << 32 | random();
#endif
  return key;
}
}  // namespace hash_key_detail

// The mixing step of those hashes: a 64x64-to-128-bit product folded to 64 bits, whose high half
// depends on every bit of both factors.
inline uint64_t fold_product(uint64_t a, uint64_t b) {
  const unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
  return static_cast<uint64_t>(r) ^ static_cast<uint64_t>(r >> 64);
}

// This process's key, drawn on first use.
inline const HashKey& process_hash_key() {
  static const HashKey key = hash_key_detail::random_key();
  return key;
}

// A string's hash under `key`: its bytes read a word at a time (the first and last words of a short
// string overlap, so every byte counts once or twice) and folded by products, every factor holding
// some of the key. Cheaper than std::hash, a call into libstdc++'s byte-at-a-time tail for most
// names, and, unlike it, not computable by whoever writes the input: libstdc++'s seed is fixed, so
// 20,000 chosen keys of a for expression's object landed in one bucket and took 3 s.
inline uint64_t keyed_hash(std::string_view text, const HashKey& key = process_hash_key()) {
  auto word = [](const char* p) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
  };
  auto half = [](const char* p) {
    uint32_t w;
    std::memcpy(&w, p, 4);
    return uint64_t{w};
  };
  constexpr uint64_t k0 = 0x9E3779B97F4A7C15u;
  const char* p = text.data();
  const size_t n = text.size();
  const uint64_t k1 = key.words;
  uint64_t seed = n * k0 ^ key.seed, a = 0, b = 0;
  if (n > 16) {
    size_t i = 0;
    for (; i + 16 < n; i += 16) seed = fold_product(word(p + i) ^ k1, word(p + i + 8) ^ seed);
    a = word(p + n - 16);
    b = word(p + n - 8);
  } else if (n >= 8) {
    a = word(p);
    b = word(p + n - 8);
  } else if (n >= 4) {
    a = half(p);
    b = half(p + n - 4);
  } else if (n > 0) {
    auto byte = [&](size_t i) { return uint64_t{static_cast<unsigned char>(p[i])}; };
    a = byte(0) << 16 | byte(n / 2) << 8 | byte(n - 1);
  }
  return fold_product(fold_product(a ^ k1, b ^ seed), seed ^ k1);
}

// keyed_hash for the standard library's hash tables, looking up by any string-like key.
struct KeyedHash {
  using is_transparent = void;
  size_t operator()(std::string_view text) const { return keyed_hash(text); }
};

}  // namespace hcl::util
