#include "app.h"
namespace hcl::app {
Runner add_json(CLI::App& app) {
  app.add_subcommand("json", "(not yet implemented)");
  return [] { std::fprintf(stderr, "hcl json: not implemented yet\n"); return 2; };
}
}  // namespace hcl::app
