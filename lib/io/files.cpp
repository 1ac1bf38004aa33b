// SPDX-License-Identifier: Apache-2.0
#include "io/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

namespace hcl::io {

namespace fs = std::filesystem;

ReadResult read_file(const std::string& path) {
  ReadResult r;
  int fd = path == "-" ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    r.error = std::strerror(errno);
    return r;
  }
  struct stat st {};
  bool have_stat = ::fstat(fd, &st) == 0;
  if (have_stat && S_ISDIR(st.st_mode)) {
    if (fd != 0) ::close(fd);
    r.error = "is a directory";
    return r;
  }
  if (have_stat && S_ISREG(st.st_mode) && st.st_size > 0) {
    if (static_cast<uint64_t>(st.st_size) >= UINT32_MAX) {
      if (fd != 0) ::close(fd);
      r.error = "file is too large (the limit is 4 GiB)";
      return r;
    }
    // Read a regular file straight into place; only a file that grows meanwhile needs more.
    size_t size = static_cast<size_t>(st.st_size);
    r.content.resize(size);
    size_t got = 0;
    while (got < size) {
      ssize_t n = ::read(fd, r.content.data() + got, size - got);
      if (n < 0) {
        if (errno == EINTR) continue;
        r.error = std::strerror(errno);
        if (fd != 0) ::close(fd);
        return r;
      }
      if (n == 0) break;
      got += static_cast<size_t>(n);
    }
    r.content.resize(got);
    if (fd != 0) ::close(fd);
    return r;
  }
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      r.error = std::strerror(errno);
      break;
    }
    if (n == 0) break;
    r.content.append(buf, static_cast<size_t>(n));
    if (r.content.size() >= UINT32_MAX) {
      r.error = "input is too large (the limit is 4 GiB)";
      break;
    }
  }
  if (fd != 0) ::close(fd);
  return r;
}

const std::vector<std::string>& default_extensions() {
  static const std::vector<std::string> exts{".hcl", ".tf", ".tfvars", ".pkr.hcl", ".nomad"};
  return exts;
}

bool has_extension(std::string_view name, const std::vector<std::string>& extensions) {
  for (const auto& e : extensions) {
    if (name.size() > e.size() && name.substr(name.size() - e.size()) == e) return true;
  }
  return false;
}

FindResult find_files(const std::vector<std::string>& paths, const std::vector<std::string>& extensions,
                      bool recursive) {
  FindResult out;
  for (const auto& p : paths) {
    if (p == "-") {
      out.files.push_back({"-", true});
      continue;
    }
    std::error_code ec;
    auto st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      out.errors.push_back(p + ": " + (ec ? ec.message() : std::string("no such file or directory")));
      continue;
    }
    if (!fs::is_directory(st)) {
      out.files.push_back({p, true});
      continue;
    }
    std::vector<std::string> found;
    std::vector<fs::path> dirs{fs::path(p)};
    while (!dirs.empty()) {
      fs::path dir = dirs.back();
      dirs.pop_back();
      fs::directory_iterator it(dir, ec), end;
      if (ec) {
        out.errors.push_back(dir.string() + ": " + ec.message());
        continue;
      }
      for (; it != end; it.increment(ec)) {
        if (ec) break;
        const auto& entry = *it;
        std::string name = entry.path().filename().string();
        std::error_code ec2;
        if (entry.is_directory(ec2)) {
          if (recursive && !name.empty() && name[0] != '.') dirs.push_back(entry.path());
          continue;
        }
        if (!has_extension(name, extensions)) continue;
        if (!entry.is_regular_file(ec2) && !entry.is_symlink(ec2)) continue;
        std::string full = entry.path().string();
        if (full.rfind("./", 0) == 0 && p != "." && p.rfind("./", 0) != 0) full = full.substr(2);
        found.push_back(full);
      }
    }
    std::sort(found.begin(), found.end());
    for (auto& f : found) out.files.push_back({std::move(f), false});
  }
  return out;
}

namespace {

FileStamp stamp_of(const struct stat& st) {
  FileStamp s;
  s.device = st.st_dev;
  s.inode = st.st_ino;
  s.size = static_cast<uint64_t>(st.st_size);
  s.mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  s.ctime_ns = static_cast<int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
  return s;
}

}  // namespace

std::optional<FileStamp> file_stamp(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return stamp_of(st);
}

