// SPDX-License-Identifier: Apache-2.0
// util::KeyedHash: strings chosen to share a bucket of a standard hash table under std::hash
// (whose seed is fixed, so anyone can choose them) spread over the buckets under the process key.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "util/hash_key.h"

TEST_CASE("keys that share one std::hash bucket spread under KeyedHash") {
  constexpr size_t kKeys = 1000;
  // The bucket count a table of kKeys strings settles on.
  std::unordered_map<std::string, int> sized;
  for (size_t i = 0; i < kKeys; ++i) sized.emplace(std::to_string(i), 0);
  const size_t buckets = sized.bucket_count();
  std::vector<std::string> chosen;
  for (uint64_t i = 0; chosen.size() < kKeys; ++i) {
    std::string key = "key_" + std::to_string(i);
    if (std::hash<std::string>{}(key) % buckets == 0) chosen.push_back(key);
  }
  std::set<size_t> keyed;
  for (const auto& key : chosen) keyed.insert(hcl::util::KeyedHash{}(key) % buckets);
  // A random spread of 1,000 keys over about 1,000 buckets fills about 630 of them.
  CHECK(keyed.size() > 500);
  // And the tables of the library use it: the chosen keys do not share a bucket there.
  std::unordered_map<std::string, int, hcl::util::KeyedHash, std::equal_to<>> table;
  for (const auto& key : chosen) table.emplace(key, 0);
  size_t longest = 0;
  for (size_t b = 0; b < table.bucket_count(); ++b) longest = std::max(longest, table.bucket_size(b));
  CHECK(longest < 16);
}

TEST_CASE("keyed_hash depends on the key and is stable within a process") {
  const hcl::util::HashKey zero{0, 0}, other{1, 2};
  CHECK(hcl::util::keyed_hash("resource", zero) != hcl::util::keyed_hash("resource", other));
  CHECK(hcl::util::keyed_hash("resource") == hcl::util::keyed_hash(std::string("resource")));
}
