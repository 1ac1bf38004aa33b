// SPDX-License-Identifier: Apache-2.0
// Terraform's IP network functions (internal/lang/funcs/cidr.go): cidrhost, cidrnetmask,
// cidrsubnet, cidrsubnets.
//
// Users compare these results with what Terraform printed for the same configuration, so the
// three layers under Terraform's functions are reproduced as they behave, quirks included:
//  - Terraform's internal/ipaddr, a copy of Go's ParseCIDR from before Go 1.17: IPv4 octets with
//    leading zeros read as decimal ("010" is 10), hex groups of IPv6 addresses of any length
//    below 0xFFFFFF, an embedded IPv4 tail ("::ffff:1.2.3.4");
//  - Go's net.IP and net.IPNet: 4- and 16-byte addresses, IPv4-mapped IPv6 addresses printed as
//    IPv4, masks that follow the address's length, "<nil>" for a network without a mask;
//  - apparentlymart/go-cidr v1.1.0 (HostBig, SubnetBig, PreviousSubnet, NextSubnet) over Go's
//    math/big: host and network numbers of any size checked through their low 64 bits, bitwise
//    OR of negative numbers in two's complement, the all-zero address taken for a wrap-around
//    (why cidrsubnets refuses prefixes that start at 0.0.0.0 or ::, hashicorp/terraform#35486).
// Where that code panics (a number too wide for the address), cty reports the panic as the
// call's error; so does this file, without Go's stack trace.
#include <gmp.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cty/gocty.h"
#include "funcs/library.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// ---- math/big.Int ---------------------------------------------------------------------------

class BigInt {
 public:
  BigInt() { mpz_init(v_); }
  explicit BigInt(long v) { mpz_init_set_si(v_, v); }
  // An int64: long, mpz_init_set_si's argument, is 32 bits on WebAssembly.
  static BigInt of_int64(int64_t v) {
    BigInt out;
    uint64_t magnitude = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    mpz_import(out.v_, 1, -1, sizeof magnitude, 0, 0, &magnitude);
    if (v < 0) mpz_neg(out.v_, out.v_);
    return out;
  }
  BigInt(const BigInt& other) { mpz_init_set(v_, other.v_); }
  BigInt& operator=(const BigInt& other) {
    mpz_set(v_, other.v_);
    return *this;
  }
  ~BigInt() { mpz_clear(v_); }

  mpz_ptr get() { return v_; }
  mpz_srcptr get() const { return v_; }
  int sign() const { return mpz_sgn(v_); }
  int compare(const BigInt& other) const { return mpz_cmp(v_, other.v_); }

  // fmt's %d of a *big.Int.
  std::string text() const {
    std::string out(mpz_sizeinbase(v_, 10) + 2, '\0');
    mpz_get_str(out.data(), 10, v_);
    out.resize(std::char_traits<char>::length(out.c_str()));
    return out;
  }

 private:
  mpz_t v_;
};

// 1 << bits, minus one.
BigInt all_ones(unsigned long bits) {
  BigInt out;
  mpz_setbit(out.get(), bits);
  mpz_sub_ui(out.get(), out.get(), 1);
  return out;
}

// ---- Go's net.IP, net.IPMask and net.IPNet ----------------------------------------------------

// An address or a mask as Go holds it: 4 or 16 bytes, or none (nil).
using Bytes = std::vector<uint8_t>;

struct IPNet {
  Bytes ip;
  Bytes mask;
};

constexpr std::array<uint8_t, 12> kV4InV6Prefix = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

bool has_v4_prefix(const Bytes& ip) {
  return ip.size() == 16 && std::equal(kV4InV6Prefix.begin(), kV4InV6Prefix.end(), ip.begin());
}

// net.IPv4(a, b, c, d): the 16-byte form.
Bytes ipv4(const std::array<uint8_t, 4>& p) {
  Bytes out(16, 0);
  out[10] = out[11] = 0xff;
  for (size_t i = 0; i < 4; ++i) out[12 + i] = p[i];
  return out;
}

// IP.To4.
Bytes to4(const Bytes& ip) {
  if (ip.size() == 4) return ip;
  if (has_v4_prefix(ip)) return Bytes(ip.begin() + 12, ip.end());
  return {};
}

// go-cidr's checkIPv4: the 4-byte form of an IPv4 address, anything else unchanged.
Bytes check_ipv4(const Bytes& ip) {
  Bytes v4 = to4(ip);
  return v4.empty() ? ip : v4;
}

