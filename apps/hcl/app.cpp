#include "app.h"

#include <cerrno>

namespace hcl::app {

std::string render_diagnostics(const Diagnostics& diags, const SourceFile* source, DiagFormat format, bool color) {
  std::string out;
  SourceLookup lookup = [source](const std::string& name) -> const SourceFile* {
    return source && source->name() == name ? source : nullptr;
  };
  for (const auto& d : diags) {
    switch (format) {
      case DiagFormat::Text: out += render_text(d, lookup, TextStyle{color, 0}); break;
      case DiagFormat::Github: out += render_github(d); break;
      case DiagFormat::Json: out += diagnostic_json(d, lookup).dump() + "\n"; break;
    }
  }
  return out;
}

bool write_all(std::FILE* stream, std::string_view text) {
  if (text.empty()) return true;
  size_t n = std::fwrite(text.data(), 1, text.size(), stream);
  return n == text.size();
}

}  // namespace hcl::app
