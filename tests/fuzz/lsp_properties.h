// SPDX-License-Identifier: Apache-2.0
// The language server's properties (lsp::Server), for the fuzz target fuzz_lsp and the unit test
// that replays its findings. An input is a flags byte, a document's text up to the first NUL,
// then a script of edits and requests, each drawn from the next bytes: edits at positions the
// protocol's client would send (computed here, by the protocol's rules, from a model of the text)
// or at arbitrary ones, and every request the server answers, at model or arbitrary positions.
// The server must answer each request once, with JSON, never with an internal error; every
// position it sends must exist in the text the client holds; its copy of the text must follow the
// edits; its formatting edits must give `hcl fmt`'s text; semantic-token deltas must rebuild the
// full answer; and what it publishes after the edits must be what a fresh server publishes for
// the same text.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "format/format.h"
#include "lsp/document.h"
#include "lsp/features.h"
#include "lsp/server.h"
#include "source/source_file.h"

namespace hcl::fuzz {

namespace lsp_detail {

using nlohmann::json;

// The script: its bytes in order, then zeros.
struct Script {
  std::string_view s;
  size_t i = 0;
  bool more() const { return i < s.size(); }
  uint32_t byte() { return i < s.size() ? static_cast<unsigned char>(s[i++]) : 0; }
  uint32_t u16() {
    uint32_t lo = byte();
    return lo | byte() << 8;
  }
  std::string text(size_t n) {
    std::string t(s.substr(std::min(i, s.size()), n));
    i += n;
    return t;
  }
};

// The length of the well-formed UTF-8 sequence at s[i] (RFC 3629: no overlong forms, no
// surrogates), or 0.
inline size_t utf8_length(std::string_view s, size_t i) {
  auto at = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  auto cont = [&](size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) { return at(k) >= lo && at(k) <= hi; };
  unsigned c = at(0);
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if (c == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
  if (c >= 0xE1 && c <= 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (c == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xF1 && c <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

// Text a client can send: JSON strings hold only well-formed UTF-8, so other bytes become "?".
inline std::string client_text(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    size_t n = utf8_length(s, i);
    out.append(n ? s.substr(i, n) : std::string_view("?"));
    i += n ? n : 1;
  }
  return out;
}

// The text as the client holds it, with the protocol's positions (LSP 3.17, "Text Documents"):
// lines end at "\r\n", "\n" or "\r"; characters count UTF-16 code units, or bytes in UTF-8.
class Model {
 public:
  Model(std::string text, bool utf8) : utf8_(utf8) { set(std::move(text)); }

  bool utf8() const { return utf8_; }

  const std::string& text() const { return text_; }
  void set(std::string text) {
    text_ = std::move(text);
    lines_.clear();
    uint32_t start = 0;
    for (uint32_t i = 0; i < text_.size(); ++i) {
      if (text_[i] != '\n' && text_[i] != '\r') continue;
      lines_.emplace_back(start, i);
      if (text_[i] == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n') ++i;
      start = i + 1;
    }
    lines_.emplace_back(start, static_cast<uint32_t>(text_.size()));
  }
  size_t line_count() const { return lines_.size(); }

  // A position the client can name: the start of a character, not inside "\r\n".
  bool addressable(uint32_t off) const {
    if (off > text_.size()) return false;
    if (off == text_.size()) return true;
    if ((static_cast<unsigned char>(text_[off]) & 0xC0) == 0x80) return false;
    return !(off > 0 && text_[off - 1] == '\r' && text_[off] == '\n');
  }
  uint32_t snap(uint32_t off) const {
    off = std::min<uint32_t>(off, static_cast<uint32_t>(text_.size()));
    while (!addressable(off)) --off;
    return off;
  }
  json position(uint32_t off) const {
    auto it = std::upper_bound(lines_.begin(), lines_.end(), off,
                               [](uint32_t o, const std::pair<uint32_t, uint32_t>& l) { return o < l.first; });
    size_t line = static_cast<size_t>(it - lines_.begin()) - 1;
    uint32_t units = 0;
    for (uint32_t i = lines_[line].first; i < off; i += width(i)) units += unit(i);
    return json{{"line", line}, {"character", units}};
  }
  // The byte offset of a position that exists.
  uint32_t offset(const json& p) const {
    uint64_t character = p["character"], units = 0;
    uint32_t i = lines_[p["line"].get<size_t>()].first;
    for (; units < character; i += width(i)) units += unit(i);
    return i;
  }
  // Whether a position names a character boundary within a line of the text.
  bool exists(const json& p) const {
    if (!p.contains("line") || !p.contains("character") || !p["line"].is_number_unsigned() ||
        !p["character"].is_number_unsigned())
      return false;
    uint64_t line = p["line"], character = p["character"], units = 0;
    if (line >= lines_.size()) return false;
    for (uint32_t i = lines_[line].first;; i += width(i)) {
      if (units == character) return true;
      if (units > character || i >= lines_[line].second) return false;
      units += unit(i);
    }
  }

 private:
  // The text is well-formed UTF-8 (client_text).
  uint32_t width(uint32_t i) const { return static_cast<uint32_t>(std::max<size_t>(1, utf8_length(text_, i))); }
  uint32_t unit(uint32_t i) const { return utf8_ ? width(i) : width(i) == 4 ? 2 : 1; }

  bool utf8_;
  std::string text_;
  std::vector<std::pair<uint32_t, uint32_t>> lines_;  // where each line starts, and where its text ends
};

inline json message(const char* method, json params) {
  return json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

// Every position in a result, with the document it is in: a Location's "uri", a WorkspaceEdit's
// keys, or the document asked about.
inline void positions(const json& j, const std::string& uri, std::vector<std::pair<std::string, json>>& out) {
  if (j.is_array()) {
    for (const auto& e : j) positions(e, uri, out);
  } else if (j.is_object()) {
    if (j.contains("line") && j.contains("character")) {
      out.emplace_back(uri, j);
      return;
    }
    std::string here = j.contains("uri") && j["uri"].is_string() ? j["uri"].get<std::string>() : uri;
    for (const auto& [k, v] : j.items()) {
      if (k == "changes" && v.is_object()) {
        for (const auto& [u, edits] : v.items()) positions(edits, u, out);
      } else {
        positions(v, here, out);
      }
    }
  }
}

}  // namespace lsp_detail

inline std::string lsp_properties(std::string_view input) {
  using namespace lsp_detail;
  if (input.empty()) return "";
  uint32_t flags = static_cast<unsigned char>(input[0]);
  size_t nul = input.find('\0', 1);
  Script sc{nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1)};
  const std::string dir = "file:///hcl-fuzz-lsp-absent/";
  const std::string uri = dir + ((flags & 2) ? "main.json" : "main.tf"), other = dir + "other.tf";
  Model model{client_text(input.substr(1, nul == std::string_view::npos ? std::string_view::npos : nul - 1)),
              (flags & 1) != 0};
  const Model other_model{"variable \"x\" {}\nlocals {\n  y = var.x\n}\nresource \"a\" \"b\" {\n  v = local.y\n}\n",
                          model.utf8()};
  lsp::Encoding enc = model.utf8() ? lsp::Encoding::Utf8 : lsp::Encoding::Utf16;

  std::vector<std::string> sent;
  lsp::Server server([&](std::string_view m) { sent.emplace_back(m); });
  std::string problem;
  auto fail = [&](std::string what) {
    if (problem.empty()) problem = std::move(what);
  };
  // Hands over one message; a request's answers are checked and its result returned.
  int64_t next_id = 1;
  auto request = [&](const char* method, json params, bool may_fail = false) -> std::optional<json> {
    int64_t id = next_id++;
    json msg = message(method, std::move(params));
    msg["id"] = id;
    sent.clear();
    server.handle(msg);
    std::optional<json> result;
    int answers = 0;
    for (const auto& m : sent) {
      json r = json::parse(m, nullptr, false);
      if (r.is_discarded()) return fail(std::string(method) + ": a message that is not JSON: " + m), std::nullopt;
      if (!r.contains("id")) continue;
      if (r["id"] != id) return fail(std::string(method) + ": an answer to another request: " + m), std::nullopt;
      ++answers;
      if (r.contains("error")) {
        if (!may_fail || r["error"].value("code", 0) != lsp::error_code::kRequestFailed)
          fail(std::string(method) + ": " + m);
      } else {
        result = r["result"];
      }
    }
    if (answers != 1) fail(std::string(method) + ": " + std::to_string(answers) + " answers");
    return result;
  };
  auto notify = [&](const char* method, json params) {
    sent.clear();
    server.handle(message(method, std::move(params)));
  };
  auto open = [&](const std::string& u, const std::string& text) {
    notify("textDocument/didOpen",
           json{{"textDocument", {{"uri", u}, {"languageId", "terraform"}, {"version", 1}, {"text", text}}}});
  };
  json caps{{"textDocument", {{"documentSymbol", {{"hierarchicalDocumentSymbolSupport", (flags & 4) != 0}}}}}};
  if (model.utf8()) caps["general"] = {{"positionEncodings", {"utf-8", "utf-16"}}};
  request("initialize", json{{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", caps}});
  notify("initialized", json::object());
  open(uri, model.text());
  open(other, other_model.text());

  // The server's positions must exist in what the client holds.
  auto check_positions = [&](const char* method, const json& result) {
    std::vector<std::pair<std::string, json>> ps;
    positions(result, uri, ps);
    for (const auto& [u, p] : ps) {
      const Model* m = u == uri ? &model : u == other ? &other_model : nullptr;
      if (!m) return fail(std::string(method) + ": a position in " + u);
      if (!m->exists(p)) return fail(std::string(method) + ": no such position " + p.dump() + " in " + u);
    }
  };
  // Semantic tokens, decoded: each on one line, within it.
  auto check_tokens = [&](const json& data) {
    if (!data.is_array() || data.size() % 5) return fail("semanticTokens: data is not whole tokens");
    uint64_t line = 0, character = 0;
    for (size_t k = 0; k < data.size(); k += 5) {
      uint64_t dl = data[k], dc = data[k + 1], len = data[k + 2];
      character = dl ? dc : character + dc;
      line += dl;
      json end{{"line", line}, {"character", character + len}};
      if (!model.exists(json{{"line", line}, {"character", character}}) || !model.exists(end) || len == 0)
        return fail("semanticTokens: token " + std::to_string(k / 5) + " is not within its line");
    }
  };
  // A position from the script: one the client would send, or anything.
  auto some_position = [&]() -> json {
    if (sc.byte() < 224) return model.position(model.snap(sc.u16() % (model.text().size() + 1)));
    return json{{"line", sc.byte() % 8}, {"character", sc.u16()}};
  };
  auto doc_params = [&](json extra = json::object()) {
    extra["textDocument"] = {{"uri", uri}};
    return extra;
  };

  // Formatting edits, applied as a client applies them, give what `hcl fmt` makes of the text;
  // the answer is null (no formatting) exactly when the document is JSON or `hcl fmt` refuses it.
  const std::string path = "/hcl-fuzz-lsp-absent/" + uri.substr(dir.size());
  auto check_formatting = [&](const json& edits) {
    std::string text = model.text();
    format::FormatOptions fo;
    fo.style = format::terraform_file(path) ? format::Style::Terraform : format::Style::Canonical;
    format::FormatResult want = format::format_config(std::make_shared<source::SourceFile>(path, text), fo);
    const bool formats = !(flags & 2) && want.ok;
    if (edits.is_null() == formats)
      return fail(formats ? "formatting: null for a document hcl fmt formats"
                          : "formatting: edits for a document hcl fmt refuses");
    if (!formats) return;
    if (!edits.is_array()) return fail("formatting: neither edits nor null: " + edits.dump());
    std::vector<std::tuple<uint32_t, uint32_t, std::string>> spans;
    for (const auto& e : edits)
      spans.emplace_back(model.offset(e["range"]["start"]), model.offset(e["range"]["end"]), e["newText"]);
    std::sort(spans.begin(), spans.end());
    std::string out;
    uint32_t at = 0;
    for (const auto& [a, b, replacement] : spans) {
      if (a < at || b < a) return fail("formatting: edits overlap or run backwards");
      out.append(text, at, a - at).append(replacement);
      at = b;
    }
    out.append(text, at);
    if (out != (want.changed ? want.output : text)) fail("formatting: the edits do not give hcl fmt's text");
  };

  lsp::Document mirror("/hcl-fuzz-lsp-absent/main", model.text(), 1);
  int64_t version = 1;
  std::string last_result_id;
  std::vector<uint64_t> last_data;
  for (int step = 0; step < 48 && sc.more() && problem.empty(); ++step) {
    uint32_t op = sc.byte() % 18;
    if (op <= 3) {
      // An edit where a client would make it: the model and the server's copy follow it.
      uint32_t a = model.snap(sc.u16() % (model.text().size() + 1));
      uint32_t b = model.snap(std::min<uint32_t>(a + sc.byte() % 24, static_cast<uint32_t>(model.text().size())));
      std::string text = client_text(sc.text(sc.byte() % 12));
      json change{{"range", {{"start", model.position(a)}, {"end", model.position(b)}}}, {"text", text}};
      lsp::TextChange tc{std::make_pair(lsp::position_from_json(change["range"]["start"]),
                                        lsp::position_from_json(change["range"]["end"])),
                         text};
      model.set(model.text().substr(0, a) + text + model.text().substr(b));
      mirror.apply(tc, enc);
      if (mirror.text() != model.text()) fail("didChange: the document's text is not the edited text");
      notify("textDocument/didChange",
             json{{"textDocument", {{"uri", uri}, {"version", ++version}}}, {"contentChanges", {change}}});
      server.publish_pending();
    } else if (op == 4) {
      // An edit at any positions, then the whole text again, so the model holds.
      json range{{"start", {{"line", sc.byte() % 8}, {"character", sc.byte()}}},
                 {"end", {{"line", sc.byte() % 8}, {"character", sc.byte()}}}};
      json changes = json::array(
          {json{{"range", range}, {"text", client_text(sc.text(sc.byte() % 8))}}, json{{"text", model.text()}}});
      notify("textDocument/didChange",
             json{{"textDocument", {{"uri", uri}, {"version", ++version}}}, {"contentChanges", changes}});
      server.publish_pending();
    } else if (op == 5) {
      notify("textDocument/didClose", json{{"textDocument", {{"uri", uri}}}});
      open(uri, model.text());
      last_result_id.clear();
    } else if (op == 6) {
      auto r = request("textDocument/semanticTokens/full", doc_params());
      if (r && r->contains("data")) {
        check_tokens((*r)["data"]);
        last_data = (*r)["data"].get<std::vector<uint64_t>>();
        last_result_id = (*r).value("resultId", "");
      }
    } else if (op == 7) {
      // A delta, applied to the last answer, must give what a full request gives next.
      auto r = request("textDocument/semanticTokens/full/delta", doc_params({{"previousResultId", last_result_id}}));
      if (!r) continue;
      std::vector<uint64_t> data;
      if (r->contains("edits")) {
        data = last_data;
        for (const auto& e : (*r)["edits"]) {
          uint64_t start = e["start"], count = e["deleteCount"];
          if (start + count > data.size()) {
            fail("semanticTokens/full/delta: an edit past the end");
            break;
          }
          auto ins = e.value("data", std::vector<uint64_t>{});
          data.erase(data.begin() + static_cast<ptrdiff_t>(start),
                     data.begin() + static_cast<ptrdiff_t>(start + count));
          data.insert(data.begin() + static_cast<ptrdiff_t>(start), ins.begin(), ins.end());
        }
      } else {
        data = (*r)["data"].get<std::vector<uint64_t>>();
      }
      last_result_id = r->value("resultId", "");
      last_data = data;
      auto full = request("textDocument/semanticTokens/full", doc_params());
      if (full && (*full)["data"].get<std::vector<uint64_t>>() != data)
        fail("semanticTokens/full/delta: the delta does not give the full tokens");
      if (full) check_tokens((*full)["data"]);
    } else {
      static const char* kAt[] = {"textDocument/hover",      "textDocument/completion",
                                  "textDocument/definition", "textDocument/signatureHelp",
                                  "textDocument/references", "textDocument/prepareRename"};
      std::optional<json> r;
      const char* method;
      if (op < 14) {
        method = kAt[op - 8];
        json p = doc_params({{"position", some_position()}});
        if (op == 12) p["context"] = {{"includeDeclaration", (sc.byte() & 1) != 0}};
        r = request(method, p);
      } else if (op == 14) {
        static const char* kNames[] = {"renamed", "x", "", "a b", "\xc3\xa9t\xc3\xa9", "1a", "for", "a-b", "_"};
        method = "textDocument/rename";
        r = request(method, doc_params({{"position", some_position()}, {"newName", kNames[sc.byte() % 9]}}), true);
      } else if (op == 15) {
        method = "textDocument/selectionRange";
        r = request(method, doc_params({{"positions", {some_position(), some_position()}}}));
      } else if (op == 16) {
        method = "textDocument/documentSymbol";
        r = request(method, doc_params());
      } else {
        method = (sc.byte() & 1) ? "textDocument/formatting" : "textDocument/foldingRange";
        r = request(method, doc_params({{"options", {{"tabSize", 2}, {"insertSpaces", true}}}}));
      }
      if (r && std::string_view(method) == "textDocument/foldingRange") {
        // Folding ranges name lines only.
        size_t lines = model.line_count();
        for (const auto& f : r->is_array() ? *r : json::array())
          if (!(f.value("startLine", lines) <= f.value("endLine", lines) && f.value("endLine", lines) < lines))
            fail("foldingRange: no such lines " + f.dump());
      } else if (r) {
        check_positions(method, *r);
        if (problem.empty() && std::string_view(method) == "textDocument/formatting") check_formatting(*r);
      }
    }
  }
  if (!problem.empty()) return problem;

  // What the server publishes for the edited text is what it publishes for that text opened anew.
  auto published = [&](lsp::Server& s, std::vector<std::string>& out) -> json {
    out.clear();
    s.publish_pending();
    for (auto it = out.rbegin(); it != out.rend(); ++it) {
      json m = json::parse(*it, nullptr, false);
      if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
        return m["params"]["diagnostics"];
    }
    return nullptr;
  };
  json empty_edit{{"range", {{"start", model.position(0)}, {"end", model.position(0)}}}, {"text", ""}};
  notify("textDocument/didChange",
         json{{"textDocument", {{"uri", uri}, {"version", ++version}}}, {"contentChanges", json::array({empty_edit})}});
  json edited = published(server, sent);
  std::vector<std::string> fresh_sent;
  lsp::Server fresh([&](std::string_view m) { fresh_sent.emplace_back(m); });
  fresh.handle(json{{"jsonrpc", "2.0"},
                    {"id", 0},
                    {"method", "initialize"},
                    {"params", {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", caps}}}});
  fresh.handle(message(
      "textDocument/didOpen",
      json{{"textDocument", {{"uri", uri}, {"languageId", "terraform"}, {"version", 1}, {"text", model.text()}}}}));
  json opened = published(fresh, fresh_sent);
  if (edited != opened) return "publishDiagnostics: the edited text's differ from the same text opened";
  std::vector<std::pair<std::string, json>> ps;
  positions(edited, uri, ps);
  for (const auto& [u, p] : ps)
    if (!model.exists(p)) return "publishDiagnostics: no such position " + p.dump();
  return "";
}

}  // namespace hcl::fuzz
