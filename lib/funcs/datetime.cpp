// SPDX-License-Identifier: Apache-2.0
// Date and time functions: cty's formatdate and timeadd, Terraform's timecmp and timestamp
// (internal/lang/funcs/datetime.go). Timestamps are RFC 3339 as Go's time.Parse reads them
// (fractional seconds allowed, any UTC offset kept for output), and their errors are the
// reference's rewording of Go's parse errors.
#include <chrono>

#include "funcs/extras.h"
#include "funcs/gostd.h"
#include "funcs/library.h"
#include "funcs/shared.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// A moment as civil fields in its own UTC offset.
struct Timestamp {
  int64_t year = 0;
  int month = 1, day = 1, hour = 0, minute = 0, second = 0;
  int64_t nanos = 0;
  int offset = 0;  // seconds east of UTC
};

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
int64_t days_from_civil(int64_t y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

void civil_from_days(int64_t z, int64_t& y, int& m, int& d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  y = yoe + era * 400 + (m <= 2);
}

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// Seconds since the Unix epoch.
int64_t unix_seconds(const Timestamp& t) {
  return days_from_civil(t.year, t.month, t.day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second - t.offset;
}

Timestamp from_unix(int64_t secs, int64_t nanos, int offset) {
  Timestamp t;
  t.offset = offset;
  t.nanos = nanos;
  int64_t local = secs + offset;
  int64_t days = floor_div(local, 86400);
  int64_t rem = local - days * 86400;
  civil_from_days(days, t.year, t.month, t.day);
  t.hour = static_cast<int>(rem / 3600);
  t.minute = static_cast<int>(rem / 60 % 60);
  t.second = static_cast<int>(rem % 60);
  return t;
}

bool leap(int64_t y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }
int days_in(int m, int64_t y) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

// Go's time.ParseError fields, as the reference reads them.
struct ParseError {
  std::string layout_elem, value_elem, message;
};

bool digit_at(std::string_view s, size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; }

// time.getnum: one or two digits (two when `fixed`).
bool getnum(std::string_view& s, bool fixed, int& out) {
  if (!digit_at(s, 0)) return false;
  if (!digit_at(s, 1)) {
    if (fixed) return false;
    out = s[0] - '0';
    s.remove_prefix(1);
    return true;
  }
  out = (s[0] - '0') * 10 + (s[1] - '0');
  s.remove_prefix(2);
  return true;
}

// time.atoi: an optional sign, then digits only (none is zero).
bool go_atoi(std::string_view s, int64_t& out) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  uint64_t x = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    if (x > (uint64_t{1} << 63) / 10) return false;
    x = x * 10 + static_cast<uint64_t>(c - '0');
    if (x > (uint64_t{1} << 63)) return false;
  }
  out = neg ? -static_cast<int64_t>(x) : static_cast<int64_t>(x);
  return true;
}

