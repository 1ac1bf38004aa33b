// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>
#include <unistd.h>

#include <string>

#include "lsp/transport.h"

using hcl::lsp::MessageReader;

namespace {

// Reads every message from `input` through a pipe: "M:<body>" for a message, "B" for a bad frame.
std::string frames(const std::string& input, size_t max = 1000) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  REQUIRE(write(fds[1], input.data(), input.size()) == static_cast<ssize_t>(input.size()));
  close(fds[1]);
  MessageReader reader(fds[0], max);
  std::string out, body, problem;
  for (;;) {
    auto st = reader.next(body, problem);
    if (st == MessageReader::Status::End) break;
    out += st == MessageReader::Status::Message ? "M:" + body + ";" : "B;";
  }
  close(fds[0]);
  return out;
}

}  // namespace

TEST_CASE("lsp transport: Content-Length framing, bad frames skipped") {
  CHECK(frames("Content-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]") == "M:{};M:[1];");
  // Header names are case-insensitive, other headers are ignored.
  CHECK(frames("content-length:2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}") == "M:{};");
  CHECK(frames("Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}") == "B;M:{};");
  CHECK(frames("Content-Type: a\r\n\r\nContent-Length: 2\r\n\r\n{}") == "B;M:{};");
  // Over the limit: skipped whole, and the next message is read.
  CHECK(frames("Content-Length: 12\r\n\r\n\"0123456789\"Content-Length: 1\r\n\r\n1", 5) == "B;M:1;");
  // A body cut short by the end of input is not a message.
  CHECK(frames("Content-Length: 10\r\n\r\n{}") == "");
  // Garbage without a header end is dropped in bounded pieces.
  CHECK(frames(std::string(20000, 'x') + "\r\n\r\nContent-Length: 1\r\n\r\n1").find("M:1;") != std::string::npos);
}
