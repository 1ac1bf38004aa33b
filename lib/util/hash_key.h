// SPDX-License-Identifier: Apache-2.0
// The key of the hashes that index text from an input (a body's names, a JSON document's object
// shapes). Those hashes mix words by products, and a product with a zero factor, or a mix whose
// state can be computed, lets a file be written whose thousands of distinct names hash alike, so
// that every look-up walks all of them (20,000 such names took a second, a million would take
// most of an hour). Each process draws its key at random, so such names cannot be chosen in
// advance. A key changes where entries sit in an index, never what a look-up finds, so no output
// depends on it.
#pragma once

#include <cstdint>
#include <cstring>

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

}  // namespace hcl::util
