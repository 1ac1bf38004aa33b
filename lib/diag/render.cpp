// SPDX-License-Identifier: Apache-2.0
#include "diag/render.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "source/source_file.h"
#include "util/text.h"

namespace hcl::diag {

namespace {

std::string wrap(const std::string& text, unsigned width) {
  if (width == 0) return text;
  std::string out;
  size_t line_len = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\n') {
      out += '\n';
      line_len = 0;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\n') ++j;
    size_t word = j - i;
    if (line_len > 0 && line_len + 1 + word > width) {
      out += '\n';
      line_len = 0;
    } else if (line_len > 0) {
      out += ' ';
      ++line_len;
    }
    out.append(text, i, word);
    line_len += word;
    i = j;
    while (i < text.size() && text[i] == ' ') ++i;
  }
  return out;
}

// The part of a long source line worth showing around a highlighted byte range, so that one
// huge line (a minified file, a 10 MB string) cannot make every diagnostic on it huge. Offsets
// are bytes within the line; elided ends are marked with an ellipsis.
struct Window {
  std::string text;
  size_t hs, he;
};

Window clip_line(std::string_view line, size_t hs, size_t he) {
  constexpr size_t kMax = 240, kContext = 80;
  if (line.size() <= kMax) return {std::string(line), hs, he};
  auto is_cont = [&](size_t i) { return i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80; };
  size_t from = hs > kContext ? hs - kContext : 0;
  size_t to = std::min(line.size(), std::max(he, hs) + kContext);
  if (to - from > kMax) to = from + kMax;
  while (from > 0 && is_cont(from)) --from;
  while (to < line.size() && is_cont(to)) ++to;
  std::string text = from > 0 ? "\u2026" : "";
  size_t shift = text.size();
  text.append(line.substr(from, to - from));
  if (to < line.size()) text += "\u2026";
  hs = std::clamp(hs, from, to) - from + shift;
  he = std::clamp(he, from, to) - from + shift;
  return {std::move(text), hs, he};
}

// Blank space as wide as `text`, keeping its tabs so a caret line below it lines up.
std::string blank_like(std::string_view text) {
  std::string out;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\t') {
      out.append(source::grapheme_count(text.substr(start, i - start)), ' ');
      if (i < text.size()) out += '\t';
      start = i + 1;
    }
  }
  return out;
}

}  // namespace

bool use_color(int fd) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  return isatty(fd) != 0;
}

std::string render_text(const Diagnostic& diag, const SourceLookup& sources, const TextStyle& style) {
  std::string out;
  const char* color = "";
  const char* reset = "";
  const char* highlight = "";
  if (style.color) {
    color = diag.severity == Severity::Error ? "\x1b[1;31m" : "\x1b[1;33m";
    reset = "\x1b[0m";
    highlight = "\x1b[1;4m";
  }
  // Everything that may come from a file (names, source lines, the values quoted in messages)
  // is escaped: no escape sequence reaches the terminal, no file name starts a line of its own.
  out += fmt::format("{}{}{}: {}\n\n", color, diag.severity == Severity::Error ? "Error" : "Warning", reset,
                     util::escape_controls(diag.summary));
  if (diag.subject) {
    const source::Range& subj = *diag.subject;
    const source::SourceFile* file = sources ? sources(subj.filename.str()) : nullptr;
    std::string in = style.context ? style.context(subj) : std::string();
    if (!in.empty()) in = ", in " + util::escape_controls(in);
    out += fmt::format("  on {} line {}{}:\n", util::escape_controls(subj.filename.str()), subj.start.line, in);
    if (!file) {
      out += "  (source code not available)\n\n";
    } else {
      // Show every line the subject (and its context) touches, with the subject marked.
      uint32_t first = subj.start.line, last = subj.end.line;
      if (diag.context) {
        first = std::min(first, diag.context->start.line);
        last = std::max(last, diag.context->end.line);
      }
      if (subj.end.byte > subj.start.byte && subj.end.column == 1 && last > subj.start.line && last == subj.end.line)
        --last;  // a subject ending with a newline ends on the line before
      last = std::min(last, first + 20);
      for (uint32_t line = first; line <= last && line <= file->line_count(); ++line) {
        std::string_view text = file->line_text(line);
        uint32_t line_begin = file->line_offset(line);
        uint32_t line_end = line_begin + static_cast<uint32_t>(text.size());
        uint32_t hs = std::clamp(subj.start.byte, line_begin, line_end);
        uint32_t he =
            std::clamp(std::max(subj.end.byte, subj.start.byte == subj.end.byte ? subj.start.byte + 1 : subj.end.byte),
                       line_begin, line_end);
        // As the reference's writer: a subject over several lines is marked on its first line
        // (from its start) and its last (up to its end); the lines between are shown unmarked.
        bool inner = line > subj.start.line && line < subj.end.line;
        if (inner || subj.start.byte > line_end || subj.end.byte < line_begin) hs = he = line_end;
        Window w = clip_line(text, hs - line_begin, he - line_begin);
        std::string_view raw = w.text;
        std::string before = util::escape_controls(raw.substr(0, w.hs), "\t");
        std::string mid = util::escape_controls(raw.substr(w.hs, w.he - w.hs), "\t");
        std::string after = util::escape_controls(raw.substr(w.he), "\t");
        std::string shown = before + mid + after;
        if (style.color) {
          out += fmt::format("{:4}: {}{}{}{}{}\n", line, before, highlight, mid, reset, after);
        } else {
          out += fmt::format("{:4}: {}\n", line, shown);
          if (!mid.empty() || (subj.start.byte == subj.end.byte && hs == he && line == subj.start.line)) {
            // Underline the subject with carets, lined up by display columns.
            uint32_t len = std::max<uint32_t>(1, source::grapheme_count(mid));
            out += fmt::format("      {}{}\n", blank_like(before), std::string(len, '^'));
          }
        }
      }
      out += '\n';
    }
  }
  if (!diag.detail.empty()) out += wrap(util::escape_controls(diag.detail, "\t\n"), style.width) + "\n\n";
  return out;
}