namespace {

bool write_at(int fd, std::string_view data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::pwrite(fd, data.data() + off, data.size() - off, static_cast<off_t>(off));
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    off += static_cast<size_t>(n);
  }
  return true;
}

// A file with several hard links is rewritten in place, so that every name sees the new
// contents as with `terraform fmt` (a rename would leave the other names on the old file). The
// caller has already written the new contents to a temporary file on the same disk, so the space
// is there; should the write fail all the same, the old contents are put back.
std::optional<std::string> overwrite_linked(const std::string& target, std::string_view content) {
  ReadResult old = read_file(target);
  if (!old.error.empty()) return "cannot read before rewriting: " + old.error;
  int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return std::string("cannot open for writing: ") + std::strerror(errno);
  bool ok = write_at(fd, content) && ::ftruncate(fd, static_cast<off_t>(content.size())) == 0 && ::fsync(fd) == 0;
  if (!ok) {
    std::string msg = std::string("write failed: ") + std::strerror(errno);
    bool restored = write_at(fd, old.content) && ::ftruncate(fd, static_cast<off_t>(old.content.size())) == 0;
    ::fsync(fd);
    ::close(fd);
    return msg + (restored ? "; the file was restored" : "; the file could not be restored");
  }
  if (::close(fd) != 0) return std::string("write failed: ") + std::strerror(errno);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> replace_file(const std::string& path, std::string_view content,
                                        const FileStamp* expected) {
  // Follow symbolic links so the link itself survives and its target gets the new contents.
  std::error_code ec;
  fs::path target = fs::path(path);
  for (int hops = 0; hops < 40 && fs::is_symlink(target, ec); ++hops) {
    fs::path link = fs::read_symlink(target, ec);
    if (ec) return "cannot read symbolic link: " + ec.message();
    target = link.is_absolute() ? link : target.parent_path() / link;
  }
  struct stat st {};
  if (::stat(target.c_str(), &st) != 0) return std::string("cannot stat: ") + std::strerror(errno);
  // Never replace a file marked read-only (not even as root), nor one we could not write in place:
  // renaming over it would bypass its protection.
  if ((st.st_mode & 0222) == 0) return "file is read-only";
  if (::access(target.c_str(), W_OK) != 0) return std::string("not writable: ") + std::strerror(errno);

  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  // Likewise a directory marked read-only keeps its files, as it would for anyone but root.
  struct stat dst {};
  if (::stat(dir.c_str(), &dst) == 0 && (dst.st_mode & 0222) == 0) return "directory is read-only";
  std::random_device rd;
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
    tmp = (dir / ("." + target.filename().string() + ".hcl-" + std::to_string(rd()) + ".tmp")).string();
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) return std::string("cannot create temporary file: ") + std::strerror(errno);
  }
  if (fd < 0) return "cannot create temporary file";
  auto fail = [&](const char* what) {
    std::string msg = std::string(what) + ": " + std::strerror(errno);
    ::close(fd);
    ::unlink(tmp.c_str());
    return msg;
  };
  size_t off = 0;
  while (off < content.size()) {
    ssize_t n = ::write(fd, content.data() + off, content.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("write failed");
    }
    off += static_cast<size_t>(n);
  }
  if (::fchmod(fd, st.st_mode & 07777) != 0) return fail("cannot set permissions");
  if (::fchown(fd, st.st_uid, st.st_gid) != 0 && errno != EPERM) return fail("cannot set owner");
  if (::fsync(fd) != 0) return fail("cannot flush to disk");
  if (::close(fd) != 0) {
    std::string msg = std::string("write failed: ") + std::strerror(errno);
    ::unlink(tmp.c_str());
    return msg;
  }
  if (expected) {
    // As late as possible: another program may have written the file since it was read.
    struct stat now {};
    if (::stat(target.c_str(), &now) != 0 || !(stamp_of(now) == *expected)) {
      ::unlink(tmp.c_str());
      return "file changed while it was being formatted; left as it is";
    }
  }
  if (st.st_nlink > 1) {
    auto result = overwrite_linked(target.string(), content);
    ::unlink(tmp.c_str());
    return result;
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    std::string msg = std::string("cannot replace file: ") + std::strerror(errno);
    ::unlink(tmp.c_str());
    return msg;
  }
  return std::nullopt;
}

}  // namespace hcl::io