// net.CIDRMask. Go's int is 64 bits; `ones` may be any value a computation produced.
Bytes cidr_mask(int64_t ones, int64_t bits) {
  if (bits != 32 && bits != 128) return {};
  if (ones < 0 || ones > bits) return {};
  Bytes m(static_cast<size_t>(bits / 8));
  int64_t n = ones;
  for (auto& b : m) {
    if (n >= 8) {
      b = 0xff;
      n -= 8;
    } else {
      b = static_cast<uint8_t>(~(0xff >> n));
      n = 0;
    }
  }
  return m;
}

// IP.Mask: nil when the lengths cannot be reconciled.
Bytes mask_ip(Bytes ip, Bytes mask) {
  if (mask.size() == 16 && ip.size() == 4 &&
      std::all_of(mask.begin(), mask.begin() + 12, [](uint8_t b) { return b == 0xff; }))
    mask.erase(mask.begin(), mask.begin() + 12);
  if (mask.size() == 4 && has_v4_prefix(ip)) ip.erase(ip.begin(), ip.begin() + 12);
  if (ip.size() != mask.size()) return {};
  for (size_t i = 0; i < ip.size(); ++i) ip[i] &= mask[i];
  return ip;
}

// IP.Equal.
bool ip_equal(const Bytes& a, const Bytes& b) {
  if (a.size() == b.size()) return a == b;
  if (a.size() == 4 && has_v4_prefix(b)) return std::equal(a.begin(), a.end(), b.begin() + 12);
  if (b.size() == 4 && has_v4_prefix(a)) return std::equal(b.begin(), b.end(), a.begin() + 12);
  return false;
}

const Bytes& ipv4_zero() {
  static const Bytes z = ipv4({0, 0, 0, 0});
  return z;
}
const Bytes& ipv6_zero() {
  static const Bytes z(16, 0);
  return z;
}

// The number of leading ones of a mask made of ones then zeros; -1 for any other mask.
int simple_mask_length(const Bytes& m) {
  int n = 0;
  for (size_t i = 0; i < m.size(); ++i) {
    uint8_t v = m[i];
    if (v == 0xff) {
      n += 8;
      continue;
    }
    while (v & 0x80) {
      ++n;
      v = static_cast<uint8_t>(v << 1);
    }
    if (v != 0) return -1;
    for (++i; i < m.size(); ++i)
      if (m[i] != 0) return -1;
    break;
  }
  return n;
}

// IPMask.Size: (ones, bits), (0, 0) for a non-canonical mask.
std::pair<int, int> mask_size(const Bytes& m) {
  int ones = simple_mask_length(m);
  if (ones == -1) return {0, 0};
  return {ones, static_cast<int>(m.size() * 8)};
}

std::string hex_string(const Bytes& b) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint8_t c : b) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

// IP.String: dotted decimal for IPv4 (mapped ones included), RFC 5952 text for IPv6 (the first
// longest run of two or more zero groups becomes "::"), "<nil>" for no address.
std::string ip_string(const Bytes& ip) {
  if (ip.empty()) return "<nil>";
  Bytes v4 = to4(ip);
  if (v4.size() == 4) {
    std::string out;
    for (size_t i = 0; i < 4; ++i) {
      if (i > 0) out += '.';
      out += std::to_string(v4[i]);
    }
    return out;
  }
  if (ip.size() != 16) return std::string("?").append(hex_string(ip));
  int run_start = -1, run_end = -1;
  for (int i = 0; i < 16; i += 2) {
    int j = i;
    while (j < 16 && ip[j] == 0 && ip[j + 1] == 0) j += 2;
    if (j > i && j - i > run_end - run_start) {
      run_start = i;
      run_end = j;
      i = j;
    }
  }
  if (run_end - run_start <= 2) run_start = run_end = -1;
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 16; i += 2) {
    if (i == run_start) {
      out += "::";
      i = run_end;
      if (i >= 16) break;
    } else if (i > 0) {
      out += ':';
    }
    unsigned group = (unsigned{ip[i]} << 8) | ip[i + 1];
    bool started = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
      unsigned d = (group >> shift) & 15;
      if (d != 0 || started || shift == 0) {
        out += digits[d];
        started = true;
      }
    }
  }
  return out;
}

