// SPDX-License-Identifier: Apache-2.0
// Packer's and Nomad's own functions (hcl2template/functions.go, jobspec2/functions.go):
// legacy_isotime, legacy_strftime, uuidv4, strlen, and the secret-store functions, which need a
// network and so refuse here.
#include <array>
#include <ctime>

#include "cty/unicode.h"
#include "funcs/digest.h"
#include "funcs/extras.h"
#include "funcs/shared.h"

namespace hcl::funcs {

using namespace cty;

namespace {

std::string pad(int v, int width, char fill = '0') {
  std::string s = std::to_string(v);
  while (static_cast<int>(s.size()) < width) s.insert(s.begin(), fill);
  return s;
}

// Go's time.Format for a UTC time with no fraction of a second: the layout's reference-time
// elements replaced by the time's fields, everything else copied.
std::string go_time_format(std::string_view layout, const std::tm& t) {
  struct Elem {
    std::string_view token;
    std::string value;
  };
  int hour12 = t.tm_hour % 12 == 0 ? 12 : t.tm_hour % 12;
  std::string month = kMonthNames[t.tm_mon], day = kWeekdayNames[t.tm_wday];
  // Longest tokens first, as Go's nextStdChunk prefers them.
  const std::array<Elem, 24> elems{{
      {"January", month},
      {"Monday", day},
      {"Z07:00", "Z"},
      {"-07:00", "+00:00"},
      {"-0700", "+0000"},
      {"2006", pad(t.tm_year + 1900, 4)},
      {"Jan", month.substr(0, 3)},
      {"Mon", day.substr(0, 3)},
      {"MST", "UTC"},
      {"Z0700", "Z"},
      {"Z07", "Z"},
      {"-07", "+00"},
      {"002", pad(t.tm_yday + 1, 3)},
      {"01", pad(t.tm_mon + 1, 2)},
      {"02", pad(t.tm_mday, 2)},
      {"_2", pad(t.tm_mday, 2, ' ')},
      {"15", pad(t.tm_hour, 2)},
      {"03", pad(hour12, 2)},
      {"04", pad(t.tm_min, 2)},
      {"05", pad(t.tm_sec, 2)},
      {"06", pad((t.tm_year + 1900) % 100, 2)},
      {"PM", t.tm_hour >= 12 ? "PM" : "AM"},
      {"pm", t.tm_hour >= 12 ? "pm" : "am"},
      {"1", std::to_string(t.tm_mon + 1)},
  }};
  const std::array<Elem, 4> shorter{{
      {"2", std::to_string(t.tm_mday)},
      {"3", std::to_string(hour12)},
      {"4", std::to_string(t.tm_min)},
      {"5", std::to_string(t.tm_sec)},
  }};
  std::string out;
  for (size_t i = 0; i < layout.size();) {
    std::string_view rest = layout.substr(i);
    const Elem* hit = nullptr;
    for (const auto& e : elems)
      if (rest.starts_with(e.token)) {
        hit = &e;
        break;
      }
    if (!hit)
      for (const auto& e : shorter)
        if (rest.starts_with(e.token)) {
          hit = &e;
          break;
        }
    if (hit) {
      out += hit->value;
      i += hit->token.size();
    } else {
      out += layout[i++];
    }
  }
  return out;
}

// github.com/jehiah/go-strftime's Format: the C directives it knows; an unknown one is copied.
std::string strftime_format(std::string_view format, const std::tm& t) {
  std::string out;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    char d = format[++i];
    static constexpr std::string_view kKnown = "aAbBcdHjIMmpSUwWyYyZ%";
    if (d == 'f' || d == 'L') {
      out += d == 'f' ? "000000" : "000";
    } else if (d == 'Z') {
      out += "UTC";
    } else if (kKnown.find(d) != std::string_view::npos) {
      char spec[3] = {'%', d, 0};
      char buf[64];
      size_t n = std::strftime(buf, sizeof buf, spec, &t);
      out.append(buf, n);
    } else {
      out += '%';
      out += d;
    }
  }
  return out;
}

Function legacy_time(std::string name, std::string description,
                     std::string (*format)(std::string_view, const std::tm&)) {
  return Function{
      .name = std::move(name),
      .description = std::move(description),
      .params = {},
      .variadic = Param{.name = "format", .type = Type::string()},
      .return_type = static_return(Type::string()),
      .impl = [format](Args args, const Type&) -> Result<Value> {
        if (args.size() > 1) return fail_call("too many values, 1 needed");
        std::tm t = run_time();
        if (args.empty()) return Value::string(go_time_format("2006-01-02T15:04:05Z07:00", t));
        return Value::string(format(args[0].as_string(), t));
      },
  };
}

// A function whose answer lives in a remote service: refused with the reason, never guessed.
Function needs_network(std::string name, std::string service, std::vector<std::string> params) {
  Function f{
      .name = name,
      .description = "Reads a value from " + service + "; needs network access, so `hcl` refuses it.",
      .return_type = static_return(Type::string()),
      .impl = [name, service](Args, const Type&) -> Result<Value> {
        return fail_call(name + " needs network access to " + service +
                         ", which hcl does not have: evaluate this configuration with packer");
      },
  };
  for (auto& p : params) f.params.push_back(Param{.name = std::move(p), .type = Type::string()});
  return f;
}

Function uuidv4() {
  return Function{
      .name = "uuidv4",
      .description = "Generates a random UUID (RFC 4122 version 4).",
      .params = {},
      .return_type = static_return(Type::string()),
      .impl = [](Args, const Type&) -> Result<Value> {
        std::array<unsigned char, 16> b{};
        if (!random_bytes(b.data(), b.size())) return fail_call("failed to read random bytes");
        b[6] = static_cast<unsigned char>((b[6] & 0x0F) | 0x40);
        b[8] = static_cast<unsigned char>((b[8] & 0x3F) | 0x80);
        std::string h = hex_lower(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
        return Value::string(h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) +
                             "-" + h.substr(20));
      },
  };
}

}  // namespace

void add_packer_functions(FunctionTable& table) {
  table.add(legacy_time("legacy_isotime", "Formats the time of this run with a Go time layout (RFC 3339 without one).",
                        go_time_format));
  table.add(legacy_time("legacy_strftime",
                        "Formats the time of this run with C strftime directives (RFC 3339 without a format).",
                        strftime_format));
  table.add(uuidv4());
  table.add(needs_network("vault", "a Vault server", {"path", "key"}));
  table.add(needs_network("consul_key", "a Consul server", {"key"}));
  table.add(needs_network("aws_secretsmanager", "AWS Secrets Manager", {"name", "key"}));
  table.add(needs_network("aws_secretsmanager_raw", "AWS Secrets Manager", {"name"}));
}

void add_nomad_functions(FunctionTable& table) {
  table.add(uuidv4());
  table.add({
      .name = "strlen",
      .description = "Returns the number of characters (grapheme clusters) in a string.",
      .params = {Param{.name = "str", .type = Type::string(), .allow_dynamic = true}},
      .return_type = static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        return Value::number(static_cast<int64_t>(cty::grapheme_length(args[0].as_string())));
      },
  });
}

}  // namespace hcl::funcs
