// SPDX-License-Identifier: Apache-2.0
#include "lsp/serve.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "lsp/server.h"
#include "lsp/transport.h"

namespace hcl::lsp {

namespace {

// Messages handed from the reader to the worker, with the ids the client cancelled meanwhile.
class Inbox {
 public:
  void push(std::vector<Json> batch, std::vector<Json> cancelled) {
    {
      std::lock_guard lock(mutex_);
      // Cancellations of requests already answered are never looked up again; clients send many
      // (an editor cancels each outdated request), so the set is emptied now and then.
      if (cancelled_.size() > 4096) cancelled_.clear();
      for (auto& id : cancelled) cancelled_.insert(id.dump());
      for (auto& m : batch) queue_.push_back(std::move(m));
    }
    ready_.notify_one();
  }
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_one();
  }
  // The next message, or nothing once the input ended and the queue is empty.
  std::optional<Json> pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !queue_.empty() || closed_; });
    if (queue_.empty()) return std::nullopt;
    Json m = std::move(queue_.front());
    queue_.pop_front();
    return m;
  }
  bool empty() {
    std::lock_guard lock(mutex_);
    return queue_.empty();
  }
  bool cancelled(const Json& id) {
    std::lock_guard lock(mutex_);
    return cancelled_.erase(id.dump()) > 0;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Json> queue_;
  std::set<std::string> cancelled_;
  bool closed_ = false;
};

int hex_value(std::string_view s) {
  int v = 0;
  for (char c : s) {
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

// The UTF-16 code unit of a \uXXXX escape starting at body[i], or -1.
int escaped_unit(const std::string& body, size_t i) {
  if (i + 6 > body.size() || body[i] != '\\' || body[i + 1] != 'u') return -1;
  return hex_value(std::string_view(body).substr(i + 2, 4));
}

// A \uXXXX escape of half a surrogate pair without its other half becomes \uFFFD, as Go's
// encoding/json decodes it (editors pass such text on from the files they open); the JSON parser
// would refuse the whole message, and with it the document. The escape keeps its length.
void replace_lone_surrogates(std::string& body) {
  bool in_string = false;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (!in_string) {
      in_string = c == '"';
      continue;
    }
    if (c == '"') {
      in_string = false;
    } else if (c == '\\') {
      int u = escaped_unit(body, i);
      if (u < 0xD800 || u > 0xDFFF) {
        ++i;  // the escaped character, or the first of the four digits
        continue;
      }
      int next = u < 0xDC00 ? escaped_unit(body, i + 6) : -1;
      if (next >= 0xDC00 && next <= 0xDFFF) {
        i += 11;  // the pair, whole
        continue;
      }
      body.replace(i + 2, 4, "FFFD");
      i += 5;
    }
  }
}

// Frames and parses messages until the input ends, handing them to the worker. Everything already
// buffered goes over as one batch, cancellations first, so a request cancelled right after it was
// sent is never started.
void read_messages(int in_fd, size_t max, MessageWriter& writer, Inbox& inbox) {
  MessageReader in(in_fd, max);
  std::string body, problem;
  for (;;) {
    std::vector<Json> batch, cancelled;
    do {
      MessageReader::Status st = in.next(body, problem);
      if (st == MessageReader::Status::End) {
        inbox.push(std::move(batch), std::move(cancelled));
        inbox.close();
        return;
      }
      if (st == MessageReader::Status::BadFrame) {
        writer.write(dump(error_response(nullptr, error_code::kInvalidRequest, problem)));
        continue;
      }
      if (body.find("\\u") != std::string::npos) replace_lone_surrogates(body);
      Json msg = Json::parse(body, nullptr, false);
      if (msg.is_discarded()) {
        writer.write(dump(error_response(nullptr, error_code::kParseError, "the message is not valid JSON")));
        continue;
      }
      if (msg.is_object() && msg.contains("method") && msg["method"] == "$/cancelRequest") {
        // Only ids a request can have; anything else (however deeply nested) is ignored.
        if (msg.contains("params") && msg["params"].is_object() && msg["params"].contains("id") &&
            (msg["params"]["id"].is_number_integer() || msg["params"]["id"].is_string()))
          cancelled.push_back(msg["params"]["id"]);
        continue;
      }
      batch.push_back(std::move(msg));
    } while (in.message_buffered());
    inbox.push(std::move(batch), std::move(cancelled));
  }
}

}  // namespace

int serve(int in_fd, int out_fd, const ServeOptions& options) {
  // Shared with the reader thread, which may outlive this call (see the end).
  auto writer_ptr = std::make_shared<MessageWriter>(out_fd);
  auto inbox_ptr = std::make_shared<Inbox>();
  MessageWriter& writer = *writer_ptr;
  Inbox& inbox = *inbox_ptr;
  std::thread reader([writer_ptr, inbox_ptr, in_fd, max = options.max_message_bytes] {
    // Out of memory while reading is the only way out besides the input's end: the server then
    // stops as if the input had ended, instead of terminating mid-reply.
    try {
      read_messages(in_fd, max, *writer_ptr, *inbox_ptr);
    } catch (const std::exception&) { inbox_ptr->close(); }
  });

  Server server([&](std::string_view m) { writer.write(m); });
  while (!server.exited()) {
    if (inbox.empty()) server.publish_pending();
    std::optional<Json> msg = inbox.pop();
    if (!msg) break;
    bool request = msg->is_object() && msg->contains("id") && msg->contains("method") &&
                   ((*msg)["id"].is_number_integer() || (*msg)["id"].is_string());
    if (request && inbox.cancelled((*msg)["id"])) {
      writer.write(dump(error_response((*msg)["id"], error_code::kRequestCancelled, "the request was cancelled")));
      continue;
    }
    // Requests see the diagnostics of the text they are about.
    if (msg->is_object() && msg->contains("id")) server.publish_pending();
    server.handle(*msg);
  }
  int status = server.exited() ? server.exit_code() : 1;
  // The reader may be blocked reading a client that keeps its end open after `exit`; the process
  // ends anyway, so it is left behind rather than joined.
  reader.detach();
  return status;
}

}  // namespace hcl::lsp
