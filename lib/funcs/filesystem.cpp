// SPDX-License-Identifier: Apache-2.0
// Filesystem functions, as Terraform defines them (internal/lang/funcs/filesystem.go and
// crypto.go; the reference lacks them): file, filebase64, fileexists, fileset, templatefile,
// basename, dirname, abspath, pathexpand, and the file digests filemd5, filesha1, filesha256,
// filesha512, filebase64sha256, filebase64sha512.
//
// Relative paths are resolved against a base directory (`hcl eval --chdir DIR`, default the
// current directory) the way `terraform -chdir=DIR` resolves them against the configuration's
// directory, so messages name paths relative to it, as Terraform's do. Path arithmetic follows
// Go's path/filepath on Unix, and fileset's patterns follow the doublestar (v1) matcher
// Terraform uses, including the order it reads directories in.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <memory>

#include "ast/ast.h"
#include "cty/budget.h"
#include "cty/unicode.h"
#include "eval/eval.h"
#include "funcs/digest.h"
#include "funcs/encoding.h"
#include "funcs/library.h"
#include "io/files.h"
#include "source/utf8.h"
#include "syntax/parser.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// ---- Go's path/filepath on Unix -----------------------------------------------------------------

bool is_abs(std::string_view p) { return !p.empty() && p[0] == '/'; }

// filepath.Clean: the shortest equivalent path, lexically.
std::string clean(std::string_view p) {
  if (p.empty()) return ".";
  bool rooted = p[0] == '/';
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i < p.size()) {
    size_t j = p.find('/', i);
    if (j == std::string_view::npos) j = p.size();
    std::string_view part = p.substr(i, j - i);
    i = j + 1;
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (!parts.empty() && parts.back() != "..") {
        parts.pop_back();
      } else if (!rooted) {
        parts.push_back(part);
      }
      continue;
    }
    parts.push_back(part);
  }
  std::string out = rooted ? "/" : "";
  for (size_t k = 0; k < parts.size(); ++k) {
    if (k) out += '/';
    out += parts[k];
  }
  if (out.empty()) return ".";
  return out;
}

// filepath.Join: the non-empty elements joined and cleaned; "" when all are empty.
std::string join(std::initializer_list<std::string_view> elems) {
  std::string out;
  bool any = false;
  for (auto e : elems) {
    if (e.empty()) continue;
    if (any) out += '/';
    out += e;
    any = true;
  }
  return any ? clean(out) : "";
}

// filepath.Base.
std::string base_name(std::string_view p) {
  if (p.empty()) return ".";
  while (!p.empty() && p.back() == '/') p.remove_suffix(1);
  if (p.empty()) return "/";
  size_t i = p.rfind('/');
  if (i != std::string_view::npos) p = p.substr(i + 1);
  return std::string(p);
}

// filepath.Dir.
std::string dir_name(std::string_view p) {
  size_t i = p.rfind('/');
  return clean(i == std::string_view::npos ? std::string_view() : p.substr(0, i + 1));
}

// filepath.Rel for the paths fileset produces; nullopt where Go reports an error.
std::optional<std::string> relative(std::string_view base_path, std::string_view target_path) {
  std::string base = clean(base_path), targ = clean(target_path);
  if (targ == base) return ".";
  if (base == ".") base.clear();
  if ((!base.empty() && base[0] == '/') != (!targ.empty() && targ[0] == '/')) return std::nullopt;
  size_t bl = base.size(), tl = targ.size(), b0 = 0, bi = 0, t0 = 0, ti = 0;
  while (true) {
    while (bi < bl && base[bi] != '/') ++bi;
    while (ti < tl && targ[ti] != '/') ++ti;
    if (targ.compare(t0, ti - t0, base, b0, bi - b0) != 0) break;
    if (bi < bl) ++bi;
    if (ti < tl) ++ti;
    b0 = bi;
    t0 = ti;
  }
  if (base.compare(b0, bi - b0, "..") == 0) return std::nullopt;
  if (b0 != bl) {
    std::string out = "..";
    for (size_t k = b0; k < bl; ++k)
      if (base[k] == '/') out += "/..";
    if (t0 != tl) out += "/" + targ.substr(t0);
    return out;
  }
  return targ.substr(t0);
}

