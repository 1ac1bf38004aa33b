// SPDX-License-Identifier: Apache-2.0
#include "io/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <system_error>
#include <thread>

#include "util/memory.h"
#include "util/threads.h"

namespace hcl::io {

namespace fs = std::filesystem;

namespace {

std::atomic<uint64_t> g_max_input_bytes{kDefaultMaxInputBytes};
std::atomic<const char*> g_input_limit_setting{nullptr};

std::string too_large(uint64_t limit) {
  std::string out = "larger than " + size_text(limit) + ", the input size limit";
  if (const char* setting = g_input_limit_setting.load(std::memory_order_relaxed))
    out += std::string(" (") + setting + " raises it)";
  return out;
}

// The ranges of the files mapped now, for the SIGBUS handler (which may take no lock). A slot
// is free while its end is 0; a mapping claims one by setting the end, then the start.
struct MappedRange {
  std::atomic<uintptr_t> start{0}, end{0};
};
constexpr size_t kMappedRanges = 64;
MappedRange g_mapped[kMappedRanges];
uintptr_t g_page_size = 4096;
struct sigaction g_previous_bus_action;

// A read of a mapped page past the end of a file that shrank raises SIGBUS. The rest of that
// mapping becomes zero pages and the read goes on; any other SIGBUS gets the previous handling.
void on_bus_error(int, siginfo_t* info, void*) {
  auto address = reinterpret_cast<uintptr_t>(info->si_addr);
  for (MappedRange& range : g_mapped) {
    uintptr_t start = range.start.load(std::memory_order_acquire);
    uintptr_t end = range.end.load(std::memory_order_acquire);
    if (start == 0 || address < start || address >= end) continue;
    uintptr_t page = address & ~(g_page_size - 1);
    if (::mmap(reinterpret_cast<void*>(page), end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
        MAP_FAILED)
      return;
  }
  // Returning runs the faulting access again, which now meets the previous handling.
  ::sigaction(SIGBUS, &g_previous_bus_action, nullptr);
}

bool install_bus_error_handler() {
  static const bool installed = [] {
    long page = ::sysconf(_SC_PAGESIZE);
    if (page > 0) g_page_size = static_cast<uintptr_t>(page);
    struct sigaction action {};
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    return ::sigaction(SIGBUS, &action, &g_previous_bus_action) == 0;
  }();
  return installed;
}

// A read-only mapping of a whole file, registered for the SIGBUS handler while it lives.
class Mapping {
 public:
  // Nothing when the file cannot be mapped (a file system without mappings, no free range
  // slot...): the caller reads it instead.
  static std::shared_ptr<const Mapping> map(int fd, size_t size) {
    if (size == 0 || !install_bus_error_handler()) return nullptr;
    MappedRange* slot = nullptr;
    for (MappedRange& range : g_mapped) {
      uintptr_t free_end = 0;
      if (range.end.compare_exchange_strong(free_end, UINTPTR_MAX, std::memory_order_acq_rel)) {
        slot = &range;
        break;
      }
    }
    if (!slot) return nullptr;
    void* at = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (at == MAP_FAILED) {
      slot->end.store(0, std::memory_order_release);
      return nullptr;
    }
    auto start = reinterpret_cast<uintptr_t>(at);
    slot->end.store(start + size, std::memory_order_release);
    slot->start.store(start, std::memory_order_release);
    return std::make_shared<const Mapping>(static_cast<const char*>(at), size, slot);
  }

  Mapping(const char* bytes, size_t size, MappedRange* slot) : bytes_(bytes), size_(size), slot_(slot) {}
  // The range is forgotten before it is unmapped: once unmapped, its addresses may be mapped
  // again for something else, which the handler must not touch.
  ~Mapping() {
    slot_->start.store(0, std::memory_order_release);
    slot_->end.store(0, std::memory_order_release);
    ::munmap(const_cast<char*>(bytes_), size_);
  }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;

  std::string_view bytes() const { return {bytes_, size_}; }

 private:
  const char* bytes_;
  size_t size_;
  MappedRange* slot_;
};

}  // namespace

uint64_t max_input_bytes() { return g_max_input_bytes.load(std::memory_order_relaxed); }
void set_max_input_bytes(uint64_t limit) { g_max_input_bytes.store(limit, std::memory_order_relaxed); }
void name_input_limit_setting(const char* setting) { g_input_limit_setting.store(setting, std::memory_order_relaxed); }

std::string size_text(uint64_t bytes) {
  static const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  size_t u = 0;
  while (u + 1 < std::size(units) && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++u;
  }
  return std::to_string(bytes) + " " + units[u];
}

ReadResult read_file(const std::string& path, uint64_t map_from) {
  ReadResult r;
  const uint64_t limit = max_input_bytes();
  int fd = path == "-" ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    r.error = std::strerror(errno);
    return r;
  }
  auto done = [&] {
    if (fd != 0) ::close(fd);
    return std::move(r);
  };
  struct stat st {};
  bool have_stat = ::fstat(fd, &st) == 0;
  if (have_stat && S_ISDIR(st.st_mode)) {
    r.error = "is a directory";
    return done();
  }
  if (have_stat && S_ISREG(st.st_mode) && st.st_size > 0) {
    if (static_cast<uint64_t>(st.st_size) > limit) {
      r.error = too_large(limit);
      return done();
    }
    // Read a regular file straight into place; only a file that grows meanwhile needs more.
    size_t size = static_cast<size_t>(st.st_size);
    if (size >= map_from) {
      if (auto mapping = Mapping::map(fd, size)) {
        r.mapped = mapping->bytes();
        r.mapping = std::move(mapping);
        return done();
      }
    }
    // A big file's buffer is filled from end to end at once: huge pages spare most page faults.
    r.content.reserve(size);
    util::prefer_huge_pages(r.content.data(), r.content.capacity());
    r.content.resize(size);
    size_t got = 0;
    while (got < size) {
      ssize_t n = ::read(fd, r.content.data() + got, size - got);
      if (n < 0) {
        if (errno == EINTR) continue;
        r.error = std::strerror(errno);
        return done();
      }
      if (n == 0) break;
      got += static_cast<size_t>(n);
    }
    r.content.resize(got);
    return done();
  }
  // A stream (or a file that claims to be empty, as those in /proc do): read until its end or
  // one byte past the limit, whichever comes first, in blocks that are joined only at the end,
  // so that memory peaks near the input's size rather than twice the limit.
  constexpr size_t kBlock = 1 << 20;
  std::vector<std::unique_ptr<char[]>> blocks;
  uint64_t total = 0;
  size_t in_last = kBlock;
  for (;;) {
    if (in_last == kBlock) {
      blocks.push_back(std::unique_ptr<char[]>(new char[kBlock]));  // uninitialised, as make_unique_for_overwrite
      in_last = 0;
    }
    size_t want = static_cast<size_t>(std::min<uint64_t>(kBlock - in_last, limit + 1 - total));
    ssize_t n = ::read(fd, blocks.back().get() + in_last, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      r.error = std::strerror(errno);
      return done();
    }
    if (n == 0) break;
    in_last += static_cast<size_t>(n);
    total += static_cast<uint64_t>(n);
    if (total > limit) {
      r.error = too_large(limit);
      return done();
    }
  }
  r.content.reserve(static_cast<size_t>(total));
  util::prefer_huge_pages(r.content.data(), r.content.capacity());
  for (size_t b = 0; b < blocks.size(); ++b) {
    r.content.append(blocks[b].get(), b + 1 == blocks.size() ? in_last : kBlock);
    blocks[b].reset();
  }
  return done();
}

ReadResult read_regular_file(const std::string& path, uint64_t limit) {
  ReadResult r;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    r.error = std::strerror(errno);
    return r;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    r.error = "not a regular file";
    ::close(fd);
    return r;
  }
  r.content.resize(
      static_cast<size_t>(std::min<uint64_t>(static_cast<uint64_t>(std::max<off_t>(st.st_size, 0)), limit)) + 1);
  size_t got = 0;
  for (;;) {
    if (got == r.content.size()) {
      if (got > limit) break;
      r.content.resize(static_cast<size_t>(std::min<uint64_t>(uint64_t{got} * 2, limit + 1)));
    }
    ssize_t n = ::read(fd, r.content.data() + got, r.content.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      r.error = std::strerror(errno);
      break;
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  if (r.error.empty() && got > limit) r.error = "larger than " + size_text(limit);
  r.content.resize(r.error.empty() ? got : 0);
  return r;
}

const std::vector<std::string>& default_extensions() {
  static const std::vector<std::string> exts{".hcl", ".tf", ".tofu", ".tfvars", ".pkr.hcl", ".nomad"};
  return exts;
}

bool has_extension(std::string_view name, const std::vector<std::string>& extensions) {
  for (const auto& e : extensions) {
    if (name.size() > e.size() && name.substr(name.size() - e.size()) == e) return true;
  }
  return false;
}

bool ignored_name(std::string_view name) {
  if (name.empty()) return true;
  return name[0] == '.' || name.back() == '~' || (name.size() > 1 && name[0] == '#' && name.back() == '#');
}

namespace {

// Whether a link found in a walk leads to a regular file inside the walked tree: one that leads
// out (x.tf -> /etc/...) would let a walk read, or fmt rewrite, a file outside it.
bool link_stays_inside(const fs::path& link, const fs::path& root) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::status(link, ec))) return false;
  fs::path real = fs::canonical(link, ec);
  if (ec || root.empty()) return false;
  auto [r, _] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
  return r == root.end();
}

}  // namespace