// time.Parse(time.RFC3339, s), step by step: "2006" "-" "01" "-" "02" "T" "15" ":" "04" ":" "05"
// "Z07:00".
cty::Expected<Timestamp, ParseError> parse_rfc3339(std::string_view value) {
  Timestamp t;
  auto literal = [&](char c) -> std::optional<ParseError> {
    if (value.empty() || value[0] != c) return ParseError{std::string(1, c), std::string(value), ""};
    value.remove_prefix(1);
    return std::nullopt;
  };
  auto bad = [&](const char* elem) { return cty::unexpected(ParseError{elem, std::string(value), ""}); };
  auto range = [&](const char* elem, const char* what) {
    return cty::unexpected(ParseError{elem, std::string(value), std::string(": ") + what + " out of range"});
  };
  // Year: four characters starting with a digit.
  if (value.size() < 4 || !digit_at(value, 0)) return bad("2006");
  {
    std::string_view p = value.substr(0, 4);
    value.remove_prefix(4);
    if (!go_atoi(p, t.year)) return bad("2006");
  }
  if (auto e = literal('-')) return cty::unexpected(*e);
  if (!getnum(value, true, t.month)) return bad("01");
  if (t.month < 1 || t.month > 12) return range("01", "month");
  if (auto e = literal('-')) return cty::unexpected(*e);
  if (!getnum(value, true, t.day)) return bad("02");
  if (auto e = literal('T')) return cty::unexpected(*e);
  if (!getnum(value, false, t.hour)) return bad("15");
  if (t.hour >= 24) return range("15", "hour");
  if (auto e = literal(':')) return cty::unexpected(*e);
  if (!getnum(value, true, t.minute)) return bad("04");
  if (t.minute >= 60) return range("04", "minute");
  if (auto e = literal(':')) return cty::unexpected(*e);
  if (!getnum(value, true, t.second)) return bad("05");
  if (t.second >= 60) return range("05", "second");
  // A fractional second may follow although the layout has none (at most nine digits count).
  if (value.size() >= 2 && (value[0] == '.' || value[0] == ',') && digit_at(value, 1)) {
    size_t n = 2;
    while (digit_at(value, n)) ++n;
    std::string_view digits = value.substr(1, std::min<size_t>(n, 10) - 1);
    int64_t ns = 0;
    go_atoi(digits, ns);
    for (size_t i = digits.size(); i < 9; ++i) ns *= 10;
    t.nanos = ns;
    value.remove_prefix(n);
  }
  // "Z" or ±hh:mm.
  if (!value.empty() && value[0] == 'Z') {
    value.remove_prefix(1);
  } else {
    if (value.size() < 6 || value[3] != ':') return bad("Z07:00");
    char sign = value[0];
    std::string_view hh = value.substr(1, 2), mm = value.substr(4, 2);
    value.remove_prefix(6);
    int64_t h = 0, m = 0;
    if (!go_atoi(hh, h) || !go_atoi(mm, m) || (sign != '+' && sign != '-')) return bad("Z07:00");
    t.offset = static_cast<int>((h * 60 + m) * 60) * (sign == '-' ? -1 : 1);
  }
  if (!value.empty())
    return cty::unexpected(ParseError{"", std::string(value), ": extra text: " + util::go_quote(value)});
  if (t.day < 1 || t.day > days_in(t.month, t.year)) return cty::unexpected(ParseError{"", "", ": day out of range"});
  return t;
}

// Go's time.ParseError reworded, as cty's parseTimestamp does (`strict`: cty 1.16, which names
// the common hour and minute mistakes) or Terraform's copy of the older one (timecmp).
std::string describe_parse_error(const ParseError& e, bool strict) {
  if (e.layout_elem.empty() && e.value_elem.empty() && !e.message.empty())
    return "not a valid RFC3339 timestamp" + e.message;
  std::string what;
  const std::string& l = e.layout_elem;
  if (l == "2006") what = "year";
  else if (l == "01") what = "month";
  else if (l == "02") what = "day of month";
  else if (l == "15") what = "hour";
  else if (l == "04") what = "minute";
  else if (l == "05") what = "second";
  else if (l == "Z07:00") what = "UTC offset";
  else if (l == "T") return "not a valid RFC3339 timestamp: missing required time introducer 'T'";
  else if (l == ":" || l == "-") {
    if (e.value_elem.empty())
      return "not a valid RFC3339 timestamp: end of string where " + util::go_quote(l) + " is expected";
    return "not a valid RFC3339 timestamp: found " + util::go_quote(e.value_elem) + " where " + util::go_quote(l) +
           " is expected";
  } else {
    what = "timestamp segment";
  }
  if (e.value_elem.empty()) return "not a valid RFC3339 timestamp: end of string before " + what;
  if (strict) {
    // Go reports the text after a field that is out of range, hence these tests.
    if (what == "hour" && e.value_elem.find(':') != std::string::npos)
      return "not a valid RFC3339 timestamp: hour must be between 0 and 23 inclusive";
    if (what == "hour" && e.value_elem.size() != 2)
      return "not a valid RFC3339 timestamp: hour must have exactly two digits";
    if (what == "minute" && e.value_elem.size() != 2)
      return "not a valid RFC3339 timestamp: minute must have exactly two digits";
  }
  return "not a valid RFC3339 timestamp: cannot use " + util::go_quote(e.value_elem) + " as " + what;
}

// Terraform's parseTimestamp (timecmp): time.Parse's RFC3339 reading.
cty::Expected<Timestamp> parse_timestamp_lenient(std::string_view s) {
  auto t = parse_rfc3339(s);
  if (t) return *t;
  return cty::unexpected(describe_parse_error(t.error(), false));
}

