// SPDX-License-Identifier: Apache-2.0
// What the server knows beyond one document: the function table, and the files loaded together
// with a document (the other files of its directory with the same kind of name: Terraform, Packer
// and Nomad each read a directory's files as one configuration), indexed for navigation.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cty/budget.h"
#include "cty/function.h"
#include "diag/diagnostic.h"
#include "io/files.h"
#include "lsp/position.h"
#include "source/source_file.h"

namespace hcl::lsp {

class Document;

// A name that navigation follows: "var.NAME", "local.NAME", "module.NAME", "data.TYPE.NAME" or
// "TYPE.NAME" (a managed resource), where it is declared or where an expression refers to it.
struct Symbol {
  std::string key;
  diag::Span name;   // the part a rename replaces (a declaration's label without its quotes)
  diag::Span whole;  // the whole declaration or reference
};

struct FileIndex {
  std::vector<Symbol> declarations;
  std::vector<Symbol> references;
  std::vector<std::string> block_types;  // top-level block types, in order (for completion)
};

// Indexes a native-syntax file (JSON-syntax files declare and refer to nothing here).
FileIndex index_file(const Document& doc);

struct UnitFile {
  std::string path;
  std::shared_ptr<const source::SourceFile> source;
  std::shared_ptr<const LineIndex> lines;
  std::shared_ptr<const FileIndex> index;
};

class Workspace {
 public:
  // `open` lists the open documents: their text wins over the files on disk, and the ones not yet
  // saved belong to their directory's unit too.
  explicit Workspace(std::function<std::vector<const Document*>()> open) : open_(std::move(open)) {}

  const cty::FunctionTable& functions();

  // The files loaded together with `path` (itself included, first).
  std::vector<UnitFile> unit(const std::string& path);

  // A file changed on disk (workspace/didChangeWatchedFiles).
  void forget(const std::string& path);

  // The value of EXPR (`var.NAME`, `local.NAME`) in the configuration `path` belongs to (its
  // directory's; a Nomad job file alone), as `hcl eval --config DIR EXPR` prints it, or the error
  // that stops it; nothing for a file that is no Terraform, OpenTofu, Packer or Nomad
  // configuration file. Kept per configuration until changed() names one of its files.
  struct ConfigValue {
    bool ok = false;
    std::string text;    // the value as JSON, or the error's summary
    std::string detail;  // the error's detail
  };
  // The command line's budget, but an editor waits for each answer: two seconds at most. With
  // `evaluate` false, only a value already known is given.
  static constexpr cty::EvalLimits kValueLimits{.max_seconds = 2};
  std::optional<ConfigValue> config_value(const std::string& path, const std::string& expression, bool evaluate = true);
  // A document of `path`'s directory was opened, edited, saved or closed.
  void changed(const std::string& path);

 private:
  struct Cached {
    io::FileStamp stamp;
    UnitFile file;
    uint64_t bytes = 0;
  };
  std::optional<UnitFile> load(const std::string& path, const std::vector<const Document*>& open);
  // `path`'s file, then the other files of its directory a command-line walk finds with one of
  // `extensions` that `keep` accepts, and the unsaved documents open there, within the limits.
  std::vector<UnitFile> files(const std::string& path, const std::vector<std::string>& extensions,
                              const std::function<bool(const std::string&)>& keep);
  struct Configuration;  // config_values.cpp
  std::map<std::string, std::shared_ptr<Configuration>> configurations_;

  std::function<std::vector<const Document*>()> open_;
  std::unique_ptr<cty::FunctionTable> functions_;
  std::map<std::string, Cached> cache_;
  std::vector<std::string> cache_order_;  // cache_'s paths, the longest kept first
  uint64_t cached_bytes_ = 0;
  std::map<std::string, std::pair<std::shared_ptr<const source::SourceFile>, std::shared_ptr<const FileIndex>>>
      open_indexes_;
};

// The kind of file name that decides the unit: ".tf" for main.tf, ".pkr.hcl" for a.pkr.hcl.
std::string unit_suffix(std::string_view path);

// file:// URIs and paths (percent-encoding as RFC 3986).
std::optional<std::string> uri_to_path(std::string_view uri);
std::string path_to_uri(std::string_view path);

}  // namespace hcl::lsp