namespace {

// One directory walk, spread over the cores: a directory is read by whichever thread is free, so
// one deep subtree does not leave the other cores idle while the rest waits. The order directories
// are read in does not matter: what is found is sorted at the end.
class Walk {
 public:
  Walk(std::string top, const std::vector<std::string>& extensions, bool recursive)
      : top_(std::move(top)), extensions_(extensions), recursive_(recursive) {
    std::error_code ec;
    root_ = fs::weakly_canonical(fs::path(top_), ec);
  }

  // Reads the top directory here, and the rest on up to `threads` threads when it has
  // subdirectories (a flat directory needs no thread started).
  void run(unsigned threads) {
    pending_.push_back(top_);
    pending_count_.store(1);
    if (!step(/*top=*/true)) return;
    std::vector<util::Thread> pool;
    pool.reserve(threads);
    for (unsigned t = 1; t < threads; ++t) {
      pool.emplace_back([this] { work(); });
      if (!pool.back().started()) break;  // no thread to spare: the ones running finish the walk
    }
    work();
    for (auto& t : pool) t.join();
  }

  std::vector<std::string> files;
  std::vector<std::string> errors;  // "dir: reason", sorted by directory

 private:
  // Reads pending directories until none is left and no thread can add one.
  void work() {
    while (step(false)) {}
  }

