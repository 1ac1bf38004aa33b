// SPDX-License-Identifier: Apache-2.0
// A JSON document's value decoded on first use, for --vars: a plan of a hundred thousand
// resources is mostly never looked at by the question asked of it, and building all of it took
// nine tenths of the time. The document is checked and its structure recorded in one fast pass
// (a tape: where each value starts, and for each container where its subtree ends, its type and
// its weight); its containers are values whose elements are built the first time they are asked
// for, from the text. A value's type is known from the start, so nothing else in the program
// sees a difference.
//
// The fast pass accepts only what the full decoder (json_decoding.cpp) surely accepts and decodes
// to the same value; anything else -- an error, a repeated or escaped or non-ASCII property
// name, a number it cannot vouch for, nesting at the limit -- is left to the full decoder, which
// has the reference's messages and rules. (simdjson would scan faster, but Debian's package ships
// only a shared library, and `hcl` links statically.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "cty/expected.h"
#include "cty/value.h"

namespace hcl::cty {

struct ElementsBlock;

// json_to_value (cty/json_encoding.h) of a document handed over whole: its containers keep the
// text and build their elements on first use. (`big_weight` is for tests: containers whose
// weight reaches it keep it aside, as those whose weight does not fit 32 bits do.)
Expected<Value> json_document_to_value(std::string text, uint64_t big_weight = UINT32_MAX);
// The same over bytes held by `owner` (a mapped file), which the document keeps alive.
Expected<Value> json_document_to_value(std::shared_ptr<const void> owner, std::string_view text);

// Whether the fast pass takes `text` (for tests: what it leaves to the full decoder decodes as
// before by construction).
bool json_document_scans(std::string text);

// encoding/json's unquote of a string's body as scanned (between its quotes): escapes decoded,
// surrogate pairs joined, lone surrogates and invalid UTF-8 as U+FFFD.
void json_unquote(std::string_view body, std::string& out);

// For value.cpp: a document container's elements, built on first use (once, under a lock).
void build_document_elements(const ElementsBlock& block);
// Iteration position i of a document's container, by value: an object with a few members finds
// the one asked for in the text and builds only it.
Value document_member(const ElementsBlock& block, size_t i);
void destroy_document_elements(const ElementsBlock* block);

}  // namespace hcl::cty
