// SPDX-License-Identifier: Apache-2.0
#include "config/loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "body/json_body.h"
#include "body/native.h"
#include "diag/error.h"
#include "io/files.h"
#include "jsonsyntax/reader.h"
#include "syntax/parser.h"

namespace hcl::config {

namespace {

namespace fs = std::filesystem;

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Editors' backup and lock files, which the tools skip (configs.IsIgnoredFile).
bool ignored(const std::string& name) {
  return name.empty() || name[0] == '.' || name.back() == '~' || (name.front() == '#' && name.back() == '#');
}

// The name without the extension that made it part of the configuration, and that extension.
std::optional<std::pair<std::string, std::string>> split_name(const std::string& name, Dialect d) {
  std::vector<std::string> exts;
  switch (d) {
    case Dialect::Terraform: exts = {".tf.json", ".tf"}; break;
    case Dialect::OpenTofu: exts = {".tofu.json", ".tf.json", ".tofu", ".tf"}; break;
    case Dialect::Packer: exts = {".pkr.json", ".pkr.hcl"}; break;
    case Dialect::Nomad: exts = {".nomad.hcl", ".nomad.json", ".nomad"}; break;
    case Dialect::Hcl: exts = {".json", ".hcl"}; break;
  }
  for (const auto& e : exts)
    if (ends_with(name, e) && name.size() > e.size()) return std::make_pair(name.substr(0, name.size() - e.size()), e);
  return std::nullopt;
}

bool is_override(const std::string& stem) { return stem == "override" || ends_with(stem, "_override"); }

// The directory's files a tool could read, found by the walk every subcommand shares (io/files.h):
// regular files, and links to regular files inside the directory, but not a link to a file
// elsewhere (a `z.auto.tfvars` pointing out of the tree the user named is not read), nor hidden
// files and editor backups, which terraform passes over too.
std::vector<std::string> directory_names(const std::string& dir, diag::Diagnostics& diags) {
  // Every name a dialect reads ends in one of these (.tf.json and .pkr.json in .json, .pkr.hcl,
  // .pkrvars.hcl and .nomad.hcl in .hcl).
  static const std::vector<std::string> kEndings{".tf", ".tofu", ".tfvars", ".hcl", ".nomad", ".json"};
  io::FindResult found = io::find_files({dir}, kEndings, false);
  for (const auto& e : found.errors)
    diags.push_back(diag::Diagnostic{diag::Severity::Error, "Cannot read directory", e, std::nullopt, std::nullopt});
  std::vector<std::string> names;
  for (const auto& f : found.files) names.push_back(fs::path(f.path).filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string join(const std::string& dir, const std::string& name) {
  return dir.empty() || dir == "." ? name : (fs::path(dir) / name).string();
}

// The configuration's files: primary files first, then override files, each in lexical order.
std::vector<std::string> config_files(const std::string& dir, const std::vector<std::string>& names, Dialect d) {
  std::vector<std::string> primary, overrides;
  std::set<std::string> tofu_stems;
  if (d == Dialect::OpenTofu)
    for (const auto& n : names)
      if (auto s = split_name(n, d); s && !ignored(n) && s->second.starts_with(".tofu"))
        tofu_stems.insert(s->first + (s->second == ".tofu.json" ? ".json" : ""));
  for (const auto& n : names) {
    if (ignored(n)) continue;
    auto s = split_name(n, d);
    if (!s) continue;
    if (d == Dialect::OpenTofu && s->second.starts_with(".tf") &&
        tofu_stems.count(s->first + (s->second == ".tf.json" ? ".json" : "")))
      continue;
    bool over = (d == Dialect::Terraform || d == Dialect::OpenTofu) && is_override(s->first);
    (over ? overrides : primary).push_back(join(dir, n));
  }
  primary.insert(primary.end(), overrides.begin(), overrides.end());
  return primary;
}

// The variable files a tool reads without being asked, in the order it reads them (later wins).
std::vector<std::string> auto_var_files(const std::string& dir, const std::vector<std::string>& names, Dialect d) {
  std::vector<std::string> out;
  auto has = [&](const std::string& n) { return std::find(names.begin(), names.end(), n) != names.end(); };
  if (d == Dialect::Terraform || d == Dialect::OpenTofu) {
    for (const char* n : {"terraform.tfvars", "terraform.tfvars.json"})
      if (has(n)) out.push_back(join(dir, n));
    for (const auto& n : names)
      if (!ignored(n) && (ends_with(n, ".auto.tfvars") || ends_with(n, ".auto.tfvars.json")))
        out.push_back(join(dir, n));
  } else if (d == Dialect::Packer) {
    for (const auto& n : names)
      if (!ignored(n) && (ends_with(n, ".auto.pkrvars.hcl") || ends_with(n, ".auto.pkrvars.json")))
        out.push_back(join(dir, n));
  }
  return out;
}

// The file at `path`: with `given`, the given one of that name (the disk is not read); else the
// disk's.
std::shared_ptr<const source::SourceFile> read_source(const std::string& path, const GivenFiles* given,
                                                      diag::Diagnostics& diags) {
  io::ReadResult r;
  if (given) {
    auto it = given->files.find(fs::path(path).filename().string());
    if (it != given->files.end()) return it->second;
    r.error = "not one of the configuration's files";
  } else {
    r = io::read_file(path);
  }
  if (!r.error.empty()) {
    diags.push_back(
        diag::Diagnostic{diag::Severity::Error, "Cannot read file", path + ": " + r.error, std::nullopt, std::nullopt});
    return nullptr;
  }
  return std::make_shared<const source::SourceFile>(path, std::move(r.content));
}

// A parsed file's root body, or null (errors in `diags`).
body::BodyPtr parse_file(const std::string& path, diag::Diagnostics& diags,
                         std::vector<std::shared_ptr<const source::SourceFile>>& sources,
                         const GivenFiles* given = nullptr) {
  auto source = read_source(path, given, diags);
  if (!source) return nullptr;
  sources.push_back(source);
  if (ends_with(path, ".json")) {
    jsonsyntax::ParseResult p = jsonsyntax::parse_file(source);
    bool failed = diag::has_errors(p.diagnostics);
    diag::append(diags, std::move(p.diagnostics));
    return failed ? nullptr : body::json_body(p.document);
  }
  syntax::ParseResult p = syntax::parse_config(source);
  bool failed = diag::has_errors(p.diagnostics) || !p.tree;
  diag::append(diags, std::move(p.diagnostics));
  return failed ? nullptr : body::native_body(std::shared_ptr<const syntax::SyntaxTree>(std::move(p.tree)));
}

using diag::error;

bool literal_bool(const body::ExprPtr& e, diag::Diagnostics& diags) {
  if (!e) return false;
  cty::Value v = e->value(nullptr, diags);
  if (v.type().is_bool() && v.is_known() && !v.is_null()) return v.is_true();
  diags.push_back(error("Invalid argument", "A bool value is required here.", e->range()));
  return false;
}

class Reader {
 public:
  explicit Reader(Configuration& c) : c_(c) {}

  void file(const body::BodyPtr& b, bool override_file) {
    override_ = override_file;
    body::Schema schema;
    schema.blocks = {{"variable", {"name"}}, {"locals", {}}};
    bool tf = c_.dialect == Dialect::Terraform || c_.dialect == Dialect::OpenTofu;
    if (tf) {
      schema.blocks.push_back({"output", {"name"}});
      schema.blocks.push_back({"resource", {"type", "name"}});
      schema.blocks.push_back({"data", {"type", "name"}});
      schema.blocks.push_back({"ephemeral", {"type", "name"}});
      schema.blocks.push_back({"module", {"name"}});
    } else {
      schema.blocks.push_back({"variables", {}});
      if (c_.dialect == Dialect::Packer) schema.blocks.push_back({"local", {"name"}});
    }
    body::BodyPtr remain;
    body::BodyContent content = b->partial_content(schema, &remain, c_.diagnostics);
    if (!tf && remain) c_.documents.push_back(remain);
    for (const auto& block : content.blocks) {
      if (block.type == "variable") variable(block);
      else if (block.type == "variables") variables(block);
      else if (block.type == "locals") locals(block);
      else if (block.type == "local") local(block);
      else if (block.type == "output") output(block);
      else if (block.type == "resource") c_.resources[block.labels[0]].insert(block.labels[1]);
      else if (block.type == "data") c_.data[block.labels[0]].insert(block.labels[1]);
      else if (block.type == "ephemeral") c_.ephemeral[block.labels[0]].insert(block.labels[1]);
      else if (block.type == "module") c_.modules.insert(block.labels[0]);
    }
  }

 private:
  // A declaration's slot: new in a primary file (a repeat is an error), existing in an override
  // file (whose arguments replace the base's one by one, as Terraform merges override files).
  template <class Decl>
  Decl* slot(std::map<std::string, Decl>& in, const std::string& name, const source::Range& at, const char* what) {
    auto it = in.find(name);
    if (override_) {
      if (it != in.end()) return &it->second;
      c_.diagnostics.push_back(error(fmt::format("Missing base {} to override", what),
                                     fmt::format("There is no {} named \"{}\". An override file can only override "
                                                 "a {} that was already declared in a primary configuration file.",
                                                 what, name, what),
                                     at));
      return nullptr;
    }
    if (it != in.end()) {
      c_.diagnostics.push_back(error(fmt::format("Duplicate {}", what),
                                     fmt::format("A {} named \"{}\" was already declared at {}. Names must be unique "
                                                 "within a module.",
                                                 what, name, body::range_string(it->second.range)),
                                     at));
      return nullptr;
    }
    Decl& d = in[name];
    d.name = name;
    d.range = at;
    return &d;
  }

  void variable(const body::Block& block) {
    body::Schema s;
    s.attributes = {{"default"}, {"type"}, {"description"}, {"sensitive"}, {"nullable"}, {"ephemeral"}};
    s.blocks = {{"validation", {}}};
    body::BodyContent content = block.body->content(s, c_.diagnostics);
    VariableDecl* v = slot(c_.variables, block.labels[0], block.def_range, "variable declaration");
    if (!v) return;
    if (auto* a = content.attributes.find("default")) v->default_value = a->expr;
    if (auto* a = content.attributes.find("type")) v->type = a->expr;
    if (auto* a = content.attributes.find("nullable")) v->nullable = a->expr;
    if (auto* a = content.attributes.find("sensitive")) v->sensitive = literal_bool(a->expr, c_.diagnostics);
    std::vector<Validation> validations;
    for (const auto& vb : content.blocks) {
      body::Schema vs;
      vs.attributes = {{"condition", true}, {"error_message", true}};
      body::BodyContent vc = vb.body->content(vs, c_.diagnostics);
      auto* cond = vc.attributes.find("condition");
      auto* msg = vc.attributes.find("error_message");
      if (cond && msg) validations.push_back(Validation{cond->expr, msg->expr, vb.def_range});
    }
    if (!override_ || !validations.empty()) v->validations = std::move(validations);
  }

  // Packer's and Nomad's `variables { name = default }`.
  void variables(const body::Block& block) {
    for (const auto& a : block.body->just_attributes(c_.diagnostics).items)
      if (VariableDecl* v = slot(c_.variables, a.name, a.range, "variable declaration")) v->default_value = a.expr;
  }

  void locals(const body::Block& block) {
    for (const auto& a : block.body->just_attributes(c_.diagnostics).items) {
      if (LocalDecl* l = slot(c_.locals, a.name, a.range, "local value")) l->expr = a.expr;
    }
  }

  // Packer's `local "name" { expression = ..., sensitive = ... }`.
  void local(const body::Block& block) {
    body::Schema s;
    s.attributes = {{"expression", true}, {"sensitive"}};
    body::BodyContent content = block.body->content(s, c_.diagnostics);
    LocalDecl* l = slot(c_.locals, block.labels[0], block.def_range, "local value");
    if (!l) return;
    if (auto* a = content.attributes.find("expression")) l->expr = a->expr;
    if (auto* a = content.attributes.find("sensitive")) l->sensitive = literal_bool(a->expr, c_.diagnostics);
  }

  void output(const body::Block& block) {
    body::Schema s;
    s.attributes = {{"value", !override_}, {"description"}, {"sensitive"}, {"ephemeral"}, {"depends_on"}};
    s.blocks = {{"precondition", {}}};
    body::BodyContent content = block.body->content(s, c_.diagnostics);
    OutputDecl* o = slot(c_.outputs, block.labels[0], block.def_range, "output");
    if (!o) return;
    if (auto* a = content.attributes.find("value")) o->value = a->expr;
    if (auto* a = content.attributes.find("sensitive")) o->sensitive = literal_bool(a->expr, c_.diagnostics);
  }

  Configuration& c_;
  bool override_ = false;
};

}  // namespace

std::string outside_configuration_hint(std::string_view root) {
  if (root == "var")
    return "var.NAME is an input variable of a configuration: give it with --config PATH (a directory or a "
           "file of Terraform, OpenTofu, Packer or Nomad), where --var NAME=VALUE sets var.NAME. Without "
           "--config, --var NAME=VALUE sets a variable NAME of its own.";
  if (root == "local")
    return "local.NAME is a local value of a configuration: give it with --config PATH (a directory or a file "
           "of Terraform, OpenTofu, Packer or Nomad) to evaluate its locals blocks.";
  if (root == "path" || root == "terraform" || root == "module" || root == "data" || root == "packer")
    return fmt::format("{}. is defined by a configuration: give it with --config PATH.", root);
  return "";
}

Dialect detect_dialect(const std::string& path) {
  std::error_code ec;
  std::vector<std::string> names;
  if (fs::is_directory(path, ec)) {
    diag::Diagnostics ignore;
    names = directory_names(path, ignore);
  } else {
    names.push_back(fs::path(path).filename().string());
  }
  return detect_dialect(names);
}

Dialect detect_dialect(const std::vector<std::string>& names) {
  bool tf = false, tofu = false, packer = false, nomad = false;
  for (const auto& n : names) {
    tofu |= ends_with(n, ".tofu") || ends_with(n, ".tofu.json");
    tf |= ends_with(n, ".tf") || ends_with(n, ".tf.json");
    packer |= ends_with(n, ".pkr.hcl") || ends_with(n, ".pkr.json");
    nomad |= ends_with(n, ".nomad") || ends_with(n, ".nomad.hcl");
  }
  if (tofu) return Dialect::OpenTofu;
  if (tf) return Dialect::Terraform;
  if (packer) return Dialect::Packer;
  if (nomad) return Dialect::Nomad;
  return Dialect::Hcl;
}

Configuration load(const std::string& path, Dialect dialect, std::shared_ptr<const GivenFiles> given) {
  Configuration c;
  c.dialect = dialect;
  c.given = given;
  std::error_code ec;
  std::vector<std::string> names;
  auto listing = [&](const std::string& dir) {
    if (!given) return directory_names(dir, c.diagnostics);
    std::vector<std::string> out;
    for (const auto& [name, _] : given->files) out.push_back(name);
    return out;
  };
  if (fs::is_directory(path, ec)) {
    c.directory = path;
    names = listing(path);
    c.files = config_files(path, names, dialect);
    if (c.files.empty() && !diag::has_errors(c.diagnostics))
      c.diagnostics.push_back(
          diag::Diagnostic{diag::Severity::Error, "No configuration files",
                           fmt::format("{} holds no {} configuration files.", path, funcs::dialect_name(dialect)),
                           std::nullopt, std::nullopt});
  } else {
    std::string dir = fs::path(path).parent_path().string();
    c.directory = dir.empty() ? "." : dir;
    c.files.push_back(path);
    names = listing(c.directory);
  }
  c.var_files = auto_var_files(c.directory == "." && !fs::is_directory(path, ec) ? "" : c.directory, names, dialect);
  Reader reader(c);
  for (const auto& f : c.files) {
    body::BodyPtr b = parse_file(f, c.diagnostics, c.sources, given.get());
    std::string stem = fs::path(f).filename().string();
    auto s = split_name(stem, dialect);
    if (b)
      reader.file(b, (dialect == Dialect::Terraform || dialect == Dialect::OpenTofu) && s && is_override(s->first));
  }
  return c;
}

std::vector<AssignedValue> read_var_file(const std::string& path, diag::Diagnostics& diags,
                                         std::vector<std::shared_ptr<const source::SourceFile>>& sources,
                                         const GivenFiles* given) {
  std::vector<AssignedValue> out;
  body::BodyPtr b = parse_file(path, diags, sources, given);
  if (!b) return out;
  for (const auto& a : b->just_attributes(diags).items) {
    diag::Diagnostics own;
    cty::Value v = a.expr->value(nullptr, own);
    bool failed = diag::has_errors(own);
    diag::append(diags, std::move(own));
    if (!failed) out.push_back(AssignedValue{a.name, std::move(v), a.range});
  }
  return out;
}

}  // namespace hcl::config