// networkNumberAndMask: the network's address (4 bytes when it is IPv4) and the matching mask;
// false when they do not fit together.
bool network_number_and_mask(const IPNet& n, Bytes& ip, Bytes& m) {
  ip = to4(n.ip);
  if (ip.empty()) {
    ip = n.ip;
    if (ip.size() != 16) return false;
  }
  m = n.mask;
  if (m.size() == 4) {
    if (ip.size() != 4) return false;
  } else if (m.size() == 16) {
    if (ip.size() == 4) m.erase(m.begin(), m.begin() + 12);
  } else {
    return false;
  }
  return true;
}

// IPNet.String: the address as it is (not masked again) and the prefix length.
std::string ipnet_string(const IPNet& n) {
  Bytes ip, m;
  if (!network_number_and_mask(n, ip, m)) return "<nil>";
  int ones = simple_mask_length(m);
  if (ones == -1) return ip_string(ip) + "/" + hex_string(m);
  return ip_string(ip) + "/" + std::to_string(ones);
}

// IPNet.Contains.
bool ipnet_contains(const IPNet& n, Bytes ip) {
  Bytes nn, m;
  if (!network_number_and_mask(n, nn, m)) return false;
  if (Bytes v4 = to4(ip); !v4.empty()) ip = std::move(v4);
  if (ip.size() != nn.size()) return false;
  for (size_t i = 0; i < ip.size(); ++i)
    if ((nn[i] & m[i]) != (ip[i] & m[i])) return false;
  return true;
}

// ---- Terraform's internal/ipaddr: ParseCIDR as Go had it before 1.17 ---------------------------

constexpr int kBig = 0xFFFFFF;

// Decimal digits at the start of s: (value, digits read, ok).
struct Scanned {
  int value;
  size_t length;
  bool ok;
};

Scanned decimal_prefix(std::string_view s) {
  int n = 0;
  size_t i = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    n = n * 10 + (s[i] - '0');
    if (n >= kBig) return {kBig, i, false};
  }
  if (i == 0) return {0, 0, false};
  return {n, i, true};
}

Scanned hex_prefix(std::string_view s) {
  int n = 0;
  size_t i = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9') n = n * 16 + (c - '0');
    else if (c >= 'a' && c <= 'f') n = n * 16 + (c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') n = n * 16 + (c - 'A' + 10);
    else break;
    if (n >= kBig) return {0, i, false};
  }
  if (i == 0) return {0, i, false};
  return {n, i, true};
}

// Dotted decimal with exactly four parts; leading zeros are decimal.
std::optional<std::array<uint8_t, 4>> parse_ipv4(std::string_view s) {
  std::array<uint8_t, 4> p{};
  for (size_t i = 0; i < 4; ++i) {
    if (s.empty()) return std::nullopt;
    if (i > 0) {
      if (s[0] != '.') return std::nullopt;
      s.remove_prefix(1);
    }
    Scanned d = decimal_prefix(s);
    if (!d.ok || d.value > 0xFF) return std::nullopt;
    s.remove_prefix(d.length);
    p[i] = static_cast<uint8_t>(d.value);
  }
  if (!s.empty()) return std::nullopt;
  return p;
}

// RFC 4291 text: hex groups, at most one "::", optionally ending in dotted IPv4.
std::optional<Bytes> parse_ipv6(std::string_view s) {
  Bytes ip(16, 0);
  int ellipsis = -1;
  if (s.size() >= 2 && s[0] == ':' && s[1] == ':') {
    ellipsis = 0;
    s.remove_prefix(2);
    if (s.empty()) return ip;
  }
  int i = 0;
  while (i < 16) {
    Scanned h = hex_prefix(s);
    if (!h.ok || h.value > 0xFFFF) return std::nullopt;
    if (h.length < s.size() && s[h.length] == '.') {
      if (ellipsis < 0 && i != 12) return std::nullopt;
      if (i + 4 > 16) return std::nullopt;
      auto v4 = parse_ipv4(s);
      if (!v4) return std::nullopt;
      std::copy(v4->begin(), v4->end(), ip.begin() + i);
      s = {};
      i += 4;
      break;
    }
    ip[static_cast<size_t>(i)] = static_cast<uint8_t>(h.value >> 8);
    ip[static_cast<size_t>(i) + 1] = static_cast<uint8_t>(h.value);
    i += 2;
    s.remove_prefix(h.length);
    if (s.empty()) break;
    if (s[0] != ':' || s.size() == 1) return std::nullopt;
    s.remove_prefix(1);
    if (s[0] == ':') {
      if (ellipsis >= 0) return std::nullopt;
      ellipsis = i;
      s.remove_prefix(1);
      if (s.empty()) break;
    }
  }
  if (!s.empty()) return std::nullopt;
  if (i < 16) {
    if (ellipsis < 0) return std::nullopt;
    int n = 16 - i;
    for (int j = i - 1; j >= ellipsis; --j) ip[static_cast<size_t>(j + n)] = ip[static_cast<size_t>(j)];
    for (int j = ellipsis + n - 1; j >= ellipsis; --j) ip[static_cast<size_t>(j)] = 0;
  } else if (ellipsis >= 0) {
    return std::nullopt;  // "::" must stand for at least one group
  }
  return ip;
}

