// SPDX-License-Identifier: Apache-2.0
// Vectors for arrays that grow with the file (the JSON conversion's, the block shapes of body/).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "util/memory.h"

namespace hcl::util {

// Allocates the arrays that grow with the file (a node per block, an entry per label or item):
// past 1 MiB in whole huge pages (2 MiB) that the system is asked to back as such. Each grown
// copy is fresh memory, and as ordinary 4 KiB pages these arrays took most of the page faults of
// a file of resources (about 2,500 of 3,300 on 20 MB), each fault clearing its page.
inline constexpr size_t kBigArray = size_t{1} << 20, kHugePage = size_t{2} << 20;
// Out of line, so that the arrays' own functions (emplace_back) stay small enough to inline.
[[gnu::noinline]] inline void* allocate_big(size_t bytes) {
  size_t whole = (bytes + kHugePage - 1) & ~(kHugePage - 1);
  void* p = std::aligned_alloc(kHugePage, whole);
  if (!p) throw std::bad_alloc();
  util::prefer_huge_pages(p, whole);
  return p;
}
template <class T>
struct BigArrayAllocator {
  using value_type = T;

  BigArrayAllocator() = default;
  template <class U>
  explicit BigArrayAllocator(const BigArrayAllocator<U>&) {}
  T* allocate(size_t n) {
    if (n * sizeof(T) < kBigArray) [[likely]]
      return std::allocator<T>().allocate(n);
    return static_cast<T*>(allocate_big(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < kBigArray) [[likely]]
      std::allocator<T>().deallocate(p, n);
    else std::free(p);
  }
  friend bool operator==(const BigArrayAllocator&, const BigArrayAllocator&) { return true; }
};
template <class T>
using BigVector = std::vector<T, BigArrayAllocator<T>>;

}  // namespace hcl::util
