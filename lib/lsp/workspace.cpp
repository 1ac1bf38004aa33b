// SPDX-License-Identifier: Apache-2.0
#include "lsp/workspace.h"

#include <algorithm>
#include <filesystem>

#include "ast/ast.h"
#include "funcs/library.h"
#include "lsp/document.h"
#include "util/text.h"

namespace hcl::lsp {

namespace {

// A directory holds at most this many files of a unit that navigation reads, each at most this
// large, and all the files read for one unit, as all the files kept between requests, at most
// kMaxUnitBytes together: a directory of generated files must not stall the editor or fill the
// memory (docs/lsp.md).
constexpr size_t kMaxUnitFiles = 500;
constexpr uint64_t kMaxUnitFileBytes = 16u << 20;
constexpr uint64_t kMaxUnitBytes = 64u << 20;

// A label's text without its quotes: what a rename replaces.
diag::Span unquoted(std::string_view text, diag::Span s) {
  if (s.end - s.start >= 2 && text[s.start] == '"' && text[s.end - 1] == '"') return diag::Span{s.start + 1, s.end - 1};
  return s;
}

// Root names that are not managed resources (Terraform's reserved roots and HCL's for-expression
// and dynamic-block iterators are the usual ones).
bool reserved_root(std::string_view name) {
  static constexpr std::string_view kReserved[] = {"var",   "local", "module", "data", "path", "terraform",
                                                   "count", "each",  "self",   "null", "true", "false"};
  return std::find(std::begin(kReserved), std::end(kReserved), name) != std::end(kReserved);
}

}  // namespace

FileIndex index_file(const Document& doc) {
  FileIndex idx;
  const Analysis& a = doc.analysis();
  if (!a.tree || a.tree->root() == syntax::kNoNode) return idx;
  const syntax::SyntaxTree& t = *a.tree;
  std::string_view text = t.text();
  auto token_span = [&](uint32_t i) { return diag::Span{t.token(i).start, t.token(i).end}; };
  for (syntax::NodeId item : ast::body_items(t, t.root())) {
    if (t.node(item).kind != syntax::NodeKind::Block) continue;
    ast::Block b = ast::block(t, item);
    idx.block_types.emplace_back(b.type);
    diag::Span whole = t.span(item);
    auto declare = [&](std::string key, diag::Span name) { idx.declarations.push_back({std::move(key), name, whole}); };
    if (b.type == "variable" && b.labels.size() == 1) declare("var." + b.labels[0], unquoted(text, b.label_spans[0]));
    else if (b.type == "module" && b.labels.size() == 1)
      declare("module." + b.labels[0], unquoted(text, b.label_spans[0]));
    else if (b.type == "data" && b.labels.size() == 2)
      declare("data." + b.labels[0] + "." + b.labels[1], unquoted(text, b.label_spans[1]));
    else if (b.type == "resource" && b.labels.size() == 2)
      declare(b.labels[0] + "." + b.labels[1], unquoted(text, b.label_spans[1]));
    else if (b.type == "locals" && b.labels.empty() && b.body != syntax::kNoNode) {
      for (syntax::NodeId attr : ast::body_items(t, b.body)) {
        if (t.node(attr).kind != syntax::NodeKind::Attribute) continue;
        ast::Attribute at = ast::attribute(t, attr);
        idx.declarations.push_back({"local." + std::string(at.name), at.name_span, t.span(attr)});
      }
    }
  }
  // References: a root variable followed by attribute steps. A GetAttr's only child, its source,
  // is the node just before it, and the GetAttr reading it further is the node just after.
  const auto& nodes = t.nodes();
  for (syntax::NodeId g = 1; g < nodes.size(); ++g) {
    if (nodes[g].kind != syntax::NodeKind::GetAttr || nodes[g - 1].kind != syntax::NodeKind::Variable) continue;
    std::string_view root = t.token_text(nodes[g - 1].main_token);
    std::string_view attr = t.token_text(nodes[g].main_token);
    diag::Span start = t.span(g - 1);
    if (root == "var" || root == "local" || root == "module") {
      idx.references.push_back({std::string(root) + "." + std::string(attr), token_span(nodes[g].main_token),
                                diag::Span{start.start, t.token(nodes[g].main_token).end}});
    } else if (root == "data") {
      if (g + 1 < nodes.size() && nodes[g + 1].kind == syntax::NodeKind::GetAttr) {
        uint32_t name = nodes[g + 1].main_token;
        idx.references.push_back({"data." + std::string(attr) + "." + std::string(t.token_text(name)), token_span(name),
                                  diag::Span{start.start, t.token(name).end}});
      }
    } else if (!reserved_root(root)) {
      idx.references.push_back({std::string(root) + "." + std::string(attr), token_span(nodes[g].main_token),
                                diag::Span{start.start, t.token(nodes[g].main_token).end}});
    }
  }
  return idx;
}

const cty::FunctionTable& Workspace::functions() {
  if (!functions_) functions_ = std::make_unique<cty::FunctionTable>(funcs::standard_functions());
  return *functions_;
}

std::string unit_suffix(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  // Two-part endings first: a.pkr.hcl is Packer, b.tf.json belongs with main.tf.
  for (std::string_view two : {".pkr.hcl", ".pkr.json", ".tf.json", ".tfvars.json", ".nomad.hcl", ".tftest.hcl"})
    if (name.ends_with(two)) return two == ".tf.json" ? ".tf" : std::string(two);
  size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? std::string() : std::string(name.substr(dot));
}

std::optional<UnitFile> Workspace::load(const std::string& path, const std::vector<const Document*>& open) {
  auto d_it = std::find_if(open.begin(), open.end(), [&](const Document* d) { return d->path() == path; });
  if (d_it != open.end()) {
    const Document* d = *d_it;
    auto& slot = open_indexes_[path];
    if (slot.first != d->source()) slot = {d->source(), std::make_shared<const FileIndex>(index_file(*d))};
    return UnitFile{path, d->source(), std::make_shared<const LineIndex>(d->source()->text()), slot.second};
  }
  open_indexes_.erase(path);
  std::optional<io::FileStamp> stamp = io::file_stamp(path);
  if (!stamp) return std::nullopt;
  auto it = cache_.find(path);
  if (it != cache_.end() && it->second.stamp == *stamp) return it->second.file;
  forget(path);
  // The stamp's size is not trusted: the read itself stops at the limit.
  io::ReadResult r = io::read_regular_file(path, kMaxUnitFileBytes);
  if (!r.error.empty()) return std::nullopt;
  uint64_t size = r.content.size();
  Document doc(path, std::move(r.content), 0);
  UnitFile f{path, doc.source(), std::make_shared<const LineIndex>(doc.source()->text()),
             std::make_shared<const FileIndex>(index_file(doc))};
  // The files kept longest go first when the new one would take the cache past its budget.
  while (!cache_order_.empty() && cached_bytes_ + size > kMaxUnitBytes) forget(cache_order_.front());
  cache_[path] = Cached{*stamp, f, size};
  cache_order_.push_back(path);
  cached_bytes_ += size;
  return f;
}

void Workspace::forget(const std::string& path) {
  auto it = cache_.find(path);
  if (it == cache_.end()) return;
  cached_bytes_ -= it->second.bytes;
  cache_.erase(it);
  cache_order_.erase(std::find(cache_order_.begin(), cache_order_.end(), path));
}

// The other files of the unit are those a command-line walk of the directory finds (io::find_files:
// regular files, and links only to regular files whose real location is in the directory), with
// the unit's kind of name and not hidden, plus the unsaved documents open there.
std::vector<UnitFile> Workspace::unit(const std::string& path) {
  std::string suffix = unit_suffix(path);
  std::vector<std::string> extensions{suffix};
  if (suffix == ".tf") extensions.push_back(".tf.json");
  if (suffix.empty() || suffix.ends_with(".json")) extensions.clear();
  return files(path, extensions, [&](const std::string& p) { return unit_suffix(p) == suffix; });
}

std::vector<UnitFile> Workspace::files(const std::string& path, const std::vector<std::string>& extensions,
                                       const std::function<bool(const std::string&)>& keep) {
  std::vector<const Document*> open = open_ ? open_() : std::vector<const Document*>{};
  std::vector<UnitFile> out;
  if (auto self = load(path, open)) out.push_back(std::move(*self));
  if (extensions.empty() || !path.starts_with("/")) return out;
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::vector<std::string> names;
  for (auto& found : io::find_files({dir.empty() ? std::string(".") : dir.string()}, extensions, false).files) {
    std::string name = std::filesystem::path(found.path).filename().string();
    if (found.path == path || name.empty() || name[0] == '.' || !keep(found.path)) continue;
    names.push_back(std::move(found.path));
    if (names.size() == kMaxUnitFiles) break;
  }
  for (const Document* d : open) {
    const std::string& p = d->path();
    bool named = std::any_of(extensions.begin(), extensions.end(), [&](const auto& x) { return p.ends_with(x); });
    if (p != path && named && keep(p) && std::filesystem::path(p).parent_path() == dir &&
        std::find(names.begin(), names.end(), p) == names.end())
      names.push_back(p);
  }
  std::sort(names.begin(), names.end());
  uint64_t bytes = 0;
  for (const auto& n : names) {
    if (bytes >= kMaxUnitBytes) break;
    if (auto f = load(n, open)) {
      bytes += f->source->text().size();
      out.push_back(std::move(*f));
    }
  }
  return out;
}

std::optional<std::string> uri_to_path(std::string_view uri) {
  if (!uri.starts_with("file://")) return std::nullopt;
  uri.remove_prefix(7);
  // file://host/path: only the local host (empty or "localhost") is a path here.
  if (uri.starts_with("localhost/")) uri.remove_prefix(9);
  if (uri.empty() || uri[0] != '/') return std::nullopt;
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    char c = uri[i];
    if (c == '%' && i + 2 < uri.size() + 0 && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(uri.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else if (c == '?' || c == '#') {
      break;
    } else {
      out += c;
    }
  }
  if (out.find('\0') != std::string::npos) return std::nullopt;
  return out;
}

std::string path_to_uri(std::string_view path) { return "file://" + util::uri_encode_path(path); }

}  // namespace hcl::lsp
