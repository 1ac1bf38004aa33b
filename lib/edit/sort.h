// SPDX-License-Identifier: Apache-2.0
// `hcl fmt --sort`: the items of a configuration file reordered on its lossless tree, each item
// moving with the comments and blank lines that belong to it, so that the result means the same
// and only the order changes. The result still needs formatting (format::format_config).
//
// Order (docs/fmt.md):
// - top level: `variable` and `output` blocks by name, each kind in the places that kind held;
//   with SortMode::All every top-level block by type, then labels, in the places blocks held
//   (attributes of the root body, as in a .tfvars file, stay where they are);
// - inside a `locals` block and a `required_providers` block: attributes A to Z;
// - inside any other block: count, for_each, provider, source, version; then the other
//   attributes A to Z; then nested blocks in their order (the order of repeated blocks is
//   meaningful); then `lifecycle` blocks; then depends_on.
// What moves with an item: the comment lines right above it, the comment at the end of its last
// line, and the blank lines and detached comments between it and the item before it. What stays:
// the text before a body's first item (a file's leading comment) and after its last.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "diag/diagnostic.h"
#include "format/format.h"
#include "source/source_file.h"

namespace hcl::edit {

enum class SortMode : uint8_t {
  Standard,  // variables and outputs at the top level; every block's content
  All,       // every top-level block as well
};

// The reordered text of `source`, or nothing (with the parser's diagnostics) when it does not
// parse. Sorting sorted text returns it unchanged.
std::optional<std::string> sort_items(std::shared_ptr<const source::SourceFile> source, SortMode mode,
                                      diag::Diagnostics& diags);

// `hcl fmt --sort`: sort_items, then format::format_config on the reordered text; `result` says
// what changed against `source`. Returns false, doing nothing, when nothing moved or the file does
// not parse: format_config on `source` alone then says all there is to say.
bool sort_and_format(const std::shared_ptr<const source::SourceFile>& source, SortMode mode,
                     format::FormatOptions options, format::FormatResult& result);

}  // namespace hcl::edit
