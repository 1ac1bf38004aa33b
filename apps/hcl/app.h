// Shared plumbing of the subcommands: exit codes, diagnostic output.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/render.h"
#include "source/source_file.h"

namespace hcl::app {

// Exit statuses shared by all subcommands (each documents its own meaning of 1..3).
inline constexpr int kExitOk = 0;

enum class DiagFormat { Text, Json, Github };

// Renders diagnostics for one source in the chosen format (JSON diagnostics are collected by the
// caller instead).
std::string render_diagnostics(const Diagnostics& diags, const SourceFile* source, DiagFormat format, bool color);

// Writes a whole buffer to a stream, reporting failure (a closed pipe, a full disk).
bool write_all(std::FILE* stream, std::string_view text);

// Every subcommand ends here, with everything written to standard output and standard error
// (by write_all, printf or CLI11's help) checked at once: the streams remember a failed write.
// A lost or short write turns success into exit status 2 with a message; a reader that went away
// (a closed pipe) ends it quietly, as SIGPIPE would have. Returns the status to exit with.
int finish_output(int status);

// The display name of a path given on the command line ("-" is standard input).
inline std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

}  // namespace hcl::app
