// SPDX-License-Identifier: Apache-2.0
// Finding names in a list the caller keeps in first-seen order (a body's argument names, a JSON
// object's labels): a look along the list while it is short, an open-addressed index past
// sixteen names, so that a list of a hundred thousand stays linear with no allocation per name.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "util/hash_key.h"

namespace hcl::util {

class NameSlots {
 public:
  static constexpr size_t kLinear = 16;

  void clear() { slots_.clear(); }

  // The number of the entry of 0 .. count-1 named `name`; name_of(i) is entry i's name.
  template <class NameOf>
  std::optional<uint32_t> find(std::string_view name, size_t count, const NameOf& name_of) const {
    if (slots_.empty()) {
      for (size_t i = 0; i < count; ++i)
        if (name_of(i) == name) return static_cast<uint32_t>(i);
      return std::nullopt;
    }
    const uint64_t tag = hash(name) >> 32;
    for (size_t mask = slots_.size() - 1, i = tag & mask;; i = (i + 1) & mask) {
      const uint64_t slot = slots_[i];
      if (slot == 0) return std::nullopt;
      const uint32_t entry = static_cast<uint32_t>(slot) - 1;
      if (slot >> 32 == tag && name_of(entry) == name) return entry;
    }
  }

  // Starts loading the slot where a look-up of `name` begins, for a look-up a while later: an
  // index of many names misses the cache on most look-ups.
  void prefetch(std::string_view name) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[(hash(name) >> 32) & (slots_.size() - 1)]);
  }

  // Indexes the entry just appended, the count-th.
  template <class NameOf>
  void added(size_t count, const NameOf& name_of) {
    if (count <= kLinear) return;
    // At most half full, so that a probe ends after a slot or two.
    if (slots_.empty()) {
      slots_.assign(64, 0);
      for (size_t i = 0; i < count; ++i) place(hash(name_of(i)) >> 32, i);
      return;
    }
    if (count * 2 > slots_.size()) {
      // Growing needs no name again: a slot's tag is where its entry's probe starts.
      std::vector<uint64_t> old(slots_.size() * 2, 0);
      old.swap(slots_);
      for (uint64_t slot : old)
        if (slot != 0) place(slot >> 32, static_cast<uint32_t>(slot) - 1);
    }
    place(hash(name_of(count - 1)) >> 32, count - 1);
  }

  // The hash's key (util/hash_key.h): each process's own, so that names cannot be made to collide.
  using Key = HashKey;
  static const Key& process_key() { return process_hash_key(); }

  // A name's hash (util/hash_key.h), keyed by this process's key unless the caller gives one.
  static uint64_t hash(std::string_view name, const Key& key = process_key()) { return keyed_hash(name, key); }

 private:
  // A slot holds its entry's number plus one (0 is empty) below the high half of its name's hash
  // (its tag), which settles most mismatches without a look at the name and places the entry.
  void place(uint64_t tag, size_t entry) {
    size_t mask = slots_.size() - 1, i = tag & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = tag << 32 | (entry + 1);
  }

  std::vector<uint64_t> slots_;
};

}  // namespace hcl::util
