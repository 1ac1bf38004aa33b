// SPDX-License-Identifier: Apache-2.0
#include "lsp/transport.h"

#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

namespace hcl::lsp {

namespace {

// A header section longer than this is not a header: the reader resynchronises instead of
// buffering it.
constexpr size_t kMaxHeaderBytes = 8192;

bool iequals_prefix(std::string_view line, std::string_view name) {
  if (line.size() < name.size()) return false;
  for (size_t i = 0; i < name.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(line[i])) != name[i]) return false;
  return true;
}

}  // namespace

bool MessageReader::fill() {
  if (pos_ > 0 && pos_ >= buf_.size() / 2) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0) {
      buf_.append(chunk, static_cast<size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

bool MessageReader::message_buffered() const {
  size_t end = buf_.find("\r\n\r\n", pos_);
  if (end == std::string::npos) return false;
  std::string_view headers(buf_.data() + pos_, end - pos_);
  size_t at = 0;
  while (at < headers.size()) {
    size_t eol = headers.find("\r\n", at);
    std::string_view line = headers.substr(at, eol == std::string_view::npos ? std::string_view::npos : eol - at);
    if (iequals_prefix(line, "content-length:")) {
      std::string_view v = line.substr(15);
      while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
      size_t len = 0;
      auto r = std::from_chars(v.data(), v.data() + v.size(), len);
      return r.ec == std::errc() && buf_.size() - (end + 4) >= len;
    }
    if (eol == std::string_view::npos) break;
    at = eol + 2;
  }
  return true;  // a bad frame, which next() reports without waiting
}

MessageReader::Status MessageReader::next(std::string& body, std::string& problem) {
  size_t end;
  while ((end = buf_.find("\r\n\r\n", pos_)) == std::string::npos) {
    if (buf_.size() - pos_ > kMaxHeaderBytes) {
      // Not a header: drop all but the tail, which may hold the start of the next one.
      pos_ = buf_.size() - 3;
      problem = "message header too long or not terminated by an empty line";
      return Status::BadFrame;
    }
    if (!fill()) return Status::End;
  }
  std::string_view headers(buf_.data() + pos_, end - pos_);
  pos_ = end + 4;
  bool found = false;
  size_t length = 0;
  size_t at = 0;
  while (at <= headers.size()) {
    size_t eol = headers.find("\r\n", at);
    std::string_view line = headers.substr(at, eol == std::string_view::npos ? std::string_view::npos : eol - at);
    if (iequals_prefix(line, "content-length:")) {
      std::string_view v = line.substr(15);
      while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
      while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
      auto r = std::from_chars(v.data(), v.data() + v.size(), length);
      found = r.ec == std::errc() && r.ptr == v.data() + v.size() && !v.empty();
    }
    if (eol == std::string_view::npos) break;
    at = eol + 2;
  }
  if (!found) {
    problem = "message header without a valid Content-Length";
    return Status::BadFrame;
  }
  if (length > max_) {
    // Skip the content without keeping it, so the next message is read normally.
    size_t left = length;
    while (left > 0) {
      if (pos_ == buf_.size() && !fill()) return Status::End;
      size_t take = std::min(left, buf_.size() - pos_);
      pos_ += take;
      left -= take;
    }
    problem = "message of " + std::to_string(length) + " bytes exceeds the limit of " + std::to_string(max_);
    return Status::BadFrame;
  }
  while (buf_.size() - pos_ < length)
    if (!fill()) return Status::End;
  body.assign(buf_, pos_, length);
  pos_ += length;
  return Status::Message;
}

bool MessageWriter::write(std::string_view body) {
  std::lock_guard lock(mutex_);
  if (broken_) return false;
  // The header and the body go out together without copying the body, which can be tens of
  // megabytes (semantic tokens of a big document).
  std::string header = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  iovec parts[2] = {{header.data(), header.size()}, {const_cast<char*>(body.data()), body.size()}};
  iovec* next = parts;
  int left = 2;
  while (left > 0) {
    ssize_t n = ::writev(fd_, next, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      broken_ = true;
      return false;
    }
    auto done = static_cast<size_t>(n);
    while (left > 0 && done >= next->iov_len) {
      done -= next->iov_len;
      ++next;
      --left;
    }
    if (left > 0) {
      next->iov_base = static_cast<char*>(next->iov_base) + done;
      next->iov_len -= done;
    }
  }
  return true;
}

}  // namespace hcl::lsp
