// SPDX-License-Identifier: Apache-2.0
// The characters of a name (an identifier), byte for byte as the reference's scanner takes them:
// Unicode 9.0.0's ID_Start and ID_Continue, plus the byte sequences that are not UTF-8 which its
// generated machine takes too (see tools/gen_identifier_table.mjs).
#pragma once

#include <cstddef>
#include <string_view>

namespace hcl::source {

// Length of the name character that starts at p (p < end, *p >= 0x80): 2 to 4 bytes, or 0 when
// the bytes there start none. ASCII names are [A-Za-z_][A-Za-z0-9_-]*, which callers test
// themselves.
size_t id_start_length(const unsigned char* p, const unsigned char* end);
size_t id_continue_length(const unsigned char* p, const unsigned char* end);

// The end of the name that starts at `at` ((ID_Start | "_") (ID_Continue | "-")*), or `at`
// when none starts there.
size_t identifier_end(std::string_view s, size_t at);

// hclsyntax.ValidIdentifier: the whole of `s` is one name.
inline bool is_identifier(std::string_view s) { return !s.empty() && identifier_end(s, 0) == s.size(); }

}  // namespace hcl::source