// ParseCIDR's network; the error is Terraform's whole message.
cty::Expected<IPNet> parse_cidr(std::string_view s) {
  auto fail = [&] { return cty::unexpected("invalid CIDR expression: invalid CIDR address: " + std::string(s)); };
  size_t slash = s.find('/');
  if (slash == std::string_view::npos) return fail();
  std::string_view addr = s.substr(0, slash), mask = s.substr(slash + 1);
  int iplen = 4;
  std::optional<Bytes> ip;
  if (auto v4 = parse_ipv4(addr)) {
    ip = ipv4(*v4);
  } else {
    iplen = 16;
    ip = parse_ipv6(addr);
  }
  Scanned d = decimal_prefix(mask);
  if (!ip || !d.ok || d.length != mask.size() || d.value > 8 * iplen) return fail();
  Bytes m = cidr_mask(d.value, 8 * iplen);
  return IPNet{mask_ip(*ip, m), m};
}

// ---- apparentlymart/go-cidr v1.1.0 -------------------------------------------------------------

// What a Go panic inside the function says (cty's PanicError, without the stack).
using Panic = std::string;
constexpr const char* kIndexPanic = "runtime error: index out of range [-1]";

// A host or network number as gocty hands it to go-cidr (a big.Int), held as
// sign * magnitude * 2^exponent with an odd magnitude: a number like 1e600000000 has few
// significant bits, and is written out in full only if a message prints it.
struct WholeNumber {
  int sign = 0;
  BigInt magnitude;
  uint64_t exponent = 0;

  static WholeNumber of(const BigInt& v) {
    WholeNumber n;
    n.sign = v.sign();
    if (n.sign == 0) return n;
    mpz_abs(n.magnitude.get(), v.get());
    n.exponent = mpz_scan1(n.magnitude.get(), 0);
    mpz_tdiv_q_2exp(n.magnitude.get(), n.magnitude.get(), n.exponent);
    return n;
  }

  // Bits of |x|; 0 for zero.
  uint64_t bit_length() const { return sign == 0 ? 0 : mpz_sizeinbase(magnitude.get(), 2) + exponent; }

  // big.Int.Uint64: the low 64 bits of |x|.
  uint64_t low_uint64() const {
    if (sign == 0 || exponent >= 64) return 0;
    BigInt low;
    mpz_mul_2exp(low.get(), magnitude.get(), exponent);
    // Two 32-bit halves: long, mpz_get_ui's result, is 32 bits on WebAssembly.
    uint64_t lo = mpz_get_ui(low.get()) & 0xffffffffu;
    mpz_tdiv_q_2exp(low.get(), low.get(), 32);
    return (static_cast<uint64_t>(mpz_get_ui(low.get()) & 0xffffffffu) << 32) | lo;
  }

  BigInt value() const {
    BigInt out;
    mpz_mul_2exp(out.get(), magnitude.get(), exponent);
    if (sign < 0) mpz_neg(out.get(), out.get());
    return out;
  }
};

// Numbers of at most this many bits are computed exactly; any larger one cannot fit in an
// address however it is shifted, so its outcome is known without writing it out.
constexpr uint64_t kExactBits = 1024;

BigInt ip_to_int(const Bytes& ip) {
  BigInt out;
  if (!ip.empty()) mpz_import(out.get(), ip.size(), 1, 1, 1, 0, ip.data());
  return out;
}