// cty's parseRFC3339 (from Go 1.20's development): exactly RFC 3339, which time.Parse is not.
bool is_strict_rfc3339(std::string_view s) {
  auto number = [](std::string_view p, int64_t lo, int64_t hi) {
    int64_t x = 0;
    for (char c : p) {
      if (c < '0' || c > '9') return false;
      x = x * 10 + (c - '0');
    }
    return x >= lo && x <= hi;
  };
  if (s.size() < 19) return false;
  int64_t year = 0, month = 0;
  bool ok = number(s.substr(0, 4), 0, 9999) && number(s.substr(5, 2), 1, 12);
  if (ok) {
    go_atoi(s.substr(0, 4), year);
    go_atoi(s.substr(5, 2), month);
  }
  ok = ok && number(s.substr(8, 2), 1, days_in(static_cast<int>(month), year)) && number(s.substr(11, 2), 0, 23) &&
       number(s.substr(14, 2), 0, 59) && number(s.substr(17, 2), 0, 59);
  if (!ok || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':') return false;
  s.remove_prefix(19);
  if (s.size() >= 2 && s[0] == '.' && digit_at(s, 1)) {
    size_t n = 2;
    while (digit_at(s, n)) ++n;
    s.remove_prefix(n);
  }
  if (s == "Z") return true;
  return s.size() == 6 && (s[0] == '-' || s[0] == '+') && s[3] == ':' && number(s.substr(1, 2), 0, 23) &&
         number(s.substr(4, 2), 0, 59);
}

// cty's parseTimestamp (formatdate, timeadd): strict RFC 3339 since cty 1.13, explaining a
// failure with time.Parse's error or, where time.Parse accepts the text, the rule it broke.
cty::Expected<Timestamp> parse_timestamp(std::string_view s) {
  auto t = parse_rfc3339(s);
  if (is_strict_rfc3339(s)) return *t;
  if (!t) return cty::unexpected(describe_parse_error(t.error(), true));
  // time.Parse accepted it, so it has at least "2006-01-02T15:04:05" and a zone.
  auto num2 = [](std::string_view p) { return static_cast<uint8_t>(10 * (p[0] - '0') + (p[1] - '0')); };
  if (s[12] == ':') return cty::unexpected(describe_parse_error({"15", std::string(s.substr(11, 1)), ""}, true));
  if (s[19] == ',') return cty::unexpected(describe_parse_error({".", ",", ""}, true));
  if (s.back() != 'Z') {
    if (num2(s.substr(s.size() - 5)) >= 24 || num2(s.substr(s.size() - 2)) >= 60)
      return cty::unexpected(describe_parse_error({"Z07:00", std::string(s.substr(s.size() - 6)), ""}, true));
    // cty falls out of its checks here and returns Go's zero time without an error.
    return Timestamp{.year = 1, .month = 1, .day = 1};
  }
  return cty::unexpected(describe_parse_error({"2006-01-02T15:04:05Z07:00", std::string(s), ""}, true));
}

std::string pad(int64_t v, int width) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  if (static_cast<int>(digits.size()) < width) digits.insert(0, static_cast<size_t>(width) - digits.size(), '0');
  return v < 0 ? "-" + digits : digits;
}

// t.Format with "Z07:00", "-0700" or "-07:00".
std::string format_offset(int offset, bool z_for_utc, bool colon) {
  if (z_for_utc && offset == 0) return "Z";
  int zone = offset / 60;
  std::string out = zone < 0 ? "-" : "+";
  if (zone < 0) zone = -zone;
  out += pad(zone / 60, 2);
  if (colon) out += ':';
  out += pad(zone % 60, 2);
  return out;
}

// t.Format(time.RFC3339).
std::string format_rfc3339(const Timestamp& t) {
  return pad(t.year, 4) + "-" + pad(t.month, 2) + "-" + pad(t.day, 2) + "T" + pad(t.hour, 2) + ":" + pad(t.minute, 2) +
         ":" + pad(t.second, 2) + format_offset(t.offset, true, true);
}

bool date_verb_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

