// SPDX-License-Identifier: Apache-2.0
// `hcl lsp`: the language server (lib/lsp) on standard input and output.
// Exit status: 0 after the client's shutdown and exit, 1 when the input ended without them.
#include <unistd.h>
#include <csignal>

#include "commands.h"
#include "lsp/serve.h"

namespace hcl::app {

int run_lsp(const LspOptions& opt) {
  (void)opt;
  // A client that goes away mid-reply must not kill the server with SIGPIPE: the write fails and
  // the loop ends at the input's end.
  std::signal(SIGPIPE, SIG_IGN);
  return lsp::serve(STDIN_FILENO, STDOUT_FILENO);
}

}  // namespace hcl::app