  // Takes one pending directory (waiting while others may still add some) and reads it; false
  // when the walk is over.
  bool step(bool top) {
    auto ready = [&] { return pending_count_.load() > 0 || busy_.load() == 0; };
    util::spin_until(ready);
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, ready);
    if (pending_.empty()) return false;
    std::string dir = std::move(pending_.back());
    pending_.pop_back();
    pending_count_.store(pending_.size());
    ++busy_;
    lock.unlock();
    Found found;
    try {
      read_directory(dir, top, found);
    } catch (...) {
      // The others would wait for this thread's directories forever: it is no longer busy.
      lock.lock();
      --busy_;
      cv_.notify_all();
      throw;
    }
    lock.lock();
    --busy_;
    for (auto& d : found.dirs) pending_.push_back(std::move(d));
    pending_count_.store(pending_.size());
    for (auto& f : found.files) files.push_back(std::move(f));
    if (!found.error.empty()) errors.push_back(std::move(found.error));
    if (!found.dirs.empty() || busy_ == 0) cv_.notify_all();
    return top ? !pending_.empty() : true;
  }

  struct Found {
    std::vector<std::string> dirs, files;
    std::string error;
  };

  // The entries of one directory, by the types readdir reports (a stat only where it reports
  // none): subdirectories not ignored (.git, .terraform), regular files and links to regular files inside the tree
  // with a matching name. A directory met before (a bind mount) is skipped.
  void read_directory(const std::string& dir, bool top, Found& found) {
    // Only the top may be reached through a link: below it a link to a directory is not followed.
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | (top ? 0 : O_NOFOLLOW));
    if (fd < 0) {
      found.error = dir + ": " + std::strerror(errno);
      return;
    }
    struct stat dst {};
    if (::fstat(fd, &dst) == 0) {
      std::lock_guard<std::mutex> lock(mu_);
      if (!seen_.insert({dst.st_dev, dst.st_ino}).second) {
        ::close(fd);
        return;
      }
    }
    DIR* d = ::fdopendir(fd);
    if (!d) {
      found.error = dir + ": " + std::strerror(errno);
      ::close(fd);
      return;
    }
    std::unique_ptr<DIR, int (*)(DIR*)> closer(d, ::closedir);  // also when memory runs out
    // As std::filesystem joins a name to a directory: no second separator after a trailing one.
    std::string prefix = dir.back() == '/' ? dir : dir + "/";
    while (struct dirent* e = ::readdir(d)) {
      std::string_view name = e->d_name;
      if (name == "." || name == "..") continue;
      unsigned char type = e->d_type;
      if (type == DT_UNKNOWN) {
        struct stat st {};
        if (::fstatat(::dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : S_ISLNK(st.st_mode) ? DT_LNK : DT_FIFO;
      }
      if (type == DT_DIR) {
        if (recursive_ && !ignored_name(name)) found.dirs.push_back(prefix + e->d_name);
        continue;
      }
      if (ignored_name(name) || !has_extension(name, extensions_)) continue;
      std::string full = prefix + e->d_name;
      if (type == DT_LNK ? !link_stays_inside(full, root_) : type != DT_REG) continue;
      if (full.rfind("./", 0) == 0 && top_ != "." && top_.rfind("./", 0) != 0) full.erase(0, 2);
      found.files.push_back(std::move(full));
    }
  }

  const std::string top_;
  const std::vector<std::string>& extensions_;
  const bool recursive_;
  fs::path root_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::string> pending_;  // directories found and not yet read
  // pending_'s size and the directories being read, changed under mu_ and read by a thread
  // that spins before it sleeps (util::spin_until).
  std::atomic<size_t> pending_count_{0};
  std::atomic<size_t> busy_{0};
  std::set<std::pair<dev_t, ino_t>> seen_;
};

}  // namespace

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
    Walk walk(p, extensions, recursive);
    walk.run(std::max(1u, std::thread::hardware_concurrency()));
    std::sort(walk.files.begin(), walk.files.end());
    std::sort(walk.errors.begin(), walk.errors.end());
    for (auto& f : walk.files) out.files.push_back({std::move(f), false});
    for (auto& e : walk.errors) out.errors.push_back(std::move(e));
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

