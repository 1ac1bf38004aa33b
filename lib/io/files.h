// SPDX-License-Identifier: Apache-2.0
// Reading, finding and safely replacing configuration files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hcl::io {

struct ReadResult {
  std::string content;
  std::string error;  // empty on success
};

// Reads a whole file ("-" reads standard input).
ReadResult read_file(const std::string& path);

// The default file name endings of HCL configurations.
const std::vector<std::string>& default_extensions();

bool has_extension(std::string_view name, const std::vector<std::string>& extensions);

struct FoundFile {
  std::string path;
  bool explicit_arg = false;  // named on the command line rather than found in a directory
};

struct FindResult {
  std::vector<FoundFile> files;
  std::vector<std::string> errors;  // missing or unreadable paths, with the reason
};

// Expands command-line paths: files as given, directories scanned for the extensions (descending
// into subdirectories when `recursive`, skipping hidden ones such as .git and .terraform), in a
// sorted, deterministic order. "-" stands for standard input.
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
// was read) is left alone and reported. A file or directory marked read-only (no write permission
// for anyone) is refused even for root. A file with several hard links is rewritten in place
// after the new contents were first written out in full beside it, so all its names keep
// sharing it. Returns an error message, or nothing on success.
std::optional<std::string> replace_file(const std::string& path, std::string_view content,
                                        const FileStamp* expected = nullptr);

}  // namespace hcl::io
