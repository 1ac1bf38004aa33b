// SPDX-License-Identifier: Apache-2.0
// What the library reports about bad input: plain data a caller can keep after the file is gone.
// Every operation returns its diagnostics beside its result; nothing is printed or thrown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

enum class Severity : uint8_t { Error, Warning };

// A place in a file: line and column count from 1 (columns in grapheme clusters, as the reference
// implementation counts them), byte from 0.
struct Position {
  uint32_t line = 1;
  uint32_t column = 1;
  uint32_t byte = 0;
};

struct SourceRange {
  std::string filename;
  Position start;
  Position end;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string summary;
  std::string detail;
  std::optional<SourceRange> subject;  // what is wrong
  std::optional<SourceRange> context;  // the construct around it, when that helps
};

using Diagnostics = std::vector<Diagnostic>;

[[nodiscard]] inline bool has_errors(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

}  // namespace hcl