std::string errno_text(int err) {
  // Go's syscall messages are the C library's with a lowercase first letter.
  std::string s = std::strerror(err);
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z') s[0] = static_cast<char>(s[0] - 'A' + 'a');
  return s;
}

// go-homedir reads $HOME first; its fallbacks (getent, a shell) are left out, so an unset HOME
// gives the error go-homedir ends with when they fail too.
std::optional<std::string> home_directory() {
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h);
  return std::nullopt;
}

// go-homedir's Expand: a leading "~" or "~/" becomes the home directory.
Result<std::string> expand_home(const std::string& p) {
  if (p.empty() || p[0] != '~') return p;
  if (p.size() > 1 && p[1] != '/' && p[1] != '\\') return fail_call("cannot expand user-specific home dir");
  auto home = home_directory();
  if (!home) return fail_call("blank output when reading home directory");
  return join({*home, std::string_view(p).substr(1)});
}

std::optional<std::string> working_directory() {
  std::vector<char> buf(4096);
  while (getcwd(buf.data(), buf.size()) == nullptr) {
    if (errno != ERANGE) return std::nullopt;
    buf.resize(buf.size() * 2);
  }
  return std::string(buf.data());
}

// ---- Paths under the base directory, reads under the allowed roots ------------------------------

// The real location of a path: every link resolved. A path that does not exist resolves as far
// as its directory exists, so that asking about a missing file outside the roots is refused
// rather than answered; a dangling link resolves to where it points, not where it sits, or a
// link inside the roots would tell whether any path outside them exists.
std::optional<std::string> real_location(const std::string& path, int links = 0) {
  if (char* r = ::realpath(path.c_str(), nullptr)) {
    std::string out(r);
    std::free(r);
    return out;
  }
  if (errno != ENOENT && errno != ENOTDIR) return std::nullopt;
  std::string dir = dir_name(path);
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    if (links >= 40) return std::nullopt;  // the kernel's own limit (ELOOP)
    std::vector<char> buf(PATH_MAX);
    ssize_t n = ::readlink(path.c_str(), buf.data(), buf.size());
    if (n <= 0 || static_cast<size_t>(n) >= buf.size()) return std::nullopt;
    std::string target(buf.data(), static_cast<size_t>(n));
    return real_location(is_abs(target) ? target : join({dir, target}), links + 1);
  }
  if (dir == path) return std::nullopt;
  auto parent = real_location(dir, links);
  if (!parent) return std::nullopt;
  return join({*parent, base_name(path)});
}

bool is_under(std::string_view path, std::string_view root) {
  if (root == "/") return true;
  return path.substr(0, root.size()) == root && (path.size() == root.size() || path[root.size()] == '/');
}

struct Place {
  std::string base;  // the base directory as given ("." for the current directory)
  // Where reads may go: real absolute directories; a path whose real location is under none of
  // them is refused. Empty means anywhere.
  std::vector<std::string> roots;
  std::vector<std::string> shown_roots;  // as given, for messages
  bool confined = false;
  FileAccess access;  // what made it, for the functions of templates

  // Where the file system is asked: relative paths under the base directory.
  std::string io(const std::string& cleaned) const {
    if (is_abs(cleaned) || base == "." || base.empty()) return cleaned;
    return join({base, cleaned});
  }

  bool allows(const std::string& io_path) const {
    if (!confined) return true;
    auto real = real_location(io_path);
    if (!real) return false;
    for (const auto& r : roots)
      if (is_under(*real, r)) return true;
    return false;
  }

  std::string refusal(const std::string& display) const {
    std::string dirs;
    for (const auto& r : shown_roots) dirs += (dirs.empty() ? "" : ", ") + util::go_quote(r);
    return "cannot read " + util::go_quote(display) + ": it is outside the directories this configuration may read (" +
           (dirs.empty() ? std::string("none") : dirs) + "); --allow-read DIR allows more";
  }
};

Place make_place(const FileAccess& access) {
  Place p;
  p.base = access.base.empty() ? std::string(".") : access.base;
  p.confined = access.confined;
  p.access = access;
  for (const auto& r : access.roots) {
    // A directory given twice (the working directory, and "." named as a path) is shown once.
    if (std::find(p.shown_roots.begin(), p.shown_roots.end(), r) != p.shown_roots.end()) continue;
    p.shown_roots.push_back(r);
    if (auto real = real_location(r.empty() ? std::string(".") : r)) p.roots.push_back(*real);
  }
  return p;
}