Result<std::string> format_date(std::string_view f, const Timestamp& t) {
  std::string out;
  size_t i = 0;
  auto verb_error = [](std::string_view tok, const std::string& why) {
    return fail_arg(0, "invalid date format verb " + util::go_quote(tok) + why);
  };
  while (i < f.size()) {
    size_t start = i;
    char c = f[i];
    if (c == '\'') {
      // A quoted literal: '' is a quote, and inside quotes '' is one quote.
      if (i + 1 < f.size() && f[i + 1] == '\'') {
        out += '\'';
        i += 2;
        continue;
      }
      size_t j = i + 1;
      bool closed = false;
      while (j < f.size()) {
        if (f[j] == '\'') {
          if (j + 1 < f.size() && f[j + 1] == '\'') {
            j += 2;
            continue;
          }
          closed = true;
          break;
        }
        ++j;
      }
      if (!closed) return fail_arg(0, "unterminated literal '");
      std::string_view raw = f.substr(i + 1, j - i - 1);
      for (size_t k = 0; k < raw.size(); ++k) {
        out += raw[k];
        if (raw[k] == '\'') ++k;
      }
      i = j + 1;
      continue;
    }
    if (!date_verb_start(c)) {
      while (i < f.size() && f[i] != '\'' && !date_verb_start(f[i])) ++i;
      out.append(f.substr(start, i - start));
      continue;
    }
    while (i < f.size() && f[i] == c) ++i;
    std::string_view tok = f.substr(start, i - start);
    size_t n = tok.size();
    switch (c) {
      case 'Y':
        if (n == 2) out += pad(((t.year % 100) + 100) % 100, 2);
        else if (n == 4) out += pad(t.year, 4);
        else return verb_error(tok, ": year must either be \"YY\" or \"YYYY\"");
        break;
      case 'M':
        if (n == 1) out += std::to_string(t.month);
        else if (n == 2) out += pad(t.month, 2);
        else if (n == 3) out += std::string(kMonthNames[t.month - 1]).substr(0, 3);
        else if (n == 4) out += kMonthNames[t.month - 1];
        else return verb_error(tok, ": month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"");
        break;
      case 'D':
        if (n == 1) out += std::to_string(t.day);
        else if (n == 2) out += pad(t.day, 2);
        else return verb_error(tok, ": day of month must either be \"D\" or \"DD\"");
        break;
      case 'E': {
        int64_t days = days_from_civil(t.year, t.month, t.day);
        int wd = static_cast<int>(((days % 7) + 7 + 4) % 7);  // 1970-01-01 was a Thursday
        if (n == 3) out += std::string(kWeekdayNames[wd]).substr(0, 3);
        else if (n == 4) out += kWeekdayNames[wd];
        else return verb_error(tok, ": day of week must either be \"EEE\" or \"EEEE\"");
        break;
      }
      case 'h':
        if (n == 1) out += std::to_string(t.hour);
        else if (n == 2) out += pad(t.hour, 2);
        else return verb_error(tok, ": 24-hour must either be \"h\" or \"hh\"");
        break;
      case 'H': {
        int h = t.hour % 12 == 0 ? 12 : t.hour % 12;
        if (n == 1) out += std::to_string(h);
        else if (n == 2) out += pad(h, 2);
        else return verb_error(tok, ": 12-hour must either be \"H\" or \"HH\"");
        break;
      }
      case 'A':
      case 'a':
        if (n != 2) return verb_error(tok, std::string(": must be \"") + c + c + "\"");
        out += t.hour < 12 ? (c == 'A' ? "AM" : "am") : (c == 'A' ? "PM" : "pm");
        break;
      case 'm':
        if (n == 1) out += std::to_string(t.minute);
        else if (n == 2) out += pad(t.minute, 2);
        else return verb_error(tok, ": minute must either be \"m\" or \"mm\"");
        break;
      case 's':
        if (n == 1) out += std::to_string(t.second);
        else if (n == 2) out += pad(t.second, 2);
        else return verb_error(tok, ": second must either be \"s\" or \"ss\"");
        break;
      case 'Z':
        if (n == 1) out += format_offset(t.offset, true, true);
        else if (n == 3) out += t.offset == 0 ? "UTC" : format_offset(t.offset, false, false);
        else if (n == 4) out += format_offset(t.offset, false, false);
        else if (n == 5) out += format_offset(t.offset, false, true);
        else return verb_error(tok, ": timezone must be Z, ZZZZ, or ZZZZZ");
        break;
      default: return verb_error(tok, "");
    }
  }
  return out;
}

// time's quote: non-ASCII and control bytes as \x escapes.
std::string time_quote(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80 || c < 0x20) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      if (c == '"' || c == '\\') out += '\\';
      out += ch;
    }
  }
  return out + "\"";
}

