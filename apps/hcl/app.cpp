#include "app.h"

#include <poll.h>

#include <cerrno>
#include <cstring>

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
      case DiagFormat::Json:
        // Invalid UTF-8 quoted from a file becomes U+FFFD, as Go's encoding/json writes it.
        out += diagnostic_json(d, lookup).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        break;
    }
  }
  return out;
}

bool write_all(std::FILE* stream, std::string_view text) {
  if (text.empty()) return true;
  size_t n = std::fwrite(text.data(), 1, text.size(), stream);
  return n == text.size();
}

namespace {

// Whether the reader of a pipe or socket has gone: writing to it would fail with EPIPE.
bool reader_gone(int fd) {
  struct pollfd p {fd, POLLOUT, 0};
  return ::poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

}  // namespace

int finish_output(int status) {
  errno = 0;
  bool out_failed = std::fflush(stdout) != 0 || std::ferror(stdout);
  int out_errno = errno;
  bool err_failed = std::fflush(stderr) != 0 || std::ferror(stderr);
  if (!out_failed && !err_failed) return status;
  if (status == 2) return status;  // already a failure the command reported
  if (out_failed && !err_failed && !reader_gone(1)) {
    std::string why = out_errno ? std::string(": ") + std::strerror(out_errno) : std::string();
    std::fprintf(stderr, "hcl: cannot write to standard output%s\n", why.c_str());
    std::fflush(stderr);
  }
  return 2;
}

}  // namespace hcl::app
