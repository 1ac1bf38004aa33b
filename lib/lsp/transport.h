// SPDX-License-Identifier: Apache-2.0
// The base protocol of LSP: messages framed by a "Content-Length: N" header and a blank line, over
// file descriptors the application hands in (the library never opens standard input itself).
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

namespace hcl::lsp {

class MessageReader {
 public:
  MessageReader(int fd, size_t max_message_bytes) : fd_(fd), max_(max_message_bytes) {}

  enum class Status : uint8_t {
    Message,   // `body` holds one message's content
    BadFrame,  // a header without a usable Content-Length, or a message over the size limit: skipped
    End,       // end of input or a read error
  };
  Status next(std::string& body, std::string& problem);

  // Whether another whole message is already buffered (read without waiting).
  bool message_buffered() const;

 private:
  bool fill();  // reads more input; false at the end
  int fd_;
  size_t max_;
  std::string buf_;
  size_t pos_ = 0;
};

class MessageWriter {
 public:
  explicit MessageWriter(int fd) : fd_(fd) {}
  // Writes one framed message; false once the output is closed. Safe to call from several threads.
  bool write(std::string_view body);

 private:
  int fd_;
  bool broken_ = false;
  std::mutex mutex_;
};

}  // namespace hcl::lsp