// intToIP: the magnitude's bytes, right-aligned; a magnitude wider than the address indexes
// before the start of Go's slice.
cty::Expected<Bytes, Panic> int_to_ip(const BigInt& v, int bits) {
  Bytes out(static_cast<size_t>(bits / 8), 0);
  if (v.sign() == 0) return out;
  size_t count = (mpz_sizeinbase(v.get(), 2) + 7) / 8;
  if (count > out.size()) return cty::Unexpected<Panic>{kIndexPanic};
  mpz_export(out.data() + (out.size() - count), &count, 1, 1, 1, 0, v.get());
  return out;
}

// insertNumIntoIP: ip | num << (address bits - prefix_len), with Go's wrapping int arithmetic
// for the shift. A result wider than the address is a panic: math/big first allocates the
// shifted number (nat.shl asks for its words plus shift/64 + 1, and Go refuses slices over 2^48
// bytes), then intToIP overruns.
cty::Expected<Bytes, Panic> insert_num_into_ip(const Bytes& ip, const WholeNumber& num, int64_t prefix_len) {
  int total_bits = static_cast<int>(ip.size() * 8);
  uint64_t shift = static_cast<uint64_t>(total_bits) - static_cast<uint64_t>(prefix_len);
  BigInt value = ip_to_int(ip);
  if (num.sign != 0) {
    constexpr uint64_t kMaxWords = (uint64_t{1} << 48) / 8;
    uint64_t words = (num.bit_length() + 63) / 64 + shift / 64 + 1;
    if (words > kMaxWords) return cty::Unexpected<Panic>{"runtime error: makeslice: len out of range"};
    if (words + 4 > kMaxWords) return cty::Unexpected<Panic>{"runtime error: makeslice: cap out of range"};
    // |num << shift| has at least bit_length + shift - 1 bits; ORing in an address of at most
    // 128 bits leaves a magnitude far wider than any address.
    if (shift > kExactBits || num.bit_length() > kExactBits) return cty::Unexpected<Panic>{kIndexPanic};
    BigInt shifted = num.value();
    mpz_mul_2exp(shifted.get(), shifted.get(), static_cast<mp_bitcnt_t>(shift));
    mpz_ior(value.get(), value.get(), shifted.get());
  }
  return int_to_ip(value, total_bits);
}

struct CidrError {
  bool panic = false;
  std::string message;
};

// HostBig.
cty::Expected<Bytes, CidrError> host(const IPNet& base, const WholeNumber& num) {
  auto [parent_len, addr_len] = mask_size(base.mask);
  BigInt max_host = all_ones(static_cast<unsigned long>(addr_len - parent_len));
  // A copy: lambdas cannot capture structured bindings before C++20's later revisions (clang 14).
  auto too_big = [prefix_len = parent_len](const BigInt& shown) {
    return cty::Unexpected<CidrError>{
        {false, "prefix of " + std::to_string(prefix_len) + " does not accommodate a host numbered " + shown.text()}};
  };
  WholeNumber host_num;
  if (num.sign < 0) {
    // Counted back from the end: -1 is the last host. The range check is on -num - 1.
    BigInt checked = num.value();
    mpz_neg(checked.get(), checked.get());
    mpz_sub_ui(checked.get(), checked.get(), 1);
    BigInt from_start;
    mpz_sub(from_start.get(), max_host.get(), checked.get());
    if (checked.compare(max_host) > 0) return too_big(from_start);
    host_num = WholeNumber::of(from_start);
  } else {
    // The range check reads the low 64 bits back as a signed int64: a wider number can pass.
    BigInt checked = BigInt::of_int64(static_cast<int64_t>(num.low_uint64()));
    if (checked.compare(max_host) > 0) return too_big(num.value());
    host_num = num;
  }
  // An IPv4-mapped network keeps its 16 bytes but is numbered as if it had 32 bits: the host
  // number lands 96 bits up, as go-cidr places it.
  int bit_length = to4(base.ip).empty() ? 128 : 32;
  auto ip = insert_num_into_ip(base.ip, host_num, bit_length);
  if (!ip) return cty::Unexpected<CidrError>{{true, ip.error()}};
  return *ip;
}

