// SPDX-License-Identifier: Apache-2.0
#include "util/memory.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>

TEST_CASE("the huge-page hint leaves every byte of the buffer usable, whatever its size and alignment") {
  // Sizes below, at and across the 2 MiB page, from offsets that are not page-aligned: the hint
  // covers only whole huge pages inside the buffer, and the bytes around them stay as they were.
  for (size_t size : {size_t{0}, size_t{1}, size_t{4096}, (size_t{2} << 20) - 1, size_t{2} << 20, size_t{5} << 20}) {
    for (size_t offset : {size_t{0}, size_t{1}, size_t{4095}}) {
      auto block = std::make_unique<unsigned char[]>(size + offset + 1);
      unsigned char* data = block.get() + offset;
      block[offset + size] = 0xAB;  // just past the buffer
      hcl::util::prefer_huge_pages(data, size);
      for (size_t i = 0; i < size; ++i) data[i] = static_cast<unsigned char>(i * 7);
      bool same = true;
      for (size_t i = 0; i < size; ++i) same &= data[i] == static_cast<unsigned char>(i * 7);
      CHECK(same);
      CHECK(block[offset + size] == 0xAB);
    }
  }
}
