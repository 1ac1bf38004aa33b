// `hcl`: one executable, one subcommand per front end. This file wires the command line; each
// subcommand lives in its own file.
#include <CLI/CLI.hpp>
#include <cstring>
#include <iostream>

#include "app.h"
#include "util/stack.h"

#ifndef HCL_VERSION
#define HCL_VERSION "0.0.0"
#endif

namespace {

// terraform fmt spells its flags with one dash (-check, -write=false); accept those so scripts
// can switch by changing only the program name.
std::vector<std::string> normalize_args(int argc, char** argv) {
  static const char* single_dash[] = {"-check", "-diff", "-write", "-list", "-recursive", "-no-color"};
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    for (const char* f : single_dash) {
      size_t n = std::strlen(f);
      if (a.compare(0, n, f) == 0 && (a.size() == n || a[n] == '=')) {
        a = "-" + a;
        break;
      }
    }
    args.push_back(a);
  }
  return args;
}

int run_main(int argc, char** argv) {
  CLI::App app{"hcl: a fast, exact toolchain for HCL (HashiCorp Configuration Language)", "hcl"};
  app.set_version_flag("--version", std::string("hcl ") + HCL_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);

  std::vector<std::pair<CLI::App*, hcl::app::Runner>> commands;
  auto add = [&](hcl::app::Runner (*adder)(CLI::App&)) {
    size_t before = app.get_subcommands({}).size();
    hcl::app::Runner r = adder(app);
    auto subs = app.get_subcommands({});
    commands.emplace_back(subs[before], std::move(r));
  };
  add(hcl::app::add_validate);
  add(hcl::app::add_fmt);
  add(hcl::app::add_eval);
  add(hcl::app::add_json);
  add(hcl::app::add_tokens);
  add(hcl::app::add_dec);

  // `hcl help [SUBCOMMAND]`.
  std::string help_topic;
  CLI::App* help = app.add_subcommand("help", "Show help for hcl or one of its subcommands");
  help->add_option("subcommand", help_topic, "Subcommand to describe");

  auto args = normalize_args(argc, argv);
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    // Usage errors exit with 2 unless the subcommand says otherwise (fmt uses 1, as terraform).
    if (code == 0) return 0;
    for (auto* sub : app.get_subcommands()) {
      if (sub->get_name() == "fmt") return 1;
    }
    return 2;
  }
  if (help->parsed()) {
    if (help_topic.empty()) {
      // app.help() would describe the selected subcommand (help itself); format the root.
      std::cout << app.get_formatter()->make_help(&app, "hcl", CLI::AppFormatMode::Normal);
      return 0;
    }
    for (auto& [sub, runner] : commands) {
      if (sub->get_name() == help_topic) {
        std::cout << sub->help("hcl");
        return 0;
      }
    }
    std::cerr << "hcl: unknown subcommand \"" << help_topic << "\"\n";
    return 2;
  }
  for (auto& [sub, runner] : commands) {
    if (sub->parsed()) return runner();
  }
  std::cerr << app.help();
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // Deeply nested input (within the parser's nesting limit) recurses in parsing, evaluation and
  // conversion: run on a large stack (util/stack.h).
  int status = hcl::util::run_with_stack([&] { return run_main(argc, argv); });
  std::fflush(stdout);
  return status;
}
