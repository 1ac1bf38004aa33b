// SPDX-License-Identifier: Apache-2.0
// Reading, finding and safely replacing configuration files.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hcl::io {

struct ReadResult {
  std::string content;  // the bytes, unless they were mapped
  std::string error;    // empty on success
  // A file read with `map_from` may be mapped instead: then `mapping` holds the mapping (the
  // bytes stay valid while it lives) and `mapped` views them.
  std::shared_ptr<const void> mapping;
  std::string_view mapped;
  std::string_view text() const { return mapping ? mapped : std::string_view(content); }
};

// The most bytes one input may hold: a larger regular file is refused before it is read, and a
// stream (standard input, a pipe, a device such as /dev/zero) is read only up to it, so memory
// stays bounded. 256 MiB unless set (the command-line flag --max-file-size).
inline constexpr uint64_t kDefaultMaxInputBytes = 256ull << 20;
uint64_t max_input_bytes();
void set_max_input_bytes(uint64_t limit);
// The setting that raises that limit, as the program names it ("--max-file-size" on the command
// line), for the message of an input past it; left unnamed (the library's API and its bindings,
// whose file functions read through here), the message names none. A literal: it is kept.
void name_input_limit_setting(const char* setting);
// "256 MiB": a limit as messages show it.
std::string size_text(uint64_t bytes);

// Reads a whole file ("-" reads standard input), up to max_input_bytes().
// A regular file of at least `map_from` bytes is mapped into memory rather than read: it is used
// where it lies in the page cache, with no copy and no fresh zeroed pages to copy into, which
// were a quarter of `hcl validate`'s time on a big file. Should the file shrink while mapped,
// the bytes past its new end read as zeros (a handler for SIGBUS maps zero pages there) rather
// than ending the process: no configuration holds zero bytes outside comments and strings, and a
// file that changed is never rewritten (replace_file's `expected` stamp), as with a file
// rewritten during a read.
inline constexpr uint64_t kNeverMap = UINT64_MAX;
ReadResult read_file(const std::string& path, uint64_t map_from = kNeverMap);
// Reads a regular file of at most `limit` bytes for a long-running reader (the language server)
// that must never block or be flooded: opened without blocking, refused unless it is a regular
// file once open (a FIFO or device swapped in after a walk found the name), and read only up to
// the limit whatever its size claims (files in /proc claim 0, a growing file claims too little).
ReadResult read_regular_file(const std::string& path, uint64_t limit);
// Where mapping starts to pay (measured with `hcl validate`: below it the mapping's own system
// calls and faults cost about what the copy saves).
inline constexpr uint64_t kMapFrom = 1u << 20;

// The default file name endings of HCL configurations.
const std::vector<std::string>& default_extensions();

bool has_extension(std::string_view name, const std::vector<std::string>& extensions);

// Names a directory walk passes over, as terraform does (configs.IsIgnoredFile): hidden files and
// directories (.terraform.lock.hcl, .terraform/, .git/) and editor backups (main.tf~, #main.tf#).
// A path named on the command line is taken whatever its name.
bool ignored_name(std::string_view name);

struct FoundFile {
  std::string path;
  bool explicit_arg = false;  // named on the command line rather than found in a directory
};

struct FindResult {
  std::vector<FoundFile> files;
  std::vector<std::string> errors;  // missing or unreadable paths, with the reason
};

// Expands command-line paths: files as given, directories scanned for the extensions (descending
// into subdirectories when `recursive`), passing over ignored names (ignored_name), in a sorted,
// deterministic order. Every subcommand that takes directories finds its files here. "-" stands for standard input.
// A walk never leaves the tree it was given: a symbolic link to a directory is not followed (as
// terraform fmt and gofmt do not), a directory met twice (by device and inode, as a bind mount
// can make it) is walked once, and only regular files, or links to them, are found: a FIFO or
// device named like a configuration would hang or flood the reader. A path named on the command
// line is taken as it is, whatever it is.
FindResult find_files(const std::vector<std::string>& paths, const std::vector<std::string>& extensions,
                      bool recursive);

// What tells one version of a file from the next: a write in between changes at least one field.
struct FileStamp {
  uint64_t device = 0, inode = 0, size = 0;
  int64_t mtime_ns = 0, ctime_ns = 0;
  friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

// The stamp of a file (following symbolic links), or nothing when it cannot be read.
std::optional<FileStamp> file_stamp(const std::string& path);

// Replaces a file's contents atomically: the new bytes go to a temporary file in the same
// directory, which is flushed and renamed over the target, so the file is either wholly old or
// wholly new. Symbolic links are followed (the link stays, its target is replaced) and the
// permission bits are kept. With `expected`, a file whose stamp no longer matches (changed since it
// was read) is left alone and reported. A file marked read-only (no write permission for anyone)
// is refused even for root. A file with several hard links is rewritten in place
// after the new contents were first written out in full beside it, so all its names keep
// sharing it; so is a file whose owner a rename would change, and one in a directory that is
// read-only or that this user may not write (without the copy beside it then). The owner,
// permission bits and setuid/setgid bits are kept. A device, pipe or socket is never replaced.
// Returns an error message, or nothing on success.
std::optional<std::string> replace_file(const std::string& path, std::string_view content,
                                        const FileStamp* expected = nullptr);

// Why replace_file would refuse `path` before writing anything (not a regular file, read-only,
// not writable), or nothing: a command that rewrites several files asks this of each first, so
// that it writes all of them or none.
std::optional<std::string> replaceable(const std::string& path);

// Writes an output file (`dec -o`): a new file is created (and removed again if it cannot be
// written whole), a regular file is replaced as replace_file does, a character device or a FIFO
// is written into, as a shell's redirection would; anything else is refused. Returns an error
// message, or nothing on success.
std::optional<std::string> write_output(const std::string& path, std::string_view content);

// Installs handlers for SIGINT, SIGTERM and SIGHUP (unless ignored) that remove the temporary
// files of writes in progress before the process ends; a signal that arrives while a file is
// being rewritten in place takes effect once that rewrite is done. For programs, not libraries:
// it replaces the handlers.
void remove_temporary_files_on_signals();

}  // namespace hcl::io
