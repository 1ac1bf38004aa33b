// SPDX-License-Identifier: Apache-2.0
// A parsed configuration file: it owns a copy of its bytes and its syntax tree, so it stays valid
// however the caller's buffers change. Copies share the same immutable data.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <hcl/diagnostic.h>

namespace hcl {

namespace detail {
struct Access;  // the library's own view of a handle (not part of the interface)
}

enum class Syntax : uint8_t {
  Native,  // HCL's native syntax (.hcl, .tf)
  Json,    // HCL's JSON syntax (.json)
};

// The syntax a file name implies: Json for names ending in .json, else Native.
[[nodiscard]] Syntax syntax_for(std::string_view filename);

class File {
 public:
  // Parses `text`; `name` is what diagnostics call the file. Never fails: a file that does not
  // parse has errors among its diagnostics (and may hold a partial tree).
  [[nodiscard]] static File parse(std::string name, std::string text, Syntax syntax = Syntax::Native);

  [[nodiscard]] const std::string& name() const;
  [[nodiscard]] std::string_view text() const;
  [[nodiscard]] Syntax syntax() const;
  [[nodiscard]] const Diagnostics& diagnostics() const;
  [[nodiscard]] bool ok() const { return !has_errors(diagnostics()); }

  // A diagnostic about this file as text with the source line and a caret, as `hcl validate`
  // prints it ("Error: summary\n\n  on name line 1: ..."); `color` adds terminal colors.
  [[nodiscard]] std::string render(const Diagnostic& diagnostic, bool color = false) const;

 private:
  friend struct detail::Access;
  explicit File(std::shared_ptr<const void> data) : data_(std::move(data)) {}
  std::shared_ptr<const void> data_;
};

}  // namespace hcl
