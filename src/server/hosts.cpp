#include "server/hosts.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <charconv>

namespace wg::server {

namespace {

/// True for the characters of a host name or an IPv4 address (and '_', which some names use).
bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

std::string lower(std::string_view text) {
  std::string lowered(text);
  std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  });
  return lowered;
}

/// The IPv4 address `host` spells in dotted quad, if it is one.
std::optional<std::array<unsigned char, 4>> ipv4(const std::string& host) {
  std::array<unsigned char, 4> bytes{};
  if (inet_pton(AF_INET, host.c_str(), bytes.data()) != 1) return std::nullopt;
  return bytes;
}

/// The IPv6 address `host` ("[...]") spells, if it is one.
std::optional<in6_addr> ipv6(const std::string& host) {
  if (host.size() < 2 || host.front() != '[' || host.back() != ']') return std::nullopt;
  in6_addr address{};
  if (inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), &address) != 1) {
    return std::nullopt;
  }
  return address;
}

bool loopback(const std::string& host) {
  if (host == "localhost") return true;
  if (const auto v4 = ipv4(host)) return (*v4)[0] == 127;
  if (const auto v6 = ipv6(host)) return IN6_IS_ADDR_LOOPBACK(&*v6);
  return false;
}

bool address_literal(const std::string& host) {
  return ipv4(host).has_value() || ipv6(host).has_value();
}

}  // namespace

std::optional<Authority> parse_authority(std::string_view text) {
  Authority authority;
  std::string_view port;
  if (text.starts_with('[')) {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    authority.host = lower(text.substr(0, close + 1));
    if (!ipv6(authority.host)) return std::nullopt;
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return std::nullopt;
      port = rest.substr(1);
      if (port.empty()) return std::nullopt;
    }
  } else {
    const auto colon = text.find(':');
    authority.host = lower(text.substr(0, colon));
    if (authority.host.empty() ||
        !std::all_of(authority.host.begin(), authority.host.end(), name_char)) {
      return std::nullopt;
    }
    if (colon != std::string_view::npos) {
      port = text.substr(colon + 1);
      if (port.empty()) return std::nullopt;
    }
  }
  if (!port.empty()) {
    unsigned value = 0;
    const auto [end, problem] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (problem != std::errc() || end != port.data() + port.size() || value > 65535) {
      return std::nullopt;
    }
    authority.port = static_cast<std::uint16_t>(value);
  }
  return authority;
}

std::optional<std::string> host_name(std::string_view given) {
  // An IPv6 address given bare ("fe80::1") is compared as a Host header names it: bracketed.
  const bool bare_ipv6 =
      std::count(given.begin(), given.end(), ':') >= 2 && !given.starts_with('[');
  const std::string text = bare_ipv6 ? "[" + std::string(given) + "]" : std::string(given);
  const auto authority = parse_authority(text);
  if (!authority || authority->port) return std::nullopt;
  return authority->host;
}

bool every_interface(std::string_view address) {
  return address.empty() || address == "0" || address == "0.0.0.0" || address == "::" ||
         address == "[::]";
}

AllowedHosts::AllowedHosts(const std::vector<std::string>& names, bool any_address)
    : any_address_(any_address) {
  for (const std::string& given : names) {
    if (auto name = host_name(given)) names_.push_back(std::move(*name));
  }
}

bool AllowedHosts::allows(const Authority& authority) const {
  return loopback(authority.host) || (any_address_ && address_literal(authority.host)) ||
         std::find(names_.begin(), names_.end(), authority.host) != names_.end();
}

bool AllowedHosts::allows_host(std::string_view host) const {
  if (host.empty()) return true;
  const auto authority = parse_authority(host);
  return authority && allows(*authority);
}

bool AllowedHosts::allows_origin(std::string_view origin, std::string_view host,
                                 std::uint16_t port) const {
  constexpr std::string_view kScheme = "http://";
  if (!lower(origin.substr(0, kScheme.size())).starts_with(kScheme)) return false;
  const auto authority = parse_authority(origin.substr(kScheme.size()));
  if (!authority || !allows(*authority)) return false;
  std::uint16_t expected = port;
  if (expected == 0) {
    const auto named = parse_authority(host);
    if (!named) return false;
    expected = named->port.value_or(80);
  }
  return authority->port.value_or(80) == expected;
}

}  // namespace wg::server