// ---- Temporary files and signals ----------------------------------------------------------------
//
// Temporary files in flight are registered in fixed slots that a signal handler can read without
// allocating, so that SIGINT, SIGTERM and SIGHUP remove them before the process ends. A slot whose
// file is the only complete copy of a file being rewritten in place is kept instead, and the
// signal waits until that rewrite is done.

constexpr size_t kSlots = 64;
struct TempSlot {
  std::atomic<int> state{0};  // 0 free, 1 being filled, 2 remove on a signal, 3 keep
  char path[4096];
};
TempSlot g_slots[kSlots];
std::atomic<int> g_in_place{0};        // in-place rewrites under way
std::atomic<int> g_pending_signal{0};  // a signal that arrived during one
std::atomic<bool> g_handlers{false};

void remove_registered_temps() {
  for (auto& slot : g_slots)
    if (slot.state.load() == 2) ::unlink(slot.path);
}

void die_of(int sig) {
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

extern "C" void on_terminating_signal(int sig) {
  int saved = errno;
  remove_registered_temps();
  if (g_in_place.load() > 0) {
    g_pending_signal.store(sig);  // the last in-place rewrite ends the process
    errno = saved;
    return;
  }
  die_of(sig);
}

class TempRegistration {
 public:
  explicit TempRegistration(const std::string& path) {
    if (path.size() >= sizeof(TempSlot::path)) return;
    for (auto& s : g_slots) {
      int expected = 0;
      if (s.state.compare_exchange_strong(expected, 1)) {
        std::memcpy(s.path, path.c_str(), path.size() + 1);
        s.state.store(2);
        slot_ = &s;
        return;
      }
    }
  }
  ~TempRegistration() {
    if (!slot_) return;
    // Left by an exception (memory refused while the file was made): the file is incomplete, and
    // its caller's cleanup never ran.
    if (slot_->state.load() == 2 && std::uncaught_exceptions() > exceptions_) ::unlink(slot_->path);
    slot_->state.store(0);
  }
  void keep() {
    if (slot_) slot_->state.store(3);
  }
  TempRegistration(const TempRegistration&) = delete;
  TempRegistration& operator=(const TempRegistration&) = delete;

 private:
  TempSlot* slot_ = nullptr;
  int exceptions_ = std::uncaught_exceptions();
};

// Marks an in-place rewrite: a terminating signal that arrives meanwhile takes effect after it.
class InPlaceWindow {
 public:
  InPlaceWindow() { g_in_place.fetch_add(1); }
  ~InPlaceWindow() {
    if (g_in_place.fetch_sub(1) == 1)
      if (int sig = g_pending_signal.load()) {
        remove_registered_temps();
        die_of(sig);
      }
  }
  InPlaceWindow(const InPlaceWindow&) = delete;
  InPlaceWindow& operator=(const InPlaceWindow&) = delete;
};

// Writes new contents into an existing file (so that its inode, every hard link, the owner and
// the permission bits stay), restoring the old contents from memory should the write fail. The
// caller keeps a complete copy on disk beside the file when it could make one, and holds an
// InPlaceWindow until that copy is removed.
std::optional<std::string> overwrite_in_place(const std::string& target, std::string_view content) {
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

std::optional<std::string> write_stream(int fd, std::string_view content) {
  size_t off = 0;
  while (off < content.size()) {
    ssize_t n = ::write(fd, content.data() + off, content.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      return std::string("write failed: ") + std::strerror(errno);
    }
    off += static_cast<size_t>(n);
  }
  return std::nullopt;
}

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISFIFO(mode)) return "a named pipe";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

void remove_temporary_files_on_signals() {
  if (g_handlers.exchange(true)) return;
  struct sigaction sa {};
  sa.sa_handler = on_terminating_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    // A signal the caller's parent ignored stays ignored (nohup).
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    ::sigaction(sig, &sa, nullptr);
  }
}