// SubnetBig.
cty::Expected<IPNet, CidrError> subnet(const IPNet& base, int64_t new_bits, const WholeNumber& num) {
  auto [parent_len, addr_len] = mask_size(base.mask);
  auto new_prefix_len = static_cast<int64_t>(static_cast<uint64_t>(parent_len) + static_cast<uint64_t>(new_bits));
  if (new_prefix_len > addr_len) {
    return cty::Unexpected<CidrError>{{false, "insufficient address space to extend prefix of " +
                                                  std::to_string(parent_len) + " by " + std::to_string(new_bits)}};
  }
  // 1 << newbits in uint64: zero from 64 bits on (and for negative newbits), so the limit wraps
  // to the largest uint64.
  auto shift = static_cast<uint64_t>(new_bits);
  uint64_t max_net = (shift < 64 ? uint64_t{1} << shift : 0) - 1;
  if (num.low_uint64() > max_net) {
    return cty::Unexpected<CidrError>{{false, "prefix extension of " + std::to_string(new_bits) +
                                                  " does not accommodate a subnet numbered " + num.value().text()}};
  }
  auto ip = insert_num_into_ip(base.ip, num, new_prefix_len);
  if (!ip) return cty::Unexpected<CidrError>{{true, ip.error()}};
  return IPNet{*ip, cidr_mask(new_prefix_len, addr_len)};
}

// Inc and Dec: the next and previous address, wrapping around.
Bytes increment(const Bytes& ip) {
  Bytes out = check_ipv4(ip);
  for (size_t j = out.size(); j-- > 0;)
    if (++out[j] > 0) break;
  return out;
}

Bytes decrement(const Bytes& ip) {
  Bytes out = check_ipv4(ip);
  for (size_t j = out.size(); j-- > 0;)
    if (--out[j] < 255) break;
  return out;
}

// AddressRange's last address: the network's address with every host bit set.
Bytes last_address(const IPNet& n) {
  auto [prefix_len, bits] = mask_size(n.mask);
  if (prefix_len == bits) return n.ip;
  BigInt v = ip_to_int(n.ip);
  int total = static_cast<int>(n.ip.size() * 8);
  if (total < prefix_len) return {};  // a mask longer than its address: never built here
  BigInt host_bits = all_ones(static_cast<unsigned long>(total - prefix_len));
  mpz_ior(v.get(), v.get(), host_bits.get());
  auto out = int_to_ip(v, total);
  return out ? *out : Bytes{};  // all host bits of a 4- or 16-byte address always fit
}

// PreviousSubnet (its wrap-around flag is ignored by Terraform).
IPNet previous_subnet(const IPNet& network, int64_t prefix_len) {
  Bytes start = check_ipv4(network.ip);
  Bytes mask = cidr_mask(prefix_len, static_cast<int64_t>(start.size() * 8));
  return IPNet{mask_ip(decrement(start), mask), mask};
}

// NextSubnet: the first subnet with the given prefix length after `current`, and whether the
// address after it wrapped around to zero (which also flags a subnet that starts at zero).
std::pair<IPNet, bool> next_subnet(const IPNet& current, int64_t prefix_len) {
  Bytes current_last = last_address(current);
  Bytes mask = cidr_mask(prefix_len, static_cast<int64_t>(current_last.size() * 8));
  Bytes last = increment(last_address(IPNet{mask_ip(current_last, mask), mask}));
  IPNet next{mask_ip(last, mask), mask};
  bool rollover = ip_equal(last, ipv4_zero()) || ip_equal(last, ipv6_zero());
  return {std::move(next), rollover};
}

// ---- Arguments --------------------------------------------------------------------------------

// gocty.FromCtyValue into a *big.Int: any finite whole number.
std::optional<WholeNumber> to_whole_number(const Number& n) {
  if (!n.is_integer()) return std::nullopt;
  WholeNumber out;
  if (n.is_zero()) return out;
  mpfr_t x;
  mpfr_init2(x, static_cast<mpfr_prec_t>(n.precision()));
  n.to_mpfr(x);
  BigInt mantissa;
  mpfr_exp_t e = mpfr_get_z_2exp(mantissa.get(), x);
  mpfr_clear(x);
  out = WholeNumber::of(mantissa);
  // x = mantissa * 2^e; a whole number's negative e is covered by the mantissa's trailing zeros.
  out.exponent = static_cast<uint64_t>(static_cast<int64_t>(out.exponent) + e);
  return out;
}

constexpr const char* kWholeNumber = "value must be a whole number";

Result<Value> fail_cidr(const CidrError& e) {
  return fail_call(e.panic ? "panic in function implementation: " + e.message : e.message);
}

}  // namespace

