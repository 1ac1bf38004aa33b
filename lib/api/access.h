// SPDX-License-Identifier: Apache-2.0
// The library's side of the public handles: what a Value or a File holds, and the conversions
// between the public types and the stages' (never installed; include/hcl/ names none of this).
#pragma once

#include <memory>

#include <hcl/hcl.h>

#include "cty/value.h"
#include "diag/diagnostic.h"
#include "jsonsyntax/reader.h"
#include "source/source_file.h"
#include "syntax/tree.h"

namespace hcl {

struct FileData {
  Syntax syntax = Syntax::Native;
  std::shared_ptr<const source::SourceFile> source;
  std::shared_ptr<const syntax::SyntaxTree> tree;        // Native
  std::shared_ptr<const jsonsyntax::Document> document;  // Json
  Diagnostics diagnostics;
};

namespace detail {

struct Access {
  static const cty::Value& value(const Value& v) { return *static_cast<const cty::Value*>(v.data_.get()); }
  static Value wrap(cty::Value v) { return Value(std::make_shared<const cty::Value>(std::move(v))); }
  static const FileData& file(const File& f) { return *static_cast<const FileData*>(f.data_.get()); }
  static File wrap(std::shared_ptr<const FileData> data) { return File(std::move(data)); }
};

}  // namespace detail

Diagnostics convert(const diag::Diagnostics& from);
diag::Diagnostic internal(const Diagnostic& d);
// A failure of one error without a place.
Diagnostic error(std::string summary, std::string detail);

}  // namespace hcl