// What Terraform's messages call a path: joined to the base directory "." and cleaned.
std::string shown(const std::string& p) { return is_abs(p) ? clean(p) : join({".", p}); }

struct ReadFile {
  std::string content;
  std::optional<CallError> error;
};

// Terraform's readFileBytes: "~" expanded, relative paths under the base directory.
ReadFile read_file_bytes(const Place& place, const std::string& path) {
  auto expanded = expand_home(path);
  if (!expanded) return {{}, arg_error(0, "failed to expand ~: " + expanded.error().message)};
  std::string display = shown(*expanded);
  // The operating system would read a NUL as the end of the path, a different file.
  if (display.find('\0') != std::string::npos) return {{}, arg_error(0, "open " + display + ": invalid argument")};
  std::string target = place.io(display);
  if (!place.allows(target)) return {{}, arg_error(0, place.refusal(display))};
  // Without blocking, so that a named pipe cannot stall the evaluation.
  int fd = ::open(target.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    int err = errno;
    if (err == ENOENT)
      return {{},
              arg_error(0, "no file exists at " + util::go_quote(path) +
                               "; this function works only with files that are distributed as part of the "
                               "configuration source code, so if this file will be created by a resource in this "
                               "configuration you must instead obtain this result from an attribute of that "
                               "resource")};
    return {{}, arg_error(0, "open " + display + ": " + errno_text(err))};
  }
  struct stat st {};
  bool special = ::fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
  ::close(fd);
  if (special) return {{}, arg_error(0, util::go_quote(display) + " is not a regular file")};
  // The file is read as every input is (io::read_file): a stream only up to the input limit.
  io::ReadResult read = io::read_file(target);
  cty::charge_time();  // a read of up to the input limit is slow work that builds no value yet
  if (!read.error.empty()) return {{}, arg_error(0, "failed to read file: read " + display + ": " + read.error)};
  return {std::move(read.content), std::nullopt};
}

// Terraform's file digests: the file's bytes hashed, as lowercase hex or standard Base64.
// Reading errors are failures of the call, not of the argument (Terraform passes them on
// unwrapped).
Result<Value> file_digest(const Place& place, const std::string& path, DigestAlgorithm algorithm, bool base64) {
  ReadFile r = read_file_bytes(place, path);
  if (r.error) return fail_call(r.error->message);
  std::string raw = digest(algorithm, r.content);
  return Value::string_nfc(base64 ? base64_encode(raw) : hex_lower(raw));
}

Result<Value> read_text(const Place& place, const std::string& path) {
  ReadFile r = read_file_bytes(place, path);
  if (r.error) return fail(*r.error);
  if (!source::utf8::is_valid(r.content))
    return fail_call("contents of " + util::go_quote(path) +
                     " are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the "
                     "other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead");
  return Value::string(r.content);
}

// ---- fileset: doublestar v1 ---------------------------------------------------------------------

enum class GlobError { None, BadPattern };

// Splits on `sep` except where it is escaped with a backslash.
std::vector<std::string> split_escaped(std::string_view s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  bool ends_with_sep = false;
  if (s.find(sep) == std::string_view::npos) return {std::string(s)};
  while (start < s.size()) {
    size_t end = start;
    size_t found = std::string_view::npos;
    while (end < s.size()) {
      size_t k = s.find(sep, end);
      if (k == std::string_view::npos) break;
      if (k > start && s[k - 1] == '\\') {
        end = k + 1;
        continue;
      }
      found = k;
      break;
    }
    if (found == std::string_view::npos) {
      out.emplace_back(s.substr(start));
      ends_with_sep = false;
      break;
    }
    out.emplace_back(s.substr(start, found - start));
    start = found + 1;
    ends_with_sep = true;
  }
  if (ends_with_sep) out.emplace_back();
  return out;
}

size_t index_unescaped(std::string_view s, char c) {
  size_t k = s.find(c);
  if (k == std::string_view::npos) return k;
  if (k > 0 && s[k - 1] == '\\') {
    size_t rest = index_unescaped(s.substr(k + 1), c);
    return rest == std::string_view::npos ? rest : k + 1 + rest;
  }
  return k;
}

std::vector<char32_t> runes(std::string_view s) {
  std::vector<char32_t> out;
  size_t i = 0, w;
  while (i < s.size()) {
    out.push_back(source::utf8::decode_rune(s, i, w));
    i += w;
  }
  return out;
}