// time.ParseDuration, in nanoseconds.
cty::Expected<int64_t> parse_duration(std::string_view s) {
  const std::string orig = time_quote(s);
  auto invalid = [&] { return cty::unexpected("time: invalid duration " + orig); };
  constexpr uint64_t kLimit = uint64_t{1} << 63;
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return int64_t{0};
  if (s.empty()) return invalid();
  uint64_t d = 0;
  while (!s.empty()) {
    if (!(s[0] == '.' || (s[0] >= '0' && s[0] <= '9'))) return invalid();
    uint64_t v = 0;
    size_t i = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      if (v > kLimit / 10) return invalid();
      v = v * 10 + static_cast<uint64_t>(s[i] - '0');
      if (v > kLimit) return invalid();
    }
    bool pre = i > 0;
    s.remove_prefix(i);
    uint64_t f = 0;
    double scale = 1;
    bool post = false;
    if (!s.empty() && s[0] == '.') {
      s.remove_prefix(1);
      size_t k = 0;
      bool overflow = false;
      for (; k < s.size() && s[k] >= '0' && s[k] <= '9'; ++k) {
        if (overflow) continue;
        if (f > (kLimit - 1) / 10) {
          overflow = true;
          continue;
        }
        uint64_t y = f * 10 + static_cast<uint64_t>(s[k] - '0');
        if (y > kLimit) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      post = k > 0;
      s.remove_prefix(k);
    }
    if (!pre && !post) return invalid();
    size_t u = 0;
    while (u < s.size() && s[u] != '.' && !(s[u] >= '0' && s[u] <= '9')) ++u;
    if (u == 0) return cty::unexpected("time: missing unit in duration " + orig);
    std::string_view unit_name = s.substr(0, u);
    s.remove_prefix(u);
    uint64_t unit = 0;
    if (unit_name == "ns") unit = 1;
    else if (unit_name == "us" || unit_name == "\xC2\xB5s" || unit_name == "\xCE\xBCs") unit = 1000;
    else if (unit_name == "ms") unit = 1000000;
    else if (unit_name == "s") unit = 1000000000;
    else if (unit_name == "m") unit = 60000000000;
    else if (unit_name == "h") unit = 3600000000000;
    else return cty::unexpected("time: unknown unit " + time_quote(unit_name) + " in duration " + orig);
    if (v > kLimit / unit) return invalid();
    v *= unit;
    if (f > 0) {
      v += static_cast<uint64_t>(static_cast<double>(f) * (static_cast<double>(unit) / scale));
      if (v > kLimit) return invalid();
    }
    d += v;
    if (d > kLimit) return invalid();
  }
  if (neg) return static_cast<int64_t>(0 - d);
  if (d > kLimit - 1) return invalid();
  return static_cast<int64_t>(d);
}

}  // namespace

void add_datetime_functions(FunctionTable& table) {
  table.add({
      .name = "formatdate",
      .description =
          "Formats a timestamp given in RFC 3339 syntax into another timestamp in some other machine-oriented "
          "time syntax, as described in the format string.",
      .params = {string_param("format"), string_param("time")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto t = parse_timestamp(args[1].as_string());
        if (!t) return fail_arg(1, t.error());
        auto s = format_date(args[0].as_string(), *t);
        if (!s) return fail(s.error());
        return Value::string(*s);
      },
  });

  table.add({
      .name = "timeadd",
      .description = "Adds the duration represented by the given duration string to the given RFC 3339 timestamp "
                     "string, returning another RFC 3339 timestamp.",
      .params = {string_param("timestamp"), string_param("duration")},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto t = parse_timestamp(args[0].as_string());
        if (!t) return fail_call(t.error());
        auto d = parse_duration(args[1].as_string());
        if (!d) return fail_call(d.error());
        int64_t nanos = t->nanos + *d % 1000000000;
        int64_t secs = unix_seconds(*t) + *d / 1000000000 + floor_div(nanos, 1000000000);
        nanos -= floor_div(nanos, 1000000000) * 1000000000;
        return Value::string_nfc(format_rfc3339(from_unix(secs, nanos, t->offset)));
      },
  });

  table.add({
      .name = "timecmp",
      .description = "Compares two timestamps: -1 when the first is earlier, 1 when it is later, 0 when they are the "
                     "same moment.",
      .params = {string_param("timestamp_a"), string_param("timestamp_b")},
      .return_type = static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto a = parse_timestamp_lenient(args[0].as_string());
        if (!a) return fail_arg(0, a.error());
        auto b = parse_timestamp_lenient(args[1].as_string());
        if (!b) return fail_arg(1, b.error());
        int64_t sa = unix_seconds(*a), sb = unix_seconds(*b);
        int c = sa != sb ? (sa < sb ? -1 : 1) : (a->nanos != b->nanos ? (a->nanos < b->nanos ? -1 : 1) : 0);
        return Value::number(int64_t{c});
      },
  });

  // Impure: the current time, in UTC, to the second.
  table.add({
      .name = "timestamp",
      .description = "Returns the current date and time in RFC 3339 format, in UTC.",
      .params = {},
      .return_type = static_return(Type::string()),
      .impl = [](Args, const Type&) -> Result<Value> {
        auto now = std::chrono::system_clock::now();
        int64_t secs = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
        return Value::string_nfc(format_rfc3339(from_unix(secs, 0, 0)));
      },
  });
}