nlohmann::ordered_json diagnostic_json(const Diagnostic& diag, const SourceLookup& sources,
                                       const ContextLookup& context) {
  nlohmann::ordered_json j;
  j["severity"] = diag.severity == Severity::Error ? "error" : "warning";
  j["summary"] = diag.summary;
  j["detail"] = diag.detail;
  auto pos = [](const source::Pos& p) {
    return nlohmann::ordered_json{{"line", p.line}, {"column", p.column}, {"byte", p.byte}};
  };
  if (diag.subject) {
    const source::Range& r = *diag.subject;
    j["range"] = nlohmann::ordered_json{{"filename", r.filename.str()}, {"start", pos(r.start)}, {"end", pos(r.end)}};
    const source::SourceFile* file = sources ? sources(r.filename.str()) : nullptr;
    if (file) {
      std::string_view code = file->line_text(r.start.line);
      uint32_t line_begin = file->line_offset(r.start.line);
      size_t hs = std::min<size_t>(r.start.byte - line_begin, code.size());
      size_t he = std::min<size_t>(r.end.byte - line_begin, code.size());
      Window w = clip_line(code, hs, std::max(hs, he));
      std::string in = context ? context(r) : std::string();
      j["snippet"] =
          nlohmann::ordered_json{{"context", in.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(in)},
                                 {"code", std::move(w.text)},
                                 {"start_line", r.start.line},
                                 {"highlight_start_offset", w.hs},
                                 {"highlight_end_offset", w.he},
                                 {"values", nlohmann::ordered_json::array()}};
    }
  }
  return j;
}

Diagnostic too_many_errors(uint64_t dropped) {
  Diagnostic d;
  d.summary = "Too many errors";
  d.detail = fmt::format("{} further diagnostics for this file were not reported.", dropped);
  return d;
}

std::string render_github(const Diagnostic& diag) {
  // Control bytes from file names and messages (ESC, OSC, BEL) become Go's escapes first, as in
  // the text format: the runner echoes the command into the job's log, a terminal of its own.
  auto escape_data = [](std::string_view raw) {
    std::string s = util::escape_controls(raw, "\r\n");
    std::string out;
    for (char c : s) {
      if (c == '%') out += "%25";
      else if (c == '\r') out += "%0D";
      else if (c == '\n') out += "%0A";
      else out += c;
    }
    return out;
  };
  auto escape_prop = [&](std::string_view s) {
    std::string out;
    for (char c : escape_data(s)) {
      if (c == ':') out += "%3A";
      else if (c == ',') out += "%2C";
      else out += c;
    }
    return out;
  };
  std::string props;
  if (diag.subject) {
    const source::Range& r = *diag.subject;
    props = fmt::format(" file={},line={},col={},endLine={},endColumn={},", escape_prop(r.filename.str()), r.start.line,
                        r.start.column, r.end.line, r.end.column);
  } else {
    props = " ";
  }
  props += "title=" + escape_prop(diag.summary);
  std::string message = diag.detail.empty() ? diag.summary : diag.detail;
  return fmt::format("::{}{}::{}\n", diag.severity == Severity::Error ? "error" : "warning", props,
                     escape_data(message));
}

}  // namespace hcl::diag
