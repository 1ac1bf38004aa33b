#include "app.h"
namespace hcl::app {
Runner add_eval(CLI::App& app) {
  app.add_subcommand("eval", "(not yet implemented)");
  return [] { std::fprintf(stderr, "hcl eval: not implemented yet\n"); return 2; };
}
}  // namespace hcl::app
