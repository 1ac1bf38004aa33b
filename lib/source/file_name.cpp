// SPDX-License-Identifier: Apache-2.0
#include "source/file_name.h"

#include <mutex>
#include <unordered_set>

namespace hcl::source {

namespace {

struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

// Names are never freed: a handle stays valid wherever it travels (diagnostics outlive their
// source file, and directory runs read files on several threads) without a reference count to
// update on every copy of a range. The table holds each distinct name once, so it is bounded by
// the files a process names: the command line's files and directories, or, in the language
// server, the documents a client opens during a session (tens of bytes each: ten thousand
// documents cost well under a megabyte), never by what the files contain.
struct NameTable {
  std::mutex mutex;
  std::unordered_set<std::string, NameHash, std::equal_to<>> names;  // nodes do not move
};

NameTable& table() {
  static auto* t = new NameTable;  // never destroyed: handles may be used by static destructors
  return *t;
}

}  // namespace

FileName::FileName(std::string_view name) {
  if (name.empty()) return;
  NameTable& t = table();
  std::lock_guard lock(t.mutex);
  auto it = t.names.find(name);
  if (it == t.names.end()) it = t.names.emplace(name).first;
  name_ = &*it;
}

}  // namespace hcl::source
