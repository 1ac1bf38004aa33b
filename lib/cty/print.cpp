// SPDX-License-Identifier: Apache-2.0
#include "cty/print.h"

#include "cty/unicode.h"
#include "source/utf8.h"
#include "util/text.h"

namespace hcl::cty {

namespace {

void print(const Value& v, int indent, bool show_sensitive, std::string& out) {
  if (v.is_sensitive() && !show_sensitive) {
    out += "(sensitive value)";
    return;
  }
  if (!v.is_known()) {
    out += "(unknown)";
    return;
  }
  if (v.is_null()) {
    out += "null";
    return;
  }
  const Type& t = v.type();
  switch (t.kind()) {
    case TypeKind::Bool: out += v.as_bool() ? "true" : "false"; return;
    case TypeKind::Number:
      // Infinities have no literal; these expressions evaluate to them.
      if (v.as_number().is_infinity()) {
        out += v.as_number().is_negative() ? "(-1/0)" : "(1/0)";
        return;
      }
      // A number too long to write out in decimal keeps its value in scientific notation.
      out += v.as_number().is_printable() ? v.as_number().to_string() : v.as_number().round_trip_scientific();
      return;
    case TypeKind::String: out += util::hclwrite_quote(v.as_string()); return;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Tuple: {
      out += '[';
      bool first = true;
      for (const auto& e : v.elements()) {
        if (!first) out += ", ";
        first = false;
        print(e, indent, show_sensitive, out);
      }
      out += ']';
      return;
    }
    case TypeKind::Map:
    case TypeKind::Object: {
      const auto& attrs = v.attributes();
      if (attrs.empty()) {
        out += "{}";
        return;
      }
      std::vector<std::string> keys, vals;
      for (const auto& [k, e] : attrs) {
        // A bare `for` first in braces starts a for expression: quoted, the output parses back.
        keys.push_back(is_valid_identifier(k) && k != "for" ? k : util::hclwrite_quote(k));
        std::string s;
        print(e, indent + 1, show_sensitive, s);
        vals.push_back(std::move(s));
      }
      out += "{\n";
      std::string pad(static_cast<size_t>(indent + 1) * 2, ' ');
      // Align "=" over runs of attributes; a multi-line value ends its run.
      size_t i = 0;
      while (i < keys.size()) {
        size_t j = i;
        size_t width = 0;
        while (j < keys.size()) {
          width = std::max(width, grapheme_length(keys[j]));
          bool multi = vals[j].find('\n') != std::string::npos;
          ++j;
          if (multi) break;
        }
        for (size_t k = i; k < j; ++k) {
          out += pad;
          out += keys[k];
          out.append(width - grapheme_length(keys[k]), ' ');
          out += " = ";
          out += vals[k];
          out += '\n';
        }
        i = j;
      }
      out.append(static_cast<size_t>(indent) * 2, ' ');
      out += '}';
      return;
    }
    default: out += "null"; return;
  }
}

}  // namespace

std::string value_to_hcl(const Value& v, bool show_sensitive) {
  std::string out;
  print(v, 0, show_sensitive, out);
  return out;
}

std::string path_to_hcl(const std::vector<Value>& path) {
  std::string out;
  for (const auto& step : path) {
    if (step.type().is_string() && step.is_known() && !step.is_null()) {
      const std::string& k = step.as_string();
      out += is_valid_identifier(k) ? "." + k : "[" + util::hclwrite_quote(k) + "]";
    } else {
      out += "[" + value_to_hcl(step, true) + "]";
    }
  }
  return out;
}

}  // namespace hcl::cty
