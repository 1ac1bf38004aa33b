// SPDX-License-Identifier: Apache-2.0
#include "lsp/server.h"

#include <stdexcept>

#include "lsp/features.h"

namespace hcl::lsp {

Json error_response(const Json& id, int code, std::string message) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", std::move(message)}}}};
}

namespace {

// Thrown inside the server for requests that cannot be answered; becomes an error response.
struct RequestError {
  int code;
  std::string message;
};

}  // namespace

Server::Server(Send send) : send_(std::move(send)) {
  workspace_ = std::make_unique<Workspace>([this] {
    std::vector<const Document*> open;
    for (const auto& [uri, doc] : documents_) open.push_back(&doc);
    return open;
  });
}

Server::~Server() = default;

void Server::notify(const std::string& method, const Json& params) {
  send(Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
}

Json Server::initialize(const Json& params) {
  // Position encodings (LSP 3.17): UTF-8 when the client offers it, since that is how the text is
  // stored; otherwise the mandatory UTF-16.
  const Json* caps = params.is_object() && params.contains("capabilities") ? &params["capabilities"] : nullptr;
  encoding_ = Encoding::Utf16;
  // Nested DocumentSymbols only for clients that say they take them (LSP 3.17, documentSymbol).
  hierarchical_symbols_ = false;
  if (caps && caps->is_object()) {
    auto general = caps->find("general");
    if (general != caps->end() && general->is_object()) {
      auto encs = general->find("positionEncodings");
      if (encs != general->end() && encs->is_array())
        for (const auto& enc : *encs)
          if (enc == "utf-8") encoding_ = Encoding::Utf8;
    }
    auto td = caps->find("textDocument");
    if (td != caps->end() && td->is_object()) {
      auto ds = td->find("documentSymbol");
      if (ds != td->end() && ds->is_object())
        hierarchical_symbols_ = ds->value("hierarchicalDocumentSymbolSupport", false);
    }
  }
  Json capabilities{
      {"positionEncoding", encoding_ == Encoding::Utf8 ? "utf-8" : "utf-16"},
      {"textDocumentSync", {{"openClose", true}, {"change", 2}}},
      {"documentFormattingProvider", true},
      {"documentSymbolProvider", true},
      {"foldingRangeProvider", true},
      {"selectionRangeProvider", true},
      {"semanticTokensProvider", {{"legend", semantic_tokens_legend()}, {"full", {{"delta", true}}}, {"range", false}}},
      {"hoverProvider", true},
      {"signatureHelpProvider", {{"triggerCharacters", {"(", ","}}}},
      {"completionProvider", {{"triggerCharacters", {"."}}}},
      {"definitionProvider", true},
      {"referencesProvider", true},
      {"renameProvider", {{"prepareProvider", true}}},
  };
  return Json{{"capabilities", capabilities}, {"serverInfo", {{"name", "hcl"}}}};
}

Document* Server::document(const Json& params) {
  const std::string& uri = params.at("textDocument").at("uri").get_ref<const std::string&>();
  auto it = documents_.find(uri);
  if (it == documents_.end()) throw RequestError{error_code::kInvalidParams, "document not open: " + uri};
  return &it->second;
}

void Server::publish(const std::string& uri, const Document& doc) {
  // One diagnostic per error: a broken document can have as many as it has lines.
  JsonWriter out;
  out.begin_object();
  out.key("jsonrpc");
  out.value("2.0");
  out.key("method");
  out.value("textDocument/publishDiagnostics");
  out.key("params");
  out.begin_object();
  out.key("diagnostics");
  diagnostics(out, doc, encoding_);
  out.key("uri");
  out.value(uri);
  out.key("version");
  out.value(doc.version());
  out.end_object();
  out.end_object();
  send_(out.text());
}

void Server::publish_pending() {
  for (const auto& uri : pending_) {
    auto it = documents_.find(uri);
    if (it != documents_.end()) publish(uri, it->second);
  }
  pending_.clear();
}

bool Server::dispatch(const std::string& method, const Json& params, JsonWriter& out) {
  UriFor uri_for = [this](const std::string& path) {
    for (const auto& [uri, doc] : documents_)
      if (doc.path() == path) return uri;
    return path_to_uri(path);
  };
  auto pos = [&] { return position_from_json(params.at("position")); };
  if (method == "textDocument/formatting") {
    formatting(out, *document(params), encoding_);
  } else if (method == "textDocument/documentSymbol") {
    Document* doc = document(params);
    const std::string& uri = params["textDocument"]["uri"].get_ref<const std::string&>();
    document_symbols(out, *doc, encoding_, hierarchical_symbols_ ? nullptr : &uri);
  } else if (method == "textDocument/foldingRange") {
    folding_ranges(out, *document(params), encoding_);
  } else if (method == "textDocument/selectionRange") {
    out.json(selection_ranges(*document(params), params.at("positions"), encoding_));
  } else if (method == "textDocument/semanticTokens/full" || method == "textDocument/semanticTokens/full/delta") {
    const std::string& uri = params.at("textDocument").at("uri").get_ref<const std::string&>();
    std::vector<uint32_t> data = semantic_tokens(*document(params), encoding_);
    std::string id = std::to_string(next_result_id_++);
    auto prev = semantic_results_.find(uri);
    out.begin_object();
    if (method.ends_with("delta") && prev != semantic_results_.end() && params.contains("previousResultId") &&
        params["previousResultId"] == prev->second.first) {
      out.key("edits");
      semantic_tokens_edits(out, prev->second.second, data);
    } else {
      out.key("data");
      write_semantic_tokens_data(out, data);
    }
    out.key("resultId");
    out.value(id);
    out.end_object();
    semantic_results_[uri] = {id, std::move(data)};
  } else if (method == "textDocument/hover") {
    out.json(hover(*document(params), pos(), encoding_, *workspace_));
  } else if (method == "textDocument/signatureHelp") {
    out.json(signature_help(*document(params), pos(), encoding_, *workspace_));
  } else if (method == "textDocument/completion") {
    out.json(completion(*document(params), pos(), encoding_, *workspace_));
  } else if (method == "textDocument/definition") {
    definition(out, *document(params), pos(), encoding_, *workspace_, uri_for);
  } else if (method == "textDocument/references") {
    bool decl = params.contains("context") && params["context"].value("includeDeclaration", false);
    references(out, *document(params), pos(), decl, encoding_, *workspace_, uri_for);
  } else if (method == "textDocument/prepareRename") {
    out.json(prepare_rename(*document(params), pos(), encoding_, *workspace_));
  } else if (method == "textDocument/rename") {
    try {
      rename(out, *document(params), pos(), params.at("newName").get<std::string>(), encoding_, *workspace_, uri_for);
    } catch (const std::invalid_argument& e) { throw RequestError{error_code::kRequestFailed, e.what()}; }
  } else {
    return false;
  }
  return true;
}

void Server::handle(const Json& msg) {
  Json id = nullptr;
  bool request = false;
  try {
    if (!msg.is_object() || !msg.contains("method") || !msg["method"].is_string()) {
      // Responses to requests the server never sends are ignored; anything else is invalid.
      if (msg.is_object() && msg.contains("id") && (msg.contains("result") || msg.contains("error"))) return;
      if (msg.is_object() && msg.contains("id") && (msg["id"].is_number_integer() || msg["id"].is_string()))
        id = msg["id"];
      send(error_response(id, error_code::kInvalidRequest, "not a JSON-RPC request or notification"));
      return;
    }
    const std::string& method = msg["method"].get_ref<const std::string&>();
    request = msg.contains("id");
    if (request) {
      if (!msg["id"].is_number_integer() && !msg["id"].is_string()) {
        send(error_response(nullptr, error_code::kInvalidRequest, "a request id must be an integer or a string"));
        return;
      }
      id = msg["id"];
    }
    static const Json kEmpty = Json::object();
    // "params": null stands for no params, as some clients send it for shutdown and exit; a
    // method that needs params then answers that they are missing.
    const Json& params = msg.contains("params") && !msg["params"].is_null() ? msg["params"] : kEmpty;
    if (!params.is_object() && !params.is_array())
      throw RequestError{error_code::kInvalidParams, "params must be an object"};

    if (method == "exit") {
      exited_ = true;
      return;
    }
    if (!initialized_) {
      if (method == "initialize" && request) {
        Json result = initialize(params);
        initialized_ = true;
        send(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
      } else if (request) {
        send(error_response(id, error_code::kServerNotInitialized, "the server is not initialized"));
      }
      return;  // notifications before initialize are dropped (LSP 3.17, "initialize")
    }
    if (shutdown_) {
      if (request) send(error_response(id, error_code::kInvalidRequest, "the server is shutting down"));
      return;
    }
    if (!request) {
      if (method == "textDocument/didOpen") {
        const Json& td = params.at("textDocument");
        std::string uri = td.at("uri").get<std::string>();
        std::string path = uri_to_path(uri).value_or(uri);
        auto [at, _] = documents_.insert_or_assign(
            uri, Document(path, td.at("text").get<std::string>(), td.value("version", int64_t{0})));
        if (td.contains("languageId") && td["languageId"].is_string())
          at->second.set_language(td["languageId"].get<std::string>());
        semantic_results_.erase(uri);
        pending_.insert(uri);
        workspace_->changed(path);
      } else if (method == "textDocument/didChange") {
        Document* doc = document(params);
        std::vector<TextChange> changes;
        for (const Json& c : params.at("contentChanges")) {
          TextChange& change = changes.emplace_back();
          change.text = c.at("text").get<std::string>();
          if (c.contains("range"))
            change.range =
                std::make_pair(position_from_json(c["range"].at("start")), position_from_json(c["range"].at("end")));
        }
        doc->apply(changes, encoding_);
        if (params["textDocument"].contains("version") && params["textDocument"]["version"].is_number_integer())
          doc->set_version(params["textDocument"]["version"].get<int64_t>());
        pending_.insert(params["textDocument"]["uri"].get<std::string>());
        workspace_->changed(doc->path());
      } else if (method == "textDocument/didSave") {
        if (auto path = uri_to_path(params.at("textDocument").at("uri").get<std::string>())) workspace_->changed(*path);
      } else if (method == "textDocument/didClose") {
        std::string uri = params.at("textDocument").at("uri").get<std::string>();
        if (auto it = documents_.find(uri); it != documents_.end()) workspace_->changed(it->second.path());
        documents_.erase(uri);
        semantic_results_.erase(uri);
        pending_.erase(uri);
        // Closing a document clears what was published for it.
        notify("textDocument/publishDiagnostics", Json{{"uri", uri}, {"diagnostics", Json::array()}});
      } else if (method == "workspace/didChangeWatchedFiles") {
        for (const Json& change : params.at("changes"))
          if (auto path = uri_to_path(change.at("uri").get<std::string>())) {
            workspace_->forget(*path);
            workspace_->changed(*path);
          }
      }
      // initialized, $/... and unknown notifications need nothing.
      return;
    }
    if (method == "initialize") throw RequestError{error_code::kInvalidRequest, "initialize was already received"};
    if (method == "shutdown") {
      shutdown_ = true;
      send(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", nullptr}});
      return;
    }
    // The envelope as a tree would be written (keys sorted), the result straight into it.
    JsonWriter out;
    out.begin_object();
    out.key("id");
    out.json(id);
    out.key("jsonrpc");
    out.value("2.0");
    out.key("result");
    if (!dispatch(method, params, out)) throw RequestError{error_code::kMethodNotFound, "unknown method: " + method};
    out.end_object();
    send_(out.text());
  } catch (const RequestError& e) {
    if (request) send(error_response(id, e.code, e.message));
  } catch (const nlohmann::json::exception& e) {
    if (request) send(error_response(id, error_code::kInvalidParams, std::string("invalid params: ") + e.what()));
  } catch (const std::exception& e) {
    if (request) send(error_response(id, error_code::kInternalError, e.what()));
  }
}

}  // namespace hcl::lsp
