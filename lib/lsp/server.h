// SPDX-License-Identifier: Apache-2.0
// The language server: LSP 3.17 requests and notifications mapped onto the stages below, one
// message at a time. It never blocks, prints or throws; whatever it has to say goes to `send`.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "lsp/document.h"
#include "lsp/json_writer.h"
#include "lsp/workspace.h"

namespace hcl::lsp {

// JSON-RPC and LSP error codes.
namespace error_code {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kServerNotInitialized = -32002;
inline constexpr int kRequestFailed = -32803;
inline constexpr int kRequestCancelled = -32800;
}  // namespace error_code

Json error_response(const Json& id, int code, std::string message);

class Server {
 public:
  // Receives each message's text.
  using Send = std::function<void(std::string_view)>;
  explicit Server(Send send);
  ~Server();

  void handle(const Json& message);
  // Publishes diagnostics for the documents changed since the last call. The loop calls it once
  // no further message is waiting, so a burst of keystrokes is checked once.
  void publish_pending();

  bool exited() const { return exited_; }
  // After `exit`: 0 when `shutdown` came first, else 1 (LSP 3.17, "exit").
  int exit_code() const { return shutdown_ ? 0 : 1; }

 private:
  // Writes the result of a request into `out`; false for a method the server does not know.
  bool dispatch(const std::string& method, const Json& params, JsonWriter& out);
  void notify(const std::string& method, const Json& params);
  void send(const Json& message) { send_(dump(message)); }
  Json initialize(const Json& params);
  void publish(const std::string& uri, const Document& doc);
  Document* document(const Json& params);

  Send send_;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exited_ = false;
  Encoding encoding_ = Encoding::Utf16;
  bool hierarchical_symbols_ = true;
  std::map<std::string, Document> documents_;
  std::set<std::string> pending_;
  std::unique_ptr<Workspace> workspace_;
  uint64_t next_result_id_ = 1;
  std::map<std::string, std::pair<std::string, std::vector<uint32_t>>> semantic_results_;
};

}  // namespace hcl::lsp
