// SPDX-License-Identifier: Apache-2.0
// `hcl edit [PATH...] OBJECT OPERATION ARGS...`: hcledit's operations (minamijoyo/hcledit) on the
// lossless tree, on one file or many. Every file is edited in memory first; with -u the changed
// ones are then replaced atomically, and nothing is written when any file failed.
// Exit status: 0 done, 1 the operation failed in some file, 2 usage or I/O.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>

#include "app.h"
#include "commands.h"
#include "edit/edit.h"
#include "io/files.h"
#include "util/text.h"

namespace hcl::app {

namespace {

struct OperationSpec {
  const char* object;
  const char* name;
  edit::Operation op;
  size_t args;  // positional arguments after the operation
  const char* usage;
};

constexpr OperationSpec kOperations[] = {
    {"attribute", "get", edit::Operation::AttributeGet, 1, "attribute get ADDRESS [--with-comments]"},
    {"attribute", "list", edit::Operation::AttributeList, 0, "attribute list [--values]"},
    {"attribute", "set", edit::Operation::AttributeSet, 2, "attribute set ADDRESS VALUE"},
    {"attribute", "append", edit::Operation::AttributeAppend, 2, "attribute append ADDRESS VALUE [--newline]"},
    {"attribute", "rm", edit::Operation::AttributeRm, 1, "attribute rm ADDRESS"},
    {"attribute", "mv", edit::Operation::AttributeMv, 2, "attribute mv FROM TO"},
    {"attribute", "replace", edit::Operation::AttributeReplace, 3, "attribute replace ADDRESS NAME VALUE"},
    {"block", "list", edit::Operation::BlockList, 0, "block list"},
    {"block", "get", edit::Operation::BlockGet, 1, "block get ADDRESS"},
    {"block", "rm", edit::Operation::BlockRm, 1, "block rm ADDRESS"},
    {"block", "mv", edit::Operation::BlockMv, 2, "block mv FROM TO"},
    {"block", "append", edit::Operation::BlockAppend, 2, "block append PARENT CHILD [--newline]"},
    {"block", "new", edit::Operation::BlockNew, 1, "block new ADDRESS [--newline]"},
    {"body", "get", edit::Operation::BodyGet, 1, "body get ADDRESS"},
};

bool is_object(const std::string& w) { return w == "attribute" || w == "block" || w == "body"; }

// The message may quote the command line: a control character in it reaches the terminal escaped.
int usage(const std::string& message) {
  std::string text = "hcl edit: " + util::escape_controls(message) + "\nOperations:\n";
  for (const auto& s : kOperations) text += std::string("  hcl edit [-f FILE] ") + s.usage + "\n";
  write_all(stderr, text);
  return kExitUsage;
}

// A VALUE such as m6i.large, written without the quotes a string needs, is a reference to
// something named m6i: valid HCL, written as it is, but rarely meant. Roots that name things in
// Terraform, Packer and Nomad (var.x, aws_instance.web) are taken as meant.
void warn_unquoted(const std::string& value) {
  static constexpr std::string_view kRoots[] = {"var",  "local", "module",    "data",      "each",  "count",
                                                "path", "self",  "terraform", "source",    "build", "packer",
                                                "attr", "node",  "meta",      "NOMAD_META"};
  size_t dot = value.find('.');
  if (dot == std::string::npos || dot == 0 || value.back() == '.') return;
  for (char c : value)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') return;
  std::string_view root(value.data(), dot);
  if (root.find('_') != std::string_view::npos || std::isdigit(static_cast<unsigned char>(root[0]))) return;
  if (std::find(std::begin(kRoots), std::end(kRoots), root) != std::end(kRoots)) return;
  write_all(stderr, "hcl edit: warning: VALUE " + util::escape_controls(value) +
                        " is written as a reference, not a string; quote it ('\"" + util::escape_controls(value) +
                        "\"') for the text\n");
}

struct Outcome {
  std::string name;
  std::string path;
  edit::Result result;
  std::shared_ptr<const source::SourceFile> source;
  std::optional<io::FileStamp> stamp;
};

// The library's request for an operation and its arguments, with the options that shape it.
edit::Request make_request(const OperationSpec& spec, const std::vector<std::string>& args, const EditOptions& opt) {
  edit::Request req;
  req.op = spec.op;
  if (!args.empty()) req.address = args[0];
  if (spec.op == edit::Operation::AttributeSet || spec.op == edit::Operation::AttributeAppend) {
    req.value = args[1];
    warn_unquoted(req.value);
  } else if (spec.op == edit::Operation::AttributeReplace) {
    req.target = args[1];
    req.value = args[2];
    warn_unquoted(req.value);
  } else if (args.size() == 2) {
    req.target = args[1];
  }
  req.newline = opt.newline;
  req.with_comments = opt.with_comments;
  req.values = opt.values;
  req.layout = opt.minimal ? edit::Layout::Minimal : edit::Layout::Hclwrite;
  return req;
}

}  // namespace

int run_edit(const EditOptions& opt) {
  auto object_at = std::find_if(opt.words.begin(), opt.words.end(), is_object);
  if (object_at == opt.words.end()) return usage("missing the operation (attribute, block or body)");
  std::vector<std::string> paths(opt.words.begin(), object_at);
  paths.insert(paths.end(), opt.files.begin(), opt.files.end());
  if (object_at + 1 == opt.words.end()) return usage("missing the operation after \"" + *object_at + "\"");
  const std::string& op_name = *(object_at + 1);
  const OperationSpec* spec = nullptr;
  for (const auto& s : kOperations)
    if (*object_at == s.object && op_name == s.name) spec = &s;
  if (!spec) return usage("unknown operation \"" + *object_at + " " + op_name + "\"");
  std::vector<std::string> args(object_at + 2, opt.words.end());
  if (args.size() != spec->args)
    return usage(std::string("\"") + spec->object + " " + spec->name + "\" takes " + std::to_string(spec->args) +
                 " argument" + (spec->args == 1 ? "" : "s") + ", got " + std::to_string(args.size()) +
                 " (usage: " + spec->usage + ")");

  edit::Request req = make_request(*spec, args, opt);

  if (paths.empty()) paths.push_back(".");  // standard input only when named, as everywhere
  if (std::count(paths.begin(), paths.end(), "-") > 1 ||
      (paths.size() > 1 && std::find(paths.begin(), paths.end(), "-") != paths.end()))
    return usage("\"-\" (standard input) cannot be combined with other paths");
  InputRequest request("edit", paths, opt.extensions);
  request.recursive = opt.recursive;
  bool find_failed = false;
  std::vector<io::FoundFile> files = find_inputs(request, find_failed);
  if (find_failed) return kExitUsage;
  bool modifying = spec->op != edit::Operation::AttributeGet && spec->op != edit::Operation::BlockList &&
                   spec->op != edit::Operation::AttributeList && spec->op != edit::Operation::BlockGet &&
                   spec->op != edit::Operation::BodyGet;
  bool several = files.size() > 1;
  if (modifying && several && !opt.update) return usage("editing several files needs -u (--update) to write them back");

  // Edit everything in memory first: with -u a failure in one file leaves every file untouched.
  std::vector<Outcome> outcomes;
  bool failed = false;
  size_t matches = 0;
  for (const auto& f : files) {
    Outcome o;
    o.path = f.path;
    o.name = display_name(f.path);
    if (opt.update && f.path != "-") o.stamp = io::file_stamp(f.path);
    io::ReadResult content = read_input(f.path, opt.update ? InputUse::MayRewrite : InputUse::ReadOnly);
    if (!content.error.empty()) {
      write_all(stderr, "hcl edit: cannot read " + util::escape_controls(o.name) + ": " + content.error + "\n");
      return kExitUsage;
    }
    o.source = input_source(o.name, std::move(content));
    o.result = edit::run(o.source, req);
    matches += o.result.matches;
    if (!o.result.ok) {
      failed = true;
      write_all(stderr, render_diagnostics(o.result.diagnostics, o.source.get(), DiagFormat::Text, false));
    }
    outcomes.push_back(std::move(o));
  }
  // Over several files (a directory), --require-match asks that the address names something in
  // at least one of them.
  if (!failed && opt.require_match && matches == 0 && spec->op != edit::Operation::BlockList &&
      spec->op != edit::Operation::AttributeList && spec->op != edit::Operation::BlockNew) {
    // A directory may have held no file at all.
    std::string where = outcomes.size() == 1 ? outcomes.front().name : std::to_string(outcomes.size()) + " files";
    write_all(stderr, "Error: Nothing matches the address\n\n\"" + util::escape_controls(req.address) +
                          "\" names nothing in " + util::escape_controls(where) + " (--require-match).\n");
    failed = true;
  }
  if (failed) return kExitFailed;

  // A file the address names nothing in is left alone, even where hcledit's output would
  // reformat it (its tabs, say).
  auto rewrites = [&](const Outcome& o) {
    return o.result.is_file && opt.update && o.path != "-" && o.result.changed && o.result.matches != 0;
  };
  // Every file to rewrite is checked before the first is written: one that cannot be leaves all.
  for (const auto& o : outcomes) {
    if (!rewrites(o)) continue;
    if (auto e = io::replaceable(o.path)) {
      write_all(stderr,
                "hcl edit: cannot write " + util::escape_controls(o.name) + ": " + *e + "; no file was changed\n");
      return kExitUsage;
    }
  }
  bool output_failed = false;
  std::vector<std::string> written;
  for (const auto& o : outcomes) {
    const edit::Result& r = o.result;
    if (r.is_file && opt.update && o.path != "-") {
      if (!rewrites(o)) continue;
      if (auto e = io::replace_file(o.path, r.output, o.stamp ? &*o.stamp : nullptr)) {
        std::string done = written.empty() ? "no file was changed" : "already rewritten: ";
        for (size_t i = 0; i < written.size(); ++i) done += (i ? ", " : "") + util::escape_controls(written[i]);
        write_all(stderr, "hcl edit: cannot write " + util::escape_controls(o.name) + ": " + *e + "; " + done + "\n");
        return kExitUsage;
      }
      written.push_back(o.name);
      continue;
    }
    // Several files' answers are told apart by a comment line naming each.
    if (several && !r.output.empty() && !write_all(stdout, "# " + util::escape_controls(o.name) + "\n"))
      output_failed = true;
    if (!write_all(stdout, r.output)) output_failed = true;
  }
  if (std::fflush(stdout) != 0 || output_failed) {
    write_all(stderr, "hcl edit: cannot write to standard output\n");
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace hcl::app
