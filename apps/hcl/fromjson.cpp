// SPDX-License-Identifier: Apache-2.0
// `hcl fromjson [FILE|DIR|-]`: files in HCL's JSON syntax (or of plain values) in the native
// syntax, the reverse of `hcl json`. One input prints its native text; with --write each input
// (or every .json file of a directory) is written beside it under its native name, and only
// when every input converted.
//
// Exit status: 0 success (warnings on stderr); 1 an input has errors (nothing is written);
// 2 usage or I/O error.
#include <cstdio>
#include <filesystem>

#include "app.h"
#include "commands.h"
#include "dec/spec_file.h"
#include "fromjson/fromjson.h"
#include "io/files.h"
#include "util/text.h"

namespace hcl::app {

namespace {

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// The native name of a JSON file: what its tool reads beside it.
std::string native_name(const std::string& path) {
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {".tfvars.json", ".tfvars"}, {".tf.json", ".tf"},           {".tofu.json", ".tofu"},
      {".pkr.json", ".pkr.hcl"},   {".nomad.json", ".nomad.hcl"}, {".json", ".hcl"},
  };
  for (const auto& [json, native] : kNames)
    if (ends_with(path, json)) return path.substr(0, path.size() - json.size()) + std::string(native);
  return path + ".hcl";
}

int fail(const std::string& message) {
  write_all(stderr, "hcl fromjson: " + message + "\n");
  return finish_output(2);
}

// The schema --dialect or --spec names; `error` set on failure.
// `shape_only`: --dialect hcl, which reads every body by its shape whatever the file names say.
std::shared_ptr<const fromjson::Schema> given_schema(const FromJsonOptions& opt, bool& shape_only, std::string& error) {
  if (!opt.dialect.empty()) {
    std::optional<funcs::Dialect> d = funcs::parse_dialect(opt.dialect);
    if (!d) error = "unknown dialect \"" + util::escape_controls(opt.dialect) + "\"";
    else shape_only = *d == funcs::Dialect::Hcl;
    return d ? fromjson::dialect_schema(*d) : nullptr;
  }
  if (opt.spec.empty()) return nullptr;
  io::ReadResult r = io::read_file(opt.spec);
  if (!r.error.empty()) {
    error = util::escape_controls(opt.spec) + ": " + r.error;
    return nullptr;
  }
  auto source = input_source(opt.spec, std::move(r));
  diag::Diagnostics diags;
  dec::SpecFile spec = dec::load_spec(source, diags);
  if (diag::has_errors(diags) || !spec.root) {
    write_all(stderr, render_diagnostics(diags, source.get(), DiagFormat::Text, color_on_stderr()));
    error = "the spec " + util::escape_controls(opt.spec) + " has errors";
    return nullptr;
  }
  return fromjson::spec_schema(*spec.root);
}

struct Converted {
  std::string path;
  std::string text;
};

}  // namespace

int run_fromjson(const FromJsonOptions& opt) {
  if (!opt.dialect.empty() && !opt.spec.empty()) return fail("--dialect and --spec exclude each other");
  std::string error;
  bool shape_only = false;
  std::shared_ptr<const fromjson::Schema> schema = given_schema(opt, shape_only, error);
  if (!error.empty()) return fail(error);

  InputRequest request("fromjson", opt.paths.empty() ? std::vector<std::string>{"."} : opt.paths, {".json"});
  request.recursive = opt.recursive;
  bool failed = false;
  std::vector<io::FoundFile> found = find_inputs(request, failed);
  if (failed) return finish_output(2);
  if (found.size() > 1 && !opt.write)
    return fail("several inputs: give --write to write each beside its JSON file, or name one file");
  if (opt.write && std::any_of(found.begin(), found.end(), [](const io::FoundFile& f) { return f.path == "-"; }))
    return fail("--write cannot write standard input back; leave it out to print");

  std::vector<Converted> results;
  int status = 0;
  bool color = color_on_stderr();
  for (const auto& file : found) {
    std::string name = display_name(file.path);
    io::ReadResult content = read_input(file.path);
    if (!content.error.empty()) {
      write_all(stderr, "hcl fromjson: " + util::escape_controls(name) + ": " + content.error + "\n");
      status = 2;
      continue;
    }
    auto source = input_source(name, std::move(content));
    fromjson::Options options = fromjson::options_for_file(style_name(file.path), schema);
    options.values = options.values || opt.values;
    if (shape_only) options.schema = nullptr;
    options.blocks.insert(opt.blocks.begin(), opt.blocks.end());
    fromjson::Result r = fromjson::convert(source, options);
    if (!r.diagnostics.empty())
      write_all(stderr, render_diagnostics(r.diagnostics, source.get(), DiagFormat::Text, color));
    if (diag::has_errors(r.diagnostics)) {
      status = std::max(status, 1);
      continue;
    }
    results.push_back(Converted{file.path, std::move(r.text)});
  }
  if (status != 0) return finish_output(status);
  if (!opt.write) {
    for (const auto& r : results) write_all(stdout, r.text);
    return finish_output(0);
  }
  // Every target is checked before any is written: all or none.
  for (const auto& r : results) {
    std::string target = native_name(r.path);
    std::error_code ec;
    if (!opt.force && std::filesystem::exists(target, ec))
      return fail(util::escape_controls(target) + " exists; --force replaces it");
  }
  for (const auto& r : results) {
    std::string target = native_name(r.path);
    if (auto werror = io::write_output(target, r.text)) return fail(util::escape_controls(target) + ": " + *werror);
  }
  return finish_output(0);
}

}  // namespace hcl::app