bool match_component(std::string_view pattern, std::string_view name, GlobError& err) {
  size_t pl = pattern.size(), nl = name.size();
  if (pl == 0 && nl == 0) return true;
  if (pl == 0) return false;
  if (nl == 0 && pattern != "*") return false;
  size_t pi = 0, ni = 0;
  while (pi < pl && ni < nl) {
    size_t pw, nw;
    char32_t pr = source::utf8::decode_rune(pattern, pi, pw);
    char32_t nr = source::utf8::decode_rune(name, ni, nw);
    if (pr == '\\') {
      pi += pw;
      pr = source::utf8::decode_rune(pattern, pi, pw);
      if (pr == 0xFFFD) {
        err = GlobError::BadPattern;
        return false;
      }
      if (pr != nr) return false;
      pi += pw;
      ni += nw;
    } else if (pr == '*') {
      pi += pw;
      if (pi >= pl) return true;
      for (; ni < nl; ni += nw) {
        source::utf8::decode_rune(name, ni, nw);
        GlobError ignored = GlobError::None;
        if (match_component(pattern.substr(pi), name.substr(ni), ignored)) return true;
      }
      return false;
    } else if (pr == '[') {
      pi += pw;
      size_t end = index_unescaped(pattern.substr(pi), ']');
      if (end == std::string_view::npos) {
        err = GlobError::BadPattern;
        return false;
      }
      end += pi;
      std::vector<char32_t> cls = runes(pattern.substr(pi, end - pi));
      if (cls.empty()) {
        err = GlobError::BadPattern;
        return false;
      }
      size_t ci = 0;
      bool matched = false;
      if (cls[0] == '^') ++ci;
      while (ci < cls.size()) {
        char32_t low = cls[ci];
        if (low == '-') {
          err = GlobError::BadPattern;
          return false;
        }
        ++ci;
        if (low == '\\') {
          if (ci >= cls.size()) {
            err = GlobError::BadPattern;
            return false;
          }
          low = cls[ci++];
        }
        char32_t high = low;
        if (ci < cls.size() && cls[ci] == '-') {
          if (++ci >= cls.size()) {
            err = GlobError::BadPattern;
            return false;
          }
          high = cls[ci];
          if (high == '-') {
            err = GlobError::BadPattern;
            return false;
          }
          ++ci;
          if (high == '\\') {
            if (ci >= cls.size()) {
              err = GlobError::BadPattern;
              return false;
            }
            high = cls[ci++];
          }
        }
        if (low <= nr && nr <= high) matched = true;
      }
      if (matched == (cls[0] == '^')) return false;
      pi = end + 1;
      ni += nw;
    } else if (pr == '{') {
      pi += pw;
      size_t end = index_unescaped(pattern.substr(pi), '}');
      if (end == std::string_view::npos) {
        err = GlobError::BadPattern;
        return false;
      }
      end += pi;
      auto options = split_escaped(pattern.substr(pi, end - pi), ',');
      pi = end + 1;
      for (const auto& o : options) {
        std::string alt = o + std::string(pattern.substr(pi));
        bool m = match_component(alt, name.substr(ni), err);
        if (err != GlobError::None) return false;
        if (m) return true;
      }
      return false;
    } else if (pr == '?' || pr == nr) {
      pi += pw;
      ni += nw;
    } else {
      return false;
    }
  }
  if (pi >= pl && ni >= nl) return true;
  std::string_view rest = pattern.substr(std::min(pi, pl));
  return (ni >= nl && rest == "*") || rest == "**";
}

struct DirEntry {
  std::string name;
  bool is_dir;  // after following a symbolic link
};

// What bounds one fileset walk: the roots it may not leave, the directories on the way down
// (by device and inode, so that a link to an ancestor is not walked into again), and the
// evaluation budget, which every entry read is charged to.
struct GlobWalk {
  const Place& place;
  std::vector<std::pair<dev_t, ino_t>> ancestors;
};

