// SPDX-License-Identifier: Apache-2.0
// The payload of a list, set, tuple, map or object value (cty/value.h), shared by the values that
// hold it. A collection built by the evaluator has its elements from the start; a container of a
// JSON document decoded for --vars (cty/json_document.h) builds them on first use.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cty/shared.h"
#include "cty/value.h"

namespace hcl::cty {

struct ElementsBlock : SharedNode {
  enum Tag : uint8_t { kBuilt, kDocument };
  ElementsBlock(std::vector<Value> e, uint64_t w, Tag tag = kBuilt)
      : SharedNode(tag), weight(w), elements(std::move(e)) {}
  uint64_t weight;  // Value::weight
  // A document's container fills this once, under its own lock (json_document.cpp).
  std::vector<Value> elements;
};

struct MapBlock : ElementsBlock {
  MapBlock(std::vector<std::string> k, std::vector<Value> e, uint64_t w)
      : ElementsBlock(std::move(e), w), keys(std::move(k)) {}
  std::vector<std::string> keys;
};

}  // namespace hcl::cty
