// `hcl dec --spec SPEC.hcldec [FILE...]`: decode configuration files by an hcldec spec into JSON,
// with the options and output of the reference's hcldec (cmd/hcldec), so that upstream's
// implementation-agnostic spec suite (hclspecsuite) can drive hcl through a tiny wrapper.
//
// Exit status (as hcldec): 0 success; 2 the spec, an input or the decoding has errors
// (diagnostics on stderr, as text or with --diags=json as JSON), or a usage error; 1 any other
// failure ("Error: ..."), such as a value with no JSON form or an unwritable --out file.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "app.h"
#include "body/json_body.h"
#include "body/native.h"
#include "dec/output.h"
#include "dec/spec_file.h"
#include "eval/json.h"
#include "io/files.h"
#include "json/syntax.h"
#include "syntax/parser.h"
#include "util/text.h"

#ifndef HCL_VERSION
#define HCL_VERSION "0.0.0"
#endif

namespace hcl::app {

namespace {

struct DecOptions {
  std::string spec;
  std::string out;
  std::string diags;
  std::string syntax;
  std::vector<std::string> vars;
  std::vector<std::string> files;
  bool var_refs = false;
  bool with_type = false;
  bool keep_nulls = false;
  bool version = false;
};

// The files read so far, for diagnostics' snippets; a path is parsed once, as hclparse caches.
struct Sources {
  std::vector<std::shared_ptr<const SourceFile>> files;
  std::map<std::string, body::BodyPtr> bodies;