// The entries of a directory in the order the system returns them (as Go's Readdir does).
std::vector<DirEntry> read_directory(const std::string& dir, bool follow_links) {
  std::vector<DirEntry> out;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return out;
  while (struct dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    std::string full = join({dir, name});
    struct stat st;
    bool is_dir = false;
    if (::lstat(full.c_str(), &st) == 0) {
      is_dir = S_ISDIR(st.st_mode);
      if (S_ISLNK(st.st_mode) && follow_links) {
        if (::stat(full.c_str(), &st) != 0) continue;  // doublestar skips broken links under **
        is_dir = S_ISDIR(st.st_mode);
      }
    } else if (follow_links) {
      continue;
    }
    out.push_back({std::move(name), is_dir});
  }
  ::closedir(d);
  cty::charge_values(out.size() + 1);
  return out;
}

// doublestar's doGlob: like its original, a bad pattern is noticed only when matched against
// a name, and the error of the last match attempt in a directory is the one that survives.
GlobError do_glob(GlobWalk& walk, std::string basedir, const std::vector<std::string>& comps, size_t start,
                  std::vector<std::string>& matches) {
  size_t pl = comps.size(), pi = start;
  for (; pi < pl; ++pi)
    if (comps[pi].find_first_of("*?[{\\") != std::string::npos) break;
  if (pi > start) {
    std::string literal;
    for (size_t k = start; k < pi; ++k) literal = k == start ? comps[k] : join({literal, comps[k]});
    basedir = join({basedir, literal});
  }
  struct stat st;
  if (::lstat(basedir.c_str(), &st) != 0) return GlobError::None;
  if (pi >= pl) {
    matches.push_back(basedir);
    return GlobError::None;
  }
  if (S_ISLNK(st.st_mode) && ::stat(basedir.c_str(), &st) != 0) return GlobError::None;
  if (!S_ISDIR(st.st_mode)) return GlobError::None;
  // A directory that leads out of the roots, or back to one on the way here, is not walked.
  std::pair<dev_t, ino_t> id{st.st_dev, st.st_ino};
  if (std::find(walk.ancestors.begin(), walk.ancestors.end(), id) != walk.ancestors.end()) return GlobError::None;
  if (!walk.place.allows(basedir)) return GlobError::None;
  walk.ancestors.push_back(id);
  struct Pop {
    GlobWalk& w;
    ~Pop() { w.ancestors.pop_back(); }
  } pop{walk};

  GlobError err = GlobError::None;
  bool last = pi + 1 >= pl;
  if (comps[pi] == "**") {
    for (const auto& f : read_directory(basedir, true)) {
      std::string full = join({basedir, f.name});
      if (f.is_dir) {
        if (last) matches.push_back(full);
        err = do_glob(walk, full, comps, pi, matches);
      } else if (last) {
        matches.push_back(full);
      }
    }
    if (last) return err;
    ++pi;
    last = pi + 1 >= pl;
  }
  for (const auto& f : read_directory(basedir, false)) {
    err = GlobError::None;
    bool m = match_component(comps[pi], f.name, err);
    if (err != GlobError::None) return err;
    if (!m) continue;
    std::string full = join({basedir, f.name});
    if (last) {
      matches.push_back(full);
    } else {
      err = do_glob(walk, full, comps, pi + 1, matches);
    }
  }
  return err;
}

GlobError glob(const Place& place, const std::string& pattern, std::vector<std::string>& matches) {
  auto comps = split_escaped(pattern, '/');
  if (comps.empty()) return GlobError::None;
  GlobWalk walk{place, {}};
  if (comps[0].empty()) return do_glob(walk, "/", comps, 1, matches);
  return do_glob(walk, ".", comps, 0, matches);
}

Result<Value> file_set(const Place& place, const std::string& path_arg, const std::string& pattern_arg) {
  std::string path = is_abs(path_arg) ? path_arg : join({".", path_arg});
  std::string pattern = join({path, pattern_arg});
  // The glob runs on the real location; matches come back relative to the base directory.
  std::string root = place.io(path);
  std::string io_pattern = is_abs(pattern) ? pattern : place.io(pattern);
  if (!place.allows(root)) return fail_call(place.refusal(shown(path)));
  std::vector<std::string> found;
  if (glob(place, io_pattern, found) != GlobError::None)
    return fail_call("failed to glob pattern " + util::go_quote(pattern) + ": syntax error in pattern");
  std::vector<Value> out;
  for (const auto& m : found) {
    struct stat st;
    if (::stat(m.c_str(), &st) != 0) {
      int err = errno;
      // Newer Terraform skips links that lead nowhere; other failures are errors.
      if (err == ENOENT || err == ENOTDIR) continue;
      auto rel = relative(root, m);
      std::string display = rel ? join({path, *rel}) : m;
      return fail_call("failed to stat " + util::go_quote(display) + ": stat " + display + ": " + errno_text(err));
    }
    if (!S_ISREG(st.st_mode) || !place.allows(m)) continue;  // links out of the roots are passed over
    auto rel = relative(root, m);
    if (!rel) return fail_call("failed to trim path of match " + util::go_quote(m));
    out.push_back(Value::string(*rel));
  }
  if (out.empty()) return Value::empty_set(Type::string());
  return Value::set(std::move(out));
}

