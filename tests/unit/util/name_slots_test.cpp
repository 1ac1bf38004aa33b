// SPDX-License-Identifier: Apache-2.0
// util::NameSlots: every name added is found as its own entry, through the linear look while the
// list is short and through the index as it grows, and its hash reads every byte of a name.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "util/name_slots.h"

using hcl::util::NameSlots;

namespace {

// Names that differ in one byte at every position of every length up to three words and a bit,
// so a byte the hash skipped would make two of them collide in full.
std::vector<std::string> one_byte_apart() {
  std::vector<std::string> names;
  for (size_t len = 0; len <= 40; ++len) {
    std::string base(len, 'a');
    for (size_t i = 0; i < len; ++i) base[i] = static_cast<char>('a' + (i * 7) % 26);
    names.push_back(base);
    for (size_t i = 0; i < len; ++i) {
      std::string other = base;
      other[i] = static_cast<char>(other[i] ^ 0x01);
      names.push_back(other);
      other[i] = static_cast<char>(0xC3);  // a byte from 0x80 up
      names.push_back(other);
    }
  }
  return names;
}

}  // namespace

TEST_CASE("a name's hash changes with any one byte of it") {
  for (size_t len = 0; len <= 40; ++len) {
    std::string base(len, 'q');
    uint64_t h = NameSlots::hash(base);
    for (size_t i = 0; i < len; ++i) {
      for (int bit = 0; bit < 8; ++bit) {
        std::string other = base;
        other[i] = static_cast<char>(other[i] ^ (1 << bit));
        INFO("length " << len << " byte " << i << " bit " << bit);
        // The slot's tag is the high half: that is what must tell names apart.
        CHECK((NameSlots::hash(other) >> 32) != (h >> 32));
      }
    }
  }
}

TEST_CASE("every name added is found as its own entry, before and after the index grows") {
  std::vector<std::string> names = one_byte_apart();
  for (int i = 0; i < 5000; ++i) names.push_back("setting_" + std::to_string(i));
  NameSlots slots;
  std::vector<std::string> list;
  auto name_of = [&](size_t i) -> std::string_view { return list[i]; };
  for (const std::string& name : names) {
    // Not yet added: not found (each name is distinct).
    REQUIRE_FALSE(slots.find(name, list.size(), name_of).has_value());
    list.push_back(name);
    slots.added(list.size(), name_of);
    // Now and then, all names so far are found where they are.
    if (list.size() % 64 == 0 || list.size() <= NameSlots::kLinear + 2) {
      for (size_t i = 0; i < list.size(); ++i) {
        auto found = slots.find(list[i], list.size(), name_of);
        REQUIRE(found.has_value());
        REQUIRE(*found == i);
      }
    }
  }
  CHECK_FALSE(slots.find("setting_5000", list.size(), name_of).has_value());
  slots.clear();
  list.clear();
  CHECK_FALSE(slots.find("setting_1", 0, name_of).has_value());
}

TEST_CASE("names made to hash alike without a key hash apart under the process's key") {
  // Knowing the key, one can make names whose mixing loses everything before a chosen word: for
  // 24-byte names whose second word equals the state after the length is mixed in, the first
  // product is zero whatever their first word holds. Such names are made here for the zero key
  // (what a hash without a key amounts to), and all hash alike under it, which shows the
  // construction works; under the key each process draws at random they spread.
  constexpr uint64_t k0 = 0x9E3779B97F4A7C15u;
  const NameSlots::Key zero{0, 0};
  const uint64_t state = 24 * k0;
  std::string second(8, '\0');
  std::memcpy(second.data(), &state, 8);
  std::set<uint64_t> under_zero, under_process;
  for (int i = 0; i < 1000; ++i) {
    char first[9];
    std::snprintf(first, sizeof first, "n%07d", i);
    std::string name = first + second + "suffix__";
    REQUIRE(name.size() == 24);
    under_zero.insert(NameSlots::hash(name, zero) >> 32);
    under_process.insert(NameSlots::hash(name) >> 32);
  }
  CHECK(under_zero.size() == 1);
  CHECK(under_process.size() >= 990);
}

TEST_CASE("the process's hash key is drawn once, at random") {
  const hcl::util::HashKey& key = hcl::util::process_hash_key();
  CHECK(&key == &hcl::util::process_hash_key());
  // Sixteen random bytes are all zero once in 2^128 processes: zero means the draw did not happen.
  CHECK((key.seed != 0 || key.words != 0));
  CHECK(&NameSlots::process_key() == &key);
}
