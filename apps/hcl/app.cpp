// SPDX-License-Identifier: Apache-2.0
#include "app.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <optional>

#include "ast/ast.h"
#include "jsonsyntax/reader.h"
#include "syntax/parser.h"
#include "util/text.h"

namespace hcl::app {

namespace {
bool color_disabled = false;
std::string stdin_name;  // --stdin-filename

std::string extension_list(const std::vector<std::string>& extensions) {
  std::string out;
  for (const auto& e : extensions) out += (out.empty() ? "" : " ") + e;
  return out;
}
}  // namespace

DiagFormat parse_diag_format(const std::string& name) {
  if (name == "json") return DiagFormat::Json;
  if (name == "github") return DiagFormat::Github;
  if (name == "sarif") return DiagFormat::Sarif;
  return DiagFormat::Text;
}

std::string sarif_document(const std::vector<diag::SarifResult>& results) {
  diag::SarifTool tool;
  tool.version = version_number();
  return diag::sarif_log(tool, results).dump(2) + "\n";
}

void set_stdin_name(std::string name) { stdin_name = std::move(name); }

std::string display_name(const std::string& path) {
  if (path != "-") return path;
  return stdin_name.empty() ? "<stdin>" : stdin_name;
}

std::string style_name(const std::string& path) { return path == "-" ? stdin_name : path; }

io::ReadResult read_input(const std::string& path, InputUse use) {
  return io::read_file(path, use == InputUse::ReadOnly ? io::kMapFrom : io::kNeverMap);
}

std::shared_ptr<source::SourceFile> input_source(std::string name, io::ReadResult&& input) {
  if (input.mapping)
    return std::make_shared<source::SourceFile>(std::move(name), std::move(input.mapping), input.mapped);
  return std::make_shared<source::SourceFile>(std::move(name), std::move(input.content));
}

void disable_color() { color_disabled = true; }

bool color_on_stderr() { return !color_disabled && diag::use_color(2); }

std::optional<Syntax> parse_syntax(std::string_view name) {
  if (name.empty()) return Syntax::ByName;
  if (name == "hcl") return Syntax::Native;
  if (name == "json") return Syntax::Json;
  return std::nullopt;
}

bool reads_json(Syntax syntax, std::string_view path) {
  return syntax == Syntax::ByName ? jsonsyntax::is_json_filename(path) : syntax == Syntax::Json;
}

namespace {

// The endings searched for: --ext's, each with its leading dot, or the defaults.
std::vector<std::string> search_extensions(const InputRequest& request) {
  std::vector<std::string> exts = request.extensions;
  if (exts.empty()) {
    exts = io::default_extensions();
    exts.insert(exts.end(), request.default_extra.begin(), request.default_extra.end());
  }
  for (auto& e : exts)
    if (!e.empty() && e[0] != '.') e = "." + e;
  return exts;
}

}  // namespace

std::vector<io::FoundFile> find_inputs(const InputRequest& request, bool& failed) {
  failed = false;
  const std::vector<std::string> extensions = search_extensions(request);
  std::vector<std::string> paths = request.paths;
  if (!stdin_name.empty()) paths = {"-"};  // main.cpp refuses other paths beside it
  if (paths.empty()) paths.push_back(".");
  std::vector<io::FoundFile> files;
  for (const std::string& path : paths) {
    io::FindResult found = io::find_files({path}, extensions, request.recursive);
    for (const auto& e : found.errors)
      std::fprintf(stderr, "hcl %s: %s\n", request.command, util::escape_controls(e).c_str());
    failed |= !found.errors.empty();
    if (found.files.empty() && found.errors.empty()) {
      // Only an explicit path is worth a word: the current directory by default may be empty.
      if (!request.paths.empty() || request.require_files)
        std::fprintf(stderr, "hcl %s: %s: %s no files ending in %s\n", request.command,
                     util::escape_controls(path).c_str(),
                     request.require_files ? "error:" : "warning:", extension_list(extensions).c_str());
      failed |= request.require_files;
    }
    for (auto& f : found.files) {
      if (!f.explicit_arg && f.path.rfind("./", 0) == 0) f.path.erase(0, 2);
      files.push_back(std::move(f));
    }
  }
  return files;
}

diag::Diagnostics capped_per_file(const diag::Diagnostics& diags) {
  if (diags.size() <= diag::kMaxFileDiagnostics) return diags;
  std::map<std::string, uint64_t> seen;  // by file name; "" for diagnostics without a subject
  diag::Diagnostics out;
  for (const auto& d : diags)
    if (++seen[d.subject ? d.subject->filename.str() : std::string()] <= diag::kMaxFileDiagnostics) out.push_back(d);
  for (const auto& [file, count] : seen)
    if (count > diag::kMaxFileDiagnostics) out.push_back(diag::too_many_errors(count - diag::kMaxFileDiagnostics));
  return out;
}

diag::ContextLookup context_lookup(diag::SourceLookup sources) {
  if (!sources) return nullptr;
  // A file is parsed again for its blocks, once, and only when a diagnostic in it asks: most
  // runs have none, and a syntax check (validate) builds no tree. It shares the text, not a copy.
  auto trees = std::make_shared<std::map<const source::SourceFile*, std::unique_ptr<syntax::SyntaxTree>>>();
  return [sources = std::move(sources), trees](const source::Range& subject) -> std::string {
    // As hcl's writer: the block around the byte before the subject.
    if (subject.start.byte == 0) return "";
    const source::SourceFile* source = sources(subject.filename.str());
    if (!source) return "";
    auto [it, fresh] = trees->try_emplace(source);
    if (fresh && !jsonsyntax::is_json_filename(source->name())) {
      std::shared_ptr<const void> borrowed(source, [](const void*) {});
      it->second =
          syntax::parse_config(std::make_shared<source::SourceFile>(source->file_name(), borrowed, source->text()))
              .tree;
    }
    return it->second ? ast::context_string(*it->second, subject.start.byte - 1) : "";
  };
}

diag::SourceLookup single_source(const source::SourceFile* source) {
  if (!source) return nullptr;
  return [source](const std::string& name) -> const source::SourceFile* {
    return source->name() == name ? source : nullptr;
  };
}

diag::ContextLookup context_lookup(const source::SourceFile* source) { return context_lookup(single_source(source)); }

std::string render_diagnostics(const diag::Diagnostics& diags, const diag::SourceLookup& lookup, DiagFormat format,
                               bool color) {
  std::string out;
  diag::ContextLookup context = context_lookup(lookup);
  for (const auto& d : capped_per_file(diags)) {
    switch (format) {
      case DiagFormat::Text: out += diag::render_text(d, lookup, diag::TextStyle{color, 0, context}); break;
      case DiagFormat::Github: out += diag::render_github(d); break;
      case DiagFormat::Json:
        // Invalid UTF-8 quoted from a file becomes U+FFFD, as Go's encoding/json writes it.
        out +=
            diag::diagnostic_json(d, lookup, context).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
            "\n";
        break;
      case DiagFormat::Sarif: break;  // one log for the whole run, see sarif_document
    }
  }
  return out;
}

std::string render_diagnostics(const diag::Diagnostics& diags, const source::SourceFile* source, DiagFormat format,
                               bool color) {
  return render_diagnostics(diags, single_source(source), format, color);
}

bool write_all(std::FILE* stream, std::string_view text) {
  if (text.empty()) return true;
  size_t n = std::fwrite(text.data(), 1, text.size(), stream);
  return n == text.size();
}

namespace {

// Whether the reader of a pipe or socket has gone: writing to it would fail with EPIPE.
bool reader_gone(int fd) {
  struct pollfd p {
    fd, POLLOUT, 0
  };
  return ::poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

}  // namespace

int finish_output(int status) {
  errno = 0;
  bool out_failed = std::fflush(stdout) != 0 || std::ferror(stdout);
  int out_errno = errno;
  bool err_failed = std::fflush(stderr) != 0 || std::ferror(stderr);
  if (!out_failed && !err_failed) return status;
  if (status == kExitUsage) return status;  // already a failure the command reported
  if (out_failed && !err_failed && !reader_gone(1)) {
    std::string why = out_errno ? std::string(": ") + std::strerror(out_errno) : std::string();
    std::fprintf(stderr, "hcl: cannot write to standard output%s\n", why.c_str());
    std::fflush(stderr);
  }
  return kExitUsage;
}

}  // namespace hcl::app