// ---- fileexists ---------------------------------------------------------------------------------

Result<Value> file_exists(const Place& place, const std::string& path_arg) {
  auto expanded = expand_home(path_arg);
  if (!expanded) return fail_call("failed to expand ~: " + expanded.error().message);
  std::string display = shown(*expanded);
  if (display.find('\0') != std::string::npos) return fail_call("failed to stat " + util::go_quote(display));
  if (!place.allows(place.io(display))) return fail_call(place.refusal(display));
  struct stat st;
  if (::stat(place.io(display).c_str(), &st) != 0) {
    if (errno == ENOENT) return Value::boolean(false);
    return fail_call("failed to stat " + util::go_quote(display));
  }
  if (S_ISREG(st.st_mode)) return Value::boolean(true);
  // Terraform numbers these errors as if about a second argument, which makes the call
  // machinery report them as failures of the whole call.
  std::string name = util::go_quote(display);
  if (S_ISDIR(st.st_mode)) return fail_arg(1, name + " is a directory, not a file");
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return fail_arg(1, name + " is a device node, not a regular file");
  if (S_ISFIFO(st.st_mode)) return fail_arg(1, name + " is a named pipe, not a regular file");
  if (S_ISSOCK(st.st_mode)) return fail_arg(1, name + " is a unix domain socket, not a regular file");
  return fail_arg(1, name + " is not a regular file");
}

// ---- templatefile -------------------------------------------------------------------------------

// hcl.Diagnostics.Error(): the first diagnostic as "range: summary; detail", and a count of
// the others.
std::string diagnostics_error(const diag::Diagnostics& diags) {
  std::vector<const diag::Diagnostic*> errors;
  for (const auto& d : diags)
    if (d.severity == diag::Severity::Error) errors.push_back(&d);
  if (errors.empty()) return "no diagnostics";
  const diag::Diagnostic& d = *errors[0];
  std::string out = (d.subject ? range_string(*d.subject) : "<nil>") + ": " + d.summary + "; " + d.detail;
  if (errors.size() > 1) out += ", and " + std::to_string(errors.size() - 1) + " other diagnostic(s)";
  return out;
}

struct VariableRef {
  std::string name;
  source::Range range;
};

// hclsyntax.Variables: the root names of the traversals in an expression, in source order,
// leaving out names bound by for expressions and directives and bare object keys.
void collect_variables(const syntax::SyntaxTree& t, syntax::NodeId n, std::vector<std::string_view>& bound,
                       std::vector<VariableRef>& out) {
  const syntax::Node& node = t.node(n);
  switch (node.kind) {
    case syntax::NodeKind::Variable: {
      std::string_view name = t.token_text(node.main_token);
      if (std::find(bound.begin(), bound.end(), name) == bound.end())
        out.push_back({std::string(name), t.token_range(node.main_token)});
      return;
    }
    case syntax::NodeKind::Name: return;
    case syntax::NodeKind::ForExpr: {
      auto fe = ast::for_expr(t, n);
      collect_variables(t, fe.collection, bound, out);
      size_t before = bound.size();
      if (!fe.key_var.empty()) bound.push_back(fe.key_var);
      bound.push_back(fe.value_var);
      for (syntax::NodeId c : {fe.key, fe.value, fe.condition})
        if (c != syntax::kNoNode) collect_variables(t, c, bound, out);
      bound.resize(before);
      return;
    }
    case syntax::NodeKind::ObjectItem: {
      auto item = ast::object_item(t, n);
      if (item.force_non_literal || !ast::keyword(t, item.key)) collect_variables(t, item.key, bound, out);
      collect_variables(t, item.value, bound, out);
      return;
    }
    case syntax::NodeKind::Template: {
      // Directives are flat siblings: a for directive's names are bound until its endfor.
      std::vector<size_t> scopes;
      for (syntax::NodeId c : t.children(n)) {
        const syntax::NodeKind k = t.node(c).kind;
        if (k == syntax::NodeKind::TemplateFor) {
          auto tf = ast::template_for(t, c);
          collect_variables(t, tf.collection, bound, out);
          scopes.push_back(bound.size());
          if (!tf.key_var.empty()) bound.push_back(tf.key_var);
          bound.push_back(tf.value_var);
        } else if (k == syntax::NodeKind::TemplateEndFor) {
          if (!scopes.empty()) {
            bound.resize(scopes.back());
            scopes.pop_back();
          }
        } else {
          collect_variables(t, c, bound, out);
        }
      }
      if (!scopes.empty()) bound.resize(scopes.front());
      return;
    }
    default:
      for (syntax::NodeId c : t.children(n)) collect_variables(t, c, bound, out);
  }
}

