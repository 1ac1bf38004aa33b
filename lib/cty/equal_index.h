// SPDX-License-Identifier: Apache-2.0
// Finding a value equal to another among many, as sets, distinct and the set functions must.
// Equal values have equal set hash texts (set_hash_text), so only values whose texts hash alike
// are compared. cty compares with every element (distinct) or within CRC-32 buckets (sets),
// which anyone can fill with thousands of texts; the hash here is keyed per process
// (util/hash_key.h), so its buckets cannot be aimed at.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "cty/value.h"
#include "util/hash_key.h"

namespace hcl::cty {

class EqualIndex {
 public:
  explicit EqualIndex(size_t expected = 0) { by_text_.reserve(expected); }

  // Whether an indexed value equals v (whose hash text is `text`); at(i) is value number i.
  template <class At>
  bool contains(std::string_view text, const Value& v, const At& at) const {
    return find(util::keyed_hash(text), v, at);
  }
  // Indexes v as value number `number` unless an indexed value equals it; false if one does.
  template <class At>
  bool add_unless_present(std::string_view text, const Value& v, size_t number, const At& at) {
    const uint64_t key = util::keyed_hash(text);
    if (find(key, v, at)) return false;
    by_text_.emplace(key, number);
    return true;
  }

 private:
  template <class At>
  bool find(uint64_t key, const Value& v, const At& at) const {
    auto [lo, hi] = by_text_.equal_range(key);
    return std::any_of(lo, hi, [&](const auto& e) { return at(e.second).equals(v).is_true(); });
  }

  std::unordered_multimap<uint64_t, size_t> by_text_;
};

}  // namespace hcl::cty
