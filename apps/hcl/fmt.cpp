#include "app.h"
namespace hcl::app {
Runner add_fmt(CLI::App& app) {
  app.add_subcommand("fmt", "(not yet implemented)");
  return [] { std::fprintf(stderr, "hcl fmt: not implemented yet\n"); return 2; };
}
}  // namespace hcl::app