  const SourceFile* find(const std::string& name) const {
    for (const auto& f : files)
      if (f->name() == name) return f.get();
    return nullptr;
  }
};

void write_diagnostics(const Diagnostics& diags, const Sources& sources, bool json) {
  if (diags.empty()) return;
  if (json) {
    write_all(stderr, dec::diagnostics_document(diags) + "\n");
    return;
  }
  SourceLookup lookup = [&](const std::string& name) { return sources.find(name); };
  bool color = use_color(2);
  std::string text;
  for (const auto& d : diags) text += render_text(d, lookup, TextStyle{color, 0});
  write_all(stderr, text);
}

int error_exit(const std::string& message) {
  std::fprintf(stderr, "Error: %s\n\n", message.c_str());
  return 1;
}

// hclparse: a body from text, in the JSON syntax or the native one.
body::BodyPtr parse_body(std::shared_ptr<const SourceFile> source, bool json, Diagnostics& diags) {
  if (json) {
    jsonsyntax::ParseResult r = jsonsyntax::parse_file(source);
    append(diags, std::move(r.diagnostics));
    return body::json_body(r.document);
  }
  ParseResult r = parse_config(source);
  append(diags, std::move(r.diagnostics));
  if (!r.tree) return nullptr;
  return body::native_body(std::shared_ptr<const SyntaxTree>(std::move(r.tree)));
}

// A file named on the command line (hclparse.ParseHCLFile / ParseJSONFile).
body::BodyPtr parse_path(const std::string& path, bool json, Sources& sources, Diagnostics& diags) {
  if (auto it = sources.bodies.find(path); it != sources.bodies.end()) return it->second;
  io::ReadResult r = io::read_file(path);
  if (!r.error.empty()) {
    if (json) {
      diags.push_back(Diagnostic{Severity::Error, "Failed to open file",
                                 "The file " + go_quote(path) + " could not be opened.", std::nullopt, std::nullopt});
    } else {
      diags.push_back(Diagnostic{Severity::Error, "Failed to read file",
                                 "The configuration file " + go_quote(path) + " could not be read.", std::nullopt,
                                 std::nullopt});
    }
    return nullptr;
  }
  auto source = std::make_shared<const SourceFile>(path, std::move(r.content));
  sources.files.push_back(source);
  Diagnostics own;
  body::BodyPtr b = parse_body(source, json, own);
  bool failed = has_errors(own);
  append(diags, std::move(own));
  if (b && !failed) sources.bodies[path] = b;
  return failed ? nullptr : b;
}

// --vars: a JSON object on the command line, or a file of attributes (JSON or native syntax).
void load_vars(const std::string& arg, size_t index, Sources& sources, std::map<std::string, eval::Value>& vars,
               Diagnostics& diags) {
  size_t first = arg.find_first_not_of(" \t\r\n");
  body::BodyPtr b;
  if (first != std::string::npos && arg[first] == '{') {
    auto source = std::make_shared<const SourceFile>("<vars argument " + std::to_string(index) + ">", arg);
    sources.files.push_back(source);
    b = parse_body(source, true, diags);
  } else {
    io::ReadResult r = io::read_file(arg);
    bool json = jsonsyntax::is_json_filename(arg);
    if (!r.error.empty()) {
      diags.push_back(json ? Diagnostic{Severity::Error, "Failed to open file",
                                        "The file " + go_quote(arg) + " could not be opened.", std::nullopt, std::nullopt}
                           : Diagnostic{Severity::Error, "Failed to read file",
                                        "The configuration file " + go_quote(arg) + " could not be read.", std::nullopt,
                                        std::nullopt});
      return;
    }
    auto source = std::make_shared<const SourceFile>(arg, std::move(r.content));
    sources.files.push_back(source);
    b = parse_body(source, json, diags);
  }
  if (!b) return;
  body::Attributes attrs = b->just_attributes(diags);
  for (const auto& a : attrs.items) vars[a.name] = a.expr->value(nullptr, diags);
}

bool write_output(const std::string& path, const std::string& text, std::string& error) {
  if (path.empty()) {
    if (!write_all(stdout, text) || std::fflush(stdout) != 0) {
      error = "cannot write the output";
      return false;
    }
    return true;
  }
  if (::access(path.c_str(), F_OK) == 0) {
    if (auto e = io::replace_file(path, text)) {
      error = "can't open " + path + " for writing: " + *e;
      return false;
    }
    return true;
  }
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    error = "can't open " + path + " for writing: " + std::strerror(errno);
    return false;
  }
  size_t off = 0;
  while (off < text.size()) {
    ssize_t n = ::write(fd, text.data() + off, text.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = "can't write " + path + ": " + std::strerror(errno);
      ::close(fd);
      return false;
    }
    off += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    error = "can't write " + path + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

int run_dec(const DecOptions& opt) {
  if (opt.version) {
    std::printf("hcl %s\n", HCL_VERSION);
    return 0;
  }
  bool json_diags = false;
  if (opt.diags == "json") {
    json_diags = true;
  } else if (!opt.diags.empty()) {
    std::fprintf(stderr, "Invalid diagnostics format \"%s\": only \"json\" is supported.\n", opt.diags.c_str());
    return 2;
  }
  if (!opt.syntax.empty() && opt.syntax != "json" && opt.syntax != "hcl") {
    std::fprintf(stderr, "hcl dec: --syntax must be hcl or json\n");
    return 2;
  }
  if (opt.spec.empty()) return error_exit("the --spec=... argument is required");

  Sources sources;
  Diagnostics diags;
  dec::SpecFile spec;
  {
    io::ReadResult r = io::read_file(opt.spec);
    if (!r.error.empty()) {
      diags.push_back(Diagnostic{Severity::Error, "Failed to read file",
                                 "The configuration file " + go_quote(opt.spec) + " could not be read.", std::nullopt,
                                 std::nullopt});
    } else {
      auto source = std::make_shared<const SourceFile>(opt.spec, std::move(r.content));
      sources.files.push_back(source);
      spec = dec::load_spec(source, diags);
    }
    if (has_errors(diags)) {
      write_diagnostics(diags, sources, json_diags);
      return 2;
    }
  }

  // The context of the configuration: the spec's variables, overridden by --vars, and the spec's
  // functions. Without variables (or functions) the reference's context has none at all, which
  // changes the errors: "Variables not allowed" rather than "Unknown variable".
  std::map<std::string, eval::Value> vars = spec.variables;
  for (size_t i = 0; i < opt.vars.size(); ++i) load_vars(opt.vars[i], i, sources, vars, diags);
  bool have_functions = spec.functions && spec.functions->size() > 0;
  const funcs::FunctionTable* functions = have_functions ? spec.functions.get() : nullptr;
  std::optional<eval::Scope> scope;
  if (!vars.empty()) {
    scope.emplace(functions);
    for (const auto& [k, v] : vars) scope->set(k, v);
  } else if (functions) {
    scope.emplace(eval::Scope::no_variables(functions));
  }
  body::Context ctx = scope ? &*scope : nullptr;

  std::vector<body::BodyPtr> bodies;
  if (opt.files.empty()) {
    io::ReadResult r = io::read_file("-");
    if (!r.error.empty()) return error_exit("failed to read stdin: " + r.error);
    auto source = std::make_shared<const SourceFile>("<stdin>", std::move(r.content));
    sources.files.push_back(source);
    Diagnostics own;
    body::BodyPtr b = parse_body(source, opt.syntax == "json", own);
    bool failed = has_errors(own);
    append(diags, std::move(own));
    if (b && !failed) bodies.push_back(b);
  } else {
    for (const auto& path : opt.files) {
      bool json = opt.syntax.empty() ? jsonsyntax::is_json_filename(path) : opt.syntax == "json";
      if (auto b = parse_path(path, json, sources, diags)) bodies.push_back(b);
    }
  }
  if (has_errors(diags)) {
    write_diagnostics(diags, sources, json_diags);
    return 2;
  }
  body::BodyPtr input = bodies.size() == 1 ? bodies[0] : body::merge_bodies(bodies);

  std::string error;
  if (opt.var_refs) {
    std::string doc = dec::variables_document(dec::variables(input, *spec.root), ctx) + "\n";
    if (!write_output(opt.out, doc, error)) return error_exit(error);
    return 0;
  }

  eval::Value value = dec::decode(input, *spec.root, ctx, diags);
  if (has_errors(diags)) {
    write_diagnostics(diags, sources, json_diags);
    return 2;
  }
  // Warnings do not stop the output; the reference drops them, hcl shows them.
  write_diagnostics(diags, sources, json_diags);
  auto doc = dec::value_document(value, dec::OutputOptions{opt.with_type, opt.keep_nulls});
  if (!doc) return error_exit(doc.error());
  if (!write_output(opt.out, *doc + "\n", error)) return error_exit(error);
  return 0;
}

}  // namespace

Runner add_dec(CLI::App& app) {
  auto opt = std::make_shared<DecOptions>();
  CLI::App* cmd = app.add_subcommand("dec", "Decode HCL files into JSON by an hcldec spec (as hcldec)");
  cmd->footer(
      "Compatible with hcldec: hclspecsuite can drive `hcl dec` through a wrapper script.\n"
      "Files ending in .json are read in the JSON syntax. Exit status: 0 success, 2 errors in the spec,\n"
      "the input or the decoding, 1 another failure.\n"
      "Example:\n"
      "  hcl dec --spec app.hcldec --vars '{\"env\": \"prod\"}' app.conf");
  cmd->add_option("files", opt->files, "Configuration files (default: standard input); several are merged");
  cmd->add_option("-s,--spec", opt->spec, "The spec file (required)");
  cmd->add_option("-o,--out", opt->out, "Write to this file instead of standard output");
  cmd->add_option("-V,--vars", opt->vars,
                  "Variables: a JSON object, or a file of attributes (JSON when it ends in .json) (repeatable)")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--diags", opt->diags, "Diagnostics format: json (default: text with snippets)");
  cmd->add_flag("--var-refs", opt->var_refs, "Print the variables the input refers to (as JSON) instead of decoding");
  cmd->add_flag("--with-type", opt->with_type, "Wrap the result as {\"value\": ..., \"type\": ...}");
  cmd->add_flag("--keep-nulls", opt->keep_nulls, "Keep object properties whose value is null");
  cmd->add_option("--syntax", opt->syntax, "Read the inputs as hcl or json (default: by file name, .json for JSON)");
  cmd->add_flag("-v,--version", opt->version, "Print the version and exit");
  return [opt] { return run_dec(*opt); };
}

}  // namespace hcl::app
