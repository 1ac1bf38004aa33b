// SPDX-License-Identifier: Apache-2.0
#include "util/memory.h"

#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace hcl::util {

void prefer_huge_pages(void* data, std::size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  std::uintptr_t begin = reinterpret_cast<std::uintptr_t>(data), end = begin + size;
  begin = (begin + kHuge - 1) & ~(kHuge - 1);
  end &= ~(kHuge - 1);
  // Failure (no transparent huge pages, a kernel that refuses) leaves ordinary pages.
  if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)size;
#endif
}

}  // namespace hcl::util