class TemplateFile {
 public:
  explicit TemplateFile(Place place) : place_(std::move(place)) {}

  Result<Value> render(const std::string& path, const Value& vars) const {
    auto text = read_text(place_, path);
    if (!text) return fail(text.error());
    return render_template(path, text->as_string(), vars, place_.access);
  }

 private:
  Place place_;
};

Param templatefile_path() { return Param{.name = "path", .type = Type::string()}; }
Param templatefile_vars() { return Param{.name = "vars"}; }

// Inside a template, templatefile refuses to run, so no file can include itself.
Function templatefile_recursion_stub() {
  return Function{
      .name = "templatefile",
      .description =
          "Reads the file at the given path and renders its content as a template using the given "
          "variables.",
      .params = {templatefile_path(), templatefile_vars()},
      .return_type = [](Args) -> Result<Type> {
        return fail_call("cannot recursively call templatefile from inside templatefile call");
      },
      .impl = [](Args, const Type&) -> Result<Value> {
        return fail_call("cannot recursively call templatefile from inside templatefile call");
      },
  };
}

Function string_function(std::string name, std::string description,
                         std::function<Result<Value>(const std::string&)> fn) {
  return Function{
      .name = std::move(name),
      .description = std::move(description),
      .params = {Param{.name = "path", .type = Type::string()}},
      .return_type = static_return(Type::string()),
      .impl = [fn = std::move(fn)](Args args, const Type&) { return fn(args[0].as_string()); },
  };
}

}  // namespace

Result<Value> render_template(const std::string& name, const std::string& text, const Value& vars,
                              const FileAccess& access) {
  auto source = std::make_shared<source::SourceFile>(name, text);
  syntax::ParseResult parsed = syntax::parse_template(source);
  if (diag::has_errors(parsed.diagnostics) || !parsed.tree) return fail_call(diagnostics_error(parsed.diagnostics));
  const syntax::SyntaxTree& tree = *parsed.tree;

  const Type& vt = vars.type();
  if (!vt.is_map() && !vt.is_object()) return fail_arg(1, "invalid vars value: must be a map");
  FunctionTable functions = standard_functions();
  add_filesystem_functions(functions, access);
  functions.add(templatefile_recursion_stub());
  eval::Scope scope(&functions);
  if (vars.is_known()) {
    for (const auto& [var, v] : vars.attributes()) {
      if (!cty::is_valid_identifier(var))
        return fail_arg(1, "invalid template variable name " + util::go_quote(var) +
                               ": must start with a letter, followed by zero or more letters, digits, and "
                               "underscores");
      scope.set(var, v);
    }
  }
  std::vector<std::string_view> bound;
  std::vector<VariableRef> refs;
  collect_variables(tree, tree.root(), bound, refs);
  for (const auto& r : refs)
    if (!scope.find(r.name))
      return fail_arg(
          1, "vars map does not contain key " + util::go_quote(r.name) + ", referenced at " + range_string(r.range));
  eval::EvalResult result = eval::evaluate(tree, tree.root(), scope);
  if (diag::has_errors(result.diagnostics)) return fail_call(diagnostics_error(result.diagnostics));
  return std::move(result.value);
}

void add_filesystem_functions(FunctionTable& table, const std::string& base_directory) {
  std::string base = base_directory.empty() ? std::string(".") : base_directory;
  add_filesystem_functions(table, FileAccess{base, {}, false});
}

