// SPDX-License-Identifier: Apache-2.0
// A parsed configuration file: it owns a copy of its bytes and its syntax tree, so it stays valid
// however the caller's buffers change. Copies share the same immutable data.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <hcl/diagnostic.h>

namespace hcl {

enum class Syntax : uint8_t {
  Native,  // HCL's native syntax (.hcl, .tf)
  Json,    // HCL's JSON syntax (.json)
};

// The syntax a file name implies: Json for names ending in .json, else Native.
Syntax syntax_for(std::string_view filename);

class File {
 public:
  // Parses `text`; `name` is what diagnostics call the file. Never fails: a file that does not
  // parse has errors among its diagnostics (and may hold a partial tree).
  static File parse(std::string name, std::string text, Syntax syntax = Syntax::Native);

  const std::string& name() const;
  std::string_view text() const;
  Syntax syntax() const;
  const Diagnostics& diagnostics() const;
  bool ok() const { return !has_errors(diagnostics()); }

  // A diagnostic about this file as text with the source line and a caret, as `hcl validate`
  // prints it ("Error: summary\n\n  on name line 1: ..."); `color` adds terminal colors.
  std::string render(const Diagnostic& diagnostic, bool color = false) const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  explicit File(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

}  // namespace hcl
