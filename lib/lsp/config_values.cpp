// SPDX-License-Identifier: Apache-2.0
// The values hover and completion show for `var.NAME` and `local.NAME`: the pipeline's evaluation
// of a configuration (pipeline/config_value.h, what `hcl eval --config` runs), over the files the
// workspace found for the directory (its confined walk, open documents as the editor has them)
// instead of the disk, kept per configuration until one of its files changes.
#include <filesystem>

#include "config/evaluator.h"
#include "config/loader.h"
#include "cty/json_encoding.h"
#include "lsp/features.h"
#include "pipeline/config_value.h"

namespace hcl::lsp {

namespace {

namespace fs = std::filesystem;

// Every file a configuration of any dialect reads: its own files and the variable files its tool
// reads by itself.
const std::vector<std::string> kConfigurationFiles = {
    ".tf",       ".tf.json",     ".tofu",         ".tofu.json", ".tfvars",    ".tfvars.json", ".pkr.hcl",
    ".pkr.json", ".pkrvars.hcl", ".pkrvars.json", ".nomad",     ".nomad.hcl", ".nomad.json"};

std::string name_of(const std::string& path) { return fs::path(path).filename().string(); }

// At most `max` bytes of `text`, cut at a character's start, with "..." when cut.
std::string cut(const std::string& text, size_t max) {
  if (text.size() <= max) return text;
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n) + "...";
}

// The most of a value a hover shows.
constexpr size_t kShownBytes = 4000;

}  // namespace

struct Workspace::Configuration {
  pipeline::ConfigRequest request;
  pipeline::LoadedConfig loaded;
  std::map<std::string, ConfigValue, std::less<>> values;
};

std::optional<Workspace::ConfigValue> Workspace::config_value(const std::string& path, const std::string& expression,
                                                              bool evaluate) {
  funcs::Dialect own = config::detect_dialect(std::vector<std::string>{name_of(path)});
  if (own == funcs::Dialect::Hcl || !path.starts_with("/")) return std::nullopt;
  std::string dir = fs::path(path).parent_path().string();
  // Nomad runs one job file; the other tools read the whole directory.
  std::string key = own == funcs::Dialect::Nomad ? path : dir;
  // The configurations of the directories last visited; a new one past these starts afresh.
  constexpr size_t kMaxConfigurations = 16;
  if (configurations_.size() >= kMaxConfigurations && !configurations_.count(key)) configurations_.clear();
  auto& slot = configurations_[key];
  if (!slot) {
    auto given = std::make_shared<config::GivenFiles>();
    std::vector<std::string> names;
    for (const UnitFile& f : files(path, kConfigurationFiles, [](const std::string&) { return true; })) {
      names.push_back(name_of(f.path));
      given->files.emplace(names.back(), f.source);
    }
    slot = std::make_shared<Configuration>();
    pipeline::ConfigRequest& r = slot->request;
    r.path = key;
    r.dialect =
        own == funcs::Dialect::Terraform || own == funcs::Dialect::OpenTofu ? config::detect_dialect(names) : own;
    r.files = std::move(given);
    r.cwd = dir;
    r.read_working_directory = false;  // file functions read the directory's tree alone
    r.limits = kValueLimits;
    slot->loaded = pipeline::load_config(r);
  }
  Configuration& c = *slot;
  if (auto it = c.values.find(expression); it != c.values.end()) return it->second;
  if (!evaluate) return std::nullopt;
  c.request.expression = expression;
  pipeline::ConfigResult run = pipeline::config_value(c.request, c.loaded);
  ConfigValue v;
  if (run.usage) {
    v.text = *run.usage;
  } else if (run.result.value) {
    auto json = cty::value_to_json(config::mark_unknowns(*run.result.value));
    v.ok = bool(json);
    // Only what a hover shows is kept, whatever the value's size.
    v.text = cut(json ? *json : json.error(), kShownBytes);
  } else {
    v.text = "no value";
    for (const auto& d : run.result.diagnostics)
      if (d.severity == diag::Severity::Error) {
        v.text = d.summary;
        v.detail = d.detail;
        break;
      }
  }
  return c.values.emplace(expression, std::move(v)).first->second;
}

std::string value_markdown(const Workspace::ConfigValue& v) {
  if (!v.ok) return "Value: error: " + v.text + (v.detail.empty() ? "" : "\n\n" + cut(v.detail, 1000));
  // A fence longer than any run of backticks in the value.
  std::string fence = "```";
  while (v.text.find(fence) != std::string::npos) fence += '`';
  return "Value:\n" + fence + "json\n" + v.text + "\n" + fence;
}

std::string value_detail(const Workspace::ConfigValue& v) { return cut(v.ok ? v.text : "error: " + v.text, 80); }

void Workspace::changed(const std::string& path) {
  configurations_.erase(path);
  configurations_.erase(fs::path(path).parent_path().string());
}

}  // namespace hcl::lsp