// ---- Packer's rfc3339_parse and unix_timestamp_parse ---------------------------------------------

namespace {

constexpr const char* kMonthNames[] = {"January", "February", "March",     "April",   "May",      "June",
                                       "July",    "August",   "September", "October", "November", "December"};
constexpr const char* kWeekdayNames[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};

// Go's time.Time fields of `t` (in its own offset): the calendar attributes both functions share.
std::vector<Value::Attribute> time_fields(const Timestamp& t) {
  int64_t days = days_from_civil(t.year, t.month, t.day);
  int weekday = static_cast<int>(((days % 7) + 11) % 7);  // 1970-01-01 was a Thursday (4)
  int yday = static_cast<int>(days - days_from_civil(t.year, 1, 1)) + 1;
  // ISO 8601 week: the week (Monday first) holding the year's first Thursday is week 1.
  int iso_weekday = weekday == 0 ? 7 : weekday;
  int64_t thursday = days - iso_weekday + 4;
  int64_t iso_year;
  int m, d;
  civil_from_days(thursday, iso_year, m, d);
  int iso_week = static_cast<int>((thursday - days_from_civil(iso_year, 1, 1)) / 7) + 1;
  return {{"year", Value::number(t.year)},
          {"year_day", Value::number(static_cast<int64_t>(yday))},
          {"day", Value::number(static_cast<int64_t>(t.day))},
          {"month", Value::number(static_cast<int64_t>(t.month))},
          {"month_name", Value::string(kMonthNames[t.month - 1])},
          {"weekday", Value::number(static_cast<int64_t>(weekday))},
          {"weekday_name", Value::string(kWeekdayNames[weekday])},
          {"hour", Value::number(static_cast<int64_t>(t.hour))},
          {"minute", Value::number(static_cast<int64_t>(t.minute))},
          {"second", Value::number(static_cast<int64_t>(t.second))},
          {"iso_year", Value::number(iso_year)},
          {"iso_week", Value::number(static_cast<int64_t>(iso_week))}};
}

Type time_fields_type(const char* extra, Type extra_type) {
  std::vector<std::pair<std::string, Type>> attrs;
  for (const auto& [name, v] : time_fields(Timestamp{.year = 1970})) attrs.emplace_back(name, v.type());
  attrs.emplace_back(extra, std::move(extra_type));
  return Type::object(std::move(attrs));
}

}  // namespace

void add_packer_time_functions(FunctionTable& table) {
  table.add({
      .name = "rfc3339_parse",
      .description = "Splits an RFC 3339 timestamp into its calendar fields, with its Unix time.",
      .params = {Param{.name = "timestamp", .type = Type::string()}},
      .return_type = static_return(time_fields_type("unix", Type::number())),
      .impl = [](Args args, const Type&) -> Result<Value> {
        std::string ts = args[0].as_string();
        std::string text = ts;
        // RFC 3339 allows a space between date and time; Packer accepts both.
        if (text.size() > 10 && text[10] == ' ') text[10] = 'T';
        auto t = parse_rfc3339(text);
        if (!t) return fail_arg(0, util::go_quote(ts) + " is not a valid RFC3339 timestamp");
        auto fields = time_fields(*t);
        fields.emplace_back("unix", Value::number(unix_seconds(*t)));
        return Value::object(std::move(fields));
      },
  });
  table.add({
      .name = "unix_timestamp_parse",
      .description = "Splits a Unix time (whole seconds) into its UTC calendar fields, with its RFC 3339 form.",
      .params = {Param{.name = "unix_timestamp", .type = Type::number()}},
      .return_type = static_return(time_fields_type("rfc3339", Type::string())),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto secs = args[0].as_number().to_int64();
        if (!secs)
          return fail_arg(0, "unix_timestamp must be a whole number of seconds representable as a 64-bit integer");
        Timestamp t = from_unix(*secs, 0, 0);
        auto fields = time_fields(t);
        fields.emplace_back("rfc3339", Value::string(format_rfc3339(t)));
        return Value::object(std::move(fields));
      },
  });
}

}  // namespace hcl::funcs