namespace {

// What replace_file checks before it writes anything: the file a path leads to (symbolic links
// followed, so the link itself survives and its target gets the new contents), a regular file it
// may write.
std::optional<std::string> replace_target(const std::string& path, fs::path& target, struct stat& st) {
  std::error_code ec;
  target = fs::path(path);
  for (int hops = 0; hops < 40 && fs::is_symlink(target, ec); ++hops) {
    fs::path link = fs::read_symlink(target, ec);
    if (ec) return "cannot read symbolic link: " + ec.message();
    target = link.is_absolute() ? link : target.parent_path() / link;
  }
  if (::stat(target.c_str(), &st) != 0) return std::string("cannot stat: ") + std::strerror(errno);
  // A device, pipe or socket is never replaced by a regular file (see write_output for writing
  // into one).
  if (!S_ISREG(st.st_mode)) return std::string(kind_of(st.st_mode)) + ", not a regular file; left as it is";
  // Never replace a file marked read-only (not even as root), nor one we could not write in place:
  // renaming over it would bypass its protection.
  if ((st.st_mode & 0222) == 0) return "file is read-only";
  if (::access(target.c_str(), W_OK) != 0) return std::string("not writable: ") + std::strerror(errno);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> replaceable(const std::string& path) {
  fs::path target;
  struct stat st {};
  return replace_target(path, target, st);
}

std::optional<std::string> replace_file(const std::string& path, std::string_view content, const FileStamp* expected) {
  fs::path target;
  struct stat st {};
  if (auto e = replace_target(path, target, st)) return e;
  auto unchanged = [&]() -> std::optional<std::string> {
    // As late as possible: another program may have written the file since it was read.
    struct stat now {};
    if (expected && (::stat(target.c_str(), &now) != 0 || !(stamp_of(now) == *expected)))
      return "file changed while it was being formatted; left as it is";
    return std::nullopt;
  };

  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  // A directory marked read-only gets no new names from hcl, even as root; nor does one this user
  // may not write. The file is then rewritten in place, as terraform fmt always does.
  struct stat dst {};
  bool dir_closed = (::stat(dir.c_str(), &dst) == 0 && (dst.st_mode & 0222) == 0) || ::access(dir.c_str(), W_OK) != 0;
  if (dir_closed) {
    if (auto e = unchanged()) return e;
    InPlaceWindow window;
    return overwrite_in_place(target.string(), content);
  }
  std::random_device rd;
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
    tmp = (dir / ("." + target.filename().string() + ".hcl-" + std::to_string(rd()) + ".tmp")).string();
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) return std::string("cannot create temporary file: ") + std::strerror(errno);
  }
  if (fd < 0) return "cannot create temporary file";
  TempRegistration registration(tmp);
  auto fail = [&](const std::string& msg) {
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    return msg;
  };
  if (g_pending_signal.load()) return fail("interrupted");
  if (auto e = write_stream(fd, content)) return fail(*e);
  // The owner first: changing it clears the setuid and setgid bits, which the mode then restores.
  bool owner_kept = ::fchown(fd, st.st_uid, st.st_gid) == 0;
  if (!owner_kept && errno != EPERM) return fail(std::string("cannot set owner: ") + std::strerror(errno));
  if (::fchmod(fd, st.st_mode & 07777) != 0)
    return fail(std::string("cannot set permissions: ") + std::strerror(errno));
  if (::fsync(fd) != 0) return fail(std::string("cannot flush to disk: ") + std::strerror(errno));
  int closed = ::close(fd);
  fd = -1;
  if (closed != 0) return fail(std::string("write failed: ") + std::strerror(errno));
  if (auto e = unchanged()) return fail(*e);
  // A file with several hard links, or one whose owner a rename would change (another user's
  // file this user may write), is rewritten in place. Meanwhile the temporary file, complete and
  // on disk, is the copy of the new contents a crash would leave beside it.
  if (st.st_nlink > 1 || !owner_kept) {
    InPlaceWindow window;
    registration.keep();
    auto result = overwrite_in_place(target.string(), content);
    ::unlink(tmp.c_str());
    return result;
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0)
    return fail(std::string("cannot replace file: ") + std::strerror(errno));
  return std::nullopt;
}

std::optional<std::string> write_output(const std::string& path, std::string_view content) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISREG(st.st_mode)) return replace_file(path, content);
    // Into a character device or a pipe, as a shell's redirection would (/dev/null, /dev/stdout,
    // a FIFO a reader waits on); anything else (a block device, a directory) is refused.
    if (!S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode))
      return std::string(kind_of(st.st_mode)) + ", which is never written to";
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return std::strerror(errno);
    auto e = write_stream(fd, content);
    if (::close(fd) != 0 && !e) e = std::string("write failed: ") + std::strerror(errno);
    return e;
  }
  // A new file: created only if still absent, and removed again if it cannot be written whole.
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return std::strerror(errno);
  TempRegistration registration(path);
  auto e = write_stream(fd, content);
  if (::close(fd) != 0 && !e) e = std::string("write failed: ") + std::strerror(errno);
  if (e) ::unlink(path.c_str());
  return e;
}

}  // namespace hcl::io