void add_network_functions(FunctionTable& table) {
  table.add({
      .name = "cidrhost",
      .description = "Computes the address of the host with the given number within an IP network prefix; a "
                     "negative number counts back from the end of the range.",
      .params = {Param{.name = "prefix", .type = Type::string()}, Param{.name = "hostnum", .type = Type::number()}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto hostnum = to_whole_number(args[1].as_number());
        if (!hostnum) return fail_call(kWholeNumber);
        auto network = parse_cidr(args[0].as_string());
        if (!network) return fail_call(network.error());
        auto ip = host(*network, *hostnum);
        if (!ip) return fail_cidr(ip.error());
        return Value::string_nfc(ip_string(*ip));
      },
  });

  table.add({
      .name = "cidrnetmask",
      .description = "Converts an IPv4 network prefix in CIDR notation into a dotted-decimal subnet mask.",
      .params = {Param{.name = "prefix", .type = Type::string()}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const std::string& prefix = args[0].as_string();
        auto network = parse_cidr(prefix);
        if (!network) return fail_call(network.error());
        if (to4(network->ip).empty()) return fail_call("IPv6 addresses cannot have a netmask: " + prefix);
        return Value::string_nfc(ip_string(network->mask));
      },
  });

  table.add({
      .name = "cidrsubnet",
      .description = "Computes the address of a subnet within an IP network prefix: the prefix extended by "
                     "newbits bits that hold netnum.",
      .params = {Param{.name = "prefix", .type = Type::string()}, Param{.name = "newbits", .type = Type::number()},
                 Param{.name = "netnum", .type = Type::number()}},
      .return_type = static_return(Type::string()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        int64_t newbits = 0;
        if (auto e = to_go_int(args[1].as_number(), newbits)) return fail_call(*e);
        auto netnum = to_whole_number(args[2].as_number());
        if (!netnum) return fail_call(kWholeNumber);
        auto network = parse_cidr(args[0].as_string());
        if (!network) return fail_call(network.error());
        auto result = subnet(*network, newbits, *netnum);
        if (!result) return fail_cidr(result.error());
        return Value::string_nfc(ipnet_string(*result));
      },
  });

  table.add({
      .name = "cidrsubnets",
      .description = "Computes consecutive subnet addresses within an IP network prefix, one per newbits "
                     "argument, each extending the prefix by that many bits.",
      .params = {Param{.name = "prefix", .type = Type::string()}},
      .variadic = Param{.name = "newbits", .type = Type::number()},
      .return_type = static_return(Type::list(Type::string())),
      .impl = [](Args args, const Type&) -> Result<Value> {
        auto network = parse_cidr(args[0].as_string());
        if (!network) return fail_arg(0, network.error());
        int start_prefix_len = mask_size(network->mask).first;
        if (args.size() == 1) return Value::empty_list(Type::string());

        int64_t first_length = 0;
        if (auto e = to_go_int(args[1].as_number(), first_length)) return fail_arg(1, *e);
        first_length =
            static_cast<int64_t>(static_cast<uint64_t>(first_length) + static_cast<uint64_t>(start_prefix_len));

        int address_bits = static_cast<int>(network->ip.size() * 8);
        IPNet current = previous_subnet(*network, first_length);
        std::vector<Value> subnets;
        for (size_t i = 1; i < args.size(); ++i) {
          int index = static_cast<int>(i);
          int64_t length = 0;
          if (auto e = to_go_int(args[i].as_number(), length)) return fail_arg(index, *e);
          if (length < 1) return fail_arg(index, "must extend prefix by at least one bit");
          // Terraform keeps each step within 32 bits so that 32-bit builds agree.
          if (length > 32) return fail_arg(index, "may not extend prefix by more than 32 bits");
          length += start_prefix_len;
          if (length > address_bits) {
            std::string protocol = address_bits == 32 ? "IPv4" : address_bits == 128 ? "IPv6" : "IP";
            return fail_arg(index, "would extend prefix to " + std::to_string(length) +
                                       " bits, which is too long for an " + protocol + " address");
          }
          auto [next, rollover] = next_subnet(current, length);
          if (rollover || !ipnet_contains(*network, next.ip)) {
            return fail_arg(index, "not enough remaining address space for a subnet with a prefix of " +
                                       std::to_string(length) + " bits after " + ipnet_string(current));
          }
          current = std::move(next);
          subnets.push_back(Value::string_nfc(ipnet_string(current)));
        }
        return Value::list(std::move(subnets));
      },
  });
}

}  // namespace hcl::funcs