void add_filesystem_functions(FunctionTable& table, const FileAccess& access) {
  Place place = make_place(access);

  table.add(string_function("file", "Reads the contents of a file at the given path and returns them as a string.",
                            [place](const std::string& p) { return read_text(place, p); }));

  table.add(string_function("filebase64",
                            "Reads the contents of a file at the given path and returns them as a base64-encoded "
                            "string.",
                            [place](const std::string& p) -> Result<Value> {
                              ReadFile r = read_file_bytes(place, p);
                              if (r.error) return fail(*r.error);
                              return Value::string_nfc(base64_encode(r.content));
                            }));

  table.add({
      .name = "fileexists",
      .description = "Determines whether a file exists at a given path.",
      .params = {Param{.name = "path", .type = Type::string()}},
      .return_type = static_return(Type::boolean()),
      .impl = [place](Args args, const Type&) { return file_exists(place, args[0].as_string()); },
  });

  table.add({
      .name = "fileset",
      .description = "Enumerates a set of regular file names given a path and pattern.",
      .params = {Param{.name = "path", .type = Type::string()}, Param{.name = "pattern", .type = Type::string()}},
      .return_type = static_return(Type::set(Type::string())),
      .impl = [place](Args args, const Type&) { return file_set(place, args[0].as_string(), args[1].as_string()); },
  });

  auto tf = std::make_shared<TemplateFile>(place);
  table.add({
      .name = "templatefile",
      .description = "Reads the file at the given path and renders its content as a template using the given "
                     "variables.",
      .params = {templatefile_path(), templatefile_vars()},
      .return_type = [tf](Args args) -> Result<Type> {
        if (!args[0].is_known() || !args[1].is_known()) return Type::dynamic();
        auto v = tf->render(args[0].as_string(), args[1]);
        if (!v) return fail(v.error());
        return v->type();
      },
      .impl = [tf](Args args, const Type&) { return tf->render(args[0].as_string(), args[1]); },
  });

  struct Digest {
    const char* name;
    DigestAlgorithm algorithm;
    bool base64;
    const char* what;
  };
  for (const Digest& d : {Digest{"filemd5", DigestAlgorithm::MD5, false, "an MD5 digest, in hexadecimal"},
                          Digest{"filesha1", DigestAlgorithm::SHA1, false, "a SHA-1 digest, in hexadecimal"},
                          Digest{"filesha256", DigestAlgorithm::SHA256, false, "a SHA-256 digest, in hexadecimal"},
                          Digest{"filesha512", DigestAlgorithm::SHA512, false, "a SHA-512 digest, in hexadecimal"},
                          Digest{"filebase64sha256", DigestAlgorithm::SHA256, true, "a SHA-256 digest, in Base64"},
                          Digest{"filebase64sha512", DigestAlgorithm::SHA512, true, "a SHA-512 digest, in Base64"}}) {
    table.add(string_function(
        d.name, std::string("Reads the contents of a file at the given path and returns ") + d.what + ".",
        [place, d](const std::string& p) { return file_digest(place, p, d.algorithm, d.base64); }));
  }

  table.add(string_function("basename",
                            "Takes a string containing a filesystem path and removes all except the last "
                            "portion from it.",
                            [](const std::string& p) -> Result<Value> { return Value::string(base_name(p)); }));
  table.add(string_function("dirname",
                            "Takes a string containing a filesystem path and removes the last portion "
                            "from it.",
                            [](const std::string& p) -> Result<Value> { return Value::string(dir_name(p)); }));
  table.add(string_function("abspath",
                            "Takes a string containing a filesystem path and converts it to an absolute "
                            "path.",
                            [place](const std::string& p) -> Result<Value> {
                              if (is_abs(p)) return Value::string(clean(p));
                              auto wd = working_directory();
                              if (!wd) return fail_call("getwd: " + errno_text(errno));
                              std::string base = is_abs(place.base) ? place.base : join({*wd, place.base});
                              return Value::string(join({base, p}));
                            }));
  table.add(string_function("pathexpand",
                            "Takes a filesystem path that might begin with a `~` segment, and if so it "
                            "replaces that segment with the current user's home directory path.",
                            [](const std::string& p) -> Result<Value> {
                              auto e = expand_home(p);
                              if (!e) return fail(e.error());
                              return Value::string(*e);
                            }));
}

}  // namespace hcl::funcs
