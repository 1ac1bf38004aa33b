// SPDX-License-Identifier: Apache-2.0
// Shared plumbing of the subcommands: exit codes, diagnostic output.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/render.h"
#include "diag/sarif.h"
#include "io/files.h"
#include "source/source_file.h"

namespace hcl::app {

// Exit statuses. validate, json, eval, edit, tokens and hcl itself share one convention; fmt
// keeps terraform fmt's and dec keeps hcldec's, which scripts written for those tools test for.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;  // an input has errors, or the operation failed in one
inline constexpr int kExitUsage = 2;   // a usage or I/O error, including a failed write of the output
// `hcl fmt`, as terraform fmt.
inline constexpr int kFmtExitUsage = 1;
inline constexpr int kFmtExitError = 2;  // a syntax or I/O error in some file
inline constexpr int kFmtExitUnformatted = 3;
// `hcl dec`, as hcldec.
inline constexpr int kDecExitFailure = 1;  // a failure other than diagnostics ("Error: ...")
inline constexpr int kDecExitErrors = 2;   // errors in the spec, an input or the decoding; usage

// How inputs are read: --syntax hcl or json, or (by default) by the file's name.
enum class Syntax : uint8_t { ByName, Native, Json };

// --syntax's values: "hcl", "json", or "" for the default; nothing for any other.
std::optional<Syntax> parse_syntax(std::string_view name);

// Whether `path` is read in the JSON syntax: as --syntax says, else when its name ends in .json,
// as hclparse chooses.
bool reads_json(Syntax syntax, std::string_view path);

enum class DiagFormat { Text, Json, Github, Sarif };

// --format's names: text, json, github, sarif.
DiagFormat parse_diag_format(const std::string& name);

// A SARIF log of one run of hcl, as printed (with a final newline).
std::string sarif_document(const std::vector<diag::SarifResult>& results);

// `hcl --version`: the version, the commit and build it came from, and the reference release
// whose behaviour it matches.
std::string version_text();
const char* version_number();

// --no-color, which every subcommand takes, turns colour off for the whole run; so does a
// non-empty NO_COLOR, and colour is only ever used on a terminal.
void disable_color();
bool color_on_stderr();

// What a subcommand reads: the paths its command line names, expanded as io::find_files does,
// with one spelling for names found in directories ("dir/a.hcl", "a.hcl" for ".", as terraform's
// filepath.Join prints them). validate, fmt, json and edit collect their inputs here; dec and
// eval read the single files they are given (io::read_file), as hcldec does.
struct InputRequest {
  InputRequest(const char* command, std::vector<std::string> paths, std::vector<std::string> extensions)
      : command(command), paths(std::move(paths)), extensions(std::move(extensions)) {}
  const char* command;  // "validate", for messages
  std::vector<std::string> paths;
  // --ext as given ("tf" or ".tf"); none means io::default_extensions() plus `default_extra`.
  std::vector<std::string> extensions;
  std::vector<std::string> default_extra;
  // Whether directories are searched below their top (-r, --recursive): one rule for every
  // subcommand, as terraform fmt's -recursive.
  bool recursive = false;
  // An explicit directory that holds no matching file is a warning; with this, an error (a CI
  // gate given a mistyped path must not pass on nothing).
  bool require_files = false;
};
// Prints the warnings and errors of the search on stderr; `failed` is set when one was an error.
std::vector<io::FoundFile> find_inputs(const InputRequest& request, bool& failed);

// Reads an input find_inputs returned ("-" is standard input). A big file is mapped (io::kMapFrom) unless the run may
// rewrite it: a file rewritten in place (io::replace_file keeps hard links so) would change
// under its own mapping, and what is shown after the write (a diff) would read the new bytes.
enum class InputUse { ReadOnly, MayRewrite };
io::ReadResult read_input(const std::string& path, InputUse use = InputUse::ReadOnly);
// The source file of an input read_input returned, named `name`.
std::shared_ptr<source::SourceFile> input_source(std::string name, io::ReadResult&& input);

// At most diag::kMaxFileDiagnostics of each file's diagnostics, as validate reports them, each
// file's rest counted in one "Too many errors" after them: one per iteration of a dynamic block
// or per attribute must not flood the output.
diag::Diagnostics capped_per_file(const diag::Diagnostics& diags);

// What a diagnostic is "in" (`resource "aws_instance" "web"`), for the text and the JSON
// renderings, in whichever of the sources its subject names; valid while those sources live.
diag::ContextLookup context_lookup(diag::SourceLookup sources);
diag::ContextLookup context_lookup(const source::SourceFile* source);

// Renders diagnostics in the chosen format (JSON diagnostics are collected by the caller
// instead), capped per file, with snippets and context from the sources they name.
std::string render_diagnostics(const diag::Diagnostics& diags, const diag::SourceLookup& sources, DiagFormat format,
                               bool color);
std::string render_diagnostics(const diag::Diagnostics& diags, const source::SourceFile* source, DiagFormat format,
                               bool color);

// Writes a whole buffer to a stream, reporting failure (a closed pipe, a full disk).
bool write_all(std::FILE* stream, std::string_view text);

// Every subcommand ends here, with everything written to standard output and standard error
// (by write_all, printf or CLI11's help) checked at once: the streams remember a failed write.
// A lost or short write turns success into exit status 2 with a message; a reader that went away
// (a closed pipe) ends it quietly, as SIGPIPE would have. Returns the status to exit with.
int finish_output(int status);

// Standard input is read only when it is named: "-", or --stdin-filename NAME, which makes "-"
// the only input and gives it NAME in messages and for what a name decides (terraform fmt's
// style for main.tf, the JSON syntax for x.tf.json). Nothing is read from a pipe nobody named.
void set_stdin_name(std::string name);
// The display name of a path given on the command line ("-" is standard input: <stdin>, or the
// --stdin-filename).
std::string display_name(const std::string& path);
// The name that picks a file's style and syntax: the path, or for standard input the
// --stdin-filename (empty when none was given).
std::string style_name(const std::string& path);

}  // namespace hcl::app
