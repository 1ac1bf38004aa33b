// SPDX-License-Identifier: Apache-2.0
// Runs the language server over a pair of file descriptors until the client says `exit` or the
// input ends. A reader thread frames and parses messages as they arrive, so a $/cancelRequest is
// seen while earlier work is still queued; the calling thread does the work, one message at a time.
#pragma once

#include <cstddef>

namespace hcl::lsp {

struct ServeOptions {
  // Larger messages are skipped and answered with an error (a document this size is not worth
  // holding in an editor session).
  size_t max_message_bytes = size_t{256} << 20;
};

// Returns the process exit status: 0 after shutdown then exit, 1 otherwise (LSP 3.17, "exit").
int serve(int in_fd, int out_fd, const ServeOptions& options = {});

}  // namespace hcl::lsp
